"""The whole loop on the simulator: fault → incident → recommendation → autonomy → execution → verification.

Real PostgreSQL and Redis; the simulated cluster stands in for Slurm and the GPUs. Time is
driven explicitly (each tick gets its `now`), so a test covers minutes of cluster life in seconds.
"""

from __future__ import annotations

import pytest

from actions.choices import RecStatus
from actions.models import Recommendation
from actions.services.execution import execute_recommendation
from actions.services.recommendations import approve_recommendation
from incidents.audit import verify_chain
from incidents.choices import IncidentStatus
from incidents.models import AuditRecord, Incident
from monitoring.choices import Autonomy
from monitoring.models import Job, Node
from monitoring.sources.simulated import inject, load_world
from tests.integration.sim_clock import busy_batch_job

pytestmark = [pytest.mark.django_db, pytest.mark.redis]


def _busy_node(cluster) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    job = busy_batch_job(cluster)
    return job.node_list[1], job.slurm_id


def test_an_xid79_becomes_one_incident_blaming_that_gpu_with_drain_and_requeue(cluster, clock) -> None:  # type: ignore[no-untyped-def]
    node, job = _busy_node(cluster)
    fault = inject(cluster, "xid79", node, clock.now.timestamp())
    clock.run(cluster, 20)
    incidents = list(Incident.objects.filter(cluster=cluster))
    assert len(incidents) == 1
    inc = incidents[0]
    assert (inc.category, inc.culprit_node, inc.culprit_gpu) == ("gpu_hardware", node, fault["gpu"])
    assert job in inc.jobs
    recs = {(r.action, r.node, r.job, tuple(r.exclude)) for r in inc.recommendations.all()}
    assert ("drain_node", node, "", ()) in recs
    assert ("requeue_job", "", job, (node,)) in recs
    assert any("Xid 79" in e.text for e in inc.evidence.all())
    # The first fault signal is kept, so detection latency can be reported.
    assert inc.first_signal_at is not None and inc.first_signal_at <= inc.detected_at
    assert (inc.detected_at - inc.first_signal_at).total_seconds() < 10


def test_a_drain_alone_never_recovers_an_incident_whose_job_hangs_on_the_dead_gpu(
    cluster, clock, operator
) -> None:  # type: ignore[no-untyped-def]
    """Found by the soak (seed 1, acts at 0.4): the requeue declined, the drain verified, the incident
    said "recovered" while its job hung on the node, then FAILED. A job left running must be seen
    progressing since the fault; otherwise the incident stays in hand and is escalated."""
    from actions.services.invariants import check_all
    from actions.services.recommendations import reject_recommendation

    cluster.autonomy = Autonomy.APPROVE
    cluster.save()
    node, job = _busy_node(cluster)
    inject(cluster, "xid79", node, clock.now.timestamp())
    clock.run(cluster, 20)
    inc = Incident.objects.get(cluster=cluster)
    for rec in inc.recommendations.filter(status=RecStatus.AWAITING_APPROVAL).order_by("pk"):
        if rec.action == "requeue_job":
            reject_recommendation(rec, operator, clock.now, "not now")
        else:
            approve_recommendation(rec, operator, clock.now, "bad GPU")
            execute_recommendation(rec.pk, clock.now)
    for _ in range(60):
        clock.run(cluster, 4)
        inc.refresh_from_db()
        assert inc.status != IncidentStatus.RECOVERED, inc.verification_note
    assert "recovered_means_job_running" not in {v.name for v in check_all(cluster, clock.now)}
    assert (
        Job.objects.get(cluster=cluster, slurm_id=job).state != "RUNNING"
        or inc.status == IncidentStatus.MITIGATING
    )


def test_in_monitor_mode_nothing_is_executed(cluster, clock) -> None:  # type: ignore[no-untyped-def]
    node, _ = _busy_node(cluster)
    inject(cluster, "xid79", node, clock.now.timestamp())
    clock.run(cluster, 200)
    assert Recommendation.objects.filter(action="drain_node").get().status == RecStatus.PROPOSED
    assert not AuditRecord.objects.filter(event="execution", action__startswith="drain_node").exists()
    assert not AuditRecord.objects.filter(event="execution", action__startswith="requeue_job").exists()
    world = load_world(cluster, clock.now.timestamp())
    assert "DRAIN" not in next(n["state"] for n in world.nodes() if n["name"] == node)
    assert Node.objects.get(cluster=cluster, name=node).drained_by_us is False


def test_an_operator_approval_drains_requeues_and_the_recovery_is_verified(cluster, clock, operator) -> None:  # type: ignore[no-untyped-def]
    cluster.autonomy = Autonomy.APPROVE
    cluster.save()
    node, job = _busy_node(cluster)
    inject(cluster, "xid79", node, clock.now.timestamp())
    clock.run(cluster, 20)
    inc = Incident.objects.get(cluster=cluster)
    for rec in inc.recommendations.filter(status=RecStatus.AWAITING_APPROVAL):
        approve_recommendation(rec, operator, clock.now, "bad GPU")
        execute_recommendation(rec.pk, clock.now)  # what the Celery task does after commit
    assert set(inc.recommendations.values_list("status", flat=True)) == {RecStatus.SUCCEEDED}
    world = load_world(cluster, clock.now.timestamp())
    assert "DRAIN" in next(n["state"] for n in world.nodes() if n["name"] == node)
    clock.run(cluster, 240)  # the job restarts elsewhere from its checkpoint and progresses
    inc.refresh_from_db()
    assert inc.status == IncidentStatus.RECOVERED, inc.verification_note
    assert "progressed to step" in inc.verification_note
    restarted = Job.objects.get(cluster=cluster, slurm_id=job)
    assert node not in restarted.node_list and restarted.state == "RUNNING"
    events = list(AuditRecord.objects.filter(incident_id=inc.pk).values_list("event", flat=True))
    for needed in ("detection", "recommendation", "approval", "execution", "verification"):
        assert needed in events
    assert verify_chain().ok


def test_in_auto_mode_the_recovery_runs_without_anyone(cluster, clock) -> None:  # type: ignore[no-untyped-def]
    cluster.autonomy = Autonomy.AUTO
    cluster.save()
    node, _ = _busy_node(cluster)
    inject(cluster, "xid48", node, clock.now.timestamp())
    clock.run(cluster, 20)
    for rec in Recommendation.objects.filter(status=RecStatus.APPROVED):
        execute_recommendation(rec.pk, clock.now)
    inc = Incident.objects.get(cluster=cluster)
    assert inc.status == IncidentStatus.MITIGATING
    assert Node.objects.get(cluster=cluster, name=node).drained_by_us
