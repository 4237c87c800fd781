"""CUDA error codes that name hardware, in each form an error check prints them.

The codes and texts are the CUDA headers' own (driver_types.h ``cudaError``, cuda.h ``CUresult``);
see monitoring/detectors/cuda_errors.py for which codes are hardware and why the rest are not.
"""

from __future__ import annotations

import pytest

from monitoring.detectors import cuda_errors, logs
from monitoring.detectors.schema import Kind
from tests.unit.pipehelpers import job, log, pipeline, run, slurm


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("3: CUDA error 214 at /src/check.cu:88", 214),  # the number
        ("3: [check] cuCtxCreate failed with error code 214", 214),  # a driver call's status
        ("3: CUDA runtime error (214) in allocator", 214),
        ("3: RuntimeError: CUDA error 220", 220),  # a Python exception with only the number
        ("3: cudaGetLastError() = cudaErrorECCUncorrectable", 214),  # the runtime enum's name
        ("3: CUDA_ERROR_ECC_UNCORRECTABLE from cuMemAlloc_v2", 214),  # the driver enum's name
        ("3: terminate: what():  cudaErrorNvlinkUncorrectable", 220),
        ("3: GPU check failed: uncorrectable NVLink error detected during the execution", 220),  # its message
    ],
)
def test_a_hardware_cuda_error_is_the_gpus_in_any_form(line: str, code: int) -> None:
    info = logs.parse_joblog(line)
    assert info is not None and info.kind == Kind.GPU_ECC and info.rank == 3
    assert info.data["cuda_error"] == code


@pytest.mark.parametrize(
    "line",
    [
        "CUDA error 700 an illegal memory access was encountered",  # the program's bug
        "CUDA error: cudaErrorIllegalInstruction",  # documented as a bad instruction in the kernel
        "cudaErrorHardwareStackError: hardware stack error",  # stack overflow or corruption
        "CUDA error 2: out of memory",
        "HTTP error code 214 from the dataset server",  # a 214 that is not CUDA's
        "step 214 loss 2.14",
    ],
)
def test_codes_that_are_not_hardware_are_not_read_as_hardware(line: str) -> None:
    assert cuda_errors.hardware_error(line) is None
    info = logs.parse_joblog(line)
    assert info is None or info.kind != Kind.GPU_ECC


def test_the_node_that_printed_a_cuda_ecc_error_is_the_culprit() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = [
        log(10, "1", "11: [syscheck] cuCtxCreate failed with error code 214"),
        slurm(12, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
    ]
    run(p, events, until=60)
    [inc] = p.incidents()
    assert inc.category == "gpu_hardware" and inc.culprit_node == "gpu-a-002"
    assert "drain_node" in [r.action for r in inc.recommendations]
