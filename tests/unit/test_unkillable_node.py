"""A node whose job's processes would not die (issue 24, holdout5 blind: MONAI's stall on pa-gpu07, soft lockups in
``cuda-EvtHandlr``, then slurmctld's own drain "Kill task failed"; read as a GPU heating, not the node).

Slurm drains a node with "Kill task failed" when slurmd gave up killing a step's processes after
``UnkillableStepTimeout``: they are stuck in the kernel. With the node's own kernel reporting a CPU lockup or a hung
task waiting on no filesystem, the node is broken (node_failure, drain). Either alone condemns nothing.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.pipehelpers import job, kernel, log, megatron, pipeline, run, slurm

LOCKUP = "[Tue Mar  4 10:00:00 2027] watchdog: BUG: soft lockup - CPU#72 stuck for 23s! [cuda-EvtHandlr:4242]"


@settings(max_examples=12, deadline=None)
@given(lockup=st.booleans(), killed=st.booleans())
def test_a_node_that_cannot_kill_its_tasks_and_locks_up_is_broken(lockup: bool, killed: bool) -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    steps = [log(10.0 * i, "1", megatron(100 + i)) for i in range(1, 20)]
    events = [*steps]
    if lockup:
        events += [kernel(200.0 + 5 * i, "gpu-a-002", LOCKUP) for i in range(3)]
    if killed:
        events.append(
            slurm(400.0, kind="node_state", node="gpu-a-002", state="DRAINING", reason="Kill task failed")
        )
    run(p, events, until=500)
    got = [(i.category, i.culprit_node, i.pattern) for i in p.incidents()]
    if lockup and killed:
        assert got and got[0] == ("node_failure", "gpu-a-002", "unkillable_tasks")
    else:
        assert all(g[2] != "unkillable_tasks" for g in got)
