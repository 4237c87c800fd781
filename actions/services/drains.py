"""An operator's Drain on the node page: what ``scontrol update State=DRAIN`` does, with our guardrails.

For a node back in service (or never drained) that an operator wants out again: the node's
track must allow it (never over someone else's drain), the cluster must not be held, and the
drain guardrails apply as to any drain by the controller. The reason says it is ours
(``recovery: drained by otto: …``), so only we resume it, and it is audited with who and why;
that record is also the drain a later return to service is measured from.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction

from actions.choices import ActionKind
from actions.executors import ExecResult, executor_for
from actions.lifecycle.node import Act, Event
from actions.policy.guardrails import check_drain
from actions.services import node_track
from actions.services.recommendations import drain_budget
from incidents.audit import append_audit
from incidents.audit.refusal import actor_name, refuse
from incidents.choices import AuditEvent
from monitoring.live import push_after_commit
from monitoring.models import Cluster, Node
from recovery_site.roles import Role, has_role


class DrainRefused(Exception):
    """The node's track, the held cluster or a guardrail says no: nothing was sent to the scheduler."""


def drain_reason(name: str, reason: str) -> str:
    return f"recovery: drained by {name}" + (f": {reason}" if reason else "")


def drain_by_hand(node: Node, user: Any, now: dt.datetime, reason: str = "") -> ExecResult:
    """Drain the node for an operator; refusals are audited and raise (PermissionDenied, DrainRefused)."""
    name = actor_name(user) or "anonymous"
    if not has_role(user, Role.OPERATOR):
        refuse(
            user,
            now,
            "drain",
            "insufficient role",
            cluster=node.cluster.name,
            action=_action(node),
            node=node.name,
        )
        raise PermissionDenied("only operators and admins may drain nodes")
    why_not, result = _drain_under_lock(node, user, name, now, reason)
    if why_not:  # audited outside the drain's transaction, which rolled nothing forward
        node_track.refuse_by_table(node, name, now, ActionKind.DRAIN_NODE, why_not)
        raise DrainRefused(f"{node.name} not drained: {why_not}")
    assert result is not None
    return result


def _drain_under_lock(
    node: Node, user: Any, name: str, now: dt.datetime, reason: str
) -> tuple[str | None, ExecResult | None]:
    """Under the cluster's row lock: guardrail counts and the drain itself, one at a time per cluster."""
    with transaction.atomic():
        cluster = Cluster.objects.select_for_update().get(pk=node.cluster_id)
        node.refresh_from_db(fields=["state", "reason", "drained_by_us", "held_as_lemon", "held_reason"])
        why_not = _why_not(node, cluster, user, reason, now)
        if why_not:
            return why_not, None
        result = executor_for(cluster).drain(node.name, drain_reason(name, reason)[:200], now.timestamp())
        if result.ok:
            Node.objects.filter(pk=node.pk).update(drained_by_us=True)
            node.drained_by_us = True
        append_audit(
            event=AuditEvent.EXECUTION,
            at=now,
            actor=name,
            cluster=cluster.name,
            node=node.name,
            action=_action(node),
            outcome=result.outcome[:64],
            detail={"reason": reason, "result": result.message[:2000], "by_hand": True},
        )
        push_after_commit("inventory", cluster=cluster.pk)
    return None, result


def _action(node: Node) -> str:
    return f"{ActionKind.DRAIN_NODE} {node.name}"[:64]


def _why_not(node: Node, cluster: Cluster, user: Any, reason: str, now: dt.datetime) -> str | None:
    if cluster.monitor_only:
        return "the cluster is held in monitor mode: nothing executes until an admin releases it"
    act = Act(Event.DRAIN, node_track.actor_of(user), now.timestamp(), reason, actor_name(user) or "")
    refused = node_track.ask(node, act).refused
    if refused:
        return refused
    return check_drain(drain_budget(cluster, node.name, now))
