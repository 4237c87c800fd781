"""Training progress: iteration lines, checkpoint saves, hangs and stragglers.

A hang is declared long before NCCL's watchdog fires (10 min by default):
when a job has printed no progress line for ``max(hang_multiple x median
interval between its progress lines, hang_min_s)``. A checkpoint save in
flight pauses that clock, since a save legitimately stops the step loop.
A straggler is a job whose step time stays at or above ``straggler_ratio`` x
its own median for ``straggler_lines`` progress lines in a row.

Understood out of the box: Megatron-LM (``iteration N/ M | ... elapsed time per
iteration (ms): X``), NeMo / Lightning progress bars (``Epoch E: ... | N/? [..,
train_step_timing in s=X]``), torchtitan (``step: N  loss: ... tps: X``),
DeepSpeed-style ``step=N`` and plain tqdm bars; a job may add its own regex
(a ``step`` group, optionally ``time``) in its opt-in comment as
``{"recovery": {"progress_regex": "..."}}``.
"""

from __future__ import annotations

import json
import re
from typing import Any, NamedTuple

_ANSI = re.compile(r"\x1b\[[0-9;]*m")
# Patterns are matched at the position str.find() gives: Python's re has no fast
# scan for patterns that start with \b or a class, and these run on every line.
_MEGATRON = re.compile(r"iteration\s+(\d+)\s*/\s*\d+")
_MEGATRON_MS = re.compile(r"elapsed time per iteration \(ms\):\s*([\d.]+)")
_BAR = re.compile(r"Epoch (\d+)\b[^|]*\|[^|]*\|\s*(\d+)/(?:\d+|\?)\s*\[")
_BAR_TIMING = re.compile(r"train_step_timing in s\s*[=:]\s*([\d.]+)")
_TQDM_RATE = re.compile(r"([\d.]+)\s*(s/it|it/s)")
_TITAN = re.compile(r"step:\s*(\d+)\s+loss:")
_TITAN_TPS = re.compile(r"tps:\s*([\d,]+)")
_GENERIC_STEP = re.compile(r"(?:global_step|step)\s*[=:]\s*(\d+)\b(?![.\w])|Step (\d+)\s*/\s*\d+")
_WORD_BEFORE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_/=.-")
# tqdm's format_meter: "| n/total [elapsed<remaining, rate]"; past a total set too low, remaining is
# negative and format_interval prints it so ("22200/22180 [3:05:10<-1:59:52"; holdout21).
_TQDM = re.compile(r"\|\s*(\d+)/(\d+)\s*\[[\d:]+<-?[\d:?]+")
# A bar whose description (tqdm's "{desc}: {percentage}%|") names set-up work, not steps: the libraries'
# own loading bars (transformers' "Loading checkpoint shards", huggingface_hub's "Fetching N files" and
# "Downloading", datasets' "Map", "Filter", "Generating train split", "Resolving data files", vLLM's
# "Loading safetensors checkpoint shards" and "Capturing CUDA graphs"). Counting one as a step puts a job
# that never trained past its first step (holdout24, blind: verl failing in NCCL's bootstrap right
# after "Loading checkpoint shards: 100%| 4/4" read as "training at step 4", and requeued).
_SETUP_BAR = re.compile(
    r"(?:^|[^\w])(?:Loading|Downloading|Fetching|Resolving|Generating|Tokeniz\w*|Map|Filter|Capturing|Compiling|"
    r"Preparing|Extracting|Converting)\b[^|%]{0,80}?:?\s*\d{1,3}%[^|%]{0,12}\|"
)

