"""A test double for ``pynvml`` (nvidia-ml-py): same function names, constants, exceptions.

Constants and exception classes are pynvml's own (copied from the installed
binding), so ``except pynvml.NVMLError_NotSupported`` in the code under test
catches what this fake raises. Only the functions NvmlSampler uses exist.

Values per GPU model (sources):
* H100 SXM5 80GB — name "NVIDIA H100 80GB HBM3", memory.total 81559 MiB,
  clocks.max.sm 1980 MHz, power.max_limit 700 W: an ``nvidia-smi --query-gpu``
  capture of that card on driver 590.48.01 (utkuozdemir/nvidia_gpu_exporter,
  internal/captures/linux-x86_64__nvidia-h100-80gb-hbm3__590.48.01.txt),
  matching NVIDIA's H100 datasheet (700 W TDP for SXM5).
* B200 — name "NVIDIA B200", memory.total 183359 MiB as nvidia-smi reports it
  on HGX B200 systems; 1000 W per GPU from NVIDIA's HGX B200 specification;
  max SM clock 1965 MHz (published boost clock).
PCI bus ids are the 8-GPU HGX layout used in docs/EVENTS.md.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pynvml

HGX_BUS_IDS = ("18", "2a", "3a", "5d", "9a", "ab", "ba", "db")


@dataclass
class FakeGpu:
    """One GPU's state. ``unsupported`` names NVML functions that raise NotSupported on it."""

    index: int
    name: str
    bus_id: str
    memory_total_mib: int
    power_limit_w: float
    max_sm_clock: int
    temperature: int = 45
    power_w: float = 450.0
    sm_clock: int = 1980
    utilization: int = 98
    memory_used_mib: int = 60000
    ecc_corrected: int = 0
    ecc_uncorrected: int = 0
    remap: tuple[int, int, int, int] = (0, 0, 0, 0)  # correctable, uncorrectable, pending, failure
    throttle: int = 0
    pcie_replays: int = 0
    nvlink_links: int = 18
    nvlink_crc_per_link: int = 0
    recovery_action: int = 0
    unsupported: set[str] = field(default_factory=set)
    lost: bool = False


def h100(index: int, **kw: Any) -> FakeGpu:
    return FakeGpu(
        index,
        "NVIDIA H100 80GB HBM3",
        f"00000000:{HGX_BUS_IDS[index].upper()}:00.0",
        81559,
        700.0,
        1980,
        **kw,
    )


def b200(index: int, **kw: Any) -> FakeGpu:
    kw.setdefault("power_w", 820.0)
    kw.setdefault("sm_clock", 1965)
    return FakeGpu(
        index, "NVIDIA B200", f"00000000:{HGX_BUS_IDS[index].upper()}:00.0", 183359, 1000.0, 1965, **kw
    )


@dataclass
class _Handle:
    index: int


