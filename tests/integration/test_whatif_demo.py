"""A 30-minute demo stretch (random simulator faults, monitor mode), replayed with isolation in auto.

Prints the what-if report (run with ``-s`` to read it): the numbers in the issue's note come from here.
"""

from __future__ import annotations

import datetime as dt
import json
import time

import pytest
from django.core.management import call_command

from actions.loop import run_cluster_tick
from actions.models import Recommendation
from actions.services.whatif import compute_readiness_whatif
from actions.views import reports
from incidents.models import Incident
from incidents.services import mark_verdict

T0 = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)
pytestmark = [pytest.mark.django_db, pytest.mark.redis]


def test_a_30_minute_demo_run_replayed_with_isolation_in_auto_drains_what_a_hand_count_says(
    cluster, redis_ns, settings, operator, capsys, django_capture_on_commit_callbacks, record_dir
) -> None:  # type: ignore[no-untyped-def]
    settings.SIM_FAULT_MEAN_INTERVAL_S = 240  # random faults, as in the demo, a few per half hour
    cluster.max_drains_per_hour = cluster.max_partition_drained_pct = (
        100  # the hand count need not model guardrails
    )
    cluster.save()
    now = T0
    while now < T0 + dt.timedelta(minutes=30):
        now += dt.timedelta(seconds=2)
        run_cluster_tick(cluster.pk, now)
    incidents = list(Incident.objects.filter(cluster=cluster).order_by("detected_at"))
    for inc in incidents:  # the operator judges: hardware-evidence verdicts right, the rest false
        mark_verdict(
            inc,
            operator,
            "confirmed"
            if inc.category in ("gpu_hardware", "node_failure", "network", "gpu_degraded")
            else "false",
            now,
        )
    hand = sorted({r.node for r in Recommendation.objects.filter(cluster=cluster, action="drain_node")})
    call_command("whatif", "--cluster", cluster.name, "--since", "14d", "--isolation", "auto", "--json")
    out = json.loads(capsys.readouterr().out)
    drained = sorted(
        a["target"] for a in out["actions"] if a["action"] == "drain_node" and a["outcome"] == "executed"
    )
    call_command("whatif", "--cluster", cluster.name, "--since", "14d", "--isolation", "auto")
    text = capsys.readouterr().out
    report = reports.metrics_report(cluster, "24h", now)
    started = time.perf_counter()
    replayed = compute_readiness_whatif(cluster, now, {})
    replay_s = time.perf_counter() - started
    reports.cluster_readiness(cluster, now)  # fills the cache
    started = time.perf_counter()
    reports.cluster_readiness(cluster, now)
    cached_s = time.perf_counter() - started
    with capsys.disabled():
        print(
            f"readiness what-if one rung up over the recorded 30 minutes: {replay_s * 1000:.0f} ms uncached, "
            f"{cached_s * 1000:.1f} ms per readiness panel once cached; {replayed}"
        )
        size = sum(p.stat().st_size for p in (record_dir / cluster.name).glob("*.jsonl.gz"))
        print(f"\nrecord: {size} bytes gzip'd for 30 simulated minutes of {cluster.name}")
        print(text)
        print(
            json.dumps(
                {
                    "incidents": [(i.pk, i.category, i.culprit_label, i.operator_verdict) for i in incidents],
                    "clusters": report["clusters"],
                    "latency_by_category": report["latency_by_category"],
                    "lost_gpu_hours": [(r["id"], r["lost_gpu_hours"]) for r in report["rows"]],
                },
                indent=1,
                default=str,
            )
        )
    assert incidents, "a 30-minute demo should have faults"
    assert drained == hand
