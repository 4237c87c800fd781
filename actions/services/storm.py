"""The storm breaker: many jobs or nodes hit at once stops automatic action.

A shared filesystem or network outage fails jobs all over the cluster within a
minute or two. Each failure on its own looks like a node to drain; together they
are one outage that no drain fixes, and draining node after node would empty the
cluster. So when the incidents of the last window hit enough jobs on disjoint
nodes, or blame enough nodes, the cluster goes back to monitor (the same switch
an operator pulls, audited as the controller; it also stops automatic actions
not yet started), and the incidents are escalated to people.

Each failure counts once, and after an admin's release only failures detected after it
count: the breaker's lifecycle is the pure table in ``actions.lifecycle.breaker``; this
module reads its facts (the incidents of the window, the last release in the audit
trail) and performs the trip it returns.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from django.db.models import Q

from actions.lifecycle import breaker
from actions.services.autonomy import RELEASE_ACTION, set_monitor_only
from actions.services.notify import notify
from incidents.choices import INCIDENT_ACTIVE, AuditEvent, IncidentStatus
from incidents.models import AuditRecord, Incident
from incidents.services import transition_incident
from monitoring.models import Cluster, Job


def released_at(cluster: Cluster) -> dt.datetime | None:
    """When the switch was last released (by the dashboard, the API, clusters-as-code or the admin form)."""
    return (
        AuditRecord.objects.filter(cluster=cluster.name, event=AuditEvent.AUTONOMY)
        .filter(Q(action=RELEASE_ACTION) | Q(detail__field="monitor_only", detail__to="False"))
        .order_by("-seq")
        .values_list("at", flat=True)
        .first()
    )


def _failures(cluster: Cluster, since: dt.datetime) -> tuple[list[breaker.Failure], dict[str, Incident]]:
    incidents = list(
        Incident.objects.filter(cluster=cluster, detected_at__gte=since).exclude(
            status=IncidentStatus.DISMISSED
        )
    )
    names = {j for i in incidents for j in i.jobs}
    nodes_of = {
        j.slurm_id: tuple(j.node_list) for j in Job.objects.filter(cluster=cluster, slurm_id__in=names)
    }
    failures = [
        breaker.Failure(
            key=inc.key,
            at=inc.detected_at.timestamp(),
            job_nodes=tuple((j, nodes_of.get(j, ())) for j in inc.jobs),
            culprit=inc.culprit_node,
        )
        for inc in incidents
    ]
    return failures, {inc.key: inc for inc in incidents}


def breaker_state(cluster: Cluster) -> breaker.Breaker:
    """The breaker as the database has it: held or armed, and since when failures count."""
    released = released_at(cluster)
    return breaker.Breaker(
        phase=breaker.Phase.TRIPPED if cluster.monitor_only else breaker.Phase.ARMED,
        released_at=released.timestamp() if released is not None else None,
    )


def check_storm_breaker(cluster: Cluster, now: dt.datetime) -> str | None:
    """Trip the breaker when the recent failures look like a storm; return why, or None.

    Idempotent: once the cluster is back in monitor, nothing is audited again; after a
    release, only failures detected after it count (the lifecycle in actions.lifecycle.breaker).
    """
    cluster.refresh_from_db(fields=["monitor_only", "storm_window_s", "storm_min_jobs", "storm_min_nodes"])
    state = breaker_state(cluster)
    if state.phase == breaker.Phase.TRIPPED:
        return None
    limits = breaker.Limits(cluster.storm_window_s, cluster.storm_min_jobs, cluster.storm_min_nodes)
    failures, incidents = _failures(cluster, now - dt.timedelta(seconds=cluster.storm_window_s))
    _, trip = breaker.observe(state, failures, now.timestamp(), limits)
    if trip is None:
        return None
    set_monitor_only(cluster, True, None, now, reason=trip.why)
    counted = [incidents[f.key] for f in trip.failures]
    notify(
        "storm_breaker",
        cluster=cluster,
        incident=counted[-1] if counted else None,
        text=f"{trip.why}: automatic action stopped",
    )
    _escalate(counted, trip.why, now)
    return trip.why


def _escalate(incidents: list[Incident], why: str, now: dt.datetime) -> None:
    for inc in incidents:
        if inc.status in INCIDENT_ACTIVE and inc.status != IncidentStatus.ESCALATED:
            transition_incident(inc, IncidentStatus.ESCALATED, at=now, reason=why)


def breaker_violations(cluster: Cluster, now: dt.datetime) -> list[str]:
    """The breaker's invariants against the database: what it would count now, checked (nothing is performed)."""
    cluster.refresh_from_db(fields=["monitor_only", "storm_window_s", "storm_min_jobs", "storm_min_nodes"])
    limits = breaker.Limits(cluster.storm_window_s, cluster.storm_min_jobs, cluster.storm_min_nodes)
    failures, _ = _failures(cluster, now - dt.timedelta(seconds=cluster.storm_window_s))
    state, trip = breaker.observe(breaker_state(cluster), failures, now.timestamp(), limits)
    checks = (
        breaker.each_failure_counts_once(state, [trip] if trip else []),
        breaker.only_failures_after_release_count(replace(state, counted=trip.failures) if trip else state),
    )
    return [f"{cluster.name}: {why}" for why in checks if why is not None]
