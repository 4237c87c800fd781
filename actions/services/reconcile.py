"""The reconciler: finish or retry what a crash left between deciding and doing.

An approved recommendation is the outbox row of its own execution: it was written in
the transaction that decided it, and the Celery message sent after commit is only a
hint. Every tick this reconciler

* re-dispatches approved intents nobody picked up within ``RECOVERY_DISPATCH_DEADLINE_S``
  (a worker killed with the message, a broker that refused it), and fails them with
  the reason after ``RECOVERY_MAX_DISPATCHES`` tries;
* for ones left ``executing`` past ``RECOVERY_EXECUTION_DEADLINE_S`` (the worker died
  inside the executor), asks the scheduler what actually happened — node drained with
  our reason? job back in the queue with the exclusion? node rebooting, or booted again
  since the reboot's send-marker? — and finishes them if so, or
  runs them once more (the executors are idempotent), or fails them and escalates.

So no recommendation stays approved or executing forever, and none is carried out twice.
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass, field
from functools import partial

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q, QuerySet

from actions.choices import ActionKind, RecStatus
from actions.executors import ExecResult, executor_for
from actions.lifecycle import recommendation as rec_life
from actions.models import Recommendation
from actions.services import dispatch, execution
from actions.services.remediation import observe_issued
from actions.services.transitions import audit_recommendation, transition_recommendation
from incidents.choices import AuditEvent
from monitoring.models import Cluster

log = logging.getLogger(__name__)
MAX_EXECUTIONS = 1 + rec_life.MAX_RETRIES  # the first try and one retry after the reconciler saw nothing done
# What the reconciler says when it runs something again without the world's answer: only a notice
# (its delivery rows send nothing twice). A mutating action retried with it is carried out twice
# (the invariant ``no_action_carried_out_twice``).
RUN_AGAIN_BLIND = "leaves no trace on the cluster: run again"


@dataclass
class ReconcileReport:
    redispatched: list[int] = field(default_factory=list)
    finished: list[int] = field(default_factory=list)
    retried: list[int] = field(default_factory=list)
    failed: list[int] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        """Whether the reconciler changed anything (an error it could not settle changes nothing)."""
        return bool(self.redispatched or self.finished or self.retried or self.failed)


def reconcile_actions(cluster: Cluster, now: dt.datetime) -> ReconcileReport:
    report = ReconcileReport()
    _undispatched(cluster, now, report)
    _unfinished(cluster, now, report)
    return report


def dispatch_cutoff(now: dt.datetime) -> dt.datetime:
    return now - dt.timedelta(seconds=float(settings.RECOVERY_DISPATCH_DEADLINE_S))


def execution_cutoff(now: dt.datetime) -> dt.datetime:
    return now - dt.timedelta(seconds=float(settings.RECOVERY_EXECUTION_DEADLINE_S))


def undispatched_candidates(cluster: Cluster, cutoff: dt.datetime) -> QuerySet[Recommendation]:
    """Approved intents not picked up since ``cutoff`` (:func:`dispatch_cutoff`)."""
    return Recommendation.objects.filter(cluster=cluster, status=RecStatus.APPROVED).filter(
        Q(dispatched_at__isnull=True) | Q(dispatched_at__lt=cutoff)
    )


def unfinished_candidates(cluster: Cluster, cutoff: dt.datetime) -> QuerySet[Recommendation]:
    """Executions started before ``cutoff`` (:func:`execution_cutoff`) or never stamped, still running."""
    return Recommendation.objects.filter(cluster=cluster, status=RecStatus.EXECUTING).filter(
        Q(executed_at__isnull=True) | Q(executed_at__lt=cutoff)
    )


def _undispatched(cluster: Cluster, now: dt.datetime, report: ReconcileReport) -> None:
    for rec in undispatched_candidates(cluster, dispatch_cutoff(now)).select_related("incident", "cluster"):
        if rec.dispatch_attempts >= int(settings.RECOVERY_MAX_DISPATCHES):
            why = f"never picked up by a worker: dispatched again {rec.dispatch_attempts} times"
            if _fail(rec, why, now):
                report.failed.append(rec.pk)
            continue
        # Claim the re-dispatch by a guarded update: two reconcilers send it once.
        claimed = Recommendation.objects.filter(
            pk=rec.pk, status=RecStatus.APPROVED, dispatched_at=rec.dispatched_at
        ).update(dispatched_at=now, dispatch_attempts=F("dispatch_attempts") + 1)
        if not claimed:
            continue
        audit_recommendation(
            rec,
            AuditEvent.RECOMMENDATION,
            at=now,
            actor=None,
            outcome="re-dispatched",
            detail={
                "why": "approved but not picked up",
                "since": rec.dispatched_at.isoformat() if rec.dispatched_at else None,
                "dispatches": rec.dispatch_attempts,
            },
        )
        transaction.on_commit(partial(dispatch.enqueue_execution, rec.pk))
        report.redispatched.append(rec.pk)


def _unfinished(cluster: Cluster, now: dt.datetime, report: ReconcileReport) -> None:
    for rec in unfinished_candidates(cluster, execution_cutoff(now)).select_related("incident", "cluster"):
        try:
            seen = observe(rec, now)
        except Exception as exc:  # the scheduler cannot say: try again next tick, then give up
            report.errors.append(f"{rec}: {type(exc).__name__}: {exc}")
            log.warning("reconciler: cannot observe %s: %s", rec, exc)
            if rec.executed_at and (now - rec.executed_at).total_seconds() > 3 * float(
                settings.RECOVERY_EXECUTION_DEADLINE_S
            ):
                if _fail(
                    rec,
                    f"outcome unknown: the scheduler could not be asked ({type(exc).__name__}: {exc})",
                    now,
                ):
                    report.failed.append(rec.pk)
            continue
        _settle(rec, seen, now, report)


def observe(rec: Recommendation, now: dt.datetime) -> ExecResult:
    """What the scheduler shows of this recommendation's effect (read-only)."""
    if rec.action == ActionKind.DRAIN_NODE:
        return executor_for(rec.cluster).observe_drain(rec.node, now.timestamp())
    if rec.action == ActionKind.REQUEUE_JOB:
        return executor_for(rec.cluster).observe_requeue(rec.job, list(rec.exclude), now.timestamp())
    if rec.action in (ActionKind.REBOOT_NODE, ActionKind.RESET_GPU):
        return observe_issued(rec, now.timestamp())  # its send-marker and the node's boot: never twice
    # A notice leaves no trace on the cluster: run it again; notify() sends nothing already delivered.
    return ExecResult("absent", f"a notice {RUN_AGAIN_BLIND}, its delivery rows send nothing twice")


