"""Collectors on the real cluster: a multi-node job's log, fake kernel logs, scheduler diffs."""

from __future__ import annotations

import json
import time

import pytest

from monitoring.collectors import joblog, kernel, slurm_state
from monitoring.slurm import SlurmClient
from monitoring.transports import LocalTransport

from .conftest import Cluster

pytestmark = pytest.mark.slurm

PROGRESS = 'for i in $(seq 1 200); do echo "$SLURMD_NODENAME step $i loss=0.$i"; sleep 0.3; done'


def _lines(events: list[dict]) -> list[str]:
    return [e["line"] for e in events]


def test_the_tailer_reads_a_real_multi_node_job_log_incrementally(transport, live: Cluster) -> None:
    client = SlurmClient(transport)
    job = live.sbatch(
        "-N3",
        "--ntasks-per-node=1",
        "--gres=gpu:2",
        "-o",
        str(live.job_dir / "%j.out"),
        "--wrap",
        f"srun --label bash -c '{PROGRESS}'",
    )
    live.wait_job(job, "RUNNING")
    info = client.job(job)
    assert info is not None
    state = None
    seen: list[str] = []
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and len({ln.split()[1] for ln in seen if "step 3 " in ln}) < 3:
        events, state = joblog.poll(transport, job, [info.stdout, info.stderr], state, now=time.time())
        assert all(e["source"] == "joblog" and e["job"] == job for e in events)
        seen += _lines(events)
        state = json.loads(json.dumps(state))  # what Redis would hand back next tick
        time.sleep(0.4)
    for rank, node in enumerate(["node1", "node2", "node3"]):
        mine = [ln for ln in seen if ln.startswith(f"{rank}: {node} step ")]
        steps = [int(ln.split()[3]) for ln in mine]
        assert steps[:3] == [1, 2, 3], seen  # in order, none lost, none repeated
        assert len(steps) == len(set(steps))


def test_kernel_file_mode_emits_each_appended_xid_once(transport, live: Cluster) -> None:
    log = live.base / "kernel" / "node3.log"
    src = kernel.KernelSource(mode="file", path_template=str(live.base / "kernel" / "{node}.log"))
    _, state = kernel.poll(transport, ["node3", "node4"], src, None, now=1.0)  # start: whatever is there
    xid = "[Sun Nov 29 10:00:01 2026] NVRM: Xid (PCI:0000:5d:00): 79, pid=1234, GPU has fallen off the bus."
    with log.open("a") as fh:
        fh.write(xid + "\n")
    events, state = kernel.poll(transport, ["node3", "node4"], src, json.loads(json.dumps(state)), now=2.0)
    assert events == [{"t": 2.0, "source": "kernel", "node": "node3", "line": xid}]
    again, _ = kernel.poll(transport, ["node3", "node4"], src, state, now=3.0)
    assert again == []


def test_kernel_command_mode_reaches_the_node_through_the_login_node(transport, live: Cluster) -> None:
    """``ssh <node> cat <log>`` run on the login node: over SSH the login node is the jump host."""
    env = live.env
    hop = (
        "ssh",
        "-p",
        env["RECOVERY_SSH_PORT"],
        "-i",
        env["RECOVERY_SSH_KEY"],
        "-o",
        "BatchMode=yes",
        "-o",
        f"UserKnownHostsFile={env['RECOVERY_SSH_KNOWN_HOSTS']}",
        "-o",
        "StrictHostKeyChecking=yes",
        "127.0.0.1",
    )
    src = kernel.KernelSource(
        mode="command", command=("cat", str(live.base / "kernel" / "{node}.log")), node_prefix=hop
    )
    _, state = kernel.poll(transport, ["node2"], src, None, now=1.0)
    assert "error" not in state["nodes"]["node2"], state
    line = f"NVRM: Xid (PCI:0000:18:00): 48, pid=1, DBE {time.time()}"
    with (live.base / "kernel" / "node2.log").open("a") as fh:
        fh.write(line + "\n")
    events, state = kernel.poll(transport, ["node2"], src, state, now=2.0)
    assert _lines(events) == [line] and events[0]["node"] == "node2"


def test_the_state_diff_reports_a_job_starting_and_a_drain(live: Cluster) -> None:
    client = SlurmClient(LocalTransport())
    _, snap = slurm_state.diff(None, client.nodes(), client.jobs(), now=0.0)
    job = live.sbatch("-N2", "-o", "/dev/null", "--wrap", "sleep 60")
    live.wait_job(job, "RUNNING")
    client.drain("node4", "test drain")
    events, snap = slurm_state.diff(json.loads(json.dumps(snap)), client.nodes(), client.jobs(), now=1.0)
    started = [e for e in events if e["kind"] == "job_state" and e["job"] == job]
    assert started == [
        {
            "t": 1.0,
            "source": "slurm",
            "kind": "job_state",
            "job": job,
            "state": "RUNNING",
            "exit_code": "0:0",
            "nodes": "node[1-2]",
        }
    ]
    drained = [e for e in events if e["kind"] == "node_state" and e["node"] == "node4"]
    assert drained and "DRAIN" in drained[0]["state"] and drained[0]["reason"] == "recovery: test drain"
    quiet, _ = slurm_state.diff(snap, client.nodes(), client.jobs(), now=2.0)
    assert [e for e in quiet if e.get("job") == job or e.get("node") == "node4"] == []
