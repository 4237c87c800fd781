"""Checkpoint-aware restarts: what a requeue loses, and the counts its guardrails need.

The decisions themselves are pure (actions.guardrails.check_restart); this module
only reads the rows they need, so that the rules stay testable without a database.
"""

from __future__ import annotations

import datetime as dt

from actions.choices import ActionKind, RecStatus
from actions.guardrails import RestartBudget
from actions.models import Recommendation
from monitoring.detectors.schema import parse_opt_in
from monitoring.models import Cluster, Job


def _job(cluster: Cluster, job_id: str) -> Job | None:
    return Job.objects.filter(cluster=cluster, slurm_id=job_id).first()


def progress_loss(cluster: Cluster, job_id: str) -> str:
    """How much a restart of this job loses, in steps and time since its last checkpoint."""
    job = _job(cluster, job_id)
    if job is None:
        return "progress lost on restart: unknown (job not seen yet)"
    if job.last_checkpoint_step is None:
        lost = f"all {job.last_step} steps" if job.last_step is not None else "all progress"
        return f"no checkpoint seen: a restart starts over and loses {lost}; needs an operator's approval"
    steps = max(0, (job.last_step or job.last_checkpoint_step) - job.last_checkpoint_step)
    text = f"a restart loses {steps} steps since the checkpoint at step {job.last_checkpoint_step}"
    if job.last_checkpoint_at and job.last_progress_at and job.last_progress_at >= job.last_checkpoint_at:
        text += (
            f" (about {(job.last_progress_at - job.last_checkpoint_at).total_seconds():.0f} s of training)"
        )
    return text


def without_checkpoint(rec: Recommendation) -> str | None:
    """A requeue that would lose everything waits for a person, even in auto."""
    if rec.action != ActionKind.REQUEUE_JOB:
        return None
    job = _job(rec.cluster, rec.job)
    if job is not None and job.last_checkpoint_step is not None:
        return None
    return f"no checkpoint seen for job {rec.job}: a restart would lose all progress, so it needs an operator's approval"


def _our_requeues(rec: Recommendation) -> list[Recommendation]:
    return list(
        Recommendation.objects.filter(
            cluster=rec.cluster, action=ActionKind.REQUEUE_JOB, job=rec.job, status=RecStatus.SUCCEEDED
        )
        .exclude(pk=rec.pk)
        .order_by("-finished_at", "-id")
    )


def restart_budget(rec: Recommendation) -> RestartBudget:
    job = _job(rec.cluster, rec.job)
    opt_in = parse_opt_in(job.comment if job else "")
    done = _our_requeues(rec)
    current = job.last_checkpoint_step if job else None
    stuck = 0
    for earlier in done:  # newest first: how many in a row found the job at this same checkpoint
        if earlier.checkpoint_step != current:
            break
        stuck += 1
    return RestartBudget(
        job=rec.job,
        opted_in=opt_in.opted_in,
        max_requeues=opt_in.max_requeues,
        requeues_by_us=len(done),
        requeues_without_progress=stuck,
        restart_storm_limit=rec.cluster.restart_storm_limit,
    )


def note_checkpoint(rec: Recommendation) -> None:
    """Remember the checkpoint a requeue restarted from (the restart-storm guardrail compares them)."""
    if rec.action != ActionKind.REQUEUE_JOB:
        return
    job = _job(rec.cluster, rec.job)
    step = job.last_checkpoint_step if job else None
    Recommendation.objects.filter(pk=rec.pk).update(checkpoint_step=step)
    rec.checkpoint_step = step


def recent_requeue_of(cluster: Cluster, job_id: str, since: dt.datetime) -> Recommendation | None:
    return (
        Recommendation.objects.filter(
            cluster=cluster,
            action=ActionKind.REQUEUE_JOB,
            job=job_id,
            status=RecStatus.SUCCEEDED,
            finished_at__gte=since,
        )
        .order_by("-finished_at")
        .first()
    )
