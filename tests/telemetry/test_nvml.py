"""NVML sampling against the pynvml test double; NVML missing is a state, reported once."""

from __future__ import annotations

import logging

import pynvml
import pytest

from monitoring.telemetry import fields as F
from monitoring.telemetry.nvml import NvmlSampler, NvmlUnavailable
from tests.telemetry.fake_nvml import FakeNvml, b200_node, h100, h100_node


def fields_of(sampler: NvmlSampler, now: float = 100.0) -> dict[int, dict]:
    return {e["gpu"]: e["fields"] for e in sampler.sample(now)}


def test_the_fake_speaks_pynvml_exceptions() -> None:
    fake = FakeNvml([h100(0)], library_missing=True)
    with pytest.raises(pynvml.NVMLError_LibraryNotFound) as exc:
        fake.nvmlInit()
    assert exc.value.value == 12


def test_an_h100_sample_has_every_field_in_dcgm_units() -> None:
    sampler = NvmlSampler(node="gpu-h-001", nvml=h100_node())
    events = sampler.sample(1234.5)
    assert len(events) == 8
    assert events[0] == {
        "t": 1234.5,
        "source": "gpu",
        "node": "gpu-h-001",
        "gpu": 0,
        "fields": {
            F.TEMP: 45,
            F.POWER_USAGE: 450,
            F.SM_CLOCK: 1980,
            F.GPU_UTIL: 98,
            F.FB_USED: 60000,
            F.ECC_SBE_VOL_TOTAL: 0,
            F.ECC_DBE_VOL_TOTAL: 0,
            F.ROW_REMAP_PENDING: 0,
            F.ROW_REMAP_FAILURE: 0,
            F.CLOCK_THROTTLE_REASONS: 0,
            F.PCIE_REPLAY_COUNTER: 0,
            F.NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL: 0,
            F.GPU_RECOVERY_ACTION: 0,
            F.XID_ERRORS: 0,
        },
    }


def test_power_is_converted_from_milliwatts_and_memory_from_bytes() -> None:
    g = fields_of(
        NvmlSampler(node="n", nvml=b200_node(**{"2": {"power_w": 987.654, "memory_used_mib": 150001}}))
    )[2]
    assert (g[F.POWER_USAGE], g[F.FB_USED]) == (987.654, 150001)


def test_throttle_bitmask_recovery_action_and_ecc_come_through() -> None:
    fake = h100_node(
        **{
            "5": {"throttle": 0x80, "sm_clock": 1095},
            "3": {"ecc_uncorrected": 2, "remap": (0, 1, 1, 0), "recovery_action": 1},
            "6": {"throttle": 0x40 | 0x1},
        }
    )
    gpus = fields_of(NvmlSampler(node="n", nvml=fake))
    assert (gpus[5][F.CLOCK_THROTTLE_REASONS], gpus[5][F.SM_CLOCK]) == (0x80, 1095)
    assert gpus[6][F.CLOCK_THROTTLE_REASONS] == 0x41
    assert (gpus[3][F.ECC_DBE_VOL_TOTAL], gpus[3][F.ROW_REMAP_PENDING], gpus[3][F.GPU_RECOVERY_ACTION]) == (
        2,
        1,
        1,
    )


def test_nvlink_crc_is_summed_over_links() -> None:
    gpus = fields_of(NvmlSampler(node="n", nvml=h100_node(**{"1": {"nvlink_crc_per_link": 2}})))
    assert gpus[1][F.NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL] == 36  # 18 links × 2


def test_without_field_values_nvlink_falls_back_to_per_link_counters() -> None:
    fake = h100_node(**{"1": {"nvlink_crc_per_link": 3, "unsupported": {"field:nvlink", "field:recovery"}}})
    g = fields_of(NvmlSampler(node="n", nvml=fake))[1]
    assert g[F.NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL] == 54
    assert F.GPU_RECOVERY_ACTION not in g


def test_an_unsupported_call_omits_only_its_field() -> None:
    fake = h100_node(
        **{
            "4": {
                "unsupported": {
                    "nvmlDeviceGetRemappedRows",
                    "nvmlDeviceGetPcieReplayCounter",
                    "nvmlDeviceGetTotalEccErrors",
                    "nvmlDeviceGetNvLinkState",
                    "nvmlDeviceGetFieldValues",
                }
            }
        }
    )
    g = fields_of(NvmlSampler(node="n", nvml=fake))[4]
    for missing in (
        F.ROW_REMAP_PENDING,
        F.ROW_REMAP_FAILURE,
        F.PCIE_REPLAY_COUNTER,
        F.ECC_SBE_VOL_TOTAL,
        F.ECC_DBE_VOL_TOTAL,
        F.NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL,
        F.GPU_RECOVERY_ACTION,
    ):
        assert missing not in g
    assert g[F.SM_CLOCK] == 1980 and g[F.TEMP] == 45


