"""Checkpoint-aware restarts: what a requeue loses, and the counts its guardrails need.

The decisions themselves are pure (actions.policy.guardrails.check_restart, and the
restart budget's lifecycle in actions.lifecycle.budget); this module only reads the rows
they need, so that the rules stay testable without a database. A job's restarts by us
are read from one place, its audit trail, for the policy, the guardrail and the job page.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Q

from actions.choices import ActionKind, RecStatus
from actions.lifecycle import budget
from actions.models import Recommendation
from actions.policy.guardrails import RestartBudget
from incidents.choices import AuditEvent
from incidents.models import AuditRecord
from monitoring.detectors.schema import parse_opt_in
from monitoring.models import Cluster, Job

FACT_FIELDS = ("seq", "event", "outcome", "action", "workload", "recommendation_id", "detail__reason")


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


def restart_facts_at(cluster: Cluster, jobs: Iterable[str]) -> list[tuple[dt.datetime, budget.AuditFact]]:
    """The audit records that can be restarts by us of these jobs, each with when it was written."""
    rows = AuditRecord.objects.filter(
        cluster=cluster.name,
        event=AuditEvent.EXECUTION,
        outcome=RecStatus.SUCCEEDED,
        action__startswith=ActionKind.REQUEUE_JOB,
        workload__in=list(jobs),
    ).values_list("at", *FACT_FIELDS)
    return [(row[0], budget.AuditFact(*row[1:-1], reason=str(row[-1] or ""))) for row in rows]


def restart_facts(cluster: Cluster, jobs: Iterable[str]) -> list[budget.AuditFact]:
    """The audit records that can be restarts by us of these jobs (the pure count decides which are)."""
    return [fact for _, fact in restart_facts_at(cluster, jobs)]


def restarts_by_us(cluster: Cluster, jobs: Iterable[str]) -> dict[str, int]:
    """Each job's restarts by us, for the analyser's policy (jobs never restarted are absent)."""
    return budget.restart_counts(restart_facts(cluster, jobs))


def job_budget(cluster: Cluster, job_id: str, job: Job | None = None) -> budget.Budget:
    """The job's restart budget as every page shows it and every check counts it."""
    job = job if job is not None else _job(cluster, job_id)
    opt_in = parse_opt_in(job.comment if job else "")
    facts = restart_facts(cluster, [job_id])
    return budget.budget_of(job_id, opt_in.opted_in, opt_in.max_requeues, facts)


def _checkpoints_newest_first(ids: tuple[int, ...]) -> list[int | None]:
    steps = dict(Recommendation.objects.filter(pk__in=ids).values_list("pk", "checkpoint_step"))
    return [steps.get(i) for i in reversed(ids)]


def restart_budget(rec: Recommendation) -> RestartBudget:
    """What the restart guardrail checks: the job's budget (audit-counted) and its restart storm."""
    job = _job(rec.cluster, rec.job)
    opt_in = parse_opt_in(job.comment if job else "")
    ids = tuple(
        i for i in budget.restarts_by_us(restart_facts(rec.cluster, [rec.job]), rec.job) if i != rec.pk
    )
    current = job.last_checkpoint_step if job else None
    stuck = 0
    for step in _checkpoints_newest_first(ids):  # how many in a row found the job at this same checkpoint
        if step != current:
            break
        stuck += 1
    return RestartBudget(
        job=rec.job,
        opted_in=opt_in.opted_in,
        max_requeues=opt_in.max_requeues,
        requeues_by_us=len(ids),
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


@dataclass(frozen=True)
class _Said:
    """One decision that named a job's budget, as its own audit record has it."""

    seq: int
    at: dt.datetime
    recommendation_id: int
    job: str
    text: str
    by_guard: bool  # the restart guardrail's refusal (else the policy's notice)


def _decisions_naming_budget(cluster: Cluster) -> list[_Said]:
    """The policy's "budget is spent (n/m)" notices and the guardrail's "already requeued n times"
    refusals of the cluster's recommendations, from the audit records that wrote them."""
    named = Recommendation.objects.filter(cluster=cluster).exclude(job="")
    named = named.filter(Q(text__contains="budget is spent") | Q(blocked_reason__contains="already requeued"))
    job_of = dict(named.values_list("pk", "job"))
    if not job_of:
        return []
    rows = AuditRecord.objects.filter(
        recommendation_id__in=list(job_of), outcome__in=[RecStatus.PROPOSED, RecStatus.BLOCKED]
    ).values_list("seq", "at", "recommendation_id", "outcome", "detail")
    out = []
    for seq, at, rec_id, outcome, detail in rows:
        by_guard = outcome == RecStatus.BLOCKED
        text = str((detail or {}).get("reason" if by_guard else "text") or "")
        out.append(_Said(seq, at, rec_id, job_of[rec_id], text, by_guard))
    return out


def _trail_when(said: _Said, timed: list[tuple[dt.datetime, budget.AuditFact]]) -> list[budget.AuditFact]:
    """The job's trail as the decision read it: the guardrail reads every record before its refusal
    but the recommendation's own; the policy counted at the start of its tick (records before it)."""
    return [
        f
        for at, f in timed
        if f.workload == said.job
        and f.seq < said.seq
        and (f.recommendation_id != said.recommendation_id if said.by_guard else at < said.at)
    ]


def budget_violations(cluster: Cluster) -> list[str]:
    """The restart budget's invariants against the database: every job of the cluster that we restarted,
    and every decision (the policy's notice, the guardrail's refusal) that named a job's budget."""
    jobs = {j.slurm_id: j for j in Job.objects.filter(cluster=cluster)}
    timed = [(at, f) for at, f in restart_facts_at(cluster, jobs) if f.workload in jobs]
    facts = [f for _, f in timed]
    out: list[str] = []
    for job_id in budget.restart_counts(facts):
        shown = job_budget(cluster, job_id, jobs[job_id])
        for why in (
            budget.restart_budget_is_one_function_of_audit(shown.used, job_id, facts),
            budget.never_more_restarts_than_budget(shown),
        ):
            if why is not None:
                out.append(f"{cluster.name}: {why}")
    for said in _decisions_naming_budget(cluster):
        job = jobs.get(said.job)
        if job is None:
            continue  # a job no longer known: neither its limit nor its trail is read here
        limit = parse_opt_in(job.comment).max_requeues
        why = budget.decision_names_the_audit_count(said.text, said.job, limit, _trail_when(said, timed))
        if why is not None:
            out.append(f"{cluster.name}: recommendation #{said.recommendation_id}: {why}")
    return out
