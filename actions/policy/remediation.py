"""Which remediation a fault asks for, and when a node is a lemon (pure: no Django, no I/O).

NVIDIA's Xid catalog gives each Xid a resolution bucket (monitoring.detectors.xid):
``RESET_GPU`` -> reset that GPU (where the node agent can) else reboot the node;
``RESTART_BM`` -> reboot the node; the ECC/NVLink workflows -> reboot (the driver
re-trains links and re-applies row remaps on load); ``CHECK_MECHANICALS`` and
``UNEXPECTED_ERR_REPORT_ISSUE`` -> no reboot fixes them: people (contact support).
Application buckets and noise ask for nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime

from monitoring.detectors.xid import CATALOG
from monitoring.vocabulary import ActionKind

REBOOT_BUCKETS = frozenset({"RESTART_BM", "WORKFLOW_XID_48", "WORKFLOW_NVLINK_ERR", "WORKFLOW_NVLINK5_ERR"})
RESET_BUCKETS = frozenset({"RESET_GPU"})
SUPPORT_BUCKETS = frozenset({"CHECK_MECHANICALS", "UNEXPECTED_ERR_REPORT_ISSUE"})
# The strongest remedy wins when one incident carries several Xids.
_RANK = {ActionKind.RESET_GPU: 1, ActionKind.REBOOT_NODE: 2, ActionKind.ESCALATE: 3}


@dataclass(frozen=True)
class Remedy:
    action: str  # ActionKind.REBOOT_NODE | RESET_GPU | ESCALATE
    xid: int
    why: str
    gpu: int | None = None


def remedy_for(xids: Iterable[tuple[int, int | None]], gpu_reset_available: bool) -> Remedy | None:
    """The catalog's remedy for an incident's Xids ``(xid, gpu index or None)``; None: nothing to remediate."""
    best: Remedy | None = None
    for xid, gpu in xids:
        info = CATALOG.get(xid)
        if info is None:
            continue
        if info.bucket in SUPPORT_BUCKETS:
            r = Remedy(
                ActionKind.ESCALATE,
                xid,
                f"Xid {xid} ({info.mnemonic}): NVIDIA says {info.bucket}; no reboot fixes it",
            )
        elif info.bucket in REBOOT_BUCKETS:
            r = Remedy(
                ActionKind.REBOOT_NODE,
                xid,
                f"Xid {xid} ({info.mnemonic}): NVIDIA says {info.bucket}: reboot the node",
            )
        elif info.bucket in RESET_BUCKETS:
            if gpu_reset_available and gpu is not None:
                r = Remedy(
                    ActionKind.RESET_GPU,
                    xid,
                    f"Xid {xid} ({info.mnemonic}): NVIDIA says RESET_GPU: reset GPU {gpu}",
                    gpu,
                )
            else:
                r = Remedy(
                    ActionKind.REBOOT_NODE,
                    xid,
                    f"Xid {xid} ({info.mnemonic}): NVIDIA says RESET_GPU; no GPU reset here: reboot the node",
                )
        else:
            continue
        if best is None or _RANK[ActionKind(r.action)] > _RANK[ActionKind(best.action)]:
            best = r
    return best


def is_lemon(blamed_at: Iterable[float], now: float, times: int, window_s: float) -> bool:
    """Blamed ``times`` times or more within the last ``window_s`` seconds (times <= 0: never)."""
    if times <= 0:
        return False
    return sum(1 for t in blamed_at if now - window_s <= t <= now) >= times


def _instant(v: str) -> float | None:
    """A boot time as the executor reports it: seconds (simulator) or ISO as scontrol prints it."""
    v = (v or "").strip()
    if not v or v in ("None", "Unknown", "N/A"):
        return None
    try:
        return float(v)
    except ValueError:
        pass
    try:
        return (
            datetime.fromisoformat(v).replace(tzinfo=UTC).timestamp()
        )  # one clock for both: only the gap matters
    except ValueError:
        return None


def booted_again(before: str, after: str, slack_s: float = 5.0) -> bool:
    """Did the node boot since ``before``? Slurm derives BootTime from the node's uptime at each
    registration, so the same boot can print a second apart: only a jump beyond ``slack_s`` counts."""
    b, a = _instant(before), _instant(after)
    if a is None:
        return False  # not registered again yet (BootTime=None right after a resume, or still down)
    if b is None:
        return True
    return a - b > slack_s
