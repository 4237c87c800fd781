"""Pure recovery policy: an incident's verdict -> recommendations.

The category table of FORMAT.md, honouring each job's opt-in: a job is
requeued only when its ``--comment`` opts in with ``max_requeues > 0`` and it
has restarts left. Software faults are never restarted (the restart would
repeat the failure): the owner is told. Shared-infrastructure faults are
escalated to people, never acted on per node. A hang's suspect is excluded
from the requeue but drained only when history already named it suspect.
Guardrails (drain rate, partition share, storm breaker) and autonomy levels
are applied later, by the caller, not here.
"""

from __future__ import annotations

from dataclasses import dataclass

from actions.lifecycle.budget import Budget, Standing
from actions.policy.proposal import DRAIN, ESCALATE, NOTIFY, REQUEUE, Proposal
from monitoring import vocabulary as words
from monitoring.detectors.schema import RecoveryOptIn

NODE_CATEGORIES = words.NODE_CATEGORIES

__all__ = ["JobFacts", "Proposal", "recommend", "DRAIN", "REQUEUE", "NOTIFY", "ESCALATE"]


@dataclass(frozen=True)
class JobFacts:
    """What the policy needs to know about one affected job."""

    job: str
    user: str
    opt_in: RecoveryOptIn
    restarts_used: int = 0  # restarts by us, from the audit trail (actions.lifecycle.budget)
    finished_ok: bool = False  # completed or cancelled: nothing to requeue
    checkpoint_step: int | None = None

    @property
    def budget(self) -> Budget:
        return Budget(self.job, self.opt_in.opted_in, self.opt_in.max_requeues, self.restarts_used)

    @property
    def may_requeue(self) -> bool:
        return self.budget.standing == Standing.WITHIN and not self.finished_ok


@dataclass(frozen=True)
class Decision:
    """The verdict the policy decides on."""

    category: str
    culprit: str | None
    jobs: tuple[JobFacts, ...]
    suspect_before: str | None = None  # why history already named the culprit, if it did
    summary: str = ""
    awaiting_suspect: bool = False  # a hang (or network errors) whose job still runs: no node named yet
    repeats: bool = True  # software: a restart would repeat it (False: killed from outside, not shown)


def recommend(d: Decision) -> tuple[Proposal, ...]:
    """Recommendations for one incident, in the order an operator would apply them."""
    if d.category == "software":
        return tuple(_notify(j, d) for j in d.jobs) or (Proposal(NOTIFY, text=d.summary),)
    if d.category == "infrastructure":
        jobs = ", ".join(j.job for j in d.jobs) or "none"
        return (Proposal(ESCALATE, text=f"shared infrastructure suspected (jobs {jobs}): {d.summary}"),)
    if d.category in ("hang", "network") and d.culprit is None and d.awaiting_suspect:
        # Requeueing now could land the job on the same bad node again: wait for the
        # collective's timeout to name the node left behind (the verdict is revised then).
        return tuple(_await_suspect(j, d) for j in d.jobs) or (Proposal(NOTIFY, text=d.summary),)
    out: list[Proposal] = []
    drain = d.culprit is not None and (
        d.category in NODE_CATEGORIES or (d.category == "hang" and d.suspect_before)
    )
    if drain and d.culprit is not None:
        out.append(Proposal(DRAIN, node=d.culprit, text=f"{d.category}: {d.summary}"))
    exclude = (d.culprit,) if d.culprit else ()
    for job in d.jobs:
        out.append(_requeue_or_notify(job, exclude, d))
    return tuple(out)


def _await_suspect(job: JobFacts, d: Decision) -> Proposal:
    text = (
        f"job {job.job} ({job.user or 'owner'}) stopped making progress; no suspect node yet, "
        "not requeued until the NCCL watchdog or the missing ranks name one"
    )
    return Proposal(NOTIFY, job=job.job, text=text)


def _notify(job: JobFacts, d: Decision) -> Proposal:
    why = "a restart would repeat it" if d.repeats else "nothing shows a restart would fare better"
    text = f"job {job.job} ({job.user or 'owner'}): {d.summary}; not restarted, {why}"
    return Proposal(NOTIFY, job=job.job, text=text)


def _requeue_or_notify(job: JobFacts, exclude: tuple[str, ...], d: Decision) -> Proposal:
    if job.may_requeue:
        where = f" from step {job.checkpoint_step}" if job.checkpoint_step is not None else ""
        text = f"requeue{where} excluding {', '.join(exclude) or 'no node'}"
        return Proposal(REQUEUE, job=job.job, exclude=exclude, text=text)
    if job.finished_ok:
        why = "it already finished"
    elif not job.opt_in.may_requeue:
        why = "it did not opt in to automatic requeue"
    else:
        why = f"its requeue budget is spent ({job.budget.shown})"
    return Proposal(NOTIFY, job=job.job, text=f"job {job.job} hit by {d.category}; not requeued: {why}")
