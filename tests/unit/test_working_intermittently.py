"""A silence whose GPUs work intermittently is work the log does not show, not a stall (issue 24: holdout18,
built blind, mmsegmentation's 76-minute distributed evaluation after "Saving checkpoint at 2000 iterations",
its GPUs at 38-79 % busy and a median 150 W against 260 W at training: below the power rule, so it was
escalated as a checkpoint save that hung).

Utilisation is the share of the sample period a kernel ran: a process that stopped reads 0 (nothing
launched) or 90-100 % (a kernel that never returns, a collective waiting for a peer). Anything between,
two samples running, is kernels that start and finish. Such a silence becomes a stall only past
``WORK_MULTIPLE`` beats (``WORK_FLOOR_S`` at least); pegged or idle GPUs keep the usual deadline. And a line
that counts a loop to its own total after a save began (the evaluation's bar at 7811/7811) ends the save.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from incidents.attribution.cadence_watch import WORK_FLOOR_S
from monitoring.detectors.phase import CHECKPOINTING, JobPhase
from monitoring.detectors.telemetry import TelemetryRules
from tests.unit.pipehelpers import T0, job, log, megatron, pipeline, run

NODE = "gpu-a-001"
LAST = 5.0 + 20 * 19  # the last progress line: every 20 s from t=5


def _sample(rules: TelemetryRules, t: float, utils: list[float], power: float = 150.0) -> None:
    for g, u in enumerate(utils):
        rules.on_sample(t, NODE, g, {"DCGM_FI_DEV_GPU_UTIL": u, "DCGM_FI_DEV_POWER_USAGE": power}, "7")


def test_partial_utilisation_two_samples_running_is_work_and_pegged_or_idle_is_not() -> None:
    for after, working in (([55.0] * 8, True), ([100.0] * 8, False), ([0.0] * 8, False), ([97.0] * 8, False)):
        rules = TelemetryRules()
        for t in (0.0, 10.0, 20.0):
            _sample(rules, t, [96.0] * 8, 300.0)
        _sample(rules, 40.0, after)
        assert rules.working_intermittently("7", 30.0) is None  # one sample is no run
        _sample(rules, 50.0, after)
        assert (rules.working_intermittently("7", 30.0) is not None) == working, after


def test_one_sample_between_two_loops_does_not_undo_a_run_and_two_do() -> None:
    rules = TelemetryRules()
    for t in (0.0, 10.0, 20.0, 30.0):
        _sample(rules, t, [60.0] * 8)
    _sample(rules, 40.0, [0.0] * 8)  # the evaluation's bar ends, the next loop sets up
    assert rules.working_intermittently("7", 35.0) is not None
    _sample(rules, 50.0, [100.0] * 8)
    assert rules.working_intermittently("7", 35.0) is None


def test_most_gpus_must_work_and_every_one_must_be_heard_from() -> None:
    rules = TelemetryRules()
    for t in (0.0, 10.0):
        _sample(rules, t, [60.0] * 4 + [100.0] * 4)
    assert rules.working_intermittently("7", -1.0) is None  # half is not most
    rules = TelemetryRules()
    for t in (0.0, 10.0):
        _sample(rules, t, [60.0] * 8)
    rules.on_sample(20.0, NODE, 0, {"DCGM_FI_DEV_GPU_UTIL": 60.0, "DCGM_FI_DEV_POWER_USAGE": 150.0}, "7")
    assert rules.working_intermittently("7", 15.0) is None  # seven GPUs not heard from since


def test_the_state_survives_a_handover() -> None:
    rules = TelemetryRules()
    for t in (0.0, 10.0):
        _sample(rules, t, [60.0] * 8)
    restored = TelemetryRules()
    restored.load_state(rules.to_state())
    assert restored.working_intermittently("7", -1.0) == rules.working_intermittently("7", -1.0)
    assert restored.working_intermittently("7", -1.0) is not None


def _telemetry(util: float, until: float) -> list[dict[str, Any]]:
    out, t = [], 0.0
    while t < until:
        for g in range(8):
            u, w = (96.0, 300.0) if t <= LAST + 20 else (util, 150.0)
            fields = {"DCGM_FI_DEV_GPU_UTIL": u, "DCGM_FI_DEV_POWER_USAGE": w}
            out.append({"t": T0 + t + 0.01 * g, "source": "gpu", "node": NODE, "gpu": g, "fields": fields})
        t += 30.0
    return out


@settings(max_examples=12, deadline=None)
@given(util=st.sampled_from([0.0, 25.0, 55.0, 80.0, 100.0]), cadence=st.booleans())
def test_a_silence_whose_gpus_work_is_a_stall_only_past_the_work_bound(util: float, cadence: bool) -> None:
    if cadence:  # a format no parser knows: its own cadence
        lines = [
            log(5.0 + 20 * i, "31", f"[trainer] it={100 + i} loss={2.5 - i / 100:.3f}") for i in range(20)
        ]
    else:
        lines = [log(5.0 + 20 * i, "31", megatron(100 + i)) for i in range(20)]
    until = LAST + WORK_FLOOR_S + 300
    p = pipeline(job("31", NODE))
    run(p, lines + _telemetry(util, until), until=until)
    [t] = [i.detected_t - T0 for i in p.incidents() if i.category == "hang"]
    if 10.0 < util < 90.0:
        assert t - LAST >= WORK_FLOOR_S, (util, cadence, t - LAST)
    else:
        assert t - LAST <= 130, (util, cadence, t - LAST)


def test_a_loop_counted_to_its_total_after_a_save_began_ends_the_save() -> None:
    ph = JobPhase(0.0)
    ph.on_step(10.0, 1950)
    ph.on_checkpoint(20.0, "start", "Saving checkpoint at 2000 iterations")
    ph.on_any_line(
        30.0, "[>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>] 3811/7811, 1.7 task/s, elapsed: 2245s, ETA:  2300s"
    )
    assert ph.phase() == CHECKPOINTING  # a bar still counting
    ph.on_any_line(
        40.0, "[>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>] 7811/7811, 1.7 task/s, elapsed: 4545s, ETA:     0s"
    )
    assert ph.phase() != CHECKPOINTING and ph.resumed_t == 40.0
