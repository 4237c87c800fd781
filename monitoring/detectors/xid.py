"""The Xid catalog as data, and the kernel/NVML line parsers that use it.

Built from NVIDIA's published Xid catalog (the resolution bucket NVIDIA
recommends for each Xid). Which Xids are the GPU's fault follows the
bucket: RESET_GPU, RESTART_BM, the ECC/NVLink workflows, CHECK_MECHANICALS
and UNEXPECTED_ERR_REPORT_ISSUE are hardware; RESTART_APP Xids belong to the
application unless hardware evidence stands beside them; IGNORE is noise.
Xid 154 carries NVML's recovery action, hardware unless that action is "none".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

HARDWARE_BUCKETS = frozenset(
    {
        "RESET_GPU",
        "RESTART_BM",
        "WORKFLOW_XID_48",
        "WORKFLOW_NVLINK_ERR",
        "WORKFLOW_NVLINK5_ERR",
        "CHECK_MECHANICALS",
        "UNEXPECTED_ERR_REPORT_ISSUE",
    }
)
APP_BUCKETS = frozenset({"RESTART_APP", "WORKFLOW_XID_45"})


@dataclass(frozen=True)
class XidInfo:
    xid: int
    mnemonic: str
    bucket: str
    meaning: str

    @property
    def hardware(self) -> bool:
        return self.bucket in HARDWARE_BUCKETS

    @property
    def app(self) -> bool:
        return self.bucket in APP_BUCKETS

    @property
    def ignore(self) -> bool:
        return self.bucket == "IGNORE"


def _x(xid: int, mnemonic: str, bucket: str, meaning: str) -> tuple[int, XidInfo]:
    return xid, XidInfo(xid, mnemonic, bucket, meaning)


CATALOG: dict[int, XidInfo] = dict(
    [
        _x(
            8,
            "ROBUST_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT",
            "RESTART_APP",
            "GPU channel idle timeout (application)",
        ),
        _x(13, "ROBUST_CHANNEL_GR_EXCEPTION", "RESTART_APP", "graphics engine exception (application fault)"),
        _x(31, "ROBUST_CHANNEL_FIFO_ERROR_MMU_ERR_FLT", "RESTART_APP", "GPU memory page fault (application)"),
        _x(32, "ROBUST_CHANNEL_PBDMA_ERROR", "RESTART_APP", "invalid or corrupted push buffer stream"),
        _x(38, "ROBUST_CHANNEL_FECS_ERR_WATCHDOG_TIMEOUT", "IGNORE", "driver firmware watchdog timeout"),
        _x(
            43,
            "ROBUST_CHANNEL_RESETCHANNEL_VERIF_ERROR",
            "RESTART_APP",
            "GPU stopped processing (application)",
        ),
        _x(
            44,
            "ROBUST_CHANNEL_GR_FAULT_DURING_CTXSW",
            "IGNORE",
            "graphics engine fault during context switch",
        ),
        _x(
            45,
            "ROBUST_CHANNEL_PREEMPTIVE_REMOVAL",
            "WORKFLOW_XID_45",
            "preemptive cleanup after an earlier error",
        ),
        _x(46, "ROBUST_CHANNEL_GPU_TIMEOUT_ERROR", "RESET_GPU", "GPU stopped responding"),
        _x(48, "ROBUST_CHANNEL_GPU_ECC_DBE", "WORKFLOW_XID_48", "uncorrectable double-bit ECC error"),
        _x(54, "SILENT_RUNNING_PWR_REDUCED_CLOCKING", "CHECK_MECHANICALS", "auxiliary power not connected"),
        _x(61, "PMU_BREAKPOINT", "UNEXPECTED_ERR_REPORT_ISSUE", "internal micro-controller breakpoint"),
        _x(62, "PMU_HALT_ERROR", "RESET_GPU", "internal micro-controller halt"),
        _x(63, "INFOROM_DRAM_RETIREMENT_EVENT", "IGNORE", "row remap / page retirement recorded"),
        _x(64, "INFOROM_DRAM_RETIREMENT_FAILURE", "RESET_GPU", "row remap / page retirement failed"),
        _x(68, "ROBUST_CHANNEL_NVDEC0_ERROR", "RESTART_APP", "video decoder exception"),
        _x(69, "ROBUST_CHANNEL_GR_CLASS_ERROR", "RESTART_APP", "graphics engine class error"),
        _x(74, "NVLINK_ERROR", "WORKFLOW_NVLINK_ERR", "NVLink error"),
        _x(79, "ROBUST_CHANNEL_GPU_HAS_FALLEN_OFF_THE_BUS", "RESTART_BM", "GPU has fallen off the bus"),
        _x(92, "EXCESSIVE_SBE_INTERRUPTS", "IGNORE", "high single-bit ECC error rate"),
        _x(94, "ROBUST_CHANNEL_CONTAINED_ERROR", "RESTART_APP", "contained ECC error (application killed)"),
        _x(95, "ROBUST_CHANNEL_UNCONTAINED_ERROR", "RESET_GPU", "uncontained ECC error"),
        _x(109, "ROBUST_CHANNEL_CTXSW_TIMEOUT_ERROR", "RESET_GPU", "context switch timeout"),
        _x(110, "SEC_FAULT_ERROR", "RESET_GPU", "security fault"),
        _x(119, "GSP_RPC_TIMEOUT", "RESET_GPU", "GSP firmware RPC timeout"),
        _x(120, "GSP_ERROR", "RESET_GPU", "GSP firmware error"),
        _x(121, "C2C_ERROR", "IGNORE", "C2C link corrected error"),
        _x(136, "ALI_TRAINING_FAIL", "RESET_GPU", "NVLink link training failed"),
        _x(140, "UNRECOVERABLE_ECC_ERROR_ESCAPE", "RESET_GPU", "unrecoverable ECC error escaped containment"),
        _x(143, "GPU_INIT_ERROR", "RESET_GPU", "GPU initialization failure"),
        _x(144, "NVLINK_SAW_ERROR", "WORKFLOW_NVLINK5_ERR", "NVLink SAW error"),
        _x(145, "NVLINK_RLW_ERROR", "WORKFLOW_NVLINK5_ERR", "NVLink RLW error"),
        _x(146, "NVLINK_TLW_ERROR", "WORKFLOW_NVLINK5_ERR", "NVLink TLW error"),
        _x(147, "NVLINK_TREX_ERROR", "WORKFLOW_NVLINK5_ERR", "NVLink TREX error"),
        _x(148, "NVLINK_NVLPW_CTRL_ERROR", "WORKFLOW_NVLINK5_ERR", "NVLink NVLPW control error"),
        _x(149, "NVLINK_NETIR_ERROR", "WORKFLOW_NVLINK5_ERR", "NVLink NETIR error"),
        _x(150, "NVLINK_MSE_ERROR", "WORKFLOW_NVLINK5_ERR", "NVLink MSE error"),
        _x(154, "GPU_RECOVERY_ACTION_CHANGED", "FOLLOW_RECOVERY_ACTION", "GPU recovery action changed"),
        _x(155, "NVLINK_SW_DEFINED_ERROR", "RESET_GPU", "NVLink software-defined error"),
        _x(156, "RESOURCE_RETIREMENT_EVENT", "RESET_GPU", "resource retirement event"),
        _x(157, "RESOURCE_RETIREMENT_FAILURE", "IGNORE", "resource retirement failure"),
        _x(158, "GPU_FATAL_TIMEOUT", "RESET_GPU", "GPU fatal timeout"),
        _x(160, "CHANNEL_RETIREMENT_EVENT", "RESTART_BM", "channel retirement event"),
    ]
)

# NVML_FI_DEV_GET_GPU_RECOVERY_ACTION values carried by Xid 154.
RECOVERY_ACTIONS = {
    0: "none",
    1: "GPU reset",
    2: "node reboot",
    3: "drain P2P",
    4: "drain and reset",
    5: "recover IMEX domain",
    6: "bus reset",
    7: "system reboot",
}


def lookup(xid: int) -> XidInfo:
    """Catalog entry; an unknown Xid is reported as such (not hardware on its own)."""
    info = CATALOG.get(xid)
    if info is None:
        return XidInfo(xid, "UNKNOWN", "UNKNOWN", f"Xid {xid} (not in catalog)")
    return info


@dataclass(frozen=True)
class XidVerdict:
    """What one Xid means here: the GPU's fault, the application's, or noise."""

    info: XidInfo
    hardware: bool
    app: bool
    meaning: str
    severity: str | None = None  # an NVLink5-class Xid's own "Fatal" / "Nonfatal"


_RECOVERY_TO = re.compile(r"\bto\s+(?:0x)?([0-9a-fA-F]+)\b(?:\s*\(([^)]*)\))?", re.I)
_RECOVERY_WORDS = (
    ("reboot", 2),
    ("drain and reset", 4),
    ("drain p2p", 3),
    ("bus reset", 6),
    ("reset", 1),
    ("imex", 5),
    ("none", 0),
)


def recovery_action(message: str) -> int | None:
    """Xid 154's new recovery action from its message (``... to 0x2 (Node Reboot Required)``)."""
    m = _RECOVERY_TO.search(message)
    if m:
        try:
            return int(m.group(1), 16)
        except ValueError:
            pass
    low = message.lower()
    after = low.rsplit(" to ", 1)[-1]
    for word, code in _RECOVERY_WORDS:
        if word in after:
            return code
    return None


