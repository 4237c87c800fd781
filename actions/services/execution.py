"""The verbs of acting: claim an approved recommendation, carry it out, record the outcome.

Services never import ``tasks.py``: the execution task is enqueued by its registered
name, after commit, so a rolled-back approval runs nothing.
"""

from __future__ import annotations

import datetime as dt
import logging

from django.db import transaction

from actions.choices import MUTATING_ACTIONS, ActionKind, RecStatus
from actions.executors import ExecResult, executor_for
from actions.models import Recommendation
from actions.policy import gate
from actions.services import restarts
from actions.services.autonomy import level_for
from actions.services.dispatch import EXECUTE, enqueue_execution  # noqa: F401 - re-exported
from actions.services.notify import notify
from actions.services.qualification import ends_with_incident
from actions.services.recommendations import expires_at, guardrail_verdict, lock_cluster
from actions.services.transitions import transition_recommendation
from incidents.choices import INCIDENT_ACTIVE, IncidentStatus
from incidents.services import transition_incident
from incidents.silences import silence_for
from monitoring.locks import ClusterBusy
from monitoring.models import Cluster, Node

log = logging.getLogger(__name__)


def drain_reason(rec: Recommendation) -> str:
    inc = rec.incident
    what = inc.get_category_display()
    if inc.culprit_gpu is not None:
        what += f" GPU {inc.culprit_gpu}"
    return f"recovery: incident {inc.pk} - {what} ({inc.pattern})"[:200]


def execute_recommendation(rec_id: int, now: dt.datetime) -> Recommendation | None:
    """Claim an approved recommendation and carry it out; idempotent under retries."""
    rec = Recommendation.objects.select_related("incident", "cluster").filter(pk=rec_id).first()
    if rec is None or rec.status != RecStatus.APPROVED:
        return rec
    with transaction.atomic():
        if rec.action in MUTATING_ACTIONS:
            lock_cluster(rec)  # the guardrails count and the claim under one row lock: N never pass N-1
        verdict = gate.at_execution(_facts_now(rec, now))
        if verdict.status != gate.RUN:
            _stop(rec, verdict, now)
            return rec
        claimed = transition_recommendation(
            rec,
            RecStatus.EXECUTING,
            at=now,
            reason="executing",
            executed_at=now,
            execution_attempts=rec.execution_attempts + 1,
        )
    if not claimed:
        return rec  # another worker claimed it
    try:
        result = _run(rec, now.timestamp())
    except ClusterBusy as exc:
        # Not a failure: the world is locked by a running tick. Back to the outbox, no escalation.
        transition_recommendation(
            rec,
            RecStatus.APPROVED,
            at=now,
            reason=f"busy: {exc}; will retry",
            dispatched_at=now,
            execution_attempts=rec.execution_attempts - 1,
        )
        return rec
    final = {
        "done": RecStatus.SUCCEEDED,
        "already": RecStatus.SUCCEEDED,
        "superseded": RecStatus.SUPERSEDED,
    }.get(result.outcome, RecStatus.FAILED)
    with transaction.atomic():
        transition_recommendation(
            rec,
            final,
            at=now,
            reason=f"{result.outcome}: {result.message}",
            result=result.message[:4000],
            finished_at=now,
        )
        _after_execution(rec, result, now)
    return rec


def _facts_now(rec: Recommendation, now: dt.datetime) -> gate.ExecutionFacts:
    """Every gate the decision passed, read again at the moment the action would run.

    Also for rows that were not waiting when the world changed: executing when a worker died
    and put back to approved by the reconciler, or a message delivered late.
    """
    incident = rec.incident
    incident.refresh_from_db(fields=["status"])
    gone = ""
    if incident.status not in INCIDENT_ACTIVE and (
        rec.action not in MUTATING_ACTIONS or ends_with_incident(rec.action, incident.status)
    ):
        if rec.action in MUTATING_ACTIONS or incident.status == IncidentStatus.DISMISSED:
            gone = f"incident #{incident.pk} is {incident.get_status_display().lower()}"
    if rec.action not in MUTATING_ACTIONS:
        return gate.ExecutionFacts(
            mutating=False, by_person=rec.decided_by_id is not None, incident_gone=gone
        )
    cluster = Cluster.objects.filter(pk=rec.cluster_id).values("monitor_only", "monitor_only_reason").get()
    silence = silence_for(incident, now)
    level = level_for(rec)
    return gate.ExecutionFacts(
        mutating=True,
        by_person=rec.decided_by_id is not None,
        incident_gone=gone,
        silenced_by=f"{silence}: {silence.reason}" if silence is not None else "",
        monitor_only=(cluster["monitor_only_reason"] or "back to monitor") if cluster["monitor_only"] else "",
        level=str(level.level),
        level_source=level.source,
        guardrail="" if gone else guardrail_verdict(rec, now) or "",
    )


