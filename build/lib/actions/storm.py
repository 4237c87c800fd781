"""The storm breaker: many jobs or nodes hit at once stops automatic action.

A shared filesystem or network outage fails jobs all over the cluster within a
minute or two. Each failure on its own looks like a node to drain; together they
are one outage that no drain fixes, and draining node after node would empty the
cluster. So when the incidents of the last window hit enough jobs on disjoint
nodes, or blame enough nodes, the cluster goes back to monitor (the same switch
an operator pulls, audited as the controller; it also stops automatic actions
not yet started), and the incidents are escalated to people.
"""

from __future__ import annotations

import datetime as dt

from actions.autonomy_services import set_monitor_only
from actions.guardrails import Hit, check_storm
from actions.notify import notify
from incidents.choices import INCIDENT_ACTIVE, IncidentStatus
from incidents.models import Incident
from incidents.services import transition_incident
from monitoring.models import Cluster, Job


def _hits(cluster: Cluster, since: dt.datetime) -> tuple[list[Hit], list[Incident]]:
    incidents = list(
        Incident.objects.filter(cluster=cluster, detected_at__gte=since).exclude(
            status=IncidentStatus.DISMISSED
        )
    )
    names = {j for i in incidents for j in i.jobs}
    nodes_of = {
        j.slurm_id: tuple(j.node_list) for j in Job.objects.filter(cluster=cluster, slurm_id__in=names)
    }
    hits = [
        Hit(job_nodes=tuple((j, nodes_of.get(j, ())) for j in inc.jobs), culprit=inc.culprit_node)
        for inc in incidents
    ]
    return hits, incidents


def check_storm_breaker(cluster: Cluster, now: dt.datetime) -> str | None:
    """Trip the breaker when the recent incidents look like a storm; return why, or None.

    Idempotent: once the cluster is back in monitor, nothing is audited again.
    """
    cluster.refresh_from_db(fields=["monitor_only", "storm_window_s", "storm_min_jobs", "storm_min_nodes"])
    if cluster.monitor_only:
        return None
    hits, incidents = _hits(cluster, now - dt.timedelta(seconds=cluster.storm_window_s))
    why = check_storm(hits, cluster.storm_min_jobs, cluster.storm_min_nodes)
    if why is None:
        return None
    set_monitor_only(cluster, True, None, now, reason=why)
    notify(
        "storm_breaker",
        cluster=cluster,
        incident=incidents[-1] if incidents else None,
        text=f"{why}: automatic action stopped",
    )
    _escalate(incidents, why, now)
    return why


def _escalate(incidents: list[Incident], why: str, now: dt.datetime) -> None:
    for inc in incidents:
        if inc.status in INCIDENT_ACTIVE and inc.status != IncidentStatus.ESCALATED:
            transition_incident(inc, IncidentStatus.ESCALATED, at=now, reason=why)
