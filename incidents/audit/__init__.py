"""The append-only, hash-chained audit trail.

Each record stores sha256(prev_hash + canonical JSON of its content). Canonical
JSON has sorted keys and fixed separators, so PostgreSQL's jsonb key order cannot
change a hash. The chain's head lives in its own row: appends lock it (serializing
writers so the chain never forks) and verification compares the last record with
it, so deleting the newest records shows as well as editing or inserting one.

Against someone who controls the database (issue 13): each hash is an HMAC under a
key kept outside it (incidents.audit.keys; the key's id is stored per record, so
keys rotate and the rotation is itself a record), and the head is witnessed
outside it (incidents.audit.witnessing): a chain cut short, emptied or rebuilt no
longer matches what the witness saw.

Batches (issue 14): inside ``with transaction.atomic(), audit_batch():`` appends are kept
and written together when the block ends, still inside the caller's transaction: one head
lock, one multi-row INSERT and one head UPDATE for the lot, each record still HMAC-chained
to the one before it (verify_audit sees no difference). The head lock is then held only
from that write to the commit, not for the whole transaction, so writers of different
clusters stop queueing behind each other's ticks.
"""

from __future__ import annotations

import datetime as dt
import hmac
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db import connection, transaction

from incidents.audit.hashing import (
    CHAIN_FIELDS,
    GENESIS,
    HashedRecord,
    canonical_content,
    normalise,
    record_hash,
)

__all__ = ["GENESIS", "append_audit", "audit_batch", "canonical_content", "record_hash", "verify_chain"]
from incidents.audit.keys import Keyring, keyring
from incidents.choices import ActorType, AuditEvent
from incidents.models import AuditHead, AuditRecord

SYSTEM_ACTOR = "controller"
# A viewer clicking a forbidden button in a loop must not fill the trail: at most this
# many refusal records per actor in the window; the last one says that more are dropped.
REFUSALS_PER_WINDOW = 5
REFUSAL_WINDOW = dt.timedelta(minutes=10)


def _refusal_suppressed(actor: str, at: dt.datetime, pending: int = 0) -> tuple[bool, bool]:
    """(drop this refusal, this is the last one recorded in the window); ``pending``: this
    actor's refusals already accepted into the batch being written."""
    recent = (
        pending
        + AuditRecord.objects.filter(
            event=AuditEvent.REFUSAL, actor=actor, at__gt=at - REFUSAL_WINDOW
        ).count()
    )
    return recent >= REFUSALS_PER_WINDOW, recent == REFUSALS_PER_WINDOW - 1


def _chain(head: AuditHead, rec: AuditRecord, ring: Keyring) -> AuditRecord:
    """Give ``rec`` the next seq and its HMAC over the head's hash; move the head (in memory)."""
    rec.seq, rec.prev_hash, rec.key_id = head.seq + 1, head.hash, ring.current
    rec.hash = record_hash(head.hash, rec, ring.secret(ring.current))
    head.seq, head.hash, head.key_id = rec.seq, rec.hash, rec.key_id
    return rec


def _link(head: AuditHead, rec: AuditRecord, ring: Keyring) -> AuditRecord:
    _chain(head, rec, ring)
    rec.save(force_insert=True)
    AuditHead.objects.filter(pk=1).update(seq=rec.seq, hash=rec.hash, key_id=rec.key_id)
    return rec


def _record_rotation(head: AuditHead, ring: Keyring, at: dt.datetime) -> None:
    if head.seq == 0 or head.key_id == ring.current:
        return
    old = head.key_id or "none (SHA-256 only)"
    _link(
        head,
        AuditRecord(
            at=at,
            actor_type=ActorType.SYSTEM,
            actor=SYSTEM_ACTOR,
            event=AuditEvent.AUDIT_KEY,
            action=f"audit key {old} -> {ring.current}"[:64],
            outcome="rotated",
            detail={"from": head.key_id, "to": ring.current, "keyring": ring.source},
        ),
        ring,
    )


def about_incident(incident: Any) -> dict[str, Any]:
    """The fields that place a record on an incident: its cluster, first job, culprit node, id, pattern."""
    return {
        "cluster": incident.cluster.name,
        "workload": (incident.jobs or [""])[0],
        "node": incident.culprit_node,
        "incident_id": incident.pk,
        "pattern": incident.pattern,
    }


