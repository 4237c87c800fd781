"""The tick's GPU samples reach the Redis window, the Gpu rows and the minute rollups (real Redis, real DB)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from monitoring.models import Gpu, GpuMinute, Node
from monitoring.simulator import SimConfig, SimulatedCluster
from monitoring.tasks import rollup_telemetry
from monitoring.telemetry import fields as F
from monitoring.telemetry.fields import gpu_event
from monitoring.telemetry.store import (
    minutes_to_roll,
    node_gpu_alarms,
    node_phase_s,
    prune_rollups,
    record_samples,
    roll_up_recent,
    rollup_cluster,
    telemetry_window,
)

pytestmark = [pytest.mark.django_db, pytest.mark.redis]

T0 = 1_795_000_020.0 - 1_795_000_020.0 % 60  # a minute boundary
NODES = ("gpu-a-001", "gpu-a-002")


def at(t: float) -> dt.datetime:
    return dt.datetime.fromtimestamp(t, tz=dt.UTC)


def busy(t: float, node: str, gpu: int, clock: int = 1980, **extra: Any) -> dict[str, Any]:
    fields = {
        F.TEMP: 61.5,
        F.POWER_USAGE: 652.4,
        F.SM_CLOCK: clock,
        F.GPU_UTIL: 100,
        F.CLOCK_THROTTLE_REASONS: 0,
    }
    return gpu_event(t, node, gpu, {**fields, **{getattr(F, k): v for k, v in extra.items()}})


def sweep(t: float, nodes: tuple[str, ...] = NODES, **extra: Any) -> list[dict[str, Any]]:
    """One 10-s sampling round of every GPU, as the simulator emits it (plus a non-GPU event)."""
    events = [busy(t + g * 0.0002, n, g, **extra) for n in nodes for g in range(8)]
    return [*events, {"t": t, "source": "kernel", "node": nodes[0], "line": "NVRM: loading"}]


@pytest.fixture
def nodes(cluster) -> list[Node]:  # type: ignore[no-untyped-def]
    made = []
    for name in NODES:
        node = Node.objects.create(cluster=cluster, name=name, partition="batch", state="MIXED")
        Gpu.objects.bulk_create(Gpu(node=node, index=i) for i in range(8))
        made.append(node)
    return made


def test_it_stores_only_gpu_events_in_the_window(redis_ns, cluster, nodes) -> None:  # type: ignore[no-untyped-def]
    assert record_samples(cluster, sweep(T0) + sweep(T0 + 10), at(T0 + 11)) == 32

    window = telemetry_window()
    assert window.prefix == redis_ns
    assert len(window.gpus(cluster.name)) == 16
    points = window.series(cluster.name, "gpu-a-002", 7, F.SM_CLOCK)
    assert points == [(pytest.approx(T0, abs=0.01), 1980), (pytest.approx(T0 + 10, abs=0.01), 1980)]


def test_events_without_gpu_samples_touch_nothing(redis_ns, cluster, nodes) -> None:  # type: ignore[no-untyped-def]
    kernel = [{"t": T0, "source": "kernel", "node": "gpu-a-001", "line": "x"}]
    with CaptureQueriesContext(connection) as queries:
        assert record_samples(cluster, kernel, at(T0)) == 0
    assert len(queries) == 0
    assert telemetry_window().gpus(cluster.name) == {}


def quiet_start() -> float:
    """A time at which every test node has at least 40 s left of its own minute."""
    return next(T0 + o for o in range(60) if all((T0 + o + node_phase_s(n)) % 60 < 20 for n in NODES))


def test_it_writes_the_gpu_rows_once_per_node_minute(redis_ns, cluster, nodes) -> None:  # type: ignore[no-untyped-def]
    t = quiet_start()
    record_samples(cluster, sweep(t), at(t + 1))
    gpu = Gpu.objects.get(node__name="gpu-a-001", index=3)
    assert gpu.last_sample_at == at(t + 3 * 0.0002)
    assert gpu.last_sample[F.SM_CLOCK] == 1980

    # Ten seconds later, inside the same node-minute: the window grows, the database is not written.
    with CaptureQueriesContext(connection) as queries:
        record_samples(cluster, sweep(t + 10, clock=1200), at(t + 11))
    assert len(queries) == 0
    assert Gpu.objects.get(pk=gpu.pk).last_sample[F.SM_CLOCK] == 1980
    assert len(telemetry_window().samples(cluster.name, "gpu-a-001", 3)) == 2

    # A minute later every GPU row holds the newest sample.
    record_samples(cluster, sweep(t + 61, clock=1200), at(t + 62))
    assert Gpu.objects.get(pk=gpu.pk).last_sample[F.SM_CLOCK] == 1200
    assert Gpu.objects.filter(node__cluster=cluster, last_sample_at=None).count() == 0


def test_nodes_turn_their_minute_at_different_seconds() -> None:
    phases = {node_phase_s(f"gpu-a-{i:03d}") for i in range(1, 201)}
    assert len(phases) > 40  # 200 nodes spread over most of the 60 possible seconds
    assert node_phase_s("gpu-a-001") == node_phase_s("gpu-a-001")


def test_samples_from_the_real_simulator_are_recorded(redis_ns, cluster) -> None:  # type: ignore[no-untyped-def]
    sim = SimulatedCluster(
        SimConfig(cluster_name=cluster.name, nodes="gpu-a-[001-004]", target_jobs=1), now=T0
    )
    events = sim.advance(T0 + 25)
    for name in ("gpu-a-001", "gpu-a-002", "gpu-a-003", "gpu-a-004"):
        node = Node.objects.create(cluster=cluster, name=name)
        Gpu.objects.bulk_create(Gpu(node=node, index=i) for i in range(8))
    gpu_events = [e for e in events if e["source"] == "gpu"]
    assert len(gpu_events) >= 32

    assert record_samples(cluster, events, at(T0 + 25)) == len(gpu_events)
    assert len(telemetry_window().gpus(cluster.name)) == 32
    assert Gpu.objects.filter(node__cluster=cluster, last_sample_at__isnull=False).count() == 32


def test_a_minute_rolls_up_into_one_row_per_gpu(redis_ns, cluster, nodes) -> None:  # type: ignore[no-untyped-def]
    for k in range(6):
        record_samples(cluster, sweep(T0 + 10 * k, clock=1980 - 100 * k), at(T0 + 10 * k))
    record_samples(cluster, [busy(T0 + 30, "gpu-a-001", 1, CLOCK_THROTTLE_REASONS=0x40)], at(T0 + 31))
    record_samples(cluster, sweep(T0 + 60), at(T0 + 61))  # the next minute: not in this rollup

    assert rollup_cluster(cluster, at(T0)) == 16
    row = GpuMinute.objects.get(gpu__node__name="gpu-a-001", gpu__index=0, minute=at(T0))
    assert row.stats["sm_clock"] == {"min": 1480, "max": 1980, "avg": 1730.0, "last": 1480, "count": 6}
    assert row.stats["throttle"]["bits"] == 0
    assert GpuMinute.objects.get(gpu__node__name="gpu-a-001", gpu__index=1).stats["throttle"]["bits"] == 0x40


def test_rolling_a_minute_again_replaces_it(redis_ns, cluster, nodes) -> None:  # type: ignore[no-untyped-def]
    record_samples(cluster, sweep(T0 + 10), at(T0 + 10))
    rollup_cluster(cluster, at(T0))
    record_samples(cluster, sweep(T0 + 59.5, clock=1000), at(T0 + 61))  # arrived late, with the next tick
    assert rollup_cluster(cluster, at(T0)) == 16

    assert GpuMinute.objects.count() == 16
    row = GpuMinute.objects.get(gpu__node__name="gpu-a-002", gpu__index=5)
    assert row.stats["sm_clock"]["count"] == 2
    assert row.stats["sm_clock"]["last"] == 1000


def test_gpus_the_database_does_not_know_are_not_rolled_up(redis_ns, cluster, nodes) -> None:  # type: ignore[no-untyped-def]
    record_samples(cluster, sweep(T0 + 5, nodes=("gpu-a-001", "gpu-z-999")), at(T0 + 5))
    assert rollup_cluster(cluster, at(T0)) == 8
    assert not GpuMinute.objects.filter(gpu__node__name="gpu-z-999").exists()


def test_minutes_to_roll() -> None:
    now = T0 + 125  # minute T0+120 is running, T0+60 is the last complete one
    assert minutes_to_roll(None, now) == [T0, T0 + 60]
    assert minutes_to_roll(T0, now) == [T0, T0 + 60]  # the last one again, for late samples
    assert minutes_to_roll(T0 + 60, now) == [T0 + 60]
    assert minutes_to_roll(T0 - 600, now) == [T0 - 600 + 60 * k for k in range(12)]
    assert len(minutes_to_roll(T0 - 86_400, now)) == 55  # no further back than the window holds


def test_roll_up_recent_catches_up_and_remembers(redis_ns, cluster, nodes) -> None:  # type: ignore[no-untyped-def]
    for k in range(18):
        record_samples(cluster, sweep(T0 + 10 * k), at(T0 + 10 * k))
    # A first run rolls the last two complete minutes.
    assert roll_up_recent(cluster, at(T0 + 185)) == 16 * 2
    assert sorted(set(GpuMinute.objects.values_list("minute", flat=True))) == [at(T0 + 60), at(T0 + 120)]
    # Three minutes later it catches up from the last minute it rolled (T0+240 has no samples).
    record_samples(cluster, sweep(T0 + 190), at(T0 + 190))
    assert roll_up_recent(cluster, at(T0 + 365)) == 16 * 2
    assert sorted(set(GpuMinute.objects.values_list("minute", flat=True))) == [
        at(T0 + 60),
        at(T0 + 120),
        at(T0 + 180),
    ]


def test_prune_deletes_only_older_rollups(cluster, nodes) -> None:  # type: ignore[no-untyped-def]
    gpu = Gpu.objects.filter(node=nodes[0]).first()
    assert gpu is not None
    GpuMinute.objects.bulk_create(GpuMinute(gpu=gpu, minute=at(T0 + 60 * k), stats={}) for k in range(10))

    assert prune_rollups(at(T0 + 60 * 7), batch=3) == 7
    assert list(GpuMinute.objects.order_by("minute").values_list("minute", flat=True)) == [
        at(T0 + 420),
        at(T0 + 480),
        at(T0 + 540),
    ]


def test_the_task_rolls_up_every_cluster_and_applies_retention(redis_ns, cluster, nodes, settings) -> None:  # type: ignore[no-untyped-def]
    from django.utils import timezone

    now = timezone.now().timestamp()
    minute = now - now % 60 - 60
    record_samples(cluster, sweep(minute + 5), at(minute + 5))
    stale = GpuMinute.objects.create(gpu=Gpu.objects.first(), minute=at(minute - 3 * 86_400), stats={})
    settings.TELEMETRY_ROLLUP_RETENTION_DAYS = 2

    assert rollup_telemetry() == 16
    assert GpuMinute.objects.filter(minute=at(minute)).count() == 16
    assert not GpuMinute.objects.filter(pk=stale.pk).exists()


def test_node_alarms_name_the_worst_current_gpu(redis_ns, cluster, nodes) -> None:  # type: ignore[no-untyped-def]
    events = [
        busy(T0, "gpu-a-001", 2, CLOCK_THROTTLE_REASONS=0x40 | 0x8),
        busy(T0, "gpu-a-001", 3, ECC_DBE_VOL_TOTAL=1),
        busy(T0, "gpu-a-002", 0, CLOCKS_EVENT_REASONS=0x4),  # software power cap: routine
        busy(T0, "gpu-a-003", 0, CLOCK_THROTTLE_REASONS=0x80),
        busy(T0 - 600, "gpu-a-004", 0, CLOCK_THROTTLE_REASONS=0x80),  # too old to be "current"
    ]
    record_samples(cluster, events, at(T0))

    assert node_gpu_alarms(cluster.name, T0 + 5) == {"gpu-a-001": "ecc", "gpu-a-003": "throttled"}


def test_a_node_alarm_clears_when_its_gpu_recovers(redis_ns, cluster, nodes) -> None:  # type: ignore[no-untyped-def]
    record_samples(cluster, [busy(T0, "gpu-a-002", 5, CLOCK_THROTTLE_REASONS=0x80)], at(T0))
    assert node_gpu_alarms(cluster.name, T0 + 1) == {"gpu-a-002": "throttled"}

    record_samples(cluster, [busy(T0 + 10, "gpu-a-002", 5)], at(T0 + 10))
    assert node_gpu_alarms(cluster.name, T0 + 11) == {}
