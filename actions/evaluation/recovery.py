"""What faults cost a training team, in its own units (pure: plain values in, numbers out).

- lost time: the work redone plus the wait — from the last checkpoint before the fault
  to the moment the job made progress again (time since the checkpoint + time until
  progress again);
- lost GPU-hours: the job's GPUs × that lost time;
- effective training time ratio (ETTR): productive GPU-time ÷ allocated GPU-time of
  the opted-in jobs over a window, productive being allocated minus lost.

These are plain functions so the metrics page, its JSON and a Prometheus exporter all
show the same figures.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass


def lost_time_s(
    fault_at: dt.datetime | None, checkpoint_at: dt.datetime | None, resumed_at: dt.datetime | None
) -> float | None:
    """(fault − checkpoint) + (progress again − fault); None until the job progressed again.

    Without a checkpoint before the fault only the wait counts (the redone work is unknown, not zero
    for the job, but we do not invent it)."""
    if fault_at is None or resumed_at is None or resumed_at < fault_at:
        return None
    redo = (
        (fault_at - checkpoint_at).total_seconds()
        if checkpoint_at is not None and checkpoint_at <= fault_at
        else 0.0
    )
    return round(redo + (resumed_at - fault_at).total_seconds(), 3)


def gpu_hours(gpus: int, seconds: float | None) -> float | None:
    if seconds is None or gpus <= 0:
        return None
    return round(gpus * seconds / 3600.0, 3)


@dataclass(frozen=True)
class Allocation:
    """One opted-in job's run: its GPUs and when it held them."""

    job: str
    gpus: int
    start: dt.datetime
    end: dt.datetime


def allocated_gpu_s(runs: Iterable[Allocation], since: dt.datetime, until: dt.datetime) -> float:
    total = 0.0
    for r in runs:
        lo, hi = max(r.start, since), min(r.end, until)
        if hi > lo:
            total += r.gpus * (hi - lo).total_seconds()
    return total


@dataclass(frozen=True)
class Loss:
    """One incident's lost span on its job: from its checkpoint (or the fault) to progress again."""

    job: str
    start: dt.datetime
    end: dt.datetime


def _union_s(spans: Iterable[tuple[dt.datetime, dt.datetime]]) -> float:
    total, reach = 0.0, None
    for lo, hi in sorted(spans):
        if reach is not None and lo < reach:
            lo = reach
        if hi > lo:
            total += (hi - lo).total_seconds()
            reach = hi
    return total


def allocated_and_lost_by_job(
    runs: Iterable[Allocation], losses: Iterable[Loss], since: dt.datetime, until: dt.datetime
) -> dict[str, tuple[float, float]]:
    """Each opted-in job's (allocated, lost) GPU-seconds over the window, lost <= allocated.

    A requeued job's run counts from its latest start, but the GPU-time it lost (redone since its
    checkpoint, waited through) was its own too: its run reaches back to its first loss. A loss of a
    job with no run here (never opted in) counts in neither; a job's overlapping losses count once."""
    by_job: dict[str, list[Loss]] = {}
    for x in losses:
        by_job.setdefault(x.job, []).append(x)
    out: dict[str, tuple[float, float]] = {}
    for run in runs:
        mine = by_job.get(run.job, [])
        start = min([run.start, *(x.start for x in mine)])
        end = min(until, max([run.end, *(x.end for x in mine)]))
        lo, hi = max(start, since), end
        allocated = allocated_gpu_s([Allocation(run.job, run.gpus, start, end)], since, until)
        lost = run.gpus * _union_s((max(x.start, lo), min(x.end, hi)) for x in mine)
        before = out.get(run.job, (0.0, 0.0))
        out[run.job] = (before[0] + allocated, before[1] + lost)
    return out


def totals(by_job: Mapping[str, tuple[float, float]]) -> tuple[float, float]:
    """The cluster's (allocated, lost): its jobs' sums, so lost <= allocated whenever each job's is."""
    return sum(a for a, _ in by_job.values()), sum(lost for _, lost in by_job.values())


def allocated_and_lost_s(
    runs: Iterable[Allocation], losses: Iterable[Loss], since: dt.datetime, until: dt.datetime
) -> tuple[float, float]:
    """(allocated, lost) GPU-seconds of the opted-in jobs over the window, lost <= allocated."""
    return totals(allocated_and_lost_by_job(runs, losses, since, until))


def lost_within_allocated(
    by_job: Mapping[str, tuple[float, float]], totals_shown: tuple[float, float], eps: float = 1e-3
) -> list[str]:
    """The invariant behind ETTR in [0, 1] (issue 23, defect 7): no opted-in job loses more GPU-time
    than it was allocated over the window, and the cluster's figures shown are their sums (so the
    cluster's lost is within its allocated too). Any unit, as long as all figures share it; ``eps``
    absorbs the rounding of figures shown. One sentence per violation."""
    out = [
        f"job {job} lost {lost:g} but was allocated {allocated:g} over the window"
        for job, (allocated, lost) in sorted(by_job.items())
        if lost > allocated + eps
    ]
    allocated, lost = totals(by_job)
    shown_allocated, shown_lost = totals_shown
    n = len(by_job)
    if abs(shown_allocated - allocated) > eps * (n + 1) or abs(shown_lost - lost) > eps * (n + 1):
        out.append(
            f"the cluster shows {shown_lost:g} lost of {shown_allocated:g} allocated, "
            f"but its jobs add up to {lost:g} lost of {allocated:g} allocated"
        )
    return out


def ettr(allocated_s: float, lost_s: float) -> float | None:
    """Productive ÷ allocated GPU-time; None when nothing was allocated."""
    if allocated_s <= 0:
        return None
    return round(max(0.0, allocated_s - lost_s) / allocated_s, 4)


def by_category(pairs: Iterable[tuple[str, float | None]]) -> dict[str, list[float]]:
    """Values grouped by incident category, unknowns left out."""
    out: dict[str, list[float]] = defaultdict(list)
    for category, value in pairs:
        if value is not None:
            out[category].append(value)
    return dict(out)
