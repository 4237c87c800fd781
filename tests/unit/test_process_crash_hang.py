"""A rank that died on one node is where a job's stall comes from (holdout10, blind: a public HPC thread,
``python[3551]: segfault at 1378 ... in libcuda.so.418.67`` in cn110's kernel log, the job on cn[104-110]
silent since; the hang named no node, and the restart kept cn110).

The kernel's record of a user process dying of a fault (x86's segfault message and "traps:" lines, arm64's
unhandled faults) on exactly one of a stalled job's nodes, around when it stopped progressing, names that
node. On two nodes, long before the stall, or on a node the job does not use, it names no one.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from incidents.attribution.analysis import CRASH_BEFORE_STALL_S
from monitoring.detectors import logs
from monitoring.detectors.schema import Kind
from tests.unit.pipehelpers import job, kernel, log, megatron, pipeline, run

COMMS = st.sampled_from(["python", "python3", "pt_main_thread", "torchrun"])
OBJS = st.sampled_from(["libcuda.so.418.67", "libnccl.so.2", "libtorch_cuda.so", "python3.10"])
FORMS = (
    "[Tue Mar 24 09:53:55 2021] {comm}[{pid}]: segfault at 1378 ip 00007fff859dbeff sp 00007fff3b60ce60 error 4 in {obj}[7fff858c5000+dec000]",
    "Mar 24 09:53:55 cn110 kernel: traps: {comm}[{pid}] general protection fault ip:7f1c2d3e sp:7ffd1234 error:0 in {obj}[7f1c0000+2000000]",
    "[ 8123.4] traps: {comm}[{pid}] trap invalid opcode ip:7f00 sp:7ff0 error:0 in {obj}[7f00+1000]",
    "[ 812.0] {comm}[{pid}]: unhandled level 3 translation fault (11) at 0x00000008, esr 0x92000007, in {obj}[ffff8000+1000]",
)


@settings(max_examples=40, deadline=None)
@given(form=st.sampled_from(FORMS), comm=COMMS, pid=st.integers(1, 4_000_000), obj=OBJS)
def test_the_kernels_words_for_a_process_that_died_of_a_fault(
    form: str, comm: str, pid: int, obj: str
) -> None:
    info = logs.parse_kernel(form.format(comm=comm, pid=pid, obj=obj), {})
    assert info is not None and info.kind == Kind.PROCESS_CRASH
    assert (info.data["comm"], info.data["object"]) == (comm, obj)


def _stall(crashes: list[tuple[str, float]]) -> list[tuple[str, str | None]]:
    p = pipeline(job("3", "gpu-a-[001-003]"))
    events = [log(5.0 + 10 * i, "3", megatron(100 + i)) for i in range(30)]
    last = 5.0 + 10 * 29
    for node, dt in crashes:
        line = f"[ 1.0] python[{4000 + int(dt)}]: segfault at 0 ip 0000 sp 0000 error 4 in libcuda.so.1[7f00+1000]"
        events.append(kernel(last + dt, node, line))
    run(p, events, until=last + 400)
    return [(i.category, i.culprit_node) for i in p.incidents()]


@settings(max_examples=12, deadline=None)
@given(
    node=st.sampled_from(["gpu-a-001", "gpu-a-002", "gpu-a-003"]), dt=st.floats(-CRASH_BEFORE_STALL_S + 5, 40)
)
def test_a_process_that_died_on_one_node_of_a_stalled_job_names_it(node: str, dt: float) -> None:
    assert _stall([(node, dt)]) == [("hang", node)]


def test_crashes_on_two_nodes_long_before_or_elsewhere_name_no_one() -> None:
    assert _stall([("gpu-a-001", 5.0), ("gpu-a-002", 8.0)]) == [("hang", None)]
    assert _stall([("gpu-a-002", -CRASH_BEFORE_STALL_S - 60)]) == [("hang", None)]
    assert _stall([("gpu-a-009", 5.0)]) == [("hang", None)]
