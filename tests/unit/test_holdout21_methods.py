"""Methods from holdout21, built blind (issue 24): each is a class of text, tested on lines other than the
corpus's.

- A GPU driver's own hardware-error report on its device (AMD's RAS and Accelerator Check Architecture
  records, any vendor's ``[Hardware Error]`` line with a severity) is the GPU's fault; a corrected one is
  routine.
- A job silent since a node fault its incident already blamed is that incident, however late its stall is
  confirmed.
- The same program error, word for word, in the next attempt of the same work is the same incident, whatever
  phase the job's output let us read.
- A GPU of the job's node idle since before the silence is not one the job works on: a one-GPU job's
  evaluation at 2-6 % is work.
- tqdm past a total set too low prints a negative remaining time: still progress.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors.kernel_records import UNDERSTOOD, KernelRecordReader, Record
from monitoring.detectors.progress import parse_progress
from monitoring.detectors.schema import JobSpec, Kind
from monitoring.detectors.telemetry import TelemetryRules
from tests.unit.pipehelpers import OPTED, T0, job, kernel, log, megatron, pipeline, run, slurm

GPUS = {"0000:c1:00": 3, "0000:41:00": 1}


def _read(lines: list[str], node: str = "n1") -> list[Record]:
    reader = KernelRecordReader()
    out = []
    for i, line in enumerate(lines):
        rec = reader.feed(node, 100.0 + i * 0.001, line, GPUS.get)
        if rec is not None and rec is not UNDERSTOOD:
            out.append(rec)
    return out


# --- a GPU driver's hardware-error report ---------------------------------------------------------------


def test_amdgpus_ras_line_in_either_spelling_names_its_gpu() -> None:
    # amdgpu_ras.c amdgpu_ras_global_ras_isr: dev_info(..., "uncorrectable hardware error(ERREVENT_ATHUB_INTERRUPT) detected!")
    for line in (
        "[ 812.1] amdgpu 0000:c1:00.0: uncorrectable hardware error(ERREVENT_ATHUB_INTERRUPT) detected!",
        "Jul 01 10:00:00 h kernel: amdgpu 0000:c1:00.0: {7} Uncorrectable hardware error(ERREVENT_ATHUB_INTERRUPT) detected!",
    ):
        [rec] = _read([line])
        assert (rec.kind, rec.gpu) == (Kind.GPU_HW_ERROR, 3), line


def test_an_aca_bank_is_read_with_the_machine_check_status_bits() -> None:
    # amdgpu_aca.c: HW_ERR lines per bank; STATUS is SMCA's MCA_STATUS (63 VAL, 61 UC, 57 PCC)
    head = "amdgpu 0000:41:00.0: {3}[Hardware Error]: Accelerator Check Architecture events logged"
    fatal = [head, "amdgpu 0000:41:00.0: {3}[Hardware Error]: aca entry[00].STATUS=0xbe00000000800400"]
    [rec] = _read(fatal + ["amdgpu 0000:41:00.0: {3}[Hardware Error]: aca entry[00].ADDR=0x0000000000000000"])
    assert (rec.kind, rec.gpu) == (Kind.GPU_HW_ERROR, 1)
    corrected = [head, "amdgpu 0000:41:00.0: {3}[Hardware Error]: aca entry[00].STATUS=0x8c00004000010090"]
    assert _read(corrected) == []


def test_a_count_of_uncorrectable_errors_per_block_and_its_corrected_twin() -> None:
    # amdgpu_ras.c: "%ld uncorrectable hardware errors detected in %s block" / "... correctable ..."
    assert _read(["amdgpu 0000:c1:00.0: 2 uncorrectable hardware errors detected in umc block"])[0].gpu == 3
    assert _read(["amdgpu 0000:c1:00.0: 0 uncorrectable hardware errors detected in umc block"]) == []
    assert _read(["amdgpu 0000:c1:00.0: 12 correctable hardware errors detected in umc block"]) == []


def test_another_vendors_hardware_error_line_with_a_severity_word() -> None:
    # xe_hw_error.c prints the error's type (CORRECTABLE, NONFATAL, FATAL) on an HW_ERR line
    [rec] = _read(["xe 0000:0a:00.0: [Hardware Error]: TILE0 reported FATAL error, bit[1] is set"])
    assert rec.kind == Kind.GPU_HW_ERROR and rec.gpu is None and "0000:0a:00" in rec.text
    assert _read(["xe 0000:0a:00.0: [Hardware Error]: TILE0 reported CORRECTABLE error, bit[1] is set"]) == []


def test_a_device_that_is_no_gpu_and_a_record_reported_once() -> None:
    assert _read(["nvme 0000:02:00.0: [Hardware Error]: something FATAL"]) == []  # no GPU driver, no GPU bus
    twice = ["amdgpu 0000:c1:00.0: uncorrectable hardware error(ERREVENT_ATHUB_INTERRUPT) detected!"] * 2
    assert len(_read(twice)) == 1


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(max_size=80), max_size=6), st.sampled_from(["amdgpu", "xe", "nvidia", "mlx5_core"]))
def test_any_device_text_is_read_without_error(bodies: list[str], driver: str) -> None:
    _read([f"{driver} 0000:c1:00.0: [Hardware Error]: {b}" for b in bodies])


# --- a silence since a node fault -----------------------------------------------------------------------

XID79 = "NVRM: Xid (PCI:0000:3b:00): 79, pid=1234, GPU has fallen off the bus."


def _stuck(went_on: bool) -> list[Any]:
    """A job on two nodes printing every 400 s; gpu-a-002's GPU falls off the bus 100 s after its fifth
    line; no one requeues the job. It stays silent (its stall, 5 x 400 s, is confirmed after the incident
    went quiet at 1800 s), or it goes on printing for another 2400 s and then stops."""
    p = pipeline(job("1", "gpu-a-[001-002]"))
    last = 1600.0 + (2400.0 if went_on else 0.0)
    events = [log(t, "1", megatron(100 + i)) for i, t in enumerate(range(0, int(last) + 1, 400))]
    events.append(kernel(1700.0, "gpu-a-002", XID79))
    run(p, events, until=last + 2400.0)
    return p.incidents()


def test_a_job_silent_since_the_fault_is_that_incident_however_late() -> None:
    incs = _stuck(went_on=False)
    assert len(incs) == 1 and incs[0].category == "gpu_hardware", [(i.category, i.jobs) for i in incs]


def test_a_job_that_went_on_after_the_fault_stalls_as_a_new_incident() -> None:
    incs = _stuck(went_on=True)
    assert sorted(i.category for i in incs) == ["gpu_hardware", "hang"]


# --- the same error word for word -----------------------------------------------------------------------

FPE = "FloatingPointError: Minimum loss scale reached (0.0001). Your loss is probably exploding."


def _again(second: str, rerun_nodes: str = "gpu-a-003") -> list[Any]:
    """A job fails with ``FPE``; Slurm requeues it on another node; it fails with ``second``."""
    p = pipeline(JobSpec("5", name="bt", user="ana", nodes=("gpu-a-002",), tasks_per_node=1, comment=OPTED))
    events = [log(10.0 * i, "5", f"epoch 003 | loss {9 - i / 100:.2f} | lr 0.0001") for i in range(30)]
    events += [log(300.0, "5", "Traceback (most recent call last):"), log(300.0, "5", FPE)]
    events.append(slurm(302.0, kind="job_state", job="5", state="FAILED", exit_code="1:0"))
    events.append(slurm(400.0, kind="job_state", job="5", state="RUNNING", nodes=rerun_nodes))
    events += [log(420.0, "5", "Traceback (most recent call last):"), log(420.0, "5", second)]
    events.append(slurm(422.0, kind="job_state", job="5", state="FAILED", exit_code="1:0"))
    run(p, events, until=1000.0)
    return p.incidents()


def test_the_same_error_on_the_next_attempt_is_one_incident() -> None:
    incs = _again(FPE)
    assert len(incs) == 1 and incs[0].category == "software", [(i.category, i.jobs) for i in incs]


def test_another_error_on_the_next_attempt_is_another_incident() -> None:
    assert len(_again("KeyError: 'decoder.embed_tokens.weight' not found in the checkpoint")) == 2


# --- a GPU idle before the silence is not the job's --------------------------------------------------------


def _eval(util: float) -> TelemetryRules:
    rules = TelemetryRules()
    for t in (0.0, 60.0, 120.0, 180.0, 240.0):
        at_work = t < 150.0
        for g in range(4):
            busy = g == 1
            u = (94.0 if at_work else util) if busy else 0.0
            w = (220.0 if at_work else 48.0) if busy else 40.0
            rules.on_sample(t, "gpu-n12", g, {"DCGM_FI_DEV_GPU_UTIL": u, "DCGM_FI_DEV_POWER_USAGE": w}, "9")
    return rules


def test_a_one_gpu_job_on_a_four_gpu_node_working_at_a_few_percent_is_at_work() -> None:
    assert _eval(4.0).working_intermittently("9", 150.0) is not None
    assert _eval(0.0).working_intermittently("9", 150.0) is None  # nothing launched: stopped
    assert _eval(100.0).working_intermittently("9", 150.0) is None  # a kernel that never returns
    assert _eval(1.0).working_intermittently("9", 150.0) is None  # what a query may add


def test_a_gpu_that_went_idle_with_the_silence_still_counts_against_work() -> None:
    rules = TelemetryRules()
    for t in (0.0, 60.0, 120.0, 180.0, 240.0):
        for g in range(4):
            u = 94.0 if t < 150.0 else (30.0 if g == 0 else 0.0)
            rules.on_sample(t, "n", g, {"DCGM_FI_DEV_GPU_UTIL": u, "DCGM_FI_DEV_POWER_USAGE": 100.0}, "9")
    assert rules.working_intermittently("9", 150.0) is None  # three ranks stopped with the job: 1 of 4


# --- tqdm past its total ---------------------------------------------------------------------------------


def test_tqdm_past_a_total_set_too_low_is_progress() -> None:
    assert parse_progress("Iteration: 101%|##########| 22500/22180 [3:07:06<-1:57:55,  2.57it/s]") == (
        22500,
        1 / 2.57,
    )
    assert parse_progress("Iteration:  99%|######### | 22050/22180 [3:04:12<00:51,  2.57it/s]") is not None
    assert T0 > 0
