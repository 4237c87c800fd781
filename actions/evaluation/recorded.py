"""The recorded stream: what the controller analysed, read back (pure: files in, records out).

A cluster's record is a folder of hourly segments, ``YYYYmmddTHH.jsonl.gz``. Each analyser
tick appends one complete gzip member holding that tick's lines, so a crash mid-write loses
at most the tick being written and never the segment: :func:`read_members` stops at a
truncated tail. Lines are events in the ``recovery-scenario/1`` schema with absolute
epoch ``t`` (exactly what the pipeline was fed), plus the controller's own lines with
``source: "_controller"``: a ``snapshot`` (cluster spec and every known job, written at
the head of each segment so each segment stands alone) and ``jobs`` (jobs the scheduler
reported new or restarted at that tick). A scenario reader skips unknown sources anyway.
"""

from __future__ import annotations

import datetime as dt
import json
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from monitoring.detectors.schema import ClusterSpec, JobSpec

CONTROLLER = "_controller"
SEGMENT_SUFFIX = ".jsonl.gz"


def segment_name(t: float) -> str:
    """The hour bucket a tick at epoch ``t`` is written to."""
    return dt.datetime.fromtimestamp(t, tz=dt.UTC).strftime("%Y%m%dT%H") + SEGMENT_SUFFIX


def segment_start(path: Path) -> float | None:
    """Epoch seconds of a segment's hour, from its name; None for a stranger's file."""
    stem = path.name.removesuffix(SEGMENT_SUFFIX)
    try:
        return dt.datetime.strptime(stem, "%Y%m%dT%H").replace(tzinfo=dt.UTC).timestamp()
    except ValueError:
        return None


def job_dict(j: JobSpec) -> dict[str, Any]:
    return {
        "id": j.id,
        "name": j.name,
        "user": j.user,
        "nodes": list(j.nodes),
        "tasks_per_node": j.tasks_per_node,
        "started": j.started,
        "comment": j.comment,
        "partition": j.partition,
    }


def job_from(d: dict[str, Any]) -> JobSpec:
    started = d.get("started")
    return JobSpec(
        id=str(d["id"]),
        name=str(d.get("name", "")),
        user=str(d.get("user", "")),
        nodes=tuple(str(n) for n in d.get("nodes") or ()),
        tasks_per_node=int(d.get("tasks_per_node") or 1),
        started=float(started) if isinstance(started, (int, float)) else None,
        comment=str(d.get("comment") or ""),
        partition=str(d.get("partition") or ""),
    )


def cluster_dict(c: ClusterSpec) -> dict[str, Any]:
    return {
        "name": c.name,
        "nodes": list(c.nodes),
        "gpus_per_node": c.gpus_per_node,
        "partition": c.partition,
        "pci_bus_ids": list(c.pci_bus_ids),
        "partitions": {k: list(v) for k, v in c.partitions.items()},
    }


def cluster_from(d: dict[str, Any]) -> ClusterSpec:
    return ClusterSpec(
        name=str(d.get("name", "")),
        nodes=tuple(d.get("nodes") or ()),
        gpus_per_node=int(d.get("gpus_per_node") or 8),
        partition=str(d.get("partition") or "batch"),
        pci_bus_ids=tuple(d.get("pci_bus_ids") or ()),
        partitions={k: tuple(v) for k, v in (d.get("partitions") or {}).items()},
    )


def snapshot_line(t: float, cluster: ClusterSpec, jobs: Iterable[JobSpec]) -> dict[str, Any]:
    return {
        "t": t,
        "source": CONTROLLER,
        "kind": "snapshot",
        "cluster": cluster_dict(cluster),
        "jobs": [job_dict(j) for j in jobs],
    }


def jobs_line(t: float, jobs: Iterable[JobSpec]) -> dict[str, Any]:
    return {"t": t, "source": CONTROLLER, "kind": "jobs", "jobs": [job_dict(j) for j in jobs]}


def encode(lines: Iterable[dict[str, Any]]) -> bytes:
    """One tick's lines as one complete gzip member."""
    body = "".join(json.dumps(x, separators=(",", ":"), ensure_ascii=False) + "\n" for x in lines)
    c = zlib.compressobj(6, zlib.DEFLATED, 31)
    return c.compress(body.encode("utf-8", "replace")) + c.flush()


def read_members(data: bytes) -> Iterator[bytes]:
    """The decompressed members of a multi-member gzip file; a truncated or corrupt tail ends it."""
    while data:
        d = zlib.decompressobj(31)
        try:
            out = d.decompress(data)
        except zlib.error:
            return
        if not d.eof:
            return  # the tick being written when the process died
        yield out
        data = d.unused_data


def read_segment(path: Path) -> Iterator[dict[str, Any]]:
    for member in read_members(path.read_bytes()):
        for raw in member.splitlines():
            try:
                e = json.loads(raw.decode("utf-8", "replace"))
            except ValueError:
                continue
            if isinstance(e, dict) and isinstance(e.get("t"), (int, float)):
                yield e


def segments(folder: Path, since: float | None = None, until: float | None = None) -> list[Path]:
    """A cluster's segments overlapping [since, until], oldest first."""
    out = []
    for p in sorted(Path(folder).glob("*" + SEGMENT_SUFFIX)):
        start = segment_start(p)
        if start is None:
            continue
        if since is not None and start + 3600 <= since:
            continue
        if until is not None and start > until:
            continue
        out.append(p)
    return out


def read_window(folder: Path, since: float | None = None, until: float | None = None) -> list[dict[str, Any]]:
    """Every recorded line with since <= t <= until, in time order, plus the snapshot that opens it.

    The last snapshot (and job lines) before ``since`` are folded into one snapshot at
    ``since``, so a window read from mid-segment still starts knowing the cluster and its jobs.
    """
    cluster: dict[str, Any] | None = None
    jobs: dict[str, dict[str, Any]] = {}
    out: list[dict[str, Any]] = []
    for path in segments(folder, since, until):
        for e in read_segment(path):
            t = float(e["t"])
            if until is not None and t > until:
                continue
            if since is not None and t < since:
                if e.get("source") == CONTROLLER:
                    cluster, jobs = _fold(e, cluster, jobs)
                continue
            out.append(e)
    out.sort(key=lambda e: float(e["t"]))
    if cluster is not None and since is not None:
        out.insert(
            0,
            {
                "t": since,
                "source": CONTROLLER,
                "kind": "snapshot",
                "cluster": cluster,
                "jobs": list(jobs.values()),
            },
        )
    return out


def _fold(
    e: dict[str, Any], cluster: dict[str, Any] | None, jobs: dict[str, dict[str, Any]]
) -> tuple[dict[str, Any] | None, dict[str, dict[str, Any]]]:
    if e.get("kind") == "snapshot":
        return e.get("cluster") or cluster, {
            str(j["id"]): j for j in e.get("jobs") or () if isinstance(j, dict) and "id" in j
        }
    for j in e.get("jobs") or ():
        if isinstance(j, dict) and "id" in j:
            jobs[str(j["id"])] = j
    return cluster, jobs


def known_at(
    records: Iterable[dict[str, Any]], t: float
) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """(cluster, jobs) as the controller knew them at ``t``, from the controller's lines."""
    cluster: dict[str, Any] | None = None
    jobs: dict[str, dict[str, Any]] = {}
    for e in records:
        if float(e["t"]) > t:
            break
        if e.get("source") == CONTROLLER:
            cluster, jobs = _fold(e, cluster, jobs)
    return cluster, list(jobs.values())
