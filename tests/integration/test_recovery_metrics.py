"""Honest recovery metrics on a live simulator run: latency from the first sign, lost GPU-hours, ETTR."""

from __future__ import annotations

import pytest
from django.utils import timezone

from actions.choices import RecStatus
from actions.models import Recommendation
from actions.services.execution import execute_recommendation
from actions.services.recommendations import approve_recommendation
from actions.views import reports
from incidents.choices import IncidentStatus
from incidents.models import Incident
from monitoring.choices import Autonomy
from monitoring.models import Job
from monitoring.sources.simulated import inject

pytestmark = [pytest.mark.django_db, pytest.mark.redis]
CLOCK_WARMUP_S = 120  # long enough for the jobs to write a checkpoint (the clock fixture)


def _job(cluster) -> Job:  # type: ignore[no-untyped-def]
    job = (
        Job.objects.filter(cluster=cluster, state="RUNNING", partition="batch")
        .exclude(comment="")
        .order_by("slurm_id")
        .first()
    )
    assert job is not None
    return job


def test_a_thermal_stragglers_detection_latency_is_its_real_delay_not_zero(cluster, clock) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    job = _job(cluster)
    injected = clock.now
    inject(cluster, "thermal", job.node_list[1], injected.timestamp())
    for _ in range(20):
        clock.run(cluster, 20)
        if Incident.objects.filter(cluster=cluster).exists():
            break
    inc = Incident.objects.get(cluster=cluster)
    assert inc.category == "gpu_degraded"
    real_delay = (inc.detected_at - injected).total_seconds()
    latency = (inc.detected_at - inc.first_signal_at).total_seconds()
    # the first sign is the first hot or slow sample, after the fault began and before the verdict
    assert 0 < latency <= real_delay
    # the heating rule confirms on 2 hot samples (one interval), the clock rule on 3 slow ones (two)
    heating = "heated" in inc.evidence.first().text
    assert latency >= (1 if heating else 2) * cluster.gpu_sample_interval_s
    report = reports.metrics_report(cluster, "24h", clock.now)
    row = next(r for r in report["rows"] if r["id"] == inc.pk)
    assert row["metrics"].detection_latency_s == round(latency, 3)
    assert report["latency_by_category"]["gpu_degraded"]["max"] == round(latency, 3)


def test_a_recovered_incident_costs_its_gpus_times_checkpoint_gap_plus_wait_and_lowers_ettr(
    cluster, clock, operator
) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    cluster.autonomy = Autonomy.AUTO
    cluster.save()
    clock.run(cluster, 240)  # long enough for the job to write a checkpoint
    job = _job(cluster)
    job.refresh_from_db()
    checkpoint_at = job.last_checkpoint_at
    inject(cluster, "xid79", job.node_list[1], clock.now.timestamp())
    for _ in range(15):
        clock.run(cluster, 20)
        for rec in Recommendation.objects.filter(status=RecStatus.AWAITING_APPROVAL):
            approve_recommendation(rec, operator, clock.now, "bad GPU")
        for rec in Recommendation.objects.filter(
            status=RecStatus.APPROVED
        ):  # what the Celery task does after commit
            execute_recommendation(rec.pk, clock.now)
        if Incident.objects.filter(cluster=cluster, status=IncidentStatus.RECOVERED).exists():
            break
    inc = Incident.objects.get(cluster=cluster)
    assert inc.status == IncidentStatus.RECOVERED, [
        (r.action, r.status, r.blocked_reason, r.result) for r in inc.recommendations.all()
    ]
    report = reports.metrics_report(cluster, "24h", clock.now)
    row = next(r for r in report["rows"] if r["id"] == inc.pk)
    fault = row["fault_at"]
    resumed = fault + timezone.timedelta(seconds=row["metrics"].time_to_resume_s)
    gpus = len(job.node_list) * cluster.gpus_per_node
    redo = (fault - checkpoint_at).total_seconds() if checkpoint_at and checkpoint_at <= fault else 0.0
    hand_lost_s = redo + (resumed - fault).total_seconds()
    assert row["gpus"] == gpus
    assert row["lost_time_s"] == pytest.approx(hand_lost_s, abs=0.01)
    assert row["lost_gpu_hours"] == pytest.approx(gpus * hand_lost_s / 3600, abs=0.001)
    (costs,) = report["clusters"]
    assert costs["lost_gpu_hours"] == pytest.approx(row["lost_gpu_hours"], abs=0.001)
    assert 0 < costs["ettr"] < 1
    assert costs["ettr"] == pytest.approx(
        1 - costs["lost_gpu_hours"] / costs["allocated_gpu_hours"], abs=1e-3
    )


def test_prometheus_exports_the_pages_lost_gpu_hours_and_ettr_for_a_recovered_incident(
    cluster, clock, operator, client
) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    from prometheus_client import generate_latest
    from prometheus_client.parser import text_string_to_metric_families

    from actions.views.exposition import registry

    test_a_recovered_incident_costs_its_gpus_times_checkpoint_gap_plus_wait_and_lowers_ettr(
        cluster, clock, operator
    )
    samples = {
        (s.name, s.labels.get("cluster")): s.value
        for fam in text_string_to_metric_families(generate_latest(registry(clock.now)).decode())
        for s in fam.samples
    }
    page = reports.report_json(reports.metrics_report(cluster, "24h", clock.now))
    (costs,) = page["clusters"]
    (inc,) = page["incidents"]
    assert inc["lost_gpu_hours"] > 0
    assert samples[("recovery_lost_gpu_hours_total", "sim-t")] == pytest.approx(
        inc["lost_gpu_hours"], abs=1e-6
    )
    assert samples[("recovery_lost_gpu_hours_total", "sim-t")] == pytest.approx(
        costs["lost_gpu_hours"], abs=1e-3
    )
    assert samples[("recovery_effective_training_time_ratio", "sim-t")] == costs["ettr"]
    assert samples[("recovery_allocated_gpu_hours", "sim-t")] == costs["allocated_gpu_hours"]
