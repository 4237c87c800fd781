"""Where keyed records begin is anchored outside the database, and the witness cannot be emptied or cut (issue 25).

The attacker has full SQL access and may write the witness file, but holds neither
the HMAC keyring nor the witness's signing key.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from incidents import witness
from incidents.audit import GENESIS, append_audit, record_hash, verify_chain
from incidents.audit.keys import generate_line
from incidents.audit.witnessing import reset_process_state, witness_head
from incidents.choices import AuditEvent
from incidents.models import AuditRecord

NOW = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)
pytestmark = pytest.mark.django_db


@pytest.fixture
def keyring_only(settings, tmp_path: Path):  # type: ignore[no-untyped-def]
    keys = tmp_path / "audit-keys"
    keys.write_text(generate_line("k1") + "\n")
    settings.RECOVERY_AUDIT_KEY_FILE = str(keys)
    settings.RECOVERY_AUDIT_WITNESS_FILE = ""
    reset_process_state()
    yield tmp_path
    reset_process_state()


@pytest.fixture
def outside(keyring_only, settings):  # type: ignore[no-untyped-def]
    call_command("audit_keygen", "witness", str(keyring_only / "witness.key"))
    settings.RECOVERY_AUDIT_WITNESS_FILE = str(keyring_only / "witness.jsonl")
    settings.RECOVERY_AUDIT_WITNESS_SIGNING_KEY = str(keyring_only / "witness.key")
    return keyring_only


def _approvals(n: int, start: int = 0) -> None:
    for i in range(start, start + n):
        append_audit(
            event=AuditEvent.APPROVAL,
            at=NOW + dt.timedelta(seconds=i),
            actor="otto",
            cluster="sim-a",
            recommendation_id=100 + i,
            action="drain_node gpu-a-003",
        )


def _sql(statement: str, *params: object) -> None:
    with connection.cursor() as cur:
        cur.execute(statement, params)


def _reforge_unkeyed() -> None:
    """Re-attribute approvals to vera and rebuild the whole chain as plain SHA-256 "pre-key" records."""
    _sql("UPDATE incidents_auditrecord SET actor = 'vera' WHERE event = 'approval'")
    prev = GENESIS
    for rec in AuditRecord.objects.order_by("seq"):
        rec.key_id = ""
        new = record_hash(prev, rec, None)
        _sql(
            "UPDATE incidents_auditrecord SET prev_hash = %s, hash = %s, key_id = '' WHERE seq = %s",
            prev,
            new,
            rec.seq,
        )
        prev = new
    _sql("UPDATE incidents_audithead SET hash = %s, key_id = '' WHERE id = 1", prev)


def test_a_chain_reforged_as_pre_key_records_fails_without_a_witness(keyring_only) -> None:  # type: ignore[no-untyped-def]
    _approvals(13)
    _reforge_unkeyed()
    with pytest.raises(
        CommandError, match=r"record seq 1 carries no key id, but keyed records begin at seq 1"
    ):
        call_command("verify_audit")


def test_pre_key_records_are_accepted_only_before_the_anchor(keyring_only) -> None:  # type: ignore[no-untyped-def]
    _approvals(5)
    _reforge_unkeyed()  # as an install from before keys looks: five plain SHA-256 records
    _approvals(3, start=5)  # the first keyed append records the key's arrival: seq 6 rotation, 7-9
    keys = keyring_only / "audit-keys"
    keys.write_text(keys.read_text() + "@keyed-from 6\n")
    report = verify_chain()
    assert report.ok and report.checked == 9
    assert report.notes == (
        "5 records from before audit keys (seq 1-5, before the keyring's anchor) are hash-chained only",
    )
    keys.write_text(keys.read_text().replace("@keyed-from 6", "@keyed-from 4"))
    report = verify_chain()
    assert not report.ok and report.broken_seq == 4 and "keyed records begin at seq 4" in report.problem


def test_audit_anchor_prints_where_keyed_records_begin(keyring_only, capsys) -> None:  # type: ignore[no-untyped-def]
    _approvals(2)
    _reforge_unkeyed()
    _approvals(1, start=2)
    call_command("audit_anchor")
    assert capsys.readouterr().out.strip().endswith("@keyed-from 3")


def _witnessed_twice() -> None:
    _approvals(5)
    assert witness_head(NOW + dt.timedelta(minutes=1))
    _approvals(5, start=5)
    assert witness_head(NOW + dt.timedelta(minutes=2))


def test_each_witness_line_chains_the_previous_one(outside) -> None:  # type: ignore[no-untyped-def]
    _witnessed_twice()
    first, second = (outside / "witness.jsonl").read_text().splitlines()
    assert '"prev":"' + witness.line_digest(first) + '"' in second
    assert verify_chain().ok


def test_an_emptied_witness_and_a_cut_chain_fail(outside) -> None:  # type: ignore[no-untyped-def]
    _witnessed_twice()
    keep = AuditRecord.objects.get(seq=3)
    _sql("DELETE FROM incidents_auditrecord WHERE seq > 3")
    _sql("UPDATE incidents_audithead SET seq = 3, hash = %s WHERE id = 1", keep.hash)
    (outside / "witness.jsonl").write_text("")
    with pytest.raises(CommandError, match=r"witness file .*witness.jsonl is empty, but"):
        call_command("verify_audit")


def test_a_missing_witness_file_fails(outside) -> None:  # type: ignore[no-untyped-def]
    _witnessed_twice()
    (outside / "witness.jsonl").unlink()
    report = verify_chain()
    assert not report.ok and "is missing" in report.problem


def test_dropping_the_newest_witness_lines_fails(outside) -> None:  # type: ignore[no-untyped-def]
    _witnessed_twice()
    path = outside / "witness.jsonl"
    path.write_text(path.read_text().splitlines()[0] + "\n")
    report = verify_chain()
    assert not report.ok
    assert "holds 1 line but the controller wrote 2" in report.problem


def test_dropping_a_middle_witness_line_fails(outside) -> None:  # type: ignore[no-untyped-def]
    _witnessed_twice()
    _approvals(1, start=10)
    assert witness_head(NOW + dt.timedelta(minutes=3))
    path = outside / "witness.jsonl"
    lines = path.read_text().splitlines()
    path.write_text(lines[0] + "\n" + lines[2] + "\n")
    report = verify_chain()
    assert not report.ok and "witness line 2 does not follow line 1" in report.problem


def test_a_witness_copy_from_the_journal_catches_a_cut_of_both(outside) -> None:  # type: ignore[no-untyped-def]
    _witnessed_twice()
    path = outside / "witness.jsonl"
    journal = outside / "journal.txt"
    journal.write_text(
        "".join(f"Dec 02 02:00:00 host recovery: audit head {ln}\n" for ln in path.read_text().splitlines())
    )
    # the attacker cuts the chain to seq 5, drops the witness's second line and fixes the head's bookkeeping
    keep = AuditRecord.objects.get(seq=5)
    _sql("DELETE FROM incidents_auditrecord WHERE seq > 5")
    _sql("UPDATE incidents_audithead SET seq = 5, hash = %s, witness_lines = 1 WHERE id = 1", keep.hash)
    path.write_text(path.read_text().splitlines()[0] + "\n")
    assert verify_chain().ok  # the file and the database agree with each other ...
    with pytest.raises(CommandError, match=r"the chain ends at seq 5 but the witness saw seq 10"):
        call_command("verify_audit", "--witness-copy", str(journal))  # ... but not with the journal
