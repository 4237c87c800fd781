"""Export the audit trail as CSV or JSON, streamed, with the page's filters.

Streaming matters: a year of a busy cluster is millions of records, and neither the
web process nor the browser should hold them at once. Records go out in chain order
(ascending seq) with both hashes and every hashed field, so an auditor can re-check
the chain from the file and the audit keyring. CSV cells that a spreadsheet would read as a formula
(= + - @, and tab/CR which some also honour) are prefixed with a quote: job names and
log lines in the trail come from users, and an export must not become a macro.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Iterator
from typing import Any

from django.db.models import QuerySet

from incidents.audit.hashing import iso
from incidents.models import AuditRecord

COLUMNS = (
    "seq",
    "at",
    "actor_type",
    "actor",
    "event",
    "cluster",
    "workload",
    "node",
    "incident",
    "recommendation",
    "pattern",
    "action",
    "outcome",
    "attribution",
    "detail",
    "prev_hash",
    "hash",
    "key_id",
)
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
CHUNK = 2000


def neutralise(cell: str) -> str:
    """A cell a spreadsheet would evaluate becomes plain text (OWASP's CSV-injection advice)."""
    return "'" + cell if cell.startswith(FORMULA_STARTS) else cell


def record_row(rec: AuditRecord) -> dict[str, Any]:
    """One record as plain values, under the export's column names."""
    return {
        "seq": rec.seq,
        "at": iso(rec.at),
        "actor_type": rec.actor_type,
        "actor": rec.actor,
        "event": rec.event,
        "cluster": rec.cluster,
        "workload": rec.workload,
        "node": rec.node,
        "incident": rec.incident_id,
        "recommendation": rec.recommendation_id,
        "pattern": rec.pattern,
        "action": rec.action,
        "outcome": rec.outcome,
        "attribution": rec.attribution,
        "detail": rec.detail,
        "prev_hash": rec.prev_hash,
        "hash": rec.hash,
        "key_id": rec.key_id,  # the hash is an HMAC under this key: re-checking needs the keyring
    }


def _csv_cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, (dict, list)):
        value = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return neutralise(str(value))


class _Line:
    """csv.writer wants a file; this one hands back each line instead of storing it."""

    def write(self, value: str) -> str:
        return value


def csv_lines(records: Iterable[AuditRecord]) -> Iterator[str]:
    writer = csv.writer(_Line())
    yield writer.writerow(COLUMNS)
    for rec in records:
        row = record_row(rec)
        yield writer.writerow([_csv_cell(row[c]) for c in COLUMNS])


def json_chunks(records: Iterable[AuditRecord]) -> Iterator[str]:
    """A JSON array written one record at a time."""
    yield "["
    first = True
    for rec in records:
        yield ("" if first else ",\n") + json.dumps(record_row(rec), sort_keys=True, separators=(",", ":"))
        first = False
    yield "]\n"


def in_chain_order(qs: QuerySet[AuditRecord]) -> Iterator[AuditRecord]:
    return qs.order_by("seq").iterator(chunk_size=CHUNK)