# Read from the emitters' source (docs/FORMATS.md): Megatron-LM checkpointing.py, NeMo
# model_checkpoint.py / io/pl.py, DeepSpeed engine.py and torch_checkpoint_engine.py,
# torchtitan checkpoint.py (v0.1-v0.2 "saving", later "Saving|Staging the checkpoint."), PyTorch-BigGraph's
# train.py "Writing the checkpoint",
# HF Trainer _save() "Saving model checkpoint to".
_CKPT_DONE = re.compile(
    r"successfully saved checkpoint|finished (?:saving|staging) the checkpoint|saved checkpoint|checkpoint saved|"
    r"last step checkpoint completed|checkpoint \S+ is ready now|"
    r"async checkpoint save for step \d+ .*finalized successfully",
    re.I,
)
# Lightning's ModelCheckpoint and Keras's print "..., saving model to PATH" before they write it (lightning
# callbacks/model_checkpoint.py: rank_zero_info, then _save_checkpoint): a save begun, not done (holdout80,
# blind: a save blocked on an NFS server that stopped answering, read as the save's end and its silence as
# the training loop's).
_CKPT_START = re.compile(
    r"\b(?:saving|staging|writing) (?:the )?(?:model |distributed )?checkpoint|checkpoint \S+ is about to be saved|"
    r"saving model to",
    re.I,
)  # HF, DeepSpeed: "model"
_CKPT_STEP = re.compile(r"(?:iteration|step)[\s=:]+(\d+)", re.I)
# A save named by what it writes and where it writes it, in any trainer's words: RETURNN's engine
# "Save model under /setups/models/epoch.040.pt", "saving weights to /ckpt/...", "Writing model
# state to gs://bucket/...", a Theano/Lasagne script's "saving params to /home/.../e11.pkl", accelerate's
# save_state "Saving current state to lora/checkpoint-2500" (a path relative to the run's directory: holdout80,
# blind). Present tense only ("saved" is done), and a path or a URL must follow.
_SAVE_TO_PATH = re.compile(
    r"\b(?:sav(?:e|ing)|writ(?:e|ing))\s+(?:the\s+)?(?:\w+\s+)?(?:model|weights|state|ckpt|param(?:eter)?s)\b[^/\n]{0,40}?"
    r"(?:[a-z][a-z0-9+.-]*://|\s\.{0,2}/|\s[\w.~-]+/)",
    re.I,
)


# A save named by the work it does on the checkpoint's state, in any trainer's words: FSDP's full state dict
# gathered on rank 0 ("gathering full state dict on rank 0"), shards consolidated ("consolidating checkpoint
# shards"), a checkpoint uploaded or copied to an object store ("uploading checkpoint to s3://..."),
# serialized, flushed or synced (holdout68, blind: a 7B FSDP job's "step 12800: gathering full state dict on
# rank 0 (FSDP FULL_STATE_DICT, offload_to_cpu=True)", then 7 minutes consolidating and uploading). A verb of
# work in its progressive or base form, then the checkpoint's own nouns within a few words.
_SAVE_WORK = re.compile(
    r"\b(?:gather(?:ing)?|consolidat(?:e|ing)|upload(?:ing)?|serializ(?:e|ing)|persist(?:ing)?|flush(?:ing)?|"
    r"cop(?:y|ying)|sync(?:ing)?|offload(?:ing)?)\b[^.;\n]{0,40}?\b(?:(?:full |sharded |model |optimi[sz]er )?"
    r"state[ _]?dicts?|checkpoints?|ckpts?)\b",
    re.I,
)
_LOADING = re.compile(r"\bload", re.I)  # a checkpoint loaded is no save ("offload", "upload" are not loads)


# The save's own word that it is done, alone on its line, its time at most beside it ("saved (8.5s)",
# "Saved.", "done saving"): the end of the save a path-named line began (a Theano script's pickles).
_SAVED_BARE = re.compile(r"^\W*(?:saved|done saving)\b[^A-Za-z]{0,24}(?:s|sec|seconds)?\W*$", re.I)


class ProgressLine(NamedTuple):
    """One progress line: a monotone step key and, where printed, a time per step.

    Parsers return plain ``(step, step_time)`` tuples, which compare equal to
    this; building a NamedTuple per line costs more than parsing the line.
    """

    step: int
    step_time: float | None = None


Progress = tuple[int, "float | None"]


def _float(text: str) -> float | None:
    try:
        value = float(text.replace(",", ""))
    except ValueError:
        return None
    return value if value > 0 else None


