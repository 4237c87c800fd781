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

from typing import Any

RISE_C = 10.0  # rise of the GPU itself within about a minute
ABOVE_C = 10.0  # how far above its peers' median it ends up
PEERS_STILL_C = 3.0  # how much the peers' median may move in the same time
HALF_S = 30.0  # baselines are kept two deep, each up to this old: the window is 30-60 s
MIN_PEERS = 4
CONFIRM = 2

TEMP = "DCGM_FI_DEV_GPU_TEMP"


def _median(values: list[float]) -> float:
    s = sorted(values)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2.0


def _pack(temps: dict[tuple[str, int], float]) -> dict[str, list[float | None]]:
    """{(node, gpu): temp} as {node: [temp of GPU 0, of GPU 1, ...]}: compact, saved every tick."""
    out: dict[str, list[float | None]] = {}
    for (node, gpu), v in temps.items():
        row = out.setdefault(node, [])
        row.extend([None] * (gpu + 1 - len(row)))
        row[gpu] = v
    return out


def _unpack(packed: dict[str, list[float | None]]) -> dict[tuple[str, int], float]:
    return {(str(n), g): float(v) for n, row in packed.items() for g, v in enumerate(row) if v is not None}


class _JobTemps:
    """A job's GPUs: latest temperatures, their median, and two snapshots up to a minute old."""

    __slots__ = ("latest", "med", "computed_t", "snaps")

    def __init__(self) -> None:
        self.latest: dict[tuple[str, int], float] = {}
        self.med: float | None = None
        self.computed_t = -1e18
        # [(t, median, temperatures)] older first; a new one every HALF_S, two kept.
        self.snaps: list[tuple[float, float, dict[tuple[str, int], float]]] = []

    def refresh(self, t: float) -> None:
        self.computed_t = t
        if len(self.latest) < MIN_PEERS:
            self.med = None
            return
        med = self.med = _median(list(self.latest.values()))
        if not self.snaps or t - self.snaps[-1][0] >= HALF_S:
            self.snaps.append((t, med, dict(self.latest)))
            del self.snaps[:-2]


class ThermalWatch:
    """Per job, its GPUs' temperatures against their median, and where each stood a minute ago."""

    def __init__(self) -> None:
        self.hits: dict[tuple[str, int], int] = {}
        self.first_hit: dict[tuple[str, int], float] = {}  # the run's first hot sample: the first sign
        self.raised: set[tuple[str, int]] = set()
        self.jobs: dict[str, _JobTemps] = {}

    def forget_job(self, job: str) -> None:
        self.jobs.pop(job, None)

    def idle(self, job: str, key: tuple[str, int]) -> None:
        """The GPU's latest sample was idle: it leaves its job's peers until it works again."""
        peers = self.jobs.get(job)
        if peers is not None and peers.latest.pop(key, None) is not None:
            self.hits.pop(key, None)
            self.first_hit.pop(key, None)

    def above_peers(self, job: str, key: tuple[str, int]) -> float | None:
        """How far the GPU's latest temperature is above its job's median (None: too few peers, or unknown)."""
        peers = self.jobs.get(job)
        if peers is None or peers.med is None or len(peers.latest) < MIN_PEERS:
            return None
        temp = peers.latest.get(key)
        return None if temp is None else temp - peers.med

    def on_sample(self, t: float, key: tuple[str, int], temp: Any, job: str) -> dict[str, float] | None:
        """The runaway's numbers the first time a GPU is confirmed heating away from its peers."""
        if type(temp) is not float and type(temp) is not int:
            return None
        if not 0 < temp < 200:
            return None
        peers = self.jobs.get(job)
        if peers is None:
            peers = self.jobs[job] = _JobTemps()
        peers.latest[key] = temp
        if t - peers.computed_t >= 5.0:
            peers.refresh(t)
        med = peers.med
        if med is None or temp - med < ABOVE_C:
            if self.hits and key in self.hits:
                del self.hits[key]
                self.first_hit.pop(key, None)
            if self.raised and key in self.raised and med is not None and temp - med < ABOVE_C / 2:
                self.raised.discard(key)  # back with its peers: a later runaway is news again
            return None
        return self._runaway(t, key, float(temp), med, peers)

    def _runaway(
        self, t: float, key: tuple[str, int], temp: float, med: float, peers: _JobTemps
    ) -> dict[str, float] | None:
        then = [(snap_t, m, temps[key]) for snap_t, m, temps in peers.snaps if key in temps]
        if not then:
            return None
        start_t, med_then, start = min(then, key=lambda x: x[2])
        if temp - start < RISE_C or abs(med - med_then) > PEERS_STILL_C:
            self.hits.pop(key, None)
            self.first_hit.pop(key, None)
            return None
        self.hits[key] = self.hits.get(key, 0) + 1
        self.first_hit.setdefault(key, t)
        if self.hits[key] < CONFIRM or key in self.raised:
            return None
        self.raised.add(key)
        since = self.first_hit.get(key, t)
        return {"temp": temp, "start": start, "seconds": t - start_t, "peers": med, "since": since}

    # -- state: the snapshots are a minute of history; without them nothing fires for a minute
    # after every restore, i.e. never when the pipeline is restored each tick.
    def to_state(self) -> dict[str, Any]:
        return {
            "h": [[n, g, c, self.first_hit.get((n, g))] for (n, g), c in self.hits.items()],
            "r": [[n, g] for n, g in self.raised],
            "j": {
                job: [
                    p.med,
                    p.computed_t,
                    [[st, m, _pack(temps)] for st, m, temps in p.snaps],
                    _pack(p.latest),
                ]
                for job, p in self.jobs.items()
            },
        }

    def load_state(self, d: dict[str, Any]) -> None:
        for n, g, c, first in d.get("h", []):
            self.hits[(str(n), int(g))] = int(c)
            if first is not None:
                self.first_hit[(str(n), int(g))] = float(first)
        self.raised = {(str(n), int(g)) for n, g in d.get("r", [])}
        for job, (med, computed_t, snaps, latest) in d.get("j", {}).items():
            p = self.jobs[str(job)] = _JobTemps()
            p.med = None if med is None else float(med)
            p.computed_t = float(computed_t)
            p.snaps = [(float(st), float(m), _unpack(temps)) for st, m, temps in snaps]
            p.latest = _unpack(latest)
