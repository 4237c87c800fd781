"""The fleet at a glance (issue 26): one row per cluster, in four queries whatever the fleet's size.

Each row says how the controller sees the cluster (blind or seeing, its last tick), the mode
that holds now (held back to monitor, and why), what needs a person, the incidents of the last
24 h and the nodes out of service (drained by anyone, by us, held as lemons). The counts are
grouped by PostgreSQL, one query per table, never one query per cluster: at 50 clusters and
100k incidents the page stays within its 150 ms (bench/fleet_bench.py measures it). The clusters
are read with the few columns a row shows (never the collector's snapshot, megabytes on a big
cluster), and the page draws its rows in Python (actions/views/fleet.py), not with one template
lookup per cell.

The verdict column is readiness's first half (``actions.evaluation.readiness``): per action kind,
the incidents operators judged and how many they confirmed, against the level in force; whether it
is ready for the next level by verdicts. The what-if replay, its second half, runs per cluster in
the background and is on the cluster page: the fleet never waits for it.

"Needs you" is the overview's rule (actions.lifecycle.attention), counted in SQL: an action
awaits approval, or the incident was escalated and nobody acknowledged it.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, fields
from typing import Any

from django.db.models import Count, Q, Value

from actions.evaluation import readiness
from actions.models import Recommendation
from actions.services.standings import with_needs_approval
from actions.templatetags.oncall_tags import effective_mode
from incidents.choices import INCIDENT_ACTIVE, IncidentStatus
from incidents.models import Incident
from monitoring.controller_state import blind_since
from monitoring.models import Cluster, Node
from monitoring.vocabulary import KIND_OF_ACTION, AutonomyKind

# Worst first: the default order puts what needs a person on top.
STATUS_ORDER = {"blind": 0, "needs_you": 1, "held": 2, "never_ticked": 3, "ok": 4}
SORTS = {
    "name": lambda r: r.name,
    "status": lambda r: (STATUS_ORDER[r.status], r.name),
    "needs_you": lambda r: (-r.needs_you, r.name),
    "open": lambda r: (-r.open_incidents, r.name),
    "incidents_24h": lambda r: (-r.incidents_24h, r.name),
    "drained": lambda r: (-r.drained, r.name),
    "lemons": lambda r: (-r.lemons, r.name),
    "nodes": lambda r: (-r.nodes, r.name),
    "last_tick": lambda r: (r.last_tick_at or "", r.name),  # the stalest first
    "ready": lambda r: (-sum(v["ready"] for v in r.verdicts), r.name),
}
DEFAULT_SORT = "status"
# What a row reads of a cluster and its controller state (the rest, the collector's snapshot first, stays put).
ROW_FIELDS = (
    "name",
    "connection_mode",
    "autonomy",
    "isolation_autonomy",
    "restart_autonomy",
    "monitor_only",
    "monitor_only_reason",
    "poll_interval_s",
    "created_at",
    "controller_state__last_tick_at",
    "controller_state__failing_since",
    "controller_state__last_error",
)
MODES = ("monitor", "approve", "auto")


@dataclass(frozen=True)
class FleetRow:
    id: int
    name: str
    connection_mode: str
    status: str  # blind | needs_you | held | never_ticked | ok
    mode: str  # the effective level: monitor | approve | auto
    mode_label: str
    held: bool
    held_why: str
    blind: bool
    blind_since: str | None
    last_tick_at: str | None
    lag_s: float | None
    last_error: str
    open_incidents: int
    needs_you: int
    incidents_24h: int
    nodes: int
    drained: int
    drained_by_us: int
    lemons: int
    # Per action kind: {"kind", "level", "next", "judged", "confirmed", "ready", "text"} (readiness by verdicts)
    verdicts: tuple[dict[str, Any], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        """The row as plain data (as ``dataclasses.asdict`` would give it, without its deep copies)."""
        out = {f: getattr(self, f) for f in _FIELDS}
        out["verdicts"] = tuple(dict(v) for v in self.verdicts)
        return out


_FIELDS = tuple(f.name for f in fields(FleetRow))


@dataclass(frozen=True)
class FleetFilter:
    q: str = ""  # part of the cluster's name
    status: str = ""  # one of STATUS_ORDER
    mode: str = ""  # monitor | approve | auto (the effective mode)
    sort: str = DEFAULT_SORT  # a key of SORTS (counts: the most first), "-" in front to reverse

    @classmethod
    def from_query(cls, params: Any) -> FleetFilter:
        sort = str(params.get("sort", DEFAULT_SORT) or DEFAULT_SORT)
        if sort.lstrip("-") not in SORTS:
            raise ValueError(
                f"sort must be one of {', '.join(sorted(SORTS))} (with - to reverse), not {sort!r}"
            )
        status = str(params.get("status", "") or "")
        if status and status not in STATUS_ORDER:
            raise ValueError(f"status must be one of {', '.join(STATUS_ORDER)}, not {status!r}")
        mode = str(params.get("mode", "") or "")
        if mode and mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        q = str(params.get("q", "") or "").replace("\x00", "").strip()  # PostgreSQL takes no NUL
        return cls(q=q, status=status, mode=mode, sort=sort)


def _incident_counts(now: dt.datetime) -> dict[int, tuple[int, int, int]]:
    """Per cluster: (open, needs you, detected in the last 24 h), in one grouped query over the
    incidents that are active or recent (two indexes, OR-ed: never the 90 days of history)."""
    active = Q(status__in=list(INCIDENT_ACTIVE))
    needs_you = active & (
        Q(needs_approval=True) | (Q(status=IncidentStatus.ESCALATED) & Q(acknowledged_by=""))
    )
    recent = Q(detected_at__gte=now - dt.timedelta(hours=24))
    rows = (
        with_needs_approval(Incident.objects.filter(active | recent).order_by())
        .values("cluster_id")
        .annotate(
            open=Count("pk", filter=active),
            needs=Count("pk", filter=needs_you),
            day=Count("pk", filter=recent),
        )
        .values_list("cluster_id", "open", "needs", "day")
    )
    return {cid: (n, needs, day) for cid, n, needs, day in rows}


# The nodes out of service, as monitoring's node_out_of_service_idx (a partial index) selects them.
OUT_OF_SERVICE = Q(state__contains="DRAIN") | Q(drained_by_us=True) | Q(held_as_lemon=True)


def _node_counts() -> dict[int, dict[str, int]]:
    """Per cluster: its nodes (counted from the cluster index alone), then drained (as sinfo prints
    it: IDLE+DRAIN), drained by us and lemons, read from the few nodes out of service: one query."""
    counts = ("nodes", "drained", "drained_by_us", "lemons")
    every = (
        Node.objects.order_by()
        .values("cluster_id")
        .annotate(a=Count("*"), b=Value(0), c=Value(0), d=Value(0))  # COUNT(*): the index alone
        .values_list("cluster_id", "a", "b", "c", "d")
    )
    out = (
        Node.objects.filter(OUT_OF_SERVICE)
        .order_by()
        .values("cluster_id")
        .annotate(
            a=Value(0),
            b=Count("pk", filter=Q(state__contains="DRAIN")),
            c=Count("pk", filter=Q(drained_by_us=True)),
            d=Count("pk", filter=Q(held_as_lemon=True)),
        )
        .values_list("cluster_id", "a", "b", "c", "d")
    )
    totals: dict[int, dict[str, int]] = {}
    for cluster_id, *ns in every.union(out, all=True):
        row = totals.setdefault(cluster_id, dict.fromkeys(counts, 0))
        for key, n in zip(counts, ns, strict=True):
            row[key] += n
    return totals


def _verdict_counts() -> dict[int, dict[str, readiness.Tally]]:
    """Per cluster and action kind, the judged incidents (confirmed or false): one grouped query over the
    recommendations of judged incidents (a partial index keeps them apart from the unjudged many)."""
    rows = (
        Recommendation.objects.filter(
            incident__operator_verdict__in=("confirmed", "false"), action__in=list(KIND_OF_ACTION)
        )
        .order_by()
        .values_list("cluster_id", "action", "incident__operator_verdict")
        .annotate(n=Count("incident_id", distinct=True))
    )
    out: dict[int, dict[str, readiness.Tally]] = {}
    for cluster_id, action, verdict, n in rows:
        kinds = out.setdefault(cluster_id, {})
        kind = str(KIND_OF_ACTION[action])
        kinds[kind] = kinds.get(kind, readiness.Tally()).add(verdict, n)
    return out


def _verdicts(
    c: Cluster,
    tallies: dict[str, readiness.Tally],
    now: dt.datetime,
    seen: dict[tuple[Any, ...], tuple[dict[str, Any], ...]] | None = None,
) -> tuple[dict[str, Any], ...]:
    """Per action kind, readiness by verdicts against the level in force (``readiness.kind_levels``,
    as the cluster page's readiness panel reads it). ``seen``: the answers already worked out for
    this page, by what they depend on (most clusters of a fleet read alike: no verdict yet)."""
    days = max(0.0, (now - c.created_at).total_seconds() / 86400)
    levels = readiness.kind_levels(c)
    key = (
        tuple(sorted(tallies.items())),
        readiness.period_words(days),
        c.autonomy,
        tuple(sorted(levels.items())),
    )
    if seen is not None and key in seen:
        return seen[key]
    out = []
    for kind in AutonomyKind:
        level = levels.get(kind, c.autonomy)
        r = readiness.assess(str(kind), "action", tallies.get(str(kind), readiness.Tally()), days, level)
        out.append(
            {
                "kind": str(kind),
                "level": level,
                "next": r.next_level,
                "judged": r.tally.judged,
                "confirmed": r.tally.confirmed,
                "ready": r.ready,
                "text": r.text,
            }
        )
    if seen is not None:
        seen[key] = tuple(out)
    return tuple(out)


def _status(blind: bool, needs: int, held: bool, ticked: bool) -> str:
    if blind:
        return "blind"
    if needs:
        return "needs_you"
    if held:
        return "held"
    return "ok" if ticked else "never_ticked"


def fleet_rows(now: dt.datetime, flt: FleetFilter | None = None) -> list[FleetRow]:
    """Every cluster's row, filtered and sorted as asked."""
    flt = flt or FleetFilter()
    clusters = Cluster.objects.select_related("controller_state").only(*ROW_FIELDS)
    if flt.q:
        clusters = clusters.filter(name__icontains=flt.q)
    incidents = _incident_counts(now)
    nodes = _node_counts()
    verdicts = _verdict_counts()
    seen: dict[tuple[Any, ...], tuple[dict[str, Any], ...]] = {}
    rows = []
    for c in clusters:
        st = getattr(c, "controller_state", None)
        since = blind_since(st, c, now)
        level, label, why = effective_mode(c)
        open_n, needs, day = incidents.get(c.pk, (0, 0, 0))
        counts = nodes.get(c.pk, {})
        last = st.last_tick_at if st else None
        rows.append(
            FleetRow(
                id=c.pk,
                name=c.name,
                connection_mode=c.connection_mode,
                status=_status(since is not None, needs, bool(why), last is not None),
                mode=level,
                mode_label=label,
                held=bool(why),
                held_why=why,
                blind=since is not None,
                blind_since=since.isoformat() if since else None,
                last_tick_at=last.isoformat() if last else None,
                lag_s=round((now - last).total_seconds(), 1) if last else None,
                last_error=(st.last_error if st and st.failing_since else ""),
                open_incidents=open_n,
                needs_you=needs,
                incidents_24h=day,
                nodes=counts.get("nodes", 0),
                drained=counts.get("drained", 0),
                drained_by_us=counts.get("drained_by_us", 0),
                lemons=counts.get("lemons", 0),
                verdicts=_verdicts(c, verdicts.get(c.pk, {}), now, seen),
            )
        )
    rows = [
        r for r in rows if (not flt.status or r.status == flt.status) and (not flt.mode or r.mode == flt.mode)
    ]
    key = flt.sort.lstrip("-")
    return sorted(rows, key=SORTS[key], reverse=flt.sort.startswith("-"))


def fleet_totals(rows: list[FleetRow]) -> dict[str, int]:
    """The sums over the rows shown, for the page's headline."""
    out = {"clusters": len(rows), "blind": sum(r.blind for r in rows), "held": sum(r.held for r in rows)}
    for field in (
        "needs_you",
        "open_incidents",
        "incidents_24h",
        "nodes",
        "drained",
        "drained_by_us",
        "lemons",
    ):
        out[field] = sum(getattr(r, field) for r in rows)
    return out
