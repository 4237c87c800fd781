"""How one audit record is hashed: canonical content, chained to the previous hash, HMAC'd under a key.

A leaf (models only), so the chain, the witness and the export can all use it.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import json
from typing import Any, Protocol

from incidents.models import AuditRecord

GENESIS = "0" * 64

# The columns a record's hash covers, then its two hashes: what verify_chain reads per record
# (as named tuples from values_list, not model instances: building a million AuditRecords
# was most of the walk's time).
HASHED_FIELDS = (
    "seq",
    "at",
    "actor_type",
    "actor",
    "event",
    "cluster",
    "workload",
    "node",
    "incident_id",
    "recommendation_id",
    "pattern",
    "attribution",
    "action",
    "outcome",
    "detail",
    "key_id",
)
CHAIN_FIELDS = (*HASHED_FIELDS, "prev_hash", "hash")


class HashedRecord(Protocol):
    """An AuditRecord, or a row of its CHAIN_FIELDS with the same attributes."""

    @property
    def seq(self) -> int: ...
    @property
    def at(self) -> dt.datetime: ...
    @property
    def key_id(self) -> str: ...
    @property
    def prev_hash(self) -> str: ...
    @property
    def hash(self) -> str: ...


def normalise(value: Any) -> Any:
    """Round-trip through JSON so what we hash is exactly what the database returns."""
    return json.loads(json.dumps(value if value is not None else {}, default=str, sort_keys=True))


def iso(at: dt.datetime) -> str:
    return at.astimezone(dt.UTC).isoformat(timespec="microseconds")


def canonical_content(rec: AuditRecord | HashedRecord) -> str:
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


def record_hash(prev_hash: str, rec: AuditRecord | HashedRecord, secret: bytes | None = None) -> str:
    """HMAC-SHA256 under the record's key; plain SHA-256 only for records from before keys."""
    message = (prev_hash + canonical_content(rec)).encode()
    if secret is None:
        return hashlib.sha256(message).hexdigest()
    return hmac.new(secret, message, hashlib.sha256).hexdigest()
