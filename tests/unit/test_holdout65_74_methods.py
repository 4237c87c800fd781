"""Methods from holdout65 to holdout74 (blind, issue 24), each tested on lines other than the corpora's, each
with the case it must leave alone.

- A Slurm command whose every request goes to the controller (sbatch, salloc, squeue, scontrol, scancel,
  sinfo) timing out: the shared controller, whatever the request.
- A stalled job's own tasks blocked inside a network filesystem's client, each on a lock another holds and
  none on the server: the program's processes contend for one file.
- A save named by the work it does on the checkpoint (gathering a state dict, consolidating, uploading).
- The owner's resubmission under a name varied only in its numbers is the same work.
- The job's user unknown on its node (slurmd, Go's os/user, Python's pwd, coreutils): the directory service.
- A DataLoader worker killed by a signal (PyTorch's handler's words): the program's error.
- A GPU never sampled idle is weighed against its node's idle GPUs to say it is at work.
- The exporter's number of an NVLink5 Xid the kernel called nonfatal raises nothing (holdout74).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from monitoring.detectors import logs, progress
from monitoring.detectors.kernel_records import KernelRecordReader
from monitoring.detectors.schema import Kind
from tests.unit.pipehelpers import T0, job, log, megatron, pipeline, run
from tests.unit.pipehelpers import kernel as klog

# --- the scheduler's controller ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "sbatch: error: Batch job submission failed: Socket timed out on send/recv operation",
        "salloc: error: Job submit/allocate failed: Zero Bytes were transmitted or received",
        "squeue: error: slurm_load_jobs error: Socket timed out on send/recv operation",
        "scancel: error: Kill job error on job id 4411: Socket timed out on send/recv operation",
    ],
)
def test_a_controller_only_command_timing_out_is_the_controller(line: str) -> None:
    info = logs.parse_joblog(line)
    assert info is not None and info.kind == Kind.FS_ERROR and info.data["service"] == "slurmctld"


@pytest.mark.parametrize(
    "line",
    [
        # srun's step launched on the nodes' slurmd: a node's, not the controller's
        "srun: error: Task launch for StepId=12.0 failed on node gx-04: Socket timed out on send/recv operation",
        # sacct asks slurmdbd, not the controller
        "sacct: error: slurm_persist_conn_open_without_init: Socket timed out on send/recv operation",
        # a program of the owner's naming its own socket
        "sbatchwrap: my socket timed out",
    ],
)
def test_a_timeout_the_controller_does_not_answer_is_not_the_controller(line: str) -> None:
    info = logs.parse_joblog(line)
    assert info is None or info.data.get("service") != "slurmctld"


# --- a job's own tasks waiting on each other inside a network filesystem's client ----------------------------


def _hung_report(t: float, node: str, pid: int, frames: list[str]) -> list[dict[str, Any]]:
    head = [
        f"kernel: INFO: task python3:{pid} blocked for more than 120 seconds.",
        "kernel:       Tainted: G           OE      5.15.0-105-generic #115-Ubuntu",
        f"kernel: task:python3         state:D stack:    0 pid:{pid} ppid:  2210 flags:0x00004002",
        "kernel: Call Trace:",
        "kernel:  <TASK>",
    ]
    return [klog(t, node, line) for line in head + [f"kernel:  {f}" for f in frames]]


_LOCKED = [
    "__schedule+0x23d/0x590",
    "schedule+0x4e/0xc0",
    "rwsem_down_write_slowpath+0x2d8/0x4f0",
    "down_write+0x43/0x50",
    "nfs_setattr+0x9a/0x1b0 [nfs]",
    "notify_change+0x347/0x4d0",
]
_ON_SERVER = [
    "__schedule+0x23d/0x590",
    "schedule+0x4e/0xc0",
    "rpc_wait_bit_killable+0x25/0xb0 [sunrpc]",
    "__wait_on_bit+0x33/0xa0",
    "nfs_updatepage+0x1c4/0x3b0 [nfs]",
]


def test_a_blocked_tasks_wait_is_read_from_its_call_trace() -> None:
    reader = KernelRecordReader()
    got = [
        reader.feed("n1", 0.0, e["line"], lambda _n, _p: None) for e in _hung_report(0.0, "n1", 7, _LOCKED)
    ]
    named = [r for r in got if r is not None and r.data.get("fs")]
    assert named and named[0].data["wait"] == "lock"
    got = [
        reader.feed("n1", 1.0, e["line"], lambda _n, _p: None) for e in _hung_report(1.0, "n1", 8, _ON_SERVER)
    ]
    named = [r for r in got if r is not None and r.data.get("fs")]
    assert named and named[0].data["wait"] == "io"


def _stall_with_reports(frames: list[str]) -> list[Any]:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = [log(t, "1", megatron(100 + i)) for i, t in enumerate(range(0, 1000, 10))]
    events += _hung_report(1125.0, "gpu-a-002", 4101, frames) + _hung_report(
        1126.0, "gpu-a-002", 4102, frames
    )
    return [u for u in run(p, sorted(events, key=lambda e: e["t"]), until=1400.0) if u.category]


def test_a_jobs_own_tasks_waiting_on_one_lock_are_the_program() -> None:
    last = _stall_with_reports(_LOCKED)[-1]
    assert last.category == "software" and last.culprit_node is None
    assert not any(r.action.value == "requeue_job" for r in last.recommendations)


def test_tasks_waiting_on_the_server_leave_the_node_the_job_waits_for() -> None:
    last = _stall_with_reports(_ON_SERVER)[-1]
    assert last.category == "hang" and last.culprit_node == "gpu-a-002"


# --- a save named by the work it does; the owner's resubmission under a varied name ---------------------------


@pytest.mark.parametrize(
    "line",
    [
        "step 4000: gathering full state dict on rank 0 (FSDP FULL_STATE_DICT, rank0_only=True)",
        "Consolidating checkpoint shards into one file",
        "uploading checkpoint to gs://bucket/run-3/step-4000",
        "[ckpt] syncing ckpt step_4000 to the object store",
    ],
)
def test_a_save_named_by_its_work_on_the_checkpoint_begins_a_save(line: str) -> None:
    assert progress.may_be_save(line) and progress.parse_checkpoint(line) == (
        "start",
        progress.parse_checkpoint(line)[1],  # type: ignore[index]
    )


@pytest.mark.parametrize(
    "line",
    [
        "Loading checkpoint shards: 100%|##########| 4/4",
        "copying weights to the EMA model",
        "gathering metrics from all ranks",
        "syncing gradients across 64 ranks",
        "uploading metrics to wandb",
    ],
)
def test_other_work_is_no_save(line: str) -> None:
    assert not progress.may_be_save(line) or progress.parse_checkpoint(line) is None


def test_a_fsdp_jobs_gather_and_upload_is_a_save_not_a_stall() -> None:
    """A cadence-only job (no parser knows its lines) stops its beat for a 6-minute save named by its work."""
    p = pipeline(job("1", "gpu-a-[001-002]"))
    beat = [log(float(t), "1", f"it {i} | loss 2.{i % 9} | lr 3e-4") for i, t in enumerate(range(0, 760, 38))]
    save = [
        log(761.0, "1", "ckpt - step 12800: gathering full state dict on rank 0 (FSDP FULL_STATE_DICT)"),
        log(
            974.0,
            "1",
            "ckpt - step 12800: consolidated 14.1 GB in 212.7s, uploading to s3://b/7b/step_12800/",
        ),
    ]
    after = [
        log(float(t), "1", f"it {i} | loss 2.{i % 9} | lr 3e-4") for i, t in enumerate(range(1188, 1600, 38))
    ]
    assert [u for u in run(p, beat + save + after, until=1600.0) if u.category] == []


def test_the_owners_resubmission_under_a_varied_name_failing_alike_is_the_same_work() -> None:
    from incidents.attribution.correlate import _variant_of

    assert _variant_of("rl-ppo-hvd-192", "rl-ppo-hvd-128-nccl262")
    assert _variant_of("train-7b", "train-7b-bs1")
    assert not _variant_of("train-7b", "train-70b")  # one word left: too little to call it the same work
    assert not _variant_of("rl-ppo-hvd-192", "rl-sac-hvd-192")


# --- the job's user unknown on its node -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "srun: error: Task launch for StepId=77.2 failed on node gx-03: User not found on host",
        "FATAL:   Couldn't determine user account information: user: unknown userid 51022",
        "[rank3]: KeyError: 'getpwuid(): uid not found: 51022'",
        "id: cannot find name for user ID 51022",
    ],
)
def test_the_jobs_user_unknown_on_its_node_is_the_directory_service(line: str) -> None:
    info = logs.parse_joblog(line)
    assert info is not None and info.kind == Kind.FS_ERROR and info.data["service"] == "identity"


@pytest.mark.parametrize(
    "line",
    [
        "ValueError: user ID must be set in the config",
        "wandb: ERROR Run initialization has timed out for user id abc",
        "KeyError: 'userid'",
    ],
)
def test_a_programs_own_user_field_is_not_the_directory_service(line: str) -> None:
    info = logs.parse_joblog(line)
    assert info is None or info.data.get("service") != "identity"


# --- holdout73: a DataLoader worker killed by a signal; a GPU never seen idle weighed against its node's --------


@pytest.mark.parametrize(
    "line",
    [
        "13: ERROR: Unexpected segmentation fault encountered in worker.",
        "ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).",
        "[rank2]: ERROR: Unexpected floating-point exception encountered in worker.",
    ],
)
def test_a_dataloader_worker_killed_by_a_signal_is_the_programs_error(line: str) -> None:
    info = logs.parse_joblog(line)
    assert info is not None and info.kind == Kind.EXCEPTION and info.data["input_pipeline"]


def test_a_rank_whose_loader_worker_died_then_silence_is_the_program_not_its_node() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = _beat("1", 0.0, 1000.0) + [
        log(1001.0, "1", "13: ERROR: Unexpected segmentation fault encountered in worker.")
    ]
    events += [
        _sample(t, "gpu-a-002", g, 0 if g == 5 else 100, 90.0 if g == 5 else 150.0)
        for t in (1030.0, 1090.0)
        for g in range(8)
    ]
    events += [_sample(t, "gpu-a-001", g, 100, 150.0) for t in (1030.0, 1090.0) for g in range(8)]
    found = [u for u in run(p, sorted(events, key=lambda e: e["t"]), until=1300.0) if u.category]
    assert found and found[-1].category == "software"
    assert not any(r.action.value == "requeue_job" for r in found[-1].recommendations)


def test_a_gpu_at_work_since_before_its_first_sample_is_weighed_against_its_nodes_idle_gpus() -> None:
    """A one-GPU job on an eight-GPU node, training from before its first sample, its console silent."""
    p = pipeline(replace(job("1", "gpu-a-001"), started=T0))  # its start-up watched from its first line
    events = [log(1.0, "1", "Epoch 0"), log(2.0, "1", "using pin_memory on device 0")]
    for t in range(10, 1500, 120):
        events += [
            _sample(float(t), "gpu-a-001", g, 93 if g == 0 else 0, 330.0 if g == 0 else 60.0)
            for g in range(8)
        ]
    assert [u for u in run(p, events, until=1500.0) if u.category] == []


def _beat(jid: str, t0: float, t1: float, every: float = 10.0) -> list[dict[str, Any]]:
    return [log(t, jid, f"it {i} | loss 2.{i % 9} | lr 3e-4") for i, t in enumerate(_frange(t0, t1, every))]


def _frange(t0: float, t1: float, every: float) -> list[float]:
    out, t = [], t0
    while t < t1:
        out.append(t)
        t += every
    return out


def _sample(t: float, node: str, gpu: int, util: float, power: float) -> dict[str, Any]:
    fields = {"DCGM_FI_DEV_GPU_UTIL": util, "DCGM_FI_DEV_POWER_USAGE": power}
    return {"t": T0 + t, "source": "gpu", "node": node, "gpu": gpu, "fields": fields}


def _nonfatal_xid_then_exporter(kernel_line: str) -> list[Any]:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = _beat("1", 0.0, 1200.0)
    events.append(klog(300.0, "gpu-a-002", kernel_line))
    events += [
        {"t": T0 + t, "source": "gpu", "node": "gpu-a-002", "gpu": 3, "fields": {"DCGM_FI_DEV_XID_ERRORS": x}}
        for t, x in ((60.0, 0), (600.0, 144))
    ]
    return [u for u in run(p, sorted(events, key=lambda e: e["t"]), until=1200.0) if u.category]


def test_the_exporters_copy_of_a_nonfatal_nvlink_xid_raises_nothing() -> None:
    line = (
        "NVRM: Xid (PCI:0000:5d:00): 144, SAW_MVB Nonfatal XC0 i0 Link 0 (0x00000001 0x00000008 0x00000000)"
    )
    assert _nonfatal_xid_then_exporter(line) == []


def test_the_exporters_copy_of_a_fatal_nvlink_xid_is_the_gpus_fault() -> None:
    line = "NVRM: Xid (PCI:0000:5d:00): 144, SAW_MVB Fatal XC0 i0 Link 0 (0x00000001 0x00000008 0x00000000)"
    found = _nonfatal_xid_then_exporter(line)
    assert found and found[-1].category == "gpu_hardware" and found[-1].culprit_node == "gpu-a-002"
