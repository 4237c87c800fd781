"""The fleet bench's synthetic Slurm speaks Slurm (issue 26): the production client reads it.

bench/fleet_world.py writes the files a local-mode cluster's ``sinfo``/``squeue``/``scontrol``
print; the real ``SlurmClient`` over the real ``LocalTransport`` runs those commands and parses
them, so the bench measures the production collection code and not a shortcut around it.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from monitoring.detectors.hostlist import expand
from monitoring.slurm.client import SlurmClient
from monitoring.transports import LocalTransport

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from fleet_world import SyntheticCluster, sizes  # noqa: E402

NOW = 1_780_000_000.0


def _world(tmp_path: Path) -> tuple[SyntheticCluster, SlurmClient]:
    world = SyntheticCluster(tmp_path, "c07", 40, job_nodes=16, first_job=7000, now=NOW)
    world.install()
    return world, SlurmClient(LocalTransport(), str(world.dir / "bin"))


def test_the_client_reads_the_synthetic_nodes_jobs_and_a_jobs_output_path(tmp_path: Path) -> None:
    world, client = _world(tmp_path)
    nodes = client.nodes()
    assert [n.name for n in nodes] == [f"c07-n{i:04d}" for i in range(40)]
    assert {n.state for n in nodes} == {"ALLOCATED", "IDLE"}
    assert sum(n.state == "ALLOCATED" for n in nodes) == 32  # 80 % in two 16-node jobs
    jobs = client.jobs()
    assert [(j.job_id, j.state, expand(j.nodes)) for j in jobs] == [
        ("7000", "RUNNING", [f"c07-n{i:04d}" for i in range(16)]),
        ("7001", "RUNNING", [f"c07-n{i:04d}" for i in range(16, 32)]),
    ]
    detail = client.job("7001")
    assert detail is not None
    assert (detail.stdout, detail.node_count) == (str(world.dir / "logs" / "7001.out"), 16)
    assert client.job("9999") is None  # "Invalid job id", as scontrol says it


def test_a_node_that_stops_responding_shows_in_the_next_sinfo(tmp_path: Path) -> None:
    world, client = _world(tmp_path)
    kind, node, lines = world.fault("node_down", random.Random(1), NOW)
    world.write_docs(NOW)
    down = [(n.name, n.state, n.reason) for n in client.nodes() if n.is_down]
    assert (kind, lines, down) == ("node_down", [], [(node, "DOWN+NOT_RESPONDING", "Not responding")])


def test_progress_lines_stop_for_a_hung_job_and_the_sizes_add_up(tmp_path: Path) -> None:
    world, _ = _world(tmp_path)
    world.jobs[0].hung = True
    assert world.progress() == 1
    assert (world.dir / "logs" / "7001.out").read_text().startswith("step: 1  loss: ")
    assert (world.dir / "logs" / "7000.out").read_text() == ""
    mixed = sizes(50, 20_000, 2_000, random.Random(26))
    assert (len(mixed), sum(mixed), mixed[0], min(mixed) >= 8) == (50, 20_000, 2_000, True)
