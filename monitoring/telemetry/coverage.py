"""Which telemetry detectors can fire on a cluster, from the fields actually arriving.

A site that points the controller at its existing dcgm-exporter usually runs the
stock ``default-counters.csv``: temperature, power, SM clock, utilisation,
memory, Xid, PCIe replays, row-remap failure — but no ECC counts, no NVLink
errors, no row-remap-pending and no throttle bitmask. The detectors of
monitoring/detectors/telemetry.py then never fire for those faults, and nothing
would say so. :func:`telemetry_coverage` says so, detector by detector, with the
fix in the operator's words.

Input: for each field name, how many GPUs reported it recently (DCGM names,
any alias), and how many GPUs reported anything. Pure: no Django, no I/O; the
cluster page, the API and readiness call it with counts from the Gpu rows
(monitoring/telemetry/coverage_views.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass

from monitoring.telemetry import fields as F

COUNTERS_CSV = "deploy/dcgm-exporter/counters.csv"

ON, PARTIAL, OFF = "on", "partial", "off"


@dataclass(frozen=True)
class Need:
    """One detector (or charted signal) and the fields it reads."""

    key: str
    name: str
    # Any one of these is enough (e.g. volatile or aggregate DBE count).
    any_of: tuple[str, ...]
    # Without these the detector still works, but less well (``partial``).
    better_with: tuple[str, ...] = ()
    # And one of these too (the slow-GPU rule needs a throttle reason or power to compare).
    also_one_of: tuple[str, ...] = ()
    detector: bool = True  # False: shown on charts/node page only, no detector reads it
    fix: str = ""
    degraded: str = ""


NEEDS: tuple[Need, ...] = (
    Need(
        "ecc_dbe",
        "Uncorrectable ECC (DBE) → GPU broken",
        (F.ECC_DBE_VOL_TOTAL, "DCGM_FI_DEV_ECC_DBE_AGG_TOTAL"),
        fix=f"add DCGM_FI_DEV_ECC_DBE_VOL_TOTAL (and _SBE_) to the exporter's counters ({COUNTERS_CSV}), "
        "or query ecc.errors.uncorrected.volatile.total from nvidia-smi",
    ),
    Need(
        "row_remap_failure",
        "Row-remap failure → GPU broken",
        (F.ROW_REMAP_FAILURE,),
        fix=f"add DCGM_FI_DEV_ROW_REMAP_FAILURE to the exporter's counters ({COUNTERS_CSV}), "
        "or query remapped_rows.failure from nvidia-smi",
    ),
    Need(
        "xid",
        "Xid from telemetry → GPU broken",
        (F.XID_ERRORS,),
        fix=f"add DCGM_FI_DEV_XID_ERRORS to the exporter's counters ({COUNTERS_CSV}); "
        "kernel-log Xid lines are read either way when the kernel poller runs",
    ),
    Need(
        "slow_gpu",
        "Slow or throttled GPU → GPU degraded",
        (F.SM_CLOCK,),
        better_with=(F.CLOCK_THROTTLE_REASONS,),
        also_one_of=(F.CLOCK_THROTTLE_REASONS, F.POWER_USAGE),
        fix=f"add DCGM_FI_DEV_SM_CLOCK and DCGM_FI_DEV_CLOCKS_EVENT_REASONS to the exporter's counters "
        f"({COUNTERS_CSV})",
        degraded="no throttle bitmask: a slow GPU is recognised only by power far below its peers, "
        "not by its HW slowdown/thermal/power-brake reason — add DCGM_FI_DEV_CLOCKS_EVENT_REASONS "
        f"(DCGM ≥ 3.3; DCGM_FI_DEV_CLOCK_THROTTLE_REASONS before) to {COUNTERS_CSV}",
    ),
    Need(
        "ecc_sbe",
        "Corrected ECC (SBE) trend",
        (F.ECC_SBE_VOL_TOTAL,),
        detector=False,
        fix=f"add DCGM_FI_DEV_ECC_SBE_VOL_TOTAL to {COUNTERS_CSV}",
    ),
    Need(
        "row_remap_pending",
        "Row remap pending (GPU reset due)",
        (F.ROW_REMAP_PENDING,),
        detector=False,
        fix=f"add DCGM_FI_DEV_ROW_REMAP_PENDING to {COUNTERS_CSV}",
    ),
    Need(
        "nvlink_crc",
        "NVLink CRC errors",
        (F.NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL,),
        detector=False,
        fix=f"add DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL to {COUNTERS_CSV}",
    ),
    Need(
        "pcie_replay",
        "PCIe replays",
        (F.PCIE_REPLAY_COUNTER,),
        detector=False,
        fix=f"add DCGM_FI_DEV_PCIE_REPLAY_COUNTER to {COUNTERS_CSV}",
    ),
)


@dataclass(frozen=True)
class Coverage:
    key: str
    name: str
    detector: bool
    status: str  # on | partial | off
    gpus_with: int  # GPUs that reported the needed field
    gpus: int
    text: str

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


def _canonical_counts(field_counts: Mapping[str, int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for name, n in field_counts.items():
        key = F.canonical_field(name)
        out[key] = max(out.get(key, 0), int(n))
    return out


def _one(need: Need, counts: Mapping[str, int], gpus: int) -> Coverage:
    have = max((counts.get(F.canonical_field(f), 0) for f in need.any_of), default=0)
    if need.also_one_of:
        have = min(have, max(counts.get(F.canonical_field(f), 0) for f in need.also_one_of))
    better = min((counts.get(F.canonical_field(f), 0) for f in need.better_with), default=have)
    what = "detection" if need.detector else "shown on charts only, no detector reads it"
    if gpus == 0:
        return Coverage(need.key, need.name, need.detector, OFF, 0, 0, "no GPU telemetry arriving")
    if have == 0:
        text = f"{'off' if need.detector else 'not arriving'}: no GPU reports it — {need.fix}"
        return Coverage(need.key, need.name, need.detector, OFF, 0, gpus, text)
    if have < gpus:
        text = f"partial: {have} of {gpus} GPUs report it — {need.fix} on the others"
        return Coverage(need.key, need.name, need.detector, PARTIAL, have, gpus, text)
    if better < gpus and need.degraded:
        return Coverage(need.key, need.name, need.detector, PARTIAL, have, gpus, f"partial: {need.degraded}")
    text = f"on: all {gpus} GPUs report it" + ("" if need.detector else f" ({what})")
    return Coverage(need.key, need.name, need.detector, ON, have, gpus, text)


def telemetry_coverage(field_counts: Mapping[str, int], gpus: int) -> list[Coverage]:
    """One line per detector and charted signal: can it fire, on how many GPUs, and how to fix it."""
    counts = _canonical_counts(field_counts)
    return [_one(need, counts, gpus) for need in NEEDS]


def blind_detectors(coverage: list[Coverage]) -> list[Coverage]:
    """The detectors that cannot fire on at least one GPU (what readiness warns about)."""
    return [c for c in coverage if c.detector and c.status != ON]
