"""sync_inventory writes nodes, GPUs and jobs in bulk: a few statements per tick whatever the size (issue 14)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from monitoring.choices import NodeHealth
from monitoring.models import Gpu, Job, Node
from monitoring.services import sync_inventory
from monitoring.sources import JobView, NodeView

NOW = dt.datetime(2026, 12, 1, 12, 0, tzinfo=dt.UTC)


class FakeSource:
    """The scheduler's view, set by the test."""

    def __init__(self, nodes: list[NodeView], jobs: list[JobView]) -> None:
        self._nodes, self._jobs = nodes, jobs

    def nodes(self) -> list[NodeView]:
        return self._nodes

    def jobs(self) -> list[JobView]:
        return self._jobs

    def collect(self, now: float) -> list[dict[str, Any]]:
        return []


def _nodes(n: int) -> list[NodeView]:
    return [NodeView(f"gpu-{i:04d}", "batch", "IDLE") for i in range(n)]


def _jobs(n: int) -> list[JobView]:
    return [
        JobView(str(7000 + i), f"train-{i}", "alice", "batch", f"gpu-{i:04d}", 8, "RUNNING", 1_780_000_000.0)
        for i in range(n)
    ]


def _writes(q: CaptureQueriesContext) -> list[str]:
    return [
        x["sql"].split()[0]
        for x in q.captured_queries
        if not x["sql"].startswith(("SELECT", "SAVEPOINT", "RELEASE"))
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("size", [10, 200])
def test_a_first_sighting_inserts_every_node_gpu_and_job_in_three_statements(cluster, size):
    """Given a cluster the database has never seen, when its inventory is synced, then nodes,
    their GPUs and the jobs are three INSERTs whether it has 10 nodes or 200, and each row is
    as the scheduler says (a DOWN node's health, the cluster's PCI bus ids on the GPUs)."""
    nodes = _nodes(size)
    nodes[3] = NodeView("gpu-0003", "canary", "DOWN*", "Not responding")
    source = FakeSource(nodes, _jobs(size // 2))

    with CaptureQueriesContext(connection) as q:
        relearn = sync_inventory(cluster, source, [], NOW)  # type: ignore[arg-type]

    assert _writes(q) == ["INSERT", "INSERT", "INSERT"]
    assert Node.objects.filter(cluster=cluster).count() == size
    down = Node.objects.get(cluster=cluster, name="gpu-0003")
    assert (down.partition, down.state, down.reason, down.health) == (
        "canary",
        "DOWN*",
        "Not responding",
        NodeHealth.DOWN,
    )
    assert Node.objects.get(cluster=cluster, name="gpu-0000").health == NodeHealth.OK
    gpus = list(Gpu.objects.filter(node=down).order_by("index").values_list("index", "pci_bus_id"))
    assert [i for i, _ in gpus] == list(range(cluster.gpus_per_node))
    assert gpus[0][1] == cluster.pci_bus_ids[0]
    assert Gpu.objects.filter(node__cluster=cluster).count() == size * cluster.gpus_per_node
    assert sorted(j.id for j in relearn) == sorted(str(7000 + i) for i in range(size // 2))
    assert Job.objects.filter(cluster=cluster, state="RUNNING").count() == size // 2


@pytest.mark.django_db
def test_changed_nodes_and_jobs_are_one_update_each_and_the_rest_is_left_alone(cluster):
    """Given a synced cluster, when three nodes change (one we drained comes back) and one job
    restarts on other nodes, then one UPDATE rewrites the nodes, one the job; a node no longer
    drained is no longer ours; the restarted job is handed back to be relearnt; untouched rows
    keep their values."""
    nodes, jobs = _nodes(50), _jobs(5)
    sync_inventory(cluster, FakeSource(nodes, jobs), [], NOW)  # type: ignore[arg-type]
    Node.objects.filter(cluster=cluster, name="gpu-0001").update(drained_by_us=True, state="DRAIN")
    Node.objects.filter(cluster=cluster, name="gpu-0002").update(drained_by_us=True, state="DRAIN")
    before = {n.name: n.updated_at for n in Node.objects.filter(cluster=cluster)}

    nodes[1] = NodeView("gpu-0001", "batch", "IDLE")  # returned to service
    nodes[2] = NodeView("gpu-0002", "batch", "DRAIN", "recovery: xid 79")  # still ours
    nodes[9] = NodeView("gpu-0009", "batch", "DOWN", "Not responding")
    jobs[4] = JobView(
        "7004", "train-4", "alice", "batch", "gpu-0040", 8, "RUNNING", 1_780_000_100.0, restarts=1
    )

    with CaptureQueriesContext(connection) as q:
        relearn = sync_inventory(cluster, FakeSource(nodes, jobs), [], NOW)  # type: ignore[arg-type]

    assert _writes(q) == ["UPDATE", "UPDATE"]
    rows = {n.name: n for n in Node.objects.filter(cluster=cluster)}
    assert (rows["gpu-0001"].state, rows["gpu-0001"].drained_by_us, rows["gpu-0001"].health) == (
        "IDLE",
        False,
        NodeHealth.OK,
    )
    assert (rows["gpu-0002"].drained_by_us, rows["gpu-0002"].health, rows["gpu-0002"].reason) == (
        True,
        NodeHealth.DRAINED,
        "recovery: xid 79",
    )
    assert (rows["gpu-0009"].state, rows["gpu-0009"].health) == ("DOWN", NodeHealth.DOWN)
    assert rows["gpu-0020"].updated_at == before["gpu-0020"]
    assert [j.id for j in relearn] == ["7004"]
    job = Job.objects.get(cluster=cluster, slurm_id="7004")
    assert (job.nodes, job.restarts) == ("gpu-0040", 1)
    assert Job.objects.get(cluster=cluster, slurm_id="7000").nodes == "gpu-0000"


@pytest.mark.django_db
def test_a_quiet_tick_writes_nothing(cluster):
    source = FakeSource(_nodes(20), _jobs(4))
    sync_inventory(cluster, source, [], NOW)  # type: ignore[arg-type]
    with CaptureQueriesContext(connection) as q:
        assert sync_inventory(cluster, source, [], NOW) == []  # type: ignore[arg-type]
    assert _writes(q) == []
