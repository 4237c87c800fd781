"""Which phase a job attempt is in, from its own output and the scheduler (pure).

``launching`` (started, no step yet), ``training``, ``checkpointing`` (a save
began and has not finished), ``evaluating``, ``finishing`` (the end-of-training
marker, a final save, the step counter at its total, or an evaluation's counter at
its total with no step or save after it) and ``finished`` (the
scheduler says it ended). The verdict depends on it: a failure before the
first step of a fresh start repeats on a restart until shown otherwise, a
stall after training finished costs no training, and a stall inside a save
points at the storage first.

"Before the first step" is only claimed when the attempt's start was seen:
a job already hours old when its log first reached us may well have trained.
"""

from __future__ import annotations

import re
from typing import Any

LAUNCHING = "launching"
TRAINING = "training"
CHECKPOINTING = "checkpointing"
EVALUATING = "evaluating"
FINISHING = "finishing"
FINISHED = "finished"
UNKNOWN = "unknown"

LAUNCH_WINDOW_S = 900.0  # a first line within this of the start: the launch was seen
SAVES_LEARNED = 2  # saves a job finished before its own time to save bounds the next one's grace
# "N/M" with N == M: the last step of a bar or an iteration counter (tqdm, Megatron, Lightning).
_OF_TOTAL = re.compile(r"(\d+)\s*/\s*(\d+)")
_FINAL_SAVE = re.compile(r"\bfinal\b|\blast\b", re.I)
# What an I/O error says in the program's words: the C library's strerror for EIO, ENOSPC, EDQUOT,
# ESTALE, EROFS, ETIMEDOUT and their errno numbers; PyTorch's PytorchStreamWriter "file write failed";
# libcurl's CURLE_OPERATION_TIMEDOUT ("Timeout was reached") and its low-speed check ("Operation too
# slow", lib/speedcheck.c), which object-store clients (tensorstore, the cloud SDKs) pass on; botocore's
# endpoint errors ("Read timeout on endpoint URL", "Connection was closed before we received a valid
# response from endpoint URL", "Could not connect to the endpoint URL").
IO_FAILURE = re.compile(
    r"write failed|failed (?:to )?writ|input/output error|no space left|quota exceeded|stale file handle|"
    r"read-only file system|connection timed out|timeout was reached|operation too slow|"
    r"(?:read|connect) timeout on endpoint|valid response from endpoint|could not connect to the endpoint|"
    r"\[errno (?:5|28|30|110|116|122)\]",
    re.I,
)
# A save's I/O trouble still explains a stall this many progress beats after the save said it ended
# (asynchronous checkpointing: the upload goes on behind the "saved" line, and the next collective waits).
SAVE_TROUBLE_BEATS = 2
EPOCH_MULTIPLE = 4.0  # an epoch's end may last this many times the longest the job took before


def at_total(line: str) -> bool:
    """The line counts to its own total (``1000/1000``, ``iteration 5000/ 5000``).

    Every counter on the line must be at its total: ``Epoch: 1/4, Iter: 1050/1050`` ends an epoch,
    not the training (an inner loop's counter restarts under an outer one that has not ended).
    """
    if "/" not in line:
        return False
    ended = False
    for m in _OF_TOTAL.finditer(line[:400]):
        done, total = int(m.group(1)), int(m.group(2))
        if 2 <= total and done < total:
            return False  # an outer (or any other) counter still short of its total
        if total >= 10 and done == total:
            ended = True
    return ended


def _counts(line: str) -> list[tuple[int, int]]:
    return [(int(m.group(1)), int(m.group(2))) for m in _OF_TOTAL.finditer(line[:400])]


def _totals(line: str) -> set[int]:
    """The totals the line's counters count to (``3/1250`` and ``Epoch 1/10``: {1250, 10})."""
    return {total for _, total in _counts(line)} if "/" in line else set()


def loop_at_total(line: str) -> bool:
    """Some counter on the line is at its total (``1240/1240``), whatever the others say: with an
    outer counter short of its own (``Epoch 1/3: 100%| 1240/1240``) that is an epoch's end."""
    if "/" not in line:
        return False
    for m in _OF_TOTAL.finditer(line[:400]):
        done, total = int(m.group(1)), int(m.group(2))
        if total >= 10 and done == total:
            return True
    return False


