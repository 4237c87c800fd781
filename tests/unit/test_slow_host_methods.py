"""A slow GPU or host that breaks nothing, found by what the job's other GPUs do while they wait for it.

- The parts of the step a job times per rank or per host (``rank_timings``), tested on formats other than the
  corpora's (holdout46's steptimer table, holdout54's per-rank timings): the host whose ranks spend longer in
  their own work is the one the others wait for; time in the collective is the effect (the fastest host waits
  longest); one round is not enough, a part too small to matter is noise.
- A job whose beat slowed while one GPU alone still draws its working power and every other GPU dropped to
  what a wait draws (``TelemetryRules.one_still_at_work``, holdout24's YANK): that GPU is what they wait for;
  not when every GPU dropped (something they share), not without the slower beat (a rank-0 evaluation), not a
  whole node held (its own layout).
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors import rank_timings as rt
from tests.unit.pipehelpers import T0, job, log, pipeline, run

NODES = ["gpu-a-001", "gpu-a-002", "gpu-a-003", "gpu-a-004"]


def _node_of(rank: int) -> str | None:
    return NODES[rank // 2] if 0 <= rank < 8 else None


def _round(r: rt.RankTimings, t: float, slow_node: int | None, extra: float = 0.15) -> list[rt.SlowHost]:
    """One print of 8 ranks (2 per node): the slow node's ranks compute ``extra`` s longer, the rest wait."""
    out = []
    for rank in range(8):
        slow = slow_node is not None and rank // 2 == slow_node
        compute = 0.41 + (extra if slow else 0.0) + 0.002 * (rank % 3)
        sync = 0.02 + (0.0 if slow or slow_node is None else extra)
        body = f"rank={rank} | load: 0.012s, compute: {compute:.3f}s, grad_sync: {sync:.3f}s, optim: 0.030s"
        found = rt.parts(body)
        assert found is not None
        hit = r.see_parts(t + 0.01 * rank, "7", rank, body, found, _node_of)
        if hit is not None:
            out.append(hit)
    return out


def test_the_host_whose_ranks_compute_longer_is_named_after_two_rounds() -> None:
    r = rt.RankTimings()
    assert _round(r, 0.0, None) == []
    assert _round(r, 60.0, 2) == []  # one round: a slow batch, a save on one host
    hits = _round(r, 120.0, 2)
    assert [h.node for h in hits] == ["gpu-a-003"]
    assert hits[0].part.startswith("compute") and hits[0].speed < 0.8
    assert _round(r, 180.0, 2) == []  # named once


def test_waiting_in_the_collective_is_the_effect_never_the_cause() -> None:
    """Only the sync part differs, one host waiting far longer than the rest: it is the fastest, not slow."""
    r = rt.RankTimings()
    for k in range(5):
        for rank in range(8):
            sync = 0.3 if rank // 2 == 1 else 0.02
            body = f"rank={rank} | load: 0.012s, compute: 0.410s, grad_sync: {sync:.3f}s, optim: 0.030s"
            found = rt.parts(body)
            assert found is not None
            assert r.see_parts(60.0 * k + 0.01 * rank, "7", rank, body, found, _node_of) is None


def test_a_part_too_small_to_matter_is_noise() -> None:
    """One host's data loading 3x the others' but a thousandth of the step: not the host the others wait for."""
    r = rt.RankTimings()
    for k in range(5):
        for rank in range(8):
            load = 0.0012 * (3 if rank // 2 == 0 else 1)
            body = f"rank={rank} | load: {load:.4f}s, compute: 0.410s, grad_sync: 0.020s, optim: 0.030s"
            found = rt.parts(body)
            assert found is not None
            assert r.see_parts(60.0 * k + 0.01 * rank, "7", rank, body, found, _node_of) is None


def test_one_round_then_back_to_normal_names_nobody() -> None:
    r = rt.RankTimings()
    for k, slow in enumerate([None, 1, None, 3, None, 0, None]):
        assert _round(r, 60.0 * k, slow) == []


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.floats(min_value=0.39, max_value=0.43), min_size=8, max_size=8),
    st.integers(min_value=2, max_value=6),
)
def test_hosts_within_a_few_percent_of_each_other_are_never_named(computes: list[float], rounds: int) -> None:
    r = rt.RankTimings()
    for k in range(rounds):
        for rank, c in enumerate(computes):
            body = f"rank={rank} | load: 0.012s, compute: {c:.3f}s, grad_sync: 0.020s, optim: 0.030s"
            found = rt.parts(body)
            assert found is not None
            assert r.see_parts(60.0 * k + 0.01 * rank, "7", rank, body, found, _node_of) is None


