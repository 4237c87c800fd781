"""One source of truth for what is actionable: an incident's state decides its recommendations.

A dismissed, recovered or merged incident has nothing left to approve: its open
recommendations end (superseded, audited with why) the moment it closes, and an
approval that arrives anyway is refused (``Conflict``, 409 in the API) before
anything executes. Recommendations the "back to monitor" switch (or the storm
breaker) held are routed again when an admin releases it: still valid ones become
approvable — a person decides, since time has passed — stale ones expire with why.
Actions the ladder had approved and the switch stopped are *held* (not ended), so they
come back the same way. A silence that ends releases what it held likewise, and pages
for what still needs people.
"""

from __future__ import annotations

import datetime as dt
from functools import partial
from typing import Any

from django.db import transaction
from django.db.models import Q, QuerySet

from actions.choices import MUTATING_ACTIONS, REC_OPEN, ActionKind, RecStatus
from actions.models import PageState, Recommendation
from actions.services import dispatch, paging
from actions.services.autonomy import level_for, set_monitor_only
from actions.services.notify import notify
from actions.services.qualification import REMEDIATION_ACTIONS, ends_with_incident
from actions.services.transitions import actor_name, transition_recommendation
from incidents.audit import append_audit
from incidents.choices import INCIDENT_ACTIVE, AuditEvent, IncidentStatus
from incidents.models import Incident, Silence
from incidents.services import dismiss_incident
from incidents.silences import silence_for
from monitoring.choices import Autonomy
from monitoring.live import push_after_commit
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


def unsettled(cluster: Cluster) -> QuerySet[Recommendation]:
    """Recommendations still open on incidents that closed elsewhere (what the settle sweep ends)."""
    return (
        Recommendation.objects.filter(cluster=cluster, status__in=list(ENDABLE))
        .exclude(incident__status__in=list(INCIDENT_ACTIVE))
        # the node's remedy is its own track: the job's recovery never ends it (a dismissal does)
        .exclude(Q(action__in=list(REMEDIATION_ACTIONS)) & ~Q(incident__status=IncidentStatus.DISMISSED))
    )


def settle_closed_incidents(cluster: Cluster, now: dt.datetime) -> int:
    """Sweep: recommendations still open on incidents that closed elsewhere (recovered, merged) end."""
    n = 0
    for rec in unsettled(cluster).select_related("incident", "cluster"):
        why = f"incident #{rec.incident_id} is {rec.incident.get_status_display().lower()}"
        n += transition_recommendation(rec, RecStatus.SUPERSEDED, at=now, reason=why)
    return n


# ---------------------------------------------------------------- releasing the switch


def stale_reason(rec: Recommendation, now: dt.datetime, held_in: str = "in monitor") -> str | None:
    """Why a held recommendation should no longer be acted on, or None if it still holds."""
    if rec.incident.status not in INCIDENT_ACTIVE and ends_with_incident(rec.action, rec.incident.status):
        return f"incident #{rec.incident_id} is {rec.incident.get_status_display().lower()}"
    held_s = (now - rec.created_at).total_seconds()
    if rec.action not in REMEDIATION_ACTIONS and held_s > rec.cluster.recommendation_expiry_s:
        return f"held {held_s / 60:.0f} min {held_in}, longer than the {rec.cluster.recommendation_expiry_s / 60:.0f} min expiry"
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


# Held, not decided: made under monitor (proposed) or approved by the ladder and stopped by the switch (held).
HELD_STATES = [RecStatus.PROPOSED, RecStatus.HELD]


def reroute_held(
    cluster: Cluster,
    now: dt.datetime,
    actor: Any = None,
    *,
    incidents: list[int] | None = None,
    released: str = "held in monitor, released",
    held_in: str = "in monitor",
) -> tuple[int, int]:
    """After the switch (or a silence) is released: held actions become approvable or expire. (approvable, expired)."""
    cluster.refresh_from_db(fields=["monitor_only"])
    if cluster.monitor_only:
        return 0, 0  # still held: released only when the switch is
    held = Recommendation.objects.filter(
        cluster=cluster, status__in=HELD_STATES, action__in=list(MUTATING_ACTIONS)
    ).select_related("incident", "cluster")
    if incidents is not None:
        held = held.filter(incident_id__in=incidents)
    approvable = expired = 0
    for rec in held:
        outcome = _route_held(rec, now, actor, released, held_in)
        approvable += outcome == RecStatus.AWAITING_APPROVAL
        expired += outcome == RecStatus.EXPIRED
    return approvable, expired


