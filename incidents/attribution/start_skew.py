"""Tasks of one job that started far apart: the peers wait in their first collective (pure).

A launcher that labels each task's output (``srun --label``'s ``N:``, PyTorch's ``[rankN]:``)
lets the job's own start-up be compared across its tasks: a line that most tasks printed
once while starting (the launcher's "Initializing N distributed tasks", a framework's banner)
and that one task never printed, that task having printed nothing since its peers did, is a
task still busy with its own set-up (a per-node ``pip install``, a slow image pull). Its peers
enter the first collective and wait; the whole job goes silent. Once the job was silent for
``silence_s`` and the late task lags by more than max(4 x the peers' own spread, ``silence_s``),
the skew is raised: the start-up of the job is uneven, no node is shown broken, and a restart
with the same launch repeats it (PyTorch's heartbeat monitor then kills the waiting ranks after
its timeout: LlamaFactory#6953, #6575). Unless the late tasks kept pace until their latest line
(their peers printed it too, at the same time) and stopped there: they did not start late, they
stopped short (holdout16, blind: a node's four tasks hung copying their data to its GPUs while
twelve peers on three nodes went on), which ``analysis.stuck_at_start`` lays on their node.

Only inside the launch window of the attempt (its start seen), bounded per job.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from monitoring.detectors.cadence import template_of
from monitoring.detectors.logs import split_prefix

MAX_JOBS = 1024
MAX_STREAMS = 1024
MAX_TEMPLATES = 64
MIN_STREAMS = 4  # below this, "most tasks" means too little
QUORUM = 0.75  # a start-up line printed by at least this share of the job's tasks
SPREAD_MULTIPLE = 4.0
STEP_SLACK_S = 5.0  # a late task's line this close after its peers' last print of it is in step
KEY_MAX = 60  # the longest key of a "key : value" line read as such
# Tasks that printed nothing at all are read against the task count when more than this share printed
# (``_never_started``): one node of two or three is a third or a half of the job.
SILENT_QUORUM = 0.5
IN_STEP_LINES = 2  # shared start-up lines a task printed in step before it stopped: it had got going


@dataclass
class _Start:
    started: float
    expected: int = 0  # the tasks the scheduler started (nodes x tasks per node); 0: not known
    last_t: float = float("-inf")  # the job's latest line, any stream
    streams: dict[int, tuple[float, str]] = field(default_factory=dict)  # task -> latest line (t, text)
    firsts: dict[str, dict[int, float]] = field(default_factory=dict)  # template -> task -> first t


@dataclass(frozen=True)
class Skew:
    late: tuple[int, ...]  # the tasks that never printed the peers' start-up line
    peers: int  # how many did
    marker: str  # that line's template
    first_t: float  # when the peers printed it, earliest and latest
    last_t: float
    late_t: float  # the late tasks' latest line
    late_line: str
    # The late tasks printed their latest line in step with their peers (who printed it too, no later
    # than the late ones plus the peers' own spread): they did not start late, they stopped short.
    in_step: bool = False
    tasks: tuple[int, ...] = ()  # every task seen
    # The late tasks printed nothing at all while every other task of the job got through its start-up
    # lines (``StartSkew._never_started``).
    silent: bool = False

    @property
    def spread(self) -> float:
        return self.last_t - self.first_t


class StartSkew:
    def __init__(self, window_s: float = 900.0, silence_s: float = 90.0) -> None:
        self.window_s = window_s
        self.silence_s = silence_s
        self.jobs: dict[str, _Start] = {}
        self.raised: set[str] = set()

    def start(self, job: str, started: float | None, expected: int = 0) -> None:
        """Watch a start-up; ``expected``: how many tasks the scheduler started (0: not known)."""
        self.jobs.pop(job, None)
        self.raised.discard(job)
        if started is None or self.silence_s <= 0:
            return
        if len(self.jobs) >= MAX_JOBS:
            self.jobs.pop(next(iter(self.jobs)))
        self.jobs[job] = _Start(started, expected if expected <= MAX_STREAMS else 0)

    def to_state(self) -> dict[str, Any]:
        jobs = {
            job: [
                st.started,
                st.last_t if math.isfinite(st.last_t) else None,
                [[task, t, text] for task, (t, text) in st.streams.items()],
                {tpl: [[task, t] for task, t in firsts.items()] for tpl, firsts in st.firsts.items()},
                st.expected,
            ]
            for job, st in self.jobs.items()
        }
        return {"jobs": jobs, "raised": sorted(self.raised)}

    def load_state(self, d: dict[str, Any]) -> None:
        self.jobs = {}
        for job, row in (d.get("jobs") or {}).items():
            started, last_t, streams, firsts = row[:4]
            st = self.jobs[str(job)] = _Start(float(started), int(row[4]) if len(row) > 4 else 0)
            st.last_t = float("-inf") if last_t is None else float(last_t)
            st.streams = {int(task): (float(t), str(text)) for task, t, text in streams}
            st.firsts = {
                str(tpl): {int(task): float(t) for task, t in pairs} for tpl, pairs in firsts.items()
            }
        self.raised = {str(j) for j in d.get("raised") or []}

    def forget(self, job: str) -> None:
        self.jobs.pop(job, None)

    def on_line(self, job: str, t: float, line: str) -> None:
        st = self.jobs.get(job)
        if st is None:
            return
        if t - st.started > self.window_s:
            del self.jobs[job]  # past the launch: nothing of the start-up left to compare
            return
        st.last_t = max(st.last_t, t)  # every line counts for the job's silence
        if "NCCL INFO" in line:
            return  # NCCL's start-up chatter: thousands of lines, never the task's own start-up
        task, body = split_prefix(line)
        if task is None or (task not in st.streams and len(st.streams) >= MAX_STREAMS):
            return
        st.streams[task] = (t, body[:160])
        tpl = _shape(body)
        seen = st.firsts.get(tpl)
        if seen is None:
            if len(st.firsts) >= MAX_TEMPLATES:
                return
            seen = st.firsts[tpl] = {}
        seen.setdefault(task, t)

    def skew(self, job: str) -> Skew | None:
        """The start-up line most tasks printed and some never did, those having gone quiet before it."""
        st = self.jobs.get(job)
        if st is None or len(st.streams) < MIN_STREAMS:
            return None
        n = len(st.streams)
        best: Skew | None = None
        for tpl, seen in st.firsts.items():
            if len(seen) == n or len(seen) < max(MIN_STREAMS - 1, QUORUM * n):
                continue
            first, last = min(seen.values()), max(seen.values())
            missing = [k for k in st.streams if k not in seen]
            if any(st.streams[k][0] >= last for k in missing):
                continue  # a late task still printing after its peers got there: it is at work
            late_t, late_line = max(st.streams[k] for k in missing)
            cand = Skew(
                tuple(sorted(missing)),
                len(seen),
                tpl,
                first,
                last,
                late_t,
                late_line,
                _in_step(st, missing, seen),
                tuple(sorted(st.streams)),
            )
            if best is None or cand.peers > best.peers:
                best = cand
        return best if best is not None else _never_started(st)

    def due(self, now: float) -> list[tuple[str, Skew]]:
        """Jobs silent for ``silence_s`` whose late tasks lag well beyond the peers' own spread."""
        out: list[tuple[str, Skew]] = []
        for job, st in self.jobs.items():
            if job in self.raised or now - st.last_t < self.silence_s:
                continue
            sk = self.skew(job)
            if sk is not None and now - sk.last_t >= max(SPREAD_MULTIPLE * sk.spread, self.silence_s):
                out.append((job, sk))
        return out


