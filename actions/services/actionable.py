"""One source of truth for what is actionable: an incident's state decides its recommendations.

A dismissed, recovered or merged incident has nothing left to approve: its open
recommendations end (superseded, audited with why) the moment it closes, and an
approval that arrives anyway is refused (``Conflict``, 409 in the API) before
anything executes. Recommendations the "back to monitor" switch (or the storm
breaker) held are routed again when an admin releases it: still valid ones become
approvable — a person decides, since time has passed — stale ones expire with why.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from actions.choices import MUTATING_ACTIONS, REC_OPEN, ActionKind, RecStatus
from actions.models import Recommendation
from actions.services.autonomy import level_for, set_monitor_only
from actions.services.notify import notify
from actions.services.transitions import actor_name, transition_recommendation
from incidents.choices import INCIDENT_ACTIVE
from incidents.models import Incident
from incidents.services import dismiss_incident
from incidents.silences import silence_for
from monitoring.choices import Autonomy
from monitoring.models import Cluster, Job, Node

# Not yet executing: a person's "false alarm" must stop an approved action still queued too.
ENDABLE = REC_OPEN | {RecStatus.APPROVED}


def end_recommendations(incident: Incident, why: str, now: dt.datetime, actor: Any = None) -> int:
    """Supersede every recommendation of the incident that has not started; return how many."""
    recs = incident.recommendations.filter(status__in=list(ENDABLE)).select_related("incident", "cluster")
    return sum(
        transition_recommendation(rec, RecStatus.SUPERSEDED, at=now, actor=actor, reason=why) for rec in recs
    )


def incident_closed_why(incident: Incident) -> str | None:
    """Why the incident no longer takes actions (None while it is active)."""
    incident.refresh_from_db(fields=["status"])
    if incident.status in INCIDENT_ACTIVE:
        return None
    return f"incident #{incident.pk} is {incident.get_status_display().lower()}"


def dismiss(incident: Incident, user: Any, reason: str, now: dt.datetime) -> bool:
    """An operator's "false alarm": the incident is dismissed and nothing it proposed may run."""
    if not dismiss_incident(incident, user, reason, now):
        return False
    who = actor_name(user) or "an operator"
    why = f"incident dismissed by {who}" + (f": {reason}" if reason else "")
    end_recommendations(incident, why, now, actor=user)
    return True


def settle_closed_incidents(cluster: Cluster, now: dt.datetime) -> int:
    """Sweep: recommendations still open on incidents that closed elsewhere (recovered, merged) end."""
    stale = (
        Recommendation.objects.filter(cluster=cluster, status__in=list(ENDABLE))
        .exclude(incident__status__in=list(INCIDENT_ACTIVE))
        .select_related("incident", "cluster")
    )
    n = 0
    for rec in stale:
        why = f"incident #{rec.incident_id} is {rec.incident.get_status_display().lower()}"
        n += transition_recommendation(rec, RecStatus.SUPERSEDED, at=now, reason=why)
    return n


# ---------------------------------------------------------------- releasing the switch


def stale_reason(rec: Recommendation, now: dt.datetime) -> str | None:
    """Why a held recommendation should no longer be acted on, or None if it still holds."""
    if rec.incident.status not in INCIDENT_ACTIVE:
        return f"incident #{rec.incident_id} is {rec.incident.get_status_display().lower()}"
    held_s = (now - rec.created_at).total_seconds()
    if held_s > rec.cluster.recommendation_expiry_s:
        return f"held {held_s / 60:.0f} min in monitor, longer than the {rec.cluster.recommendation_expiry_s / 60:.0f} min expiry"
    if rec.action == ActionKind.DRAIN_NODE:
        node = Node.objects.filter(cluster=rec.cluster, name=rec.node).first()
        if node is None:
            return f"node {rec.node} is no longer known"
        if node.drained:
            return f"node {rec.node} is already drained"
    if rec.action == ActionKind.REQUEUE_JOB:
        job = Job.objects.filter(cluster=rec.cluster, slurm_id=rec.job).first()
        if job is None:
            return f"job {rec.job} is no longer known"
        if job.state in ("COMPLETED", "CANCELLED"):
            return f"job {rec.job} is {job.state.lower()}"
    return None


def reroute_held(cluster: Cluster, now: dt.datetime, actor: Any = None) -> tuple[int, int]:
    """After the switch is released: held (proposed) actions become approvable or expire. (approvable, expired)."""
    held = Recommendation.objects.filter(
        cluster=cluster, status=RecStatus.PROPOSED, action__in=list(MUTATING_ACTIONS)
    ).select_related("incident", "cluster")
    approvable = expired = 0
    for rec in held:
        why = stale_reason(rec, now)
        if why:
            expired += transition_recommendation(
                rec, RecStatus.EXPIRED, at=now, actor=actor, reason=f"stale after release: {why}"
            )
            continue
        if silence_for(rec.incident, now) is not None:
            continue  # a maintenance window holds it still
        level = level_for(rec)
        if level.level == Autonomy.MONITOR:
            continue  # the ladder itself still says monitor: shown, not executed
        expires = now + dt.timedelta(seconds=cluster.recommendation_expiry_s)
        reason = f"held in monitor, released: a person decides ({level.level}: {level.source})"
        if transition_recommendation(
            rec, RecStatus.AWAITING_APPROVAL, at=now, actor=actor, reason=reason, expires_at=expires
        ):
            approvable += 1
            notify(
                "awaiting_approval",
                cluster=cluster,
                incident=rec.incident,
                recommendation=rec,
                text=f"{rec} awaits approval: {reason}",
            )
    return approvable, expired


def switch_monitor_only(
    cluster: Cluster, on: bool, user: Any, now: dt.datetime, reason: str = ""
) -> tuple[int, int]:
    """The switch as people pull it: releasing it also re-routes what it held. (approvable, expired)."""
    changed = set_monitor_only(cluster, on, user, now, reason)
    if on or not changed:
        return 0, 0
    return reroute_held(cluster, now, actor=user)
