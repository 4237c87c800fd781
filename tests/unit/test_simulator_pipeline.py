"""The simulator and the engine agree: each injected fault is detected as what it is.

Runs the simulated cluster forward in ~1.5 s steps, feeding every tick's events to the
real pure pipeline (actions/pipeline.py), the way the Celery tick does in the demo.
"""

from __future__ import annotations

from typing import Any

import pytest

from monitoring.simulator import FAULT_KINDS, SimulatedCluster
from tests.unit.simhelpers import T0, busy_job, make_sim

pipeline = pytest.importorskip("actions.pipeline")

FAULT_T = T0 + 100.0
STEP = 1.5


class Loop:
    """The demo's tick: advance the sim, tell the pipeline about (re)started jobs, feed it."""

    def __init__(self, sim: SimulatedCluster) -> None:
        self.sim = sim
        self.pipe = pipeline.Pipeline(sim.cluster_spec(), sim.job_specs())
        self.t = sim.clock
        self.incidents: dict[str, Any] = {}

    def run(self, until: float) -> None:
        while self.t < until:
            self.t = min(until, self.t + STEP)
            events = self.sim.advance(self.t)
            started = {
                e["job"]
                for e in events
                if e["source"] == "slurm" and e["kind"] == "job_state" and e["state"] == "RUNNING"
            }
            for spec in self.sim.job_specs():
                if spec.id in started:
                    self.pipe.upsert_job(spec)
            for upd in self.pipe.feed(events, self.t):
                self.incidents[upd.key] = upd

    def open(self) -> list[Any]:
        return [u for u in self.incidents.values() if u.superseded_by is None]


def _inject_and_watch(kind: str, seed: int = 1, gpu: int = 3, watch_s: float = 300.0) -> tuple[Loop, dict]:
    sim = make_sim(seed=seed, nccl_timeout_s=30.0)
    loop = Loop(sim)
    loop.run(FAULT_T - 1)
    node = busy_job(sim)["node_list"][1]
    rec = sim.inject(kind, node, now=FAULT_T, gpu=gpu)
    loop.run(FAULT_T + watch_s)
    return loop, rec


@pytest.mark.parametrize("kind", sorted(FAULT_KINDS))
def test_the_pipeline_names_the_injected_fault(kind: str) -> None:
    loop, rec = _inject_and_watch(kind)
    found = [u for u in loop.open() if u.category == rec["category"]]
    assert found, (
        f"{kind}: expected {rec['category']}, got {[(u.category, u.culprit_node) for u in loop.open()]}"
    )
    inc = min(found, key=lambda u: u.detected_t)
    assert inc.culprit_node == rec["node"]
    if rec["gpu"] is not None:
        assert inc.culprit_gpu == rec["gpu"]
    assert set(rec["jobs"]) <= set(inc.jobs)
    assert inc.detected_t - FAULT_T < 150
    wrong = [u for u in loop.open() if u.category != rec["category"]]
    assert not wrong, [(u.category, u.culprit_node, u.evidence[:1]) for u in wrong]


def test_a_healthy_cluster_raises_nothing() -> None:
    loop = Loop(make_sim(seed=2, job_minutes=(5.0, 10.0)))
    loop.run(T0 + 1500)
    assert [(u.category, u.culprit_node, u.evidence[:1]) for u in loop.open()] == []


def test_following_the_recommendations_restarts_the_job_cleanly() -> None:
    loop, rec = _inject_and_watch("xid79", watch_s=60.0)
    inc = next(u for u in loop.open() if u.category == "gpu_hardware")
    for r in inc.recommendations:
        d = r.to_dict()
        if d["action"] == "drain_node":
            loop.sim.drain(d["node"], f"gpu_hardware: {inc.evidence[0][:60]}", now=loop.t)
        elif d["action"] == "requeue_job":
            loop.sim.requeue(d["job"], exclude=d["exclude"], now=loop.t)
    before = set(loop.incidents)
    loop.run(loop.t + 240)
    job = next(j for j in loop.sim.jobs() if j["id"] == rec["jobs"][0])
    assert job["state"] == "RUNNING" and rec["node"] not in job["node_list"]
    assert job["iteration"] > job["checkpoint_iteration"] or job["iteration"] >= job["checkpoint_iteration"]
    new = [u for k, u in loop.incidents.items() if k not in before and u.superseded_by is None]
    assert new == []


@pytest.mark.parametrize("seed", [1, 2])  # seed 1: its ranks never report; seed 2: they are a SeqNum behind
def test_the_pipeline_names_the_node_left_behind_in_a_hang(seed: int) -> None:
    loop, rec = _inject_and_watch("hang", seed=seed, watch_s=200.0)
    assert [(u.category, u.culprit_node) for u in loop.open()] == [("hang", rec["node"])]
