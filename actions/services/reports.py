"""Gather what the metrics and readiness code computes on: a thin layer over the rows.

actions/evaluation/metrics.py and readiness.py are pure; this module reads incidents,
their recommendations (with history), the audit records that matter and the jobs, and
hands plain values over. A few queries per page, whatever the number of incidents.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import QuerySet

from actions.choices import MUTATING_ACTIONS, RecStatus
from actions.evaluation import metrics, readiness, recovery
from actions.models import Recommendation, RecommendationTransition, SettledIncidentMetrics
from actions.services.whatif import readiness_whatif
from incidents.choices import IncidentStatus
from incidents.models import AuditRecord, Evidence, Incident, culprit_label
from monitoring.detectors.hostlist import expand
from monitoring.detectors.schema import parse_opt_in
from monitoring.models import Cluster, Job
from recovery_site.lookups import in_ids

WINDOWS = {"24h": dt.timedelta(hours=24), "7d": dt.timedelta(days=7)}
DEFAULT_WINDOW = "24h"


@dataclass(frozen=True)
class _Rec:
    action: str
    executed_at: dt.datetime | None
    decided_at: dt.datetime | None
    text: str
    awaiting_at: dt.datetime | None  # its first transition to awaiting approval


@dataclass(frozen=True)
class _Job:
    gpus_nodes: int
    last_step: int | None
    last_checkpoint_step: int | None
    last_checkpoint_at: dt.datetime | None
    last_progress_at: dt.datetime | None


def _progress_from_job(detected_at: dt.datetime, job: _Job | None) -> tuple[int | None, int | None]:
    """(step, checkpoint) from the job row, trusted only while the job printed nothing since detection
    (after a restart the row shows the new run's steps)."""
    if job and (job.last_progress_at is None or job.last_progress_at <= detected_at):
        return job.last_step, job.last_checkpoint_step
    return None, None


def timeline(
    detected_at: dt.datetime,
    first_signal_at: dt.datetime | None,
    lines: Sequence[str],
    recs: Sequence[_Rec],
    healthy_at: dt.datetime | None,
    job: _Job | None,
) -> metrics.Timeline:
    """One incident's timeline from its facts: evidence lines, recommendations (oldest first), when a
    verification first found it healthy, and its (first) job."""
    mutating = [r for r in recs if r.action in MUTATING_ACTIONS]
    executed = [r.executed_at for r in mutating if r.executed_at]
    asked = next((r for r in mutating if r.awaiting_at is not None), None)
    evidence_at, evidence_step = metrics.signal_from_evidence(detected_at, lines)
    step, checkpoint = metrics.progress_from_text([r.text for r in recs if r.action == "requeue_job"])
    if step is None:
        job_step, job_checkpoint = _progress_from_job(detected_at, job)
        step = job_step if job_step is not None else evidence_step
        checkpoint = checkpoint if checkpoint is not None else job_checkpoint
    return metrics.Timeline(
        detected_at=detected_at,
        first_signal_at=first_signal_at,
        evidence_signal_at=evidence_at,
        first_action_at=min(executed) if executed else None,
        awaiting_since=asked.awaiting_at if asked else None,
        decided_at=asked.decided_at if asked else None,
        resumed_at=healthy_at,
        step_at_fault=step,
        checkpoint_step=checkpoint,
    )


_ROW_FIELDS = (
    "pk",
    "cluster_id",
    "status",
    "category",
    "culprit_node",
    "culprit_gpu",
    "pattern",
    "jobs",
    "operator_verdict",
    "detected_at",
    "first_signal_at",
)


def _recs(pks: Sequence[int]) -> dict[int, list[_Rec]]:
    recs = list(
        Recommendation.objects.filter(**in_ids("incident_id", pks))
        .order_by("created_at", "id")
        .values_list("pk", "incident_id", "action", "executed_at", "decided_at", "text")
    )
    # The transitions of those recommendations by their own ids (an index), not through a join on
    # the incident: the planner scanned every transition for that, ~6 ms for the 800 incidents in
    # motion on the week's metrics page (issue 14).
    asked: dict[int, dt.datetime] = {}
    for rec_id, at in (
        RecommendationTransition.objects.filter(
            **in_ids("recommendation_id", [r[0] for r in recs]), new=RecStatus.AWAITING_APPROVAL
        )
        .order_by("at", "id")
        .values_list("recommendation_id", "at")
    ):
        asked.setdefault(rec_id, at)
    out: dict[int, list[_Rec]] = defaultdict(list)
    for pk, inc_id, action, executed, decided, text in recs:
        out[inc_id].append(_Rec(action, executed, decided, text, asked.get(pk)))
    return out


def _jobs(incidents: Sequence[tuple[Any, ...]]) -> dict[tuple[int, str], _Job]:
    wanted = {j for i in incidents for j in (i[7] or [])[:1]}
    rows = Job.objects.filter(cluster_id__in={i[1] for i in incidents}, slurm_id__in=wanted).values_list(
        "cluster_id",
        "slurm_id",
        "nodes",
        "last_step",
        "last_checkpoint_step",
        "last_checkpoint_at",
        "last_progress_at",
    )
    return {(c, sid): _Job(len(expand(nodes)), *rest) for c, sid, nodes, *rest in rows}


def incident_rows(pks: Sequence[int]) -> list[dict[str, Any]]:
    """Per incident: what it was and its metrics, as plain values (for tables, JSON and plots).

    Six queries of columns whatever the number of incidents, no model instances: hundreds
    of incidents still in motion cost tens of milliseconds, not hundreds (issue 14)."""
    incidents = list(
        Incident.objects.filter(**in_ids("pk", pks)).order_by("-detected_at", "-pk").values_list(*_ROW_FIELDS)
    )
    ids = [i[0] for i in incidents]
    clusters = dict(
        (pk, (name, gpus))
        for pk, name, gpus in Cluster.objects.filter(pk__in={i[1] for i in incidents}).values_list(
            "pk", "name", "gpus_per_node"
        )
    )
    lines: dict[int, list[str]] = defaultdict(list)
    for inc_id, text in (
        Evidence.objects.filter(**in_ids("incident_id", ids))
        .order_by("incident_id", "position")
        .values_list("incident_id", "text")
    ):
        lines[inc_id].append(text)
    healthy: dict[int, dt.datetime] = {}
    for inc_id, at in (
        AuditRecord.objects.filter(**in_ids("incident_id", ids), event="verification", outcome="healthy")
        .order_by("seq")
        .values_list("incident_id", "at")
    ):
        healthy.setdefault(inc_id, at)
    recs = _recs(ids)
    jobs = _jobs(incidents)
    rows = []
    for pk, cluster_id, status, category, node, gpu, pattern, job_ids, verdict, detected, first in incidents:
        name, gpus_per_node = clusters[cluster_id]
        job = jobs.get((cluster_id, (job_ids or [""])[0]))
        t = timeline(detected, first, lines.get(pk, []), recs.get(pk, []), healthy.get(pk), job)
        rows.append(
            {
                "id": pk,
                "cluster": name,
                "detected_at": detected,
                "fault_at": metrics.fault_time(t),
                "status": status,
                "category": category,
                "culprit": culprit_label(node, gpu),
                "pattern": pattern,
                "jobs": list(job_ids or []),
                "verdict": verdict,
                "metrics": metrics.compute(t),
            }
            | _cost(t, job, gpus_per_node)
        )
    return rows


def _cost(t: metrics.Timeline, job: _Job | None, gpus_per_node: int) -> dict[str, Any]:
    """Lost time and GPU-hours: the job's GPUs × (time since its checkpoint + time until progress again)."""
    gpus = job.gpus_nodes * gpus_per_node if job else 0
    fault = metrics.fault_time(t)
    ckpt = job.last_checkpoint_at if job else None
    lost = recovery.lost_time_s(fault, ckpt, t.resumed_at)
    lost_from = t.resumed_at - dt.timedelta(seconds=lost) if lost is not None and t.resumed_at else None
    return {
        "gpus": gpus,
        "lost_time_s": lost,
        "lost_gpu_hours": recovery.gpu_hours(gpus, lost),
        "lost_from": lost_from,
        "lost_until": t.resumed_at if lost is not None else None,
    }


def allocations(
    cluster_ids: set[int], since: dt.datetime, until: dt.datetime
) -> dict[int, list[recovery.Allocation]]:
    """Opted-in jobs' runs overlapping the window, per cluster (a requeued job counts from its latest start)."""
    out: dict[int, list[recovery.Allocation]] = defaultdict(list)
    rows = Job.objects.filter(
        cluster_id__in=cluster_ids, started_at__isnull=False, started_at__lt=until
    ).select_related("cluster")
    for j in rows.exclude(comment=""):
        if not parse_opt_in(j.comment).opted_in:
            continue
        end = until if j.active else min(until, j.updated_at)
        out[j.cluster_id].append(
            recovery.Allocation(j.slurm_id, len(j.node_list) * j.cluster.gpus_per_node, j.started_at, end)
        )
    return out


def cluster_recovery(
    rows: Sequence[dict[str, Any]], clusters: Sequence[Cluster], since: dt.datetime, until: dt.datetime
) -> list[dict[str, Any]]:
    """Per cluster over the window: lost GPU-hours, allocated GPU-hours of opted-in jobs, and their ETTR;
    ``jobs``: each opted-in job's (allocated, lost) GPU-hours, of which the cluster's are the sums."""
    allocs = allocations({c.pk for c in clusters}, since, until)
    # The rows' losses by cluster in one pass (a pass per cluster over a week's rows was ~10 ms at
    # 7 clusters, issue 14); a cluster with no opted-in run has no job to charge them to.
    charged = {c.name for c in clusters if allocs.get(c.pk)}
    losses_of: dict[str, list[recovery.Loss]] = {}
    for r in rows:
        if r["cluster"] in charged and (loss := _loss(r)) is not None:
            losses_of.setdefault(r["cluster"], []).append(loss)
    out = []
    for c in clusters:
        losses = losses_of.get(c.name, [])
        by_job = recovery.allocated_and_lost_by_job(allocs.get(c.pk, []), losses, since, until)
        allocated_s, lost_s = recovery.totals(by_job)
        out.append(
            {
                "cluster": c.name,
                "lost_gpu_hours": round(lost_s / 3600, 3),
                "allocated_gpu_hours": round(allocated_s / 3600, 3),
                "ettr": recovery.ettr(allocated_s, lost_s),
                "jobs": {
                    job: (round(a / 3600, 3), round(lost / 3600, 3)) for job, (a, lost) in by_job.items()
                },
            }
        )
    return out


def _when(v: Any) -> dt.datetime | None:
    return dt.datetime.fromisoformat(v) if isinstance(v, str) else v


def _loss(row: dict[str, Any]) -> recovery.Loss | None:
    """An incident row's lost span (checkpoint or fault to progress again) on its job, if it has one."""
    start, end = _when(row.get("lost_from")), _when(row.get("lost_until"))
    if not row.get("job") or start is None or end is None:
        return None
    return recovery.Loss(str(row["job"]), start, end)


def latency_by_category(rows: Sequence[dict[str, Any]]) -> dict[str, dict[str, float | int | None]]:
    """Detection latency from the fault's first sign, summarised per incident category."""
    groups = recovery.by_category((r["category"], r["metrics"].detection_latency_s) for r in rows)
    return {cat: metrics.summarise(vals) for cat, vals in sorted(groups.items())}


BATCH = 2000  # incidents gathered per round of queries (each list is one array parameter)
SETTLED_AFTER = dt.timedelta(hours=1)  # a closed incident's metrics stop changing (stored from then on)
CLOSED = (IncidentStatus.RECOVERED, IncidentStatus.DISMISSED)


FORMAT = 2  # stored values of an older format (before the lost span and job were kept) are recomputed


def exported(row: dict[str, Any]) -> dict[str, Any]:
    """One incident's row of the recovery-metrics page (``reports.incident_rows``), as /metrics keeps it."""
    return {
        "cluster": row["cluster"],
        "detected_at": row["detected_at"].isoformat(),
        "fault_at": row["fault_at"].isoformat(),
        "gpus": row["gpus"],
        "lost_time_s": row["lost_time_s"],
        "lost_gpu_hours": row["lost_gpu_hours"],
        "job": (row["jobs"] or [None])[0],
        "lost_from": row["lost_from"].isoformat() if row["lost_from"] else None,
        "lost_until": row["lost_until"].isoformat() if row["lost_until"] else None,
        "format": FORMAT,
    } | row["metrics"].as_dict()


def _computed(pks: list[int]) -> dict[int, dict[str, Any]]:
    """Each incident's metrics (the gatherer of the recovery-metrics page), in batches."""
    out: dict[int, dict[str, Any]] = {}
    for i in range(0, len(pks), BATCH):
        for row in incident_rows(pks[i : i + BATCH]):
            out[row["id"]] = exported(row)
    return out


# What ``exported`` keeps, and how PostgreSQL reads each key back out of the stored JSON.
_TEXT, _FLOAT, _INT = "text", "float8", "bigint"
_VALUE_TYPES = {
    "cluster": _TEXT,
    "detected_at": _TEXT,
    "fault_at": _TEXT,
    "gpus": _INT,
    "lost_time_s": _FLOAT,
    "lost_gpu_hours": _FLOAT,
    "detection_latency_s": _FLOAT,
    "action_latency_s": _FLOAT,
    "approval_wait_s": _FLOAT,
    "time_to_resume_s": _FLOAT,
    "lost_steps": _INT,
    "job": _TEXT,
    "lost_from": _TEXT,
    "lost_until": _TEXT,
    "format": _INT,
}


def _stored(pks: list[int]) -> list[tuple[int, int, dict[str, Any]]]:
    """Stored values of these incidents. On PostgreSQL each key comes out as a typed column:
    Django's JSONField decoding took ~50 ms for a week's 5,000 incidents, typed columns ~15."""
    if connection.vendor != "postgresql":
        qs = SettledIncidentMetrics.objects.filter(incident_id__in=pks)
        return list(qs.values_list("incident_id", "reopen_count", "values"))
    table = connection.ops.quote_name(SettledIncidentMetrics._meta.db_table)
    with connection.cursor() as cur:
        cur.execute(
            f"SELECT incident_id, reopen_count, {_typed_values('values')} FROM {table} WHERE incident_id = ANY(%s)",
            [pks],
        )
        return [(pk, reopened, _values_of(rest)) for pk, reopened, *rest in cur.fetchall()]


def _typed_values(column: str) -> str:
    """The stored values' keys as typed SQL columns (in ``_VALUE_TYPES`` order)."""
    return ", ".join(
        f"({column}->>'{k}')" + ("" if t == _TEXT else f"::{t}") for k, t in _VALUE_TYPES.items()
    )


def _values_of(columns: Sequence[Any]) -> dict[str, Any]:
    return {
        k: v
        for k, v in zip(_VALUE_TYPES, columns, strict=True)
        if v is not None or k not in ("fault_at", "format")
    }


def incident_values_for(light: Sequence[tuple[Any, ...]], now: dt.datetime) -> dict[int, dict[str, Any]]:
    """Per incident of ``light`` (rows that begin ``pk, status, resolved_at, reopen_count``):
    cluster, times, GPUs, costs and metrics (``exported``).

    Settled incidents (closed for over an hour, never reopened since) no longer change, so
    their values are stored in PostgreSQL (``SettledIncidentMetrics``) by the first reader
    that sees them settled (the /metrics scrape, the recovery-metrics page), and every later
    read (from any process, after any cache flush) takes them in one query and computes
    only the incidents still in motion. A stored row carries the reopen count it was
    computed at: a reopened incident is computed afresh (as is a row stored before the
    values held ``fault_at``).
    """
    settled = _settled(light, now)
    return _with_stored(light, settled, _found(list(settled)), now)


# What was found stored for an incident: (the reopen count it was computed at, whether it is in
# the current format (it holds fault_at), the values).
Found = dict[int, tuple[int, bool, dict[str, Any]]]


def _found(pks: list[int]) -> Found:
    return {
        pk: (reopened, v.get("format") == FORMAT, v)
        for i in range(0, len(pks), 5000)
        for pk, reopened, v in _stored(pks[i : i + 5000])
    }


def _settled(light: Sequence[tuple[Any, ...]], now: dt.datetime) -> dict[int, int]:
    """The settled incidents of ``light`` and their reopen counts."""
    return {
        pk: reopened
        for pk, status, resolved, reopened, *_ in light
        if status in CLOSED and resolved is not None and resolved < now - SETTLED_AFTER
    }


def _with_stored(
    light: Sequence[tuple[Any, ...]],
    settled: dict[int, int],
    found: Found,
    now: dt.datetime,
) -> dict[int, dict[str, Any]]:
    """The stored values that still hold, the others computed, and the newly settled ones stored."""
    stored: dict[int, dict[str, Any]] = {}
    stale: list[int] = []
    for pk, (reopened, current, values) in found.items():
        if pk not in settled:
            continue
        if reopened == settled[pk] and current:
            stored[pk] = values
        else:
            stale.append(pk)
    computed = _computed([pk for pk, *_ in light if pk not in stored])
    _store({pk: v for pk, v in computed.items() if pk in settled}, settled, stale, now)
    return stored | computed


def _store(
    values: dict[int, dict[str, Any]], settled: dict[int, int], stale: list[int], now: dt.datetime
) -> None:
    """Keep newly settled incidents' values; two scrapes racing write the same numbers (conflicts ignored)."""
    if stale:
        SettledIncidentMetrics.objects.filter(incident_id__in=stale).delete()
    SettledIncidentMetrics.objects.bulk_create(
        [
            SettledIncidentMetrics(incident_id=pk, reopen_count=settled[pk], values=v, computed_at=now)
            for pk, v in values.items()
        ],
        batch_size=BATCH,
        ignore_conflicts=True,
    )


# The incidents a window's report covers, newest first; beyond this many the report says so.
MAX_WINDOW_INCIDENTS = 50_000
PER_PAGE = 100  # rows of the per-incident table on one page
_LIGHT = ("pk", "status", "resolved_at", "reopen_count", "category")  # of every incident in the window
_SHOWN = ("pk", "culprit_node", "culprit_gpu", "pattern", "jobs", "operator_verdict")  # of the rows shown


def window_incidents(cluster: Cluster | None, window: str, now: dt.datetime) -> QuerySet[Incident]:
    qs = Incident.objects.filter(detected_at__gte=now - WINDOWS.get(window, WINDOWS[DEFAULT_WINDOW]))
    if cluster is not None:
        qs = qs.filter(cluster=cluster)
    return qs.order_by("-detected_at", "-pk")


def _rows(items: Sequence[tuple[tuple[Any, ...], dict[str, Any]]]) -> list[dict[str, Any]]:
    """Rows of ``incident_rows`` rebuilt from incidents' light columns and their stored values
    (what only the rows show is read for these incidents alone)."""
    pks = [x[0] for x, _ in items]
    shown = {r[0]: r[1:] for r in Incident.objects.filter(pk__in=pks).values_list(*_SHOWN)}
    partial = [x[0] for x, v in items if "detected_at" not in v]  # summary-only values (_window)
    whole = {pk: v for pk, _, v in _stored(partial)} if partial else {}
    rows = []
    for (pk, status, _, _, category), v in items:
        v = whole.get(pk, v)
        node, gpu, pattern, jobs, verdict = shown[pk]
        rows.append(
            {
                "id": pk,
                "cluster": v["cluster"],
                "detected_at": dt.datetime.fromisoformat(v["detected_at"]),
                "fault_at": dt.datetime.fromisoformat(v["fault_at"]),
                "status": status,
                "category": category,
                "culprit": culprit_label(node, gpu),
                "pattern": pattern,
                "jobs": list(jobs or []),
                "verdict": verdict,
                "metrics": _metrics_of(v),
                "gpus": v["gpus"],
                "lost_time_s": v["lost_time_s"],
                "lost_gpu_hours": v["lost_gpu_hours"],
            }
        )
    return rows


# What the window's summary reads of each stored value; the rows shown read the rest.
_SUMMARY_KEYS = ("lost_gpu_hours", "job", "lost_from", "lost_until", *metrics.METRIC_NAMES)


def _window(
    cluster: Cluster | None, window: str, now: dt.datetime
) -> tuple[list[tuple[Any, ...]], dict[int, int], Found]:
    """The window's incidents (``_LIGHT`` rows, newest first, one more than the cap), which of them
    have settled (pk -> reopen count), and the stored values found for those.

    On PostgreSQL one query joins them and says in SQL which have settled, reading of the stored
    values only what the summary needs, as typed columns (~25 ms for a week's 7,800 incidents,
    against ~70 ms for the incidents and their values read apart). Its rows carry no
    ``resolved_at`` (None) and its values no times: ``_rows`` completes the rows it shows."""
    since = now - WINDOWS.get(window, WINDOWS[DEFAULT_WINDOW])
    if connection.vendor != "postgresql":
        light = list(window_incidents(cluster, window, now).values_list(*_LIGHT)[: MAX_WINDOW_INCIDENTS + 1])
        settled = _settled(light, now)
        return light, settled, _found(list(settled))
    inc = connection.ops.quote_name(Incident._meta.db_table)
    table = connection.ops.quote_name(SettledIncidentMetrics._meta.db_table)
    where, params = "i.detected_at >= %s", [since]
    if cluster is not None:
        where, params = where + " AND i.cluster_id = %s", [*params, cluster.pk]
    cols = ", ".join(f"(s.values->>'{k}')::{_VALUE_TYPES[k]}" for k in _SUMMARY_KEYS)
    with connection.cursor() as cur:
        cur.execute(
            "SELECT i.id, i.status, i.reopen_count, i.category, i.cluster_id,"
            " (i.status = ANY(%s) AND i.resolved_at < %s),"
            f" s.reopen_count, coalesce((s.values->>'format')::bigint = {FORMAT}, false), {cols}"
            f" FROM {inc} i LEFT JOIN {table} s ON s.incident_id = i.id WHERE {where}"
            " ORDER BY i.detected_at DESC, i.id DESC LIMIT %s",
            [list(CLOSED), now - SETTLED_AFTER, *params, MAX_WINDOW_INCIDENTS + 1],
        )
        rows = cur.fetchall()
    names = dict(Cluster.objects.values_list("pk", "name"))
    light, settled, found = [], {}, {}
    for row in rows:  # a week's 7,800: one dict each, the values sliced off the row (not unpacked)
        pk, status, reopened, category, cluster_id, is_settled, stored_reopen, current = row[:8]
        light.append((pk, status, None, reopened, category))
        if is_settled:
            settled[pk] = reopened
        if stored_reopen is not None:
            v = dict(zip(_SUMMARY_KEYS, row[8:], strict=True))
            v["cluster"] = names.get(cluster_id, "")
            found[pk] = (stored_reopen, current, v)
    return light, settled, found


def _metrics_of(v: dict[str, Any]) -> metrics.IncidentMetrics:
    return metrics.IncidentMetrics(**{k: v.get(k) for k in metrics.METRIC_NAMES})


def metrics_report(
    cluster: Cluster | None, window: str, now: dt.datetime, page: int | None = None
) -> dict[str, Any]:
    """Every incident of the window (up to MAX_WINDOW_INCIDENTS, newest first): their metrics'
    summary, latency per category and what faults cost per cluster, and the rows of every
    incident, or of one ``page`` of PER_PAGE. Settled incidents' values are read back
    (``incident_values_for``), so a week of history costs a few queries, not a recomputation."""
    light, settled, found = _window(cluster, window, now)
    capped = len(light) > MAX_WINDOW_INCIDENTS
    light = light[:MAX_WINDOW_INCIDENTS]
    values = _with_stored(light, settled, found, now)
    items = [(x, values[x[0]]) for x in light if x[0] in values]
    if page is not None:  # past the end: the last page
        page = min(max(1, page), max(1, -(-len(items) // PER_PAGE)))
    shown = items if page is None else items[(page - 1) * PER_PAGE : page * PER_PAGE]
    since = now - WINDOWS.get(window, WINDOWS[DEFAULT_WINDOW])
    clusters = [cluster] if cluster is not None else list(Cluster.objects.order_by("name"))
    by_category = recovery.by_category((x[4], v.get("detection_latency_s")) for x, v in items)
    return {
        "rows": _rows(shown),
        "total": len(items),
        "page": page,
        "capped": capped,
        "summary": metrics.aggregate_values(v for _, v in items),
        "latency_by_category": {cat: metrics.summarise(vals) for cat, vals in sorted(by_category.items())},
        "clusters": cluster_recovery([v for _, v in items], clusters, since, now),
    }


def incident_metrics(incident: Incident) -> metrics.IncidentMetrics:
    """The metrics box on one incident's page."""
    return incident_rows([incident.pk])[0]["metrics"]


def report_json(report: dict[str, Any]) -> dict[str, Any]:
    """The JSON the plots draw: ISO times, metrics flattened."""

    def iso(at: dt.datetime) -> str:
        return at.astimezone(dt.UTC).isoformat()

    return {
        "labels": metrics.METRIC_LABELS,
        "summary": report["summary"],
        "latency_by_category": report.get("latency_by_category", {}),
        "clusters": report.get("clusters", []),
        "incidents": [
            {k: v for k, v in r.items() if k not in ("metrics", "detected_at", "fault_at")}
            | {"detected_at": iso(r["detected_at"]), "fault_at": iso(r["fault_at"])}
            | r["metrics"].as_dict()
            for r in report["rows"]
        ],
    }


# ---------------------------------------------------------------- readiness


def cluster_readiness(
    cluster: Cluster, now: dt.datetime, levels: dict[str, str] | None = None
) -> list[readiness.Readiness]:
    """Observed precision since the cluster was first watched, per action kind and per detector."""
    groups = _readiness_groups(cluster)
    days = max(0.0, (now - cluster.created_at).total_seconds() / 86400)
    if levels is None:  # per-kind levels where the cluster has them; "" inherits the default
        levels = readiness.kind_levels(cluster)
    replayed = readiness_whatif(cluster, now, levels)
    return readiness.assess_counted(groups, days, levels, cluster.autonomy, whatif=replayed)


def _readiness_groups(cluster: Cluster) -> list[tuple[str, list[str], str, int]]:
    """The cluster's incidents (but dismissed ones nobody judged) counted by (pattern, the distinct
    actions recommended, verdict): PostgreSQL groups a year of 25,000 incidents in ~50 ms, where
    reading them one by one took ~190 ms a cluster page (issue 14)."""
    rows = Incident.objects.filter(cluster=cluster).exclude(status="dismissed", operator_verdict="")
    if connection.vendor != "postgresql":
        actions: dict[int, set[str]] = defaultdict(set)
        for inc_id, action in Recommendation.objects.filter(incident__in=rows).values_list(
            "incident_id", "action"
        ):
            actions[inc_id].add(action)
        counted: Counter[tuple[str, tuple[str, ...], str]] = Counter(
            (pattern, tuple(sorted(actions.get(pk, ()))), verdict)
            for pk, pattern, verdict in rows.values_list("pk", "pattern", "operator_verdict")
        )
        return [(p, list(a), v, n) for (p, a, v), n in counted.items()]
    # Each incident's actions as recommended (repeats, any order, NULL for none): array_agg(DISTINCT)
    # sorted every incident's actions apart, ~10 of the query's ~47 ms at 25,000 incidents. The few
    # groups that come back are merged here by their distinct actions, sorted (issue 14).
    inc, rec = Incident._meta.db_table, Recommendation._meta.db_table
    with connection.cursor() as cur:
        cur.execute(
            "SELECT pattern, acts, operator_verdict, count(*) FROM ("
            f" SELECT i.pattern, i.operator_verdict, array_agg(r.action) AS acts"
            f" FROM {inc} i LEFT JOIN {rec} r ON r.incident_id = i.id"
            " WHERE i.cluster_id = %s AND NOT (i.status = %s AND i.operator_verdict = '')"
            " GROUP BY i.id) t GROUP BY 1, 2, 3",
            [cluster.pk, IncidentStatus.DISMISSED],
        )
        grouped: Counter[tuple[str, tuple[str, ...], str]] = Counter()
        for pattern, acts, verdict, n in cur.fetchall():
            grouped[(pattern, tuple(sorted({a for a in acts if a is not None})), verdict)] += int(n)
    return [(p, list(a), v, n) for (p, a, v), n in grouped.items()]
