"""Trust on in the demo (issue 25): make demo's keys and witness, and the tamper story tried on them."""

from __future__ import annotations

import datetime as dt
import os
import stat
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from incidents.audit import GENESIS, append_audit, record_hash
from incidents.audit.witnessing import reset_process_state, witness_head
from incidents.choices import AuditEvent
from incidents.models import AuditRecord
from recovery_site.demo_trust import ensure_trust

NOW = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)


def test_the_demo_makes_an_audit_key_and_a_witness_key_once_and_turns_the_witness_on(tmp_path: Path) -> None:
    env: dict[str, str] = {}
    ensure_trust(tmp_path / "var", env, tmp_path / "var" / "recovery.sqlite3")
    keys, signing = Path(env["RECOVERY_AUDIT_KEY_FILE"]), Path(env["RECOVERY_AUDIT_WITNESS_SIGNING_KEY"])
    assert keys.parent == signing.parent == tmp_path / "var"
    assert env["RECOVERY_AUDIT_WITNESS_FILE"] == str(tmp_path / "var" / "audit-witness.jsonl")
    assert stat.S_IMODE(os.stat(keys).st_mode) == 0o600 and stat.S_IMODE(os.stat(signing).st_mode) == 0o600
    assert Path(f"{signing}.pub").exists()
    before = keys.read_text(), signing.read_bytes()
    ensure_trust(tmp_path / "var", {}, tmp_path / "var" / "recovery.sqlite3")
    assert (keys.read_text(), signing.read_bytes()) == before  # kept across runs


def test_a_witness_left_by_a_deleted_database_is_moved_aside(tmp_path: Path) -> None:
    var = tmp_path / "var"
    var.mkdir()
    (var / "audit-witness.jsonl").write_text('{"seq": 9}\n')
    told = ensure_trust(var, {}, var / "recovery.sqlite3")
    assert not (var / "audit-witness.jsonl").exists() and "moved aside" in told[0]


@pytest.fixture
def demo_trust(settings, tmp_path: Path):  # type: ignore[no-untyped-def]
    env: dict[str, str] = {}
    ensure_trust(tmp_path / "var", env, tmp_path / "var" / "recovery.sqlite3")
    for name, value in env.items():
        setattr(settings, name, value)
    reset_process_state()
    yield env
    reset_process_state()


def _sql(statement: str, *params: object) -> None:
    with connection.cursor() as cur:
        cur.execute(statement, params)


def _thirteen_approvals() -> None:
    for i in range(13):
        append_audit(
            event=AuditEvent.APPROVAL, at=NOW + dt.timedelta(seconds=i), actor="otto", action="drain"
        )
    assert witness_head(NOW + dt.timedelta(minutes=1))


@pytest.mark.django_db
def test_on_the_demo_a_chain_reforged_as_unkeyed_records_fails_even_without_the_witness(
    demo_trust, settings
) -> None:  # type: ignore[no-untyped-def]
    _thirteen_approvals()
    _sql("UPDATE incidents_auditrecord SET actor = 'vera'")
    prev = GENESIS
    for rec in AuditRecord.objects.order_by("seq"):
        rec.key_id = ""
        new = record_hash(prev, rec, None)
        _sql(
            "UPDATE incidents_auditrecord SET prev_hash=%s, hash=%s, key_id='' WHERE seq=%s",
            prev,
            new,
            rec.seq,
        )
        prev = new
    _sql("UPDATE incidents_audithead SET hash = %s, key_id = '' WHERE id = 1", prev)
    settings.RECOVERY_AUDIT_WITNESS_FILE = ""  # even with the witness switched off
    with pytest.raises(
        CommandError, match="record seq 1 carries no key id, but keyed records begin at seq 1"
    ):
        call_command("verify_audit")


@pytest.mark.django_db
def test_on_the_demo_a_cut_chain_and_an_emptied_witness_fail(demo_trust) -> None:  # type: ignore[no-untyped-def]
    _thirteen_approvals()
    keep = AuditRecord.objects.get(seq=5)
    _sql("DELETE FROM incidents_auditrecord WHERE seq > 5")
    _sql("UPDATE incidents_audithead SET seq = 5, hash = %s WHERE id = 1", keep.hash)
    Path(demo_trust["RECOVERY_AUDIT_WITNESS_FILE"]).write_text("")
    with pytest.raises(CommandError, match=r"audit-witness.jsonl is empty, but the chain holds 5 records"):
        call_command("verify_audit")
