"""Clusters as code (apply twice changes nothing; --dry-run changes nothing) and API tokens shown once."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import yaml
from django.core.management import CommandError, call_command

from actions.models import ApiToken, AutonomyOverride
from incidents.audit import verify_chain
from incidents.models import AuditRecord, Silence
from monitoring.models import Cluster

pytestmark = pytest.mark.django_db
EXAMPLE = Path(__file__).resolve().parents[2] / "deploy" / "clusters.example.yaml"


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("apply", *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def snapshot() -> tuple[list, list, list, int]:  # type: ignore[type-arg]
    return (
        list(Silence.objects.order_by("id").values()),
        list(Cluster.objects.order_by("name").values()),
        list(
            AutonomyOverride.objects.order_by("id").values(
                "cluster__name", "scope", "target", "action_kind", "level"
            )
        ),
        AuditRecord.objects.count(),
    )


def test_applying_the_example_twice_changes_nothing_the_second_time(admin_user) -> None:  # type: ignore[no-untyped-def]
    first = run(str(EXAMPLE), "--as", "ada")
    assert first.splitlines()[0] == "+ cluster prod-a"
    assert "~ prod-a.isolation_autonomy: '' -> 'approve'" in first
    assert "+ prod-a override partition canary isolation: (inherit) -> auto" in first
    assert first.splitlines()[-1] == "applied: 1 cluster(s) changed, audited as ada"
    assert (
        "+ prod-a silence node gpu-a-007 2030-01-06T06:00:00+00:00 .. 2030-01-06T10:00:00+00:00: PSU swap (CHG-1234)"
        in first
    )
    assert list(
        Silence.objects.order_by("starts_at").values_list("node", "partition", "pattern", "created_by")
    ) == [
        ("gpu-a-007", "", "", "ada"),
        ("", "canary", "xid:", "ada"),
    ]
    assert AuditRecord.objects.filter(event="silence", actor="ada", outcome="silenced").count() == 2
    c = Cluster.objects.get(name="prod-a")
    assert (c.connection_mode, c.ssh_host, c.ssh_user, c.isolation_autonomy, c.max_drains_per_hour) == (
        "ssh",
        "login1.example.org",
        "recovery",
        "approve",
        4,
    )
    audit = AuditRecord.objects.get(action="apply clusters.example.yaml")
    assert (audit.actor, audit.outcome, audit.detail["changes"]["ssh_host"]) == (
        "ada",
        "created",
        ["", "login1.example.org"],
    )
    before = snapshot()
    assert run(str(EXAMPLE), "--as", "ada") == "no changes\n"
    assert snapshot() == before
    assert verify_chain().ok


def test_a_dry_run_prints_the_diff_and_changes_nothing(admin_user, tmp_path) -> None:  # type: ignore[no-untyped-def]
    run(str(EXAMPLE), "--as", "ada")
    spec = yaml.safe_load(EXAMPLE.read_text())
    spec["clusters"][0]["guardrails"]["max_drains_per_hour"] = 6
    spec["clusters"][0]["autonomy"]["overrides"] = []
    spec["clusters"][0]["autonomy"]["monitor_only"] = True
    spec["clusters"][0]["silences"][1]["reason"] = "driver upgrade, second try"
    changed = tmp_path / "clusters.yaml"
    changed.write_text(yaml.safe_dump(spec))
    before = snapshot()
    out = run(str(changed), "--as", "ada", "--dry-run")
    assert out.splitlines() == [
        "~ prod-a.max_drains_per_hour: 4 -> 6",
        "~ prod-a.monitor_only: False -> True",
        "- prod-a override partition canary isolation",
        "+ prod-a silence partition canary pattern xid: 2030-01-07T08:00:00+00:00 .. 2030-01-07T09:00:00+00:00: "
        "driver upgrade, second try",
        f"- prod-a silence #{Silence.objects.get(partition='canary').pk} partition canary pattern xid: "
        "2030-01-07T08:00:00+00:00 .. 2030-01-07T09:00:00+00:00: driver upgrade",
        "dry run: nothing changed",
    ]
    assert snapshot() == before
    run(str(changed), "--as", "ada")
    c = Cluster.objects.get(name="prod-a")
    assert (c.max_drains_per_hour, c.monitor_only) == (6, True)
    assert not AutonomyOverride.objects.exists()
    assert AuditRecord.objects.filter(action="back to monitor", actor="ada").count() == 1
    live = Silence.objects.filter(ended_early_at__isnull=True).order_by("starts_at")
    assert [s.reason for s in live] == ["PSU swap (CHG-1234)", "driver upgrade, second try"]
    ended = Silence.objects.get(ended_early_at__isnull=False)
    assert ended.reason == "driver upgrade"  # ended early, kept in the history
    assert AuditRecord.objects.filter(event="silence", actor="ada", outcome="ended").count() == 1
    before = snapshot()
    assert run(str(changed), "--as", "ada") == "no changes\n"
    assert snapshot() == before


def test_releasing_monitor_only_in_the_file_routes_what_the_switch_held(admin_user, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from django.utils import timezone

    from actions.choices import RecStatus
    from actions.models import Recommendation
    from actions.services.recommendations import sync_recommendations
    from incidents.models import Incident
    from monitoring.models import Node

    spec = yaml.safe_load(EXAMPLE.read_text())
    spec["clusters"][0]["autonomy"]["monitor_only"] = True
    held = tmp_path / "held.yaml"
    held.write_text(yaml.safe_dump(spec))
    run(str(held), "--as", "ada")
    cluster = Cluster.objects.get(name="prod-a")
    for n in range(1, 5):
        Node.objects.create(cluster=cluster, name=f"gpu-a-00{n}", partition="batch", state="MIXED")
    now = timezone.now()
    incident = Incident.objects.create(
        cluster=cluster, key="i-1", category="gpu_hardware", culprit_node="gpu-a-003", culprit_gpu=3,
        confidence=0.9, pattern="xid:79", jobs=[], detected_at=now,
    )  # fmt: skip
    sync_recommendations(incident, [{"action": "drain_node", "node": "gpu-a-003"}], now)
    drain = Recommendation.objects.get(incident=incident)
    assert drain.status == RecStatus.PROPOSED  # held by the switch

    spec["clusters"][0]["autonomy"]["monitor_only"] = False
    released = tmp_path / "released.yaml"
    released.write_text(yaml.safe_dump(spec))
    run(str(released), "--as", "ada")

    drain.refresh_from_db()
    assert drain.status == RecStatus.AWAITING_APPROVAL
    assert drain.transitions.last().actor == "ada"


def test_only_an_admin_may_apply_and_bad_files_say_where(operator, admin_user, tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(CommandError, match="--as otto: needs an active user with the admin role"):
        run(str(EXAMPLE), "--as", "otto")
    bad = tmp_path / "bad.yaml"
    bad.write_text("clusters:\n  - name: x\n    guardrails: {max_drains_per_hour: lots}\n")
    with pytest.raises(CommandError, match=r"clusters\[0\] \(x\): max_drains_per_hour='lots'"):
        run(str(bad), "--as", "ada")
    bad.write_text("clusters:\n  - name: x\n    autonomy: {default: yolo}\n")
    with pytest.raises(CommandError, match="autonomy='yolo'"):
        run(str(bad), "--as", "ada")
    bad.write_text("clusters:\n  - name: x\n    colour: blue\n")
    with pytest.raises(CommandError, match="unknown key 'colour'"):
        run(str(bad), "--as", "ada")
    assert not Cluster.objects.exists()
    assert not AuditRecord.objects.filter(action__startswith="apply").exists()


def test_bad_silences_say_where_and_a_past_one_is_skipped(admin_user, tmp_path) -> None:  # type: ignore[no-untyped-def]
    f = tmp_path / "c.yaml"
    f.write_text("clusters:\n  - name: y\n    silences: [{node: gpu-1}]\n")
    with pytest.raises(CommandError, match=r"clusters\[0\] \(y\).silences\[0\]: needs start, end and reason"):
        run(str(f), "--as", "ada")
    f.write_text(
        "clusters:\n  - name: y\n    silences: [{node: gpu-1, start: '2030-01-01T00:00:00', "
        "end: '2030-01-01T01:00:00Z', reason: x}]\n"
    )
    with pytest.raises(CommandError, match="needs a time zone"):
        run(str(f), "--as", "ada")
    f.write_text(
        "clusters:\n  - name: y\n    silences: [{node: gpu-1, start: '2020-01-01T00:00:00Z', "
        "end: '2020-01-01T01:00:00Z', reason: old}]\n"
    )
    err = io.StringIO()
    call_command("apply", str(f), "--as", "ada", stdout=io.StringIO(), stderr=err)
    assert (
        "clusters[0] (y).silences[0]: ended 2020-01-01T01:00:00+00:00, already over; skipped"
        in err.getvalue()
    )
    assert not Silence.objects.exists()


def test_a_token_is_shown_once_works_as_bearer_and_stops_working_when_revoked(client, operator) -> None:  # type: ignore[no-untyped-def]
    client.force_login(operator)
    response = client.post("/account/tokens/new/", {"name": "grafana"}, follow=True)
    raw = response.context["new_token"]
    assert raw.startswith("rcv_") and raw.encode() in response.content
    again = client.get("/account/tokens/")
    assert raw.encode() not in again.content  # shown once
    token = ApiToken.objects.get(user=operator)
    assert token.digest != raw and raw not in str(list(ApiToken.objects.values()))
    api = client.__class__()
    assert api.get("/api/incidents/", HTTP_AUTHORIZATION=f"Bearer {raw}").status_code == 200
    assert api.get("/api/incidents/", HTTP_AUTHORIZATION="Bearer rcv_nope").status_code == 401
    assert client.post(f"/account/tokens/{token.pk}/revoke/").status_code == 302
    assert api.get("/api/incidents/", HTTP_AUTHORIZATION=f"Bearer {raw}").status_code == 401
    assert list(
        AuditRecord.objects.filter(action__startswith="api token").values_list("event", "action", "actor")
    ) == [("api_token", "api token created", "otto"), ("api_token", "api token revoked", "otto")]


def test_nobody_revokes_someone_elses_token(client, operator, viewer) -> None:  # type: ignore[no-untyped-def]
    out = io.StringIO()
    call_command("create_token", "otto", "ci", stdout=out)
    raw = out.getvalue().strip()
    client.force_login(viewer)
    token = ApiToken.objects.get(user=operator)
    client.post(f"/account/tokens/{token.pk}/revoke/")
    token.refresh_from_db()
    assert token.revoked_at is None
    assert client.__class__().get("/api/incidents/", HTTP_AUTHORIZATION=f"Bearer {raw}").status_code == 200
