"""The node track's invariants checked against the database, for ``check_invariants`` and the soak.

Each resume this controller recorded is read back with what surrounds it in the trail (the
drain before it, the blaming incident, the remedy, the checks, an admin's override) and
judged by the pure ``resume_kept_the_track``; each reboot / GPU reset that ended unrun by
``remedy_ended_rightly``. Returns the violations, each a sentence naming the node.
"""

from __future__ import annotations

import datetime as dt

from actions.choices import ActionKind, RecStatus, RemediationState
from actions.lifecycle.node import Step
from actions.lifecycle.node_facts import ResumeFacts, remedy_ended_rightly, resume_kept_the_track
from actions.models import Qualification, Recommendation, Remediation
from actions.policy.remediation import remedy_for
from actions.services.qualification import REMEDIATION_ACTIONS, xids_of
from incidents.choices import AuditEvent, IncidentStatus
from incidents.models import AuditRecord, Incident
from monitoring.models import Cluster

RESUME = "resume_node "
EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)


def node_track_violations(cluster: Cluster) -> list[str]:
    return resume_violations(cluster) + remedy_violations(cluster)


def resume_violations(cluster: Cluster) -> list[str]:
    resumes = AuditRecord.objects.filter(
        event=AuditEvent.EXECUTION, cluster=cluster.name, action__startswith=RESUME, outcome="done"
    ).order_by("seq")
    found = [resume_kept_the_track(_resume_facts(cluster, r.node, r.at)) for r in resumes]
    return [v for v in found if v]


def remedy_violations(cluster: Cluster) -> list[str]:
    ended = Recommendation.objects.filter(
        cluster=cluster,
        action__in=list(REMEDIATION_ACTIONS),
        status__in=[RecStatus.SUPERSEDED, RecStatus.EXPIRED],
    ).prefetch_related("transitions")
    found = []
    for rec in ended:
        last = max(rec.transitions.all(), key=lambda t: (t.at, t.pk), default=None)
        found.append(remedy_ended_rightly(f"{rec} on {rec.node}", rec.status, last.reason if last else ""))
    return [v for v in found if v]


def _drain_before(cluster: Cluster, node: str, at: dt.datetime) -> dt.datetime | None:
    return (
        AuditRecord.objects.filter(
            event=AuditEvent.EXECUTION,
            cluster=cluster.name,
            node=node,
            action=f"{ActionKind.DRAIN_NODE} {node}"[:64],
            outcome__in=["succeeded", "done", "already"],
            at__lte=at,
        )
        .order_by("-at")
        .values_list("at", flat=True)
        .first()
    )


def _resume_facts(cluster: Cluster, node: str, at: dt.datetime) -> ResumeFacts:
    drained = _drain_before(cluster, node, at)
    span = (drained or EPOCH, at)  # since the drain, up to the resume
    incident = (
        Incident.objects.filter(cluster=cluster, culprit_node=node, detected_at__lte=at)
        .exclude(status=IncidentStatus.DISMISSED)
        .order_by("-detected_at")
        .first()
    )
    checked = (
        Qualification.objects.filter(cluster=cluster, node=node, passed=True, started_at__range=span)
        .order_by("-started_at")
        .values_list("started_at", flat=True)
        .first()
    )
    override = AuditRecord.objects.filter(
        event=AuditEvent.APPROVAL,
        cluster=cluster.name,
        node=node,
        action=f"{RESUME}{node}"[:64],
        outcome__startswith="overridden",
        at=at,
    ).first()
    skipped = override.detail.get("skipped", []) if override else []
    return ResumeFacts(
        node=node,
        at=at.timestamp(),
        blame=incident.category if incident else None,
        drained_at=drained.timestamp() if drained else None,
        remedy_due=_remedy_due(cluster, node, incident, span),
        remedy_done=_remedied(cluster, node, span),
        checked_at=checked.timestamp() if checked else None,
        overridden=override is not None,
        skipped=frozenset(Step(s) for s in skipped if s in set(Step)),
    )


def _remedy_due(
    cluster: Cluster, node: str, incident: Incident | None, span: tuple[dt.datetime, dt.datetime]
) -> bool:
    """A remedy was recommended since the drain, or the blaming incident's Xids ask for one."""
    if Recommendation.objects.filter(
        cluster=cluster, node=node, action__in=list(REMEDIATION_ACTIONS), created_at__range=span
    ).exists():
        return True
    if incident is None:
        return False
    remedy = remedy_for(xids_of(incident), cluster.gpu_reset_available)
    return remedy is not None and remedy.action != ActionKind.ESCALATE


def _remedied(cluster: Cluster, node: str, span: tuple[dt.datetime, dt.datetime]) -> bool:
    """Back from its remedy since the drain: a new boot seen (a GPU reset has none to wait for)."""
    return (
        Remediation.objects.filter(cluster=cluster, node=node, issued_at__range=span)
        .exclude(state__in=[RemediationState.ISSUED, RemediationState.TIMED_OUT])
        .exists()
    )
