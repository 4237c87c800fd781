"""A storm of corrected memory errors on one node: a memory module failing while it still corrects (pure).

A corrected error (EDAC's ``CE``, ``drivers/edac/edac_mc.c``: ``EDAC MC%d: %d CE %s on %s (...)``,
the count first; a machine check whose ``IA32_MCi_STATUS`` has UC clear) is routine one at a time:
ECC did its job, and :mod:`monitoring.detectors.kernel_records` reads such a line and raises nothing.
A node whose kernel reports them by the hundred every few seconds is another matter: the module is
failing, the error-reporting registers overflow (sb_edac's ``OVERFLOW``), and an uncorrectable error
or the host's loss follows within minutes to hours (holdout4: a DIMM's CE storm, the host gone five
minutes later; found only when Slurm said NOT_RESPONDING). mcelog and rasdaemon act on far fewer
(offline a page after 10 or 50 in 24 h); draining a node that runs a job asks for more, so the bar
here is a rate no healthy module reaches: ``STORM_COUNT`` corrected errors on one node within
``WINDOW_S``, counted from each line's own count. Raised once per node per ``QUIET_S``.
The windows are JSON (``to_state``/``load_state``): a handover between ticks forgets nothing.
"""

from __future__ import annotations

from collections import deque
from typing import Any

STORM_COUNT = 1000
WINDOW_S = 600.0
QUIET_S = 6 * 3600.0
MAX_NODES = 4096


class CorrectedStorm:
    __slots__ = ("seen", "raised")

    def __init__(self) -> None:
        self.seen: dict[str, deque[tuple[float, int]]] = {}
        self.raised: dict[str, float] = {}  # node -> when its last storm was raised

    def on_corrected(self, node: str, t: float, count: int) -> int | None:
        """Note ``count`` corrected errors on ``node`` at ``t``; the window's total when it makes a storm."""
        window = self.seen.get(node)
        if window is None:
            if len(self.seen) >= MAX_NODES:
                self.seen.pop(next(iter(self.seen)))
            window = self.seen[node] = deque()
        window.append((t, max(1, count)))
        while window and window[0][0] < t - WINDOW_S:
            window.popleft()
        total = sum(c for _, c in window)
        last = self.raised.get(node)
        if total < STORM_COUNT or (last is not None and t - last < QUIET_S):
            return None
        self.raised[node] = t
        window.clear()
        return total

    def to_state(self) -> dict[str, Any]:
        return {
            "seen": {n: [[t, c] for t, c in w] for n, w in self.seen.items() if w},
            "raised": dict(self.raised),
        }

    def load_state(self, d: dict[str, Any]) -> None:
        self.seen = {
            str(n): deque((float(t), int(c)) for t, c in w) for n, w in (d.get("seen") or {}).items()
        }
        self.raised = {str(n): float(t) for n, t in (d.get("raised") or {}).items()}
