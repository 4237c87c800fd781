"""The verbs of recovery: propose, route by autonomy, approve, reject, execute.

Every state change is a guarded conditional update (two workers or two operators
never act twice), a history row and an audit record in one transaction; the
execution itself runs after commit, in a Celery task.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import QuerySet

from actions import restarts
from actions.autonomy_services import level_for
from actions.choices import MUTATING_ACTIONS, REC_OPEN, REC_TRANSITIONS, ActionKind, RecStatus
from actions.executors import ExecResult, get_executor
from actions.guardrails import DrainBudget, check_drain, check_restart
from actions.models import Recommendation, RecommendationTransition
from actions.notify import notify
from incidents.audit import append_audit
from incidents.choices import INCIDENT_TRANSITIONS, AuditEvent, IncidentStatus
from incidents.models import Incident
from incidents.services import transition_incident
from monitoring.choices import Autonomy
from monitoring.live import push_after_commit
from monitoring.models import Node
from recovery_site.roles import Role, has_role


class Conflict(Exception):
    """The recommendation was already decided or changed by someone else."""


def _actor_name(user: Any) -> str | None:
    return getattr(user, "username", None) if user is not None else None


def transition_recommendation(
    rec: Recommendation, new: str, *, at: dt.datetime, actor: Any = None, reason: str = "", **fields: Any
) -> bool:
    """Guarded update old -> new with history and audit; False if someone else moved it first."""
    old = rec.status
    if new not in REC_TRANSITIONS[old]:
        return False
    with transaction.atomic():
        updated = Recommendation.objects.filter(pk=rec.pk, status=old).update(status=new, **fields)
        if not updated:
            return False
        rec.status = new
        for k, v in fields.items():
            setattr(rec, k, v)
        name = _actor_name(actor)
        RecommendationTransition.objects.create(recommendation=rec, old=old, new=new, actor=name or "controller", reason=reason, at=at)
        event = {
            RecStatus.APPROVED: AuditEvent.APPROVAL,
            RecStatus.REJECTED: AuditEvent.REJECTION,
            RecStatus.SUCCEEDED: AuditEvent.EXECUTION,
            RecStatus.FAILED: AuditEvent.EXECUTION,
            RecStatus.EXPIRED: AuditEvent.EXPIRY,
        }.get(new, AuditEvent.RECOMMENDATION)
        _audit_rec(rec, event, at=at, actor=name, outcome=new, detail={"from": old, "reason": reason})
        push_after_commit("recommendation", id=rec.pk, incident=rec.incident_id, cluster=rec.cluster_id)
    return True


def _audit_rec(rec: Recommendation, event: str, *, at: dt.datetime, actor: str | None, outcome: str, detail: dict[str, Any]) -> None:
    incident = rec.incident
    append_audit(
        event=event,
        at=at,
        actor=actor,
        cluster=rec.cluster.name,
        workload=rec.job or ((incident.jobs or [""])[0]),
        node=rec.node or incident.culprit_node,
        incident_id=incident.pk,
        recommendation_id=rec.pk,
        pattern=incident.pattern,
        attribution={"category": incident.category, "culprit_node": incident.culprit_node, "culprit_gpu": incident.culprit_gpu},
        action=f"{rec.action} {rec.target}"[:64],
        outcome=outcome,
        detail=detail,
    )


# ---------------------------------------------------------------- proposing


def sync_recommendations(incident: Incident, specs: list[dict[str, Any]], now: dt.datetime) -> list[Recommendation]:
    """Make the incident's open recommendations match the verdict's; route new ones.

    Open recommendations the new verdict no longer makes are superseded.
    """
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
            RecommendationTransition.objects.create(recommendation=rec, old="", new=RecStatus.PROPOSED, actor="controller", at=now)
            _audit_rec(rec, AuditEvent.RECOMMENDATION, at=now, actor=None, outcome=RecStatus.PROPOSED, detail={"text": rec.text})
        created.append(rec)
    for rec in existing:
        if rec.is_open and (rec.action, rec.node, rec.job, sorted(rec.exclude)) not in wanted:
            transition_recommendation(rec, RecStatus.SUPERSEDED, at=now, reason="a newer verdict replaced it")
    for rec in created:
        route_recommendation(rec, now)
    return created


def _spec_text(incident: Incident, action: str, job: str, text: str) -> str:
    """A requeue says what it costs: steps and time since the job's last checkpoint."""
    if action != ActionKind.REQUEUE_JOB or not job:
        return text
    return f"{text}; {restarts.progress_loss(incident.cluster, job)}" if text else restarts.progress_loss(incident.cluster, job)


