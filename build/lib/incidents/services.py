"""The verbs of incidents: open or update one from a verdict, move it between states."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from django.db import transaction

from incidents.audit import append_audit
from incidents.choices import INCIDENT_TRANSITIONS, AuditEvent, IncidentStatus
from incidents.models import Evidence, Incident, IncidentTransition
from monitoring.live import push_after_commit
from monitoring.models import Cluster

if TYPE_CHECKING:
    from actions.pipeline import IncidentUpdate


class IllegalTransition(Exception):
    pass


def epoch_to_dt(t: float) -> dt.datetime:
    return dt.datetime.fromtimestamp(t, tz=dt.UTC)


def _attribution(upd: IncidentUpdate) -> dict[str, object]:
    return {
        "category": upd.category,
        "culprit_node": upd.culprit_node,
        "culprit_gpu": upd.culprit_gpu,
        "confidence": round(upd.confidence, 3),
        "jobs": list(upd.jobs),
        "evidence": list(upd.evidence)[:20],
    }


def transition_incident(
    incident: Incident, new: str, *, at: dt.datetime, actor: str | None = None, reason: str = ""
) -> bool:
    """Guarded status change; False when another worker changed it first."""
    old = incident.status
    if new == old:
        return False
    if new not in INCIDENT_TRANSITIONS[old]:
        raise IllegalTransition(f"incident {incident.pk}: {old} -> {new} is not allowed")
    with transaction.atomic():
        fields: dict[str, object] = {"status": new}
        if new in (IncidentStatus.RECOVERED, IncidentStatus.DISMISSED):
            fields["resolved_at"] = at
        if new == IncidentStatus.OPEN and old in (IncidentStatus.RECOVERED, IncidentStatus.ESCALATED):
            incident.reopen_count += 1
            fields["reopen_count"] = incident.reopen_count
        updated = Incident.objects.filter(pk=incident.pk, status=old).update(**fields)
        if not updated:
            return False  # another worker got there first
        for k, v in fields.items():
            setattr(incident, k, v)
        IncidentTransition.objects.create(incident=incident, old=old, new=new, actor=actor or "controller", reason=reason, at=at)
        append_audit(
            event=AuditEvent.STATUS,
            at=at,
            actor=actor,
            cluster=incident.cluster.name,
            workload=(incident.jobs or [""])[0],
            node=incident.culprit_node,
            incident_id=incident.pk,
            pattern=incident.pattern,
            action=f"incident {old} -> {new}",
            outcome=new,
            detail={"reason": reason},
        )
        push_after_commit("incident", id=incident.pk, cluster=incident.cluster_id)
    return True


def _replace_evidence(incident: Incident, lines: tuple[str, ...]) -> None:
    Evidence.objects.filter(incident=incident).delete()
    Evidence.objects.bulk_create(Evidence(incident=incident, position=i, text=line) for i, line in enumerate(lines[:200]))


def apply_incident_update(cluster: Cluster, upd: IncidentUpdate, now: dt.datetime) -> tuple[Incident, bool]:
    """Create or refresh the incident behind a pipeline verdict; audit what changed.

    Returns (incident, verdict_changed) where verdict_changed is True when it is new
    or its category or culprit moved (so recommendations must be re-derived).
    """
    with transaction.atomic():
        incident = Incident.objects.filter(cluster=cluster, key=upd.key).first()
        workload = upd.jobs[0] if upd.jobs else ""
        if incident is None:
            incident = Incident.objects.create(
                cluster=cluster,
                key=upd.key,
                category=upd.category,
                culprit_node=upd.culprit_node or "",
                culprit_gpu=upd.culprit_gpu,
                confidence=upd.confidence,
                pattern=upd.pattern[:128],
                jobs=list(upd.jobs),
                detected_at=epoch_to_dt(upd.detected_t),
                first_signal_at=_first_signal(upd),
            )
            _replace_evidence(incident, upd.evidence)
            IncidentTransition.objects.create(incident=incident, old="", new=IncidentStatus.OPEN, actor="controller", reason="detected", at=now)
            append_audit(
                event=AuditEvent.DETECTION,
                at=now,
                cluster=cluster.name,
                workload=workload,
                node=upd.culprit_node or "",
                incident_id=incident.pk,
                pattern=upd.pattern,
                attribution=_attribution(upd),
                action="open incident",
                outcome=IncidentStatus.OPEN,
            )
            push_after_commit("incident", id=incident.pk, cluster=cluster.pk, new=True)
            return incident, True
        changed = (incident.category, incident.culprit_node or None, incident.culprit_gpu) != (
            upd.category,
            upd.culprit_node,
            upd.culprit_gpu,
        )
        incident.category = upd.category
        incident.culprit_node = upd.culprit_node or ""
        incident.culprit_gpu = upd.culprit_gpu
        incident.confidence = upd.confidence
        incident.pattern = upd.pattern[:128]
        incident.jobs = list(upd.jobs)
        incident.save(update_fields=["category", "culprit_node", "culprit_gpu", "confidence", "pattern", "jobs", "updated_at"])
        _replace_evidence(incident, upd.evidence)
        if changed:
            append_audit(
                event=AuditEvent.VERDICT,
                at=now,
                cluster=cluster.name,
                workload=workload,
                node=upd.culprit_node or "",
                incident_id=incident.pk,
                pattern=upd.pattern,
                attribution=_attribution(upd),
                action="revise verdict",
                outcome=incident.status,
            )
        push_after_commit("incident", id=incident.pk, cluster=cluster.pk)
        return incident, changed


def _first_signal(upd: IncidentUpdate) -> dt.datetime | None:
    t = getattr(upd, "first_signal_t", None)
    return epoch_to_dt(t) if t else None


def dismiss_incident(incident: Incident, user: object, reason: str, now: dt.datetime) -> bool:
    return transition_incident(incident, IncidentStatus.DISMISSED, at=now, actor=getattr(user, "username", None), reason=reason)

