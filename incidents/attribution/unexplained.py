"""Lines nothing explained: what no detector understood near a failure, rarest first (pure).

Every job-log line that no rule explained (no progress, checkpoint, phase or
cadence line, no NCCL chatter, nothing ``logs.parse_joblog`` knows) is counted
by its *template* in the job's own stream, and the recent ones are kept, a few
dozen at most. A kernel line ``logs.parse_kernel`` does not know gets the same
treatment per node. When an incident is opened or its verdict changes,
:func:`near` picks the lines of its jobs (and of the blamed node's kernel)
from ten minutes before its first signal to a few seconds after its detection:
one line per template, the rarest template first, the nearest to the failure
first among equally rare ones. A template seen often over a minute or more is
the stream's routine and drops out, and so does one a detector explained after
all (the first beats of a job's own cadence, seen before the beat was learned).
That is what a person reads first when the catalog had no rule for the
failure: the line that the job printed once.

The template is the line's head with its digits and blanks removed (the same
shape :func:`monitoring.detectors.cadence.shape_key` gives to fixed-width
fields), and ``0x…`` values masked. It is deliberately cheaper than
:func:`cadence.template_of` (about 0.5 µs a line against 25 µs; this runs for
every unexplained line of every job, and a routine line repeated verbatim
costs one lookup): a hex id without ``0x``, a uuid or a
path that varies keeps lines apart, which at worst makes a routine line look
rarer than it is.

Memory is bounded per stream (lines, templates) and in the number of streams.
None of it is saved with the pipeline's state: like the learned cadences, it
rebuilds from the next lines, and what an incident listed is kept with the
incident.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass
from typing import Any

from incidents.attribution.world import World
from monitoring.detectors.logs import nccl_prefix, split_prefix
from monitoring.detectors.text import clean_line

MINED_CHARS = 160  # the template is taken from the line's head
KEEP_CHARS = 240  # what is kept of a line to show
ROUTINE = 8  # a template seen this often enters the kept lines no more
ROUTINE_SPAN_S = 60.0  # and if its sightings span this long, it is the stream's routine
WINDOW_S = 600.0  # lines this long before the failure are listed
AFTER_S = 10.0  # and up to this long after the detection
SHOWN = 8
_DROP = b"0123456789 \t\r\n"
_HEX = re.compile(r"0x[0-9a-fA-F]+")


def template_key(line: str) -> int:
    """The line's template, as a hash: its head without digits and blanks, ``0x…`` values masked.
    ``BLANK`` for a line with nothing on it but a rank label.

    >>> template_key("step 120 took 0.81 s") == template_key("step  7 took 12.5 s")
    True
    """
    head = line[:MINED_CHARS]
    if "0x" in head:
        head = _HEX.sub("0x", head)
    shape = head.encode("utf-8", "replace").translate(None, _DROP)
    if len(shape) < 3 or (len(shape) <= 8 and shape.endswith(b":")):
        return BLANK
    return hash(shape) or 1


BLANK = 0


@dataclass(slots=True)  # not frozen: a frozen dataclass is three times as slow to make
class Kept:
    """One line nothing explained, as it was seen."""

    t: float
    key: int
    line: str


# A traceback's own lines: the exception it ends with is what the detectors read. Python's frames
# ("  File ...", each with its source line under it and, since 3.11, "^^^^" markers under that),
# and the frames of a C++ exception (c10's "Exception raised from ...", then "frame #N: ...").
_TRACE = re.compile(
    r'  File "|Traceback \(most recent call last\)|During handling of the above|The above exception'
    r"|Exception raised from |frame #"
)
_FRAME, _SOURCE = 1, 2  # a rank's place in a traceback: after a frame, after its source line
_MAX_TRACING = 4096
# A traceback is over this long after its last frame: the exception line that ends it is read by the
# detectors and never reaches this stream, so nothing else says so.
TRACE_S = 5.0
EXACT_REST = 4096


class Stream:
    """One job's (or one node's kernel) lines nothing explained: recent lines and template counts."""

    __slots__ = (
        "lines",
        "shapes",
        "max_shapes",
        "tracing",
        "traced_t",
        "exact",
        "max_exact",
        "exact_hits",
        "exact_rest",
    )

    def __init__(self, max_lines: int, max_shapes: int, max_exact: int = 0) -> None:
        self.lines: deque[Kept] = deque(maxlen=max_lines)
        # template -> [times seen, first seen, last seen, 1.0 once a detector explained one of its lines]
        self.shapes: dict[int, list[float]] = {}
        self.max_shapes = max_shapes
        self.tracing: dict[int | None, int] = {}  # rank -> where its traceback is (ranks interleave)
        self.traced_t = 0.0  # when the last traceback line was seen
        # Routine lines seen verbatim -> their template's counts: a warning printed at every step
        # costs one lookup (Streams.see), not a template. A line with a timestamp or a value never
        # repeats: where a full table was hardly used, it rests for EXACT_REST lines (no lookup).
        self.exact: dict[str, list[float]] = {}
        self.max_exact = max_exact
        self.exact_hits = 0  # lookups that found their line since the table was last emptied
        self.exact_rest = 0  # routine lines still to go before the table is tried again

    def see(self, t: float, line: str) -> None:
        """One line nothing explained (``Streams.see`` takes the routine ones' short way itself)."""
        key = template_key(line)
        shape = self.shapes.get(key)
        if shape is not None and shape[0] >= ROUTINE and self.untraced(t):
            shape[0] += 1.0  # a template seen often (a traceback's lines are never counted)
            shape[2] = t
            self.remember(line, shape)
            return
        self.see_rare(t, line, key, shape)

    def remember(self, line: str, shape: list[float]) -> None:
        """A routine line, for the verbatim table (while the stream's lines do repeat verbatim)."""
        if self.exact_rest:
            self.exact_rest -= 1
            return
        if len(self.exact) >= self.max_exact:
            self.exact.clear()
            if self.exact_hits < self.max_exact // 4:
                self.exact_rest = EXACT_REST
            self.exact_hits = 0
            if self.exact_rest or not self.max_exact:
                return
        if len(line) <= KEEP_CHARS:
            self.exact[line] = shape

    def see_rare(self, t: float, line: str, key: int, shape: list[float] | None) -> None:
        """A line of a template seen few times yet (or inside a traceback): counted, maybe kept."""
        if key == BLANK or self._in_traceback(t, line):
            return
        if shape is None:
            if len(self.shapes) >= self.max_shapes:
                self._forget()
            self.shapes[key] = [1.0, t, t, 0.0]
        else:
            shape[0] += 1.0
            shape[2] = t
            if shape[0] > ROUTINE:
                return
        self.lines.append(Kept(t, key, line[:KEEP_CHARS]))

    def count(self, t: float, line: str) -> None:
        """An explained line of a template that may also have gone unexplained: counted, marked
        explained, never kept. A job's own cadence is learned from its first beats, which no rule
        explained yet: once a beat is recognised, its template's earlier lines are not listed."""
        key = template_key(line)
        shape = self.shapes.get(key)
        if shape is not None:
            shape[0] += 1.0
            shape[2] = t
            shape[3] = 1.0
        elif key != BLANK:
            if len(self.shapes) >= self.max_shapes:
                self._forget()
            self.shapes[key] = [1.0, t, t, 1.0]

    def untraced(self, t: float) -> bool:
        """No traceback under way (one whose last line is ``TRACE_S`` old is over)."""
        if not self.tracing:
            return True
        if t - self.traced_t > TRACE_S:
            self.tracing.clear()
            return True
        return False

    def _in_traceback(self, t: float, line: str) -> bool:
        head = line[:200]
        # Five substring scans rule out most lines for a third of the pattern's search.
        maybe = (
            "File" in head
            or "xception" in head
            or "raceback" in head
            or "During" in head
            or "frame #" in head
        )
        framed = _TRACE.search(head) if maybe else None
        if framed is None and self.untraced(t):
            return False
        rank = split_prefix(line)[0]
        if framed is not None:
            if len(self.tracing) >= _MAX_TRACING:
                self.tracing.clear()
            self.tracing[rank] = _FRAME if framed.group() == '  File "' else _SOURCE
            self.traced_t = max(self.traced_t, t)
            return True
        state = self.tracing.pop(rank, None)
        if state == _FRAME:  # the source line under a Python frame
            self.tracing[rank] = _SOURCE
            return True
        if state != _SOURCE:
            return False
        end = line.rstrip()
        return end.endswith(("^", "~")) and len(end.rstrip(" ^~")) <= 20  # markers behind a rank label

    def _forget(self) -> None:
        """Keep the more often seen half: a template forgotten and seen again counts from one."""
        keep = sorted(self.shapes.items(), key=lambda kv: -kv[1][0])[: self.max_shapes // 2]
        self.shapes = dict(keep)
        self.exact.clear()

    def seen(self, key: int) -> int:
        shape = self.shapes.get(key)
        return int(shape[0]) if shape is not None else 1

    def left_out(self, key: int) -> bool:
        """Explained after all (a cadence's beat), or routine: seen often, over a minute or more
        (the stream's everyday output; a burst at a failure is no routine)."""
        shape = self.shapes.get(key)
        if shape is None:
            return False
        return shape[3] > 0 or (shape[0] >= ROUTINE and shape[2] - shape[1] >= ROUTINE_SPAN_S)


class Streams:
    """Streams by name (a job, a node), at most ``max_streams``: the oldest goes first."""

    __slots__ = ("streams", "max_streams", "max_lines", "max_shapes", "max_exact")

    def __init__(self, max_streams: int, max_lines: int, max_shapes: int, max_exact: int = 0) -> None:
        self.streams: dict[str, Stream] = {}
        self.max_streams, self.max_lines, self.max_shapes = max_streams, max_lines, max_shapes
        self.max_exact = max_exact

    def see(self, name: str, t: float, line: str) -> None:
        """``Stream.see`` of the named stream, with the hot path of routine lines inlined (it runs
        for every unexplained line of every job: one call, not three)."""
        stream = self.streams.get(name)
        if stream is None:
            if len(self.streams) >= self.max_streams:
                del self.streams[next(iter(self.streams))]
            stream = self.streams[name] = Stream(self.max_lines, self.max_shapes, self.max_exact)
        elif not stream.tracing or stream.untraced(t):
            exact = stream.exact
            shape = exact.get(line) if exact else None
            if shape is None:
                key = template_key(line)
                shape = stream.shapes.get(key)
                if shape is None or shape[0] < ROUTINE:
                    stream.see_rare(t, line, key, shape)
                    return
                if stream.exact_rest:
                    stream.exact_rest -= 1
                else:
                    stream.remember(line, shape)
            else:
                stream.exact_hits += 1
            shape[0] += 1.0  # a routine template again
            shape[2] = t
            return
        stream.see(t, line)

    def get(self, name: str) -> Stream | None:
        return self.streams.get(name)

    def count(self, name: str, t: float, line: str) -> None:
        """Count an explained line's template in a stream that already has one (``Stream.count``)."""
        stream = self.streams.get(name)
        if stream is not None:
            stream.count(t, line)


@dataclass(frozen=True, slots=True)
class Unexplained:
    """A line nothing explained, as an incident lists it."""

    t: float
    source: str  # "job" or "kernel"
    line: str
    seen: int  # how many times its template was seen in its stream
    job: str | None = None
    node: str | None = None
    rank: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "t": self.t,
            "source": self.source,
            "job": self.job,
            "node": self.node,
            "rank": self.rank,
            "line": self.line,
            "seen": self.seen,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Unexplained:
        """What :meth:`to_dict` wrote (the pipeline's saved state keeps each incident's list)."""
        return cls(
            d["t"],
            str(d["source"]),
            str(d["line"]),
            int(d["seen"]),
            d.get("job"),
            d.get("node"),
            d.get("rank"),
        )


@dataclass(frozen=True, slots=True)
class Candidate:
    """A kept line in the window, with what ranks it."""

    kept: Kept
    source: str
    name: str
    seen: int


def candidates(stream: Stream, source: str, name: str, start: float, end: float) -> list[Candidate]:
    """The stream's kept lines from ``start`` to ``end``, routine and explained templates left out."""
    return [
        Candidate(k, source, name, stream.seen(k.key))
        for k in stream.lines
        if start <= k.t <= end and not stream.left_out(k.key)
    ]


def near(found: list[Candidate], failure_t: float, shown: int = SHOWN) -> list[Candidate]:
    """One line per template (the nearest to the failure), rarest template first, at most ``shown``."""
    best: dict[int, Candidate] = {}
    for c in found:
        key = c.kept.key
        old = best.get(key)
        if old is None or abs(c.kept.t - failure_t) < abs(old.kept.t - failure_t):
            best[key] = c
    ranked = sorted(best.values(), key=lambda c: (c.seen, abs(c.kept.t - failure_t), c.kept.t))
    return ranked[:shown]


def for_incident(
    jobs: Streams,
    kernels: Streams,
    world: World,
    job_ids: tuple[str, ...],
    node: str | None,
    detected_t: float,
    failure_t: float,
) -> tuple[Unexplained, ...]:
    """What an incident lists: its jobs' lines and its blamed node's kernel lines nothing explained."""
    start, end = min(failure_t, detected_t) - WINDOW_S, detected_t + AFTER_S
    found: list[Candidate] = []
    for job in job_ids:
        stream = jobs.get(job)
        if stream is not None:
            found += candidates(stream, "job", job, start, end)
    kernel = kernels.get(node) if node is not None else None
    if kernel is not None and node is not None:
        found += candidates(kernel, "kernel", node, start, end)
    return tuple(_shown(c, world) for c in near(found, failure_t))


def _shown(c: Candidate, world: World) -> Unexplained:
    """The candidate with where it came from: its job, rank and node, as far as they are known."""
    line = clean_line(c.kept.line, KEEP_CHARS)
    if c.source == "kernel":
        return Unexplained(c.kept.t, c.source, line, c.seen, node=c.name)
    rank, body = split_prefix(c.kept.line)
    host = nccl_prefix(body)[0] if "NCCL" in body else None
    node = world.canonical(host) if host else None
    if node is None and rank is not None:
        node = world.node_of_rank(c.name, rank)
    if node is None:
        run = world.jobs.get(c.name)
        node = run.spec.nodes[0] if run is not None and len(run.spec.nodes) == 1 else None
    return Unexplained(c.kept.t, c.source, line, c.seen, job=c.name, node=node, rank=rank)
