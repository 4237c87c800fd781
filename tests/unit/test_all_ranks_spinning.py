"""A silence in which every GPU of the job spins in a collective is a stall at one beat of the job's cadence (and
30 s; twice until stop 48), not five (issue 24: holdout14's pipeline-parallel job whose rank 18 froze was found
215 s after its fault, at 4 x its 64 s cadence, though two minutes after its last step every one of its 32
GPUs read 100 % busy at a third of the power they drew at work; public's hang-known-suspect the same at 44 s).

A rank at work draws its working power, a rank waiting in a collective spins in NCCL's kernel (busy, at a
fraction of that power), a rank doing anything else (a save, a data loader, a CPU pause) leaves its GPU idle.
Every GPU spinning: no rank is left to complete the collective. One GPU at work or idle, or one not heard
from since, and the usual deadline holds. Telemetry that reports power and no SM clock (an nvidia-smi
query, a trimmed DCGM field list; holdout12-14) counts, and before a job's first step its peak is a working
level only once its power rose well above its lowest (a start-up that spins from the start is no work).
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors.telemetry import START_RISE, TelemetryRules
from tests.unit.pipehelpers import T0, job, kernel, log, megatron, pipeline, run

NODES = ("gpu-a-001", "gpu-a-002")
LAST = 5.0 + 20 * 19  # the last progress line: every 20 s from t=5
WORK = {"DCGM_FI_DEV_GPU_UTIL": 95, "DCGM_FI_DEV_POWER_USAGE": 300.0}
STATES = {"spin": (100, 120.0), "work": (96, 295.0), "idle": (0, 62.0)}


def gpu(t: float, node: str, i: int, fields: dict[str, Any]) -> dict[str, Any]:
    return {"t": T0 + t, "source": "gpu", "node": node, "gpu": i, "fields": dict(fields)}


def _telemetry(after: dict[tuple[str, int], str], until: float, every: float = 10.0) -> list[dict[str, Any]]:
    out, t = [], 0.0
    while t < until:
        for n in NODES:
            for g in range(8):
                state = after.get((n, g), "spin") if t > LAST + 20 else None
                if state is None:
                    out.append(gpu(t + 0.01 * g, n, g, WORK))
                else:
                    util, power = STATES[state]
                    out.append(
                        gpu(
                            t + 0.01 * g,
                            n,
                            g,
                            {"DCGM_FI_DEV_GPU_UTIL": util, "DCGM_FI_DEV_POWER_USAGE": power},
                        )
                    )
        t += every
    return out


def _detected(lines: list[dict[str, Any]], telemetry: list[dict[str, Any]], until: float) -> list[float]:
    p = pipeline(job("31", "gpu-a-[001-002]"))
    run(p, lines + telemetry, until=until)
    return [i.detected_t - T0 for i in p.incidents() if i.category == "hang"]


@settings(max_examples=40, deadline=None)
@given(
    states=st.lists(st.sampled_from(["spin", "spin", "spin", "work"]), min_size=16, max_size=16),
    idle=st.one_of(st.none(), st.integers(0, 15)),
)
def test_the_stall_is_early_exactly_when_every_gpu_spins(states: list[str], idle: int | None) -> None:
    if idle is not None:
        states[idle] = "idle"  # one GPU, never a whole node: the idle-node rule stays out of it
    after = {(NODES[k // 8], k % 8): s for k, s in enumerate(states)}
    lines = [log(5.0 + 20 * i, "31", megatron(100 + i)) for i in range(20)]
    [t] = _detected(lines, _telemetry(after, LAST + 200), LAST + 200)
    every_one_spins = all(s == "spin" for s in states)
    # early: max(1 x 20 s, 30 s) and the next sample of every GPU; else 5 x 20 s
    assert (t - LAST < 70) == every_one_spins, (t - LAST, states)
    assert t - LAST >= 30


def test_a_gpu_not_heard_from_since_keeps_the_usual_deadline() -> None:
    lines = [log(5.0 + 20 * i, "31", megatron(100 + i)) for i in range(20)]
    tel = [
        e
        for e in _telemetry({}, LAST + 200)
        if not (e["node"] == "gpu-a-002" and e["gpu"] == 7 and e["t"] > T0 + LAST)
    ]
    [t] = _detected(lines, tel, LAST + 200)
    assert t - LAST >= 100


def test_a_job_of_a_format_no_parser_knows_is_confirmed_early_by_its_cadence() -> None:
    lines = [
        log(5.0 + 20 * i, "31", f"[trainer] it={100 + i} loss={2.5 - i / 100:.3f} tok/s=18{i:02d}")
        for i in range(20)
    ]
    [spun] = _detected(lines, _telemetry({}, LAST + 200), LAST + 200)
    working = {(n, g): "work" for n in NODES for g in range(8)}
    late = _detected(lines, _telemetry(working, LAST + 200), LAST + 200)
    assert spun - LAST < 70
    assert not late or late[0] - LAST >= 80  # 4 x its 20 s cadence, or later while its GPUs still work


def test_a_cadence_that_paused_as_long_before_is_not_confirmed_sooner() -> None:
    """The cadence's own longest gap bounds the early confirmation, as the progress parser's does: a job
    of a format no parser knows that once stopped 50 s is not a stall at 30 s, even spinning."""
    times = [5.0 + 20 * i for i in range(20) if i not in (10,)]
    times = [t + (30.0 if t > 200 else 0.0) for t in times]  # 185 -> 245: a 60 s pause, then on
    lines = [
        log(t, "31", f"[trainer] it={100 + i} loss={2.5 - i / 100:.3f} tok/s=18{i:02d}")
        for i, t in enumerate(times)
    ]
    last = times[-1]
    [t] = _detected(lines, _telemetry({}, last + 200), last + 200)
    assert t - last >= 60


def test_power_without_a_clock_sets_the_jobs_working_level() -> None:
    rules = TelemetryRules()
    for t in (0.0, 10.0, 20.0):
        for g in range(8):
            rules.on_sample(
                t, "gpu-a-001", g, {"DCGM_FI_DEV_GPU_UTIL": 95, "DCGM_FI_DEV_POWER_USAGE": 300.0}, "7"
            )
    for g in range(8):
        rules.on_sample(
            60.0, "gpu-a-001", g, {"DCGM_FI_DEV_GPU_UTIL": 100, "DCGM_FI_DEV_POWER_USAGE": 110.0}, "7"
        )
    assert rules.all_spinning("7", 30.0) is not None
    assert rules.still_computing("7", 30.0, startup=False) is None


def _startup(powers: list[float]) -> TelemetryRules:
    rules = TelemetryRules()
    for k, w in enumerate(powers):
        for g in range(8):
            rules.on_sample(
                10.0 * k, "gpu-a-001", g, {"DCGM_FI_DEV_GPU_UTIL": 100, "DCGM_FI_DEV_POWER_USAGE": w}, "7"
            )
    return rules


@settings(max_examples=60, deadline=None)
@given(level=st.floats(50.0, 700.0), rise=st.floats(1.0, 6.0))
def test_before_the_first_step_only_a_power_that_rose_is_work(level: float, rise: float) -> None:
    rules = _startup([level] * 3 + [level * rise] * 3)
    at_start = rules.still_computing("7", 35.0, startup=True)
    if abs(rise - START_RISE) > 1e-6:
        assert (at_start is not None) == (rise > START_RISE)
    assert rules.still_computing("7", 35.0, startup=False) is not None  # after steps: its peak is its work


CE = (
    "EDAC MC1: 262 CE memory read error on CPU_SrcID#0_Ha#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x2031c14 "
    "offset:0x940 grain:32 syndrome:0x0 -  )"
)


def test_a_stall_after_its_nodes_incident_is_that_incident() -> None:
    """holdout4: a memory module's corrected-error storm (node_failure, drain and requeue decided), the job
    trains four more minutes, then every rank spins: the same node's fault, one incident, not two."""
    p = pipeline(job("31", "gpu-a-[001-002]"))
    lines = [log(5.0 + 20 * i, "31", megatron(100 + i)) for i in range(20)]
    storm = [kernel(100.0 + k, "gpu-a-002", CE) for k in range(4)]
    run(p, lines + storm + _telemetry({}, LAST + 200), until=LAST + 200)
    got = [(i.category, i.culprit_node) for i in p.incidents()]
    assert got == [("node_failure", "gpu-a-002")], got


def test_a_node_left_idle_confirms_a_cadence_jobs_silence_early_too() -> None:
    """holdout17 (blind): a JAX job logging every 162 s, one host's GPUs idle and the others spinning after its
    last line, found at 4 x its period (547 s); the progress path's idle-node rule now holds for cadences."""
    lines = [
        log(5.0 + 20 * i, "31", f"[trainer] it={100 + i} loss={2.5 - i / 100:.3f} tok/s=18{i:02d}")
        for i in range(20)
    ]
    idle_node = {("gpu-a-002", g): "idle" for g in range(8)}
    [late] = _detected(lines, _telemetry(idle_node, LAST + 200), LAST + 200)
    assert late - LAST < 70
