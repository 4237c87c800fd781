"""A job's restart budget: one function of its audit trail, the same on every page and in every check.

Why the audit trail: a restart by us is an action, and every action we take writes one
append-only record ("execution", outcome "succeeded", action "requeue_job <job>"). The
scheduler's own restart counter (Slurm's ``restart_cnt``) and the restarts the pipeline
sees (a job that starts again, for whatever reason) count other things: Slurm's own
requeues, a pending job's first start, a re-read after lost memory. When the policy
counted those and the job page counted Slurm's number, "budget is spent (3/2)" stood
next to "Restarts by us: 1". Now both read :func:`restarts_by_us`, which counts each of
our requeues once (by its recommendation), however often its record is read.

The lifecycle, as a table: a job that opted in is ``within`` its budget until its
``max_requeues`` restarts by us are done, then ``spent``; a job that did not opt in
(or allows 0) is ``not_opted_in``. The only transition is a restart by us, allowed only
``within``: who causes it is the controller (auto) or an operator's approval, and both
pass the same guard (:func:`why_not_restart`, the restart guardrail).

Pure: no Django, no I/O, no clock.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum

from monitoring.vocabulary import ActionKind

EXECUTION = "execution"  # incidents.choices.AuditEvent.EXECUTION
SUCCEEDED = "succeeded"  # actions.choices.RecStatus.SUCCEEDED


@dataclass(frozen=True)
class AuditFact:
    """The fields of one audit record that the budget reads."""

    seq: int
    event: str
    outcome: str
    action: str
    workload: str
    recommendation_id: int | None
    reason: str = ""  # the execution's "outcome: message" (detail.reason)


# An execution that found its effect already there ("already pending, excluding ..."): the
# executor changed nothing, so it restarted nothing (a second requeue of the same failure).
CHANGED_NOTHING = "already:"


def is_restart_by_us(fact: AuditFact) -> bool:
    """A requeue we carried out: its execution record, succeeded, and the executor acted."""
    return (
        fact.event == EXECUTION
        and fact.outcome == SUCCEEDED
        and fact.action.split(" ", 1)[0] == ActionKind.REQUEUE_JOB
        and bool(fact.workload)
        and not (fact.reason or "").startswith(CHANGED_NOTHING)
    )


def restarts_by_us(facts: Iterable[AuditFact], job: str) -> tuple[int, ...]:
    """Our restarts of ``job``, oldest first, each once: the recommendations whose requeue succeeded."""
    seen: dict[int, int] = {}
    for fact in sorted(facts, key=lambda f: f.seq):
        if fact.workload == job and is_restart_by_us(fact):
            seen.setdefault(
                fact.recommendation_id if fact.recommendation_id is not None else -fact.seq, fact.seq
            )
    return tuple(rec for rec, _ in sorted(seen.items(), key=lambda kv: kv[1]))


def restart_counts(facts: Iterable[AuditFact]) -> dict[str, int]:
    """Every job's count at once (the analyser's tick): the same function, job by job."""
    facts = list(facts)
    jobs = {f.workload for f in facts if is_restart_by_us(f)}
    return {job: len(restarts_by_us(facts, job)) for job in sorted(jobs)}


# ---------------------------------------------------------------- the lifecycle


class Standing(StrEnum):
    NOT_OPTED_IN = "not_opted_in"
    WITHIN = "within"
    SPENT = "spent"


class Event(StrEnum):
    RESTARTED_BY_US = "restarted_by_us"


# Who may cause each transition: the controller under an "auto" ladder, or an operator's approval.
CAUSED_BY = {Event.RESTARTED_BY_US: ("controller", "operator")}


@dataclass(frozen=True)
class Budget:
    """A job's restart budget as shown and checked: ``used`` of ``limit`` restarts by us."""

    job: str
    opted_in: bool
    limit: int
    used: int

    @property
    def standing(self) -> Standing:
        if not self.opted_in or self.limit <= 0:
            return Standing.NOT_OPTED_IN
        return Standing.WITHIN if self.used < self.limit else Standing.SPENT

    @property
    def left(self) -> int:
        return max(0, self.limit - self.used) if self.standing != Standing.NOT_OPTED_IN else 0

    @property
    def shown(self) -> str:
        """The one spelling of the count, "used/limit", for every page and message."""
        return f"{self.used}/{self.limit}"


