"""The node track's invariants checked against the database, for ``check_invariants`` and the soak.

Each resume this controller recorded is read back with what surrounds it in the trail (the
drain before it, the blaming incident, the remedy, the checks, an admin's override) and
judged by the pure ``resume_kept_the_track``; each reboot / GPU reset that ended unrun by
``remedy_ended_rightly``. Returns the violations, each a sentence naming the node.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

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
    resumes = list(
        AuditRecord.objects.filter(
            event=AuditEvent.EXECUTION, cluster=cluster.name, action__startswith=RESUME, outcome="done"
        )
        .order_by("seq")
        .values_list("node", "at")
    )
    if not resumes:
        return []
    trail = _Trail.load(cluster, {node for node, _ in resumes})
    found = [resume_kept_the_track(trail.resume_facts(node, at)) for node, at in resumes]
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


Span = tuple[dt.datetime, dt.datetime]


def _within(at: dt.datetime, span: Span) -> bool:
    return span[0] <= at <= span[1]  # as ``__range``: both ends included


@dataclass
class _Trail:
    """What surrounds the resumes of some nodes, read in one query per kind (not per resume: the
    soak checks this after every tick); each fact is then picked exactly as its filter reads."""

    cluster: Cluster
    drains: list[tuple[str, str, dt.datetime]]  # node, action, at
    incidents: list[Incident]  # the nodes' non-dismissed incidents, newest detected first
    checks: list[tuple[str, dt.datetime]]  # passed health checks: node, started_at
    overrides: list[tuple[str, str, dt.datetime, dict[str, Any]]]  # node, action, at, detail (by seq)
    remedies: list[tuple[str, dt.datetime]]  # remedy recommendations: node, created_at
    remedied: list[tuple[str, dt.datetime]]  # remediations back from their remedy: node, issued_at

    @classmethod
    def load(cls, cluster: Cluster, nodes: set[str]) -> _Trail:
        audit = AuditRecord.objects.filter(cluster=cluster.name, node__in=nodes)
        return cls(
            cluster=cluster,
            drains=list(
                audit.filter(
                    event=AuditEvent.EXECUTION,
                    action__startswith=f"{ActionKind.DRAIN_NODE} ",
                    outcome__in=["succeeded", "done", "already"],
                ).values_list("node", "action", "at")
            ),
            incidents=list(
                Incident.objects.filter(cluster=cluster, culprit_node__in=nodes)
                .exclude(status=IncidentStatus.DISMISSED)
                .order_by("-detected_at")
            ),
            checks=list(
                Qualification.objects.filter(cluster=cluster, node__in=nodes, passed=True).values_list(
                    "node", "started_at"
                )
            ),
            overrides=list(
                audit.filter(
                    event=AuditEvent.APPROVAL, action__startswith=RESUME, outcome__startswith="overridden"
                )
                .order_by("seq")
                .values_list("node", "action", "at", "detail")
            ),
            remedies=list(
                Recommendation.objects.filter(
                    cluster=cluster, node__in=nodes, action__in=list(REMEDIATION_ACTIONS)
                ).values_list("node", "created_at")
            ),
            remedied=list(
                Remediation.objects.filter(cluster=cluster, node__in=nodes)
                .exclude(state__in=[RemediationState.ISSUED, RemediationState.TIMED_OUT])
                .values_list("node", "issued_at")
            ),
        )

    def resume_facts(self, node: str, at: dt.datetime) -> ResumeFacts:
        drain_action = f"{ActionKind.DRAIN_NODE} {node}"[:64]
        drained = max(
            (t for n, a, t in self.drains if n == node and a == drain_action and t <= at), default=None
        )
        span = (drained or EPOCH, at)  # since the drain, up to the resume
        incident = next((i for i in self.incidents if i.culprit_node == node and i.detected_at <= at), None)
        checked = max((t for n, t in self.checks if n == node and _within(t, span)), default=None)
        resume_action = f"{RESUME}{node}"[:64]
        override = next(
            (d for n, a, t, d in self.overrides if n == node and a == resume_action and t == at), None
        )
        skipped = (override or {}).get("skipped", []) if override is not None else []
        return ResumeFacts(
            node=node,
            at=at.timestamp(),
            blame=incident.category if incident else None,
            drained_at=drained.timestamp() if drained else None,
            remedy_due=self._remedy_due(node, incident, span),
            remedy_done=any(n == node and _within(t, span) for n, t in self.remedied),
            checked_at=checked.timestamp() if checked else None,
            overridden=override is not None,
            skipped=frozenset(Step(s) for s in skipped if s in set(Step)),
        )

    def _remedy_due(self, node: str, incident: Incident | None, span: Span) -> bool:
        """A remedy was recommended since the drain, or the blaming incident's Xids ask for one."""
        if any(n == node and _within(t, span) for n, t in self.remedies):
            return True
        if incident is None:
            return False
        remedy = remedy_for(xids_of(incident), self.cluster.gpu_reset_available)
        return remedy is not None and remedy.action != ActionKind.ESCALATE
