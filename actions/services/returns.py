"""Returning nodes to service: only those this controller drained, and only as the node's track allows.

An operator's "Return to service" resumes a node we drained once its remedy ran and a
health check passed since the drain (the click runs the cluster's check); otherwise it
is refused with why, and only an admin's override naming each skipped step returns it
(audited). Where an admin enabled it, the tick also resumes one by itself once the node
has been quiet long enough: no GPU alarm, no open incident blaming it and none raised on
it for ``return_healthy_s``, and its check passed (a quiet spell stands in for a missing
check only for a node not blamed for its hardware). The table is actions.lifecycle.node.
A node drained by someone else (NHC, an admin) is never resumed by us: its reason is
theirs; the executor refuses it too.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Iterable
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction

from actions.choices import REC_OPEN, ActionKind, RecStatus
from actions.executors import ExecResult, executor_for
from actions.lifecycle.node import (
    Act,
    Actor,
    EffectKind,
    Event,
    Step,
    Track,
    missing_steps,
    quiet_spell_counts_as_check,
    transition,
)
from actions.models import Recommendation
from actions.services import lemons, node_track
from actions.services.node_track import actor_of
from actions.services.qualification import QualificationFailed, qualify
from actions.services.transitions import transition_recommendation
from incidents.audit import append_audit
from incidents.audit.refusal import actor_name, refuse
from incidents.choices import INCIDENT_ACTIVE, AuditEvent
from incidents.models import Incident
from monitoring.live import push_after_commit
from monitoring.models import Cluster, Node
from recovery_site.roles import Role, has_role

log = logging.getLogger(__name__)


class NotOurs(Exception):
    """The node is not drained by this controller: not ours to resume."""


class HeldAsLemon(Exception):
    """The node is held as a lemon: only an admin's override returns it."""


def _audit(
    node: Node, event: str, actor: str | None, now: dt.datetime, outcome: str, detail: dict[str, Any]
) -> None:
    append_audit(
        event=event,
        at=now,
        actor=actor,
        cluster=node.cluster.name,
        node=node.name,
        action=f"resume_node {node.name}"[:64],
        outcome=outcome[:64],
        detail=detail,
    )


class NotReady(Exception):
    """The node's track refuses the return (its remedy or its health check is missing): it stays drained."""


def return_to_service(
    node: Node,
    user: Any,
    now: dt.datetime,
    reason: str = "",
    override: bool = False,
    skipped: Iterable[str] = (),
) -> ExecResult:
    """An operator's click: resume a node we drained once the node's track allows it.

    A node blamed for its hardware returns only after its remedy ran, and every node only after
    a health check passed since the drain (the click runs the cluster's check when one is
    configured). Otherwise it is refused (:class:`NotReady`, audited) and stays drained; only
    an admin's ``override`` returns it, naming each step it skips in ``skipped``
    ("remedy", "health check"), audited. A failed check raises :class:`QualificationFailed`.
    """
    name = actor_name(user) or "anonymous"
    where = {"cluster": node.cluster.name, "action": f"resume_node {node.name}", "node": node.name}
    if not has_role(user, Role.OPERATOR):
        refuse(user, now, "return to service", "insufficient role", **where)
        raise PermissionDenied("only operators and admins may return nodes to service")
    if override and not has_role(user, Role.ADMIN):
        refuse(user, now, "override the health check", "insufficient role", **where)
        raise PermissionDenied("only admins may return a node without its health check")
    node.refresh_from_db(fields=["state", "reason", "drained_by_us", "held_as_lemon", "held_reason"])
    if not node.drained_by_us:
        return _resume(node, name, now, reason)  # refuses and audits: not ours
    if override:
        return _override(node, user, name, now, reason, skipped)
    if node.held_as_lemon:
        _audit(node, AuditEvent.REFUSAL, name, now, "refused", {"why": node.held_reason, "reason": reason})
        raise HeldAsLemon(
            f"{node.name} is held as a lemon ({node.held_reason}); only an admin's override returns it"
        )
    return _return_by_the_table(node, user, name, now, reason or "returned to service by an operator")


def _return_by_the_table(node: Node, user: Any, name: str, now: dt.datetime, reason: str) -> ExecResult:
    track = node_track.track_of(node)
    missing = missing_steps(track)
    if Step.REMEDY not in missing and Step.HEALTH_CHECK in missing and node.cluster.qualification_command:
        track = _check_at_the_click(node, track, name, now)  # never before the remedy ran
        reason = f"{reason}; passed its health check"
    outcome = transition(track, Act(Event.RETURN, actor_of(user), now.timestamp(), reason, name))
    if outcome.refused:
        node_track.refuse_by_table(node, name, now, "resume_node", outcome.refused)
        raise NotReady(f"{node.name}: {outcome.refused}")
    return _resume(node, name, now, reason)


def _check_at_the_click(node: Node, track: Track, name: str, now: dt.datetime) -> Track:
    """Run the cluster's health check now; the track as it stands after it passed."""
    check = qualify(node, now, trigger="return_to_service", actor=name)
    if not check.passed:
        raise QualificationFailed(check)
    return transition(track, Act(Event.CHECK_PASSED, Actor.OPERATOR, now.timestamp(), who=name)).track