# The driver's own suffix on a Xid it raised because of an earlier one (open-gpu-kernel-modules,
# kernel_rc.c: ``" caused by previous Xid %d"``, printed today for Xid 45, preemptive removal).
_CAUSED_BY = re.compile(r"\bcaused by previous Xid (\d+)")


def caused_by(message: str) -> int | None:
    """The earlier Xid the driver names as this one's cause, or None."""
    m = _CAUSED_BY.search(message)
    return int(m.group(1)) if m else None


# An NVLink5-class Xid (144-150) names its sub-unit and the interrupt's severity before its link:
# ``145, RLW_RXPIPE Nonfatal XC0 i0 Link 11 (...)``, ``149, NETIR_LINK_DOWN Fatal XC1 i2 Link 17 (...)``.
_NVLINK5_SEVERITY = re.compile(r"^\s*(?:\d+,\s*)?[A-Z][A-Z0-9_]*\s+(Fatal|Nonfatal)\s+XC\d+\b")


def nvlink5_severity(message: str) -> str | None:
    """The severity ("Fatal" or "Nonfatal") an NVLink5-class Xid's message says, or None when it says neither."""
    m = _NVLINK5_SEVERITY.search(message)
    return m.group(1) if m else None


def judge(xid: int, message: str = "") -> XidVerdict:
    """Decide whether a Xid is hardware, the application's, or noise.

    A Xid the driver says was caused by an earlier one is judged as that cause: a Xid 45
    (channels torn down) after a fatal NVLink Xid 149 is the link's fault, not the application's.
    """
    cause = caused_by(message)
    if cause is not None and cause != xid:
        root = judge(cause)
        meaning = f"{lookup(xid).meaning}, caused by previous Xid {cause} ({root.meaning})"
        return XidVerdict(root.info, root.hardware, root.app, meaning)
    info = lookup(xid)
    if xid == 154:
        action = recovery_action(message)
        if action is None or action == 0:
            return XidVerdict(info, False, False, "GPU recovery action: none")
        name = RECOVERY_ACTIONS.get(action, f"action {action}")
        return XidVerdict(info, True, False, f"GPU recovery action changed to {name}")
    severity = nvlink5_severity(message) if info.bucket == "WORKFLOW_NVLINK5_ERR" else None
    if severity == "Nonfatal":
        # The catalog files the Xid under its NVLink5 workflow for its fatal interrupts; the driver calls
        # this one nonfatal (handled, the link kept): evidence to weigh, not a broken GPU on its own.
        return XidVerdict(info, False, False, f"{info.meaning}, nonfatal (the driver handled it)", severity)
    return XidVerdict(info, info.hardware, info.app, info.meaning, severity)