def _megatron(line: str) -> Progress | None:
    """``iteration    11710/  500000 | ... | elapsed time per iteration (ms): 1839.1 |``.

    Sliced with find() and int()/float() (which skip the padding) rather than
    a regex: this runs on every progress line of every Megatron job.
    """
    i = line.find("iteration")
    j = line.find("/", i)
    try:
        step = int(line[i + 9 : j])
    except ValueError:
        m = _MEGATRON.match(line, i)
        if not m:
            return None
        step = int(m.group(1))
    k = line.find("elapsed time per iteration (ms):", j)
    if k < 0:
        t = (
            _BAR_TIMING.search(line) if "train_step_timing" in line else None
        )  # NeMo 2.0 prints Megatron-style
        return (step, _float(t.group(1)) if t else None)
    end = line.find("|", k)
    try:
        ms = float(line[k + 32 : end if end > 0 else None])
    except ValueError:
        return (step, None)
    return (step, ms / 1000.0 if ms > 0 else None)


def _bar(line: str) -> Progress | None:
    m = _BAR.search(line)
    if not m:
        return None
    step = int(m.group(1)) * 1_000_000_000 + int(m.group(2))
    t = _BAR_TIMING.search(line)
    if t:
        return (step, _float(t.group(1)))
    return (step, _rate(line))


def _rate(line: str) -> float | None:
    r = _TQDM_RATE.search(line)
    if not r:
        return None
    value = _float(r.group(1))
    if value is None:
        return None
    return value if r.group(2) == "s/it" else 1.0 / value


def _titan(line: str) -> Progress | None:
    """``step: 23320  loss:  1.9972  memory: ...  tps: 3,406  ...`` (sliced, not regexed)."""
    i = line.find("step:")
    j = line.find("loss:", i)
    if i < 0 or j < 0:
        return None
    try:
        step = int(line[i + 5 : j])
    except ValueError:
        m = _TITAN.match(line, i)
        if not m:
            return None
        step = int(m.group(1))
    k = line.find("tps:", j)
    if k < 0:
        return (step, None)
    end = line.find("  ", k + 6)
    value = _float(line[k + 4 : end if end > 0 else None].strip())
    # tokens/s is inversely proportional to step time; only ratios are compared.
    return (step, 1.0 / value if value else None)


def parse_progress(line: str, custom: re.Pattern[str] | None = None) -> Progress | None:
    """Recognise a progress line of any supported stack; ``None`` otherwise.

    Runs on every job-log line, so the keyword tests come first and the
    cheapest rejection path (no keyword at all) costs a handful of scans.
    """
    if custom is not None:
        found = _custom(line, custom)
        if found is not None:
            return found
    found = _known(line)
    if found is None and "\x1b" in line and ("tep" in line or "iteration" in line or "Epoch" in line):
        found = _known(_ANSI.sub("", line))  # torchtitan colours its metrics
    return found


class Style(NamedTuple):
    """A stack's progress format: the keyword its lines always carry, and its parser."""

    keyword: str
    parse: Any


def style_of(line: str) -> Style | None:
    """Which well-known stack printed this progress line (None for generic forms)."""
    if "iteration" in line and _megatron(line) is not None:
        return STYLES[0]
    if "Epoch" in line and "|" in line and _bar(line) is not None:
        return STYLES[1]
    if "tep" in line and "loss" in line and "\x1b" not in line and _titan(line) is not None:
        return STYLES[2]
    return None


def _known(line: str) -> Progress | None:
    if "iteration" in line:
        found = _megatron(line)
        if found is not None:
            return found
    if "Epoch" in line and "|" in line:
        found = _bar(line)
        if found is not None:
            return found
    rated = "it/s" in line or "s/it" in line
    if rated and "|" in line:
        # A tqdm bar, whatever follows it on the line: another logger's record often lands right after
        # the bar's "]" (the bar ends with \r, not a newline), "... 130.58s/it][INFO] ... Skipping step".
        found = _tqdm(line)
        if found is not None:
            return found
    if "tep" not in line:
        return None
    if "loss" in line:
        found = _titan(line)
        if found is not None:
            return found
    if "heckpoint" in line:
        return None
    return _generic(line)


def _generic(line: str) -> Progress | None:
    """``step=N`` / ``global_step: N`` / ``Step N/M`` as a word of its own (not inside a path)."""
    for word in ("step", "Step"):
        pos = line.find(word)
        while pos >= 0:
            before = line[pos - 1] if pos > 0 else " "
            if before not in _WORD_BEFORE or line.startswith("global_step", pos - 7):
                start = pos - 7 if line.startswith("global_step", pos - 7) else pos
                m = _GENERIC_STEP.match(line, start)
                if m:
                    return (int(m.group(1) or m.group(2)), None)
            pos = line.find(word, pos + 4)
    return None