def test_an_older_binding_uses_the_throttle_reasons_function() -> None:
    sampler = NvmlSampler(node="n", nvml=_WithoutEventReasons(h100_node(**{"0": {"throttle": 0x8}})))
    assert fields_of(sampler)[0][F.CLOCK_THROTTLE_REASONS] == 0x8


class _WithoutEventReasons:
    """A binding older than the 2023 rename: only nvmlDeviceGetCurrentClocksThrottleReasons."""

    def __init__(self, inner: FakeNvml) -> None:
        self._inner = inner

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        if name == "nvmlDeviceGetCurrentClocksEventReasons":
            raise AttributeError(name)
        return getattr(self._inner, name)


def test_xid_events_set_the_last_xid_per_gpu() -> None:
    fake = h100_node()
    sampler = NvmlSampler(node="n", nvml=fake)
    assert fields_of(sampler, 1.0)[2][F.XID_ERRORS] == 0
    fake.inject_xid(2, 79)
    fake.inject_xid(2, 48)
    fake.inject_xid(6, 13)
    gpus = fields_of(sampler, 2.0)
    assert (gpus[2][F.XID_ERRORS], gpus[6][F.XID_ERRORS], gpus[0][F.XID_ERRORS]) == (48, 13, 0)
    assert fields_of(sampler, 3.0)[2][F.XID_ERRORS] == 48  # DCGM semantics: the last Xid stays


def test_without_event_support_there_is_no_xid_field() -> None:
    fake = FakeNvml([h100(0)], events_supported=False)
    assert F.XID_ERRORS not in fields_of(NvmlSampler(node="n", nvml=fake))[0]


def test_a_lost_gpu_is_skipped_and_the_others_sampled() -> None:
    fake = h100_node()
    sampler = NvmlSampler(node="n", nvml=fake)
    sampler.sample(1.0)
    fake.gpus[3].lost = True
    assert sorted(fields_of(sampler, 2.0)) == [0, 1, 2, 4, 5, 6, 7]
    assert sampler.lost_gpus == {3}


def test_a_gpu_lost_before_start_does_not_hide_the_others() -> None:
    fake = h100_node(**{"4": {"lost": True}})
    sampler = NvmlSampler(node="n", nvml=fake)
    assert sorted(fields_of(sampler)) == [0, 1, 2, 3, 5, 6, 7]
    assert sampler.unavailable is None and sampler.lost_gpus == {4}


def test_a_driver_reload_is_survived_by_re_initialising() -> None:
    fake = h100_node()
    sampler = NvmlSampler(node="n", nvml=fake)
    assert len(sampler.sample(1.0)) == 8
    fake.initialized = False  # the driver went away under us: every call says Uninitialized
    assert sampler.sample(2.0) == []
    assert len(sampler.sample(3.0)) == 8
    assert fake.init_calls == 2 and sampler.unavailable is None


def test_bus_ids_are_recorded_in_kernel_form() -> None:
    sampler = NvmlSampler(node="n", nvml=h100_node())
    sampler.sample(1.0)
    assert sampler.bus_ids[3] == "0000:5d:00"


def test_missing_nvml_is_a_state_reported_once(caplog: pytest.LogCaptureFixture) -> None:
    fake = FakeNvml([h100(0)], library_missing=True)
    reported: list[NvmlUnavailable] = []
    sampler = NvmlSampler(node="n", nvml=fake, retry_after_s=60, on_unavailable=reported.append)
    with caplog.at_level(logging.WARNING, logger="monitoring.telemetry.nvml"):
        results = [sampler.sample(t) for t in (0.0, 10.0, 20.0, 70.0, 80.0, 140.0)]
    assert results == [[]] * 6
    assert reported == [NvmlUnavailable(reason="NVML: NVML Shared Library Not Found", code=12, since=0.0)]
    assert sampler.unavailable == reported[0]
    assert len([r for r in caplog.records if "NVML unavailable" in r.getMessage()]) == 1
    assert fake.init_calls == 3  # at 0, then one quiet retry per minute (70, 140): no crash loop


def test_nvml_that_comes_back_is_sampled_again() -> None:
    fake = FakeNvml([h100(0)], library_missing=True)
    sampler = NvmlSampler(node="n", nvml=fake, retry_after_s=60)
    assert sampler.sample(0.0) == []
    fake.library_missing = False
    assert sampler.sample(30.0) == []  # before the retry time
    assert len(sampler.sample(61.0)) == 1
    assert sampler.unavailable is None


def test_the_real_binding_without_a_driver_is_unavailable_not_an_exception() -> None:
    sampler = NvmlSampler(node="n")  # real pynvml; this machine has no NVIDIA driver
    events = sampler.sample(0.0)
    if sampler.unavailable is None:
        pytest.skip("this machine has NVML")
    assert events == []
    assert sampler.unavailable.code == pynvml.NVML_ERROR_LIBRARY_NOT_FOUND
