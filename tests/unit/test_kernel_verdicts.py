"""Kernel records as verdicts: which ones condemn a node, which only weigh, which point at storage.

Lines are written from the kernel's format strings (see tests/unit/test_kernel_records.py).
"""

from __future__ import annotations

from tests.unit.pipehelpers import job, kernel, megatron, pipeline, run

GPF = [
    "[ 9001.1] general protection fault, probably for non-canonical address 0xdead000000000122: 0000 [#1] SMP",
    "[ 9001.1] CPU: 3 PID: 811 Comm: python Tainted: P           OE     5.15.0 #1",
    "[ 9001.1] RIP: 0010:_nv000123rm+0x4d/0x90 [nvidia]",
]
HUNG = [
    "Mar 05 10:11:12 gpu-a-002 kernel: INFO: task python:7781 blocked for more than 122 seconds.",
    "Mar 05 10:11:12 gpu-a-002 kernel: Call Trace:",
    "Mar 05 10:11:12 gpu-a-002 kernel:  io_schedule+0x12/0x40",
    "Mar 05 10:11:12 gpu-a-002 kernel:  wait_on_page_bit+0x11/0x20",
]
NFS_LOST = "Mar 05 10:13:40 gpu-a-002 kernel: nfs: server fs01 not responding, still trying"


def _progress(jid: str, start: float, end: float) -> list[dict]:
    from tests.unit.pipehelpers import log

    return [log(float(t), jid, megatron(t)) for t in range(int(start), int(end))]


def test_an_oops_in_a_driver_module_is_a_node_failure_that_names_the_module() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    run(p, _progress("1", 0, 40) + [kernel(40 + i * 0.001, "gpu-a-002", ln) for i, ln in enumerate(GPF)])
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("node_failure", "gpu-a-002")
    assert inc.pattern == "kernel_oops:nvidia"
    assert any("[nvidia]" in e for e in inc.evidence)


def test_a_hard_lockup_condemns_its_node_and_a_soft_lockup_alone_raises_nothing() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    soft = "[ 77.0] watchdog: BUG: soft lockup - CPU#5 stuck for 22s! [python:811]"
    run(p, _progress("1", 0, 60) + [kernel(30, "gpu-a-002", soft)])
    assert p.incidents() == []
    hard = "[ 78.0] NMI watchdog: Watchdog detected hard LOCKUP on cpu 5"
    run(p, [kernel(61, "gpu-a-002", hard)])
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node, inc.pattern) == ("node_failure", "gpu-a-002", "cpu_lockup")


def test_a_hung_task_and_a_lost_nfs_server_on_one_node_are_the_job_waiting_on_storage() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = [kernel(100 + i * 0.001, "gpu-a-002", ln) for i, ln in enumerate(HUNG)]
    run(p, events)
    assert p.incidents() == []  # a task blocked two minutes alone: a slow save does that
    run(p, [kernel(250, "gpu-a-002", NFS_LOST)])
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("infrastructure", None)
    assert [r.to_dict()["action"] for r in inc.recommendations] == ["escalate"]


def test_a_lost_nfs_server_alone_raises_nothing() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    run(p, [kernel(250, "gpu-a-002", NFS_LOST)])
    assert p.incidents() == []
