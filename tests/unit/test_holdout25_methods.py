"""Methods from holdout25, built blind (issue 24), each tested on lines other than the corpus's.

- Per-GPU figures a job prints (its preflight's GEMM throughput per adapter, a bandwidth test per device)
  are compared across the job's GPUs: one GPU below half the median of at least seven others is slow
  (gpu_degraded: drained, the job requeued without it). The figure's node is the one its label printed
  as its host name, else the job's rank layout unless that puts two labels on one node (a step run with
  another layout: which node is a guess, so none).
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors.gpu_figures import GpuFigures, figure
from monitoring.detectors.schema import JobSpec
from tests.unit.pipehelpers import OPTED, T0, log, megatron, pipeline, run

GEMM = "{label}GEMM [I] (ADAPTER#{gpu})  Ending with {v:.6f} GFlops"
H2D = "{label}bandwidthTest device {gpu}: Host to Device Bandwidth {v:.1f} GB/s"


def test_a_figure_names_one_gpu_and_one_rate() -> None:
    assert figure("GEMM [I] (ADAPTER#3)  Ending with 19269.814534723 GFlops")[1:3] == (3, 19269.814534723e9)
    assert figure("bandwidthTest device 5: Host to Device Bandwidth 24.1 GB/s")[1] == 5
    assert figure("GPU 0: 120 TFLOPS, GPU 1: 118 TFLOPS") is None  # two GPUs, two rates: no one figure
    assert figure("throughput 1249.5 seq/s") is None  # no GPU named, no FLOP or byte rate
    assert figure("iteration 10 | elapsed time per iteration (ms): 3431.7") is None


@settings(max_examples=30, deadline=None)
@given(n=st.integers(8, 64), slow=st.floats(0.05, 0.95), at=st.integers(0, 63))
def test_one_gpu_below_half_its_peers_median_is_slow_once(n: int, slow: float, at: int) -> None:
    figures, found = GpuFigures(), []
    for g in range(n):
        v = 19200.0 * (slow if g == at % n else 1.0 + (g % 5) / 100)
        found.append(figures.see("1", f"r{g // 8}", figure(GEMM.format(label="", gpu=g % 8, v=v))))
    reported = [f for f in found if f is not None]
    if slow < 0.49:
        assert [(f.where, f.gpu) for f in reported] == [(f"r{(at % n) // 8}", (at % n) % 8)]
        assert reported[0].ratio < 0.5
    elif slow > 0.51:
        assert reported == []


def test_fewer_than_eight_gpus_name_no_one() -> None:
    figures = GpuFigures()
    assert all(
        figures.see("1", "", figure(H2D.format(label="", gpu=g, v=24.0 if g else 3.0))) is None
        for g in range(7)
    )


def _preflight(hostnames: bool, tpn: int = 8) -> list[Any]:
    nodes = tuple(f"gpu-a-00{i}" for i in range(1, 5))
    p = pipeline(
        JobSpec("5", name="gpt", user="d", nodes=nodes, tasks_per_node=tpn, started=T0, comment=OPTED)
    )
    events = [log(1.0, "5", "+ srun -l --ntasks-per-node=1 ubergemm --adapters 0,1,2,3,4,5,6,7")]
    for task, node in enumerate(nodes):
        if hostnames:
            events.append(log(10.0 + task, "5", f"{task}: {node}"))
        for g in range(8):
            v = 6698.4 if (task, g) == (2, 5) else 19200.0 + 10 * g
            events.append(log(12.0 + task + g / 100, "5", GEMM.format(label=f"{task}: ", gpu=g, v=v)))
    run(p, events, until=60.0)
    return p.incidents()


def test_the_slow_gpu_of_a_preflight_is_found_on_the_node_its_label_named() -> None:
    [inc] = _preflight(hostnames=True)
    assert (inc.category, inc.culprit_node, inc.culprit_gpu) == ("gpu_degraded", "gpu-a-003", 5)
    assert {r.action for r in inc.recommendations} == {"drain_node", "requeue_job"}


def test_a_step_laid_out_unlike_the_job_names_no_node_without_its_host_names() -> None:
    assert _preflight(hostnames=False) == []  # labels 0-3 would all be gpu-a-001 by 8 tasks per node
    [inc] = _preflight(hostnames=False, tpn=1)  # one task per node: the job's layout is the step's
    assert (inc.culprit_node, inc.culprit_gpu) == ("gpu-a-003", 5)


def test_figures_printed_while_training_are_not_a_preflight() -> None:
    nodes = tuple(f"gpu-a-00{i}" for i in range(1, 5))
    p = pipeline(JobSpec("5", name="gpt", user="d", nodes=nodes, tasks_per_node=1, started=T0, comment=OPTED))
    events = [
        log(float(t), "5", f"iteration {t:8d}/  500000 | elapsed time per iteration (ms): 1000.0 |")
        for t in range(1, 40)
    ]
    for task in range(4):
        for g in range(8):
            v = 6698.4 if (task, g) == (2, 5) else 19200.0
            events.append(log(40.0 + task + g / 100, "5", GEMM.format(label=f"{task}: ", gpu=g, v=v)))
    run(p, events, until=60.0)
    assert [i.category for i in p.incidents()] == []


# --- Open MPI's runtime losing a node's daemon ---------------------------------------------------------------

ORTE = [
    "--------------------------------------------------------------------------",
    "ORTE has lost communication with its daemon located on node:",
    "",
    "  hostname:  {node}",
    "",
    "This is usually due to either a failure of the TCP network",
    "connection to the node, or possibly an internal failure of",
    "the daemon itself. We cannot recover from this failure, and",
    "therefore will terminate the job.",
    "--------------------------------------------------------------------------",
]


def _orte(trained: bool) -> list[Any]:
    nodes = ("gpu-a-001", "gpu-a-002")
    p = pipeline(JobSpec("6", name="rex", user="c", nodes=nodes, tasks_per_node=4, started=T0, comment=OPTED))
    events = [log(float(t), "6", megatron(t)) for t in range(1, 100, 5)] if trained else []
    events += [log(163.0 + i / 1000, "6", line.format(node="gpu-a-002")) for i, line in enumerate(ORTE)]
    run(p, events, until=170.0)
    return p.incidents()


def test_open_mpi_losing_a_nodes_daemon_is_that_node_failing_found_when_it_says_so() -> None:
    [inc] = _orte(trained=True)
    assert (inc.category, inc.culprit_node) == ("node_failure", "gpu-a-002"), inc.evidence
    assert inc.detected_t - T0 < 164.0
    assert {r.action for r in inc.recommendations} == {"drain_node", "requeue_job"}


def test_the_same_words_before_the_first_step_blame_no_node() -> None:
    assert [i.culprit_node for i in _orte(trained=False)] in ([], [None])
