"""The simulated cluster sized by configuration (SIM_NODES, issue 14)."""

from __future__ import annotations

import pytest

from monitoring.detectors.hostlist import expand
from monitoring.simulator import SimConfig, SimulatedCluster


def test_32_nodes_is_exactly_the_default_world():
    assert SimConfig.sized(32, seed=3) == SimConfig(seed=3)


def test_a_1000_node_cluster_has_every_node_in_one_partition_and_jobs_in_proportion():
    cfg = SimConfig.sized(1000)
    nodes = expand(cfg.nodes)
    batch, canary = expand(cfg.partitions["batch"]), expand(cfg.partitions["canary"])
    assert len(nodes) == 1000 and nodes[0] == "gpu-a-0001" and nodes[-1] == "gpu-a-1000"
    assert len(canary) == 125 and sorted(batch + canary) == sorted(nodes)
    assert cfg.target_jobs == 188  # 6 jobs per 32 nodes, as the default


def test_a_sized_world_builds_and_fills_its_jobs():
    sim = SimulatedCluster(SimConfig.sized(200, seed=1), now=1_000_000.0)
    sim.advance(1_000_060.0)
    assert len(sim.nodes()) == 200
    assert len(sim.cluster_spec().nodes) == 200
    running = [j for j in sim.jobs() if j["state"] == "RUNNING"]
    assert 0 < len(running) <= 38


def test_a_cluster_of_one_node_is_refused_with_a_clear_error():
    with pytest.raises(ValueError, match="SIM_NODES=1 is too small"):
        SimConfig.sized(1)
