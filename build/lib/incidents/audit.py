"""The append-only, hash-chained audit trail.

Each record stores sha256(prev_hash + canonical JSON of its content). Canonical
JSON has sorted keys and fixed separators, so PostgreSQL's jsonb key order cannot
change a hash. The chain's head lives in its own row: appends lock it (serializing
writers so the chain never forks) and verification compares the last record with
it, so deleting the newest records shows as well as editing or inserting one.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from incidents.choices import ActorType
from incidents.models import AuditHead, AuditRecord

GENESIS = "0" * 64
SYSTEM_ACTOR = "controller"


def _normalise(value: Any) -> Any:
    """Round-trip through JSON so what we hash is exactly what the database returns."""
    return json.loads(json.dumps(value if value is not None else {}, default=str, sort_keys=True))


def _iso(at: dt.datetime) -> str:
    return at.astimezone(dt.UTC).isoformat(timespec="microseconds")


def canonical_content(rec: AuditRecord) -> str:
    body = {
        "seq": rec.seq,
        "at": _iso(rec.at),
        "actor_type": rec.actor_type,
        "actor": rec.actor,
        "event": rec.event,
        "cluster": rec.cluster,
        "workload": rec.workload,
        "node": rec.node,
        "incident_id": rec.incident_id,
        "recommendation_id": rec.recommendation_id,
        "pattern": rec.pattern,
        "attribution": rec.attribution,
        "action": rec.action,
        "outcome": rec.outcome,
        "detail": rec.detail,
    }
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def record_hash(prev_hash: str, rec: AuditRecord) -> str:
    return hashlib.sha256((prev_hash + canonical_content(rec)).encode()).hexdigest()


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
) -> AuditRecord:
    """Append one record to the chain. ``actor`` None means the controller itself."""
    with transaction.atomic():
        head, _ = AuditHead.objects.select_for_update().get_or_create(pk=1)
        rec = AuditRecord(
            seq=head.seq + 1,
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
            attribution=_normalise(attribution),
            action=action[:64],
            outcome=outcome[:64],
            detail=_normalise(detail),
            prev_hash=head.hash,
        )
        rec.hash = record_hash(head.hash, rec)
        rec.save(force_insert=True)
        AuditHead.objects.filter(pk=1).update(seq=rec.seq, hash=rec.hash)
    return rec


@dataclass(frozen=True)
class ChainReport:
    checked: int
    ok: bool
    problem: str = ""
    broken_seq: int | None = None


def verify_chain(batch: int = 2000) -> ChainReport:
    """Walk the whole chain; report the first record that does not hold."""
    prev_hash, expected_seq, checked = GENESIS, 1, 0
    while True:
        rows = list(AuditRecord.objects.filter(seq__gte=expected_seq).order_by("seq")[:batch])
        if not rows:
            break
        for rec in rows:
            if rec.seq != expected_seq:
                return ChainReport(checked, False, f"record seq {expected_seq} is missing (next is {rec.seq})", expected_seq)
            if rec.prev_hash != prev_hash:
                return ChainReport(checked, False, f"record seq {rec.seq} does not link to its predecessor", rec.seq)
            if record_hash(prev_hash, rec) != rec.hash:
                return ChainReport(checked, False, f"record seq {rec.seq} was altered (hash mismatch)", rec.seq)
            prev_hash, expected_seq, checked = rec.hash, expected_seq + 1, checked + 1
    head = AuditHead.objects.filter(pk=1).first()
    head_seq, head_hash = (head.seq, head.hash) if head else (0, GENESIS)
    if head_seq != checked or head_hash != prev_hash:
        return ChainReport(
            checked, False, f"chain ends at seq {checked} but its head says seq {head_seq}: newest records deleted or head altered", checked + 1
        )
    return ChainReport(checked, True)
