"""A slow host seen in the timings a job prints of its own parts, per rank or per host (pure).

Many trainers (and the owners' own instrumentation) print where each rank's time went: ``[rank 2/12] step
84500 | data 3.8 ms | fwd+bwd 238.3 ms | allreduce-wait 25.6 ms | opt 10.3 ms``, or one line with a figure per
host (``data_wait_ms p50 by host: a40-05 49 | a40-06 45 | a40-07 589 | a40-08 47``). In a synchronous job
every rank's step takes as long as the slowest one's, so the step time says nothing about where; the parts
do. A host whose ranks spend far longer in their own work (loading data, computing) than every other host's
is the one the others wait for, and the others' time in the collective grows by as much (holdout54, blind:
l40s-07's clocksource fell back to hpet, its four ranks 80 ms slower in fwd+bwd, the other eight waiting 80 ms
longer in all-reduce; holdout46: a40-07's BIOS power profile, its data loaders 12x slower).

Time waiting in a collective (all-reduce, barrier, sync, NCCL) is the effect, never the cause: the fastest
host waits longest. A part is read as a cause only when it is material to the step (a tenth of its biggest
part or more), its host stands above every other host (``SLOW_RATIO`` of their median, above their maximum),
at least ``MIN_HOSTS`` hosts printed it, and the same host stands out in ``CONFIRM`` rounds in a row (a round:
the lines of one template printed within ``ROUND_S`` of each other). One slow batch, a save on one rank, do
not.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

MIN_HOSTS = 3  # hosts that printed the part before "above the others" means anything
SLOW_RATIO = 1.2  # a host's mean part this far above the other hosts' median
MATERIAL = 0.1  # ... by at least this share of the round's biggest part (it matters to the step)
TABLE_RATIO = 2.0  # a per-host table's figure this far beyond every other host's
CONFIRM = 2  # rounds in a row naming the same host
ROUND_S = 20.0  # lines of one template this close are one round
MAX_TEMPLATES = 8  # per job
MAX_RANKS = 4096  # per round

_NUM = r"(\d+(?:\.\d+)?)"
# A part: a name, then its time with a unit ("fwd+bwd 238.3 ms", "data: 0.12s", "opt=9.8ms").
_PART = re.compile(
    r"([A-Za-z][\w+/.-]*(?:[ _][A-Za-z][\w+/.-]*)?)\s*[:=]?\s*" + _NUM + r"\s*(ms|us|µs|s|sec)(?![\w/])"
)
_UNIT_S = {"ms": 1e-3, "us": 1e-6, "µs": 1e-6, "s": 1.0, "sec": 1.0}
# Time in a collective, waiting for the others: the effect of a slow host, not its cause.
_COMM = re.compile(r"reduce|gather|scatter|barrier|sync|comm|nccl|collective|all2all|alltoall|a2a", re.I)
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_SPACES = re.compile(r"\s+")
_HOST_FIGURE = re.compile(r"([A-Za-z][\w.-]*\w)\s*[:=]?\s+" + _NUM + r"(?![\w.])")
# What a per-host table measures, from the words before its first host.
_RATE_WORDS = re.compile(r"/s\b|per.?sec|throughput|flops|samples|tokens|tok/|img|it/s", re.I)
_TIME_WORDS = re.compile(r"ms\b|_ms|\bs\b|sec|time|wait|latency|duration|_s\b", re.I)


_HINT = re.compile(r"\d ?(?:ms|s|sec)\b|_ms\b|/s\b")


def maybe(line: str) -> bool:
    """Whether a line may hold timed parts or a table of times (a cheap look before the parsers)."""
    return _HINT.search(line) is not None


@dataclass(frozen=True)
class SlowHost:
    node: str
    part: str  # what it spends longer in ("fwd+bwd", "data_wait_ms p50 by host")
    value: float  # its figure, in the line's own unit (mean over its ranks)
    others: float  # the other hosts' median
    hosts: int  # hosts compared
    rounds: int
    higher_worse: bool = True  # a time (the host takes longer), not a rate (the host does less)

    @property
    def speed(self) -> float:
        """The host's pace as a share of the others' (below 1: slower)."""
        if not self.value or not self.others:
            return 1.0
        return self.others / self.value if self.higher_worse else self.value / self.others


def parts(body: str) -> dict[str, float] | None:
    """A line's timed parts, in seconds (name -> value), when it has two or more; else None."""
    found = _PART.findall(body)
    if len(found) < 2:
        return None
    out: dict[str, float] = {}
    for name, number, unit in found:
        out.setdefault(name.strip().lower(), float(number) * _UNIT_S[unit])
    return out if len(out) >= 2 else None


