"""Remediation: reboot (or GPU-reset) a node we drained, by the fault's own recommended action,
verify the new boot, and let it back only through the qualification gate.

The chain, each step audited:

1. Our drain of a node succeeded -> :func:`propose_remediation` reads the incident's Xids
   and asks the catalog (``actions.policy.remediation``) for the remedy: reboot, GPU
   reset, or people. A reboot/reset is a recommendation like any other, routed by the
   autonomy ladder's ``remediation`` kind and the reboot guardrails.
2. Executing it (:func:`issue`) records the node's boot before and a :class:`Remediation`
   row with a deadline.
3. Each tick, :func:`verify_remediations` asks the scheduler: back with a new boot?
   Then the health check runs on the node (:func:`qualify`); pass -> resumed (only a node
   we drained, not a lemon), fail -> stays drained, the incident is escalated. Not back
   by the deadline -> escalated.

Nodes drained by someone else (NHC, an admin) are never rebooted or resumed: the
executors refuse them, and nothing here proposes anything for them.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.db.models import QuerySet

from actions.choices import REMEDIATION_IN_FLIGHT, ActionKind, RecStatus, RemediationState
from actions.executors import ExecResult, executor_for
from actions.lifecycle.node import Act, Actor, Event
from actions.models import Qualification, Recommendation, RecommendationTransition, Remediation
from actions.policy.remediation import booted_again, remedy_for
from actions.services import node_track, verification
from actions.services.notify import notify
from actions.services.qualification import (
    REMEDIATION_ACTIONS,
    jobs_on,
    qualify,
    xids_of,
)
from actions.services.transitions import audit_recommendation
from incidents.audit import append_audit
from incidents.choices import INCIDENT_TRANSITIONS, AuditEvent, IncidentStatus
from incidents.models import Incident
from incidents.services import transition_incident
from monitoring.live import push_after_commit
from monitoring.models import Cluster, Node


def propose_remediation(incident: Incident, now: dt.datetime) -> Recommendation | None:
    """After our drain of the incident's culprit: the catalog's remedy, as a routed recommendation."""
    from actions.services import lemons
    from actions.services.recommendations import route_recommendation

    node = Node.objects.filter(cluster=incident.cluster, name=incident.culprit_node).first()
    if node is None or not node.drained_by_us:
        return None
    if lemons.hold_if_lemon(node, now):
        return None  # a lemon goes to the vendor, not round the reboot loop again
    if jobs_on(node):
        return None  # never reboot under a job: proposed by a later tick, once the job moved off
    remedy = remedy_for(xids_of(incident), incident.cluster.gpu_reset_available)
    if remedy is None or remedy.action == ActionKind.ESCALATE:
        return None
    if incident.recommendations.filter(action__in=list(REMEDIATION_ACTIONS), node=node.name).exists():
        return None  # one remedy per incident and node: retries never stack reboots
    with transaction.atomic():
        rec = Recommendation.objects.create(
            incident=incident,
            cluster=incident.cluster,
            action=remedy.action,
            node=node.name,
            exclude=[remedy.gpu] if remedy.gpu is not None else [],
            text=remedy.why[:2000],
            created_at=now,
        )
        RecommendationTransition.objects.create(
            recommendation=rec, old="", new=RecStatus.PROPOSED, actor="controller", at=now
        )
        audit_recommendation(
            rec,
            AuditEvent.RECOMMENDATION,
            at=now,
            actor=None,
            outcome=RecStatus.PROPOSED,
            detail={"text": rec.text},
        )
        route_recommendation(rec, now)
    return rec


def propose_pending_remediations(cluster: Cluster, now: dt.datetime) -> list[Recommendation]:
    """Nodes we drained whose remedy waited for their jobs to move off (or for a restart of the loop)."""
    made = []
    for node in node_track.drained_by_us_unheld(cluster).select_related("cluster"):
        incident = (
            Incident.objects.filter(cluster=cluster, culprit_node=node.name)
            .exclude(status=IncidentStatus.DISMISSED)
            .order_by("-detected_at")
            .first()
        )
        if incident is None or incident.recommendations.filter(action__in=list(REMEDIATION_ACTIONS)).exists():
            continue
        if not incident.recommendations.filter(
            action=ActionKind.DRAIN_NODE, node=node.name, status=RecStatus.SUCCEEDED
        ).exists():
            continue  # drained by us for another incident, or by hand through us: no remedy to follow
        rec = propose_remediation(incident, now)
        if rec is not None:
            made.append(rec)
    return made


def issue(rec: Recommendation, now: float) -> ExecResult:
    """Carry out a reboot/reset recommendation and remember the boot it must come back from.

    The Remediation row is the send-marker: written, with the boot before, before the command
    goes out, and removed if the command is refused. A worker killed after the send leaves it,
    so the reconciler can tell a reboot that happened from one that never did
    (``observe_issued``) instead of rebooting the node a second time.
    """
    executor = executor_for(rec.cluster)
    before = executor.boot_state(rec.node, now)
    at = dt.datetime.fromtimestamp(now, tz=dt.UTC)
    node = Node.objects.filter(cluster=rec.cluster, name=rec.node).first()
    marker, _ = Remediation.objects.get_or_create(
        recommendation=rec,
        defaults={
            "cluster": rec.cluster,
            "node": rec.node,
            "partition": node.partition if node else "",
            "action": rec.action,
            "state": RemediationState.ISSUED,  # a reset moves on to its check once it is done
            "boot_before": before.boot_time if before else "",
            "issued_at": at,
            "deadline": at + dt.timedelta(seconds=rec.cluster.reboot_deadline_s),
        },
    )
    if rec.action == ActionKind.RESET_GPU:
        result = executor.reset_gpu(rec.node, int(rec.exclude[0]) if rec.exclude else 0, now)
    else:
        result = executor.reboot(
            rec.node, f"recovery: reboot for incident {rec.incident_id} ({rec.text})"[:200], now
        )
    if not result.ok:
        marker.delete()  # refused: nothing went out, nothing to wait for
    elif rec.action == ActionKind.RESET_GPU:
        _reset_done(marker)
    return result


def _reset_done(marker: Remediation) -> None:
    """A GPU reset has no boot to wait for: it is checked at once."""
    Remediation.objects.filter(pk=marker.pk, state=RemediationState.ISSUED).update(
        state=RemediationState.QUALIFYING
    )


def observe_issued(rec: Recommendation, now: float) -> ExecResult:
    """Read-only, for the reconciler: did the reboot (or reset) of a crashed execution go out?

    No marker: the worker died before the send, so running it is the first time. A node
    rebooting, or booted again since the marker's boot: done, never again. The same boot and
    no reboot under way: the command never reached Slurm, safe to run once more. A GPU reset
    leaves no trace to read: with its marker it counts as sent (at most once), and the health
    check that follows it decides whether it worked.
    """
    marker = Remediation.objects.filter(recommendation=rec).first()
    if marker is None:
        return ExecResult("absent", "no send-marker: the worker stopped before the command went out")
    if rec.action == ActionKind.RESET_GPU:
        _reset_done(marker)
        return ExecResult(
            "already", "a GPU reset leaves no trace: taken as sent once; its health check decides"
        )
    state = executor_for(rec.cluster).boot_state(rec.node, now)
    if state is None:
        return ExecResult("superseded", f"node {rec.node} is no longer known to the scheduler")
    if state.rebooting:
        return ExecResult("already", f"{rec.node} reboot already under way")
    if booted_again(marker.boot_before, state.boot_time):
        return ExecResult(
            "already", f"{rec.node} booted again since the reboot was sent (boot {state.boot_time})"
        )
    return ExecResult(
        "absent", f"{rec.node} has the same boot and no reboot under way: the reboot never went out"
    )


# ---------------------------------------------------------------- the qualification gate


def in_flight(cluster: Cluster) -> QuerySet[Remediation]:
    """Reboots and GPU resets sent and not yet settled (back and checked, or timed out)."""
    return Remediation.objects.filter(cluster=cluster, state__in=list(REMEDIATION_IN_FLIGHT))


def verify_remediations(cluster: Cluster, now: dt.datetime) -> list[str]:
    """Advance each reboot in flight: back with a new boot -> check -> return or hold. Returns verdicts."""
    propose_pending_remediations(cluster, now)
    verdicts = []
    executor = None
    for rem in in_flight(cluster).select_related("recommendation__incident"):
        if rem.recommendation.status == RecStatus.EXECUTING:
            # Sent by an execution not recorded yet (a worker killed after the send): the node may
            # well be back already, but its track still says the reboot is running and would refuse
            # the return. The reconciler settles the recommendation first; the next tick goes on.
            continue
        executor = executor or executor_for(cluster)
        if rem.state == RemediationState.ISSUED:
            state = executor.boot_state(rem.node, now.timestamp())
            back = (
                state is not None and not state.rebooting and booted_again(rem.boot_before, state.boot_time)
            )
            if not back:
                if now > rem.deadline:
                    _finish(
                        rem,
                        RemediationState.TIMED_OUT,
                        now,
                        f"{rem.node} did not come back within {cluster.reboot_deadline_s} s",
                    )
                    verdicts.append(f"{rem.node}: timed out")
                continue
            assert state is not None
            Node.objects.filter(cluster=cluster, name=rem.node).update(boot_time=state.boot_time[:32])
            rem.state, rem.boot_after, rem.booted_at = RemediationState.QUALIFYING, state.boot_time[:32], now
            rem.save(update_fields=["state", "boot_after", "booted_at"])
            append_audit(
                event=AuditEvent.VERIFICATION,
                at=now,
                cluster=cluster.name,
                node=rem.node,
                incident_id=rem.recommendation.incident_id,
                recommendation_id=rem.recommendation_id,
                action=f"{rem.action} {rem.node}"[:64],
                outcome="new boot",
                detail={"boot_before": rem.boot_before, "boot_after": rem.boot_after},
            )
        verdicts.append(f"{rem.node}: {_qualify_after(rem, now)}")
    return verdicts


def _qualify_after(rem: Remediation, now: dt.datetime) -> str:
    from actions.services import lemons
    from actions.services.returns import NotOurs, _resume

    node = Node.objects.select_related("cluster").get(cluster=rem.cluster, name=rem.node)
    check = qualify(node, now, trigger=f"after {rem.action}", remediation=rem)
    if not check.passed:
        _finish(
            rem,
            RemediationState.FAILED_CHECK,
            now,
            f"{rem.node} failed its health check after the {rem.action}: {check.output.strip()[-500:]}",
        )
        return "failed its check"
    if lemons.hold_if_lemon(node, now) or node.held_as_lemon:
        _finish(
            rem,
            RemediationState.HELD,
            now,
            f"{rem.node} passed its check but is held as a lemon: {node.held_reason}",
            escalate=False,
        )
        return "held (lemon)"
    why = f"passed its health check after the {rem.action} ({' '.join(check.argv)})"
    refused = node_track.ask(node, Act(Event.RETURN, Actor.CONTROLLER, now.timestamp(), why)).refused
    if refused:
        _finish(rem, RemediationState.FAILED_CHECK, now, f"{rem.node}: {refused}")
        return "not returned"
    try:
        result = _resume(node, None, now, why)
    except NotOurs as exc:
        _finish(rem, RemediationState.FAILED_CHECK, now, str(exc))
        return "not ours"
    if not result.ok:
        _finish(rem, RemediationState.FAILED_CHECK, now, f"resume failed: {result.message}")
        return "resume failed"
    _finish(
        rem,
        RemediationState.RETURNED,
        now,
        f"{rem.node} passed its check and returned to service",
        escalate=False,
    )
    return "returned"


def _finish(rem: Remediation, state: str, now: dt.datetime, note: str, escalate: bool = True) -> None:
    with transaction.atomic():
        rem.state, rem.finished_at, rem.note = state, now, note[:4000]
        rem.save(update_fields=["state", "finished_at", "note"])
        incident = rem.recommendation.incident
        append_audit(
            event=AuditEvent.VERIFICATION,
            at=now,
            cluster=rem.cluster.name,
            node=rem.node,
            incident_id=incident.pk,
            recommendation_id=rem.recommendation_id,
            action=f"{rem.action} {rem.node}"[:64],
            outcome=str(state)[:64],
            detail={"note": note[:2000]},
        )
        _settle_incident(incident, state, note, now)
        push_after_commit("inventory", cluster=rem.cluster_id)


def _settle_incident(incident: Incident, state: str, note: str, now: dt.datetime) -> None:
    if state != RemediationState.RETURNED and incident.status == IncidentStatus.RECOVERED:
        # the job recovered elsewhere, but its node did not: people must look again
        transition_incident(incident, IncidentStatus.OPEN, at=now, reason=note)
        incident.refresh_from_db(fields=["status"])
    allowed = INCIDENT_TRANSITIONS[IncidentStatus(incident.status)]
    if state == RemediationState.RETURNED and _job_still_to_verify(incident):
        return  # the node is back; the incident recovers when its job is seen running again
    down = verification.jobs_left_down(incident) if state == RemediationState.RETURNED else []
    if down and verification.restart_coming(incident, [j for j, _ in down]):
        return  # a restart of the job is coming: the incident recovers once it is seen running
    if down:  # the node is back, its job is not, and nothing will restart it: people must decide
        _escalate(incident, f"{note}; but {verification.down_words(down)}", now)
    elif state == RemediationState.RETURNED and IncidentStatus.RECOVERED in allowed:
        transition_incident(incident, IncidentStatus.RECOVERED, at=now, reason=note)
    elif state != RemediationState.RETURNED:
        _escalate(incident, note, now)


def _escalate(incident: Incident, note: str, now: dt.datetime) -> None:
    allowed = INCIDENT_TRANSITIONS[IncidentStatus(incident.status)]
    if incident.status == IncidentStatus.ESCALATED or IncidentStatus.ESCALATED not in allowed:
        return
    if transition_incident(incident, IncidentStatus.ESCALATED, at=now, reason=note):
        notify("escalation", cluster=incident.cluster, incident=incident, text=note)


def _job_still_to_verify(incident: Incident) -> bool:
    """A requeued job is verified on its own (running elsewhere, printing progress): the node's
    return must not close the incident before that, or "time to resume" would be the node's."""
    return (
        incident.status == IncidentStatus.MITIGATING
        and incident.recommendations.filter(
            action=ActionKind.REQUEUE_JOB, status=RecStatus.SUCCEEDED
        ).exists()
    )


def node_remediation_context(node: Node) -> dict[str, Any]:
    """What the node page shows: its reboots and health checks, newest first."""
    return {
        "remediations": list(Remediation.objects.filter(cluster=node.cluster, node=node.name)[:20]),
        "qualifications": list(Qualification.objects.filter(cluster=node.cluster, node=node.name)[:20]),
    }
