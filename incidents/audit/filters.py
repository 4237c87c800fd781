"""One set of audit-trail filters for the page, the REST API and the exports.

Netbox's lesson: a single filter definition serves the UI and the API, so what an
operator sees on the page is exactly what an export or a script gets for the same
query string. Time bounds are read as UTC; a date alone means the whole day.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from django.db.models import F, Max, Min, QuerySet

from incidents.choices import AuditEvent
from incidents.models import AuditRecord

# (query parameter, model field, older aliases still accepted in links people kept)
EXACT_FILTERS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("cluster", "cluster", ()),
    ("job", "workload", ("workload",)),
    ("node", "node", ()),
    ("incident", "incident_id", ("incident_id",)),
    ("actor", "actor", ()),
    ("event", "event", ()),
)
TIME_FILTERS = ("from", "to")
FILTER_NAMES = tuple(name for name, _, _ in EXACT_FILTERS) + TIME_FILTERS


@dataclass
class AuditFilter:
    """The filters a request asked for, the ones that made sense, and why others did not."""

    active: dict[str, str] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    since: dt.datetime | None = None
    until: dt.datetime | None = None  # exclusive
    exact: dict[str, str] = field(default_factory=dict)

    def apply(self, qs: QuerySet[AuditRecord]) -> QuerySet[AuditRecord]:
        if self.exact:
            qs = qs.filter(**self.exact)
        timed: dict[str, dt.datetime] = {}
        if self.since is not None:
            timed["at__gte"] = self.since
        if self.until is not None:
            timed["at__lt"] = self.until
        return _seq_bounded(qs.filter(**timed), timed) if timed else qs


# A time window holding at most this many records is also bounded by seq (see _seq_bounded).
SEQ_BOUND_ROWS = 100_000


def _seq_bounded(qs: QuerySet[AuditRecord], timed: dict[str, dt.datetime]) -> QuerySet[AuditRecord]:
    """``qs`` (already within the time window ``timed``) plus the window's seq range when it is small.

    Pages are read newest seq first; for an old day PostgreSQL, which cannot know that time and
    seq rise together, walked the seq index down from the head through 900,000 newer records
    (~160 ms at 1M records, issue 14; as long for a window after the newest record, which
    holds none). The lowest and highest seq of the window's records bound every record in it
    exactly (whatever order their times are in), so with them the walk starts in the window.
    Finding them reads the window's records (the time index), so it is done only for a window
    of at most SEQ_BOUND_ROWS records; a bigger one keeps the walk (short when the window
    reaches the newest records; ~100 ms for two weeks that ended two months ago)."""
    window = AuditRecord.objects.filter(**timed).order_by()
    if window[: SEQ_BOUND_ROWS + 1].count() > SEQ_BOUND_ROWS:
        return qs
    bounds = window.aggregate(lo=Min(F("seq") + 0), hi=Max(F("seq") + 0))
    if bounds["lo"] is None:
        return qs.none()
    return qs.filter(seq__gte=bounds["lo"], seq__lte=bounds["hi"])


def parse_time(value: str, *, upper: bool) -> dt.datetime:
    """ISO date or date-time, UTC unless it says otherwise.

    As an upper bound a bare date means "through that day" and a minute means
    "through that minute" (what a person typing ``to=2026-11-29 10:05`` expects);
    the bound returned is exclusive.
    """
    text = value.strip().replace(" ", "T", 1)
    if text.endswith("Z"):
        text = text[:-1] + "+00:00"
    if len(text) == 10:
        day = dt.date.fromisoformat(text)
        start = dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC)
        return start + dt.timedelta(days=1) if upper else start
    at = dt.datetime.fromisoformat(text)
    if at.tzinfo is None:
        at = at.replace(tzinfo=dt.UTC)
    if upper:
        # Whatever precision was given is included whole: 10:05 covers 10:05:59.999999.
        return at + _precision(text)
    return at


def _precision(text: str) -> dt.timedelta:
    clock = re.split(r"[+-]", text.split("T", 1)[1], maxsplit=1)[0]
    if "." in clock:
        return dt.timedelta(microseconds=1)
    return dt.timedelta(seconds=1) if clock.count(":") >= 2 else dt.timedelta(minutes=1)


def event_value(text: str) -> str:
    """An audit event by its name or by the label pages show, in any case; unknown text stays as typed."""
    wanted = text.strip().lower()
    for value, label in AuditEvent.choices:
        if wanted in (value, label.lower()):
            return value
    return text


def parse_filters(params: Mapping[str, str]) -> AuditFilter:
    """Read the query string; bad values are reported, never silently widened to 'everything'."""
    f = AuditFilter()
    for name, model_field, aliases in EXACT_FILTERS:
        value = next((params.get(k, "").strip() for k in (name, *aliases) if params.get(k, "").strip()), "")
        if not value:
            continue
        if model_field == "incident_id":
            value = value.lstrip("#")
            if not value.isdigit():
                f.errors.append(f"incident must be a number, not {value!r}")
                continue
        if model_field == "event":
            value = event_value(
                value
            )  # the words shown ("Approval", "Status change") work as well as the names
        # a node is found by the start of its name too ("gpu-a-00" finds gpu-a-001..009), as operators type it
        f.exact["node__startswith" if model_field == "node" else model_field] = value
        f.active[name] = value
    for name in TIME_FILTERS:
        value = params.get(name, "").strip()
        if not value:
            continue
        try:
            at = parse_time(value, upper=name == "to")
        except ValueError:
            f.errors.append(
                f"{name} must be a date or date-time like 2026-11-29 or 2026-11-29T10:05, not {value!r}"
            )
            continue
        if name == "from":
            f.since = at
        else:
            f.until = at
        f.active[name] = value
    return f