def _override(
    node: Node, user: Any, name: str, now: dt.datetime, reason: str, skipped: Iterable[str]
) -> ExecResult:
    """An admin returns the node without the steps it names as skipped; refused if it leaves one unnamed."""
    steps = frozenset(Step(s) for s in skipped if s in set(Step))
    act = Act(Event.OVERRIDE_RETURN, actor_of(user), now.timestamp(), reason, name, steps)
    outcome = node_track.ask(node, act)
    if outcome.refused:
        node_track.refuse_by_table(node, name, now, "override_return", outcome.refused)
        raise NotReady(f"{node.name}: {outcome.refused}")
    named = " and ".join(sorted(steps)) or "nothing"
    with transaction.atomic():
        _audit(
            node,
            AuditEvent.APPROVAL,
            name,
            now,
            f"overridden: skipped {named}",
            {"reason": reason, "skipped": sorted(steps), "held": node.held_reason},
        )
        kinds = {e.kind for e in outcome.effects}
        if EffectKind.END_REMEDY in kinds:
            _end_remedy(node, name, now, f"overridden by {name}: {reason}")
        if EffectKind.RELEASE_LEMON in kinds:
            lemons.release_lemon(node, name, now, reason)
    return _resume(node, name, now, f"{reason} (admin override; skipped: {named})")


def _end_remedy(node: Node, name: str, now: dt.datetime, why: str) -> None:
    rec = node_track.remedy_rec(node, node_track.drained_at(node))
    if rec is not None and rec.status in REC_OPEN | {RecStatus.APPROVED}:
        transition_recommendation(rec, RecStatus.SUPERSEDED, at=now, actor=name, reason=why)


def _resume(node: Node, actor: str | None, now: dt.datetime, why: str) -> ExecResult:
    node.refresh_from_db(fields=["state", "reason", "drained_by_us"])
    if not node.drained_by_us:
        detail = {
            "why": f"not drained by this controller ({node.state}: {node.reason or 'no reason'})",
            "reason": why,
        }
        _audit(node, AuditEvent.REFUSAL, actor, now, "refused", detail)
        raise NotOurs(f"{node.name} was not drained by this controller; it is not ours to resume")
    result = executor_for(node.cluster).resume(node.name, now.timestamp())
    with transaction.atomic():
        if result.ok:
            Node.objects.filter(pk=node.pk).update(drained_by_us=False)
            node.drained_by_us = False
        _audit(
            node, AuditEvent.EXECUTION, actor, now, result.outcome, {"result": result.message, "reason": why}
        )
        push_after_commit("inventory", cluster=node.cluster_id)
    return result


def _quiet_for(node: Node, now: dt.datetime, quiet: dt.timedelta, alarms: dict[str, str]) -> bool:
    if node.name in alarms:
        return False
    blamed = Incident.objects.filter(cluster=node.cluster, culprit_node=node.name)
    if (
        blamed.filter(status__in=list(INCIDENT_ACTIVE)).exists()
        or blamed.filter(detected_at__gt=now - quiet).exists()
    ):
        return False
    drained = (
        Recommendation.objects.filter(
            cluster=node.cluster, action=ActionKind.DRAIN_NODE, node=node.name, status=RecStatus.SUCCEEDED
        )
        .order_by("-executed_at")
        .values_list("executed_at", flat=True)
        .first()
    )
    return drained is not None and drained <= now - quiet


def _gpu_alarms(cluster: Cluster, now: dt.datetime) -> dict[str, str] | None:
    from monitoring.telemetry.store import node_gpu_alarms

    try:
        return node_gpu_alarms(cluster.name, now.timestamp())
    except Exception:  # without telemetry we cannot say the GPUs are quiet: do not return anything
        log.warning(
            "cluster %s: GPU alarms unreadable; no automatic return to service", cluster.name, exc_info=True
        )
        return None


def auto_return_nodes(cluster: Cluster, now: dt.datetime) -> list[str]:
    """Resume our drained nodes that stayed healthy long enough, where an admin enabled it."""
    if not cluster.auto_return_to_service or cluster.monitor_only:
        return []
    quiet = dt.timedelta(seconds=cluster.return_healthy_s)
    # A lemon is never returned by itself; a node with a reboot in flight waits for its own gate.
    nodes = list(node_track.drained_by_us_unheld(cluster).select_related("cluster"))
    alarms = _gpu_alarms(cluster, now) if nodes else {}
    if alarms is None:
        return []
    returned = []
    for node in nodes:
        if not _quiet_for(node, now, quiet, alarms) or _rebooting(node):
            continue
        why = f"health check passed: no GPU alarm and no incident on {node.name} for {cluster.return_healthy_s} s"
        track = node_track.track_of(node)
        if Step.REMEDY in missing_steps(track) or not _gate(node, track, now):
            continue
        track = transition(track, Act(Event.CHECK_PASSED, Actor.CONTROLLER, now.timestamp())).track
        if transition(track, Act(Event.RETURN, Actor.CONTROLLER, now.timestamp(), why)).refused:
            continue
        try:
            if _resume(node, None, now, why).ok:
                returned.append(node.name)
        except NotOurs:
            continue
    return returned


def _rebooting(node: Node) -> bool:
    from actions.choices import REMEDIATION_IN_FLIGHT
    from actions.models import Remediation

    return Remediation.objects.filter(
        cluster=node.cluster, node=node.name, state__in=list(REMEDIATION_IN_FLIGHT)
    ).exists()


def _gate(node: Node, track: Track, now: dt.datetime) -> bool:
    """The cluster's health check, where one is configured; a failure keeps the node drained.

    Without one, the quiet spell stands in for it only where the node's track allows
    (never for a node blamed for its hardware: that one waits for an admin)."""
    if not node.cluster.qualification_command:
        return quiet_spell_counts_as_check(track)
    from actions.models import Qualification

    last = Qualification.objects.filter(cluster=node.cluster, node=node.name).first()  # newest first
    if (
        last
        and not last.passed
        and last.started_at > now - dt.timedelta(seconds=node.cluster.return_healthy_s)
    ):
        return False  # failed recently: not re-run every tick; it waits another quiet spell
    return qualify(node, now, trigger="auto_return").passed
