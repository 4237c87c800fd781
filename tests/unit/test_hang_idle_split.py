"""Early hang confirmation: a node left idle while its peers spin in the collective (issue 12).

The 5 x median-interval rule stays; a silence of max(1 x median, the job's longest interval so far,
30 s) is already a hang when telemetry shows one node's GPUs at 0 % since the job stopped printing
while another node's stay busy. A whole job idle, a node idle from before the silence, one idle
sample, a save in flight, a silence no longer than one the job already took: none of them confirms
early.
"""

from __future__ import annotations

from typing import Any

from actions.pipeline import PipelineConfig
from monitoring.detectors.telemetry import GpuState, TelemetryRules
from tests.unit.pipehelpers import T0, job, log, megatron, pipeline, run

NODES = ("gpu-a-001", "gpu-a-002", "gpu-a-003")


def _sample(rules: TelemetryRules, t: float, node: str, util: float) -> None:
    for g in range(8):
        rules.on_sample(t, node, g, {"DCGM_FI_DEV_GPU_UTIL": util, "DCGM_FI_DEV_SM_CLOCK": 1980}, "1")


def test_one_node_idle_beside_busy_peers_is_a_split() -> None:
    rules = TelemetryRules()
    for t in (0.0, 10.0, 20.0, 30.0):
        _sample(rules, t, "gpu-a-001", 100)
        _sample(rules, t, "gpu-a-002", 0 if t >= 10 else 100)
        _sample(rules, t, "gpu-a-003", 99)
    assert rules.idle_split(NODES, 5.0) == (["gpu-a-002"], ["gpu-a-001", "gpu-a-003"])


def test_a_whole_job_idle_one_idle_sample_or_an_old_idle_node_is_not() -> None:
    rules = TelemetryRules()
    for t in (10.0, 20.0):
        for node in NODES:
            _sample(rules, t, node, 0)
    assert rules.idle_split(NODES, 5.0) is None  # every GPU idle: a stall, not a missing rank
    rules = TelemetryRules()
    _sample(rules, 10.0, "gpu-a-001", 100)
    _sample(rules, 10.0, "gpu-a-002", 0)
    assert rules.idle_split(NODES, 5.0) is None  # one sample at 0 % is not a run
    rules = TelemetryRules()
    for t in (0.0, 10.0, 20.0):
        _sample(rules, t, "gpu-a-001", 100)
        _sample(rules, t, "gpu-a-002", 0)
    assert rules.idle_split(NODES, 5.0) is None  # idle while the job still progressed
    assert rules.idle_split(NODES, -1.0) == (["gpu-a-002"], ["gpu-a-001"])


def test_one_gpu_still_busy_keeps_the_node_out_of_the_idle_list() -> None:
    rules = TelemetryRules()
    for t in (10.0, 20.0):
        _sample(rules, t, "gpu-a-001", 100)
        _sample(rules, t, "gpu-a-002", 0)
        rules.on_sample(t, "gpu-a-002", 3, {"DCGM_FI_DEV_GPU_UTIL": "97"}, "1")  # nvidia-smi text
    assert rules.idle_split(NODES, 5.0) is None


def test_the_idle_run_survives_a_state_round_trip() -> None:
    rules = TelemetryRules()
    for t in (10.0, 20.0):
        _sample(rules, t, "gpu-a-001", 100)
        _sample(rules, t, "gpu-a-002", 0)
    again = TelemetryRules()
    again.load_state(rules.to_state())
    assert again.idle_split(NODES, 5.0) == rules.idle_split(NODES, 5.0) == (["gpu-a-002"], ["gpu-a-001"])
    old = GpuState.from_state([0, False, 0, 0, False, None])  # a state saved before issue 12
    assert old.idle_n == 0 and old.util is None


def _gpu(t: float, node: str, util: int) -> list[dict[str, Any]]:
    return [
        {
            "t": T0 + t,
            "source": "gpu",
            "node": node,
            "gpu": g,
            "fields": {"DCGM_FI_DEV_GPU_UTIL": util, "DCGM_FI_DEV_SM_CLOCK": 1980 if util else 345},
        }
        for g in range(8)
    ]


def _hang_events(idle_node_util: int, end: int) -> list[dict[str, Any]]:
    """Progress every 20 s until 200 s; then silence, with gpu-a-002 at ``idle_node_util`` %."""
    events = [log(i * 20.0, "1", megatron(100 + i)) for i in range(11)]
    for t in range(5, end, 10):
        events += _gpu(float(t), "gpu-a-001", 100)
        events += _gpu(float(t), "gpu-a-002", idle_node_util if t > 200 else 100)
    return events


