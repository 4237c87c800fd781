"""Methods from holdout23, built blind (issue 24), each tested on lines other than the corpus's.

- One GPU of a job spread over several nodes raising an application-class Xid (13, 31, 43, 45) while no
  rank printed an error of its own, and the job stalled waiting for it, is that GPU: the same program runs
  on every GPU, so its own fault would show on many or in its ranks' errors. A hang with that node as
  its culprit: the restart excludes the node, nothing is drained (the driver filed the Xid under the
  application). The program's own error beside it, Xids on two nodes, or a one-node job stay the program's.
- A job that fails right after its own output named a shared filesystem failing (by its name, not a path)
  is one more victim of that filesystem's outage, open or quiet for hours: the one incident takes it.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors.logs import failing_filesystem
from monitoring.detectors.schema import JobSpec
from tests.unit.pipehelpers import OPTED, T0, kernel, log, megatron, pipeline, run, slurm

BUS = {0: "0000:18:00", 1: "0000:2a:00", 2: "0000:3a:00", 3: "0000:5d:00"}  # gpu-a-* (pipehelpers' PCI)
XID = "[Mon Aug  3 22:34:37 2026] NVRM: Xid (PCI:{bus}): {xid}, pid=2218417, name=python3, {what}"
WHAT = {
    13: "Graphics SM Warp Exception on (GPC 5, TPC 3, SM 1): Illegal Instruction Encoding",
    43: "Ch 0000000c",
    31: "Ch 00000010, intr 10000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_0 faulted @ 0x7f1b_5e000000",
}


def _wedged(
    nodes: int, xid_at: list[tuple[str, int]], xids: tuple[int, ...], error: bool = False
) -> list[Any]:
    """A job on ``nodes`` nodes stops progressing at 300 s; each (node, gpu) of ``xid_at`` raises ``xids``
    at 301 s; with ``error``, rank 0 prints CUDA's illegal-instruction error."""
    names = tuple(f"gpu-a-{i:03d}" for i in range(1, nodes + 1))
    p = pipeline(JobSpec("9", name="grug", user="rj", nodes=names, tasks_per_node=8, comment=OPTED))
    events = [log(float(t), "9", megatron(t)) for t in range(300)]
    for node, gpu in xid_at:
        for k, x in enumerate(xids):
            events.append(kernel(301.0 + k, node, XID.format(bus=BUS[gpu], xid=x, what=WHAT[x])))
    if error:
        events.append(
            log(302.5, "9", "[rank3]: RuntimeError: CUDA error: an illegal instruction was encountered")
        )
    run(p, events, until=900.0)
    return p.incidents()


@settings(max_examples=10, deadline=None)
@given(nodes=st.integers(2, 16), gpu=st.integers(0, 3), xids=st.sampled_from([(13,), (13, 43), (31,), (43,)]))
def test_one_gpu_of_many_raising_an_application_xid_while_the_program_is_silent_is_that_gpu(
    nodes: int, gpu: int, xids: tuple[int, ...]
) -> None:
    [inc] = _wedged(nodes, [("gpu-a-002", gpu)], xids)
    assert (inc.category, inc.culprit_node, inc.culprit_gpu, inc.pattern) == (
        "hang",
        "gpu-a-002",
        gpu,
        "app_xid_on_one_gpu",
    )
    assert [(r.action, r.exclude) for r in inc.recommendations] == [("requeue_job", ("gpu-a-002",))]


def test_the_programs_own_error_two_nodes_or_one_node_keep_it_the_programs() -> None:
    for incs in (
        _wedged(4, [("gpu-a-002", 1)], (13,), error=True),
        _wedged(4, [("gpu-a-002", 1), ("gpu-a-003", 1)], (13,)),
        _wedged(1, [("gpu-a-001", 1)], (13,)),
    ):
        assert [(i.category, i.culprit_node) for i in incs] == [("software", None)], [
            (i.category, i.pattern) for i in incs
        ]


# --- a job's last words naming the filesystem of an outage ----------------------------------------------

LOST = "[x] LustreError: 11-0: lustre-OST0001-osc-ffff9a3c41d6e800: operation ost_write to node 10.40.0.22@o2ib failed: rc = -107"


def test_a_filesystem_is_named_by_its_name_not_by_a_path() -> None:
    assert (
        failing_filesystem("ERROR: Lustre client on gpu-00 is not healthy; refusing shared-file I/O")
        == "lustre"
    )
    assert failing_filesystem("import state=DISCONN for lustre-OST0002") == "lustre"
    assert failing_filesystem("health: GPFS file system fs1 is down on this node") == "gpfs"
    assert failing_filesystem('File "/lustre/scratch/u/train.py", line 3: error') is None  # a path
    assert failing_filesystem("mounted Lustre /scratch, stripe count 4") is None  # nothing failing


def _late_victim(last_words: str, gap: float) -> list[Any]:
    """Two jobs' nodes lose a Lustre server at 100 s; ``gap`` seconds later job 3 prints ``last_words``
    and fails 2 s after."""
    p = pipeline(
        JobSpec("1", name="a", user="u", nodes=("gpu-a-001",), tasks_per_node=1, comment=OPTED),
        JobSpec("2", name="b", user="w", nodes=("gpu-a-002",), tasks_per_node=1, comment=OPTED),
        JobSpec(
            "3", name="check", user="ops", nodes=("gpu-a-009",), tasks_per_node=1, started=T0 + 100 + gap
        ),
    )
    events = [kernel(100.0 + i, f"gpu-a-00{i}", LOST) for i in (1, 2)]
    events += [
        log(100.0 + gap + 1, "3", last_words),
        slurm(100.0 + gap + 3, kind="job_state", job="3", state="FAILED", exit_code="1:0"),
    ]
    run(p, events[:2], until=200.0)
    t = T0 + 200.0
    while t < T0 + 100.0 + gap - 60.0:
        p.feed([], t)
        t += 300.0
    run(p, events[2:], until=100.0 + gap + 60.0)
    return p.incidents()


@settings(max_examples=6, deadline=None)
@given(gap=st.floats(60.0, 5 * 3600.0))
def test_a_job_failing_right_after_naming_the_failing_filesystem_is_that_outages(gap: float) -> None:
    incs = _late_victim("ERROR: Lustre client on gpu-a-009 is not healthy; refusing shared-file I/O", gap)
    [inc] = incs
    assert inc.category == "infrastructure" and "3" in inc.jobs, (inc.category, inc.jobs)


def test_a_path_or_another_filesystem_is_not_that_outage() -> None:
    for words in ('  File "/lustre/scratch/ops/check.py", line 9, error', "NFS server fs01 not responding"):
        incs = _late_victim(words, 3600.0)
        assert len(incs) == 2 and "3" not in incs[0].jobs and incs[1].jobs == ("3",), [
            (i.category, i.jobs) for i in incs
        ]
