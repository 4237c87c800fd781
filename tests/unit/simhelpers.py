"""Shared helpers for the simulator tests (pure: no Django, no database)."""

from __future__ import annotations

from typing import Any

from monitoring.simulator import SimConfig, SimulatedCluster

T0 = 1_795_946_400.0  # 2026-11-29T10:00:00Z


def make_sim(seed: int = 1, **kw: Any) -> SimulatedCluster:
    kw.setdefault("nccl_timeout_s", 30.0)
    kw.setdefault("kernel_noise_per_node_hour", 0.0)
    return SimulatedCluster(SimConfig(seed=seed, **kw), now=T0)


def run(sim: SimulatedCluster, until: float, step: float = 2.0) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    t = sim.clock
    while t < until:
        t = min(until, t + step)
        out.extend(sim.advance(t))
    return out


def lines(events: list[dict[str, Any]], source: str = "joblog", **match: Any) -> list[str]:
    return [
        e["line"] for e in events if e["source"] == source and all(e.get(k) == v for k, v in match.items())
    ]


def slurm(events: list[dict[str, Any]], kind: str, **match: Any) -> list[dict[str, Any]]:
    return [
        e
        for e in events
        if e["source"] == "slurm" and e["kind"] == kind and all(e.get(k) == v for k, v in match.items())
    ]


def busy_job(sim: SimulatedCluster, framework: str | None = None, min_nodes: int = 2) -> dict[str, Any]:
    for job in sim.jobs():
        if job["state"] == "RUNNING" and len(job["node_list"]) >= min_nodes:
            if framework is None or job["framework"] == framework:
                return job
    raise AssertionError(f"no running {framework or ''} job with {min_nodes}+ nodes")


def sim_with(framework: str, **kw: Any) -> SimulatedCluster:
    """The first seeded cluster that runs a multi-node job of ``framework``."""
    for seed in range(1, 50):
        sim = make_sim(seed=seed, **kw)
        if any(j["framework"] == framework and len(j["node_list"]) >= 2 for j in sim.jobs()):
            return sim
    raise AssertionError(f"no seed gives a {framework} job")
