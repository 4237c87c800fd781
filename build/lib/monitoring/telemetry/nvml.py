"""Sampling the node's GPUs through NVML (``pynvml``, package nvidia-ml-py).

Runs in the per-node agent (a Celery worker on queue ``node.<hostname>`` or
``python -m monitoring.telemetry.agent``). Each :meth:`NvmlSampler.sample`
reads every GPU once and returns ``gpu`` events in the DCGM vocabulary.

Three rules shape this module:

* **Every call is guarded.** GPUs and drivers differ in what they support: a
  field that raises ``NVMLError_NotSupported`` (or NoPermission,
  FunctionNotFound: an older driver than the binding) is simply omitted from
  the sample, and the rest of the GPU is still read.
* **No NVML is a state, not a crash.** On a machine without the driver
  ``nvmlInit`` raises ``NVMLError_LibraryNotFound``; the sampler then reports
  :class:`NvmlUnavailable` once (log + optional callback), returns no samples,
  and retries quietly every ``retry_after_s``. A Celery worker that kept
  raising would be a crash loop that floods the logs on every tick.
* **The binding is injected.** ``NvmlSampler(nvml=fake)`` runs the same code
  against tests/telemetry/fake_nvml.py, which has pynvml's names.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from monitoring.telemetry import fields as F
from monitoring.telemetry.fields import GpuRow

log = logging.getLogger(__name__)

# Field values read in one nvmlDeviceGetFieldValues call, when the binding has the constant.
_FIELD_VALUE_IDS: tuple[tuple[str, str], ...] = (
    ("NVML_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL", F.NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL),
    ("NVML_FI_DEV_GET_GPU_RECOVERY_ACTION", F.GPU_RECOVERY_ACTION),
)
# c_nvmlValue_t member per nvmlValueType_t.
_VALUE_MEMBERS = {0: "dVal", 1: "uiVal", 2: "ulVal", 3: "ullVal", 4: "sllVal", 5: "siVal", 6: "usVal"}


@dataclass(frozen=True)
class NvmlUnavailable:
    """NVML cannot be used on this machine (no driver, no library, no permission).

    ``code`` is the NVML return code (12 = library not found, 9 = driver not
    loaded) or None when the binding itself is missing.
    """

    reason: str
    code: int | None = None
    since: float = 0.0


@dataclass
class _GpuLost(Exception):
    index: int


class _NvmlGone(Exception):
    """NVML stopped answering (driver unloaded or reloaded): start over on the next sample."""


@dataclass
class NvmlSampler:
    """Reads all GPUs of this node through NVML; see the module docstring."""

    node: str
    nvml: Any = None
    retry_after_s: float = 300.0
    on_unavailable: Callable[[NvmlUnavailable], None] | None = None
    watch_xids: bool = True
    unavailable: NvmlUnavailable | None = None
    bus_ids: dict[int, str] = field(default_factory=dict)
    lost_gpus: set[int] = field(default_factory=set)
    _started: bool = False
    _next_try: float = 0.0
    _handles: dict[int, Any] = field(default_factory=dict)
    _nvlink_links: dict[int, list[int]] = field(default_factory=dict)
    _xids: XidWatcher | None = None
    _warned: set[tuple[int, str]] = field(default_factory=set)

    # --- lifecycle -------------------------------------------------------------

    def start(self, now: float) -> bool:
        """Initialise NVML and enumerate GPUs; False (and the state reported once) when unavailable."""
        if self._started:
            return True
        if self.unavailable is not None and now < self._next_try:
            return False
        try:
            nvml = self._binding()
            nvml.nvmlInit()
            count = nvml.nvmlDeviceGetCount()
        except ImportError as exc:
            self._mark_unavailable(now, f"the NVML binding is not installed ({exc})", None)
            return False
        except Exception as exc:  # NVMLError and subclasses; the binding may be a test double
            self._mark_unavailable(now, f"NVML: {exc}", getattr(exc, "value", None))
            return False
        handles = self._open_handles(count)
        if self.unavailable is not None:
            log.info("NVML available again on %s after: %s", self.node, self.unavailable.reason)
        self.unavailable = None
        self._handles = handles
        self._started = True
        for index, handle in handles.items():
            self._discover(index, handle)
        if self.watch_xids:
            self._xids = XidWatcher.open(nvml, handles)
        log.info("NVML on %s: %d GPU(s)", self.node, len(handles))
        return True

    def _open_handles(self, count: int) -> dict[int, Any]:
        """A handle per GPU; one GPU that cannot be opened (lost, unsupported) does not hide the others."""
        handles = {}
        for i in range(count):
            try:
                handles[i] = self.nvml.nvmlDeviceGetHandleByIndex(i)
            except self.nvml.NVMLError as exc:
                self.lost_gpus.add(i)
                log.error("NVML on %s: cannot open GPU %d: %s", self.node, i, exc)
        return handles

    def close(self) -> None:
        if self._xids is not None:
            self._xids.close()
            self._xids = None
        if self._started:
            try:
                self.nvml.nvmlShutdown()
            except Exception:  # shutting down a half-broken NVML must not raise
                log.debug("nvmlShutdown failed", exc_info=True)
        self._started = False

    def _binding(self) -> Any:
        if self.nvml is None:
            import pynvml

            self.nvml = pynvml
        return self.nvml

    def _mark_unavailable(self, now: float, reason: str, code: int | None) -> None:
        self._next_try = now + self.retry_after_s
        if self.unavailable is not None:
            return  # already reported: a retry that fails again stays quiet
        self.unavailable = NvmlUnavailable(reason=reason, code=code, since=now)
        log.warning(
            "NVML unavailable on %s: %s; GPU sampling paused (retry every %ds)",
            self.node,
            reason,
            int(self.retry_after_s),
        )
        if self.on_unavailable is not None:
            self.on_unavailable(self.unavailable)

    # --- sampling ---------------------------------------------------------------

    def sample(self, now: float) -> list[dict[str, object]]:
        """One ``gpu`` event per readable GPU at time ``now``; [] while NVML is unavailable."""
        return [row.event(now, self.node) for row in self.rows(now)]

    def rows(self, now: float) -> list[GpuRow]:
        if not self.start(now):
            return []
        if self._xids is not None:
            self._xids.drain()
        rows = []
        for index, handle in self._handles.items():
            try:
                values = self._read_gpu(index, handle)
            except _NvmlGone:
                log.warning("NVML on %s stopped answering (driver reloaded?); re-initialising", self.node)
                self.close()
                return []
            except _GpuLost:
                if index not in self.lost_gpus:
                    log.error(
                        "NVML on %s: GPU %d is lost (fallen off the bus or inaccessible)", self.node, index
                    )
                self.lost_gpus.add(index)
                continue
            if self._xids is not None and index in self._xids.registered:
                values[F.XID_ERRORS] = self._xids.last.get(index, 0)
            rows.append(GpuRow(index=index, fields=values, pci_bus_id=self.bus_ids.get(index)))
        return rows

    def _call(self, index: int, name: str, *args: Any) -> Any:
        """Call one NVML function; None when the binding or this GPU lacks it."""
        fn = getattr(self.nvml, name, None)
        if fn is None:
            return None
        try:
            return fn(*args)
        except self.nvml.NVMLError as exc:
            code = getattr(exc, "value", None)
            if code == getattr(self.nvml, "NVML_ERROR_GPU_IS_LOST", 15):
                raise _GpuLost(index) from exc
            if code in (
                getattr(self.nvml, "NVML_ERROR_UNINITIALIZED", 1),
                getattr(self.nvml, "NVML_ERROR_DRIVER_NOT_LOADED", 9),
            ):
                raise _NvmlGone() from exc
            if (index, name) not in self._warned:
                self._warned.add((index, name))
                log.debug("NVML %s on %s GPU %d: %s (field omitted)", name, self.node, index, exc)
            return None

    def _read_gpu(self, index: int, h: Any) -> dict[str, int | float]:
        n = self.nvml
        out: dict[str, int | float] = {}

        def put(key: str, value: Any) -> None:
            if value is not None:
                out[key] = F.as_number(value)

        put(F.TEMP, self._call(index, "nvmlDeviceGetTemperature", h, n.NVML_TEMPERATURE_GPU))
        mw = self._call(index, "nvmlDeviceGetPowerUsage", h)
        put(F.POWER_USAGE, None if mw is None else round(mw / 1000.0, 3))
        put(F.SM_CLOCK, self._call(index, "nvmlDeviceGetClockInfo", h, n.NVML_CLOCK_SM))
        util = self._call(index, "nvmlDeviceGetUtilizationRates", h)
        put(F.GPU_UTIL, None if util is None else util.gpu)
        mem = self._call(index, "nvmlDeviceGetMemoryInfo", h)
        put(F.FB_USED, None if mem is None else mem.used // (1024 * 1024))
        ecc = (n.NVML_VOLATILE_ECC,)
        put(
            F.ECC_SBE_VOL_TOTAL,
            self._call(index, "nvmlDeviceGetTotalEccErrors", h, n.NVML_MEMORY_ERROR_TYPE_CORRECTED, *ecc),
        )
        put(
            F.ECC_DBE_VOL_TOTAL,
            self._call(index, "nvmlDeviceGetTotalEccErrors", h, n.NVML_MEMORY_ERROR_TYPE_UNCORRECTED, *ecc),
        )
        remap = self._call(index, "nvmlDeviceGetRemappedRows", h)
        if remap is not None:
            put(F.ROW_REMAP_PENDING, int(bool(remap[2])))
            put(F.ROW_REMAP_FAILURE, int(bool(remap[3])))
        reasons_fn = (
            "nvmlDeviceGetCurrentClocksEventReasons"
            if hasattr(n, "nvmlDeviceGetCurrentClocksEventReasons")
            else "nvmlDeviceGetCurrentClocksThrottleReasons"
        )
        put(F.CLOCK_THROTTLE_REASONS, self._call(index, reasons_fn, h))
        put(F.PCIE_REPLAY_COUNTER, self._call(index, "nvmlDeviceGetPcieReplayCounter", h))
        out.update(self._field_values(index, h))
        if F.NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL not in out:
            put(F.NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL, self._nvlink_crc_by_link(index, h))
        return out

    def _field_values(self, index: int, h: Any) -> dict[str, int | float]:
        wanted = [
            (getattr(self.nvml, const), key) for const, key in _FIELD_VALUE_IDS if hasattr(self.nvml, const)
        ]
        if not wanted:
            return {}
        values = self._call(index, "nvmlDeviceGetFieldValues", h, [fid for fid, _ in wanted])
        if values is None:
            return {}
        out: dict[str, int | float] = {}
        for (_, key), v in zip(wanted, values, strict=False):
            if v.nvmlReturn != 0:  # NVML_SUCCESS; per-field NotSupported lands here
                continue
            member = _VALUE_MEMBERS.get(int(v.valueType))
            if member is not None:
                out[key] = F.as_number(getattr(v.value, member))
        return out

    def _discover(self, index: int, h: Any) -> None:
        """Once per GPU: its bus id and which NVLinks exist (for the per-link fallback)."""
        info = self._call_quiet(index, "nvmlDeviceGetPciInfo", h)
        if info is not None:
            bus = F.normalize_pci_bus_id(getattr(info, "busId", None)) or F.normalize_pci_bus_id(
                getattr(info, "busIdLegacy", None)
            )
            if bus:
                self.bus_ids[index] = bus
        links = []
        for link in range(int(getattr(self.nvml, "NVML_NVLINK_MAX_LINKS", 0))):
            if self._call_quiet(index, "nvmlDeviceGetNvLinkState", h, link) is None:
                break
            links.append(link)
        self._nvlink_links[index] = links

    def _call_quiet(self, index: int, name: str, *args: Any) -> Any:
        try:
            return self._call(index, name, *args)
        except (_GpuLost, _NvmlGone):
            return None

    def _nvlink_crc_by_link(self, index: int, h: Any) -> int | None:
        counter = getattr(self.nvml, "NVML_NVLINK_ERROR_DL_CRC_FLIT", None)
        links = self._nvlink_links.get(index) or []
        if counter is None or not links:
            return None
        counts = [self._call(index, "nvmlDeviceGetNvLinkErrorCounter", h, link, counter) for link in links]
        known = [c for c in counts if c is not None]
        return sum(known) if known else None


@dataclass
class XidWatcher:
    """Xid critical-error events (nvmlEventTypeXidCriticalError), drained without blocking.

    ``registered`` holds the GPUs whose registration succeeded: only those get
    a ``DCGM_FI_DEV_XID_ERRORS`` value (0 until an Xid arrives, then the last
    Xid, as DCGM reports it). The sampler drains at each sample, so an Xid is
    seen within one sample interval; the kernel log poller sees it too.
    """

    nvml: Any
    event_set: Any
    handles: dict[int, Any]
    registered: set[int] = field(default_factory=set)
    last: dict[int, int] = field(default_factory=dict)

    @classmethod
    def open(cls, nvml: Any, handles: dict[int, Any]) -> XidWatcher | None:
        kind = getattr(nvml, "nvmlEventTypeXidCriticalError", None)
        if kind is None or not hasattr(nvml, "nvmlEventSetCreate"):
            return None
        try:
            event_set = nvml.nvmlEventSetCreate()
        except nvml.NVMLError as exc:
            log.info("NVML event sets unavailable (%s): no Xid events from NVML", exc)
            return None
        watcher = cls(nvml=nvml, event_set=event_set, handles=handles)
        for index, handle in handles.items():
            try:
                nvml.nvmlDeviceRegisterEvents(handle, kind, event_set)
                watcher.registered.add(index)
            except nvml.NVMLError as exc:
                log.info("NVML Xid events not supported on GPU %d: %s", index, exc)
        return watcher

    def drain(self, max_events: int = 256) -> dict[int, int]:
        """Pending Xids, last one per GPU index; never blocks (timeout 0 ms)."""
        seen: dict[int, int] = {}
        for _ in range(max_events):
            try:
                data = self.nvml.nvmlEventSetWait(self.event_set, 0)
            except self.nvml.NVMLError:
                break  # NVML_ERROR_TIMEOUT: nothing pending (or the set broke: try next time)
            index = self._index_of(data.device)
            if index is not None:
                seen[index] = int(data.eventData)
        self.last.update(seen)
        return seen

    def _index_of(self, device: Any) -> int | None:
        for index, handle in self.handles.items():
            if handle is device:
                return index
        try:
            return int(self.nvml.nvmlDeviceGetIndex(device))
        except Exception:  # an event for a device we cannot name: drop it
            return None

    def close(self) -> None:
        try:
            self.nvml.nvmlEventSetFree(self.event_set)
        except Exception:
            log.debug("nvmlEventSetFree failed", exc_info=True)