class JobPhase:
    """The phase of one job attempt, kept from the lines the detectors already parse."""

    __slots__ = (
        "started",
        "first_line_t",
        "last_line_t",
        "first_step_t",
        "last_step_t",
        "last_step",
        "ckpt_start",
        "eval_t",
        "finish_t",
        "finish_inferred",
        "filled_total",
        "loop_done_t",
        "loop_done_step",
        "resumed_t",
        "beats_after_save",
        "save_trouble",
        "save_trouble_t",
        "save_error_t",
        "launch_last_t",
        "launch_gap",
        "launch_stalled",
        "total_restarted",
        "epoch_gap",
        "epoch_end_t",
        "bar",
        "ended",
        "saves_done",
        "save_longest",
    )

    def __init__(self, started: float | None) -> None:
        self.started = started
        self.first_line_t: float | None = None
        self.last_line_t: float | None = None  # the job's latest line its phase saw (a beat or not)
        self.first_step_t: float | None = None
        self.last_step_t: float | None = None
        self.last_step: int | None = None
        self.ckpt_start: float | None = None
        self.eval_t: float | None = None
        self.finish_t: float | None = None
        self.finish_inferred = False  # finish_t read from a step counter at its total, not said
        self.filled_total: int | None = None  # the total that counter reached
        # A loop other than the step loop (an evaluation's bar) that counted to its own total: if no
        # training step and no save follows it, that loop was the job's last work.
        self.loop_done_t: float | None = None
        self.loop_done_step: int | None = None
        self.resumed_t: float | None = None  # a save finished: the step loop restarts from here
        self.beats_after_save = 0  # progress beats since the last save said it ended
        # The program's words for an I/O operation that failed or crawled during the last save
        # (a warning the save went on after: a retried upload, a slow transfer), and when.
        self.save_trouble: str | None = None
        self.save_trouble_t: float | None = None
        # When the program raised an error of its own while a save was under way (the save's process or
        # thread died: the save is not coming back by itself).
        self.save_error_t: float | None = None
        # The start-up's own rhythm: its latest line before the first step, and the longest gap
        # between its lines so far (from the start); whether its silence was raised as a stall.
        self.launch_last_t: float | None = started
        self.launch_gap = 0.0
        self.launch_stalled = False
        # A counter reached its total and the steps went on: that total was an epoch's (a bar per
        # epoch), so the next time it is reached may be another epoch's end as well as training's.
        self.total_restarted = False
        # The longest a counter at its total took to go on (an epoch's end to the next epoch's first
        # step, its evaluation and save included): the job's own rhythm at an epoch's end.
        self.epoch_gap = 0.0
        self.epoch_end_t: float | None = None  # the latest progress line that ended an epoch (not training)
        # The step loop's bar as its latest line drew it: [count, total, the widest step between two of its
        # lines (how far apart it prints), when].
        self.bar: list[float] | None = None
        self.ended = False
        # The saves this job said it finished, and the longest of them (from the line that began it to the
        # line that said it was done; a save whose end only the next beat showed is not counted: what ran
        # between them is unknown): the job's own time to save.
        self.saves_done = 0
        self.save_longest = 0.0

    def to_state(self) -> dict[str, Any]:
        return {f: getattr(self, f) for f in self.__slots__}

    @classmethod
    def from_state(cls, d: dict[str, Any]) -> JobPhase:
        ph = cls(None)
        for name in cls.__slots__:  # a field an older state lacks keeps its default
            if name in d:
                setattr(ph, name, d[name])
        return ph

    def on_line(self, t: float) -> None:
        if self.first_line_t is None:
            self.first_line_t = t
        if self.last_line_t is None or t > self.last_line_t:
            self.last_line_t = t
        self.on_startup_line(t)

    def on_any_line(self, t: float, line: str) -> None:
        """Any line of the job. One that counts a loop to its own total after a save began (an
        evaluation's bar at 7811/7811, the save's own) says the save is over and the job went on, when
        the program prints no line for the save's end (holdout18, blind: mmsegmentation's "Saving
        checkpoint at 2000 iterations", then a 76-minute evaluation whose bar printed only at its end)."""
        self.on_line(t)
        if self.ckpt_start is not None and t > self.ckpt_start and "/" in line and loop_at_total(line):
            self.on_checkpoint(t, "end")

    def on_startup_line(self, t: float) -> None:
        """Any line of the job before its first step: the start-up's rhythm (its longest gap)."""
        if self.first_step_t is None:
            last = self.launch_last_t
            if last is not None and t > last:
                self.launch_gap = max(self.launch_gap, t - last)
            if last is None or t > last:
                self.launch_last_t = t

    def on_step(self, t: float, step: int | None, line: str = "") -> None:
        """A progress line (known format) or a beat of the job's learned cadence."""
        self.on_line(t)
        if step == 0 and self.first_step_t is None:
            return  # a counter at 0 ("0/32425", a bar drawn before its first step): no step done yet
        if self.finish_inferred and self.filled_total is not None and line:
            totals = _totals(line)
            if totals and self.filled_total not in totals:
                # The step loop's bar filled and a bar counting to another total followed: another loop (a
                # validation pass between epochs, a final evaluation), not the step loop going on
                # (holdout32, blind: SpeechBrain's 1250/1250 training bar, then a 0/1 validation bar on
                # which rank 0 alone worked while the other ranks waited in the epoch's all-reduce).
                self.eval_t = t
                self.finish_t, self.finish_inferred = None, False
                if at_total(line):
                    self.loop_done_t, self.loop_done_step = t, self.last_step
                return
        if self.first_step_t is None:
            self.first_step_t = t
        self.last_step_t = t
        if step is not None:
            self.last_step = step
        if self.ckpt_start is None and self.resumed_t is not None:
            self.beats_after_save += 1
        self.ckpt_start = None
        if line and loop_at_total(line) and not at_total(line):
            self.epoch_end_t = t  # an inner loop at its total under an outer one that goes on
        if line and "/" in line:
            self._draw_bar(t, line)
        if line and at_total(line):
            self.finish_t, self.finish_inferred = t, True
            self.filled_total = max(done for done, total in _counts(line) if done == total)
        elif self.finish_inferred and self.finish_t is not None and t > self.finish_t:
            # A counter at its total was taken for the end, and the step loop went on: it was not.
            # (The next time it reaches its total may be the end: a stall right after an epoch's bar
            # is full stays ambiguous, and is reported rather than requeued, unless a node is named.)
            self.epoch_gap = max(self.epoch_gap, t - self.finish_t)
            self.finish_t, self.finish_inferred = None, False
            self.total_restarted = True
        elif self.loop_done_t is not None and step is not None and step > (self.loop_done_step or -1):
            self.loop_done_t = None  # training went on after that loop: it was not the last

    def _draw_bar(self, t: float, line: str) -> None:
        """Keep the step loop's bar (its largest total, short of it) and how far apart its lines print."""
        counts = [(done, total) for done, total in _counts(line) if total >= 10 and done < total]
        if not counts:
            return
        done, total = max(counts, key=lambda c: c[1])
        bar = self.bar
        stride = 0.0
        if bar is not None and bar[1] == total:
            stride = max(bar[2], float(done - bar[0]))
        self.bar = [float(done), float(total), stride, t]

    def loop_closed_after(self, last_beat_t: float) -> float | None:
        """When the job last printed, if its beat stopped at its loop's end (the bar at its total, or short of
        it by less than one print step) and lines followed that last beat: the loop's closing summary, the
        program gone on to its work between loops. None otherwise."""
        at_end = self.epoch_end_t is not None and self.epoch_end_t == self.last_step_t
        if not (at_end or self.in_last_stretch()) or self.last_line_t is None:
            return None
        return self.last_line_t if self.last_line_t > last_beat_t else None

    def in_last_stretch(self) -> bool:
        """The latest progress line left the bar less than one of its print steps short of its total: the
        loop (an epoch) ends before the next line would have come (holdout33, blind: AllenNLP's workers at
        batch 1562 of 1563, one all-reducing its "done" flag while the other ran an extra batch: the
        uneven last batch of an epoch, which a restart reaches again)."""
        bar = self.bar
        return bar is not None and bar[3] == self.last_step_t and bar[2] > 0 and 0 < bar[1] - bar[0] < bar[2]

    def on_checkpoint(self, t: float, what: str, line: str = "") -> None:
        self.on_line(t)
        if what == "start":
            self.ckpt_start = t
            self.save_trouble = self.save_trouble_t = None  # a new save: the last one's trouble is over
            if _FINAL_SAVE.search(line):
                # the final save: training is over once it is written
                self.finish_t, self.finish_inferred = t, False
            else:
                self.loop_done_t = None  # a save began: the job is still working
            return
        if self.ckpt_start is not None:
            self._saved(t)
        self.ckpt_start = None
        self.resumed_t = t
        self.beats_after_save = 0

    def _saved(self, t: float) -> None:
        start = self.ckpt_start
        if start is not None and t >= start:
            self.saves_done += 1
            self.save_longest = max(self.save_longest, t - start)

    def learned_save_s(self, multiple: float, floor: float) -> float | None:
        """How long a save of this job may take by its own earlier saves: ``multiple`` x the longest of them,
        ``floor`` at least, once it finished ``SAVES_LEARNED`` saves; None before."""
        if self.saves_done < SAVES_LEARNED:
            return None
        return max(multiple * self.save_longest, floor)

    def on_loop_start(self, t: float, line: str = "") -> None:
        """The program said it begins a training loop or an epoch: a save or an evaluation it was in is over."""
        if self.ckpt_start is not None:
            self.on_checkpoint(t, "done", line)
        else:
            self.on_line(t)
        self.eval_t = None

    def in_save(self) -> bool:
        """A save is under way, or ended so few beats ago that its upload may still be going on."""
        if self.ckpt_start is not None:
            return True
        return self.resumed_t is not None and self.beats_after_save <= SAVE_TROUBLE_BEATS

    def on_error(self, t: float) -> None:
        """The program raised an error of its own (an exception's last line)."""
        if self.ckpt_start is not None and t >= self.ckpt_start:
            self.save_error_t = t

    def save_failed(self) -> bool:
        """A save is under way and the program raised an error since it began: no save grace. A save
        allows a long silence because it is working; one whose own process died is not (holdout27, blind:
        Megatron's async save process died of a CUDA-IPC error and the trainer waited for it forever)."""
        return (
            self.ckpt_start is not None
            and self.save_error_t is not None
            and self.save_error_t >= self.ckpt_start
        )

    def on_io_trouble(self, t: float, words: str) -> None:
        """A line saying an I/O operation failed or crawled, while a save is under way (``in_save``)."""
        if self.save_trouble is None and self.in_save():
            self.save_trouble, self.save_trouble_t = words, t

    def on_lifecycle(self, t: float, what: str, line: str = "") -> None:
        self.on_line(t)
        if what != "finished" and self.ckpt_start is not None and t > self.ckpt_start:
            # An evaluation begins after a save began: the program went on, the save is over (holdout61,
            # blind: Flax's "Saving checkpoint step 6255." and, 3 s later, "Running evaluation for 48 steps.").
            # Its length, inferred, teaches nothing of the job's time to save (``learned_save_s``).
            self.ckpt_start = None
            self.resumed_t = t
            self.beats_after_save = 0
        if what == "finished":
            self.finish_t, self.finish_inferred = t, False
        else:
            self.eval_t = t
            if line and at_total(line):
                self.loop_done_t, self.loop_done_step = t, self.last_step

    @property
    def finished_at(self) -> float | None:
        """When training (or the job's last loop) ended, if it did."""
        return self.finish_t if self.finish_t is not None else self.loop_done_t

    def finish_grace(self, grace: float, floor: float) -> float:
        """How long a silence after the end of training may last. A counter at a total the job had
        reached and gone past before is an epoch's end as likely as training's: the job's own longest
        epoch-to-epoch gap, ``EPOCH_MULTIPLE`` times, not the teardown's full ``grace`` (holdout5's
        DeepDeWedge hang and xDiT's hang after its last prompt waited 600 s at 14 s and 4 s gaps)."""
        if self.finish_inferred and self.total_restarted and self.epoch_gap > 0:
            return min(grace, max(floor, EPOCH_MULTIPLE * self.epoch_gap))
        return grace

    def on_end(self) -> None:
        self.ended = True

    def launch_seen(self) -> bool:
        first = self.first_line_t
        return self.started is not None and first is not None and first - self.started <= LAUNCH_WINDOW_S

    def phase(self) -> str:
        return FINISHED if self.ended else self._live_phase()

    def _live_phase(self) -> str:
        """The phase its own output puts it in, whether or not the scheduler has ended it since."""
        if self.finished_at is not None:
            return FINISHING
        if self.ckpt_start is not None:
            return CHECKPOINTING
        if self.eval_t is not None and (self.last_step_t is None or self.eval_t > self.last_step_t):
            return EVALUATING
        if self.first_step_t is None:
            return LAUNCHING if self.launch_seen() else UNKNOWN
        return TRAINING

    def describe(self) -> dict[str, Any]:
        """What an observation carries about the phase it was made in."""
        out: dict[str, Any] = {"phase": self.phase(), "step": self.last_step}
        if self.ended:
            # Where it stopped: what its next attempt is compared with ("would a restart repeat it?").
            out["stopped_in"] = self._live_phase()
        if self.first_step_t is None and self.launch_seen():
            out["before_first_step"] = True
        if self.ckpt_start is not None:
            out["ckpt_start_t"] = self.ckpt_start
        if self.save_trouble is not None and self.in_save():
            out["save_trouble"] = self.save_trouble
            out["save_trouble_t"] = self.save_trouble_t
        if self.finish_t is None and self.loop_done_t is not None:
            out["last_loop_only"] = True  # finishing is inferred from a completed loop, not said
        if self.epoch_end_t is not None and self.epoch_end_t == self.last_step_t:
            out["at_epoch_end"] = True  # its last progress ended an epoch; the next has not begun
        elif self.in_last_stretch():
            out["epoch_last_stretch"] = True  # its bar short of its total by less than one print step
        if self.finish_inferred and self.total_restarted:
            out["epoch_total"] = True  # a counter at a total it had reached before and gone past
        return out
