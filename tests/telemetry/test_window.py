"""The Redis window (real Redis) and the pure per-minute rollup."""

from __future__ import annotations

from typing import Any

import pytest

from monitoring.telemetry import fields as F
from monitoring.telemetry.fields import gpu_event
from monitoring.telemetry.window import (
    GpuMinute,
    MinuteRollup,
    Sample,
    TelemetryWindow,
    by_gpu_minute,
    decode,
    encode,
    rollup_minutes,
)

T0 = 1_795_000_000.0
T0 -= T0 % 60  # on a minute boundary


def ev(t: float, node: str = "gpu-a-001", gpu: int = 0, **fields: Any) -> dict[str, Any]:
    return gpu_event(t, node, gpu, {getattr(F, k): v for k, v in fields.items()})


def test_the_compact_encoding_round_trips_and_folds_the_alias() -> None:
    fields = {F.SM_CLOCK: 1980, F.POWER_USAGE: 652.41, F.CLOCKS_EVENT_REASONS: 128, "DCGM_FI_DEV_NEW": 3}
    member = encode(T0 + 0.5, fields)
    assert len(member) < 80
    assert decode(member) == (
        T0 + 0.5,
        {F.SM_CLOCK: 1980, F.POWER_USAGE: 652.41, F.CLOCK_THROTTLE_REASONS: 128, "DCGM_FI_DEV_NEW": 3},
    )


def test_rollup_of_one_minute() -> None:
    samples = [ev(T0 + 50, SM_CLOCK=1000), ev(T0 + 0, SM_CLOCK=1980), ev(T0 + 10, SM_CLOCK=1500, TEMP=60)]
    assert rollup_minutes(samples) == [
        MinuteRollup("gpu-a-001", 0, T0, F.TEMP, 60, 60, 60.0, 60, 1),
        MinuteRollup("gpu-a-001", 0, T0, F.SM_CLOCK, 1000, 1980, 1493.3333333333333, 1000, 3),
    ]


def test_rollups_split_by_minute_and_gpu_and_or_the_throttle_bits() -> None:
    samples = [
        ev(T0 + 5, CLOCK_THROTTLE_REASONS=0x80),
        ev(T0 + 15, CLOCK_THROTTLE_REASONS=0x40),
        ev(T0 + 25, CLOCK_THROTTLE_REASONS=0),
        ev(T0 + 65, CLOCK_THROTTLE_REASONS=0),
        ev(T0 + 5, gpu=1, CLOCK_THROTTLE_REASONS=0),
    ]
    out = rollup_minutes(samples)
    assert [(r.gpu, r.minute_start, r.bits, r.last, r.count) for r in out] == [
        (0, T0, 0xC0, 0, 3),
        (0, T0 + 60, 0, 0, 1),
        (1, T0, 0, 0, 1),
    ]


def test_rollup_ignores_other_sources_and_takes_stored_samples() -> None:
    stored = Sample("n", 2, T0 + 1, {F.TEMP: 50})
    assert rollup_minutes([{"t": T0, "source": "kernel", "node": "n", "line": "x"}, stored]) == [
        MinuteRollup("n", 2, T0, F.TEMP, 50, 50, 50.0, 50, 1)
    ]


@pytest.fixture
def window(real_redis: tuple[Any, str]) -> TelemetryWindow:
    client, prefix = real_redis
    return TelemetryWindow(client, prefix=prefix, max_samples=5, max_age_s=600)


@pytest.mark.redis
def test_a_chart_reads_one_field_over_a_time_range(window: TelemetryWindow) -> None:
    window.add("c1", [ev(T0 + i * 10, gpu=3, SM_CLOCK=1980 - i, TEMP=50) for i in range(4)])
    assert window.series("c1", "gpu-a-001", 3, F.SM_CLOCK, since=T0 + 10, until=T0 + 20) == [
        (T0 + 10, 1979),
        (T0 + 20, 1978),
    ]
    assert window.series("c1", "gpu-a-001", 3, F.POWER_USAGE) == []


@pytest.mark.redis
def test_the_window_is_bounded_by_count(window: TelemetryWindow) -> None:
    for i in range(12):
        window.add("c1", [ev(T0 + i * 10, SM_CLOCK=i)])
    assert window.redis.zcard(window.gpu_key("c1", "gpu-a-001", 0)) == 5
    assert [s.fields[F.SM_CLOCK] for s in window.recent("c1", "gpu-a-001", 0, n=10)] == [7, 8, 9, 10, 11]