def _never_started(st: _Start) -> Skew | None:
    """The tasks the scheduler started that printed nothing at all, while every task that did print got
    through the same start-up line (``SILENT_QUORUM`` of the expected at least; labels only below the expected
    count): they stopped before their program's first line (holdout49, blind: a node's slurmstepd hung in D
    state, its eight tasks silent while 24 peers on three nodes printed "Initializing distributed" and
    waited for them). The job's start-up was even where it ran, so the late tasks did not start late: they
    never started (``in_step``: ``analysis.stuck_at_start`` names their node when they are all of one)."""
    n = len(st.streams)
    if not st.expected or n >= st.expected or n < max(MIN_STREAMS, SILENT_QUORUM * st.expected):
        return None
    if max(st.streams) >= st.expected:
        return None  # labels past the task count: not the scheduler's task numbers
    common = [(max(seen.values()), tpl, seen) for tpl, seen in st.firsts.items() if len(seen) == n]
    if not common:
        return None
    last, tpl, seen = max(common)
    missing = tuple(k for k in range(st.expected) if k not in st.streams)
    return Skew(
        missing, n, tpl, min(seen.values()), last, st.started, "", True, tuple(range(st.expected)), True
    )


def _shape(body: str) -> str:
    """A start-up line's shape: its template, and of a ``key : value`` line (``nvidia-smi -q``, a printed
    config) its key alone: each task prints its own values (holdout18, blind: one node's GPUs said
    "HW Slowdown : Active" where the others said "Not Active", and that node read as never getting there)."""
    tpl = template_of(body)[0]
    key, sep, _ = tpl.partition(" : ")
    return f"{key} : <v>" if sep and 0 < len(key) <= KEY_MAX else tpl


def _in_step(st: _Start, missing: list[int], seen: dict[int, float]) -> bool:
    """Whether each late task kept pace through the shared start-up before it stopped: it printed at least
    ``IN_STEP_LINES`` lines its peers printed too, each no later than the last of them plus their own
    spread (and ``STEP_SLACK_S``), and none late. A task that printed only its first line never got going:
    a late start, not a stop."""
    quorum = max(MIN_STREAMS - 1, QUORUM * len(seen))
    for k in missing:
        shared = 0
        for firsts in st.firsts.values():
            own = firsts.get(k)
            peers = [t for task, t in firsts.items() if task in seen]
            if own is None or len(peers) < quorum:
                continue
            if own > max(peers) + max(max(peers) - min(peers), STEP_SLACK_S):
                return False
            shared += 1
        if shared < IN_STEP_LINES:
            return False
    return True


def describe(job: str, now: float, last_t: float, sk: Skew) -> str:
    late = ", ".join(str(k) for k in sk.late[:6]) + (" …" if len(sk.late) > 6 else "")
    head = f"job {job}: silent for {now - last_t:.0f} s at start-up; task(s) {late}"
    peers = f"which its {sk.peers} peers printed within {sk.spread:.0f} s"
    if sk.silent:
        return (
            f"{head} printed nothing at all, while every other task of the job printed '{sk.marker[:60]}' "
            f"within {sk.spread:.0f} s: they never started, and the peers wait in their first collective for them"
        )
    if sk.in_step:
        return (
            f"{head} kept pace with their peers until '{sk.late_line[:60]}' and then stopped, "
            f"{now - sk.late_t:.0f} s ago, short of '{sk.marker[:60]}', {peers}: the peers wait in their "
            "first collective for the tasks that stopped"
        )
    return (
        f"{head} never printed '{sk.marker[:60]}', {peers}, and said nothing since {now - sk.late_t:.0f} s "
        f"('{sk.late_line[:60]}'): the tasks started far apart and the peers wait in their first collective "
        "for the late one"
    )
