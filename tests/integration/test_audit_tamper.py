"""Someone who controls the database cannot rewrite the audit trail unnoticed (issue 13).

The attacker here has full SQL access (they recompute hashes, rewrite the head,
TRUNCATE), but neither the HMAC keyring nor the witness file, which live outside
the database.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from incidents import witness
from incidents.audit import GENESIS, append_audit, canonical_content, record_hash, verify_chain
from incidents.audit.keys import generate_line
from incidents.audit.witnessing import reset_process_state, witness_head
from incidents.choices import AuditEvent
from incidents.models import AuditRecord

NOW = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)
pytestmark = pytest.mark.django_db


@pytest.fixture
def outside(settings, tmp_path: Path):  # type: ignore[no-untyped-def]
    """A keyring and a signed witness file outside the database, as production configures them."""
    keys = tmp_path / "audit-keys"
    keys.write_text(generate_line("k1") + "\n")
    call_command("audit_keygen", "witness", str(tmp_path / "witness.key"))
    settings.RECOVERY_AUDIT_KEY_FILE = str(keys)
    settings.RECOVERY_AUDIT_WITNESS_FILE = str(tmp_path / "witness.jsonl")
    settings.RECOVERY_AUDIT_WITNESS_SIGNING_KEY = str(tmp_path / "witness.key")
    reset_process_state()
    yield tmp_path
    reset_process_state()


def _thirteen_approvals_witnessed() -> None:
    append_audit(event=AuditEvent.DETECTION, at=NOW, cluster="sim-a", node="gpu-a-003", pattern="xid:79")
    for i in range(13):
        append_audit(
            event=AuditEvent.APPROVAL,
            at=NOW + dt.timedelta(seconds=i),
            actor="otto",
            cluster="sim-a",
            recommendation_id=100 + i,
            action="drain_node gpu-a-003",
        )
    assert witness_head(NOW + dt.timedelta(minutes=1))


def _sql(statement: str, *params: object) -> None:
    with connection.cursor() as cur:
        cur.execute(statement, params)


def _rows() -> list[AuditRecord]:
    return list(AuditRecord.objects.order_by("seq"))


def _reforge(secret: bytes | None, key_id: str) -> None:
    """Re-attribute every approval to mallory and recompute the whole chain and its head, as an intruder would."""
    _sql("UPDATE incidents_auditrecord SET actor = 'mallory' WHERE event = 'approval'")
    prev = GENESIS
    for rec in _rows():
        rec.key_id = key_id
        new = record_hash(prev, rec, secret)
        _sql(
            "UPDATE incidents_auditrecord SET prev_hash = %s, hash = %s, key_id = %s WHERE seq = %s",
            prev,
            new,
            key_id,
            rec.seq,
        )
        prev = new
    _sql("UPDATE incidents_audithead SET hash = %s, key_id = %s WHERE id = 1", prev, key_id)


def test_records_are_hmacs_under_the_current_key_and_the_witness_agrees(outside) -> None:  # type: ignore[no-untyped-def]
    _thirteen_approvals_witnessed()
    last = _rows()[-1]
    assert last.key_id == "k1"
    assert last.hash != hashlib.sha256((last.prev_hash + canonical_content(last)).encode()).hexdigest()
    report = verify_chain()
    assert (report.ok, report.checked, report.witnessed) == (True, 14, 1)


def test_a_chain_reforged_without_the_key_fails_at_its_first_record(outside) -> None:  # type: ignore[no-untyped-def]
    _thirteen_approvals_witnessed()
    _reforge(b"a guess at the key", "k1")  # what the red team did, minus the key it no longer has
    with pytest.raises(CommandError, match=r"record seq 1 was altered \(HMAC under key 'k1' mismatch\)"):
        call_command("verify_audit")


def test_a_chain_downgraded_to_unkeyed_hashes_disagrees_with_the_witness(outside) -> None:  # type: ignore[no-untyped-def]
    _thirteen_approvals_witnessed()
    _reforge(None, "")  # plain SHA-256 and no key id, as records from before keys look
    report = verify_chain()  # the keyring's anchor (keyed from seq 1) refuses it before the witness does
    assert not report.ok and report.broken_seq == 1 and "re-forged as pre-key records" in report.problem


def test_a_chain_reforged_with_a_stolen_key_still_disagrees_with_the_witness(outside) -> None:  # type: ignore[no-untyped-def]
    _thirteen_approvals_witnessed()
    secret = Path(outside / "audit-keys").read_text().split()[1].encode()
    _reforge(secret, "k1")
    report = verify_chain()
    assert not report.ok and report.broken_seq == 14
    assert "not the one the witness saw" in report.problem and "re-forged" in report.problem


def test_a_truncated_chain_with_its_head_rewritten_fails(outside) -> None:  # type: ignore[no-untyped-def]
    _thirteen_approvals_witnessed()
    keep = _rows()[9]
    _sql("DELETE FROM incidents_auditrecord WHERE seq > 10")
    _sql("UPDATE incidents_audithead SET seq = %s, hash = %s WHERE id = 1", keep.seq, keep.hash)
    report = verify_chain()
    assert not report.ok
    assert report.problem.startswith("the chain ends at seq 10 but the witness saw seq 14")
    assert "cut off" in report.problem


def test_an_emptied_trail_fails(outside) -> None:  # type: ignore[no-untyped-def]
    _thirteen_approvals_witnessed()
    _sql("TRUNCATE incidents_auditrecord")
    _sql("UPDATE incidents_audithead SET seq = 0, hash = %s WHERE id = 1", GENESIS)
    with pytest.raises(CommandError, match="ends at seq 0 but the witness saw seq 14.*emptied"):
        call_command("verify_audit")


def test_an_edited_witness_line_fails_its_signature(outside) -> None:  # type: ignore[no-untyped-def]
    _thirteen_approvals_witnessed()
    path = outside / "witness.jsonl"
    path.write_text(path.read_text().replace('"seq":14', '"seq":13'))
    report = verify_chain()
    assert not report.ok and "bad signature" in report.problem


def test_a_third_party_checks_the_witness_with_only_the_public_key(outside) -> None:  # type: ignore[no-untyped-def]
    _thirteen_approvals_witnessed()
    argv = [
        sys.executable,
        "-m",
        "incidents.witness",
        str(outside / "witness.key.pub"),
        str(outside / "witness.jsonl"),
    ]
    done = subprocess.run(
        argv, capture_output=True, text=True, check=False, cwd=Path(__file__).resolve().parents[2]
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("witness OK: 1 signed lines; newest head seq 14")


def test_a_head_planted_in_the_database_is_not_witnessed(outside) -> None:  # type: ignore[no-untyped-def]
    _thirteen_approvals_witnessed()
    append_audit(event=AuditEvent.APPROVAL, at=NOW, actor="otto")
    _sql("UPDATE incidents_audithead SET hash = %s WHERE id = 1", "e" * 64)
    assert witness_head(NOW + dt.timedelta(minutes=2)) is False
    assert len(witness.read(outside / "witness.jsonl")) == 1


def test_a_rotated_key_is_recorded_and_old_records_still_verify(outside) -> None:  # type: ignore[no-untyped-def]
    _thirteen_approvals_witnessed()
    keys = outside / "audit-keys"
    keys.write_text(keys.read_text() + generate_line("k2") + "\n")
    append_audit(event=AuditEvent.APPROVAL, at=NOW, actor="otto")
    rotation, after = _rows()[-2:]
    assert (rotation.event, rotation.key_id, rotation.detail["from"], rotation.detail["to"]) == (
        "audit_key",
        "k2",
        "k1",
        "k2",
    )
    assert after.key_id == "k2"
    assert verify_chain().ok


def test_a_key_removed_from_the_keyring_names_the_record(outside, settings) -> None:  # type: ignore[no-untyped-def]
    _thirteen_approvals_witnessed()
    other = outside / "other-keys"
    other.write_text(generate_line("k9") + "\n")
    settings.RECOVERY_AUDIT_KEY_FILE = str(other)
    report = verify_chain()
    assert (
        not report.ok and report.problem == "record seq 1 names audit key 'k1', which is not in the keyring"
    )


def test_a_refusal_flood_writes_a_bounded_number_of_records(outside) -> None:  # type: ignore[no-untyped-def]
    for i in range(50):
        append_audit(
            event=AuditEvent.REFUSAL,
            at=NOW + dt.timedelta(seconds=i),
            actor="vera",
            action="set isolation autonomy",
        )
    refusals = AuditRecord.objects.filter(event=AuditEvent.REFUSAL, actor="vera")
    assert refusals.count() == 5
    assert refusals.order_by("seq").last().detail["further_refusals"] == "not recorded for 600 s"
    append_audit(event=AuditEvent.REFUSAL, at=NOW + dt.timedelta(minutes=11), actor="vera", action="again")
    assert refusals.count() == 6
