"""Methods from holdout29, built blind (issue 24), each tested on lines other than the corpus's.

- torchrun's per-worker prefix (``[default1]:``, its role and local rank) comes before PyTorch's
  ``[rank17]:``: the global rank is PyTorch's, not srun's task label in front of both (one torchrun task
  per node). A rank of a node that could not use its device names its GPU (rank modulo tasks per node).
- RM's ``NV_ERR_RESET_REQUIRED`` in the kernel log is a GPU the driver says only a reset clears: the
  node's GPU hardware fault, its GPU named by the rank that could not use it.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors import logs, xid
from monitoring.detectors.schema import JobSpec, Kind
from tests.unit.pipehelpers import OPTED, PCI, T0, kernel, log, pipeline, run, slurm

BUSY = "RuntimeError: CUDA error: CUDA-capable device(s) is/are busy or unavailable"
RESET = (
    "[Sun Jan 11 09:52:01 2026] NVRM: nvAssertOkFailedNoLog: Assertion failed: Reset required "
    "[NV_ERR_RESET_REQUIRED] (0x00000062) returned from status @ kernel_channel.c:{line}"
)


@settings(max_examples=40, deadline=None)
@given(
    task=st.integers(0, 63),
    role=st.sampled_from(["default", "trainer", "worker_group"]),
    local=st.integers(0, 7),
    rank=st.integers(0, 4095),
)
def test_torchruns_prefix_is_stripped_and_pytorchs_rank_wins(
    task: int, role: str, local: int, rank: int
) -> None:
    line = f"{task}: [{role}{local}]:[rank{rank}]: {BUSY}"
    assert logs.split_prefix(line) == (rank, BUSY)
    assert logs.split_prefix(f"[{role}{local}]:{BUSY}") == (None, BUSY)


def _start_fails(node: int, local: int, reset_line: bool) -> list[Any]:
    """A 4-node, 8-GPU-per-node job (one torchrun task per node) fails at start-up: global rank
    ``node * 8 + local`` cannot use its device; with ``reset_line`` that node's kernel says the GPU needs
    a reset."""
    names = tuple(f"gpu-a-{i:03d}" for i in range(1, 5))
    p = pipeline(JobSpec("3", "nanotron", "xl", names, tasks_per_node=8, started=T0, comment=OPTED))
    rank = node * 8 + local
    host = names[node]
    events = [log(2.0, "3", "0: [default0]:[rank0]: INFO Config: tp=1 dp=32")]
    if reset_line:
        events.append(kernel(30.0, host, RESET.format(line=2874)))
    events += [
        log(30.5, "3", f"{node}: [default{local}]:[rank{rank}]: Traceback (most recent call last):"),
        log(30.6, "3", f"{node}: [default{local}]:[rank{rank}]: {BUSY}"),
        log(32.0, "3", f"srun: error: {host}: task {node}: Exited with exit code 1"),
        slurm(34.0, kind="job_state", job="3", state="FAILED", exit_code="1:0"),
    ]
    run(p, events, until=200.0)
    return p.incidents()


@settings(max_examples=12, deadline=None)
@given(node=st.integers(0, 3), local=st.integers(0, 7), reset_line=st.booleans())
def test_a_rank_that_could_not_use_its_device_names_its_node_and_gpu(
    node: int, local: int, reset_line: bool
) -> None:
    [inc] = _start_fails(node, local, reset_line)
    assert (inc.category, inc.culprit_node, inc.culprit_gpu) == (
        "gpu_hardware",
        f"gpu-a-{node + 1:03d}",
        local,
    )


@settings(max_examples=20, deadline=None)
@given(gpu=st.one_of(st.none(), st.integers(0, 7)), at=st.integers(100, 9999))
def test_reset_required_is_the_gpus_hardware_fault(gpu: int | None, at: int) -> None:
    line = RESET.format(line=at)
    if gpu is not None:  # a record that names its device, as NV_DEV_PRINTF prefixes it ("GPU 0000:18:00.0: ")
        line = line.replace("NVRM: ", f"NVRM: GPU {PCI[gpu]}.0: ")
    info = logs.parse_kernel(line, xid.gpu_index_map(PCI))
    assert info is not None and info.kind == Kind.GPU_HW_ERROR and info.gpu == gpu
