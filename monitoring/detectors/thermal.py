"""A GPU heating away from its peers: the cooling failure before the throttle.

A failing fan, heatsink or coolant loop shows first as temperature: the GPU
climbs ten degrees or more within a minute while its peers, under the same
load in the same job, stay where they were. The driver throttles it only when
it reaches its slowdown temperature, typically one to two minutes later, and
only then does the clock rule in :mod:`telemetry` see it. Watching the trend
against the peers names that GPU a minute or two earlier.

What does not trip it: a whole job warming up together (the peers' median moves
with it), a checkpoint or evaluation phase heating every GPU a few degrees, a
GPU that has always run hot (it did not *rise*), one noisy sample (two in a row
are needed).
"""

from __future__ import annotations

from collections import deque
from typing import Any

RISE_C = 10.0  # rise of the GPU itself within the window
ABOVE_C = 10.0  # how far above its peers' median it ends up
PEERS_STILL_C = 3.0  # how much the peers' median may move in the same window
WINDOW_S = 60.0
MIN_PEERS = 4
CONFIRM = 2

TEMP = "DCGM_FI_DEV_GPU_TEMP"


def _median(values: list[float]) -> float:
    s = sorted(values)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2.0


class _JobTemps:
    __slots__ = ("latest", "medians", "computed_t")

    def __init__(self) -> None:
        self.latest: dict[tuple[str, int], float] = {}
        self.medians: deque[tuple[float, float]] = deque(maxlen=64)
        self.computed_t = -1e18

    def median(self, t: float) -> float | None:
        if t - self.computed_t >= 5.0 and len(self.latest) >= MIN_PEERS:
            self.medians.append((t, _median(list(self.latest.values()))))
            self.computed_t = t
        return self.medians[-1][1] if self.medians else None

    def median_at(self, t: float) -> float | None:
        """The peers' median as it was at ``t`` (the oldest kept if none is that old)."""
        best = None
        for when, med in self.medians:
            if when > t:
                break
            best = med
        return best if best is not None else (self.medians[0][1] if self.medians else None)


class ThermalWatch:
    """Per GPU, its recent temperatures; per job, its GPUs' median temperature."""

    def __init__(self) -> None:
        self.history: dict[tuple[str, int], deque[tuple[float, float]]] = {}
        self.hits: dict[tuple[str, int], int] = {}
        self.raised: set[tuple[str, int]] = set()
        self.jobs: dict[str, _JobTemps] = {}

    def forget_job(self, job: str) -> None:
        self.jobs.pop(job, None)

    def on_sample(self, t: float, key: tuple[str, int], temp: Any, job: str) -> dict[str, float] | None:
        """The runaway's numbers the first time a GPU is confirmed heating away from its peers."""
        if isinstance(temp, bool) or not isinstance(temp, (int, float)) or not 0 < temp < 200:
            return None
        temp = float(temp)
        peers = self.jobs.get(job)
        if peers is None:
            peers = self.jobs[job] = _JobTemps()
        peers.latest[key] = temp
        hist = self.history.get(key)
        if hist is None:
            hist = self.history[key] = deque(maxlen=16)
        while hist and t - hist[0][0] > WINDOW_S:
            hist.popleft()
        hist.append((t, temp))
        med = peers.median(t)
        if med is None or temp - med < ABOVE_C or len(hist) < 3:
            self.hits.pop(key, None)
            if med is not None and temp - med < ABOVE_C / 2:
                self.raised.discard(key)  # back with its peers: a later runaway is news again
            return None
        start_t, start = min(hist, key=lambda p: p[1])
        then = peers.median_at(start_t)
        if temp - start < RISE_C or then is None or abs(med - then) > PEERS_STILL_C:
            self.hits.pop(key, None)
            return None
        self.hits[key] = self.hits.get(key, 0) + 1
        if self.hits[key] < CONFIRM or key in self.raised:
            return None
        self.raised.add(key)
        return {"temp": temp, "start": start, "seconds": t - start_t, "peers": med}
