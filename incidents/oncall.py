"""Who is on it: acknowledging and assigning an incident (operators), audited, pushed live.

Alertmanager and PagerDuty users expect both: an acknowledgement says "I have it"
(the first to take it), an assignment hands it to a named person. Neither changes
the incident's status; both show on every page, in the API and in the audit trail.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import transaction

from incidents.audit import about_incident, append_audit
from incidents.audit.refusal import actor_name, refuse
from incidents.choices import AuditEvent
from incidents.models import Incident
from monitoring.live import push_after_commit
from recovery_site.roles import Role, has_role


def _require_operator(incident: Incident, user: Any, now: dt.datetime, attempted: str) -> str:
    if has_role(user, Role.OPERATOR):
        return actor_name(user) or "anonymous"
    refuse(
        user,
        now,
        attempted,
        "insufficient role",
        cluster=incident.cluster.name,
        incident_id=incident.pk,
        node=incident.culprit_node,
        workload=(incident.jobs or [""])[0],
    )
    raise PermissionDenied(f"only operators and admins may {attempted.split(' ')[0]} incidents")


def _audit(
    incident: Incident,
    event: str,
    now: dt.datetime,
    actor: str,
    action: str,
    outcome: str,
    detail: dict[str, Any],
) -> None:
    append_audit(
        event=event,
        at=now,
        actor=actor,
        **about_incident(incident),
        action=action[:64],
        outcome=outcome[:64],
        detail=detail,
    )
    push_after_commit("incident", id=incident.pk, cluster=incident.cluster_id)


def acknowledge_incident(incident: Incident, user: Any, now: dt.datetime, note: str = "") -> bool:
    """ "I have it." False when this person had already acknowledged it (nothing written twice)."""
    name = _require_operator(incident, user, now, "acknowledge incident")
    with transaction.atomic():
        current = (
            Incident.objects.select_for_update().values("acknowledged_by", "assignee").get(pk=incident.pk)
        )
        if current["acknowledged_by"] == name:
            return False
        fields: dict[str, Any] = {"acknowledged_by": name, "acknowledged_at": now}
        if not current["assignee"]:
            fields["assignee"] = name  # whoever takes it is on it until someone assigns it elsewhere
        Incident.objects.filter(pk=incident.pk).update(**fields)
        for k, v in fields.items():
            setattr(incident, k, v)
        _audit(
            incident,
            AuditEvent.ACKNOWLEDGE,
            now,
            name,
            "acknowledge incident",
            name,
            {"from": current["acknowledged_by"] or "nobody", "note": note[:500]},
        )
    return True


def assign_incident(incident: Incident, user: Any, assignee: str, now: dt.datetime, note: str = "") -> bool:
    """Hand the incident to a named user ("" unassigns). Unknown names are refused with a clear error."""
    name = _require_operator(incident, user, now, "assign incident")
    assignee = assignee.strip()
    if assignee and not get_user_model().objects.filter(username=assignee, is_active=True).exists():
        raise ValueError(f"no active user named {assignee!r}")
    with transaction.atomic():
        old = Incident.objects.select_for_update().values_list("assignee", flat=True).get(pk=incident.pk)
        if old == assignee:
            return False
        Incident.objects.filter(pk=incident.pk).update(assignee=assignee)
        incident.assignee = assignee
        _audit(
            incident,
            AuditEvent.ASSIGN,
            now,
            name,
            f"assign incident to {assignee or 'nobody'}",
            assignee or "unassigned",
            {"from": old or "nobody", "to": assignee or "nobody", "note": note[:500]},
        )
    return True