def budget_of(job: str, opted_in: bool, limit: int, facts: Iterable[AuditFact]) -> Budget:
    return Budget(job=job, opted_in=opted_in, limit=limit, used=len(restarts_by_us(facts, job)))


def _guard_within(b: Budget) -> str | None:
    if b.standing == Standing.NOT_OPTED_IN:
        return f"job {b.job} did not opt in to automatic requeue"
    if b.standing == Standing.SPENT:
        return f"its requeue budget is spent ({b.shown})"
    return None


# (standing, event) -> the guard that must pass; a pair not in the table is not allowed.
TRANSITIONS: dict[tuple[Standing, Event], Callable[[Budget], str | None]] = {
    (Standing.WITHIN, Event.RESTARTED_BY_US): _guard_within,
}


def why_not_restart(b: Budget) -> str | None:
    """Why one more restart by us is not allowed (None: it is)."""
    guard = TRANSITIONS.get((b.standing, Event.RESTARTED_BY_US))
    return _guard_within(b) if guard is None else guard(b)


class Refused(ValueError):
    """A transition the table does not allow."""


def restarted(b: Budget) -> Budget:
    """The transition: one more restart by us. Refused when its guard fails."""
    why = why_not_restart(b)
    if why is not None:
        raise Refused(why)
    return Budget(job=b.job, opted_in=b.opted_in, limit=b.limit, used=b.used + 1)


# ---------------------------------------------------------------- invariants (None: holds)


def restart_budget_is_one_function_of_audit(
    shown_used: int, job: str, facts: Iterable[AuditFact]
) -> str | None:
    """What a page or a message shows as "restarts by us" is the count of the audit trail."""
    counted = len(restarts_by_us(facts, job))
    if shown_used == counted:
        return None
    return f"job {job}: {shown_used} restarts by us shown, {counted} in the audit trail"


def never_more_restarts_than_budget(b: Budget) -> str | None:
    """We never restart a job more often than its opt-in allows."""
    allowed = b.limit if b.standing != Standing.NOT_OPTED_IN else 0
    if b.used <= allowed:
        return None
    return f"job {b.job}: restarted {b.used} times by us, its budget allows {allowed}"


# How a decision names the budget: the policy's notice ("its requeue budget is spent (n/m)", on the
# incident page and in the API) and the restart guardrail's refusal ("already requeued n times (its
# limit is m)", the recommendation's blocked reason).
SAID_SPENT = re.compile(r"budget is spent \((\d+)/(\d+)\)")
SAID_REQUEUED = re.compile(r"already requeued (\d+) times \(its limit is (\d+)\)")


def decision_names_the_audit_count(
    text: str, job: str, limit: int, facts_before: Iterable[AuditFact]
) -> str | None:
    """A decision that names the job's budget names this module's count of the audit trail as it
    stood when the decision was made (``facts_before``), and the job's own limit: never a second
    count (the restarts the pipeline saw, Slurm's ``restart_cnt``) beside the job page's."""
    said = SAID_SPENT.search(text) or SAID_REQUEUED.search(text)
    if said is None:
        return None
    used, of = int(said.group(1)), int(said.group(2))
    counted = len(restarts_by_us(facts_before, job))
    if (used, of) == (counted, limit):
        return None
    return (
        f"job {job}: a decision says {said.group(0)!r}, but the audit trail had {counted} restarts "
        f"by us of {limit} allowed ({counted}/{limit}) when it was made"
    )


INVARIANTS = (
    restart_budget_is_one_function_of_audit,
    never_more_restarts_than_budget,
    decision_names_the_audit_count,
)
