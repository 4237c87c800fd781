"""The node -> running jobs index of attribution's World (issue 14).

Moving one job used to scan every node's list, so loading the pipeline state was
O(jobs x nodes) (25 ms -> 200 ms from 1,000 to 2,000 nodes). Now each job remembers
the nodes it is listed under: these tests pin the index's behaviour, not its speed.
"""

from __future__ import annotations

from actions.pipeline import Pipeline
from incidents.attribution.world import JobRun, World
from monitoring.detectors.schema import ClusterSpec, JobSpec

NODES = tuple(f"gpu-{i:03d}" for i in range(8))


def _world() -> World:
    return World(ClusterSpec("c", NODES))


def _run(job: str, nodes: tuple[str, ...], state: str = "running") -> JobRun:
    return JobRun(JobSpec(job, nodes=nodes), 0, state, 100.0)


def test_a_running_job_is_listed_under_each_of_its_nodes_and_nowhere_else():
    w = _world()
    w.set_running(_run("7", ("gpu-000", "gpu-001")))
    assert w.running_jobs_on("gpu-000") == ["7"]
    assert w.running_jobs_on("gpu-001") == ["7"]
    assert w.running_jobs_on("gpu-002") == []


def test_a_job_requeued_onto_other_nodes_leaves_its_old_nodes():
    w = _world()
    w.set_running(_run("7", ("gpu-000", "gpu-001")))
    w.set_running(_run("8", ("gpu-001",)))
    w.set_running(_run("7", ("gpu-002", "gpu-003")))
    assert w.running_jobs_on("gpu-000") == []
    assert w.running_jobs_on("gpu-001") == ["8"]
    assert w.running_jobs_on("gpu-002") == ["7"]


def test_a_job_that_stopped_running_is_listed_nowhere_after_reindex():
    w = _world()
    w.set_running(_run("7", ("gpu-000", "gpu-001")))
    w.jobs["7"].state = "node_fail"
    w.reindex("7")
    assert all(w.running_jobs_on(n) == [] for n in NODES)
    # the nodes stay known to host resolution, as before
    assert w.canonical("gpu-000.cluster.local") == "gpu-000"


def test_a_node_named_twice_in_an_allocation_lists_the_job_once_and_removes_it_fully():
    w = _world()
    w.set_running(_run("7", ("gpu-000", "gpu-000")))
    assert w.running_jobs_on("gpu-000") == ["7"]
    w.jobs.pop("7")
    w.reindex("7")
    assert w.running_jobs_on("gpu-000") == []


def test_loading_the_pipeline_state_rebuilds_the_same_index():
    """Given a pipeline whose world has running, moved and ended jobs, when its state is
    dumped and loaded, then every node lists the same running jobs (in job order, as before)."""
    p = Pipeline(ClusterSpec("c", NODES))
    w = p.world
    for i in range(6):
        w.set_running(_run(str(i), NODES[i : i + 3]))
    w.set_running(_run("2", ("gpu-007",)))
    w.jobs["4"].state = "ended"
    w.reindex("4")

    loaded = Pipeline.from_state(p.to_state())

    assert {n: sorted(loaded.world.running_jobs_on(n)) for n in NODES} == {
        n: sorted(w.running_jobs_on(n)) for n in NODES
    }
    assert loaded.world.running_jobs_on("gpu-004") == ["3"]
    assert loaded.world.running_jobs_on("gpu-007") == ["2", "5"]