def route_recommendation(rec: Recommendation, now: dt.datetime) -> None:
    """Decide by the autonomy ladder (actions.autonomy) what happens to a fresh recommendation."""
    cluster = rec.cluster
    if rec.action not in MUTATING_ACTIONS:
        # Telling people changes nothing on the cluster: delivered in every mode.
        transition_recommendation(rec, RecStatus.APPROVED, at=now, reason="notifications need no approval")
        transaction.on_commit(lambda: _enqueue_execution(rec.pk))
        return
    level = level_for(rec)
    if level.level == Autonomy.MONITOR:
        _audit_rec(rec, AuditEvent.RECOMMENDATION, at=now, actor=None, outcome="not executed", detail={"why": f"monitor: {level.source}"})
        return
    held = restarts.without_checkpoint(rec) if level.level == Autonomy.AUTO else None
    if level.level == Autonomy.APPROVE or held:
        expires = now + dt.timedelta(seconds=cluster.recommendation_expiry_s)
        why = held or f"approve: {level.source}"
        if transition_recommendation(rec, RecStatus.AWAITING_APPROVAL, at=now, reason=why, expires_at=expires):
            notify("awaiting_approval", cluster=cluster, incident=rec.incident, recommendation=rec, text=f"{rec} awaits approval: {why}")
        return
    blocked = guardrail_verdict(rec, now)
    if blocked:
        transition_recommendation(rec, RecStatus.BLOCKED, at=now, reason=blocked, blocked_reason=blocked)
        _escalate_if_storm(rec, blocked, now)
        return
    if transition_recommendation(rec, RecStatus.APPROVED, at=now, reason=f"auto: {level.source}"):
        transaction.on_commit(lambda: _enqueue_execution(rec.pk))


def _escalate_if_storm(rec: Recommendation, blocked: str, now: dt.datetime) -> None:
    """A job that keeps failing at the same place is held and handed to people."""
    incident = rec.incident
    if blocked.startswith("restart storm") and IncidentStatus.ESCALATED in INCIDENT_TRANSITIONS[IncidentStatus(incident.status)]:
        transition_incident(incident, IncidentStatus.ESCALATED, at=now, reason=blocked)


def guardrail_verdict(rec: Recommendation, now: dt.datetime) -> str | None:
    """Which guardrail blocks this action now, if any (checked on auto and on approval)."""
    if rec.action == ActionKind.REQUEUE_JOB:
        return check_restart(restarts.restart_budget(rec))
    if rec.action != ActionKind.DRAIN_NODE:
        return None
    cluster = rec.cluster
    drains_last_hour = Recommendation.objects.filter(
        cluster=cluster,
        action=ActionKind.DRAIN_NODE,
        status__in=[RecStatus.SUCCEEDED, RecStatus.EXECUTING],
        executed_at__gte=now - dt.timedelta(hours=1),
    ).count()
    node = Node.objects.filter(cluster=cluster, name=rec.node).first()
    partition = node.partition if node else ""
    in_partition = Node.objects.filter(cluster=cluster, partition=partition)
    budget = DrainBudget(
        drains_last_hour=drains_last_hour,
        max_drains_per_hour=cluster.max_drains_per_hour,
        partition_size=in_partition.count(),
        partition_drained_by_us=in_partition.filter(drained_by_us=True).exclude(name=rec.node).count(),
        max_partition_drained_pct=cluster.max_partition_drained_pct,
    )
    return check_drain(budget)


def _enqueue_execution(rec_id: int) -> None:
    from actions.tasks import execute_recommendation_task

    execute_recommendation_task.delay(rec_id)


# ---------------------------------------------------------------- deciding