# --- PCI bus ids -----------------------------------------------------------------

_PCI = re.compile(r"(?:([0-9a-fA-F]{4,8}):)?([0-9a-fA-F]{2}):([0-9a-fA-F]{2})(?:\.([0-7]))?")


def normalize_pci(bus_id: str) -> str | None:
    """``00000000:5D:00.0`` / ``0000:5d:00`` / ``5d:00.0`` -> ``5d:00``-style key ``"0000:5d:00"``.

    NVML prints an 8-digit domain, the kernel a 4-digit one; both name the
    same bus, so the key keeps the domain's value (not its width), bus and device.
    """
    m = _PCI.search(bus_id.strip())
    if not m:
        return None
    domain = int(m.group(1), 16) if m.group(1) else 0
    return f"{domain:04x}:{m.group(2).lower()}:{m.group(3).lower()}"


def gpu_index_map(pci_bus_ids: tuple[str, ...] | list[str]) -> dict[str, int]:
    """Normalized bus id -> GPU index, from the cluster's ``pci_bus_ids`` list."""
    out: dict[str, int] = {}
    for i, bus in enumerate(pci_bus_ids):
        key = normalize_pci(str(bus))
        if key is not None:
            out[key] = i
    return out


# --- kernel lines ---------------------------------------------------------------

_XID_LINE = re.compile(r"NVRM: Xid \((?:PCI:)?([0-9a-fA-F:.]+)\):?\s*(\d+)(?:,\s*(.*))?")
_MSG_TAIL = re.compile(r"^(?:pid=[^,]*,\s*)?(?:name=[^,]*,\s*)?(.*)$")


@dataclass(frozen=True)
class XidLine:
    pci: str | None
    xid: int
    message: str


def parse_xid_line(line: str) -> XidLine | None:
    """``NVRM: Xid (PCI:0000:5d:00): 79, pid=..., name=..., GPU has fallen off the bus.``"""
    m = _XID_LINE.search(line)
    if not m:
        return None
    rest = m.group(3) or ""
    tail = _MSG_TAIL.match(rest)
    message = (tail.group(1) if tail else rest).strip()
    return XidLine(normalize_pci(m.group(1)), int(m.group(2)), message)
