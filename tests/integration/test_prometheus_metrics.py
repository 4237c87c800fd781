"""/metrics speaks Prometheus: parsed back with prometheus_client's own parser, the numbers move with a fault.

The simulator stands in for Slurm; real PostgreSQL and Redis. The exposition is computed from
rows at scrape time, so what one process (the ticks) wrote, another (the web) reports.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from prometheus_client.parser import text_string_to_metric_families

from actions.models import Recommendation
from actions.services.execution import execute_recommendation
from actions.services.recommendations import approve_recommendation
from actions.views.exposition import guardrail_of
from monitoring.choices import Autonomy
from monitoring.models import Job
from monitoring.sources.simulated import inject

# Relative to the real clock: a scrape counts drains "in the last hour" of its own now.
T0 = (timezone.now() - dt.timedelta(minutes=30)).replace(microsecond=0)
pytestmark = [pytest.mark.django_db, pytest.mark.redis]
CLOCK_START = T0  # the clock fixture starts here


@pytest.fixture(autouse=True)
def _open_metrics(settings) -> None:  # type: ignore[no-untyped-def]
    settings.RECOVERY_METRICS_TOKEN = ""
    settings.RECOVERY_DEV = True


def scrape(client, **headers: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:  # type: ignore[no-untyped-def]
    response = client.get("/metrics", **headers)
    assert response.status_code == 200, response.content
    assert response["Content-Type"].startswith("text/plain; version=")
    samples = {}
    for family in text_string_to_metric_families(response.content.decode()):
        for s in family.samples:
            samples[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return samples


def value(samples: dict, name: str, **labels: str) -> float:  # type: ignore[type-arg]
    return samples[(name, tuple(sorted(labels.items())))]


def test_an_injected_fault_moves_the_histograms_counters_and_gauges(cluster, clock, client, operator) -> None:  # type: ignore[no-untyped-def]
    cluster.autonomy = Autonomy.APPROVE
    cluster.save()
    before = scrape(client)
    assert value(before, "recovery_detection_latency_seconds_count", cluster="sim-t") == 0
    assert value(before, "recovery_tick_duration_seconds_count", cluster="sim-t") == 30
    assert value(before, "recovery_autonomy_level", cluster="sim-t", kind="isolation") == 1
    assert ("recovery_incidents_total", (("category", "gpu_hardware"), ("cluster", "sim-t"))) not in before

    job = (
        Job.objects.filter(cluster=cluster, state="RUNNING", partition="batch")
        .exclude(comment="")
        .order_by("slurm_id")
        .first()
    )
    inject(cluster, "xid79", job.node_list[1], clock.now.timestamp())
    clock.run(cluster, 20)
    during = scrape(client)
    assert value(during, "recovery_incidents_total", cluster="sim-t", category="gpu_hardware") == 1
    assert value(during, "recovery_detection_latency_seconds_count", cluster="sim-t") == 1
    assert value(during, "recovery_detection_latency_seconds_bucket", cluster="sim-t", le="+Inf") == 1
    assert value(during, "recovery_detection_latency_seconds_bucket", cluster="sim-t", le="10.0") == 1
    assert (
        value(
            during,
            "recovery_recommendations",
            cluster="sim-t",
            action="drain_node",
            state="awaiting_approval",
        )
        == 1
    )
    assert value(during, "recovery_oldest_awaiting_approval_seconds", cluster="sim-t") > 0
    assert value(during, "recovery_approval_wait_seconds_count", cluster="sim-t") == 0
    assert value(during, "recovery_tick_duration_seconds_count", cluster="sim-t") == 40
    assert (
        value(during, "recovery_last_successful_tick_timestamp_seconds", cluster="sim-t")
        == clock.now.timestamp()
    )

    drain = Recommendation.objects.get(cluster=cluster, action="drain_node")
    approve_recommendation(drain, operator, clock.now + dt.timedelta(seconds=30), "bad GPU")
    execute_recommendation(drain.pk, clock.now + dt.timedelta(seconds=31))
    after = scrape(client)
    assert value(after, "recovery_approval_wait_seconds_count", cluster="sim-t") == 1
    assert value(after, "recovery_action_latency_seconds_count", cluster="sim-t") == 1
    assert value(after, "recovery_action_latency_seconds_sum", cluster="sim-t") > 30
    assert (
        value(after, "recovery_recommendations", cluster="sim-t", action="drain_node", state="succeeded") == 1
    )
    assert value(after, "recovery_drains_last_hour", cluster="sim-t") == 1
    assert value(after, "recovery_drain_budget_per_hour", cluster="sim-t") == 10


def test_a_storm_counts_one_breaker_trip_and_drops_autonomy_to_monitor(cluster, clock, client) -> None:  # type: ignore[no-untyped-def]
    cluster.autonomy = Autonomy.AUTO
    cluster.save()
    assert value(scrape(client), "recovery_storm_breaker_trips_total", cluster="sim-t") == 0
    job = (
        Job.objects.filter(cluster=cluster, state="RUNNING", partition="batch")
        .exclude(comment="")
        .order_by("slurm_id")
        .first()
    )
    inject(cluster, "lustre", job.node_list[0], clock.now.timestamp())
    clock.run(cluster, 150)
    samples = scrape(client)
    assert value(samples, "recovery_storm_breaker_trips_total", cluster="sim-t") == 1
    assert value(samples, "recovery_monitor_only", cluster="sim-t") == 1
    assert value(samples, "recovery_autonomy_level", cluster="sim-t", kind="restart") == 0


def test_guardrail_names_come_from_the_reasons_the_guardrails_write() -> None:
    assert (
        guardrail_of("drain rate: 4 drains by the controller in the last hour (limit 4 per hour)")
        == "drain_rate"
    )
    assert guardrail_of("restart storm: job 7 was requeued 2 times in a row") == "restart_storm"
    assert guardrail_of("opt-in: job 7 did not opt in") == "opt_in"
    assert guardrail_of("something new: x") == "other"


@pytest.mark.parametrize(
    ("token", "dev", "addr", "auth", "status"),
    [
        ("", True, "127.0.0.1", "", 200),  # the demo: loopback, no setup
        ("", True, "10.1.2.3", "", 403),  # the demo seen from elsewhere
        ("", False, "127.0.0.1", "", 403),  # production without a token exposes nothing
        ("s3cret", False, "10.1.2.3", "Bearer s3cret", 200),
        ("s3cret", False, "10.1.2.3", "Bearer wrong", 401),
        ("s3cret", True, "127.0.0.1", "", 401),  # a configured token is required even on loopback
    ],
)
def test_who_may_scrape(db, client, settings, token, dev, addr, auth, status) -> None:  # type: ignore[no-untyped-def]
    settings.RECOVERY_METRICS_TOKEN, settings.RECOVERY_DEV = token, dev
    headers = {"REMOTE_ADDR": addr} | ({"HTTP_AUTHORIZATION": auth} if auth else {})
    response = client.get("/metrics", **headers)
    assert response.status_code == status
    if status != 200:
        assert b"recovery_" not in response.content


def test_the_recovery_metrics_page_moved_and_its_json_stayed(client, viewer) -> None:  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    assert client.get("/recovery-metrics/").status_code == 200
    assert client.get("/api/metrics/").status_code == 200
    assert client.get("/metrics/").status_code == 404


def test_every_metric_the_rules_and_dashboard_use_is_exported(cluster, client, settings) -> None:  # type: ignore[no-untyped-def]
    import re
    from pathlib import Path

    settings.RECOVERY_METRICS_TOKEN, settings.RECOVERY_DEV = "", True
    deploy = Path(__file__).resolve().parents[2] / "deploy"
    used = set()
    for f in [deploy / "prometheus" / "recovery-rules.yml", deploy / "grafana" / "recovery-dashboard.json"]:
        used |= set(re.findall(r"\brecovery_[a-z_]+", f.read_text()))
    used -= {"recovery_controller"}  # the dashboard's uid, not a metric
    text = client.get("/metrics").content.decode()
    exported = {name for name, _ in scrape(client)}  # samples, and families that have none yet:
    exported |= {
        f.name + ("_total" if f.type == "counter" else "") for f in text_string_to_metric_families(text)
    }
    assert used and used <= exported, sorted(used - exported)


def test_a_settled_incident_is_computed_once_and_then_read_from_postgresql_even_after_a_redis_flush(
    cluster, client, settings, redis_ns
) -> None:  # type: ignore[no-untyped-def]
    from actions.models import SettledIncidentMetrics
    from actions.views.exposition import incident_values
    from incidents.models import Incident
    from monitoring.redis_store import get_redis

    settings.RECOVERY_METRICS_TOKEN, settings.RECOVERY_DEV = "", True
    now = timezone.now()
    old = Incident.objects.create(
        cluster=cluster,
        key="old",
        category="network",
        status="recovered",
        first_signal_at=now - dt.timedelta(hours=3, seconds=30),
        detected_at=now - dt.timedelta(hours=3),
        resolved_at=now - dt.timedelta(hours=2),
    )
    new = Incident.objects.create(
        cluster=cluster,
        key="new",
        category="hang",
        detected_at=now - dt.timedelta(minutes=1),
        first_signal_at=now - dt.timedelta(minutes=1, seconds=12),
    )
    first = scrape(client)
    assert value(first, "recovery_detection_latency_seconds_count", cluster="sim-t") == 2
    assert value(first, "recovery_detection_latency_seconds_sum", cluster="sim-t") == 42
    stored = SettledIncidentMetrics.objects.get(incident=old)
    assert (stored.reopen_count, stored.values["detection_latency_s"]) == (0, 30.0)
    assert not SettledIncidentMetrics.objects.filter(incident=new).exists()  # still open: never stored
    # The stored row is what a later scrape reads, whatever happened to Redis: change the
    # incident behind it and the settled value stays.
    for k in get_redis().scan_iter(settings.RECOVERY_REDIS_PREFIX + ":*"):
        get_redis().delete(k)
    Incident.objects.filter(pk=old.pk).update(first_signal_at=now - dt.timedelta(hours=3, seconds=60))
    assert sorted(m["detection_latency_s"] for m in incident_values(now)) == [12.0, 30.0]
    # A reopened incident is computed afresh (the stored row's reopen count no longer matches)...
    Incident.objects.filter(pk=old.pk).update(status="open", reopen_count=1)
    assert sorted(m["detection_latency_s"] for m in incident_values(now)) == [12.0, 60.0]
    # ...and stored again at its new count once it settles again.
    Incident.objects.filter(pk=old.pk).update(status="recovered")
    assert sorted(m["detection_latency_s"] for m in incident_values(now)) == [12.0, 60.0]
    assert SettledIncidentMetrics.objects.get(incident=old).reopen_count == 1
