"""Turn successive scheduler snapshots into ``slurm`` events (node_state, job_state).

Pollers see states, detectors want changes: this diff is the bridge. The snapshot kept
between ticks is a small JSON dict (node -> state/reason, job -> state/nodes/...), and
the first tick reports every node and job once so the pipeline starts from the truth.
A job that starts again on other nodes (after a requeue) carries ``nodes``.
"""

from __future__ import annotations

from typing import Any

from monitoring.slurm.parse import JobInfo, NodeInfo


def snapshot(nodes: list[NodeInfo], jobs: list[JobInfo]) -> dict[str, Any]:
    return {
        "nodes": {n.name: {"state": n.state, "reason": n.reason} for n in nodes},
        "jobs": {
            j.job_id: {
                "state": j.state,
                "nodes": j.nodes,
                "exit_code": j.exit_code,
                "reason": j.reason,
                "restarts": j.restarts,
            }
            for j in jobs
        },
    }


def _job_event(now: float, job: str, cur: dict[str, Any], prev: dict[str, Any] | None) -> dict[str, Any]:
    ev: dict[str, Any] = {
        "t": now,
        "source": "slurm",
        "kind": "job_state",
        "job": job,
        "state": cur["state"],
        "exit_code": cur["exit_code"],
    }
    if cur.get("reason"):
        ev["reason"] = cur["reason"]
    restarted = prev is not None and (
        cur["nodes"] != prev.get("nodes") or cur["restarts"] != prev.get("restarts")
    )
    if (
        cur["state"] == "RUNNING"
        and cur["nodes"]
        and (prev is None or restarted or prev.get("state") != "RUNNING")
    ):
        ev["nodes"] = cur["nodes"]
    return ev


def diff(
    prev: dict[str, Any] | None, nodes: list[NodeInfo], jobs: list[JobInfo], now: float
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Events for what changed since ``prev`` (None: first tick, report everything)."""
    cur = snapshot(nodes, jobs)
    before = prev or {"nodes": {}, "jobs": {}}
    events: list[dict[str, Any]] = []
    for name, n in cur["nodes"].items():
        if before["nodes"].get(name) != n:
            events.append(
                {
                    "t": now,
                    "source": "slurm",
                    "kind": "node_state",
                    "node": name,
                    "state": n["state"],
                    "reason": n["reason"],
                }
            )
    for job, j in cur["jobs"].items():
        old = before["jobs"].get(job)
        if (
            old is None
            or old["state"] != j["state"]
            or old.get("restarts") != j["restarts"]
            or (j["state"] == "RUNNING" and old.get("nodes") != j["nodes"])
        ):
            events.append(_job_event(now, job, j, old))
    return events, cur
