"""SlurmClient reads and actions on the real Slurm, over both transports."""

from __future__ import annotations

import time

import pytest

from monitoring.slurm import SlurmClient

from .conftest import Cluster

pytestmark = pytest.mark.slurm

LOOP = 'for i in $(seq 1 600); do echo "$SLURMD_NODENAME step $i"; sleep 0.5; done'
HOSTILE_REASON = 'disk "full" it\'s $(touch PWNED2) `touch PWNED` ; touch PWNED #'


def _submit_3node(live: Cluster, *extra: str) -> str:
    return live.sbatch(
        "-N3",
        "--ntasks-per-node=1",
        "--gres=gpu:1",
        "-o",
        str(live.job_dir / "%j.out"),
        *extra,
        "--wrap",
        f"srun --label bash -c '{LOOP}'",
    )


def test_it_reads_nodes_with_gres_and_states(client: SlurmClient, live: Cluster) -> None:
    nodes = {n.name: n for n in client.nodes()}
    assert sorted(nodes) == ["node1", "node2", "node3", "node4"]
    assert all(n.gres == "gpu:4" and n.state == "IDLE" and "batch" in n.partitions for n in nodes.values())
    one = client.node("node2")
    assert one is not None and one.state == "IDLE" and one.reason == ""
    assert client.node("node99") is None


def test_it_reads_a_job_with_a_hostile_name_and_comment(client: SlurmClient, live: Cluster, no_pwned) -> None:
    comment = '{"recovery": {"max_requeues": 2}} NodeList=node9 Reason=fake'
    job = live.sbatch(
        "-J",
        "x; touch PWNED #",
        f"--comment={comment}",
        "-N2",
        "-o",
        str(live.job_dir / "%j.out"),
        "--wrap",
        "sleep 60",
    )
    live.wait_job(job, "RUNNING")
    info = client.job(job)
    assert info is not None
    assert (info.name, info.comment, info.state) == ("x; touch PWNED #", comment, "RUNNING")
    assert info.node_list == ["node1", "node2"] and info.stdout == str(live.job_dir / f"{job}.out")
    listed = {j.job_id: j for j in client.jobs()}
    assert listed[job].name == "x; touch PWNED #" and listed[job].comment == comment
    assert listed[job].nodes == "node[1-2]"
    assert client.job("999999") is None


def test_drain_and_resume_with_our_reason(client: SlurmClient, live: Cluster, no_pwned) -> None:
    first = client.drain("node2", HOSTILE_REASON)
    assert first.outcome == "done", first
    node = client.node("node2")
    assert node is not None and node.is_drained
    assert node.reason == "recovery: " + HOSTILE_REASON  # verbatim: never shell-interpreted
    assert client.drain("node2", "again").outcome == "already"
    assert client.resume("node2").outcome == "done"
    live.wait_node("node2", "idle", timeout=15)
    again = client.resume("node2")
    assert again.outcome == "already" and again.commands == []


def test_an_nhc_drain_is_never_resumed_or_claimed(client: SlurmClient, live: Cluster, no_pwned) -> None:
    reason = 'NHC: check_fs_mount: /scratch "not mounted" $(touch PWNED2)'
    live.sh("scontrol", "update", "NodeName=node3", "State=DRAIN", f"Reason={reason}")
    res = client.resume("node3")
    assert res.outcome == "superseded" and res.commands == [] and "NHC" in res.detail
    claimed = client.drain("node3", "xid 79")
    assert claimed.outcome == "superseded" and claimed.commands == []
    node = client.node("node3")
    assert node is not None and node.reason == reason and node.is_drained


@pytest.mark.parametrize("job_requeue", ["1", "0"])
def test_requeue_excluding_a_node_runs_the_job_again_without_it(
    client: SlurmClient, live: Cluster, job_requeue: str
) -> None:
    live.script("set-requeue", job_requeue)
    job = _submit_3node(live, "--comment", '{"recovery": {"max_requeues": 3}}')
    live.wait_job(job, "RUNNING")
    assert live.job_field(job, "Requeue") == job_requeue
    victim = "node2"
    started = time.monotonic()
    res = client.requeue(job, exclude=[victim])
    assert res.outcome == "done", res
    assert [c[1] for c in res.commands][-3:] == ["requeuehold", "update", "release"]
    again = client.requeue(job, exclude=[victim])  # a retried task: nothing more happens
    assert again.outcome in ("already", "done") and "requeuehold" not in [c[1] for c in again.commands]
    live.wait_job(job, "RUNNING", timeout=60)
    info = client.job(job)
    assert info is not None and victim not in info.node_list and len(info.node_list) == 3
    assert info.excluded == [victim] and info.restarts == 1
    print(f"requeue -> running again: {time.monotonic() - started:.1f}s (JobRequeue={job_requeue})")


def test_requeue_adds_to_an_existing_exclusion(client: SlurmClient, live: Cluster) -> None:
    job = live.sbatch("-N1", "-x", "node4", "-o", "/dev/null", "--wrap", "sleep 120")
    live.wait_job(job, "RUNNING")
    assert client.requeue(job, exclude=["node1"]).outcome == "done"
    info = client.job(job)
    assert info is not None and info.excluded == ["node1", "node4"]


def test_requeue_and_cancel_of_a_cancelled_job(client: SlurmClient, live: Cluster) -> None:
    job = live.sbatch("-N1", "-o", "/dev/null", "--wrap", "sleep 120")
    live.wait_job(job, "RUNNING")
    assert client.cancel(job).outcome == "done"
    live.wait_job(job, "CANCELLED", timeout=30)
    assert client.cancel(job).outcome == "already"
    res = client.requeue(job, exclude=["node1"])
    assert res.outcome == "superseded" and res.commands == []


def test_hostile_job_name_and_reason_pass_every_command_path(
    client: SlurmClient, live: Cluster, no_pwned
) -> None:
    job = live.sbatch(
        "-J", "x; touch PWNED #", "-N1", "--comment", HOSTILE_REASON, "-o", "/dev/null", "--wrap", "sleep 120"
    )
    live.wait_job(job, "RUNNING")
    node = client.job(job).node_list[0]  # type: ignore[union-attr]
    assert client.drain(node, HOSTILE_REASON).ok
    assert client.requeue(job, exclude=[node]).outcome == "done"
    assert client.job(job).comment == HOSTILE_REASON  # type: ignore[union-attr]
    assert client.resume(node).outcome == "done"
    assert client.cancel(job).outcome == "done"
    assert {n.name for n in client.nodes()} == {"node1", "node2", "node3", "node4"}
    with pytest.raises(ValueError):
        client.drain("node1; touch PWNED", "x")
    with pytest.raises(ValueError):
        client.requeue("1; touch PWNED", exclude=[])
