"""One analyser tick for one cluster: collect → detect/attribute → decide → act → verify.

A per-cluster Redis lock keeps one analyser per cluster at a time on any worker.
The pure pipeline's memory is loaded from Redis, fed the events collected since
the last tick, and saved back; its verdicts become incidents and recommendations.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from actions.pipeline import Pipeline
from actions.services.overtaken import supersede_overtaken
from actions.services.recommendations import merge_incident, sync_recommendations
from actions.services.remediation import verify_remediations
from actions.services.returns import auto_return_nodes
from actions.services.storm import check_storm_breaker
from actions.services.verification import reopen_failed_restarts, verify_mitigations
from incidents.services import apply_incident_update
from monitoring.detectors.hostlist import expand
from monitoring.detectors.schema import HistoryEntry, JobSpec
from monitoring.models import Cluster
from monitoring.redis_store import get_redis, key
from monitoring.services import sync_inventory
from monitoring.sources import JobView, Source
from monitoring.sources.registry import open_source
from monitoring.telemetry.store import record_samples

log = logging.getLogger(__name__)


@dataclass
class TickReport:
    events: int
    updates: int
    recovered: int


def job_spec(j: JobView) -> JobSpec:
    return JobSpec(
        id=j.id,
        name=j.name,
        user=j.user,
        nodes=tuple(expand(j.nodes)),
        tasks_per_node=j.tasks_per_node,
        started=j.started,
        comment=j.comment,
        partition=j.partition,
    )


def _history(cluster: Cluster) -> list[HistoryEntry]:
    """Earlier verdicts that blamed a node: "this node keeps showing up"."""
    from incidents.models import Incident

    rows = Incident.objects.filter(cluster=cluster).exclude(culprit_node="").exclude(operator_verdict="false")
    return [
        HistoryEntry(at=r.detected_at.timestamp(), node=r.culprit_node, verdict="suspect", category=r.category)
        for r in rows.order_by("-detected_at")[:500]
    ]


def load_pipeline(cluster: Cluster, source: Source) -> Pipeline:
    raw = get_redis().get(key("pipeline", cluster.state_id))
    if raw:
        try:
            return Pipeline.from_state(json.loads(raw))
        except Exception:  # a state from an older version: start afresh rather than stop watching
            log.warning("cluster %s: pipeline state unreadable, starting fresh", cluster.name, exc_info=True)
    jobs = [job_spec(j) for j in source.jobs() if j.state in ("RUNNING", "PENDING")]
    return Pipeline(source.cluster_spec(), jobs, _history(cluster))


def save_pipeline(cluster: Cluster, pipeline: Pipeline) -> None:
    get_redis().set(key("pipeline", cluster.state_id), json.dumps(pipeline.to_state(), separators=(",", ":")))


def run_cluster_tick(cluster_id: int, now: dt.datetime) -> TickReport | None:
    """Run one tick unless another worker is already analysing this cluster."""
    lock = get_redis().lock(key("lock", cluster_id), timeout=120, blocking_timeout=0)
    if not lock.acquire(blocking=False):
        return None
    try:
        return _tick(Cluster.objects.get(pk=cluster_id), now)
    finally:
        try:
            lock.release()
        except Exception:  # expired under a very slow tick: the next tick simply runs
            log.warning("cluster %s: analyser lock expired before release", cluster_id)


def _tick(cluster: Cluster, now: dt.datetime) -> TickReport:
    t = now.timestamp()
    source = open_source(cluster, t)
    events = source.collect(t)
    pipeline = load_pipeline(cluster, source)
    with transaction.atomic():
        changed_jobs = sync_inventory(cluster, source, events, now)
    record_samples(cluster, events, now)  # after the inventory: a new node's GPU rows exist
    for j in changed_jobs:
        pipeline.upsert_job(job_spec(j))
    updates = pipeline.feed(events, t)
    for upd in updates:
        with transaction.atomic():
            incident, verdict_changed = apply_incident_update(cluster, upd, now)
            check_storm_breaker(cluster, now)  # before routing: a storm must not drain anything
            if upd.superseded_by:
                merge_incident(incident, upd.superseded_by, now)
            elif verdict_changed or not upd.closed:
                # Idempotent: only recommendations the verdict newly makes are created, and
                # open ones it no longer makes are superseded (e.g. a hang whose suspect
                # became known turns "notify" into "requeue excluding the suspect").
                sync_recommendations(incident, [r.to_dict() | {"text": r.text} for r in upd.recommendations], now)
    record_progress(cluster, pipeline)
    supersede_overtaken(cluster, now)
    recovered = verify_mitigations(cluster, pipeline, source, now)
    reopen_failed_restarts(cluster, now)
    verify_remediations(cluster, now)
    auto_return_nodes(cluster, now)
    save_pipeline(cluster, pipeline)
    source.save()
    return TickReport(events=len(events), updates=len(updates), recovered=recovered)


def record_progress(cluster: Cluster, pipeline: Pipeline) -> None:
    """Keep each active job's last step and checkpoint on its row, for pages and verification."""
    from monitoring.models import Job

    for job in Job.objects.filter(cluster=cluster, state="RUNNING"):
        progress = pipeline.job_progress(job.slurm_id)
        ckpt = pipeline.last_checkpoint(job.slurm_id)
        fields: dict[str, Any] = {}
        if progress and progress[1] != job.last_step:
            fields["last_step"] = progress[1]
            fields["last_progress_at"] = dt.datetime.fromtimestamp(progress[0], tz=dt.UTC)
        if ckpt and ckpt[1] != job.last_checkpoint_step:
            fields["last_checkpoint_step"] = ckpt[1]
            fields["last_checkpoint_at"] = dt.datetime.fromtimestamp(ckpt[0], tz=dt.UTC)
        if fields:
            Job.objects.filter(pk=job.pk).update(**fields)
