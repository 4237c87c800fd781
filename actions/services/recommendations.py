"""The verbs of deciding: propose, route by autonomy, approve, reject, expire, merge.

Every state change goes through ``transitions.transition_recommendation`` (a guarded
conditional update, a history row and an audit record in one transaction); the
execution itself is enqueued by name after commit (``dispatch.enqueue_execution``).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import QuerySet

from actions.choices import MUTATING_ACTIONS, REC_OPEN, ActionKind, RecStatus
from actions.models import Recommendation, RecommendationTransition
from actions.policy.guardrails import DrainBudget, check_drain, check_restart
from actions.services import actionable, dispatch, paging, restarts
from actions.services.autonomy import level_for
from actions.services.notify import notify
from actions.services.qualification import REMEDIATION_ACTIONS, ends_with_incident
from actions.services.transitions import Conflict, audit_recommendation, refuse, transition_recommendation
from incidents.choices import INCIDENT_TRANSITIONS, AuditEvent, IncidentStatus
from incidents.models import AuditRecord, Incident
from incidents.services import transition_incident
from incidents.silences import silence_for
from monitoring.choices import Autonomy
from monitoring.models import Cluster, Node
from recovery_site.roles import Role, has_role

__all__ = [
    "Conflict",
    "approve_recommendation",
    "expire_recommendations",
    "guardrail_verdict",
    "merge_incident",
    "NeedsReason",
    "open_recommendations",
    "reject_recommendation",
    "route_recommendation",
    "sync_recommendations",
]


# ---------------------------------------------------------------- proposing


def sync_recommendations(
    incident: Incident, specs: list[dict[str, Any]], now: dt.datetime
) -> list[Recommendation]:
    """Make the incident's open recommendations match the verdict's; route new ones.

    Open recommendations the new verdict no longer makes are superseded. A dismissed
    incident (a person said false alarm) proposes nothing more.
    """
    if incident.status == IncidentStatus.DISMISSED:
        return []
    created: list[Recommendation] = []
    existing = list(incident.recommendations.all())
    wanted = []
    for spec in specs:
        action, node, job = spec["action"], spec.get("node") or "", spec.get("job") or ""
        exclude = list(spec.get("exclude") or [])
        wanted.append((action, node, job, sorted(exclude)))
        if any(r.same_action(action, node, job, exclude) for r in existing):
            continue
        with transaction.atomic():
            rec = Recommendation.objects.create(
                incident=incident,
                cluster=incident.cluster,
                action=action,
                node=node,
                job=job,
                exclude=exclude,
                text=_spec_text(incident, action, job, spec.get("text", ""))[:2000],
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
        created.append(rec)
    for rec in existing:
        if rec.action in (ActionKind.REBOOT_NODE, ActionKind.RESET_GPU):
            continue  # proposed after our drain, not by the verdict: a newer verdict does not replace it
        if rec.is_open and (rec.action, rec.node, rec.job, sorted(rec.exclude)) not in wanted:
            transition_recommendation(rec, RecStatus.SUPERSEDED, at=now, reason="a newer verdict replaced it")
    for rec in created:
        route_recommendation(rec, now)
    return created


def _spec_text(incident: Incident, action: str, job: str, text: str) -> str:
    """A requeue says what it costs: steps and time since the job's last checkpoint."""
    if action != ActionKind.REQUEUE_JOB or not job:
        return text
    return (
        f"{text}; {restarts.progress_loss(incident.cluster, job)}"
        if text
        else restarts.progress_loss(incident.cluster, job)
    )


def route_recommendation(rec: Recommendation, now: dt.datetime) -> None:
    """Decide by the autonomy ladder (actions.policy.autonomy) what happens to a fresh recommendation."""
    cluster = rec.cluster
    silence = silence_for(rec.incident, now)
    if silence is not None:
        # A maintenance window: recorded and shown, never executed, nobody paged.
        why = f"silenced by {silence}: {silence.reason}"
        audit_recommendation(
            rec, AuditEvent.RECOMMENDATION, at=now, actor=None, outcome="silenced", detail={"why": why}
        )
        return
    if rec.action not in MUTATING_ACTIONS:
        # Telling people changes nothing on the cluster: delivered in every mode.
        transition_recommendation(
            rec, RecStatus.APPROVED, at=now, reason="notifications need no approval", dispatched_at=now
        )
        transaction.on_commit(lambda: dispatch.enqueue_execution(rec.pk))
        return
    level = level_for(rec)
    if level.level == Autonomy.MONITOR:
        audit_recommendation(
            rec,
            AuditEvent.RECOMMENDATION,
            at=now,
            actor=None,
            outcome="not executed",
            detail={"why": f"monitor: {level.source}"},
        )
        return
    held = restarts.without_checkpoint(rec) if level.level == Autonomy.AUTO else None
    if level.level == Autonomy.APPROVE or held:
        expires = expires_at(rec, now)
        why = held or f"approve: {level.source}"
        if transition_recommendation(
            rec, RecStatus.AWAITING_APPROVAL, at=now, reason=why, expires_at=expires
        ):
            notify(
                "awaiting_approval",
                cluster=cluster,
                incident=rec.incident,
                recommendation=rec,
                text=f"{rec} awaits approval: {why}",
            )
        return
    with transaction.atomic():
        lock_cluster(rec)  # count and approve under the cluster's row lock: N at once cannot pass N-1
        blocked = guardrail_verdict(rec, now)
        if blocked:
            transition_recommendation(rec, RecStatus.BLOCKED, at=now, reason=blocked, blocked_reason=blocked)
            _escalate_if_storm(rec, blocked, now)
            return
        if transition_recommendation(
            rec, RecStatus.APPROVED, at=now, reason=f"auto: {level.source}", dispatched_at=now
        ):
            transaction.on_commit(lambda: dispatch.enqueue_execution(rec.pk))


