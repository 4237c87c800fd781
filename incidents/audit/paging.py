"""Keyset pages of the audit trail, newest first, for the audit page and ``/api/audit/``.

A million records make OFFSET pages and an exact COUNT(*) the slow part of the audit
log (PostgreSQL reads and discards every row it skips). Pages are therefore positioned
by ``seq`` instead:

- ``?before=<seq>``: the records older than that seq (the "older" link carries the oldest
  seq shown);
- ``?after=<seq>``: the records newer than that seq (the "newer" link carries the newest);
- neither: the newest records.

Each is one index range scan, as cheap at the millionth record as at the first, and the
filters (``incidents.audit.filters``) combine with it. Old ``?page=N`` links keep
working: without filters the chain's seqs run 1..head without gaps (appends take the
head's seq + 1; records cannot be deleted, and ``verify_audit`` reports a gap), so page N
starts at ``head - 50 * (N - 1)`` exactly, with no scan at all; with filters page N is
still found by OFFSET (a filtered trail is far shorter). A page past the end shows the
oldest records, as Django's paginator did.

The total: without filters it is the head's seq (exact and free: the head row holds it);
with filters the matching records are counted up to ``RECOVERY_AUDIT_COUNT_BOUND`` and beyond that
reported as "more than 10,000" rather than counted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.conf import settings
from django.db.models import QuerySet

from incidents.models import AuditHead, AuditRecord

PAGE_SIZE = 50
CURSORS = ("before", "after")


class CursorError(ValueError):
    """A ``before``/``after`` value that is not a record's seq; the message says what was wrong."""


@dataclass
class AuditWindow:
    """One page of records, newest first, and where the pages either side of it start."""

    records: list[AuditRecord]
    newer: int | None  # ?after= for the page of newer records; None when there are none
    older: int | None  # ?before= for the page of older records; None when there are none
    count: int | None  # matching records, when known exactly
    count_more_than: int | None  # otherwise: there are more than this many

    @property
    def top(self) -> int | None:
        """The newest seq shown."""
        return self.records[0].seq if self.records else None

    @property
    def bottom(self) -> int | None:
        """The oldest seq shown."""
        return self.records[-1].seq if self.records else None


def parse_cursor(params: Mapping[str, str]) -> tuple[str, int] | None:
    """The ``before``/``after`` the request asked for; CursorError for anything else."""
    given = [(name, params.get(name, "").strip()) for name in CURSORS if params.get(name, "").strip()]
    if len(given) > 1:
        raise CursorError("give either before or after, not both")
    if not given:
        return None
    name, text = given[0]
    if not text.isdigit() or len(text) > 18:
        raise CursorError(f"{name} must be a record's seq (a whole number), not {text[:40]!r}")
    return name, int(text)


def _page_number(params: Mapping[str, str]) -> int:
    """``?page=N`` from links made before keyset pages; like Paginator.get_page, junk means page 1."""
    text = params.get("page", "").strip()
    return int(text) if text.isdigit() and len(text) < 12 and int(text) > 0 else 1


def head_seq() -> int:
    head = AuditHead.objects.filter(pk=1).values_list("seq", flat=True).first()
    return int(head or 0)


def audit_window(
    qs: QuerySet[AuditRecord], params: Mapping[str, str], *, filtered: bool, size: int = PAGE_SIZE
) -> AuditWindow:
    """The page of ``qs`` (already filtered) that ``params`` asks for. Raises CursorError."""
    cursor = parse_cursor(params)
    if cursor is None:
        number = _page_number(params)
        if number > 1:
            cursor = _page_position(qs, number, filtered=filtered, size=size)
    if cursor is None:
        rows = list(qs.order_by("-seq")[: size + 1])
        records, has_older, has_newer = rows[:size], len(rows) > size, False
    elif cursor[0] == "before":
        rows = list(qs.filter(seq__lt=cursor[1]).order_by("-seq")[: size + 1])
        records, has_older = rows[:size], len(rows) > size
        has_newer = qs.filter(seq__gte=cursor[1]).exists()
    elif cursor[0] == "after":
        rows = list(qs.filter(seq__gt=cursor[1]).order_by("seq")[: size + 1])
        records, has_newer = rows[:size][::-1], len(rows) > size
        has_older = qs.filter(seq__lte=cursor[1]).exists()
    else:  # "oldest": a page number past the end
        records, has_older = list(qs.order_by("seq")[:size])[::-1], False
        has_newer = bool(records) and qs.filter(seq__gt=records[0].seq).exists()
    count, more = _count(qs, filtered)
    return AuditWindow(
        records=records,
        newer=records[0].seq if has_newer and records else None,
        older=records[-1].seq if has_older and records else None,
        count=count,
        count_more_than=more,
    )


def _page_position(qs: QuerySet[AuditRecord], number: int, *, filtered: bool, size: int) -> tuple[str, int]:
    """Where the old ``?page=number`` started, as a keyset position."""
    skip = size * (number - 1)
    if not filtered:
        top = head_seq() - skip  # seqs run 1..head without gaps: page N starts here
        return ("before", top + 1) if top >= 1 else ("oldest", 0)
    top_seq = next(iter(qs.order_by("-seq").values_list("seq", flat=True)[skip : skip + 1]), None)
    return ("before", top_seq + 1) if top_seq is not None else ("oldest", 0)


def _count(qs: QuerySet[AuditRecord], filtered: bool) -> tuple[int | None, int | None]:
    if not filtered:
        return head_seq(), None
    bound = int(settings.RECOVERY_AUDIT_COUNT_BOUND)
    n = qs.order_by()[: bound + 1].count()
    return (n, None) if n <= bound else (None, bound)


def count_text(window: AuditWindow) -> str:
    if window.count is not None:
        return f"{window.count:,} record{'' if window.count == 1 else 's'}"
    return f"more than {window.count_more_than:,} records"
