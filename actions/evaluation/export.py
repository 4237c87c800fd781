"""Turn a window of the recorded stream into a ``recovery-scenario/1`` folder (pure: values in, files' contents out).

``build_scenario`` returns the three files' contents; the caller writes them (a folder
or a zip). Events keep their order; their ``t`` becomes seconds after the window's
start; the controller's own lines are not events and stay out of ``events.jsonl``: what
they said (cluster, jobs as known at the start, jobs first seen later) goes into
``scenario.json``. ``truth.json`` comes only from an operator's verdict.
"""

from __future__ import annotations

import datetime as dt
import gzip
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from actions.evaluation.recorded import CONTROLLER, known_at

FORMAT = "recovery-scenario/1"


@dataclass(frozen=True)
class Verdict:
    """What the operator said about the incident, and what the controller recommended for it."""

    verdict: str  # "confirmed" | "false" | ""
    category: str
    node: str | None
    gpu: int | None
    first_signal_t: float  # epoch seconds
    drains: tuple[str, ...] = ()
    requeues: dict[str, tuple[str, ...]] = field(default_factory=dict)


def iso(t: float) -> str:
    return dt.datetime.fromtimestamp(t, tz=dt.UTC).isoformat().replace("+00:00", "Z")


def build_scenario(
    name: str,
    description: str,
    records: Sequence[dict[str, Any]],
    start: float,
    history: Sequence[dict[str, Any]] = (),
    verdict: Verdict | None = None,
    site_rules: Sequence[dict[str, Any]] = (),
) -> dict[str, bytes]:
    """{"scenario.json", "events.jsonl.gz", and "truth.json" where there is a verdict} -> bytes."""
    cluster, jobs = known_at(records, start)
    seen = {str(j["id"]) for j in jobs}
    for e in records:  # jobs the scheduler first reported inside the window
        if e.get("source") == CONTROLLER:
            for j in e.get("jobs") or ():
                if isinstance(j, dict) and str(j.get("id")) not in seen:
                    seen.add(str(j["id"]))
                    jobs.append(j)
    scenario = {
        "format": FORMAT,
        "name": name,
        "description": description,
        "start": iso(start),
        "cluster": _cluster(cluster or {}),
        "jobs": [_job(j, start) for j in jobs],
        "history": list(history),
    }
    if site_rules:  # the site rules in force, so a replay reaches the verdict they reached
        scenario["site_rules"] = list(site_rules)
    files = {
        "scenario.json": json.dumps(scenario, indent=2, ensure_ascii=False).encode(),
        "events.jsonl.gz": _events(records, start),
    }
    if verdict is not None and verdict.verdict in ("confirmed", "false"):
        files["truth.json"] = json.dumps(truth(verdict, start), indent=2).encode()
    return files


def truth(v: Verdict, start: float) -> dict[str, Any]:
    """A confirmed incident is the fault and its recommendations the expected actions; a false one, a healthy stretch."""
    if v.verdict == "false":
        return {
            "fault": None,
            "expected": {"drain": [], "requeue": {}, "no_requeue": [], "no_drain": list(v.drains)},
        }
    fault: dict[str, Any] = {"t": round(max(0.0, v.first_signal_t - start), 3), "category": v.category}
    if v.node:
        fault["node"] = v.node
    if v.gpu is not None:
        fault["gpu"] = v.gpu
    return {
        "fault": fault,
        "expected": {
            "drain": sorted(v.drains),
            "requeue": {j: {"exclude": sorted(x)} for j, x in sorted(v.requeues.items())},
            "no_requeue": [],
            "no_drain": [],
        },
    }


def _cluster(c: dict[str, Any]) -> dict[str, Any]:
    out = {
        "name": c.get("name", ""),
        "partition": c.get("partition", "batch"),
        "nodes": list(c.get("nodes") or ()),
        "gpus_per_node": c.get("gpus_per_node", 8),
    }
    if c.get("pci_bus_ids"):
        out["pci_bus_ids"] = list(c["pci_bus_ids"])
    return out


def _job(j: dict[str, Any], start: float) -> dict[str, Any]:
    out = {k: j.get(k) for k in ("id", "name", "user", "nodes", "tasks_per_node", "comment", "partition")}
    out["nodes"] = ",".join(str(n) for n in j.get("nodes") or ())  # a hostlist, as Slurm prints one
    started = j.get("started")
    out["started"] = iso(float(started) if isinstance(started, (int, float)) else start)
    return out


def _events(records: Sequence[dict[str, Any]], start: float) -> bytes:
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0) as f:
        for e in records:
            if e.get("source") == CONTROLLER:
                continue
            line = {k: v for k, v in e.items() if k != "cluster"} | {"t": round(float(e["t"]) - start, 3)}
            f.write(
                (json.dumps(line, separators=(",", ":"), ensure_ascii=False) + "\n").encode(
                    "utf-8", "replace"
                )
            )
    return buf.getvalue()