def test_a_pipeline_confirms_the_hang_at_one_interval_with_an_idle_node() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    run(p, _hang_events(0, 229), until=229)
    assert p.incidents() == []  # one idle sample (205 s) is no run yet
    run(p, _hang_events(0, 241)[-32:], until=241)
    incs = p.incidents()
    assert len(incs) == 1 and incs[0].category == "hang"
    text = " ".join(incs[0].evidence)
    assert "gpu-a-002 went idle" in text and "1 x median interval 20.0 s" in text
    assert incs[0].detected_t <= T0 + 235  # 1 x 20 s and 30 s passed, the idle run two samples long


def test_a_job_that_paused_as_long_before_is_not_confirmed_early() -> None:
    """Rank 0 once stopped 70 s (an unannounced save, its peers waiting in a barrier: the same idle
    split): a silence of that job is early only past the longest pause it already took."""
    p = pipeline(job("1", "gpu-a-[001-002]"))
    steps = [i * 20.0 for i in range(6)] + [170.0 + i * 20.0 for i in range(2)]  # ..., 100, 170, 190
    events = [log(t, "1", megatron(100 + i)) for i, t in enumerate(steps)]
    for t in range(5, 300, 10):
        events += _gpu(float(t), "gpu-a-001", 100)
        events += _gpu(float(t), "gpu-a-002", 0 if t > 190 else 100)
    run(p, [e for e in events if e["t"] <= T0 + 255], until=255)
    assert p.incidents() == []  # 65 s of silence, a split since 195 s, but the job once took 70 s
    run(p, [e for e in events if T0 + 255 < e["t"] <= T0 + 265], until=265)
    incs = p.incidents()
    assert len(incs) == 1 and "its longest interval 70 s" in " ".join(incs[0].evidence)


def test_without_the_idle_node_the_hang_waits_for_five_intervals() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    run(p, _hang_events(100, 280), until=280)
    assert p.incidents() == []  # 80 s of silence < 5 x 20 s
    run(p, _hang_events(100, 302)[-16:], until=302)
    incs = p.incidents()
    assert len(incs) == 1 and "5 x median interval" in " ".join(incs[0].evidence)


def test_the_early_confirmation_can_be_turned_off() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"), config=PipelineConfig(hang_idle_multiple=0.0))
    run(p, _hang_events(0, 280), until=280)
    assert p.incidents() == []


def _titan(step: int) -> str:
    return f"[titan] 2026-08-21 10:00:00,000 - root - INFO - step: {step}  loss:  2.1  memory: 60GiB(75%)  tps: 3,400"


def test_torchtitan_staging_line_pauses_the_hang_clock_and_the_idle_rule() -> None:
    """torchtitan main prints "Staging the checkpoint." (no "sav"): the save must still pause the clock."""
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = [log(i * 20.0, "1", _titan(100 + i)) for i in range(11)]
    events.append(log(201.0, "1", "[titan] 2026-08-21 10:03:21,000 - root - INFO - Staging the checkpoint."))
    for t in range(5, 400, 10):  # rank 0 writes, its peers wait in a barrier
        events += _gpu(float(t), "gpu-a-001", 100)
        events += _gpu(float(t), "gpu-a-002", 0 if t > 200 else 100)
    run(p, events, until=400)
    assert p.incidents() == []  # 200 s of save < the 900 s grace, and the idle rule waits for the save


def test_deepspeed_torch_engine_save_pauses_the_hang_clock() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    step = (
        "[2025-01-01 10:00:00,000] [INFO] [logging.py:128:log_dist] [Rank 0] step={}, skipped=0, lr=[3e-05]"
    )
    events = [log(i * 20.0, "1", step.format(100 + i * 10)) for i in range(11)]
    events.append(
        log(
            201.0,
            "1",
            "[2025-01-01 10:03:21,000] [INFO] [logging.py:128:log_dist] [Rank 0] "
            "[Torch] Checkpoint global_step200 is about to be saved!",
        )
    )
    run(p, events, until=400)
    assert p.incidents() == []
    run(p, [log(401.0, "1", step.format(300)), log(421.0, "1", step.format(310))], until=430)
    assert p.incidents() == []
