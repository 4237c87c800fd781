"""nvidia-smi's words for a GPU it can no longer reach are a GPU off the bus (holdout10, blind: a rank's
"CUDA error: unspecified launch failure", then the job's post-mortem nvidia-smi printed "Unable to determine
the device handle for GPU 0000:0B:00.0: Unknown Error"; no Xid line reached us, and nothing was raised).

NVML's handle lookup failing with NVML_ERROR_GPU_IS_LOST ("GPU is lost") or NVML_ERROR_UNKNOWN ("Unknown
Error") is what nvidia-smi prints for a GPU fallen off the bus; the bus names the GPU through the cluster's
PCI list. Other NVML errors (permissions, not supported) name no broken GPU.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors import logs
from monitoring.detectors.schema import Kind
from tests.unit.pipehelpers import PCI, job, log, megatron, pipeline, run, slurm

FORMS = (
    "Unable to determine the device handle for GPU {bus}.0: Unknown Error",
    "Unable to determine the device handle for gpu {bus}.0: GPU is lost.  Reboot the system to recover this GPU",
    "Unable to determine the device handle for GPU{i}: {bus}.0: Unknown Error",
)


@settings(max_examples=30, deadline=None)
@given(form=st.sampled_from(FORMS), i=st.integers(0, 7))
def test_nvidia_smi_losing_a_gpu_is_that_gpu_lost(form: str, i: int) -> None:
    info = logs.parse_joblog(form.format(bus=PCI[i].upper(), i=i))
    assert info is not None and info.kind == Kind.GPU_LOST and info.data["pci"] == PCI[i]


def test_other_nvml_errors_name_no_broken_gpu() -> None:
    for line in (
        "Unable to determine the device handle for GPU0: 0000:01:00.0: Insufficient Permissions",
        "Unable to determine the device handle for GPU 0000:01:00.0: Not Supported",
    ):
        assert logs.parse_joblog(line) is None, line


@settings(max_examples=8, deadline=None)
@given(i=st.integers(0, 7))
def test_a_job_whose_post_mortem_nvidia_smi_lost_a_gpu_blames_it(i: int) -> None:
    p = pipeline(job("5", "gpu-a-003"))
    events = [log(5.0 + 10 * k, "5", megatron(100 + k)) for k in range(10)]
    events += [
        log(110.0, "5", "[rank1]: RuntimeError: CUDA error: unspecified launch failure"),
        log(116.0, "5", FORMS[0].format(bus=PCI[i].upper())),
        slurm(118.0, kind="job_state", job="5", state="FAILED", exit_code="1:0", reason="NonZeroExitCode"),
    ]
    run(p, events, until=300)
    assert [(x.category, x.culprit_node, x.culprit_gpu) for x in p.incidents()] == [
        ("gpu_hardware", "gpu-a-003", i)
    ]
