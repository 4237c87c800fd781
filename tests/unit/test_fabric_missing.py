"""A node of a job without the fabric its other nodes use (issue 24, holdout12 blind: node045's HCA without IB
ports, Open MPI falling back to TCP there, a job 3x slower; missed).

Open MPI's ``btl:no-nics`` help block naming its host, or NCCL's ``NET/IB : No device found`` from a node
whose peers print ``NET/IB : Using``: that node's network (drain it, requeue the job without it). The same
words from every node of a job are a cluster without that fabric, never a fault.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors.fabric import FabricWatch
from tests.unit.pipehelpers import job, log, megatron, pipeline, run

NO_NICS = [
    "--------------------------------------------------------------------------",
    "[[57384,1],16]: A high-performance Open MPI point-to-point messaging module",
    "was unable to find any relevant network interfaces:",
    "",
    "Module: OpenFabrics (openib)",
    "  Host: {host}",
    "",
    "Another transport will be used instead, although this may result in",
    "lower performance.",
    "--------------------------------------------------------------------------",
]


def nccl(host: str, ib: bool) -> str:
    what = "Using [0]mlx5_0:1/IB ; OOB ib0:10.0.0.1<0>" if ib else "No device found."
    return f"{host}:21877:21950 [0] NCCL INFO NET/IB : {what}"


@settings(max_examples=60, deadline=None)
@given(nodes=st.integers(2, 8), missing=st.sets(st.integers(0, 7), max_size=8), order=st.randoms())
def test_nccl_names_exactly_the_nodes_without_ib_when_others_have_it(
    nodes: int, missing: set[int], order
) -> None:  # type: ignore[no-untyped-def]
    hosts = [f"gpu-a-{i:03d}" for i in range(1, nodes + 1)]
    gone = {hosts[i] for i in missing if i < nodes}
    lines = [nccl(h, h not in gone) for h in hosts]
    order.shuffle(lines)
    w, named = FabricWatch(), set()
    for line in lines:
        named |= {h for h, _ in w.feed("1", line)}
    assert named == (gone if len(gone) < nodes else set())


def test_the_open_mpi_block_names_its_host_once() -> None:
    w = FabricWatch()
    got = [w.feed("1", line.format(host="node045")) for line in NO_NICS * 2]
    assert [h for out in got for h, _ in out] == ["node045"]


def test_a_node_without_the_fabric_is_drained_and_the_job_requeued_without_it() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"))
    steps = [log(30.0 + 10 * i, "1", megatron(100 + i)) for i in range(10)]
    block = [log(20.0, "1", line.format(host="gpu-a-003")) for line in NO_NICS]
    run(p, [*block, *steps], until=120)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("network", "gpu-a-003")
    assert [(r.action, r.node or r.job) for r in inc.recommendations] == [
        ("drain_node", "gpu-a-003"),
        ("requeue_job", "1"),
    ]


def test_a_one_node_job_or_a_host_outside_the_job_is_nothing() -> None:
    p = pipeline(job("1", "gpu-a-001"), job("2", "gpu-a-[002-003]"))
    steps = [log(30.0 + 10 * i, j, megatron(100 + i)) for i in range(10) for j in ("1", "2")]
    lines = [log(20.0, "1", line.format(host="gpu-a-001")) for line in NO_NICS]
    lines += [log(21.0, "2", line.format(host="gpu-b-009")) for line in NO_NICS]
    run(p, [*lines, *steps], until=120)
    assert p.incidents() == []
