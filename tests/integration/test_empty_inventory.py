"""An empty but successful answer from the scheduler, for a cluster known to have nodes, is a failed
read (a half-started slurmctld, a wrapper that swallowed the error), never "every node is gone":
the tick fails with the reason, the cluster shows blind, nothing is forgotten. A new cluster with
no node yet still ticks. Real PostgreSQL and Redis; the fake Slurm of tests/chaos/fake_slurm.py.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from actions.loop import run_cluster_tick
from monitoring.models import Cluster, ControllerState, Node
from monitoring.slurm.client import SlurmError
from tests.chaos import fake_slurm

pytestmark = [pytest.mark.django_db, pytest.mark.redis]
NOW = dt.datetime(2026, 12, 1, 10, 0, tzinfo=dt.UTC)


@pytest.fixture
def fake(tmp_path: Path, redis_ns: str) -> tuple[Cluster, Path]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake_slurm.install(bin_dir, ["f1", "f2", "f3"])
    cluster = Cluster.objects.create(
        name="fk",
        connection_mode="local",
        slurm_bin_dir=str(bin_dir),
        poll_interval_s=1,
        partitions=["batch"],
    )
    return cluster, bin_dir


def test_no_nodes_from_a_scheduler_that_had_three_is_a_failed_tick_and_forgets_nothing(fake) -> None:  # type: ignore[no-untyped-def]
    cluster, bin_dir = fake
    run_cluster_tick(cluster.pk, NOW)
    assert Node.objects.filter(cluster=cluster).count() == 3
    (bin_dir / "nodes.json").write_text("{}")  # answered, successfully, with nothing
    with pytest.raises(SlurmError, match="answered no nodes, but 3 are known"):
        run_cluster_tick(cluster.pk, NOW + dt.timedelta(seconds=5))
    state = ControllerState.objects.get(cluster=cluster)
    assert state.last_tick_at == NOW  # not a good tick
    assert "answered no nodes" in state.last_error
    assert sorted(Node.objects.filter(cluster=cluster).values_list("name", "state")) == [
        ("f1", "IDLE"),
        ("f2", "IDLE"),
        ("f3", "IDLE"),
    ]


def test_a_new_cluster_with_no_node_yet_ticks(fake) -> None:  # type: ignore[no-untyped-def]
    cluster, bin_dir = fake
    (bin_dir / "nodes.json").write_text("{}")
    run_cluster_tick(cluster.pk, NOW)
    assert ControllerState.objects.get(cluster=cluster).last_tick_at == NOW