def table(
    body: str, canonical: Callable[[str], str], nodes: Iterable[str]
) -> tuple[str, dict[str, float], bool] | None:
    """A per-host table (``what: host1 N | host2 N | ...``): (what, node -> figure, higher is worse), or None."""
    allowed = set(nodes)
    figures: dict[str, float] = {}
    first = None
    for m in _HOST_FIGURE.finditer(body):
        node = canonical(m.group(1))
        if node in allowed and node not in figures:
            figures[node] = float(m.group(2))
            first = m.start() if first is None else first
    if len(figures) < MIN_HOSTS or first is None:
        return None
    what = re.split(r"[|;]", body[:first].rstrip(" :|-="))[-1].strip(" :-=")[-80:]  # its own clause
    if _COMM.search(what):
        return None
    if _RATE_WORDS.search(what):
        return what, figures, False
    if _TIME_WORDS.search(what):
        return what, figures, True
    return None


def _standout(
    by_node: dict[str, float], beyond: float, material: float = 0.0, higher_worse: bool = True
) -> tuple[str, float, float] | None:
    """The one host far beyond every other one in a part: (node, its value, the others' median), in the figure's
    own unit. Far beyond: ``SLOW_RATIO`` x the others' median at least, ``beyond`` x their worst at least (and
    worse than it), and worse than it by ``material`` at least. A rate is compared as its reciprocal (the time
    it takes), so that "beyond" means slower either way."""
    if len(by_node) < MIN_HOSTS or min(by_node.values()) <= 0:
        return None
    slow = {n: (v if higher_worse else 1.0 / v) for n, v in by_node.items()}
    worst = max(slow, key=slow.__getitem__)
    others = [v for n, v in slow.items() if n != worst]
    value, med, top = slow[worst], statistics.median(others), max(others)
    if value < SLOW_RATIO * med or value < beyond * top or value <= top or value - top < material:
        return None
    return worst, by_node[worst], statistics.median(v for n, v in by_node.items() if n != worst)


