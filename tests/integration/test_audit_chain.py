"""The audit trail is append-only and any tampering shows in verify_audit."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from incidents.audit import append_audit, verify_chain
from incidents.models import AppendOnlyError, AuditRecord

NOW = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)
pytestmark = pytest.mark.django_db


def _three_records() -> list[AuditRecord]:
    return [
        append_audit(
            event="detection",
            at=NOW,
            cluster="sim-a",
            workload="4101",
            node="gpu-a-003",
            pattern="xid:79",
            attribution={"culprit_node": "gpu-a-003", "culprit_gpu": 3, "confidence": 0.93},
        ),
        append_audit(
            event="approval",
            at=NOW + dt.timedelta(seconds=5),
            actor="otto",
            cluster="sim-a",
            action="drain_node gpu-a-003",
        ),
        append_audit(
            event="execution",
            at=NOW + dt.timedelta(seconds=6),
            cluster="sim-a",
            outcome="succeeded",
            detail={"b": 2, "a": 1},
        ),
    ]


def test_it_chains_each_record_to_the_previous_one() -> None:
    a, b, c = _three_records()
    assert (a.seq, b.seq, c.seq) == (1, 2, 3)
    assert b.prev_hash == a.hash and c.prev_hash == b.hash
    assert verify_chain().ok and verify_chain().checked == 3


def test_verify_audit_command_reports_the_count(capsys: pytest.CaptureFixture[str]) -> None:
    _three_records()
    call_command("verify_audit")
    assert "3 records checked" in capsys.readouterr().out


def test_the_orm_refuses_to_update_or_delete_records() -> None:
    a, *_ = _three_records()
    a.outcome = "edited"
    with pytest.raises(AppendOnlyError):
        a.save()
    with pytest.raises(AppendOnlyError):
        a.delete()
    with pytest.raises(AppendOnlyError):
        AuditRecord.objects.filter(seq=1).update(outcome="x")
    with pytest.raises(AppendOnlyError):
        AuditRecord.objects.all().delete()


def _sql(statement: str, *params: object) -> None:
    with connection.cursor() as cur:
        cur.execute(statement, params)


def test_verify_audit_catches_an_edited_record() -> None:
    _three_records()
    _sql("UPDATE incidents_auditrecord SET outcome = %s WHERE seq = 2", "tampered")
    with pytest.raises(CommandError, match="seq 2 was altered"):
        call_command("verify_audit")


def test_verify_audit_catches_a_deleted_middle_record() -> None:
    _three_records()
    _sql("DELETE FROM incidents_auditrecord WHERE seq = 2")
    report = verify_chain()
    assert not report.ok and report.broken_seq == 2


def test_verify_audit_catches_deleted_newest_records() -> None:
    _three_records()
    _sql("DELETE FROM incidents_auditrecord WHERE seq = 3")
    report = verify_chain()
    assert not report.ok and "newest records deleted" in report.problem


def test_verify_audit_catches_an_inserted_record() -> None:
    a, b, c = _three_records()
    # A forged record squeezed in with a valid-looking hash of its own content.
    _sql("UPDATE incidents_auditrecord SET seq = seq + 1 WHERE seq = 3")
    _sql(
        "INSERT INTO incidents_auditrecord (seq, at, actor_type, actor, event, cluster, workload, node, pattern, attribution,"
        " action, outcome, detail, prev_hash, hash) VALUES (3, %s, 'user', 'mallory', 'approval', 'sim-a', '', '', '', '{}', '', '', '{}', %s, %s)",
        NOW,
        b.hash,
        "f" * 64,
    )
    report = verify_chain()
    assert not report.ok and report.broken_seq in (3, 4)


def test_hashes_do_not_depend_on_json_key_order() -> None:
    rec = append_audit(event="verdict", at=NOW, attribution={"z": 1, "a": {"y": 2, "b": 3}})
    stored = AuditRecord.objects.get(pk=rec.pk)
    assert stored.attribution == {"a": {"b": 3, "y": 2}, "z": 1}
    assert verify_chain().ok