def expires_at(rec: Recommendation, now: dt.datetime) -> dt.datetime | None:
    """When an approval stops being wanted; never for a remedy (open until done, declined or overridden)."""
    if rec.action in REMEDIATION_ACTIONS:
        return None
    return now + dt.timedelta(seconds=rec.cluster.recommendation_expiry_s)


def lock_cluster(rec: Recommendation) -> None:
    """Serialise guardrail decisions per cluster (PostgreSQL row lock; SQLite locks the file)."""
    Cluster.objects.select_for_update().filter(pk=rec.cluster_id).values_list("pk", flat=True).first()


def _escalate_if_storm(rec: Recommendation, blocked: str, now: dt.datetime) -> None:
    """A job that keeps failing at the same place is held and handed to people."""
    incident = rec.incident
    if (
        blocked.startswith("restart storm")
        and IncidentStatus.ESCALATED in INCIDENT_TRANSITIONS[IncidentStatus(incident.status)]
    ):
        transition_incident(incident, IncidentStatus.ESCALATED, at=now, reason=blocked)


def guardrail_verdict(rec: Recommendation, now: dt.datetime) -> str | None:
    """Which guardrail blocks this action now, if any (checked on auto and on approval)."""
    if rec.action == ActionKind.REQUEUE_JOB:
        return check_restart(restarts.restart_budget(rec))
    if rec.action in (ActionKind.REBOOT_NODE, ActionKind.RESET_GPU):
        from actions.services.qualification import reboot_verdict

        return reboot_verdict(rec)
    if rec.action != ActionKind.DRAIN_NODE:
        return None
    return check_drain(drain_budget(rec.cluster, rec.node, now, exclude_pk=rec.pk))


def drain_budget(
    cluster: Cluster, node_name: str, now: dt.datetime, exclude_pk: int | None = None
) -> DrainBudget:
    """The drain guardrails' counts for one more drain of ``node_name``: in flight included, and
    drains by hand (an operator's Drain on the node page, audited without a recommendation)."""
    drains = Recommendation.objects.filter(cluster=cluster, action=ActionKind.DRAIN_NODE).exclude(
        pk=exclude_pk
    )
    # Carried out in the last hour, plus in flight (approved in this tick or by a parallel click).
    drains_last_hour = (
        drains.filter(
            status__in=[RecStatus.SUCCEEDED, RecStatus.EXECUTING],
            executed_at__gte=now - dt.timedelta(hours=1),
        ).count()
        + drains.filter(status=RecStatus.APPROVED).count()
        + AuditRecord.objects.filter(
            event=AuditEvent.EXECUTION,
            cluster=cluster.name,
            recommendation_id__isnull=True,
            action__startswith=f"{ActionKind.DRAIN_NODE} ",
            outcome="done",
            at__gte=now - dt.timedelta(hours=1),
        ).count()
    )
    node = Node.objects.filter(cluster=cluster, name=node_name).first()
    partition = node.partition if node else ""
    in_partition = Node.objects.filter(cluster=cluster, partition=partition)
    ours = set(in_partition.filter(drained_by_us=True).exclude(name=node_name).values_list("name", flat=True))
    in_flight = set(
        drains.filter(
            status__in=[RecStatus.APPROVED, RecStatus.EXECUTING], node__in=in_partition.values("name")
        )
        .exclude(node=node_name)
        .values_list("node", flat=True)
    )
    return DrainBudget(
        drains_last_hour=drains_last_hour,
        max_drains_per_hour=cluster.max_drains_per_hour,
        partition_size=in_partition.count(),
        partition_drained_by_us=len(ours | in_flight),
        max_partition_drained_pct=cluster.max_partition_drained_pct,
    )


# ---------------------------------------------------------------- deciding


