"""Audit appends in batches (issue 14): one head lock per batch, each record still HMAC-chained.

Real PostgreSQL; the concurrent case uses real threads, each with its own connection.
"""

from __future__ import annotations

import datetime as dt
import threading
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from incidents.audit import append_audit, audit_batch, verify_chain
from incidents.audit.keys import generate_line
from incidents.audit.witnessing import reset_process_state, witness_head
from incidents.models import AuditHead, AuditRecord

NOW = dt.datetime(2026, 12, 1, 10, 0, tzinfo=dt.UTC)


@pytest.fixture
def outside(settings, tmp_path: Path):  # type: ignore[no-untyped-def]
    """A keyring and a signed witness file outside the database, as production configures them."""
    keys = tmp_path / "audit-keys"
    keys.write_text(generate_line("k1") + "\n")
    call_command("audit_keygen", "witness", str(tmp_path / "witness.key"))
    settings.RECOVERY_AUDIT_KEY_FILE = str(keys)
    settings.RECOVERY_AUDIT_WITNESS_FILE = str(tmp_path / "witness.jsonl")
    settings.RECOVERY_AUDIT_WITNESS_SIGNING_KEY = str(tmp_path / "witness.key")
    settings.RECOVERY_AUDIT_WITNESS_INTERVAL_S = 0
    reset_process_state()
    yield tmp_path
    reset_process_state()


def _sql(statement: str, *params: object) -> None:
    with connection.cursor() as cur:
        cur.execute(statement, params)


@pytest.mark.django_db
def test_a_batch_is_one_head_lock_one_insert_and_one_head_update(outside) -> None:  # type: ignore[no-untyped-def]
    """Given 40 appends inside one batch, then the batch writes them with one SELECT … FOR UPDATE
    of the head, one INSERT and one head UPDATE; seqs follow each other, each record links to
    the one before it, and verify_audit (with the witness) holds."""
    append_audit(event="detection", at=NOW, cluster="c0")  # a chain that already has a record
    with CaptureQueriesContext(connection) as q, transaction.atomic(), audit_batch():
        recs = [
            append_audit(event="verdict", at=NOW + dt.timedelta(seconds=i), cluster="c1", detail={"i": i})
            for i in range(40)
        ]
        assert all(r is not None and r.seq is None for r in recs)  # kept until the batch ends
    sql = [x["sql"] for x in q.captured_queries]
    assert sum(s.startswith('INSERT INTO "incidents_auditrecord"') for s in sql) == 1
    assert sum("FOR UPDATE" in s for s in sql) == 1
    assert sum(s.startswith('UPDATE "incidents_audithead"') for s in sql) == 1
    assert [r.seq for r in recs if r] == list(range(2, 42))
    stored = list(AuditRecord.objects.order_by("seq"))
    assert all(b.prev_hash == a.hash for a, b in zip(stored, stored[1:], strict=False))
    assert AuditHead.objects.get(pk=1).seq == 41
    assert witness_head(NOW)  # (commit callbacks do not run inside a test's transaction)
    report = verify_chain()
    assert report.ok and report.checked == 41 and report.witnessed == 1


@pytest.mark.django_db
def test_tampering_with_one_record_inside_a_batch_is_detected(outside) -> None:  # type: ignore[no-untyped-def]
    with transaction.atomic(), audit_batch():
        for i in range(10):
            append_audit(event="verdict", at=NOW, cluster="c1", detail={"i": i})
    _sql("UPDATE incidents_auditrecord SET detail = %s WHERE seq = 6", '{"i": 99}')
    with pytest.raises(CommandError, match="seq 6 was altered"):
        call_command("verify_audit")