class _Kept:
    """A record waiting in a batch. Registered as a (no-op) commit callback: Django drops the
    callbacks of a savepoint that rolls back, so a record whose savepoint rolled back while the
    batch went on is known to be gone with it, and is not written."""

    __slots__ = ("rec",)

    def __init__(self, rec: AuditRecord) -> None:
        self.rec = rec

    def __call__(self) -> None:
        pass


@dataclass
class _Batch:
    kept: list[_Kept] = field(default_factory=list)

    def records(self) -> list[AuditRecord]:
        alive = {id(func) for _, func, _ in connection.run_on_commit}
        return [k.rec for k in self.kept if id(k) in alive]


_local = threading.local()


def _current_batch() -> _Batch | None:
    batch: _Batch | None = getattr(_local, "batch", None)
    return batch


@contextmanager
def audit_batch() -> Iterator[None]:
    """Keep the appends made inside and write them together when the block ends (see the module).

    Use it inside the transaction the records belong to:
    ``with transaction.atomic(), audit_batch(): ...``. The records written are the ones the
    block appended, in order, and they commit or roll back with that transaction; one made
    inside a savepoint that rolled back (a nested ``atomic`` whose error was caught) is not
    written. An exception discards the batch. Nested batches join the outermost one. The
    returned records get their seq and hash when the batch is written.
    """
    if _current_batch() is not None:
        yield
        return
    if not connection.in_atomic_block:
        raise transaction.TransactionManagementError(
            "audit_batch() belongs inside the transaction its records commit with (transaction.atomic())"
        )
    batch = _Batch()
    _local.batch = batch
    try:
        yield
        _local.batch = None
        _write(batch.records())
    finally:
        _local.batch = None


def _write(records: list[AuditRecord]) -> list[AuditRecord]:
    """Chain and insert ``records`` under one head lock; refusals over the limit are dropped."""
    if not records:
        return []
    from incidents.audit.witnessing import witness_after_commit

    ring = keyring()
    with transaction.atomic():
        head, _ = AuditHead.objects.select_for_update().get_or_create(pk=1)
        _record_rotation(head, ring, records[0].at)
        kept: list[AuditRecord] = []
        refusals: dict[str, int] = {}
        for rec in records:
            if rec.event == AuditEvent.REFUSAL and rec.actor_type == ActorType.USER:
                pending = refusals.get(rec.actor, 0)
                drop, last = _refusal_suppressed(rec.actor, rec.at, pending)
                if drop:
                    continue
                refusals[rec.actor] = pending + 1
                if last:
                    rec.detail = {
                        **(rec.detail or {}),
                        "further_refusals": f"not recorded for {int(REFUSAL_WINDOW.total_seconds())} s",
                    }
            kept.append(_chain(head, rec, ring))
        if kept:
            AuditRecord.objects.bulk_create(kept, batch_size=1000)
            AuditHead.objects.filter(pk=1).update(seq=head.seq, hash=head.hash, key_id=head.key_id)
            witness_after_commit()
    return kept


def append_audit(
    *,
    event: str,
    at: dt.datetime,
    actor: str | None = None,
    cluster: str = "",
    workload: str = "",
    node: str = "",
    incident_id: int | None = None,
    recommendation_id: int | None = None,
    pattern: str = "",
    attribution: dict[str, Any] | None = None,
    action: str = "",
    outcome: str = "",
    detail: dict[str, Any] | None = None,
) -> AuditRecord | None:
    """Append one record to the chain. ``actor`` None means the controller itself.

    Returns None only for a refusal dropped by the per-actor limit. Inside
    :func:`audit_batch` the record is kept and written when the batch ends (a refusal
    over the limit is dropped then).
    """
    rec = AuditRecord(
        at=at,
        actor_type=ActorType.SYSTEM if actor is None else ActorType.USER,
        actor=SYSTEM_ACTOR if actor is None else actor,
        event=event,
        cluster=cluster[:64],
        workload=workload[:64],
        node=node[:128],
        incident_id=incident_id,
        recommendation_id=recommendation_id,
        pattern=pattern[:128],
        attribution=normalise(attribution),
        action=action[:64],
        outcome=outcome[:64],
        detail=normalise(detail),
    )
    batch = _current_batch()
    if batch is not None:
        kept_ = _Kept(rec)
        transaction.on_commit(kept_)
        batch.kept.append(kept_)
        return rec
    kept = _write([rec])
    return kept[0] if kept else None