def approve_recommendation(rec: Recommendation, user: Any, now: dt.datetime, comment: str = "") -> Recommendation:
    """An operator's click. Refusals are audited; a double click executes once."""
    if not has_role(user, Role.OPERATOR):
        _refuse(rec, user, now, "approve")
        raise PermissionDenied("only operators and admins may approve recommendations")
    if rec.status != RecStatus.AWAITING_APPROVAL:
        raise Conflict(f"recommendation is {rec.get_status_display().lower()}, not awaiting approval")
    blocked = guardrail_verdict(rec, now)
    if blocked:
        transition_recommendation(rec, RecStatus.BLOCKED, at=now, actor=user, reason=blocked, blocked_reason=blocked)
        raise Conflict(f"blocked by a guardrail: {blocked}")
    with transaction.atomic():
        ok = transition_recommendation(
            rec, RecStatus.APPROVED, at=now, actor=user, reason=comment, decided_by=user, decided_at=now, decision_comment=comment
        )
        if not ok:
            raise Conflict("someone else decided this recommendation first")
        transaction.on_commit(lambda: _enqueue_execution(rec.pk))
    return rec


def reject_recommendation(rec: Recommendation, user: Any, now: dt.datetime, comment: str = "") -> Recommendation:
    if not has_role(user, Role.OPERATOR):
        _refuse(rec, user, now, "reject")
        raise PermissionDenied("only operators and admins may reject recommendations")
    if rec.status not in REC_OPEN:
        raise Conflict(f"recommendation is {rec.get_status_display().lower()}; it can no longer be rejected")
    ok = transition_recommendation(
        rec, RecStatus.REJECTED, at=now, actor=user, reason=comment, decided_by=user, decided_at=now, decision_comment=comment
    )
    if not ok:
        raise Conflict("someone else decided this recommendation first")
    return rec


def _refuse(rec: Recommendation, user: Any, now: dt.datetime, verb: str) -> None:
    _audit_rec(rec, AuditEvent.REFUSAL, at=now, actor=_actor_name(user) or "anonymous", outcome="refused", detail={"attempted": verb, "why": "insufficient role"})


def expire_recommendations(now: dt.datetime) -> int:
    n = 0
    for rec in Recommendation.objects.filter(status=RecStatus.AWAITING_APPROVAL, expires_at__lt=now).select_related("incident", "cluster"):
        n += transition_recommendation(rec, RecStatus.EXPIRED, at=now, reason="no decision before it expired")
    return n


# ---------------------------------------------------------------- executing


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
    if not transition_recommendation(rec, RecStatus.EXECUTING, at=now, reason="executing", executed_at=now):
        return rec  # another worker claimed it
    result = _run(rec, now.timestamp())
    final = {"done": RecStatus.SUCCEEDED, "already": RecStatus.SUCCEEDED, "superseded": RecStatus.SUPERSEDED}.get(
        result.outcome, RecStatus.FAILED
    )
    with transaction.atomic():
        transition_recommendation(rec, final, at=now, reason=f"{result.outcome}: {result.message}", result=result.message[:4000], finished_at=now)
        _after_execution(rec, result, now)
    return rec


def _run(rec: Recommendation, now: float) -> ExecResult:
    if rec.action == ActionKind.NOTIFY:
        notify("owner_notice", cluster=rec.cluster, incident=rec.incident, recommendation=rec, text=rec.text)
        return ExecResult("done", f"owner notified: {rec.text}")
    if rec.action == ActionKind.ESCALATE:
        notify("escalation", cluster=rec.cluster, incident=rec.incident, recommendation=rec, text=rec.text)
        return ExecResult("done", f"escalated to on-call: {rec.text}")
    executor = get_executor(rec.cluster)
    try:
        if rec.action == ActionKind.DRAIN_NODE:
            return executor.drain(rec.node, drain_reason(rec), now)
        if rec.action == ActionKind.REQUEUE_JOB:
            return executor.requeue(rec.job, list(rec.exclude), now)
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
            if transition_incident(incident, IncidentStatus.ESCALATED, at=now, reason=f"{rec} failed: {result.message}"):
                notify("escalation", cluster=rec.cluster, incident=incident, recommendation=rec, text=f"{rec} failed: {result.message}")
    elif rec.action in (ActionKind.NOTIFY, ActionKind.ESCALATE) and not incident.recommendations.filter(
        action__in=list(MUTATING_ACTIONS)
    ).exists():
        if incident.status == IncidentStatus.OPEN:
            transition_incident(incident, IncidentStatus.ESCALATED, at=now, reason="needs people: restarting would repeat the failure")


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
    if incident.status != IncidentStatus.DISMISSED and IncidentStatus.DISMISSED in INCIDENT_TRANSITIONS[IncidentStatus(incident.status)]:
        transition_incident(incident, IncidentStatus.DISMISSED, at=now, reason=f"same root cause as {where}: merged")
