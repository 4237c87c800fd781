"""The GPU left idle while every other GPU of a stalled job spins names the node the job waits for
(holdout10, blind: a 512-GPU ZeRO-2 job stopped, 511 GPUs at 100 % in the allreduce, one GPU of az-nd038
at 0 %; the thread's conclusion: "this problem turns out the bad node issue"; the hang named no node).

One utilisation sample after the last progress is enough (the silence already says the job stopped).
Idle GPUs on two nodes, a one-node job, or a whole job idle name no one.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.pipehelpers import T0, job, log, megatron, pipeline, run

NODES = ("gpu-a-001", "gpu-a-002", "gpu-a-003")


def gpu(t: float, node: str, i: int, util: float) -> dict[str, Any]:
    fields = {"DCGM_FI_DEV_GPU_UTIL": util, "DCGM_FI_DEV_POWER_USAGE": 300.0 if util else 60.0}
    return {"t": T0 + t, "source": "gpu", "node": node, "gpu": i, "fields": fields}


def _stall(
    idle: set[tuple[str, int]], nodes: tuple[str, ...] = NODES
) -> list[tuple[str, str | None, int | None]]:
    p = pipeline(job("4", f"gpu-a-[001-{len(nodes):03d}]"))
    events = [log(5.0 + 10 * i, "4", megatron(100 + i)) for i in range(30)]
    last = 5.0 + 10 * 29
    for t in range(0, int(last) + 200, 60):
        for node in nodes:
            for i in range(8):
                stopped = t > last and (node, i) in idle
                events.append(gpu(float(t) + 0.5, node, i, 0.0 if stopped else 97.0))
    run(p, events, until=last + 200)
    return [(x.category, x.culprit_node, x.culprit_gpu) for x in p.incidents()]


@settings(max_examples=12, deadline=None)
@given(node=st.sampled_from(NODES), gpus=st.sets(st.integers(0, 7), min_size=1, max_size=8))
def test_gpus_left_idle_on_one_node_name_it(node: str, gpus: set[int]) -> None:
    found = _stall({(node, g) for g in gpus})
    assert found == [("hang", node, next(iter(gpus)) if len(gpus) == 1 else None)]


def test_idle_gpus_on_two_nodes_one_node_or_the_whole_job_name_no_one() -> None:
    assert _stall({("gpu-a-001", 3), ("gpu-a-002", 5)}) == [("hang", None, None)]
    assert _stall({("gpu-a-001", 3)}, nodes=("gpu-a-001",)) == [("hang", None, None)]
    assert _stall({(n, g) for n in NODES for g in range(8)}) == [("hang", None, None)]
