"""Per-GPU figures a job prints, compared across the GPUs of the job (pure).

A job's preflight or burn-in often measures every GPU the same way and prints one line per GPU: DCGM's and
the validation suite's GEMM plugin (``GEMM [I] (ADAPTER#0)  Ending with 19269.8 GFlops``), a bandwidth test
per device (``GPU 3: H2D 24.1 GB/s``), a per-GPU TFLOP/s probe. A line that names one GPU (``ADAPTER#N``,
``GPU N``, ``gpuN``, ``cuda:N``, ``device N``) and carries one rate (a number with a FLOP/s or a B/s unit)
is a figure of that GPU; lines of one template (the GPU index and the number masked, the rank label left
out) are the same measurement on different GPUs. With figures from at least ``MIN_GPUS`` GPUs, one below
``OUTLIER`` times the median of the others is that GPU slow: the same work and the same code took another
GPU a fraction of the time (holdout25, blind: GPU 0 of one DGX A100 at 6.7 TFLOP/s in the job's ubergemm
preflight, its 31 peers at 19.2; "dcgmi diag" passed it).
"""

from __future__ import annotations

import re
import statistics
from dataclasses import dataclass
from typing import Any

MIN_GPUS = 8  # figures of this many GPUs before a median means anything
OUTLIER = 0.5  # below this share of the others' median: slow, not noise
MAX_TEMPLATES = 16  # per job
MAX_GPUS = 4096  # per template

_GPU_NAMED = re.compile(r"(?:ADAPTER ?#|\bGPU ?#?|\bgpu|\bcuda:|\bdevice ?#?)(\d{1,2})\b")
_UNIT = r"([TGMK]?)(FLOP/s|FLOPS|Flops|flops|Flop/s|flop/s|B/s)(?![\w/])"
_RATE = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*" + _UNIT)
_TEMPLATE_UNIT = re.compile(r"<n>\s*" + _UNIT)  # the unit, read back from a template
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_SCALE = {"": 1.0, "K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12}

Figure = tuple[str, int, float]  # (template, GPU index, value in base units)


@dataclass(frozen=True)
class SlowFigure:
    gpu: int
    where: str  # who printed it: the line's rank label ("r2"), or "" for an unlabelled line
    value: float  # in the line's own unit
    unit: str
    median: float  # the others' median, in the same unit
    peers: int
    labels: tuple[str, ...]  # every label that printed this measurement (to tell whether they map to nodes)

    @property
    def ratio(self) -> float:
        return self.value / self.median if self.median else 1.0


def figure(line: str) -> Figure | None:
    """(template, GPU index, value in base units) of a per-GPU figure line, or None."""
    rates = _RATE.findall(line)
    gpus = _GPU_NAMED.findall(line)
    if len(rates) != 1 or len(gpus) != 1:
        return None
    number, prefix, _ = rates[0]
    template = _NUMBER.sub("<n>", _GPU_NAMED.sub("<gpu>", line))
    return template, int(gpus[0]), float(number) * _SCALE[prefix]


class GpuFigures:
    """Per job, per template, each GPU's figure; the first outlier of each GPU is reported once."""

    def __init__(self) -> None:
        self.seen: dict[str, dict[str, dict[str, float]]] = {}  # job -> template -> "label|gpu" -> value
        self.reported: dict[str, set[str]] = {}  # job -> "label|gpu" already reported

    def see(self, job: str, label: str, found: Figure) -> SlowFigure | None:
        """Record ``found`` (:func:`figure` of a line ``label`` printed); the outlier it reveals, if any."""
        template, gpu, value = found
        per_job = self.seen.setdefault(job, {})
        if template not in per_job and len(per_job) >= MAX_TEMPLATES:
            return None
        values = per_job.setdefault(template, {})
        if len(values) >= MAX_GPUS:
            return None
        values[f"{label}|{gpu}"] = value
        return self._outlier(job, template, values)

    def _outlier(self, job: str, template: str, values: dict[str, float]) -> SlowFigure | None:
        if len(values) < MIN_GPUS:
            return None
        reported = self.reported.setdefault(job, set())
        for key, value in sorted(values.items(), key=lambda kv: kv[1]):
            if key in reported:
                continue
            median = statistics.median(v for k, v in values.items() if k != key)
            if median <= 0 or value >= OUTLIER * median:
                return None  # the slowest one left is within reach of the others: no outlier
            reported.add(key)
            label, gpu = key.rsplit("|", 1)
            m = _TEMPLATE_UNIT.search(template)
            prefix, unit = (m.group(1), m.group(2)) if m else ("", "")
            scale = _SCALE[prefix]
            labels = tuple(sorted({k.rsplit("|", 1)[0] for k in values}))
            return SlowFigure(
                int(gpu), label, value / scale, prefix + unit, median / scale, len(values) - 1, labels
            )
        return None

    def forget(self, job: str) -> None:
        self.seen.pop(job, None)
        self.reported.pop(job, None)

    def to_state(self) -> dict[str, Any]:
        return {"s": self.seen, "r": {job: sorted(keys) for job, keys in self.reported.items()}}

    def load_state(self, d: dict[str, Any]) -> None:
        self.seen = {
            str(j): {str(t): {str(k): float(v) for k, v in g.items()} for t, g in ts.items()}
            for j, ts in (d.get("s") or {}).items()
        }
        raw = d.get("r") or {}
        self.reported = (
            {str(j): {str(k) for k in keys} for j, keys in raw.items()} if isinstance(raw, dict) else {}
        )