def _route_held(rec: Recommendation, now: dt.datetime, actor: Any, released: str, held_in: str) -> str | None:
    """One held action, routed again; returns the state it moved to (None: it stays)."""
    why = stale_reason(rec, now, held_in)
    if why:
        ok = transition_recommendation(
            rec, RecStatus.EXPIRED, at=now, actor=actor, reason=f"stale after release: {why}"
        )
        return RecStatus.EXPIRED if ok else None
    if silence_for(rec.incident, now) is not None:
        return None  # a maintenance window holds it still; its end routes it
    level = level_for(rec)
    if level.level == Autonomy.MONITOR:
        # The ladder itself says monitor: shown, not executed (a held one says so in its history).
        if rec.status == RecStatus.HELD:
            reason = f"{released}; the ladder says monitor ({level.source}): shown, not executed"
            transition_recommendation(rec, RecStatus.PROPOSED, at=now, actor=actor, reason=reason)
        return None
    expires = (
        None
        if rec.action in REMEDIATION_ACTIONS
        else now + dt.timedelta(seconds=rec.cluster.recommendation_expiry_s)
    )
    reason = f"{released}: a person decides ({level.level}: {level.source})"
    if not transition_recommendation(
        rec, RecStatus.AWAITING_APPROVAL, at=now, actor=actor, reason=reason, expires_at=expires
    ):
        return None
    notify(
        "awaiting_approval",
        cluster=rec.cluster,
        incident=rec.incident,
        recommendation=rec,
        text=f"{rec} awaits approval: {reason}",
    )
    return RecStatus.AWAITING_APPROVAL


# ---------------------------------------------------------------- a silence that ends


def release_ended_silences(cluster: Cluster, now: dt.datetime, actor: Any = None) -> int:
    """Sweep (per tick, and at once when someone ends one early): what an ended silence held is routed again.

    Its incidents stop showing as silenced (unless another silence still covers them), their
    held actions become approvable or expire as stale, and those still needing people are
    paged. Each silence is released once (``released_at``, claimed by a guarded update).
    """
    return sum(
        _release(silence, now, actor) for silence in ended_silences(cluster, now).select_related("cluster")
    )


def ended_silences(cluster: Cluster, now: dt.datetime) -> QuerySet[Silence]:
    """Silences that ended (on time or early) and whose holds are not released yet."""
    return Silence.objects.filter(cluster=cluster, released_at__isnull=True).filter(
        Q(ends_at__lte=now) | Q(ended_early_at__isnull=False)
    )


def _release(silence: Silence, now: dt.datetime, actor: Any) -> int:
    with transaction.atomic():
        if not Silence.objects.filter(pk=silence.pk, released_at__isnull=True).update(released_at=now):
            return 0  # another worker released it
        held = list(Incident.objects.filter(silenced_by=silence).select_related("cluster"))
        Incident.objects.filter(silenced_by=silence).update(silenced_by=None)
        active = [i for i in held if i.status in INCIDENT_ACTIVE]
        for incident in active:
            incident.silenced_by = None
            silence_for(incident, now)  # another silence may still cover it
        free = [i.pk for i in active if i.silenced_by is None]
        approvable, expired = reroute_held(
            silence.cluster,
            now,
            actor,
            incidents=free,
            released=f"silence #{silence.pk} ended",
            held_in=f"under silence #{silence.pk}",
        )
        told = _deliver_held_notices(free, silence, now)
        paged = sum(_page_if_needed(i, silence, now) for i in active if i.silenced_by is None)
        append_audit(
            event=AuditEvent.SILENCE,
            at=now,
            actor=actor_name(actor),
            cluster=silence.cluster.name,
            node=silence.node,
            workload=silence.job,
            pattern=silence.pattern,
            action=f"release silence #{silence.pk}",
            outcome="released",
            detail={
                "incidents": [i.pk for i in held],
                "approvable": approvable,
                "expired": expired,
                "notices": told,
                "paged": paged,
            },
        )
        for incident in held:
            push_after_commit("incident", id=incident.pk, cluster=incident.cluster_id)
    return 1


def _deliver_held_notices(incidents: list[int], silence: Silence, now: dt.datetime) -> int:
    """Escalations and owner notices the silence kept back go out now (they change nothing on the cluster)."""
    held = Recommendation.objects.filter(incident_id__in=incidents, status=RecStatus.PROPOSED).exclude(
        action__in=list(MUTATING_ACTIONS)
    )
    n = 0
    for rec in held.select_related("incident", "cluster"):
        reason = f"silence #{silence.pk} ended: notifications need no approval"
        if transition_recommendation(rec, RecStatus.APPROVED, at=now, reason=reason, dispatched_at=now):
            transaction.on_commit(partial(dispatch.enqueue_execution, rec.pk))
            n += 1
    return n


def _page_if_needed(incident: Incident, silence: Silence, now: dt.datetime) -> bool:
    """Paging starts for what still needs a person: escalated, or an action awaiting approval."""
    needs = (
        incident.status == IncidentStatus.ESCALATED
        or incident.recommendations.filter(status=RecStatus.AWAITING_APPROVAL).exists()
    )
    if not needs:
        return False
    paging.trigger(incident, f"{silence} ended; incident #{incident.pk} still needs people", now)
    return PageState.objects.filter(incident=incident, state=paging.TRIGGERED).exists()


def switch_monitor_only(
    cluster: Cluster, on: bool, user: Any, now: dt.datetime, reason: str = ""
) -> tuple[int, int]:
    """The switch as people pull it: releasing it also re-routes what it held. (approvable, expired)."""
    changed = set_monitor_only(cluster, on, user, now, reason)
    if on or not changed:
        return 0, 0
    return reroute_held(cluster, now, actor=user)