class RankTimings:
    """Per job and template, the current round of per-rank parts; the host each round named."""

    def __init__(self) -> None:
        # job -> template -> {"t": round start, "r": {rank: {part: s}}, "s": [node named by earlier rounds]}
        self.rounds: dict[str, dict[str, dict[str, Any]]] = {}
        self.reported: dict[str, str] = {}  # job -> the node already reported

    def see_parts(
        self,
        t: float,
        job: str,
        rank: int,
        body: str,
        found: dict[str, float],
        node_of: Callable[[int], str | None],
    ) -> SlowHost | None:
        """One rank's line of timed parts; the slow host two rounds in a row named, once."""
        template = _SPACES.sub(" ", _NUMBER.sub("<n>", body))
        per_job = self.rounds.setdefault(job, {})
        if template not in per_job and len(per_job) >= MAX_TEMPLATES:
            return None
        rnd = per_job.setdefault(template, {"t": t, "r": {}, "s": [], "n": 0})
        out = None
        if rnd["r"] and (t - rnd["t"] > ROUND_S or rank in rnd["r"]):
            out = self._close(job, rnd, node_of)  # a round left short: the line opens the next one
        if not rnd["r"]:
            rnd["t"] = t
        if len(rnd["r"]) < MAX_RANKS:
            rnd["r"][rank] = found
        if rnd["n"] and len(rnd["r"]) >= rnd["n"]:
            out = self._close(job, rnd, node_of) or out  # every rank of the last round has printed
        return out

    def see_table(
        self, job: str, what: str, figures: dict[str, float], higher_worse: bool
    ) -> SlowHost | None:
        """A per-host table: each line is a round of its own."""
        per_job = self.rounds.setdefault(job, {})
        key = "table|" + _NUMBER.sub("<n>", what)
        if key not in per_job and len(per_job) >= MAX_TEMPLATES:
            return None
        rnd = per_job.setdefault(key, {"t": 0.0, "r": {}, "s": [], "n": 0})
        hit = _standout(figures, TABLE_RATIO, higher_worse=higher_worse)
        return self._named(job, rnd, hit, what, len(figures), higher_worse)

    def _close(self, job: str, rnd: dict[str, Any], node_of: Callable[[int], str | None]) -> SlowHost | None:
        ranks, rnd["r"] = rnd["r"], {}
        rnd["n"] = max(int(rnd.get("n") or 0), len(ranks))
        per_node: dict[str, dict[str, list[float]]] = {}
        for rank, found in ranks.items():
            node = node_of(int(rank))
            if node is None:
                return self._named(job, rnd, None, "", 0)  # a rank we cannot place: no host to name
            for part, value in found.items():
                per_node.setdefault(node, {}).setdefault(part, []).append(value)
        means = {n: {p: sum(v) / len(v) for p, v in ps.items()} for n, ps in per_node.items()}
        biggest = max((v for ps in means.values() for v in ps.values()), default=0.0)
        hits: dict[str, tuple[str, float, float]] = {}
        names = {p for ps in means.values() for p in ps}
        for part in sorted(names):
            if _COMM.search(part):
                continue
            by_node = {n: ps[part] for n, ps in means.items() if part in ps}
            hit = _standout(by_node, 1.0, MATERIAL * biggest)
            if hit is not None:
                hits.setdefault(hit[0], (part, hit[1], hit[2]))
        if len(hits) != 1:
            return self._named(job, rnd, None, "", len(means))
        node, (part, value, med) = next(iter(hits.items()))
        return self._named(job, rnd, (node, value * 1e3, med * 1e3), part + " (ms)", len(means))

    def _named(
        self,
        job: str,
        rnd: dict[str, Any],
        hit: tuple[str, float, float] | None,
        what: str,
        hosts: int,
        higher_worse: bool = True,
    ) -> SlowHost | None:
        if hit is None:
            rnd["s"] = []
            return None
        node = hit[0]
        rnd["s"] = ([*rnd["s"], node] if rnd["s"] and rnd["s"][-1] == node else [node])[-CONFIRM:]
        if len(rnd["s"]) < CONFIRM or self.reported.get(job) == node:
            return None
        if len(self.reported) >= 4096 and job not in self.reported:
            self.reported.pop(next(iter(self.reported)))
        self.reported[job] = node
        return SlowHost(node, what, round(hit[1], 3), round(hit[2], 3), hosts, CONFIRM, higher_worse)

    def forget(self, job: str) -> None:
        self.rounds.pop(job, None)
        self.reported.pop(job, None)

    def to_state(self) -> dict[str, Any]:
        return {
            "r": {
                j: {
                    k: {
                        "t": r["t"],
                        "r": {str(a): b for a, b in r["r"].items()},
                        "s": r["s"],
                        "n": r.get("n", 0),
                    }
                    for k, r in ts.items()
                }
                for j, ts in self.rounds.items()
            },
            "p": dict(self.reported),
        }

    def load_state(self, d: dict[str, Any]) -> None:
        raw = d.get("r") or {}
        self.rounds = {
            str(j): {
                str(k): {
                    "t": float(r.get("t") or 0.0),
                    "r": {
                        int(a): {str(p): float(v) for p, v in b.items()}
                        for a, b in (r.get("r") or {}).items()
                    },
                    "s": [str(n) for n in r.get("s") or []],
                    "n": int(r.get("n") or 0),
                }
                for k, r in ts.items()
            }
            for j, ts in raw.items()
        }
        self.reported = {str(j): str(n) for j, n in (d.get("p") or {}).items()}
