"""Telemetry rules (ECC, row remap, Xid field, slow GPU) and Slurm state parsing."""

from __future__ import annotations

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
    assert _round(rules, 10, 1200, 0x40) == []
    assert _round(rules, 20, 1250, 0x40) == []
    assert _round(rules, 30, 1210, 0x40) == [Kind.SLOW_GPU]
    assert _round(rules, 40, 1210, 0x40) == []  # raised once


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
