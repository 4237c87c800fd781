"""Two independent faults in one window are two incidents with two culprits.

A rank's own error (an exception that is no cascade, a CUDA out-of-memory) cannot be caused by
another node's GPU or host breaking, nor break them: when both happen to one job within seconds,
each is its own incident, whichever came first.
"""

from __future__ import annotations

from tests.unit.pipehelpers import job, kernel, log, megatron, pipeline, run

XID79 = "[ 100.1] NVRM: Xid (PCI:0000:5d:00): 79, pid=1, GPU has fallen off the bus."
OOM = "[rank9]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB"


def _progress() -> list[dict]:
    return [log(float(t), "1", megatron(t)) for t in range(0, 100)]


def _summary(p) -> list[tuple]:  # type: ignore[no-untyped-def]
    return sorted((i.category, i.culprit_node or "") for i in p.incidents())


def test_an_oom_on_one_node_then_a_gpu_off_the_bus_on_another_are_two_incidents() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"))
    run(p, _progress() + [log(100.5, "1", OOM), kernel(101, "gpu-a-004", XID79)])
    assert _summary(p) == [("gpu_hardware", "gpu-a-004"), ("software", "")]


def test_a_gpu_off_the_bus_then_an_oom_on_another_node_are_two_incidents() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"))
    run(p, _progress() + [kernel(100, "gpu-a-004", XID79), log(100.5, "1", OOM)])
    assert _summary(p) == [("gpu_hardware", "gpu-a-004"), ("software", "")]


def test_an_oom_on_the_broken_gpus_own_node_stays_with_it() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"))
    own = "[rank25]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB"
    run(p, _progress() + [kernel(100, "gpu-a-004", XID79), log(100.5, "1", own)])
    assert _summary(p) == [("gpu_hardware", "gpu-a-004")]
