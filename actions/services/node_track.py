"""The node's recovery track, read from the database: the facts the pure table (actions.lifecycle.node) needs.

What this controller last did to the node (its drain, as the audit trail recorded it), what the
node is blamed for, whether its fault asks for a remedy and how far that remedy got, and the
health checks run on it since the drain. Services ask the table with :func:`track_of` and
refuse, audited, what it refuses (:func:`refuse_by_table`).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db.models import QuerySet

from actions.choices import REC_OPEN, ActionKind, RecStatus, RemediationState
from actions.lifecycle.node import (
    SERVING,
    Act,
    Actor,
    Outcome,
    Remedy,
    Step,
    Track,
    missing_steps,
    transition,
)
from actions.lifecycle.node_facts import STAGE_LABEL, NodeFacts, derive
from actions.models import Qualification, Recommendation, Remediation
from actions.policy.remediation import remedy_for
from actions.services.qualification import REMEDIATION_ACTIONS, xids_of
from incidents.audit import append_audit
from incidents.choices import AuditEvent, IncidentStatus
from incidents.models import AuditRecord, Incident
from monitoring.models import Node
from recovery_site.roles import Role, has_role

DRAINED_OUTCOMES = ["succeeded", "done", "already"]
_REMEDY_BY_STATUS = {
    **{s: Remedy.PENDING for s in REC_OPEN | {RecStatus.APPROVED}},
    RecStatus.EXECUTING: Remedy.RUNNING,
    RecStatus.REJECTED: Remedy.DECLINED,
    RecStatus.FAILED: Remedy.FAILED,
}
_REMEDY_BY_REMEDIATION = {
    RemediationState.ISSUED: Remedy.RUNNING,
    RemediationState.TIMED_OUT: Remedy.FAILED,
}


def actor_of(user: Any) -> Actor:
    """The role the table knows a person by (admins may do what operators may)."""
    if user is None:
        return Actor.CONTROLLER
    return Actor.ADMIN if has_role(user, Role.ADMIN) else Actor.OPERATOR


def drained_at(node: Node) -> dt.datetime | None:
    """When this controller last drained the node, as the audit trail recorded it."""
    return (
        AuditRecord.objects.filter(
            event=AuditEvent.EXECUTION,
            cluster=node.cluster.name,
            node=node.name,
            action=f"{ActionKind.DRAIN_NODE} {node.name}"[:64],
            outcome__in=DRAINED_OUTCOMES,
        )
        .order_by("-at")
        .values_list("at", flat=True)
        .first()
    )


def blamed_by(node: Node) -> Incident | None:
    """The newest incident that blames the node and that no one dismissed."""
    return (
        Incident.objects.filter(cluster=node.cluster, culprit_node=node.name)
        .exclude(status=IncidentStatus.DISMISSED)
        .order_by("-detected_at")
        .first()
    )


def remedy_rec(node: Node, since: dt.datetime | None) -> Recommendation | None:
    """The newest reboot / GPU reset recommended for the node since its drain."""
    recs = Recommendation.objects.filter(
        cluster=node.cluster, node=node.name, action__in=list(REMEDIATION_ACTIONS)
    )
    if since is not None:
        recs = recs.filter(created_at__gte=since)
    return recs.order_by("-created_at", "-pk").first()


def _remedy(rec: Recommendation | None) -> Remedy:
    if rec is None:
        return Remedy.NONE
    if rec.status != RecStatus.SUCCEEDED:
        return _REMEDY_BY_STATUS.get(RecStatus(rec.status), Remedy.NONE)
    rem = Remediation.objects.filter(recommendation=rec).values_list("state", flat=True).first()
    return _REMEDY_BY_REMEDIATION.get(RemediationState(rem), Remedy.DONE) if rem else Remedy.DONE


def _remedy_due(node: Node, incident: Incident | None) -> bool:
    if incident is None:
        return False
    remedy = remedy_for(xids_of(incident), node.cluster.gpu_reset_available)
    return remedy is not None and remedy.action != ActionKind.ESCALATE


def _last_check(node: Node, passed: bool) -> float | None:
    at = (
        Qualification.objects.filter(cluster=node.cluster, node=node.name, passed=passed)
        .order_by("-started_at")
        .values_list("started_at", flat=True)
        .first()
    )
    return at.timestamp() if at else None


def facts_of(node: Node) -> NodeFacts:
    since = drained_at(node)
    incident = blamed_by(node)
    rec = remedy_rec(node, since)
    return NodeFacts(
        drained=node.drained,
        drained_by_us=node.drained_by_us,
        held_as_lemon=node.held_as_lemon,
        check_configured=bool(node.cluster.qualification_command),
        blame=incident.category if incident else None,
        drained_at=since.timestamp() if since else None,
        remedy_due=rec is not None or _remedy_due(node, incident),
        remedy=_remedy(rec),
        checked_at=_last_check(node, passed=True),
        check_failed_at=_last_check(node, passed=False),
    )


def track_of(node: Node) -> Track:
    return derive(facts_of(node))


def ask(node: Node, act: Act) -> Outcome:
    """The table's answer for this node now."""
    return transition(track_of(node), act)


def refuse_by_table(node: Node, actor: str | None, now: dt.datetime, attempted: str, why: str) -> None:
    """The table said no: the trail shows who tried what, and why not."""
    append_audit(
        event=AuditEvent.REFUSAL,
        at=now,
        actor=actor or "anonymous",
        cluster=node.cluster.name,
        node=node.name,
        action=f"{attempted} {node.name}"[:64],
        outcome="refused",
        detail={"attempted": attempted, "why": why},
    )


def node_track_context(node: Node) -> dict[str, Any]:
    """What the node page shows of the track: where it stands, what a return still waits for, and the
    remedy waiting for a person (approve or decline it here as on the incident page)."""
    track = track_of(node)
    rec = remedy_rec(node, drained_at(node)) if node.drained_by_us else None
    return {
        "remedy_rec": rec if rec is not None and rec.status in REC_OPEN else None,
        "track": {
            "stage": track.stage.value,
            "label": STAGE_LABEL[track.stage],
            "blame": track.blame or "",
            "remedy": track.remedy.value,
            "missing": sorted(s.value for s in missing_steps(track)),
            "check_configured": track.check_configured,
            "steps": [s.value for s in Step],
            "serving": track.stage in SERVING,
            "drained_before": track.drained_at is not None,  # back in service after a drain of ours
        },
    }


def drained_by_us_unheld(cluster: Any) -> QuerySet[Node]:
    """Our drained nodes not held as lemons: a remedy may follow, or a return to service."""
    return Node.objects.filter(cluster=cluster, drained_by_us=True, held_as_lemon=False)
