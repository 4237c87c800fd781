"""The GPU telemetry vocabulary: DCGM field names, units and plain-words labels.

Every telemetry input (NVML on the node, ``nvidia-smi --query-gpu``, a
dcgm-exporter scrape) is mapped into the ``gpu`` event of docs/EVENTS.md, whose
``fields`` use DCGM's field names. Keeping the names, units and the few
conversions in one module means the three inputs cannot drift apart, and charts
label a series the same way whatever produced it.

Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

# --- the fields of docs/EVENTS.md -------------------------------------------------

TEMP = "DCGM_FI_DEV_GPU_TEMP"
POWER_USAGE = "DCGM_FI_DEV_POWER_USAGE"
SM_CLOCK = "DCGM_FI_DEV_SM_CLOCK"
GPU_UTIL = "DCGM_FI_DEV_GPU_UTIL"
FB_USED = "DCGM_FI_DEV_FB_USED"
ECC_SBE_VOL_TOTAL = "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL"
ECC_DBE_VOL_TOTAL = "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL"
ROW_REMAP_PENDING = "DCGM_FI_DEV_ROW_REMAP_PENDING"
ROW_REMAP_FAILURE = "DCGM_FI_DEV_ROW_REMAP_FAILURE"
XID_ERRORS = "DCGM_FI_DEV_XID_ERRORS"
PCIE_REPLAY_COUNTER = "DCGM_FI_DEV_PCIE_REPLAY_COUNTER"
NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL = "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL"
CLOCK_THROTTLE_REASONS = "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"
# DCGM 3.3 renamed the throttle bitmask; the bits are the same. Inputs accept
# both names and every event we emit carries the older one (the one
# docs/EVENTS.md lists first), so detectors read a single key.
CLOCKS_EVENT_REASONS = "DCGM_FI_DEV_CLOCKS_EVENT_REASONS"
# Not in docs/EVENTS.md's list (unknown fields are skipped by readers, so
# adding it is safe): NVML_FI_DEV_GET_GPU_RECOVERY_ACTION, DCGM field 1523.
# It is what tells an Xid 154 "reset the GPU" from "reboot the node".
GPU_RECOVERY_ACTION = "DCGM_FI_DEV_GET_GPU_RECOVERY_ACTION"

FIELD_ALIASES: dict[str, str] = {CLOCKS_EVENT_REASONS: CLOCK_THROTTLE_REASONS}


def canonical_field(name: str) -> str:
    """The name events carry for ``name`` (the throttle alias folds into one key)."""
    return FIELD_ALIASES.get(name, name)


@dataclass(frozen=True)
class FieldInfo:
    """How to show and store one field.

    ``kind``: ``gauge`` (a level: chart it, roll it up), ``counter`` (grows
    since driver load: detectors look at increments), ``flag`` (0/1), ``bitmask``
    or ``code`` (an enumeration: min/avg are meaningless, ``last`` is what counts).
    """

    name: str
    label: str
    unit: str
    kind: str
    short: str


FIELDS: dict[str, FieldInfo] = {
    f.name: f
    for f in (
        FieldInfo(TEMP, "GPU temperature", "°C", "gauge", "temp"),
        FieldInfo(POWER_USAGE, "Power draw", "W", "gauge", "power"),
        FieldInfo(SM_CLOCK, "SM clock", "MHz", "gauge", "sm_clock"),
        FieldInfo(GPU_UTIL, "GPU utilization", "%", "gauge", "util"),
        FieldInfo(FB_USED, "GPU memory used", "MiB", "gauge", "fb_used"),
        FieldInfo(ECC_SBE_VOL_TOTAL, "Corrected ECC errors since driver load", "", "counter", "ecc_sbe"),
        FieldInfo(ECC_DBE_VOL_TOTAL, "Uncorrectable ECC errors since driver load", "", "counter", "ecc_dbe"),
        FieldInfo(
            ROW_REMAP_PENDING, "Memory row remap pending (needs GPU reset)", "", "flag", "remap_pending"
        ),
        FieldInfo(ROW_REMAP_FAILURE, "Memory row remap failed", "", "flag", "remap_failure"),
        FieldInfo(XID_ERRORS, "Last Xid error", "", "code", "xid"),
        FieldInfo(PCIE_REPLAY_COUNTER, "PCIe replays", "", "counter", "pcie_replay"),
        FieldInfo(NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL, "NVLink CRC flit errors", "", "counter", "nvlink_crc"),
        FieldInfo(CLOCK_THROTTLE_REASONS, "Clock throttle reasons", "", "bitmask", "throttle"),
        FieldInfo(GPU_RECOVERY_ACTION, "Recovery action NVML asks for", "", "code", "recovery_action"),
    )
}

# Stable small integers for the compact encoding in the Redis window
# (window.py). Append only: a code once given is never reused.
FIELD_CODES: dict[str, int] = {
    TEMP: 1,
    POWER_USAGE: 2,
    SM_CLOCK: 3,
    GPU_UTIL: 4,
    FB_USED: 5,
    ECC_SBE_VOL_TOTAL: 6,
    ECC_DBE_VOL_TOTAL: 7,
    ROW_REMAP_PENDING: 8,
    ROW_REMAP_FAILURE: 9,
    XID_ERRORS: 10,
    PCIE_REPLAY_COUNTER: 11,
    NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL: 12,
    CLOCK_THROTTLE_REASONS: 13,
    GPU_RECOVERY_ACTION: 14,
}
CODE_FIELDS: dict[int, str] = {v: k for k, v in FIELD_CODES.items()}


def label(name: str) -> str:
    """Plain words for a chart axis: ``Power draw (W)``; unknown names pass through."""
    info = FIELDS.get(canonical_field(name))
    if info is None:
        return name
    return f"{info.label} ({info.unit})" if info.unit else info.label


# --- the throttle bitmask (NVML nvmlClocksEventReason*/nvmlClocksThrottleReason*) -----

THROTTLE_GPU_IDLE = 0x1
THROTTLE_APPLICATIONS_CLOCKS = 0x2
THROTTLE_SW_POWER_CAP = 0x4
THROTTLE_HW_SLOWDOWN = 0x8
THROTTLE_SYNC_BOOST = 0x10
THROTTLE_SW_THERMAL = 0x20
THROTTLE_HW_THERMAL = 0x40
THROTTLE_HW_POWER_BRAKE = 0x80
THROTTLE_DISPLAY_CLOCKS = 0x100

THROTTLE_REASONS: dict[int, str] = {
    THROTTLE_GPU_IDLE: "GPU idle",
    THROTTLE_APPLICATIONS_CLOCKS: "applications clocks setting",
    THROTTLE_SW_POWER_CAP: "software power cap",
    THROTTLE_HW_SLOWDOWN: "hardware slowdown",
    THROTTLE_SYNC_BOOST: "sync boost",
    THROTTLE_SW_THERMAL: "software thermal slowdown",
    THROTTLE_HW_THERMAL: "hardware thermal slowdown",
    THROTTLE_HW_POWER_BRAKE: "hardware power brake",
    THROTTLE_DISPLAY_CLOCKS: "display clock setting",
}
# The bits that mean "something is wrong with the GPU or its cooling/power",
# as docs/EVENTS.md lists them. Idle, power cap and sync boost are normal.
THROTTLE_FAULT_MASK = (
    THROTTLE_HW_SLOWDOWN | THROTTLE_SW_THERMAL | THROTTLE_HW_THERMAL | THROTTLE_HW_POWER_BRAKE
)


def throttle_reasons(mask: int | float) -> list[str]:
    """The reasons set in an NVML throttle bitmask, in plain words, lowest bit first."""
    m = int(mask)
    return [text for bit, text in THROTTLE_REASONS.items() if m & bit]


# --- GPU recovery action (nvmlDeviceGpuRecoveryAction_t) -------------------------------

RECOVERY_ACTIONS: dict[int, str] = {
    0: "none",
    1: "GPU reset",
    2: "node reboot",
    3: "drain P2P",
    4: "drain and reset",
    5: "recover IMEX domain",
    6: "bus reset",
    7: "system reboot",
}


# --- PCI bus ids ---------------------------------------------------------------------

_BUS_ID = re.compile(
    r"^\s*(?:(?P<domain>[0-9a-fA-F]{1,8}):)?(?P<bus>[0-9a-fA-F]{1,2}):(?P<dev>[0-9a-fA-F]{1,2})(?:\.(?P<fn>[0-7]))?\s*$"
)


def normalize_pci_bus_id(raw: str | bytes | None) -> str | None:
    """One spelling for a GPU's PCI address: ``0000:5d:00`` (lower case, 4-digit domain, no function).

    NVML and nvidia-smi print ``00000000:5D:00.0``; the kernel prints
    ``0000:5d:00`` (or ``0000:5d:00.0``). All of them name the same bus, and
    Xid lines only carry the bus, so this is how a kernel line finds its GPU.
    Returns None for anything that is not a bus id.
    """
    if raw is None:
        return None
    if isinstance(raw, bytes):
        raw = raw.decode("ascii", errors="replace")
    text = raw.strip()
    if text.upper().startswith("PCI:"):
        text = text[4:]
    m = _BUS_ID.match(text)
    if not m:
        return None
    domain = int(m.group("domain") or "0", 16)
    if domain > 0xFFFF:
        return None
    return f"{domain:04x}:{int(m.group('bus'), 16):02x}:{int(m.group('dev'), 16):02x}"


def same_pci_bus(a: str | bytes | None, b: str | bytes | None) -> bool:
    """Whether two bus ids name the same GPU (False when either is not a bus id)."""
    na, nb = normalize_pci_bus_id(a), normalize_pci_bus_id(b)
    return na is not None and na == nb


def gpu_index_for_bus(bus_id: str | bytes | None, pci_bus_ids: Sequence[str]) -> int | None:
    """The GPU index whose bus id (``cluster.pci_bus_ids`` order) matches, else None."""
    wanted = normalize_pci_bus_id(bus_id)
    if wanted is None:
        return None
    for i, candidate in enumerate(pci_bus_ids):
        if normalize_pci_bus_id(candidate) == wanted:
            return i
    return None


def as_number(value: float) -> int | float:
    """Integers stay integers in JSON (``3``, not ``3.0``): counters and bitmasks read exactly."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    return value


def gpu_event(t: float, node: str, gpu: int, fields: dict[str, int | float]) -> dict[str, object]:
    """A ``gpu`` event of docs/EVENTS.md."""
    return {"t": t, "source": "gpu", "node": node, "gpu": gpu, "fields": fields}


class TelemetryParseError(ValueError):
    """The input is not the telemetry format it was said to be (garbage, an error page, a truncated file)."""


@dataclass
class GpuRow:
    """One GPU's reading from one input, before it becomes an event.

    Kept apart from the event because it also carries the PCI bus id: the
    inventory (GPU index ↔ bus) is what maps kernel Xid lines to GPUs.
    """

    index: int
    fields: dict[str, int | float]
    pci_bus_id: str | None = None
    uuid: str | None = None
    hostname: str | None = None

    def event(self, t: float, node: str) -> dict[str, object]:
        return gpu_event(t, node, self.index, self.fields)