def _tqdm(line: str) -> Progress | None:
    m = _TQDM.search(line)
    if not m or _SETUP_BAR.search(line[: m.start() + 1]):
        return None
    return (int(m.group(1)), _rate(line))


def _custom(line: str, pattern: re.Pattern[str]) -> Progress | None:
    m = pattern.search(line)
    if not m:
        return None
    groups = m.groupdict()
    raw_step = groups.get("step") or (m.group(1) if m.groups() else None)
    if raw_step is None:
        return None
    try:
        step = int(float(raw_step))
    except ValueError:
        return None
    raw_time = groups.get("time")
    return (step, _float(raw_time) if raw_time else None)


def custom_pattern(comment: str | None) -> re.Pattern[str] | None:
    """A job's own progress regex from its opt-in comment, if it gives a valid one."""
    if not comment or "progress_regex" not in comment:
        return None
    try:
        rec = json.loads(comment).get("recovery", {})
        raw = rec.get("progress_regex") if isinstance(rec, dict) else None
        return re.compile(raw) if isinstance(raw, str) and raw else None
    except (ValueError, TypeError, AttributeError, re.error):
        return None


def may_be_save(line: str) -> bool:
    """Whether ``parse_checkpoint`` could read the line: the substrings every save line it reads holds."""
    return "av" in line or "heckpoint" in line or "ckpt" in line or "tate dict" in line or "TATE_DICT" in line


def parse_checkpoint(line: str) -> tuple[str, int | None] | None:
    """``("start"|"done", step or None)`` for checkpoint save lines; loads are not saves."""
    if "heckpoint" not in line and "saving model" not in line:
        # (the nouns first: lines saying "av" are common, "average" among them)
        if (
            "odel" in line or "eights" in line or "tate" in line or "ckpt" in line or "aram" in line
        ) and _SAVE_TO_PATH.search(line):
            return "start", _ckpt_step(line)
        if ("aved" in line or "AVED" in line or "saving" in line) and _SAVED_BARE.search(line):
            return "done", None
        if ("tate" in line or "ckpt" in line or "TATE" in line) and _SAVE_WORK.search(line):
            return ("start", _ckpt_step(line)) if _LOADING.search(line) is None else None
        return None
    if (
        "sav" not in line
        and "Sav" not in line
        and "SAV" not in line
        and "taging" not in line
        and "riting" not in line
        and "ready now" not in line
        and "completed" not in line
    ):
        if _SAVE_WORK.search(line) and _LOADING.search(line) is None:
            return "start", _ckpt_step(line)
        return None
    low_load = "load" in line or "Load" in line
    if low_load:
        return None
    if _CKPT_DONE.search(line):
        return "done", _ckpt_step(line)
    if _CKPT_START.search(line):
        return "start", _ckpt_step(line)
    if _SAVE_TO_PATH.search(line):
        # the path names the checkpoint, the words what is written (accelerate's save_state: "Saving current
        # state to /data/.../checkpoint-1000"; holdout62, blind)
        return "start", _ckpt_step(line)
    return None


_FINISHED = re.compile(
    r"training (?:is )?(?:completed?|finished|done)|finished training|after training is done|done training|"
    r"Trainer\.fit`? stopped|training loop (?:ended|exited)|"
    # Hugging Face Trainer.train() logs its run-level speed metrics once, when the loop is over
    # (speed_metrics("train", ...) -> train_runtime, train_samples_per_second...); trainers built on it
    # (TRL, ms-swift, LLaMA-Factory, axolotl) print the same dict.
    r"['\"]train_runtime['\"]\s*:",
    re.I,
)
_EVAL = re.compile(r"validat|evaluat", re.I)
# The end of an epoch announces the work between epochs (validation, a save, reshuffling the data):
# "Epoch[1] Complete", "End of epoch 3", "epoch 2 finished", "Epoch 4 done in 812 s".
_EPOCH_END = re.compile(
    r"\bepoch\b[^a-z]{0,24}(?:is |has )?(?:complete[d]?|end(?:ed)?|finished|done|over)\b|\bend of (?:the )?epoch\b",
    re.I,
)


