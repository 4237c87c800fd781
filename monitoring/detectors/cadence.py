"""Stalls from a job's own cadence, whatever format its trainer prints (pure).

The progress detector knows the formats of the stacks it was written for. A
trainer it has never seen (a Hugging Face ``{'loss': ..., 'epoch': ...}``
dict, DeepSpeed's pipeline ``steps: N loss: ...``, a custom print) still
prints *something* at a steady beat while it trains. This module learns that
beat from the lines themselves:

1. :func:`template_of` masks the variable parts of a line (timestamps,
   numbers, hex, paths) and keeps its shape: lines printed by one ``print``
   call share a template, whatever their values. Whitespace is no part of the
   shape (:func:`shape_key`): fixed-width fields (``[ 300/1251]``,
   ``[1000/1251]``, ``(100%)``) pad with spaces that come and go with the digits.
2. A :class:`Beat` per (stream, template) records when the template recurs
   and whether one of its numeric fields grows (a step, an epoch, a sample
   count): a heartbeat line that repeats the same values is no progress. A
   field that goes back down on the beat a slower field before it goes up is
   an odometer's wheel turning over (the batch within a new epoch), not a fall.
3. A template that recurred ``min_beats`` times at a steady interval, with a
   growing field, is the stream's cadence. A stream whose lines have no counter
   at all (``loss 2.31`` and nothing else) is timed by a template whose value
   changes on almost every beat, up and down (a fresh measurement per step);
   such a "measuring" beat is only used where no counting one exists, so a
   monitoring thread printing fresh numbers never hides a counter that stopped.
   A stall is called when every
   stream that had one has been silent for ``max(k x its period, floor)``:
   one stream that still beats (another node's ranks) keeps the job alive.

A job that never set up a cadence (slow to start) gets no deadline at all.
The miner is deliberately small (no similarity merging as in
Drain): template keys are exact shapes after masking, which is what periodic
progress lines are, and a bounded table of them per stream keeps memory flat.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

# Timestamps and clock readings first (their parts wrap, so they are no counters),
# then hex, paths, and numbers in any notation.
_TIME = re.compile(
    r"\d{4}-\d{2}-\d{2}[ T_]\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?|\d+:\d{2}(?::\d{2})?(?:\.\d+)?"
)
_MASK = re.compile(
    r"(?P<hex>\b0x[0-9a-fA-F]+\b|\b[0-9a-f]{12,}\b)"
    r"|(?P<path>/?(?:[\w.-]+/)+[\w.-]*)"
    r"|(?P<num>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)"
)
_DIGITS = re.compile(r"\d+(?:\.\d+)?")
# Progress-bar glyphs (tqdm's unicode blocks, ascii "#"): the bar's length is a value, not a shape.
_BAR = re.compile(r"[\u2580-\u259f#]+")
# An ascii bar in brackets (Keras' "[=====>......]", "[######    ]"): its fill is a value too.
_ASCII_BAR = re.compile(r"\[[=>.#*_ -]{4,}\]")
_SPACE = re.compile(r"\s+")
MAX_MINED = 400  # only a line's head is mined: progress lines are short
SMALL_INDEX = 15  # a field never beyond this whole number indexes devices or workers; it measures nothing
MAX_TEMPLATES = 48  # per stream; the least-seen template is dropped beyond it
WINDOW = 32  # intervals kept per template
SLOW_EACH = 1.3  # each interval of a slower pace is this many times the earlier median at least
BURST_S = 1.0  # the same template again within this is the same beat (several ranks, one stream)
# A worker's tag inside a line no launcher labelled ("[Trainer-0]", "[worker 3]", "(GPU 1)"): the line is that
# worker's stream, as a rank label would make it. Workers printing the same beat seconds apart in one stream
# read as a beat alternating a few seconds and a period, never a steady one (holdout32, blind: the two
# trainers of PyTorch-BigGraph, 3 s apart every ~107 s). A counter in brackets is progress, not a worker.
_WORKER_TAG = re.compile(r"[\[(]([A-Za-z][A-Za-z_]{0,15})[-_ #:]?(\d{1,4})[\])]")
_PROGRESS_NOUNS = frozenset(
    {
        "epoch",
        "ep",
        "step",
        "steps",
        "iter",
        "iters",
        "iteration",
        "it",
        "batch",
        "round",
        "cycle",
        "update",
        "e",
        "s",
    }
)


def worker_tag(body: str) -> int | None:
    """The stream of a line whose worker is named only in its text: a key apart from every rank label's (a
    negative number), or None."""
    if "[" not in body[:96] and "(" not in body[:96]:
        return None
    m = _WORKER_TAG.search(body, 0, 96)
    if m is None or m.group(1).lower() in _PROGRESS_NOUNS:
        return None
    return -1 - int(m.group(2))


def template_of(line: str) -> tuple[str, tuple[float, ...]]:
    """The line's shape (variable parts masked) and its numbers in order.

    >>> template_of("steps: 120 loss: 2.3154 iter time (s): 0.812")
    ('steps: <n> loss: <n> iter time (s): <n>', (120.0, 2.3154, 0.812))
    """
    text = line[:MAX_MINED]
    if ":" in text:
        text = _TIME.sub("<t>", text)
    if "|" in text:
        text = _BAR.sub("<b>", text)
    if "[" in text:
        text = _ASCII_BAR.sub("[<b>]", text)
    numbers: list[float] = []

    def mask(m: re.Match[str]) -> str:
        if m.group("num") is not None:
            try:
                numbers.append(float(m.group("num")))
            except ValueError:  # pragma: no cover - the pattern only matches floats
                return "<n>"
            return "<n>"
        if m.group("hex") is not None:
            return "<x>"
        path = m.group("path")
        if any(c.isalpha() for c in path):
            return "<p>"
        # "120/1000": a count and its total, not a path.
        numbers.extend(float(x) for x in _DIGITS.findall(path))
        return _DIGITS.sub("<n>", path)

    masked = _MASK.sub(mask, text)
    return _SPACE.sub(" ", masked).strip(), tuple(numbers)


def shape_key(template: str) -> str:
    """The template without its whitespace: one ``print``'s lines, however their fields were padded."""
    return "".join(template.split())