@dataclass(frozen=True)
class ChainReport:
    checked: int
    ok: bool
    problem: str = ""
    broken_seq: int | None = None
    witnessed: int = 0  # witness lines compared with the chain
    notes: tuple[str, ...] = ()


def _check_record(rec: HashedRecord, prev_hash: str, ring: Keyring, keyed_seen: bool) -> str:
    """'' when the record holds, else what is wrong with it."""
    if rec.prev_hash != prev_hash:
        return f"record seq {rec.seq} does not link to its predecessor"
    if not rec.key_id:
        if keyed_seen:
            return f"record seq {rec.seq} carries no key id after authenticated records: re-forged without the key"
        if rec.seq >= ring.keyed_from:
            return (
                f"record seq {rec.seq} carries no key id, but keyed records begin at seq {ring.keyed_from} "
                f"(the anchor in {ring.source}): re-forged as pre-key records without the key"
            )
        secret = None
    else:
        secret = ring.secret(rec.key_id)
        if secret is None:
            return f"record seq {rec.seq} names audit key {rec.key_id!r}, which is not in the keyring"
    if not hmac.compare_digest(record_hash(prev_hash, rec, secret), rec.hash):
        what = "hash" if secret is None else f"HMAC under key {rec.key_id!r}"
        return f"record seq {rec.seq} was altered ({what} mismatch)"
    return ""


def _read_witness(copies: Sequence[Path]) -> tuple[list[Any], list[Any]]:
    from incidents.audit.witnessing import copy_lines, witness_lines

    return witness_lines(), copy_lines(list(copies))


def verify_chain(batch: int = 2000, witness_copies: Sequence[Path] = ()) -> ChainReport:
    """Walk the whole chain; report the first record that does not hold, then compare with the witness.

    ``witness_copies``: further copies of the witness lines (the host's journal), checked the same way.
    """
    from incidents.audit.witnessing import WitnessError, coverage_problem

    ring = keyring()
    try:
        witness, copies = _read_witness(witness_copies)
    except WitnessError as exc:
        return ChainReport(0, False, f"the witness file cannot be trusted: {exc}")
    seen: dict[int, list[Any]] = {}
    for w in witness + copies:
        seen.setdefault(w.seq, []).append(w)
    prev_hash, expected_seq, checked, legacy = GENESIS, 1, 0, 0
    while True:
        rows = list(
            AuditRecord.objects.filter(seq__gte=expected_seq)
            .order_by("seq")
            .values_list(*CHAIN_FIELDS, named=True)[:batch]
        )
        if not rows:
            break
        for rec in rows:
            if rec.seq != expected_seq:
                return ChainReport(
                    checked, False, f"record seq {expected_seq} is missing (next is {rec.seq})", expected_seq
                )
            problem = _check_record(rec, prev_hash, ring, keyed_seen=checked > legacy)
            if problem:
                return ChainReport(checked, False, problem, rec.seq)
            for w in seen.get(rec.seq, ()):
                if w.hash != rec.hash:
                    return ChainReport(
                        checked,
                        False,
                        f"record seq {rec.seq} is not the one the witness saw at {w.at} "
                        f"({w.where}): the chain was re-forged",
                        rec.seq,
                    )
            legacy += not rec.key_id
            prev_hash, expected_seq, checked = rec.hash, expected_seq + 1, checked + 1
    newest = max(witness + copies, key=lambda w: w.seq, default=None)
    if newest is not None and newest.seq > checked:
        what = "the trail was emptied" if checked == 0 else "newest records were cut off (head rewritten)"
        return ChainReport(
            checked,
            False,
            f"the chain ends at seq {checked} but the witness saw seq {newest.seq} at {newest.at} "
            f"({newest.where}): {what}",
            checked + 1,
            len(witness),
        )
    head = AuditHead.objects.filter(pk=1).first()
    head_seq, head_hash = (head.seq, head.hash) if head else (0, GENESIS)
    if head_seq != checked or head_hash != prev_hash:
        return ChainReport(
            checked,
            False,
            f"chain ends at seq {checked} but its head says seq {head_seq}: newest records deleted or head altered",
            checked + 1,
        )
    problem = coverage_problem(witness, copies, checked)
    if problem:
        return ChainReport(checked, False, problem, None, len(witness))
    notes = (
        [
            f"{legacy} records from before audit keys (seq 1-{legacy}, before the keyring's anchor) "
            "are hash-chained only"
        ]
        if legacy
        else []
    )
    return ChainReport(checked, True, witnessed=len(witness), notes=tuple(notes))
