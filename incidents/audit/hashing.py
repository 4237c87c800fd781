"""How one audit record is hashed: canonical content, chained to the previous hash, HMAC'd under a key.

A leaf (models only), so the chain, the witness and the export can all use it.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import json
from typing import Any

from incidents.models import AuditRecord

GENESIS = "0" * 64


def normalise(value: Any) -> Any:
    """Round-trip through JSON so what we hash is exactly what the database returns."""
    return json.loads(json.dumps(value if value is not None else {}, default=str, sort_keys=True))


def iso(at: dt.datetime) -> str:
    return at.astimezone(dt.UTC).isoformat(timespec="microseconds")


def canonical_content(rec: AuditRecord) -> str:
    body = {
        "seq": rec.seq,
        "at": iso(rec.at),
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
    if rec.key_id:  # records from before keys existed were hashed without it
        body["key_id"] = rec.key_id
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def record_hash(prev_hash: str, rec: AuditRecord, secret: bytes | None = None) -> str:
    """HMAC-SHA256 under the record's key; plain SHA-256 only for records from before keys."""
    message = (prev_hash + canonical_content(rec)).encode()
    if secret is None:
        return hashlib.sha256(message).hexdigest()
    return hmac.new(secret, message, hashlib.sha256).hexdigest()