@dataclass(frozen=True)
class CadenceConfig:
    multiple: float = 4.0  # a silence of k x the learned period is a stall
    floor_s: float = 30.0  # never sooner than this
    min_beats: int = 5  # occurrences before a template's beat counts as learned
    steady: float = 0.75  # share of intervals within [period / 3, 3 x period]
    growth: float = 0.5  # share of beats on which a counter field grew (and none fell)
    fresh: float = 0.9  # share of beats on which a measuring field took a new value (up and down)
    max_period_s: float = 600.0  # a slower "beat" is no cadence worth watching


def _median(values: list[float]) -> float:
    s = sorted(values)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2.0


@dataclass(slots=True)
class Beat:
    """One template in one stream: when it recurs, and which of its fields grow."""

    template: str
    last_t: float
    count: int = 1
    intervals: list[float] = field(default_factory=list)
    last_numbers: tuple[float, ...] = ()
    grew: list[int] = field(default_factory=list)  # per field: beats on which it rose
    fell: list[int] = field(default_factory=list)  # per field: beats on which it dropped
    learned: float | None = None  # the period as last computed (a median moves slowly)
    stale: bool = True
    # per field: beats on which it read as a measure, not an index (a fraction, or beyond SMALL_INDEX);
    # None for a beat restored from a state written before this was kept (read as measuring, as then)
    wide: list[int] | None = None

    def see(self, t: float, numbers: tuple[float, ...]) -> None:
        gap = t - self.last_t
        if gap < BURST_S:
            self.last_t = max(self.last_t, t)
            return
        self.intervals.append(gap)
        if len(self.intervals) > WINDOW:
            del self.intervals[0]
        self.count += 1
        self.last_t = t
        # Recomputed on every beat while the cadence is young, then on every fourth.
        self.stale = self.stale or self.count <= 4 * CadenceConfig.min_beats or self.count % 4 == 0
        if len(numbers) == len(self.last_numbers):
            if not self.grew:
                self.grew, self.fell = [0] * len(numbers), [0] * len(numbers)
            before = self.count - 2  # beats compared before this one
            # The earliest slow field (one that changed on at most half the beats so far: an epoch)
            # that rose on this beat: every field after it may start again from the bottom.
            turned = next(
                (
                    i
                    for i, (old, new) in enumerate(zip(self.last_numbers, numbers, strict=True))
                    if new > old and before >= 4 and self.grew[i] + self.fell[i] <= 0.5 * before
                ),
                len(numbers),
            )
            for i, (old, new) in enumerate(zip(self.last_numbers, numbers, strict=True)):
                if new > old:
                    self.grew[i] += 1
                elif new < old and i <= turned:
                    self.fell[i] += 1
            if self.wide is None or len(self.wide) != len(numbers):
                self.wide = [0] * len(numbers)
            for i, new in enumerate(numbers):
                if not (new.is_integer() and 0 <= new <= SMALL_INDEX):
                    self.wide[i] += 1
        self.last_numbers = numbers

    def period(self, cfg: CadenceConfig) -> float | None:
        """The learned period, or ``None`` while this is no steady, counting beat."""
        if self.stale:
            self.learned, self.stale = self._period(cfg), False
        return self.learned

    def _period(self, cfg: CadenceConfig) -> float | None:
        if self.count < cfg.min_beats or len(self.intervals) < cfg.min_beats - 1:
            return None
        med = _median(self.intervals)
        if med <= 0 or med > cfg.max_period_s:
            return None
        near = sum(1 for x in self.intervals if med / 3.0 <= x <= med * 3.0)
        if near < cfg.steady * len(self.intervals):
            return None
        if not self.counts(cfg) and not self.measures(cfg):
            return None
        return med

    def counts(self, cfg: CadenceConfig) -> bool:
        """A field that grows on most beats and never falls: a step, an epoch, samples seen."""
        beats = self.count - 1
        return any(g >= cfg.growth * beats and f == 0 for g, f in zip(self.grew, self.fell, strict=True))

    def measures(self, cfg: CadenceConfig) -> bool:
        """A field with a new value on almost every beat, rising and falling: a loss, a throughput. Not one
        that only ever read as a small whole number (``SMALL_INDEX``): an index cycling through a node's
        devices or a job's workers ("Environment device : cuda:3"), each process printing its set-up in
        turn, is no measurement (holdout47, blind: Isaac Lab's eight processes printing their environment
        1.9 s apart, learned as a beat and its end at start-up called a stall)."""
        beats = self.count - 1
        wide = self.wide if self.wide is not None and len(self.wide) == len(self.grew) else None
        return any(
            g + f >= cfg.fresh * beats and g > 0 and f > 0 and (wide is None or wide[i] > 0)
            for i, (g, f) in enumerate(zip(self.grew, self.fell, strict=True))
        )


