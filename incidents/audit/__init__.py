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
"""

from __future__ import annotations

import datetime as dt
import hmac
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from incidents.audit.hashing import GENESIS, canonical_content, normalise, record_hash

__all__ = ["GENESIS", "append_audit", "canonical_content", "record_hash", "verify_chain"]
from incidents.audit.keys import Keyring, keyring
from incidents.choices import ActorType, AuditEvent
from incidents.models import AuditHead, AuditRecord

SYSTEM_ACTOR = "controller"
# A viewer clicking a forbidden button in a loop must not fill the trail: at most this
# many refusal records per actor in the window; the last one says that more are dropped.
REFUSALS_PER_WINDOW = 5
REFUSAL_WINDOW = dt.timedelta(minutes=10)


def _refusal_suppressed(actor: str, at: dt.datetime) -> tuple[bool, bool]:
    """(drop this refusal, this is the last one recorded in the window)."""
    recent = AuditRecord.objects.filter(
        event=AuditEvent.REFUSAL, actor=actor, at__gt=at - REFUSAL_WINDOW
    ).count()
    return recent >= REFUSALS_PER_WINDOW, recent == REFUSALS_PER_WINDOW - 1


def _link(head: AuditHead, rec: AuditRecord, ring: Keyring) -> AuditRecord:
    rec.seq, rec.prev_hash, rec.key_id = head.seq + 1, head.hash, ring.current
    rec.hash = record_hash(head.hash, rec, ring.secret(ring.current))
    rec.save(force_insert=True)
    head.seq, head.hash, head.key_id = rec.seq, rec.hash, rec.key_id
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

    Returns None only for a refusal dropped by the per-actor limit.
    """
    from incidents.audit.witnessing import witness_after_commit

    ring = keyring()
    with transaction.atomic():
        head, _ = AuditHead.objects.select_for_update().get_or_create(pk=1)
        if event == AuditEvent.REFUSAL and actor is not None:
            drop, last = _refusal_suppressed(actor, at)
            if drop:
                return None
            if last:
                detail = {
                    **(detail or {}),
                    "further_refusals": f"not recorded for {int(REFUSAL_WINDOW.total_seconds())} s",
                }
        _record_rotation(head, ring, at)
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
        _link(head, rec, ring)
        witness_after_commit()
    return rec


@dataclass(frozen=True)
class ChainReport:
    checked: int
    ok: bool
    problem: str = ""
    broken_seq: int | None = None
    witnessed: int = 0  # witness lines compared with the chain
    notes: tuple[str, ...] = ()


def _check_record(rec: AuditRecord, prev_hash: str, ring: Keyring, keyed_seen: bool) -> str:
    """'' when the record holds, else what is wrong with it."""
    if rec.prev_hash != prev_hash:
        return f"record seq {rec.seq} does not link to its predecessor"
    if not rec.key_id:
        if keyed_seen:
            return f"record seq {rec.seq} carries no key id after authenticated records: re-forged without the key"
        secret = None
    else:
        secret = ring.secret(rec.key_id)
        if secret is None:
            return f"record seq {rec.seq} names audit key {rec.key_id!r}, which is not in the keyring"
    if not hmac.compare_digest(record_hash(prev_hash, rec, secret), rec.hash):
        what = "hash" if secret is None else f"HMAC under key {rec.key_id!r}"
        return f"record seq {rec.seq} was altered ({what} mismatch)"
    return ""


def verify_chain(batch: int = 2000) -> ChainReport:
    """Walk the whole chain; report the first record that does not hold, then compare with the witness."""
    from incidents.audit.witnessing import WitnessError, witness_lines

    ring = keyring()
    try:
        witness = witness_lines()
    except WitnessError as exc:
        return ChainReport(0, False, f"the witness file cannot be trusted: {exc}")
    seen: dict[int, list[Any]] = {}
    for w in witness:
        seen.setdefault(w.seq, []).append(w)
    prev_hash, expected_seq, checked, legacy = GENESIS, 1, 0, 0
    while True:
        rows = list(AuditRecord.objects.filter(seq__gte=expected_seq).order_by("seq")[:batch])
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
                        f"(witness line {w.lineno}): the chain was re-forged",
                        rec.seq,
                    )
            legacy += not rec.key_id
            prev_hash, expected_seq, checked = rec.hash, expected_seq + 1, checked + 1
    newest = max(witness, key=lambda w: w.seq, default=None)
    if newest is not None and newest.seq > checked:
        what = "the trail was emptied" if checked == 0 else "newest records were cut off (head rewritten)"
        return ChainReport(
            checked,
            False,
            f"the chain ends at seq {checked} but the witness saw seq {newest.seq} at {newest.at} "
            f"(witness line {newest.lineno}): {what}",
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
    notes = [f"{legacy} records from before audit keys are hash-chained only"] if legacy else []
    return ChainReport(checked, True, witnessed=len(witness), notes=tuple(notes))
