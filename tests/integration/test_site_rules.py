"""Site rules (issue 24) on PostgreSQL: versions, roles, audit, the what-if, the pages, the loop, the export.

A recorded job printed one line no rule knows and failed (``software``/``job_failed``, the line
listed on its incident). An admin makes a rule of that line; the what-if names the incident and
what the rule would have said; applying it writes version 1 and its audit record; the next tick's
pipeline (restored from a state saved before) applies it; an export carries it.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import re
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied
from django.utils.html import escape

from actions.evaluation.replay import build_pipeline, iter_events, load_scenario, replay
from actions.pipeline import Pipeline, PipelineConfig
from incidents import site_rules as services
from incidents.attribution.site_rules import RuleSet
from incidents.models import AuditRecord, Incident, SiteRule, SiteRuleVersion
from incidents.services import apply_incident_update, epoch_to_dt
from tests.unit.test_site_rules_replay import LINE, folder, records

pytestmark = pytest.mark.django_db

HTML_LINE = '9: [rank9]: FATAL <b>shard</b> 0042 checksum mismatch & "bad"'
NOW = dt.datetime(2027, 1, 15, 12, 0, tzinfo=dt.UTC)


def draft(**kw: Any) -> services.Draft:
    base: dict[str, Any] = {
        "pattern": "shard * checksum mismatch",
        "kind": "shard_checksum",
        "category": "node_failure",
        "blame": "node",
    }
    return services.Draft(**(base | kw))


def recorded_incident(cluster, tmp_path: Path, config: PipelineConfig | None = None) -> Incident:  # type: ignore[no-untyped-def]
    """The scenario replayed second by second, each tick's verdicts written as the loop writes them."""
    path = folder(tmp_path)
    pipeline, start = build_pipeline(load_scenario(path), config)
    tick: float | None = None
    for e in iter_events(path):
        t = start + float(e["t"])
        tick = math.floor(t) if tick is None else tick
        while tick < t:
            for upd in pipeline.feed((), tick):
                apply_incident_update(cluster, upd, epoch_to_dt(tick))
            tick += 1.0
        for upd in pipeline.feed(({**e, "t": t},), t):
            apply_incident_update(cluster, upd, epoch_to_dt(t))
    [incident] = Incident.objects.filter(cluster=cluster)
    return incident


def with_line(incident: Incident, line: str) -> Incident:
    incident.unexplained = [{**incident.unexplained[0], "line": line}]
    incident.save(update_fields=["unexplained"])
    return incident


# ------------------------------------------------------------------ the service


def test_an_admin_creates_version_one_and_the_trail_says_so(cluster, admin_user, tmp_path) -> None:  # type: ignore[no-untyped-def]
    incident = recorded_incident(cluster, tmp_path)
    row = services.create_rule(
        admin_user, draft(note="lustre OSS 7"), cluster=cluster, now=NOW, incident=incident
    )
    assert (row.version, row.enabled, row.created_by, row.from_incident_id) == (1, True, "ada", incident.pk)
    [audit] = AuditRecord.objects.filter(event="site_rule")
    assert (audit.actor, audit.action, audit.outcome, audit.cluster) == (
        "ada",
        f"create site rule #{row.rule_id}",
        "version 1",
        cluster.name,
    )
    assert audit.detail["rule"]["pattern"] == "shard * checksum mismatch"
    assert audit.incident_id == incident.pk
    assert services.rule_set_for(cluster) == RuleSet([row.value()])


@pytest.mark.parametrize("who", ["viewer", "operator"])
def test_a_non_admin_is_refused_nothing_is_written_and_the_refusal_is_audited(cluster, request, who) -> None:  # type: ignore[no-untyped-def]
    user = request.getfixturevalue(who)
    with pytest.raises(PermissionDenied):
        services.create_rule(user, draft(), cluster=cluster, now=NOW)
    assert not SiteRule.objects.exists()
    [refusal] = AuditRecord.objects.filter(event="refusal")
    assert (refusal.actor, refusal.action) == (user.username, "create site rule")