@dataclass(slots=True)
class Stream:
    """The templates of one stream (one rank's lines, or the job's unlabelled lines)."""

    beats: dict[str, Beat] = field(default_factory=dict)

    def see(self, t: float, template: str, numbers: tuple[float, ...]) -> Beat:
        key = shape_key(template)
        beat = self.beats.get(key)
        if beat is None:
            if len(self.beats) >= MAX_TEMPLATES:
                rarest = min(self.beats, key=lambda k: (self.beats[k].count, self.beats[k].last_t))
                del self.beats[rarest]
            beat = self.beats[key] = Beat(template, t, last_numbers=numbers)
            return beat
        beat.see(t, numbers)
        return beat


@dataclass(frozen=True)
class Stall:
    """Why a silence is a stall: the beat that broke, its period and how many streams agree."""

    deadline: float
    last_t: float
    period: float
    template: str
    streams: int
    longest: float = 0.0  # the longest gap the beat that decides took so far: the job's own longest pause


class CadenceTracker:
    """Learned cadences of one job attempt, one :class:`Stream` per rank (or ``None``)."""

    __slots__ = ("cfg", "streams", "lines", "last_t", "_stall", "_dirty", "_seen")

    def __init__(self, cfg: CadenceConfig | None = None) -> None:
        self.cfg = cfg or CadenceConfig()
        self.streams: dict[int | None, Stream] = {}
        self.lines = 0
        self.last_t: float | None = None  # the latest mined line of any stream
        self._stall: Stall | None = None
        self._dirty = False  # the stall is recomputed only after new lines (it is asked every tick)
        self._seen: Beat | None = None  # the beat the latest mined line advanced (slowdown looks at it alone)

    def to_state(self) -> list[Any]:
        streams = [
            [
                key,
                [
                    [
                        k,
                        b.template,
                        b.last_t,
                        b.count,
                        b.intervals,
                        list(b.last_numbers),
                        b.grew,
                        b.fell,
                        b.learned,
                        b.stale,
                        b.wide,
                    ]
                    for k, b in stream.beats.items()
                ],
            ]
            for key, stream in self.streams.items()
        ]
        return [self.lines, self.last_t, streams]

    def load_state(self, d: list[Any]) -> None:
        """What :meth:`to_state` wrote, into this tracker (its configuration stays)."""
        lines, last_t, streams = d
        self.lines, self.last_t = int(lines), None if last_t is None else float(last_t)
        self.streams = {}
        for key, beats in streams:
            stream = self.streams[None if key is None else int(key)] = Stream()
            for k, template, b_last, count, intervals, numbers, grew, fell, learned, stale, *rest in beats:
                wide = rest[0] if rest else None
                stream.beats[str(k)] = Beat(
                    str(template),
                    float(b_last),
                    int(count),
                    [float(x) for x in intervals],
                    tuple(float(x) for x in numbers),
                    [int(x) for x in grew],
                    [int(x) for x in fell],
                    None if learned is None else float(learned),
                    bool(stale),
                    None if wide is None else [int(x) for x in wide],
                )
        self._stall, self._dirty = None, True  # recomputed from the restored beats

    def see(self, t: float, stream: int | None, body: str) -> bool:
        """Mine one line of a stream; True when it is a beat of a learned cadence."""
        if stream is None:
            stream = worker_tag(body)
        if len(self.streams) >= 4096 and stream not in self.streams:
            stream = None  # thousands of ranks: fold the rest into one stream
        template, numbers = template_of(body)
        if not template or not numbers:
            return False  # a line without a single number has no counter to grow
        self.lines += 1
        self._dirty = True
        self.last_t = t if self.last_t is None else max(self.last_t, t)
        beat = self.streams.setdefault(stream, Stream()).see(t, template, numbers)
        self._seen = beat
        return beat.period(self.cfg) is not None

    def learned(self) -> bool:
        return self.stall() is not None

    def slowdown(
        self, ratio: float, recent: int = 3, history: int = 5, counting: bool = True
    ) -> tuple[float, float] | None:
        """(how many times slower, since when) when the beat the latest line advanced, a counting one, has
        its last ``recent`` intervals, in their median, ``ratio`` times its earlier ones at least, each of them
        ``SLOW_EACH`` times at least (one long pause is not a slower pace); None otherwise. Asked after each
        beat, so only that beat is looked at. A job that prints every N steps prints slower as its steps
        slow, whatever its format (holdout40, blind: BeeGFS saturated, a ResNet's every-100-iterations line
        34 s -> 70 s apart, a DeePMD job's every-1000-batches line 44 s -> 87 s apart, within two minutes).
        ``counting=False`` takes a beat without a counter too (``Iteration took 102 s.``), for a question that
        other evidence must confirm (``TelemetryRules.one_still_at_work``)."""
        beat, cfg = self._seen, self.cfg
        if beat is None:
            return None
        iv = beat.intervals
        if len(iv) < history + recent or beat.period(cfg) is None or (counting and not beat.counts(cfg)):
            return None
        base = _median(iv[:-recent])
        last = iv[-recent:]
        if base <= 0.0 or min(last) < SLOW_EACH * base:
            return None
        r = _median(last) / base
        return (r, beat.last_t - sum(last)) if r >= ratio else None

    def stall(self) -> Stall | None:
        """When the job's silence becomes a stall; ``None`` while no cadence is learned."""
        if self._dirty:
            self._stall, self._dirty = self._compute(), False
        return self._stall

    def _compute(self) -> Stall | None:
        best: Stall | None = None
        streams = 0
        for stream in self.streams.values():
            own = self._stream_stall(stream)
            if own is None:
                continue
            streams += 1
            if best is None or own.deadline > best.deadline:
                best = own  # every stream must be silent: the latest deadline decides
        if best is None:
            return None
        # A stream too young to have learned its beat still shows the job alive when it counts: the next
        # trial of a sweep tagged "[trial 013]" after "[trial 012]" (holdout41, blind), a worker that joined
        # late. Its latest counting line holds the stall off as the stream's own would.
        alive = max(
            (
                b.last_t
                for stream in self.streams.values()
                for b in stream.beats.values()
                if b.count >= 3 and b.last_t > best.last_t and b.counts(self.cfg)
            ),
            default=None,
        )
        if alive is not None:
            wait = max(self.cfg.multiple * best.period, self.cfg.floor_s)
            return Stall(alive + wait, alive, best.period, best.template, streams, best.longest)
        return Stall(best.deadline, best.last_t, best.period, best.template, streams, best.longest)

    def beat_of(self, template: str) -> float | None:
        """When a line of ``template`` (as a :class:`Stall` reports it, cut to 200 characters) came last, in
        any stream (None: never)."""
        return max(
            (
                b.last_t
                for stream in self.streams.values()
                for b in stream.beats.values()
                if b.template[:200] == template
            ),
            default=None,
        )

    def _stream_stall(self, stream: Stream) -> Stall | None:
        cfg = self.cfg
        best: Stall | None = None
        alive = None  # the latest line of any counting template: a trainer that changed its format
        counting = any(b.period(cfg) is not None and b.counts(cfg) for b in stream.beats.values())
        for beat in stream.beats.values():
            if beat.count >= 3 and beat.counts(cfg):
                alive = beat.last_t if alive is None else max(alive, beat.last_t)
            period = beat.period(cfg)
            if period is None or (counting and not beat.counts(cfg)):
                continue  # a measuring beat times the stream only where nothing counts
            deadline = beat.last_t + max(cfg.multiple * period, cfg.floor_s)
            if best is None or deadline > best.deadline:
                best = Stall(
                    deadline, beat.last_t, period, beat.template, 1, max(beat.intervals, default=0.0)
                )
        if best is not None and alive is not None and alive > best.last_t:
            wait = max(cfg.multiple * best.period, cfg.floor_s)
            best = Stall(alive + wait, alive, best.period, best.template, 1, best.longest)
        return best
