"""NCCL's refused NVLS multicast binding, on one node's ranks only, is that node's NVSwitch fabric (issue 24;
holdout17, blind: every rank of p5-007 failed its first barrier with "Failed to bind NVLink SHARP (NVLS)
Multicast memory ... CUDA error 401 ... This is usually caused by a system or configuration error in the
Fabric Manager or NVSwitches", the other three nodes' ranks did not; read as the program failing before its
first step: the owner told, the node left in service).

CUDA_ERROR_ILLEGAL_STATE alone is no device state (any resource in the wrong state); in NCCL's NVLS words
(src/transport/nvls.cc) it is. On one node of several: that node (drain, requeue without it). On every node:
the job's or the cluster's setup (no Fabric Manager running), which a restart elsewhere repeats.
"""

from __future__ import annotations

import pytest

from monitoring.detectors.cuda_errors import device_state_error
from monitoring.detectors.schema import JobSpec
from tests.unit.pipehelpers import OPTED, T0, log, pipeline, run

NVLS = (
    "[rank{r}]: Failed to bind NVLink SHARP (NVLS) Multicast memory of size 2097152 : CUDA error 401 "
    "'the operation cannot be performed in the present state'."
)
BLOCK = (
    "[rank{r}]: torch.distributed.DistBackendError: NCCL error in: /opt/torch/csrc/distributed/c10d/"
    "NCCLUtils.cpp:93, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5",
    "[rank{r}]: ncclUnhandledCudaError: Call to CUDA function failed.",
    "[rank{r}]: Last error:",
    NVLS,
    "[rank{r}]: This is usually caused by a system or configuration error in the Fabric Manager or NVSwitches.",
)
NODES = tuple(f"gpu-a-{i:03d}" for i in range(5, 9))


@pytest.mark.parametrize(
    ("line", "code"),
    [
        (NVLS.format(r=3), 401),
        (
            "transport/nvls.cc:287 NCCL WARN Failed to map NVLink SHARP (NVLS) Multicast memory of size 2097152 : "
            "CUDA error 401 'the operation cannot be performed in the present state'.",
            401,
        ),
        ("RuntimeError: CUDA error 401: the operation cannot be performed in the present state", None),
        ("cuMemMap failed: CUDA_ERROR_ILLEGAL_STATE", None),
    ],
)
def test_error_401_is_the_fabrics_state_only_in_ncclls_nvls_words(line: str, code: int | None) -> None:
    found = device_state_error(line)
    assert (found.code if found else None) == code


def _failed(nodes_failing: tuple[int, ...]) -> list[tuple[str, str | None, list[str]]]:
    spec = JobSpec("30991", name="fsdp", user="al", nodes=NODES, tasks_per_node=8, started=T0, comment=OPTED)
    p = pipeline(spec)
    events = [log(20.0, "30991", "0: rank 0/32: model built (FSDP2, bf16); initialising process groups")]
    for n in nodes_failing:
        for r in range(8 * n, 8 * n + 8):
            events += [log(24.0 + 0.01 * r, "30991", f"{n}: " + line.format(r=r)) for line in BLOCK]
    events.append(
        {
            "t": T0 + 40.0,
            "source": "slurm",
            "kind": "job_state",
            "job": "30991",
            "state": "FAILED",
            "exit_code": "1:0",
        }
    )
    run(p, events, until=60)
    return [
        (i.category, i.culprit_node, sorted(str(r.action) for r in i.recommendations)) for i in p.incidents()
    ]


def test_one_nodes_ranks_refused_nvls_is_that_nodes_fabric() -> None:
    [(category, node, actions)] = _failed((2,))
    assert (category, node) == ("gpu_hardware", "gpu-a-007")
    assert actions == ["drain_node", "requeue_job"]


def test_every_nodes_ranks_refused_nvls_is_the_setup_not_a_node() -> None:
    [(category, node, actions)] = _failed((0, 1, 2, 3))
    assert (category, node) == ("software", None) and "drain_node" not in actions