def test_bad_input_is_a_clear_error_and_writes_nothing(cluster, admin_user) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match="at least 4 literal characters"):
        services.create_rule(admin_user, draft(pattern="* *"), cluster=cluster, now=NOW)
    with pytest.raises(ValueError, match="blames the node has category"):
        services.create_rule(admin_user, draft(category="software"), cluster=cluster, now=NOW)
    assert not SiteRule.objects.exists() and not AuditRecord.objects.filter(event="site_rule").exists()


def test_each_change_is_a_new_version_and_the_old_ones_stay(cluster, admin_user) -> None:  # type: ignore[no-untyped-def]
    v1 = services.create_rule(admin_user, draft(), cluster=cluster, now=NOW)
    rule = v1.rule
    v2 = services.edit_rule(rule, admin_user, draft(category="network"), expected_version=1, now=NOW)
    v3 = services.set_enabled(rule, admin_user, False, expected_version=2, now=NOW + dt.timedelta(hours=1))
    assert [(v.version, v.category, v.enabled) for v in SiteRuleVersion.objects.filter(rule=rule)] == [
        (3, "network", False),
        (2, "network", True),
        (1, "node_failure", True),
    ]
    assert (v2.version, v3.version) == (2, 3)
    assert services.rule_set_for(cluster) == RuleSet()  # disabled: no longer in force
    assert services.rules_as_of(cluster, NOW) == RuleSet([v2.value()])  # what was in force then
    actions = list(
        AuditRecord.objects.filter(event="site_rule").order_by("seq").values_list("action", "outcome")
    )
    assert actions == [
        (f"create site rule #{rule.pk}", "version 1"),
        (f"edit site rule #{rule.pk}", "version 2"),
        (f"disable site rule #{rule.pk}", "version 3"),
    ]
    edit = AuditRecord.objects.get(event="site_rule", outcome="version 2")
    assert (edit.detail["before"]["category"], edit.detail["rule"]["category"]) == ("node_failure", "network")


def test_an_edit_from_a_stale_form_is_refused_and_writes_nothing(cluster, admin_user) -> None:  # type: ignore[no-untyped-def]
    rule = services.create_rule(admin_user, draft(), cluster=cluster, now=NOW).rule
    services.edit_rule(rule, admin_user, draft(kind="first_edit"), expected_version=1, now=NOW)
    with pytest.raises(services.RuleConflict, match="changed since you loaded it"):
        services.edit_rule(rule, admin_user, draft(kind="second_edit"), expected_version=1, now=NOW)
    assert SiteRuleVersion.objects.filter(rule=rule).count() == 2
    assert AuditRecord.objects.filter(event="site_rule").count() == 2


def test_a_cluster_gets_its_own_rules_first_then_the_global_ones_never_another_clusters(
    cluster, admin_user
) -> None:  # type: ignore[no-untyped-def]
    from monitoring.models import Cluster

    other = Cluster.objects.create(name="sim-b")
    glob = services.create_rule(admin_user, draft(kind="global_one"), cluster=None, now=NOW)
    mine = services.create_rule(admin_user, draft(kind="mine"), cluster=cluster, now=NOW)
    services.create_rule(admin_user, draft(kind="theirs"), cluster=other, now=NOW)
    assert [r.kind for r in services.rule_set_for(cluster).rules] == ["mine", "global_one"]
    assert [r.id for r in services.rule_set_for(cluster).rules] == [mine.rule_id, glob.rule_id]


# ------------------------------------------------------------------ what-if