# A Python traceback's frame line (traceback.py's '  File "{}", line {}, in {}'): holdout80, blind, a
# DeepSpeed save failing inside HF Trainer's _maybe_log_save_evaluate, read as an evaluation begun.
_FRAME = re.compile(r'File "[^"]*", line \d+, in ')


def parse_lifecycle(line: str) -> str | None:
    """``"finished"`` when training says it is over, ``"busy"`` for validation/evaluation lines and the
    end of an epoch (what follows it is the between-epochs work).

    Both stop a silence from reading as a hang: a finished job waits for Slurm
    to notice it exited, and evaluation pauses the step loop on purpose.
    """
    if 'File "' in line and _FRAME.search(line):
        return None  # a traceback's frame names the code it ran ("in _maybe_log_save_evaluate"), not a phase
    if "rain" in line and _FINISHED.search(line):
        return "finished"
    if ("alid" in line or "valuat" in line) and _EVAL.search(line):
        return "busy"
    if ("poch" in line or "POCH" in line) and _EPOCH_END.search(line):
        return "busy"
    return None


# The program saying it begins a training loop or an epoch ("Starting training step on epoch 3", "Epoch: 3",
# "Beginning training"): whatever it was doing before (a save no line said was done) is over.
_LOOP_START = re.compile(
    r"\b(?:start(?:ing|s)?|begin(?:ning|s)?)\s+(?:the\s+)?(?:training|train|epoch)\b|"
    r"(?:^|[-:|>\]]\s)\s*epoch\s*[:=]?\s*\d+(?:\s*/\s*\d+)?\s*$",
    re.I,
)


def loop_starts(line: str) -> bool:
    """Whether the line announces the start of a training loop or an epoch."""
    return ("poch" in line or "rain" in line or "POCH" in line) and _LOOP_START.search(line) is not None


def _ckpt_step(line: str) -> int | None:
    m = _CKPT_STEP.search(line)
    return int(m.group(1)) if m else None


# --- per-job tracker -------------------------------------------------------------------


def _median(values: list[float]) -> float:
    s = sorted(values)
    n = len(s)
    mid = n // 2
    return s[mid] if n % 2 else (s[mid - 1] + s[mid]) / 2.0


# A job that prints in bursts (each rank's bar at once, every few minutes: holdout40, blind, MLPF's four ranks'
# tqdm lines within seconds of each other every 180 s) has a short median interval, the lines within a burst,
# and a silence of its own between bursts. When the gaps of at least BURST_RATIO times the median hold
# BURST_TIME of the time the recent intervals span (whatever the number of lines per burst), the silence
# that is a stall is BURST_MULTIPLE times their median. A steady printer's pauses (an evaluation now and then)
# hold far less of its time.
BURST_RATIO = 10.0
BURST_TIME = 0.8
BURST_MULTIPLE = 2.0
# A line that advanced this many steps or more, at the job's usual time per step (within STRIDE_RATE either way):
# the job prints every so many steps at its pace (``ProgressTracker._restrided``).
STRIDE_CHANGE = 3.0
STRIDE_RATE = 1.5


def _burst_gap(intervals: list[float], med: float | None) -> float | None:
    if not med or len(intervals) < 3:
        return None
    long = [iv for iv in intervals if iv >= BURST_RATIO * med]
    return _median(long) if long and sum(long) >= BURST_TIME * sum(intervals) else None