def _stop(rec: Recommendation, verdict: gate.GateVerdict, now: dt.datetime) -> None:
    """The gate said no at the moment it ran: the row goes where the gate says, with its reason."""
    reason = verdict.reason[:500]
    if verdict.status == gate.SUPERSEDED:
        transition_recommendation(rec, RecStatus.SUPERSEDED, at=now, reason=reason)
    elif verdict.status == gate.HELD:
        transition_recommendation(rec, RecStatus.HELD, at=now, reason=reason)
    elif verdict.status == gate.BLOCKED:
        transition_recommendation(rec, RecStatus.BLOCKED, at=now, reason=reason, blocked_reason=reason)
    elif verdict.status == gate.AWAITING_APPROVAL and transition_recommendation(
        rec, RecStatus.AWAITING_APPROVAL, at=now, reason=reason, expires_at=expires_at(rec, now)
    ):
        notify(
            "awaiting_approval",
            cluster=rec.cluster,
            incident=rec.incident,
            recommendation=rec,
            text=f"{rec} awaits approval: {reason}",
        )


def _run(rec: Recommendation, now: float) -> ExecResult:
    if rec.action == ActionKind.NOTIFY:
        notify("owner_notice", cluster=rec.cluster, incident=rec.incident, recommendation=rec, text=rec.text)
        return ExecResult("done", f"owner notified: {rec.text}")
    if rec.action == ActionKind.ESCALATE:
        notify("escalation", cluster=rec.cluster, incident=rec.incident, recommendation=rec, text=rec.text)
        return ExecResult("done", f"escalated to on-call: {rec.text}")
    executor = executor_for(rec.cluster)
    try:
        if rec.action in (ActionKind.REBOOT_NODE, ActionKind.RESET_GPU):
            from actions.services.remediation import issue

            return issue(rec, now)
        if rec.action == ActionKind.DRAIN_NODE:
            return executor.drain(rec.node, drain_reason(rec), now)
        if rec.action == ActionKind.REQUEUE_JOB:
            return executor.requeue(rec.job, list(rec.exclude), now)
    except ClusterBusy:
        raise
    except Exception as exc:  # the operator must see what went wrong, verbatim
        return ExecResult("failed", f"{type(exc).__name__}: {exc}")
    return ExecResult("failed", f"unknown action {rec.action}")


def _after_execution(rec: Recommendation, result: ExecResult, now: dt.datetime) -> None:
    incident = rec.incident
    if rec.action == ActionKind.REQUEUE_JOB and result.ok:
        restarts.note_checkpoint(rec)
    if rec.action == ActionKind.DRAIN_NODE and result.ok:
        Node.objects.filter(cluster=rec.cluster, name=rec.node).update(drained_by_us=True)
    if rec.action in MUTATING_ACTIONS and result.ok and incident.status == IncidentStatus.OPEN:
        transition_incident(incident, IncidentStatus.MITIGATING, at=now, reason=f"{rec} issued")
    elif rec.action in MUTATING_ACTIONS and result.outcome == "failed" and incident.active:
        if incident.status != IncidentStatus.ESCALATED:
            if transition_incident(
                incident, IncidentStatus.ESCALATED, at=now, reason=f"{rec} failed: {result.message}"
            ):
                notify(
                    "escalation",
                    cluster=rec.cluster,
                    incident=incident,
                    recommendation=rec,
                    text=f"{rec} failed: {result.message}",
                )
    elif (
        rec.action in (ActionKind.NOTIFY, ActionKind.ESCALATE)
        and not incident.recommendations.filter(action__in=list(MUTATING_ACTIONS)).exists()
    ):
        if incident.status == IncidentStatus.OPEN:
            transition_incident(
                incident,
                IncidentStatus.ESCALATED,
                at=now,
                reason="needs people: restarting would repeat the failure",
            )
    if rec.action == ActionKind.DRAIN_NODE and result.ok and rec.node == incident.culprit_node:
        from actions.services.remediation import propose_remediation

        propose_remediation(incident, now)  # the catalog's remedy, routed by the remediation ladder
