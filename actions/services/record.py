"""Record what the analyser fed its pipeline, per cluster, for replay, export and what-if.

Why files and not a table: the stream is append-only, large (every log line and GPU
sample) and read back in bulk by time; gzip'd JSONL compresses it ~10x, pruning is an
``unlink`` (no table bloat, no vacuum), ``zcat`` reads it, and a segment is already half a
``recovery-scenario/1`` folder. One writer per cluster is guaranteed by the analyser's
per-cluster Redis lock. Where workers run on several hosts, point ``RECOVERY_RECORD_DIR``
at a shared volume (or accept that each host records the ticks it ran).

Layout: ``RECOVERY_RECORD_DIR/<cluster>/<YYYYmmddTHH>.jsonl.gz``; see
``actions/evaluation/recorded.py`` for the line format. Recording never stops the loop:
a full disk or a permission error is logged and the tick goes on.
"""

from __future__ import annotations

import datetime as dt
import logging
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from django.conf import settings

from actions.evaluation import recorded
from actions.pipeline import Pipeline
from monitoring.detectors.schema import JobSpec

log = logging.getLogger(__name__)


def record_dir(cluster_name: str) -> Path:
    return Path(settings.RECOVERY_RECORD_DIR) / cluster_name


def record_tick(
    cluster_name: str,
    pipeline: Pipeline,
    events: Sequence[Mapping[str, Any]],
    jobs: Iterable[JobSpec],
    now: dt.datetime,
) -> None:
    """Append one tick: its job changes, then its events (the order the pipeline saw them)."""
    if not getattr(settings, "RECOVERY_RECORD", True):
        return
    t = now.timestamp()
    folder = record_dir(cluster_name)
    path = folder / recorded.segment_name(t)
    lines: list[dict[str, Any]] = []
    jobs = list(jobs)
    first_t = min([t, *(float(e["t"]) for e in events if isinstance(e.get("t"), (int, float)))])
    try:
        if not path.exists():
            folder.mkdir(parents=True, exist_ok=True)
            known = [run.spec for run in pipeline.world.jobs.values()]
            lines.append(recorded.snapshot_line(first_t, pipeline.world.cluster, known))
            prune(folder, t)
        if jobs:
            lines.append(recorded.jobs_line(first_t, jobs))
        lines.extend(dict(e) for e in events)
        if not lines:
            return
        _append(path, recorded.encode(lines))
    except OSError:
        log.warning("cluster %s: could not record tick to %s", cluster_name, path, exc_info=True)


def _append(path: Path, data: bytes) -> None:
    """One write with O_APPEND: a member lands whole or, after a crash, as a truncated tail the reader skips."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o640)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)


def prune(folder: Path, now_t: float) -> list[Path]:
    """Drop segments older than the retention window, then the oldest until under the size cap."""
    keep_s = float(settings.RECOVERY_RECORD_RETENTION_DAYS) * 86400
    cap = float(settings.RECOVERY_RECORD_MAX_MB) * 1024 * 1024
    removed = []
    paths = recorded.segments(folder)
    for p in list(paths):
        start = recorded.segment_start(p)
        if start is not None and start + 3600 < now_t - keep_s:
            p.unlink(missing_ok=True)
            removed.append(p)
            paths.remove(p)
    sizes = {p: p.stat().st_size for p in paths if p.exists()}
    total = sum(sizes.values())
    for p in paths[:-1]:  # never the newest: it is being written
        if total <= cap:
            break
        total -= sizes.get(p, 0)
        p.unlink(missing_ok=True)
        removed.append(p)
    return removed


def recorded_bytes(cluster_name: str) -> int:
    """How much is recorded for the cluster (compressed): what a replay of it will have to read."""
    folder = record_dir(cluster_name)
    if not folder.is_dir():
        return 0
    return sum(p.stat().st_size for p in folder.glob("*.jsonl.gz") if p.is_file())


def read_cluster(
    cluster_name: str, since: dt.datetime | None = None, until: dt.datetime | None = None
) -> list[dict[str, Any]]:
    return recorded.read_window(
        record_dir(cluster_name),
        since.timestamp() if since else None,
        until.timestamp() if until else None,
    )
