"""Site rules as code (issue 24: a catalog that learns where it lives, whatever the entry):
``manage.py site_rules export/apply/list``. An export applied back changes nothing; an edit in the file
is a new version with its what-if printed and its audit record; a stale file (the rule moved on since
it was exported), a bad field or a non-admin changes nothing at all, and says where.
"""

from __future__ import annotations

import datetime as dt
import io
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.core.management import CommandError, call_command

from incidents import site_rules as services
from incidents.models import AuditRecord, SiteRule, SiteRuleVersion
from tests.integration.test_site_rules import draft, recorded_incident

pytestmark = pytest.mark.django_db
NOW = dt.datetime(2027, 1, 15, 12, 0, tzinfo=dt.UTC)


def cmd(*args: str) -> str:
    out = io.StringIO()
    call_command("site_rules", *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def state() -> list[tuple[Any, ...]]:
    return sorted(
        SiteRuleVersion.objects.values_list("rule_id", "version", "pattern", "kind", "enabled", "note")
    )


def test_an_export_applied_back_changes_nothing_and_an_edit_is_a_new_audited_version(
    cluster, admin_user, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    incident = recorded_incident(cluster, tmp_path)
    services.create_rule(admin_user, draft(), cluster=cluster, now=NOW, incident=incident)
    services.create_rule(
        admin_user, draft(kind="other_rule", category="software", blame="job"), cluster=None, now=NOW
    )
    f = tmp_path / "rules.yaml"
    assert "exported 2 rule(s)" in cmd("export", str(f))
    before, audits = state(), AuditRecord.objects.count()
    assert "no changes" in cmd("apply", str(f), "--as", "ada")
    assert state() == before and AuditRecord.objects.count() == audits

    spec = yaml.safe_load(f.read_text())
    spec["site_rules"][0]["note"] = "checked with the storage team"
    spec["site_rules"][1]["enabled"] = False
    spec["site_rules"].append(
        {
            "pattern": "dataset shard * missing",
            "kind": "shard_missing",
            "category": "infrastructure",
            "blame": "infrastructure",
        }
    )
    f.write_text(yaml.safe_dump(spec))
    dry = cmd("apply", str(f), "--as", "ada", "--dry-run")
    assert "dry run: nothing changed" in dry and state() == before
    # the edited rule matches the recorded incident's line: the what-if says so before anything is written
    assert "edit site rule #" in dry and "would have matched 1 recorded incident(s)" in dry
    out = cmd("apply", str(f), "--as", "ada")
    assert "applied: 3 change(s), audited as ada" in out
    rows = {r.rule_id: r for r in SiteRuleVersion.objects.filter(version__gte=1).order_by("version")}
    first, second = (SiteRule.objects.get(pk=r["id"]) for r in spec["site_rules"][:2])
    assert (first.version, rows[first.pk].note) == (2, "checked with the storage team")
    assert (second.version, rows[second.pk].enabled) == (2, False)
    assert SiteRule.objects.count() == 3
    assert list(
        AuditRecord.objects.filter(event="site_rule").values_list("action", flat=True).order_by("seq")
    )[-3:] == [
        f"edit site rule #{first.pk}",
        f"disable site rule #{second.pk}",
        f"create site rule #{SiteRule.objects.order_by('-pk').first().pk}",
    ]
    # and what was applied exports back the same way
    cmd("export", str(f))
    assert "no changes" in cmd("apply", str(f), "--as", "ada")


def test_a_stale_file_a_bad_field_or_a_non_admin_changes_nothing(
    cluster, admin_user, operator, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    row = services.create_rule(admin_user, draft(), cluster=cluster, now=NOW)
    f = tmp_path / "rules.json"
    cmd("export", str(f))
    good = yaml.safe_load(f.read_text())
    # another admin edits the rule after the export: the file's version is stale
    services.edit_rule(row.rule, admin_user, draft(note="moved on"), expected_version=1, now=NOW)
    spec = yaml.safe_load(f.read_text())
    spec["site_rules"][0]["kind"] = "renamed"
    f.write_text(yaml.safe_dump(spec))
    before, audits = state(), AuditRecord.objects.count()
    with pytest.raises(
        CommandError, match=r"entry 1: site rule #\d+ is at version 2, the file was written from version 1"
    ):
        cmd("apply", str(f), "--as", "ada")
    bad_entries: list[tuple[dict[str, Any], str]] = [
        ({"pattern": "x", "kind": "quota_gone", "category": "software", "blame": "job"}, "entry 2: "),
        (
            {"pattern": "disk quota gone", "kind": "quota_gone", "category": "nonsense", "blame": "job"},
            "entry 2: ",
        ),
        (
            {
                "pattern": "disk quota gone",
                "kind": "quota_gone",
                "category": "software",
                "blame": "job",
                "scope": "no-such",
            },
            "no cluster named",
        ),
        (
            {
                "pattern": "disk quota gone",
                "kind": "quota_gone",
                "category": "software",
                "blame": "job",
                "colour": "red",
            },
            "unknown key",
        ),
        (
            {
                "pattern": "disk quota gone",
                "kind": "quota_gone",
                "category": "software",
                "blame": "job",
                "raises": "yes",
            },
            "'raises' must be",
        ),
    ]
    fresh = {"site_rules": [{**good["site_rules"][0], "version": 2, "note": "moved on"}]}
    for entry, words in bad_entries:
        f.write_text(yaml.safe_dump({"site_rules": fresh["site_rules"] + [entry]}))
        with pytest.raises(CommandError, match=words):
            cmd("apply", str(f), "--as", "ada")
    f.write_text(
        yaml.safe_dump({"site_rules": fresh["site_rules"] + [bad_entries[1][0] | {"category": "software"}]})
    )
    with pytest.raises(CommandError, match="needs an active user with the admin role"):
        cmd("apply", str(f), "--as", operator.username)
    f.write_text("site_rules: [oops")
    with pytest.raises(CommandError, match="not valid YAML or JSON"):
        cmd("apply", str(f), "--as", "ada")
    assert state() == before and AuditRecord.objects.count() == audits
    assert "v2 on  test" in cmd("list").replace(cluster.name, "test")
