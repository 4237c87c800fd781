"""Gather what the metrics and readiness code computes on: a thin layer over the rows.

actions/evaluation/metrics.py and readiness.py are pure; this module reads incidents,
their recommendations (with history), the audit records that matter and the jobs, and
hands plain values over. A few queries per page, whatever the number of incidents.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from django.db.models import Prefetch

from actions.choices import MUTATING_ACTIONS, RecStatus
from actions.evaluation import metrics, readiness, recovery
from actions.models import Recommendation, RecommendationTransition
from actions.services.whatif import readiness_whatif
from incidents.models import AuditRecord, Incident
from monitoring.detectors.schema import parse_opt_in
from monitoring.models import Cluster, Job

WINDOWS = {"24h": dt.timedelta(hours=24), "7d": dt.timedelta(days=7)}
DEFAULT_WINDOW = "24h"


def _first_awaiting(rec: Recommendation) -> dt.datetime | None:
    return next((t.at for t in rec.transitions.all() if t.new == RecStatus.AWAITING_APPROVAL), None)


def _progress_from_job(incident: Incident, job: Job | None) -> tuple[int | None, int | None]:
    """(step, checkpoint) from the job row, trusted only while the job printed nothing since detection
    (after a restart the row shows the new run's steps)."""
    if job and (job.last_progress_at is None or job.last_progress_at <= incident.detected_at):
        return job.last_step, job.last_checkpoint_step
    return None, None


def timeline(
    incident: Incident, recs: Sequence[Recommendation], audit: Sequence[AuditRecord], jobs: dict[str, Job]
) -> metrics.Timeline:
    """One incident's timeline from its rows (recommendations with transitions prefetched)."""
    mutating = [r for r in recs if r.action in MUTATING_ACTIONS]
    executed = [r.executed_at for r in mutating if r.executed_at]
    asked = next(((r, at) for r in mutating if (at := _first_awaiting(r)) is not None), None)
    healthy = next((a.at for a in audit if a.event == "verification" and a.outcome == "healthy"), None)
    lines = [e.text for e in incident.evidence.all()]
    evidence_at, evidence_step = metrics.signal_from_evidence(incident.detected_at, lines)
    step, checkpoint = metrics.progress_from_text([r.text for r in recs if r.action == "requeue_job"])
    if step is None:
        job_step, job_checkpoint = _progress_from_job(incident, jobs.get((incident.jobs or [""])[0]))
        step = job_step if job_step is not None else evidence_step
        checkpoint = checkpoint if checkpoint is not None else job_checkpoint
    return metrics.Timeline(
        detected_at=incident.detected_at,
        first_signal_at=incident.first_signal_at,
        evidence_signal_at=evidence_at,
        first_action_at=min(executed) if executed else None,
        awaiting_since=asked[1] if asked else None,
        decided_at=asked[0].decided_at if asked else None,
        resumed_at=healthy,
        step_at_fault=step,
        checkpoint_step=checkpoint,
    )


def _recs_prefetch() -> Prefetch[Any]:
    return Prefetch(
        "recommendations",
        queryset=Recommendation.objects.order_by("created_at", "id").prefetch_related(
            Prefetch("transitions", queryset=RecommendationTransition.objects.order_by("at", "id"))
        ),
    )


def _audit_by_incident(ids: list[int]) -> dict[int, list[AuditRecord]]:
    out: dict[int, list[AuditRecord]] = defaultdict(list)
    rows = AuditRecord.objects.filter(incident_id__in=ids, event="verification").order_by("seq")
    for rec in rows:
        out[rec.incident_id or 0].append(rec)
    return out


def _jobs(cluster_ids: set[int], incidents: Sequence[Incident]) -> dict[tuple[int, str], Job]:
    wanted = {j for i in incidents for j in (i.jobs or [])[:1]}
    rows = Job.objects.filter(cluster_id__in=cluster_ids, slurm_id__in=wanted)
    return {(j.cluster_id, j.slurm_id): j for j in rows}


def incident_rows(incidents: Sequence[Incident]) -> list[dict[str, Any]]:
    """Per incident: what it was and its metrics, as plain values (for tables, JSON and plots)."""
    audit = _audit_by_incident([i.pk for i in incidents])
    jobs = _jobs({i.cluster_id for i in incidents}, incidents)
    rows = []
    for inc in incidents:
        mine = {k[1]: j for k, j in jobs.items() if k[0] == inc.cluster_id}
        t = timeline(inc, list(inc.recommendations.all()), audit.get(inc.pk, []), mine)
        rows.append(
            {
                "id": inc.pk,
                "cluster": inc.cluster.name,
                "detected_at": inc.detected_at,
                "fault_at": metrics.fault_time(t),
                "status": inc.status,
                "category": inc.category,
                "culprit": inc.culprit_label,
                "pattern": inc.pattern,
                "jobs": list(inc.jobs or []),
                "verdict": inc.operator_verdict,
                "metrics": metrics.compute(t),
            }
            | _cost(inc, t, mine.get((inc.jobs or [""])[0]))
        )
    return rows


def _cost(inc: Incident, t: metrics.Timeline, job: Job | None) -> dict[str, Any]:
    """Lost time and GPU-hours: the job's GPUs × (time since its checkpoint + time until progress again)."""
    gpus = len(job.node_list) * inc.cluster.gpus_per_node if job else 0
    fault = metrics.fault_time(t)
    ckpt = job.last_checkpoint_at if job else None
    lost = recovery.lost_time_s(fault, ckpt, t.resumed_at)
    return {"gpus": gpus, "lost_time_s": lost, "lost_gpu_hours": recovery.gpu_hours(gpus, lost)}


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
    """Per cluster over the window: lost GPU-hours, allocated GPU-hours of opted-in jobs, and their ETTR."""
    allocs = allocations({c.pk for c in clusters}, since, until)
    out = []
    for c in clusters:
        lost_h = sum(r["lost_gpu_hours"] or 0.0 for r in rows if r["cluster"] == c.name)
        allocated_s = recovery.allocated_gpu_s(allocs.get(c.pk, []), since, until)
        out.append(
            {
                "cluster": c.name,
                "lost_gpu_hours": round(lost_h, 3),
                "allocated_gpu_hours": round(allocated_s / 3600, 3),
                "ettr": recovery.ettr(allocated_s, lost_h * 3600),
            }
        )
    return out


def latency_by_category(rows: Sequence[dict[str, Any]]) -> dict[str, dict[str, float | int | None]]:
    """Detection latency from the fault's first sign, summarised per incident category."""
    groups = recovery.by_category((r["category"], r["metrics"].detection_latency_s) for r in rows)
    return {cat: metrics.summarise(vals) for cat, vals in sorted(groups.items())}


def incidents_in_window(cluster: Cluster | None, window: str, now: dt.datetime) -> list[Incident]:
    qs = Incident.objects.filter(detected_at__gte=now - WINDOWS.get(window, WINDOWS[DEFAULT_WINDOW]))
    if cluster is not None:
        qs = qs.filter(cluster=cluster)
    qs = qs.select_related("cluster").prefetch_related("evidence", _recs_prefetch())
    return list(qs.order_by("-detected_at")[:2000])


def metrics_report(cluster: Cluster | None, window: str, now: dt.datetime) -> dict[str, Any]:
    rows = incident_rows(incidents_in_window(cluster, window, now))
    since = now - WINDOWS.get(window, WINDOWS[DEFAULT_WINDOW])
    clusters = [cluster] if cluster is not None else list(Cluster.objects.order_by("name"))
    return {
        "rows": rows,
        "summary": metrics.aggregate(r["metrics"] for r in rows),
        "latency_by_category": latency_by_category(rows),
        "clusters": cluster_recovery(rows, clusters, since, now),
    }


def incident_metrics(incident: Incident) -> metrics.IncidentMetrics:
    """The metrics box on one incident's page."""
    fresh = (
        Incident.objects.select_related("cluster")
        .prefetch_related("evidence", _recs_prefetch())
        .get(pk=incident.pk)
    )
    return incident_rows([fresh])[0]["metrics"]


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
    rows = Incident.objects.filter(cluster=cluster).exclude(status="dismissed", operator_verdict="")
    actions: dict[int, list[str]] = defaultdict(list)
    for inc_id, action in Recommendation.objects.filter(incident__in=rows).values_list(
        "incident_id", "action"
    ):
        actions[inc_id].append(action)
    triples = [
        (pattern, actions.get(pk, []), verdict)
        for pk, pattern, verdict in rows.values_list("pk", "pattern", "operator_verdict")
    ]
    days = max(0.0, (now - cluster.created_at).total_seconds() / 86400)
    if levels is None:  # per-kind levels where the cluster has them; "" inherits the default
        levels = {k: v for k in ("isolation", "restart") if (v := getattr(cluster, f"{k}_autonomy", ""))}
    replayed = readiness_whatif(cluster, now, levels)
    return readiness.assess_all(triples, days, levels, cluster.autonomy, whatif=replayed)