@pytest.mark.redis
def test_the_window_is_bounded_by_age_and_expires(window: TelemetryWindow) -> None:
    window.add("c1", [ev(T0, SM_CLOCK=1), ev(T0 + 100, SM_CLOCK=2)])
    window.add("c1", [ev(T0 + 700, SM_CLOCK=3)])
    assert [s.t for s in window.samples("c1", "gpu-a-001", 0)] == [T0 + 100, T0 + 700]
    assert 0 < window.redis.ttl(window.gpu_key("c1", "gpu-a-001", 0)) <= 600 * 2 + 60


@pytest.mark.redis
def test_writing_the_same_sample_twice_stores_it_once(window: TelemetryWindow) -> None:
    batch = [ev(T0, SM_CLOCK=1980)]
    window.add("c1", batch)
    window.add("c1", batch)  # a retried task
    assert len(window.samples("c1", "gpu-a-001", 0)) == 1


@pytest.mark.redis
def test_detectors_read_the_latest_n_of_every_gpu_in_one_call(window: TelemetryWindow) -> None:
    window.add(
        "c1",
        [ev(T0 + i, node=node, gpu=g, SM_CLOCK=i) for i in range(3) for node in ("a", "b") for g in range(2)],
    )
    window.add("c1", [{"t": T0, "source": "kernel", "node": "a", "line": "NVRM: Xid"}])  # not stored
    latest = window.recent_all("c1", n=2)
    assert sorted(latest) == [("a", 0), ("a", 1), ("b", 0), ("b", 1)]
    assert [s.t for s in latest[("b", 1)]] == [T0 + 1, T0 + 2]
    assert window.gpus("c1") == {("a", 0): T0 + 2, ("a", 1): T0 + 2, ("b", 0): T0 + 2, ("b", 1): T0 + 2}
    assert window.recent_all("other") == {}


@pytest.mark.redis
def test_clusters_do_not_mix_and_a_node_can_be_forgotten(window: TelemetryWindow) -> None:
    window.add("c1", [ev(T0, node="a", SM_CLOCK=1), ev(T0, node="b", SM_CLOCK=2)])
    window.add("c2", [ev(T0, node="a", SM_CLOCK=9)])
    window.forget("c1", node="a")
    assert sorted(window.gpus("c1")) == [("b", 0)]
    assert window.series("c2", "a", 0, F.SM_CLOCK) == [(T0, 9)]


@pytest.mark.redis
def test_the_window_rolls_up_a_closed_minute(window: TelemetryWindow) -> None:
    window.add("c1", [ev(T0 + s, SM_CLOCK=v) for s, v in ((0, 1980), (20, 1000), (40, 1500), (60, 7))])
    assert window.rollup("c1", T0) == [
        MinuteRollup("gpu-a-001", 0, T0, F.SM_CLOCK, 1000, 1980, 1493.3333333333333, 1500, 3)
    ]


def test_rollups_pivot_into_one_row_per_gpu_minute() -> None:
    rows = by_gpu_minute(
        rollup_minutes([ev(T0, SM_CLOCK=1980, CLOCK_THROTTLE_REASONS=0x80), ev(T0 + 30, SM_CLOCK=990)])
    )
    assert rows == [
        GpuMinute(
            "gpu-a-001",
            0,
            T0,
            {
                "throttle": {"min": 128, "max": 128, "avg": 128.0, "last": 128, "count": 1, "bits": 128},
                "sm_clock": {"min": 990, "max": 1980, "avg": 1485.0, "last": 990, "count": 2},
            },
        )
    ]


@pytest.mark.redis
def test_a_chart_gets_several_fields_with_labels_from_one_read(window: TelemetryWindow) -> None:
    window.add("c1", [ev(T0, SM_CLOCK=1980, POWER_USAGE=650.5), ev(T0 + 10, SM_CLOCK=1095)])
    chart = window.chart("c1", "gpu-a-001", 0, [F.SM_CLOCK, F.POWER_USAGE])
    assert chart[F.SM_CLOCK] == {"label": "SM clock", "unit": "MHz", "t": [T0, T0 + 10], "v": [1980, 1095]}
    assert chart[F.POWER_USAGE]["v"] == [650.5]
