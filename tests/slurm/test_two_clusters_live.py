"""Two local clusters on one host, as the two test processes run them (tests/slurm/conftest.py:
cluster_settings): each one's commands reach only itself, and killing a node of one leaves the
node of the same name in the other alone (scripts/slurm_cluster.sh tells their daemons apart by
RECOVERY_FAKE_BASE and their job processes by SLURM_CLUSTER_NAME).
"""

from __future__ import annotations

import fcntl
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import SCRIPT, Cluster, cluster_settings

pytestmark = pytest.mark.slurm

OTHER = "gw7"  # beyond the 4 test processes scripts/test.sh starts at most


@pytest.fixture
def other() -> Iterator[Cluster]:
    settings = cluster_settings(OTHER)
    base = Path(settings["RECOVERY_SLURM_BASE"])
    with open(f"{base}.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        env = {**os.environ, **settings}
        up = subprocess.run([str(SCRIPT), "up"], capture_output=True, text=True, timeout=300, env=env)
        assert up.returncode == 0, up.stderr
        out = subprocess.run([str(SCRIPT), "env"], capture_output=True, text=True, check=True, env=env).stdout
        cenv = dict(line.removeprefix("export ").split("=", 1) for line in out.splitlines() if "=" in line)
        cluster = Cluster(base=base, env=cenv, settings=settings)
        try:
            yield cluster
        finally:
            subprocess.run([str(SCRIPT), "down"], capture_output=True, timeout=120, env=env)


def test_killing_a_node_of_one_cluster_leaves_the_same_named_node_of_the_other_running(
    live: Cluster, other: Cluster
) -> None:
    assert live.env["SLURM_CONF"] != other.env["SLURM_CONF"]
    ours = live.sbatch("-w", "node2", "-o", str(live.job_dir / "%j.out"), "--wrap", "sleep 300")
    theirs = other.sbatch("-w", "node2", "-o", str(other.job_dir / "%j.out"), "--wrap", "sleep 300")
    live.wait_job(ours, "RUNNING")
    other.wait_job(theirs, "RUNNING")
    # each cluster's squeue shows only its own job (the same job id may exist in both)
    assert other.sh("squeue", "-h", "-o", "%i %j").split() == [theirs, "wrap"]
    pid_file = live.base / "run" / "slurmd-node2.pid"
    slurmd = int(pid_file.read_text())

    other.script("kill-node", "node2")

    os.kill(slurmd, 0)  # our node2's slurmd is alive
    assert live.job_field(ours, "JobState") == "RUNNING"
    assert _job_processes(ours, live), "our job's processes were killed with the other cluster's node"
    assert not _job_processes(theirs, other), "the other cluster's job survived its node's kill"
    other.script("revive-node", "node2")


def _job_processes(job: str, cluster: Cluster) -> list[int]:
    """Processes of ``job`` on ``cluster``, found by the environment Slurm gives its tasks."""
    name = cluster.settings.get("RECOVERY_SLURM_CLUSTER", "recovery")
    want = {f"SLURM_JOB_ID={job}".encode(), f"SLURM_CLUSTER_NAME={name}".encode()}
    found = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            env = set((d / "environ").read_bytes().split(b"\0"))
        except OSError:
            continue
        if want <= env:
            found.append(int(d.name))
    return found