class ProgressTracker:
    """Progress memory of one job attempt; reset when the job starts again."""

    WINDOW = 64
    REFRESH = 16

    __slots__ = (
        "last_t",
        "last_step",
        "intervals",
        "step_times",
        "slow_run",
        "slow_since",
        "straggling",
        "ckpt_start",
        "ckpt",
        "ckpt_seen",
        "hang_raised",
        "_median_iv",
        "_median_st",
        "_burst_gap",
        "_dirty",
        "finished",
        "busy_t",
        "stride",
    )

    def __init__(self) -> None:
        self.last_t: float | None = None
        self.last_step: int | None = None
        self.intervals: list[float] = []
        self.step_times: list[float] = []
        self.slow_run = 0
        self.slow_since: float | None = (
            None  # the first slow line of the current run: the straggler's first sign
        )
        self.straggling = False
        self.ckpt_start: float | None = None
        self.ckpt: tuple[float, int] | None = None
        self.ckpt_seen = False
        self.hang_raised = False
        self.finished = False
        self.busy_t: float | None = None
        self.stride: int | None = None  # the steps the last usable line advanced (``hang_deadline``)
        self._median_iv: float | None = None
        self._burst_gap: float | None = None  # the gap between bursts of lines, when the job prints in bursts
        self._median_st: float | None = None
        self._dirty = 1

    def on_progress(self, t: float, p: Progress) -> bool:
        """Record a progress line; True when it advanced the step (a new step)."""
        step = p[0]
        if step == self.last_step:
            return False
        last_t = self.last_t
        # An interval spanning a checkpoint save says nothing about step time.
        usable = last_t is not None and t > last_t and not self.ckpt_seen
        step_time = p[1]
        if usable:
            assert last_t is not None
            iv = self.intervals
            iv.append(t - last_t)
            if len(iv) > self.WINDOW:
                del iv[0]
            if step_time is None and self.last_step is not None and 0 < step - self.last_step < 1_000_000:
                step_time = (t - last_t) / (step - self.last_step)
            gap = step - self.last_step if self.last_step is not None else 0
            self.stride = gap if 0 < gap < 1_000_000 else None
        else:
            self.stride = None
        if step_time is not None:
            st = self.step_times
            st.append(step_time)
            if len(st) > self.WINDOW:
                del st[0]
        self.last_t, self.last_step = t, step
        if self.ckpt_seen or self.ckpt_start is not None:
            self.ckpt_start, self.ckpt_seen = None, False
        self.hang_raised = False
        if self.finished:
            self.finished = False  # a new phase started after the one that "finished"
        self._dirty += 1
        return True

    def on_lifecycle(self, t: float, what: str) -> None:
        """Training finished (no more hangs to watch), or evaluating (keep the clock alive)."""
        if what == "finished":
            self.finished = True
        else:
            self.busy_t = t
            self.ckpt_seen = True  # the next interval spans the evaluation: not a step interval

    def on_checkpoint(self, t: float, what: str, step: int | None) -> None:
        """A save started or finished; a finished save is the restart point."""
        self.ckpt_seen = True
        if what == "start":
            self.ckpt_start = t
            return
        self.ckpt_start = None
        # The step loop resumes only now: the hang clock runs from the end of the save.
        self.busy_t = t if self.busy_t is None else max(self.busy_t, t)
        saved = step if step is not None else self.last_step
        if saved is not None and saved < 1_000_000_000:
            self.ckpt = (t, saved)
        elif saved is not None:
            self.ckpt = (t, saved % 1_000_000_000)

    def beat_after_save(self, t: float) -> None:
        """The job's own beat came again after a save began (``Ingest._cadence``): the save is over, whatever
        line a parser would have ended it with. A save began, and no line of a format known here says it
        ended, only the loop beating again (Hugging Face's "Saving model checkpoint to ...", then its dicts)."""
        if self.ckpt_start is not None and t > self.ckpt_start:
            self.ckpt_start = None

    @property
    def burst_gap(self) -> float | None:
        """The gap between the job's bursts of lines, when it prints in bursts (``_burst_gap``)."""
        gap = self._burst_gap
        return gap if gap is not None and BURST_MULTIPLE * gap > 0 else None

    def median_interval(self) -> float | None:
        self._refresh()
        return self._median_iv

    def _refresh(self) -> None:
        """Medians are refreshed every few lines, not every line: a median moves slowly."""
        if not self._dirty:
            return
        small = len(self.intervals) < 2 * self.REFRESH or len(self.step_times) < 2 * self.REFRESH
        if self._dirty < self.REFRESH and not small:
            return
        self._refresh_now()

    def _refresh_now(self) -> None:
        self._median_iv = _median(self.intervals) if self.intervals else None
        self._burst_gap = _burst_gap(self.intervals, self._median_iv)
        self._median_st = _median(self.step_times) if self.step_times else None
        self._dirty = 0

    def hang_deadline(
        self, multiple: float, min_s: float, min_intervals: int, ckpt_grace: float
    ) -> float | None:
        """When silence becomes a hang; ``None`` while there is no baseline yet."""
        if self.last_t is None or self.finished or len(self.intervals) < min_intervals:
            return None
        if self._dirty:
            self._refresh_now()  # the threshold is exact; only the straggler check uses a lazy median
        med = self._median_iv or 0.0
        threshold = max(
            multiple * med, min_s, BURST_MULTIPLE * (self._burst_gap or 0.0), self._restrided(multiple)
        )
        deadline = max(self.last_t, self.busy_t or 0.0) + threshold
        if self.ckpt_start is not None:
            deadline = max(deadline, self.ckpt_start + max(threshold, ckpt_grace))
        return deadline

    def _restrided(self, multiple: float) -> float:
        """``multiple`` x the last interval, when the last line advanced ``STRIDE_CHANGE`` steps or more in the time
        the job's usual time per step says those steps take: the job prints every so many steps at its usual
        pace, and a median of intervals learned while it printed more often is too short
        (holdout84, blind: DeepSpeed's fp16 overflow lines forcing a tqdm line each step for the first 8 steps,
        3.5 s apart, then the bar printing every 10 steps, 35 s apart, read as a stall 6 times). 0 otherwise."""
        st, stride, iv = self._median_st, self.stride, self.intervals
        if not st or stride is None or stride < STRIDE_CHANGE or not iv or len(self.step_times) < 3:
            return 0.0
        ratio = iv[-1] / (stride * st)
        return multiple * iv[-1] if 1 / STRIDE_RATE <= ratio <= STRIDE_RATE else 0.0

    def check_straggler(self, ratio: float, lines: int, min_history: int = 10) -> float | None:
        """After a progress line: the slowdown ratio once ``lines`` slow lines ran in a row."""
        st = self.step_times
        if len(st) < min_history:
            return None
        med = self._median_st
        if med is None or self._dirty >= self.REFRESH:
            self._refresh_now()
            med = self._median_st
        if not med:
            return None
        current = st[-1]
        r = current / med
        if r >= ratio:
            self.slow_run += 1
            if self.slow_run == 1:
                self.slow_since = self.last_t
        else:
            self.slow_run = 0
            self.straggling = False
        if self.slow_run >= lines and not self.straggling:
            self.straggling = True
            return r
        return None

    def to_state(self) -> dict[str, Any]:
        return {
            "lt": self.last_t,
            "ls": self.last_step,
            # exact, not rounded: a deadline on the edge of a tick must fall the same after a handover
            "iv": list(self.intervals),
            "st": [round(x, 6) for x in self.step_times],
            "sr": self.slow_run,
            "sg": self.straggling,
            "ss": self.slow_since,
            "cs": self.ckpt_start,
            "ck": list(self.ckpt) if self.ckpt else None,
            "hr": self.hang_raised,
            "cx": self.ckpt_seen,
            "fi": self.finished,
            "bt": self.busy_t,
            "sd": self.stride,
        }

    @classmethod
    def from_state(cls, d: dict[str, Any]) -> ProgressTracker:
        tr = cls()
        tr.last_t, tr.last_step = d.get("lt"), d.get("ls")
        tr.intervals, tr.step_times = list(d.get("iv", [])), list(d.get("st", []))
        tr.slow_run, tr.straggling = int(d.get("sr", 0)), bool(d.get("sg", False))
        tr.slow_since = d.get("ss")
        tr.ckpt_start = d.get("cs")
        ck = d.get("ck")
        tr.ckpt = (float(ck[0]), int(ck[1])) if ck else None
        tr.hang_raised = bool(d.get("hr", False))
        tr.ckpt_seen = bool(d.get("cx", False))
        tr.finished = bool(d.get("fi", False))
        tr.busy_t = d.get("bt")
        sd = d.get("sd")
        tr.stride = int(sd) if isinstance(sd, int) else None
        return tr


STYLES = (Style("iteration", _megatron), Style("Epoch", _bar), Style("loss", _titan))
