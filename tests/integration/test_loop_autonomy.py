"""The autonomy work through the whole loop on the simulator, with explicit time.

A shared-filesystem outage trips the storm breaker (nothing drained, cluster back
to monitor, escalated); a job that fails again soon after its restart reopens the
incident that had been verified recovered.
"""

from __future__ import annotations

import pytest

from actions.choices import RecStatus
from actions.models import Recommendation
from actions.services.execution import execute_recommendation
from actions.services.recommendations import approve_recommendation
from incidents.choices import IncidentStatus
from incidents.models import AuditRecord, Incident
from monitoring.choices import Autonomy
from monitoring.models import Job, Node
from monitoring.sources.simulated import inject, load_world
from tests.integration.sim_clock import busy_batch_job

pytestmark = [pytest.mark.django_db, pytest.mark.redis]


def test_a_filesystem_storm_drains_nothing_and_sends_the_cluster_back_to_monitor(cluster, clock) -> None:  # type: ignore[no-untyped-def]
    cluster.autonomy = Autonomy.AUTO
    cluster.save()
    job = busy_batch_job(cluster)
    fault = inject(cluster, "lustre", job.node_list[0], clock.now.timestamp())
    assert len(fault["jobs"]) == 3
    clock.run(cluster, 150)
    cluster.refresh_from_db()
    assert cluster.monitor_only is True
    assert cluster.monitor_only_reason.startswith("storm breaker: 3 jobs on disjoint nodes failed at once")
    switch = AuditRecord.objects.get(event="autonomy")
    assert (switch.actor_type, switch.action, switch.outcome) == ("system", "back to monitor", "monitor")
    assert not Recommendation.objects.filter(
        action="drain_node", status__in=[RecStatus.APPROVED, RecStatus.EXECUTING, RecStatus.SUCCEEDED]
    ).exists()
    assert not Node.objects.filter(cluster=cluster, drained_by_us=True).exists()
    world = load_world(cluster, clock.now.timestamp())
    assert not [n["name"] for n in world.nodes() if (n.get("reason") or "").startswith("recovery:")]
    hit = Incident.objects.filter(cluster=cluster)
    assert (
        hit.exists() and not hit.filter(status__in=[IncidentStatus.OPEN, IncidentStatus.MITIGATING]).exists()
    )
    assert hit.filter(status=IncidentStatus.ESCALATED).exists()


def test_a_job_that_fails_again_soon_after_its_restart_reopens_the_incident(cluster, clock, operator) -> None:  # type: ignore[no-untyped-def]
    cluster.autonomy = Autonomy.APPROVE
    cluster.save()
    job = busy_batch_job(cluster)
    node = job.node_list[1]
    inject(cluster, "xid79", node, clock.now.timestamp())
    clock.run(cluster, 20)
    inc = Incident.objects.get(cluster=cluster)
    for rec in inc.recommendations.filter(status=RecStatus.AWAITING_APPROVAL):
        approve_recommendation(rec, operator, clock.now, "bad GPU")
        execute_recommendation(rec.pk, clock.now)
    clock.run(cluster, 240)
    inc.refresh_from_db()
    assert inc.status == IncidentStatus.RECOVERED, inc.verification_note
    restarted = Job.objects.get(pk=job.pk)
    assert restarted.state == "RUNNING" and node not in restarted.node_list

    inject(cluster, "software_exception", restarted.node_list[0], clock.now.timestamp())
    clock.run(cluster, 60)

    inc.refresh_from_db()
    assert inc.status == IncidentStatus.OPEN
    assert inc.reopen_count == 1
    assert inc.verification_note.startswith(f"failed again after recovery: job {job.slurm_id} ")
    reopened = AuditRecord.objects.get(incident_id=inc.pk, event="verification", outcome="failed again")
    assert reopened.detail["reopen_count"] == 1
    assert inc.transitions.last().new == IncidentStatus.OPEN