@pytest.mark.django_db
def test_a_record_of_a_savepoint_that_rolled_back_is_not_written_and_an_error_discards_the_batch(
    outside,  # type: ignore[no-untyped-def]
) -> None:
    with transaction.atomic(), audit_batch():
        append_audit(event="detection", at=NOW, cluster="c1", action="kept 1")
        try:
            with transaction.atomic():
                append_audit(event="execution", at=NOW, cluster="c1", action="rolled back")
                raise RuntimeError("the action failed")
        except RuntimeError:
            pass
        with transaction.atomic():
            append_audit(event="execution", at=NOW, cluster="c1", action="kept 2")
    assert list(AuditRecord.objects.order_by("seq").values_list("seq", "action")) == [
        (1, "kept 1"),
        (2, "kept 2"),
    ]
    with pytest.raises(ValueError), transaction.atomic(), audit_batch():
        append_audit(event="detection", at=NOW, cluster="c1", action="never")
        raise ValueError("the tick failed")
    assert witness_head(NOW)  # a configured witness that never saw the chain fails verification (issue 25)
    assert AuditRecord.objects.count() == 2 and verify_chain().ok


@pytest.mark.django_db(transaction=True)
def test_a_batch_outside_a_transaction_is_refused() -> None:
    with pytest.raises(transaction.TransactionManagementError, match="belongs inside"), audit_batch():
        pass


@pytest.mark.django_db
def test_the_refusal_limit_holds_inside_a_batch(outside) -> None:  # type: ignore[no-untyped-def]
    with transaction.atomic(), audit_batch():
        for _ in range(12):
            append_audit(event="refusal", at=NOW, actor="viewer1", action="drain_node")
    rows = list(AuditRecord.objects.filter(event="refusal").order_by("seq"))
    assert len(rows) == 5
    assert witness_head(NOW)
    assert "further_refusals" in rows[-1].detail and verify_chain().ok


@pytest.mark.django_db(transaction=True)
def test_eight_writers_appending_batches_at_once_leave_one_verifiable_chain(outside) -> None:  # type: ignore[no-untyped-def]
    """Given 8 threads, each appending 10 batches of 15 records at the same moment, then the
    chain is one line of 1,200 records with no gap or fork, every writer's records are all
    there, and verify_audit holds."""
    writers, batches, size = 8, 10, 15
    barrier = threading.Barrier(writers)
    errors: list[BaseException] = []

    def write(w: int) -> None:
        try:
            barrier.wait()
            for b in range(batches):
                with transaction.atomic(), audit_batch():
                    for i in range(size):
                        append_audit(event="verdict", at=NOW, cluster=f"c{w}", detail={"b": b, "i": i})
        except BaseException as exc:  # noqa: BLE001 - reported by the main thread
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=write, args=(w,)) for w in range(writers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert errors == []
    seqs = list(AuditRecord.objects.order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, writers * batches * size + 1))
    for w in range(writers):
        assert AuditRecord.objects.filter(cluster=f"c{w}").count() == batches * size
    # a batch is contiguous in the chain: another writer's records never land inside it
    rows = list(AuditRecord.objects.order_by("seq").values_list("cluster", "detail"))
    for start in range(0, len(rows), size):
        assert len({(c, d["b"]) for c, d in rows[start : start + size]}) == 1
    report = verify_chain()
    assert report.ok and report.checked == writers * batches * size


@pytest.mark.django_db
def test_verify_reads_the_chain_in_bounded_chunks_by_seq(outside) -> None:  # type: ignore[no-untyped-def]
    """verify_audit walks the chain a chunk at a time (keyset on seq), never the whole table at
    once: 30 records in chunks of 7 are 5 reads of at most 7 rows and one that finds the end."""
    with transaction.atomic(), audit_batch():
        for i in range(30):
            append_audit(event="verdict", at=NOW, cluster="c1", detail={"i": i})
    assert witness_head(NOW)
    with CaptureQueriesContext(connection) as q:
        report = verify_chain(batch=7)
    reads = [x["sql"] for x in q.captured_queries if 'FROM "incidents_auditrecord"' in x["sql"]]
    assert report.ok and report.checked == 30
    assert len(reads) == 6 and all("LIMIT 7" in s and '"seq" >=' in s for s in reads)