def test_the_what_if_names_the_incident_and_what_the_rule_would_have_said(
    cluster, admin_user, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    incident = recorded_incident(cluster, tmp_path)
    assert (incident.category, incident.pattern) == ("software", "job_failed")
    [hit] = services.what_if(admin_user, draft().value(), cluster)
    assert hit.incident.pk == incident.pk and hit.decides
    assert hit.would_say == "node_failure, blames gpu-a-002 (was software, job_failed)"
    assert [u["line"] for u in hit.lines] == [LINE]
    assert services.what_if(admin_user, draft(pattern="no such line").value(), cluster) == []
    assert services.what_if(admin_user, draft(source="kernel").value(), cluster) == []


def test_the_what_if_says_a_built_in_verdict_stays(cluster, admin_user, tmp_path) -> None:  # type: ignore[no-untyped-def]
    incident = recorded_incident(cluster, tmp_path)
    Incident.objects.filter(pk=incident.pk).update(category="software", pattern="exception:KeyError")
    [hit] = services.what_if(admin_user, draft().value(), cluster)
    assert not hit.decides and hit.would_say.startswith("stays software (exception:KeyError)")


def test_only_admins_see_a_what_if(cluster, operator) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(PermissionDenied):
        services.what_if(operator, draft().value(), cluster)


# ------------------------------------------------------------------ the pages


def test_the_incident_offers_admins_a_rule_and_nobody_else(
    cluster, admin_user, operator, client, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    incident = recorded_incident(cluster, tmp_path)
    client.force_login(operator)
    assert "Make a site rule" not in client.get(f"/incidents/{incident.pk}/").content.decode()
    assert client.get(f"/rules/new/?incident={incident.pk}&line=0").status_code == 403
    client.force_login(admin_user)
    html = client.get(f"/incidents/{incident.pk}/").content.decode()
    assert f"/rules/new/?incident={incident.pk}&amp;line=0" in html


def test_the_form_is_prefilled_with_the_lines_template_escaped(cluster, admin_user, client, tmp_path) -> None:  # type: ignore[no-untyped-def]
    incident = with_line(recorded_incident(cluster, tmp_path), HTML_LINE)
    client.force_login(admin_user)
    html = client.get(f"/rules/new/?incident={incident.pk}&line=0").content.decode()
    pattern = 'FATAL <b>shard</b> * checksum mismatch & "bad"'
    assert f'value="{escape(pattern)}"' in html
    assert "<b>shard</b>" not in html


def _post(client, incident: Incident, **kw: str):  # type: ignore[no-untyped-def]
    data = {
        "incident": str(incident.pk),
        "scope": incident.cluster.name,
        "pattern": 'FATAL <b>shard</b> * checksum mismatch & "bad"',
        "kind": "shard_checksum",
        "category": "node_failure",
        "blame": "node",
        "source": "job",
        "action": "preview",
    } | kw
    return client.post("/rules/new/", data)


def test_preview_then_apply_writes_the_rule_the_admin_saw(cluster, admin_user, client, tmp_path) -> None:  # type: ignore[no-untyped-def]
    incident = with_line(recorded_incident(cluster, tmp_path), HTML_LINE)
    client.force_login(admin_user)
    preview = _post(client, incident)
    html = preview.content.decode()
    assert preview.status_code == 200 and not SiteRule.objects.exists()
    assert f'data-incident="{incident.pk}"' in html
    assert escape(HTML_LINE) in html and "<b>shard</b>" not in html
    assert "node_failure, blames gpu-a-002 (was software, job_failed)" in html
    previewed = re.search(r'name="previewed" value="([0-9a-f]+)"', html).group(1)  # type: ignore[union-attr]
    changed = _post(client, incident, action="apply", previewed=previewed, kind="other_kind")
    assert changed.status_code == 200 and not SiteRule.objects.exists()  # not what was previewed
    applied = _post(client, incident, action="apply", previewed=previewed)
    assert applied.status_code == 302 and applied["Location"] == "/rules/"
    [row] = SiteRuleVersion.objects.all()
    assert (row.pattern, row.from_incident_id, row.rule.cluster_id) == (
        'FATAL <b>shard</b> * checksum mismatch & "bad"',
        incident.pk,
        cluster.pk,
    )
    listing = client.get("/rules/").content.decode()
    assert escape(row.pattern) in listing and "<b>shard</b>" not in listing


def test_a_bad_field_reshows_the_form_with_what_was_typed(cluster, admin_user, client, tmp_path) -> None:  # type: ignore[no-untyped-def]
    incident = recorded_incident(cluster, tmp_path)
    client.force_login(admin_user)
    response = _post(client, incident, pattern="**", kind="typed_kind")
    html = response.content.decode()
    assert response.status_code == 400
    assert "Site rule not saved: the pattern needs at least 4 literal characters" in html
    assert 'value="typed_kind"' in html
    assert not SiteRule.objects.exists()


def test_an_operators_apply_is_403_and_changes_nothing(
    cluster, operator, admin_user, client, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    incident = recorded_incident(cluster, tmp_path)
    client.force_login(operator)
    assert _post(client, incident).status_code == 403
    assert _post(client, incident, action="apply", previewed="x").status_code == 403
    assert not SiteRule.objects.exists()
    rule = services.create_rule(admin_user, draft(), cluster=cluster, now=NOW).rule  # one to try to disable
    response = client.post(f"/rules/{rule.pk}/enabled/", {"expected_version": "1", "enabled": "0"})
    assert response.status_code == 403
    assert SiteRuleVersion.objects.filter(rule=rule).count() == 1
    assert services.rule_set_for(cluster) != RuleSet()


def test_an_admin_disables_from_the_list(cluster, admin_user, client) -> None:  # type: ignore[no-untyped-def]
    rule = services.create_rule(admin_user, draft(), cluster=cluster, now=NOW).rule
    client.force_login(admin_user)
    assert (
        client.post(f"/rules/{rule.pk}/enabled/", {"expected_version": "1", "enabled": "0"}).status_code
        == 302
    )
    assert services.rule_set_for(cluster) == RuleSet()
    html = client.get("/rules/").content.decode()
    assert "v2 <b>disabled</b>" in html and "2 versions" in html


# ------------------------------------------------------------------ the loop and the export


def test_the_next_tick_uses_the_rules_even_from_a_state_saved_before_them(
    cluster, admin_user, redis_ns
) -> None:  # type: ignore[no-untyped-def]
    from actions.loop import load_pipeline, save_pipeline
    from monitoring.detectors.schema import ClusterSpec

    save_pipeline(cluster, Pipeline(ClusterSpec(cluster.name, ("gpu-a-001",))))
    assert load_pipeline(cluster, source=None).config.site_rules == RuleSet()  # type: ignore[arg-type]
    row = services.create_rule(admin_user, draft(), cluster=cluster, now=NOW)
    assert load_pipeline(cluster, source=None).config.site_rules == RuleSet([row.value()])  # type: ignore[arg-type]
    save_pipeline(cluster, load_pipeline(cluster, source=None))  # type: ignore[arg-type]
    services.set_enabled(row.rule, admin_user, False, expected_version=1, now=NOW)
    assert load_pipeline(cluster, source=None).config.site_rules == RuleSet()  # type: ignore[arg-type]


def test_an_export_carries_the_rules_in_force_and_replays_to_their_verdict(
    cluster, admin_user, tmp_path, settings
) -> None:  # type: ignore[no-untyped-def]
    from actions.evaluation import recorded
    from actions.services import export
    from actions.services.record import record_dir

    row = services.create_rule(admin_user, draft(), cluster=cluster, now=NOW - dt.timedelta(days=365 * 10))
    config = PipelineConfig(site_rules=services.rule_set_for(cluster))
    incident = recorded_incident(cluster, tmp_path, config)
    assert (incident.category, incident.culprit_node) == ("node_failure", "gpu-a-002")
    assert incident.pattern == f"site_rule:{row.rule_id}.v1:shard_checksum"  # which version decided it
    # The recorder's own files on disk, one gzip member an hour as it writes them: the export reads them back.
    settings.RECOVERY_RECORD_DIR = str(tmp_path / "record")
    segments: dict[str, list[dict[str, Any]]] = {}
    for line in records():
        segments.setdefault(recorded.segment_name(float(line["t"])), []).append(line)
    where = record_dir(incident.cluster.name)
    where.mkdir(parents=True)
    for name, lines in segments.items():
        (where / name).write_bytes(recorded.encode(lines))
    out = export.export_folder(incident, tmp_path / "exported")
    assert json.loads((out / "scenario.json").read_text())["site_rules"] == [row.value().to_dict()]
    [replayed] = replay(out)["incidents"]
    assert (replayed["category"], replayed["culprit"]["node"]) == ("node_failure", "gpu-a-002")
