"""The leaf every recommendation verb uses: move a recommendation, record why, tell the browsers after commit.

A guarded conditional update (two workers or two operators never move it twice), a
history row and an audit record in one transaction. It imports only models, choices,
the audit trail and ``live``, so any verb may use it without closing a circle.
"""

from __future__ import annotations

import datetime as dt
import logging
from typing import Any

from django.db import transaction

from actions.choices import RecStatus
from actions.lifecycle import recommendation as life
from actions.models import Recommendation, RecommendationTransition
from incidents.audit import append_audit
from incidents.audit.refusal import actor_name, refuse
from incidents.choices import AuditEvent
from monitoring.live import push_after_commit

log = logging.getLogger(__name__)

__all__ = ["Conflict", "actor_name", "audit_recommendation", "refuse", "transition_recommendation"]


class Conflict(Exception):
    """The recommendation was already decided or changed by someone else."""


def transition_recommendation(
    rec: Recommendation, new: str, *, at: dt.datetime, actor: Any = None, reason: str = "", **fields: Any
) -> bool:
    """Guarded update old -> new with history and audit; False if someone else moved it first, or
    the lifecycle table refuses the move (not a move it makes, or not one this actor may cause)."""
    old = rec.status
    name = actor_name(actor)
    move = life.Move(life.Status(old), life.Status(new), life.actor_of(name or ""), reason)
    refused = life.refusal(move)
    if refused:
        if new in life.allowed()[move.old]:  # a move it makes, but not by this actor or for this reason
            log.warning("recommendation %s: %s -> %s refused: %s", rec.pk, old, new, refused)
        return False
    with transaction.atomic():
        updated = Recommendation.objects.filter(pk=rec.pk, status=old).update(status=new, **fields)
        if not updated:
            return False
        rec.status = new
        for k, v in fields.items():
            setattr(rec, k, v)
        RecommendationTransition.objects.create(
            recommendation=rec, old=old, new=new, actor=name or "controller", reason=reason, at=at
        )
        event = {
            RecStatus.APPROVED: AuditEvent.APPROVAL,
            RecStatus.REJECTED: AuditEvent.REJECTION,
            RecStatus.SUCCEEDED: AuditEvent.EXECUTION,
            RecStatus.FAILED: AuditEvent.EXECUTION,
            RecStatus.EXPIRED: AuditEvent.EXPIRY,
        }.get(new, AuditEvent.RECOMMENDATION)
        audit_recommendation(
            rec, event, at=at, actor=name, outcome=new, detail={"from": old, "reason": reason}
        )
        push_after_commit("recommendation", id=rec.pk, incident=rec.incident_id, cluster=rec.cluster_id)
    return True


def audit_recommendation(
    rec: Recommendation,
    event: str,
    *,
    at: dt.datetime,
    actor: str | None,
    outcome: str,
    detail: dict[str, Any],
) -> None:
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
        attribution={
            "category": incident.category,
            "culprit_node": incident.culprit_node,
            "culprit_gpu": incident.culprit_gpu,
        },
        action=f"{rec.action} {rec.target}"[:64],
        outcome=outcome,
        detail=detail,
    )
