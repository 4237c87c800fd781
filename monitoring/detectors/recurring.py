"""Evidence that counts only when it keeps coming: occurrences per key within a window (pure).

Some lines are harmless once and a fault when they go on: a corrected memory error (ECC did its job)
against hundreds a minute (:mod:`monitoring.detectors.ce_storm`); one retried upload that failed
against an object store refusing attempt after attempt. :class:`Recurring` counts a key's
occurrences (each with its own weight: a line may report many errors) within ``window_s``, and
confirms the key once the total reaches ``min_total`` over at least ``min_span_s`` (the first and the
latest occurrence apart: a burst in one second is one event, retried), then not again for
``quiet_s``. Its windows are JSON (``to_state``/``load_state``): a handover between ticks forgets
nothing.
"""

from __future__ import annotations

from collections import deque
from typing import Any

MAX_KEYS = 4096


class Recurring:
    __slots__ = ("window_s", "min_total", "min_span_s", "quiet_s", "seen", "raised")

    def __init__(self, window_s: float, min_total: int, min_span_s: float = 0.0, quiet_s: float = 6 * 3600.0):
        self.window_s, self.min_total, self.min_span_s, self.quiet_s = (
            window_s,
            min_total,
            min_span_s,
            quiet_s,
        )
        self.seen: dict[str, deque[tuple[float, int]]] = {}
        self.raised: dict[str, float] = {}  # key -> when it was last confirmed

    def see(self, key: str, t: float, weight: int = 1) -> int | None:
        """Note an occurrence; the window's total when this one confirms the key, else None."""
        window = self.seen.get(key)
        if window is None:
            if len(self.seen) >= MAX_KEYS:
                self.seen.pop(next(iter(self.seen)))
            window = self.seen[key] = deque()
        window.append((t, max(1, weight)))
        while window and window[0][0] < t - self.window_s:
            window.popleft()
        total = sum(w for _, w in window)
        last = self.raised.get(key)
        if total < self.min_total or t - window[0][0] < self.min_span_s:
            return None
        if last is not None and t - last < self.quiet_s:
            return None
        self.raised[key] = t
        window.clear()
        return total

    def to_state(self) -> dict[str, Any]:
        return {
            "seen": {k: [[t, w] for t, w in q] for k, q in self.seen.items() if q},
            "raised": dict(self.raised),
        }

    def load_state(self, d: dict[str, Any]) -> None:
        self.seen = {
            str(k): deque((float(t), int(w)) for t, w in q) for k, q in (d.get("seen") or {}).items()
        }
        self.raised = {str(k): float(t) for k, t in (d.get("raised") or {}).items()}