def test_a_per_host_table_names_the_host_far_beyond_the_others() -> None:
    canonical = str
    rate = "throughput tokens/s by host: gpu-a-001 5120 | gpu-a-002 5090 | gpu-a-003 2101 | gpu-a-004 5133"
    tab = rt.table(rate, canonical, NODES)
    assert tab is not None and tab[2] is False  # a rate: lower is worse
    r = rt.RankTimings()
    assert r.see_table("7", *tab) is None
    hit = r.see_table("7", *tab)
    assert hit is not None and hit.node == "gpu-a-003" and hit.speed < 0.5
    wait = "io wait ms by host: gpu-a-001 40 | gpu-a-002 610 | gpu-a-003 38 | gpu-a-004 44"
    tab = rt.table(wait, canonical, NODES)
    assert tab is not None and tab[2] is True
    r = rt.RankTimings()
    assert (
        r.see_table("7", *tab) is None
        and (r.see_table("7", *tab) or rt.SlowHost("", "", 0, 0, 0, 0)).node == "gpu-a-002"
    )
    # within reach of each other, or a collective's wait per host, or no unit: nobody
    for line in (
        "io wait ms by host: gpu-a-001 40 | gpu-a-002 61 | gpu-a-003 38 | gpu-a-004 44",
        "allreduce wait ms by host: gpu-a-001 40 | gpu-a-002 610 | gpu-a-003 38 | gpu-a-004 44",
        "files by host: gpu-a-001 40 | gpu-a-002 610 | gpu-a-003 38 | gpu-a-004 44",
    ):
        tab = rt.table(line, canonical, NODES)
        r = rt.RankTimings()
        assert tab is None or (r.see_table("7", *tab) is None and r.see_table("7", *tab) is None), line


def test_through_the_pipeline_the_slow_host_is_drained_and_the_job_requeued_without_it() -> None:
    p = pipeline(job("7", "gpu-a-[001-004]", tpn=2))
    events = []
    for k in range(8):
        slow = 2 if k >= 3 else None
        for rank in range(8):
            s = slow is not None and rank // 2 == slow
            compute = 0.41 + (0.15 if s else 0.0)
            sync = 0.02 + (0.15 if slow is not None and not s else 0.0)
            events.append(
                log(
                    60.0 * k + 0.01 * rank,
                    "7",
                    f"{rank}: step {100 * k} rank={rank} | load: 0.012s, compute: {compute:.3f}s, "
                    f"grad_sync: {sync:.3f}s, optim: 0.030s",
                )
            )
    ups = run(p, events, until=500.0)
    assert ups
    last = ups[-1]
    assert (last.category, last.culprit_node) == ("gpu_degraded", "gpu-a-003")


def _iterations(until: float, slow_from: float | None) -> list[dict[str, Any]]:
    out, t = [], 10.0
    while t < until:
        took = 95.0 if slow_from is not None and t >= slow_from else 31.0
        t += took
        out.append(log(t, "9", f"Iteration took {took + (t % 7) * 0.1:.3f} s."))
    return out


def _telemetry(until: float, change_at: float, after: dict[tuple[str, int], float]) -> list[dict[str, Any]]:
    """Two nodes of four GPUs sampled every 60 s: all at ~200 W, then from ``change_at`` each at ``after``'s
    power (default 200 W)."""
    out, t = [], 5.0
    while t < until:
        for node in ("gpu-a-001", "gpu-a-002"):
            for g in range(4):
                watts = after.get((node, g), 200.0) if t >= change_at else 200.0 + g
                util = 97 if watts > 150 else 30
                fields = {"DCGM_FI_DEV_POWER_USAGE": watts, "DCGM_FI_DEV_GPU_UTIL": util}
                out.append(
                    {"t": T0 + t + 0.01 * g, "source": "gpu", "node": node, "gpu": g, "fields": fields}
                )
        t += 60.0
    return out


def _waiting(held: set[tuple[str, int]]) -> dict[tuple[str, int], float]:
    return {
        (n, g): (210.0 if (n, g) in held else 105.0) for n in ("gpu-a-001", "gpu-a-002") for g in range(4)
    }


def _verdicts(events: list[dict[str, Any]]) -> list[tuple[str, str | None, int | None]]:
    p = pipeline(job("9", "gpu-a-[001-002]", tpn=4))
    ups = run(p, events, until=max(e["t"] for e in events) - T0 + 5.0)
    return [(u.category, u.culprit_node, u.culprit_gpu) for u in ups]


def test_the_one_gpu_still_at_work_while_the_others_wait_is_what_a_slowed_job_waits_for() -> None:
    events = _iterations(1400.0, 700.0) + _telemetry(1400.0, 700.0, _waiting({("gpu-a-002", 1)}))
    assert ("gpu_degraded", "gpu-a-002", 1) in _verdicts(events)


def test_every_gpu_dropping_or_no_slower_beat_or_a_whole_node_held_names_no_gpu() -> None:
    everyone = {(n, g): 105.0 for n in ("gpu-a-001", "gpu-a-002") for g in range(4)}
    whole_node = _waiting({("gpu-a-002", g) for g in range(4)})
    for events in (
        _iterations(1400.0, 700.0) + _telemetry(1400.0, 700.0, everyone),  # something they share
        _iterations(1400.0, None) + _telemetry(1400.0, 700.0, _waiting({("gpu-a-002", 1)})),  # beat as before
        _iterations(1400.0, 700.0) + _telemetry(1400.0, 700.0, whole_node),  # a node's layout
    ):
        assert not [v for v in _verdicts(events) if v[0] == "gpu_degraded"]