class FakeNvml:
    """Stands in for the ``pynvml`` module. ``library_missing`` mimics a host without the driver."""

    def __init__(
        self, gpus: list[FakeGpu], library_missing: bool = False, events_supported: bool = True
    ) -> None:
        for name in dir(pynvml):
            if name.startswith(("NVML_", "NVMLError", "nvmlClocks", "nvmlEventType")):
                setattr(self, name, getattr(pynvml, name))
        self.gpus = gpus
        self.library_missing = library_missing
        self.events_supported = events_supported
        self.init_calls = 0
        self.initialized = False
        self._pending_xids: deque[tuple[int, int]] = deque()
        self._handles = [_Handle(g.index) for g in gpus]

    # --- test controls -----------------------------------------------------
    def inject_xid(self, index: int, xid: int) -> None:
        self._pending_xids.append((index, xid))

    # --- helpers -------------------------------------------------------------
    def _gpu(self, handle: _Handle, fn: str) -> FakeGpu:
        if not self.initialized:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_UNINITIALIZED)
        gpu = self.gpus[handle.index]
        if gpu.lost:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_GPU_IS_LOST)
        if fn in gpu.unsupported:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_NOT_SUPPORTED)
        return gpu

    # --- pynvml API ------------------------------------------------------------
    def nvmlInit(self) -> None:
        self.init_calls += 1
        if self.library_missing:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_LIBRARY_NOT_FOUND)
        self.initialized = True

    def nvmlShutdown(self) -> None:
        self.initialized = False

    def nvmlDeviceGetCount(self) -> int:
        return len(self.gpus)

    def nvmlDeviceGetHandleByIndex(self, index: int) -> _Handle:
        if not 0 <= index < len(self.gpus):
            raise pynvml.NVMLError(pynvml.NVML_ERROR_INVALID_ARGUMENT)
        if self.gpus[index].lost:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_GPU_IS_LOST)
        return self._handles[index]

    def nvmlDeviceGetIndex(self, handle: _Handle) -> int:
        return handle.index

    def nvmlDeviceGetName(self, handle: _Handle) -> str:
        return self._gpu(handle, "nvmlDeviceGetName").name

    def nvmlDeviceGetPciInfo(self, handle: _Handle) -> SimpleNamespace:
        g = self._gpu(handle, "nvmlDeviceGetPciInfo")
        return SimpleNamespace(busId=g.bus_id.encode(), busIdLegacy=g.bus_id.encode())

    def nvmlDeviceGetTemperature(self, handle: _Handle, sensor: int) -> int:
        assert sensor == pynvml.NVML_TEMPERATURE_GPU
        return self._gpu(handle, "nvmlDeviceGetTemperature").temperature

    def nvmlDeviceGetPowerUsage(self, handle: _Handle) -> int:
        return int(self._gpu(handle, "nvmlDeviceGetPowerUsage").power_w * 1000)  # milliwatts, as NVML

    def nvmlDeviceGetClockInfo(self, handle: _Handle, clock: int) -> int:
        assert clock == pynvml.NVML_CLOCK_SM
        return self._gpu(handle, "nvmlDeviceGetClockInfo").sm_clock

    def nvmlDeviceGetUtilizationRates(self, handle: _Handle) -> SimpleNamespace:
        g = self._gpu(handle, "nvmlDeviceGetUtilizationRates")
        return SimpleNamespace(gpu=g.utilization, memory=40)

    def nvmlDeviceGetMemoryInfo(self, handle: _Handle) -> SimpleNamespace:
        g = self._gpu(handle, "nvmlDeviceGetMemoryInfo")
        mib = 1024 * 1024
        return SimpleNamespace(
            total=g.memory_total_mib * mib,
            used=g.memory_used_mib * mib,
            free=(g.memory_total_mib - g.memory_used_mib) * mib,
        )

    def nvmlDeviceGetTotalEccErrors(self, handle: _Handle, error_type: int, counter_type: int) -> int:
        g = self._gpu(handle, "nvmlDeviceGetTotalEccErrors")
        assert counter_type == pynvml.NVML_VOLATILE_ECC
        return g.ecc_corrected if error_type == pynvml.NVML_MEMORY_ERROR_TYPE_CORRECTED else g.ecc_uncorrected

    def nvmlDeviceGetRemappedRows(self, handle: _Handle) -> tuple[int, int, int, int]:
        return self._gpu(handle, "nvmlDeviceGetRemappedRows").remap

    def nvmlDeviceGetCurrentClocksEventReasons(self, handle: _Handle) -> int:
        return self._gpu(handle, "nvmlDeviceGetCurrentClocksEventReasons").throttle

    def nvmlDeviceGetCurrentClocksThrottleReasons(self, handle: _Handle) -> int:
        return self._gpu(handle, "nvmlDeviceGetCurrentClocksThrottleReasons").throttle

    def nvmlDeviceGetPcieReplayCounter(self, handle: _Handle) -> int:
        return self._gpu(handle, "nvmlDeviceGetPcieReplayCounter").pcie_replays

    def nvmlDeviceGetNvLinkState(self, handle: _Handle, link: int) -> int:
        g = self._gpu(handle, "nvmlDeviceGetNvLinkState")
        if link >= g.nvlink_links:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_INVALID_ARGUMENT)
        return 1

    def nvmlDeviceGetNvLinkErrorCounter(self, handle: _Handle, link: int, counter: int) -> int:
        g = self._gpu(handle, "nvmlDeviceGetNvLinkErrorCounter")
        assert counter == pynvml.NVML_NVLINK_ERROR_DL_CRC_FLIT
        return g.nvlink_crc_per_link

    def nvmlDeviceGetFieldValues(self, handle: _Handle, field_ids: list[int]) -> list[SimpleNamespace]:
        g = self._gpu(handle, "nvmlDeviceGetFieldValues")
        out = []
        for fid in field_ids:
            if (
                fid == pynvml.NVML_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL
                and "field:nvlink" not in g.unsupported
            ):
                value, vtype, ret = (
                    g.nvlink_crc_per_link * g.nvlink_links,
                    pynvml.NVML_VALUE_TYPE_UNSIGNED_LONG_LONG,
                    0,
                )
            elif fid == pynvml.NVML_FI_DEV_GET_GPU_RECOVERY_ACTION and "field:recovery" not in g.unsupported:
                value, vtype, ret = g.recovery_action, pynvml.NVML_VALUE_TYPE_UNSIGNED_INT, 0
            else:
                value, vtype, ret = 0, pynvml.NVML_VALUE_TYPE_UNSIGNED_INT, pynvml.NVML_ERROR_NOT_SUPPORTED
            member = {pynvml.NVML_VALUE_TYPE_UNSIGNED_INT: "uiVal"}.get(vtype, "ullVal")
            out.append(
                SimpleNamespace(
                    fieldId=fid,
                    scopeId=0,
                    timestamp=0,
                    latencyUsec=0,
                    valueType=vtype,
                    nvmlReturn=ret,
                    value=SimpleNamespace(**{member: value}),
                )
            )
        return out

    def nvmlEventSetCreate(self) -> object:
        if not self.events_supported:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_NOT_SUPPORTED)
        return object()

    def nvmlDeviceRegisterEvents(self, handle: _Handle, event_types: int, event_set: object) -> None:
        self._gpu(handle, "nvmlDeviceRegisterEvents")
        assert event_types & pynvml.nvmlEventTypeXidCriticalError

    def nvmlEventSetWait(self, event_set: object, timeout_ms: int) -> SimpleNamespace:
        if not self._pending_xids:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_TIMEOUT)
        index, xid = self._pending_xids.popleft()
        return SimpleNamespace(
            device=self._handles[index],
            eventType=pynvml.nvmlEventTypeXidCriticalError,
            eventData=xid,
            gpuInstanceId=0xFFFFFFFF,
            computeInstanceId=0xFFFFFFFF,
        )

    def nvmlEventSetFree(self, event_set: object) -> None:
        return None


def h100_node(**per_gpu: dict[str, Any]) -> FakeNvml:
    """8 H100s; ``per_gpu={"3": {"throttle": 0x80}}``-style overrides by index string."""
    return FakeNvml([h100(i, **per_gpu.get(str(i), {})) for i in range(8)])


def b200_node(**per_gpu: dict[str, Any]) -> FakeNvml:
    return FakeNvml([b200(i, **per_gpu.get(str(i), {})) for i in range(8)])