def _settle(rec: Recommendation, seen: ExecResult, now: dt.datetime, report: ReconcileReport) -> None:
    if seen.outcome in ("already", "done"):
        with transaction.atomic():
            if transition_recommendation(
                rec,
                RecStatus.SUCCEEDED,
                at=now,
                reason=f"reconciled: {seen.message}",
                result=f"reconciled: {seen.message}"[:4000],
                finished_at=now,
            ):
                execution._after_execution(rec, seen, now)
                report.finished.append(rec.pk)
        return
    if seen.outcome == "superseded":
        if transition_recommendation(
            rec, RecStatus.SUPERSEDED, at=now, reason=f"reconciled: {seen.message}", finished_at=now
        ):
            report.finished.append(rec.pk)
        return
    if rec.execution_attempts < MAX_EXECUTIONS:
        if transition_recommendation(
            rec,
            RecStatus.APPROVED,
            at=now,
            reason=f"{rec_life.RETRY_REASON} ({seen.message}); retrying once",
            dispatched_at=now,
        ):
            transaction.on_commit(partial(dispatch.enqueue_execution, rec.pk))
            report.retried.append(rec.pk)
        return
    if _fail(rec, f"not carried out after {rec.execution_attempts} attempts: {seen.message}", now):
        report.failed.append(rec.pk)


def _fail(rec: Recommendation, why: str, now: dt.datetime) -> bool:
    """End it failed, with the reason, and hand the incident to people."""
    with transaction.atomic():
        if not transition_recommendation(
            rec, RecStatus.FAILED, at=now, reason=why, result=why[:4000], finished_at=now
        ):
            return False
        execution._after_execution(rec, ExecResult("failed", why), now)
    return True