def approve_recommendation(
    rec: Recommendation, user: Any, now: dt.datetime, comment: str = ""
) -> Recommendation:
    """An operator's click. Refusals are audited; a double click executes once."""
    if not has_role(user, Role.OPERATOR):
        _refuse(rec, user, now, "approve")
        raise PermissionDenied("only operators and admins may approve recommendations")
    closed = actionable.incident_closed_why(rec.incident)
    if closed and ends_with_incident(rec.action, rec.incident.status):
        actionable.end_recommendations(rec.incident, f"{closed}: nothing left to approve", now)
        raise Conflict(f"{closed}: its recommendations ended, nothing to approve")
    if rec.status != RecStatus.AWAITING_APPROVAL:
        raise Conflict(f"recommendation is {rec.get_status_display().lower()}, not awaiting approval")
    with transaction.atomic():
        lock_cluster(rec)  # count and approve under the cluster's row lock: N clicks cannot pass N-1
        blocked = guardrail_verdict(rec, now)
        if blocked:
            ok = transition_recommendation(
                rec, RecStatus.BLOCKED, at=now, actor=user, reason=blocked, blocked_reason=blocked
            )
        else:
            ok = transition_recommendation(
                rec,
                RecStatus.APPROVED,
                at=now,
                actor=user,
                reason=comment,
                decided_by=user,
                decided_at=now,
                decision_comment=comment,
                dispatched_at=now,
            )
            if ok:
                transaction.on_commit(lambda: dispatch.enqueue_execution(rec.pk))
    if blocked:
        raise Conflict(f"blocked by a guardrail: {blocked}")
    if not ok:
        raise Conflict("someone else decided this recommendation first")
    return rec


class NeedsReason(Conflict):
    """A rejection without a reason: refused, nothing changed."""


def reject_recommendation(
    rec: Recommendation, user: Any, now: dt.datetime, comment: str = ""
) -> Recommendation:
    if not has_role(user, Role.OPERATOR):
        _refuse(rec, user, now, "reject")
        raise PermissionDenied("only operators and admins may reject recommendations")
    if rec.status not in REC_OPEN:
        raise Conflict(f"recommendation is {rec.get_status_display().lower()}; it can no longer be rejected")
    if rec.action in REMEDIATION_ACTIONS and not comment.strip():
        # A decided remedy stays open until done, declined *with a reason*, or overridden.
        raise NeedsReason(f"declining the {rec.get_action_display().lower()} of {rec.node} needs a reason")
    if not comment.strip():
        # An empty box (typed, then wiped) is no reason: refuse it rather than record a rejection nobody explained.
        raise NeedsReason("a rejection needs a reason: say why in the comment box; nothing was rejected")
    ok = transition_recommendation(
        rec,
        RecStatus.REJECTED,
        at=now,
        actor=user,
        reason=comment,
        decided_by=user,
        decided_at=now,
        decision_comment=comment,
    )
    if not ok:
        raise Conflict("someone else decided this recommendation first")
    return rec


def _refuse(rec: Recommendation, user: Any, now: dt.datetime, verb: str) -> None:
    refuse(
        user,
        now,
        verb,
        "insufficient role",
        cluster=rec.cluster.name,
        action=f"{rec.action} {rec.target}",
        incident_id=rec.incident_id,
        recommendation_id=rec.pk,
        node=rec.node or rec.incident.culprit_node,
        workload=rec.job or ((rec.incident.jobs or [""])[0]),
    )


def expire_recommendations(now: dt.datetime) -> int:
    n = 0
    # A decided remedy stays open until it runs, is declined or overridden: it never expires.
    waiting = Recommendation.objects.filter(status=RecStatus.AWAITING_APPROVAL, expires_at__lt=now)
    for rec in waiting.exclude(action__in=list(REMEDIATION_ACTIONS)).select_related("incident", "cluster"):
        n += transition_recommendation(rec, RecStatus.EXPIRED, at=now, reason="no decision before it expired")
    return n


def open_recommendations(cluster_id: int | None = None) -> QuerySet[Recommendation]:
    qs = Recommendation.objects.filter(status__in=list(REC_OPEN))
    return qs.filter(cluster_id=cluster_id) if cluster_id else qs


def merge_incident(incident: Incident, into_key: str, now: dt.datetime) -> None:
    """One root cause hitting several jobs is one incident: fold this one into it."""
    target = Incident.objects.filter(cluster=incident.cluster, key=into_key).first()
    where = f"incident #{target.pk}" if target else f"incident {into_key}"
    for rec in incident.recommendations.all():
        if rec.is_open:
            transition_recommendation(rec, RecStatus.SUPERSEDED, at=now, reason=f"merged into {where}")
    if (
        incident.status != IncidentStatus.DISMISSED
        and IncidentStatus.DISMISSED in INCIDENT_TRANSITIONS[IncidentStatus(incident.status)]
    ):
        transition_incident(
            incident, IncidentStatus.DISMISSED, at=now, reason=f"same root cause as {where}: merged"
        )
    if target is not None:
        paging.carry_page(incident, target, now)  # one root cause pages once
