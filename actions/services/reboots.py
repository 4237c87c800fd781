"""An operator's Reboot on the node page: what ``scontrol reboot`` does, through our remedy's own path.

A reboot by hand is the node's remedy decided by a person: a reboot recommendation of the incident
that blames the node, approved by the operator who clicked, then carried out exactly as an approved
remedy is (the reboot guardrails, the send-marker, the new boot awaited, the health check, the
return). So the node's track sees a remedy decided and run, and only a node this controller
drained (never one under a job, never someone else's drain, never a lemon) is rebooted.

A remedy already awaiting approval is approved instead of a second one made. A node the operator
drained by hand that no incident blames gets one: their own report (``incidents.services.report_by_hand``,
acknowledged by them, never paged), so the remedy still belongs to an incident and its return still
waits for the new boot and the health check. Every refusal is audited with who tried and why; nothing
reaches the scheduler then.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction

from actions.choices import REMEDIATION_IN_FLIGHT, ActionKind, RecStatus
from actions.lifecycle.node import Act, Event
from actions.models import Recommendation, RecommendationTransition, Remediation
from actions.services import node_track
from actions.services.qualification import jobs_on
from actions.services.recommendations import approve_recommendation
from actions.services.transitions import audit_recommendation, transition_recommendation
from incidents.audit.refusal import actor_name, refuse
from incidents.choices import AuditEvent, IncidentStatus
from incidents.models import Incident
from incidents.oncall import acknowledge_incident
from incidents.services import report_by_hand
from monitoring.models import Node
from recovery_site.roles import Role, has_role


class RebootRefused(Exception):
    """The node's track, the held cluster, a job on the node or a reboot under way says no."""


def reboot_by_hand(node: Node, user: Any, now: dt.datetime, reason: str = "") -> Recommendation:
    """Reboot the node for an operator: the approved reboot recommendation (its execution is
    published on commit). Raises PermissionDenied, RebootRefused, or the approval's Conflict (a
    guardrail blocked it: the recommendation shows it blocked, with why)."""
    name = actor_name(user) or "anonymous"
    action = f"{ActionKind.REBOOT_NODE} {node.name}"[:64]
    if not has_role(user, Role.OPERATOR):
        refuse(
            user, now, "reboot", "insufficient role", cluster=node.cluster.name, action=action, node=node.name
        )
        raise PermissionDenied("only operators and admins may reboot nodes")
    node.refresh_from_db(fields=["state", "reason", "drained_by_us", "held_as_lemon", "held_reason"])
    waiting = node_track.remedy_rec(node, node_track.drained_at(node)) if node.drained_by_us else None
    if waiting is not None and waiting.status == RecStatus.AWAITING_APPROVAL:
        return approve_recommendation(
            waiting, user, now, reason or f"reboot asked for by {name} on the node page"
        )
    incident, why_not = _why_not(node, user, name, now, reason)
    if why_not:
        node_track.refuse_by_table(node, name, now, ActionKind.REBOOT_NODE, why_not)
        raise RebootRefused(f"{node.name} not rebooted: {why_not}")
    if incident is None:  # drained by hand and blamed by nothing: the operator's own report is the incident
        with transaction.atomic():
            incident = report_by_hand(node.cluster, node.name, name, reason, now)
            acknowledge_incident(incident, user, now, "reported it by rebooting the node")
    return approve_recommendation(_asked_for(incident, node, name, reason, now), user, now, reason)


def _why_not(
    node: Node, user: Any, name: str, now: dt.datetime, reason: str
) -> tuple[Incident | None, str | None]:
    """(the incident that blames the node, or None: none does; why not, or None: it may be rebooted)."""
    node.cluster.refresh_from_db(fields=["monitor_only"])
    if node.cluster.monitor_only:
        return None, "the cluster is held in monitor mode: nothing executes until an admin releases it"
    if not node.drained_by_us:
        return (
            None,
            "only a node this controller drained is rebooted (drain it first; never over someone else's drain)",
        )
    if node.held_as_lemon:
        return None, f"held as a lemon ({node.held_reason}): it goes to the vendor, not round the reboot loop"
    running = jobs_on(node)
    if running:
        return None, f"job(s) {', '.join(running)} still run on it: never rebooted under a job"
    if Remediation.objects.filter(
        cluster=node.cluster, node=node.name, state__in=list(REMEDIATION_IN_FLIGHT)
    ).exists():
        return None, "a reboot or GPU reset of it is already under way"
    act = Act(Event.DECIDE_REMEDY, node_track.actor_of(user), now.timestamp(), reason, name)
    refused = node_track.ask(node, act).refused
    if refused:
        return None, refused
    incident = (
        Incident.objects.filter(cluster=node.cluster, culprit_node=node.name)
        .exclude(status=IncidentStatus.DISMISSED)
        .order_by("-detected_at")
        .first()
    )
    return incident, None


def _asked_for(incident: Incident, node: Node, name: str, reason: str, now: dt.datetime) -> Recommendation:
    """The reboot recommendation, awaiting the approval the same click gives (audited as proposed by the operator)."""
    text = f"reboot of {node.name} asked for by {name} on the node page" + (f": {reason}" if reason else "")
    with transaction.atomic():
        rec = Recommendation.objects.create(
            incident=incident,
            cluster=node.cluster,
            action=ActionKind.REBOOT_NODE,
            node=node.name,
            text=text[:2000],
            created_at=now,
        )
        RecommendationTransition.objects.create(
            recommendation=rec, old="", new=RecStatus.PROPOSED, actor=name, at=now, reason=text[:500]
        )
        audit_recommendation(
            rec,
            AuditEvent.RECOMMENDATION,
            at=now,
            actor=name,
            outcome=RecStatus.PROPOSED,
            detail={"text": rec.text},
        )
        transition_recommendation(rec, RecStatus.AWAITING_APPROVAL, at=now, reason="asked for by hand")
    # Read back: the guardrails count against the cluster as stored now, not as the page loaded it.
    return Recommendation.objects.select_related("incident", "cluster").get(pk=rec.pk)
