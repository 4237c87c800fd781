"""Operator feedback: was the controller's verdict right?

Verdicts marked confirmed or false are what readiness (actions/readiness.py) counts
before anyone raises a cluster's autonomy, so marking one is audited like an approval,
and a refused attempt leaves a refusal record just as a refused approval does.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction

from incidents.audit import append_audit
from incidents.choices import AuditEvent
from incidents.models import Incident
from monitoring.live import push_after_commit
from recovery_site.roles import Role, has_role

VERDICTS = ("confirmed", "false")
ACTION = "operator verdict"


def _audit(incident: Incident, event: str, *, at: dt.datetime, actor: str, outcome: str, detail: dict[str, Any]) -> None:
    append_audit(
        event=event,
        at=at,
        actor=actor,
        cluster=incident.cluster.name,
        workload=(incident.jobs or [""])[0],
        node=incident.culprit_node,
        incident_id=incident.pk,
        pattern=incident.pattern,
        attribution={"category": incident.category, "culprit_node": incident.culprit_node, "culprit_gpu": incident.culprit_gpu},
        action=ACTION,
        outcome=outcome,
        detail=detail,
    )


def mark_verdict(incident: Incident, user: Any, verdict: str, now: dt.datetime, note: str = "") -> bool:
    """Record an operator's judgement; False when it was already that (nothing written)."""
    name = getattr(user, "username", "") or "anonymous"
    if not has_role(user, Role.OPERATOR):
        _audit(incident, AuditEvent.REFUSAL, at=now, actor=name, outcome="refused",
               detail={"attempted": f"mark verdict {verdict}"[:64], "why": "insufficient role"})
        raise PermissionDenied("only operators and admins may mark verdicts")
    if verdict not in VERDICTS:
        raise ValueError(f"verdict must be one of {', '.join(VERDICTS)}")
    with transaction.atomic():
        old = Incident.objects.select_for_update().values_list("operator_verdict", flat=True).get(pk=incident.pk)
        if old == verdict:
            return False
        Incident.objects.filter(pk=incident.pk).update(operator_verdict=verdict)
        incident.operator_verdict = verdict
        _audit(incident, AuditEvent.VERDICT, at=now, actor=name, outcome=verdict, detail={"from": old or "unjudged", "note": note})
        push_after_commit("incident", id=incident.pk, cluster=incident.cluster_id)
    return True
