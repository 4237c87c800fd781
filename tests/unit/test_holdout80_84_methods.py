"""Methods from holdout80 to holdout84 (blind, issue 24), each tested on lines other than the corpora's, each
with the case it must leave alone.

- A link lost on several nodes in the same seconds is the switch's, not the first node's; a node the site's
  health check drained for its network names the culprit of a network failure nothing else named.
- The NVIDIA kernel module refusing user space of another version: on many nodes a rollout (the jobs' failures
  there are one infrastructure incident), on one node that node.
- The container runtime's GPU hook failing ("nvidia-container-cli: initialization error") is the state of the
  node's GPUs; srun's own words place a task the job's layout placed elsewhere.
- NCCL refused lockable memory (ibv_reg_mr: Cannot allocate memory): the process's limits, not the network.
- A job out of GPU memory on a GPU whose memory was held while its node ran no job: a leftover process.
- Saves named in more words; a traceback's frame is no phase; PyTorch's failed writes of two owners are one
  outage; one NFS server lost by two jobs' nodes minutes apart is one outage.
- A fault found while the node was out of service, the node resumed without a repair: the next failure there
  is that fault. A reboot the node asked for itself, no job on it, is no crash. Jobs ended NODE_FAIL together
  with no node down are the controller's.
- A job that prints every few steps at its usual pace, after printing every step, is not stalled.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from actions.pipeline import IncidentUpdate, Pipeline
from incidents.attribution import verdict
from incidents.attribution.incident import Mark
from monitoring.detectors import cuda_errors, logs, progress
from monitoring.detectors.schema import JobSpec, Kind
from tests.unit.pipehelpers import T0, job, kernel, log, pipeline, run, slurm
from tests.unit.pipehelpers import progress as steps


def _final(p: Pipeline, events: list[dict[str, Any]], until: float) -> list[IncidentUpdate]:
    run(p, events, until=until)
    return [u for u in p.incidents() if u.category and not u.superseded_by]


def _acts(u: IncidentUpdate) -> set[str]:
    return {r.action.value for r in u.recommendations}


# --- a link lost on many nodes at once --------------------------------------------------------------------------


def _mgmt_down(node: str) -> str:
    return f"[Tue Apr 16 01:25:05 2024] ice 0000:4b:00.0 ens1f0: NIC Link is Down ({node})"


def _mark(node: str, t: float) -> Mark:
    return Mark(Kind.IB_PORT_ERROR, node, None, t, "kernel: ens1f0 link down", data={"port": "ens1f0"})


def test_a_link_lost_on_three_nodes_in_the_same_seconds_names_none_of_them() -> None:
    marks = [_mark("gpu-a-001", 100.0), _mark("gpu-a-002", 100.4), _mark("gpu-a-003", 101.0)]
    assert verdict.common_losses(marks) == {"gpu-a-001", "gpu-a-002", "gpu-a-003"}


def test_links_lost_on_two_nodes_or_minutes_apart_stay_each_nodes() -> None:
    assert verdict.common_losses([_mark("gpu-a-001", 100.0), _mark("gpu-a-002", 100.4)]) == set()
    marks = [_mark("gpu-a-001", 100.0), _mark("gpu-a-002", 200.0), _mark("gpu-a-003", 300.0)]
    assert verdict.common_losses(marks) == set()


def _switch_then_job_dies(drain_reason: str | None) -> list[IncidentUpdate]:
    p = pipeline(job("1", "gpu-a-[001-004]"), job("2", "gpu-a-[005-006]"))
    events = steps("1", 0.0, 600.0, every=30.0) + steps("2", 0.0, 1200.0, every=30.0)
    for i, node in enumerate(["gpu-a-005", "gpu-a-002", "gpu-a-001", "gpu-a-006", "gpu-a-004", "gpu-a-003"]):
        events.append(kernel(598.0 + 0.2 * i, node, "ice 0000:4b:00.0 ens1f0: NIC Link is Down"))
    events += [
        log(
            605.0,
            "1",
            "19: gpu-a-004:703660:704062 [3] NCCL WARN NET/IB : Got completion from peer 10.60.9.13<51219> with "
            "error 12, opcode 0, len 0, vendor err 129 (Send)",
        ),
        log(612.0, "1", "srun: error: gpu-a-003: task 19: Exited with exit code 1"),
        slurm(615.0, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
    ]
    if drain_reason is not None:
        events.append(slurm(790.0, kind="node_state", node="gpu-a-003", state="DRAINED", reason=drain_reason))
    return _final(p, events, 1200.0)


def test_a_job_dying_as_a_switch_drops_every_nodes_link_is_not_blamed_on_its_first_node() -> None:
    found = _switch_then_job_dies(None)
    assert found and all(u.culprit_node is None for u in found)
    assert not any("drain_node" in _acts(u) for u in found)


def test_the_node_the_sites_check_drained_for_its_port_is_the_culprit() -> None:
    found = _switch_then_job_dies("NHC: check_hw_ib:  No IB port mlx5_3:1 is ACTIVE (LinkUp 400 Gb/sec).")
    assert [u.culprit_node for u in found] == ["gpu-a-003"]


def test_a_drain_for_something_else_names_no_node() -> None:
    found = _switch_then_job_dies("NHC: check_fs_mount: /scratch not mounted")
    assert found and all(u.culprit_node is None for u in found)


# --- the driver's kernel module refusing user space ----------------------------------------------------------

_MISMATCH = (
    "kernel: NVRM: API mismatch: the client has the version 535.54.03, but#012NVRM: this kernel module has the "
    "version 530.30.02.  Please#012NVRM: make sure that this kernel module and all NVIDIA driver#012NVRM: "
    "components have the same version."
)
_CLI = "slurmstepd: error: pyxis:     nvidia-container-cli: initialization error: nvml error: driver/library version mismatch"


@pytest.mark.parametrize(
    ("line", "versions"),
    [
        (_MISMATCH, ("535.54.03", "530.30.02")),
        ("[ 88.1] NVRM: API mismatch: the client has the version 470.82.01, but", ("470.82.01", "")),
    ],
)
def test_the_kernel_modules_version_refusal_is_read_joined_or_split(
    line: str, versions: tuple[str, str]
) -> None:
    assert logs.driver_mismatch(line) == versions


def test_a_line_about_the_module_alone_is_no_refusal() -> None:
    assert logs.driver_mismatch("NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.54.03") is None


def _rollout(nodes: list[str]) -> list[IncidentUpdate]:
    p = pipeline(job("1", "gpu-a-[001-002]"), job("2", "gpu-a-[003-004]"))
    events = [kernel(100.0 + 9 * i, node, _MISMATCH) for i, node in enumerate(nodes)]
    events += [
        log(400.0, "1", _CLI),
        log(401.0, "1", "srun: error: gpu-a-001: tasks 0-7: Exited with exit code 1"),
        slurm(402.0, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
        log(
            900.0, "2", f"8: RuntimeError: Unexpected error from cudaGetDeviceCount(). Error 803: {_CLI[38:]}"
        ),
        log(
            900.5,
            "2",
            "0: RuntimeError: CUDA error: system has unsupported display driver / cuda driver combination",
        ),
        log(901.0, "2", "srun: error: gpu-a-003: tasks 0-7: Exited with exit code 1"),
        slurm(902.0, kind="job_state", job="2", state="FAILED", exit_code="1:0"),
    ]
    return _final(p, events, 1200.0)


def test_a_driver_rollout_ahead_of_the_module_on_many_nodes_is_one_infrastructure_incident() -> None:
    found = _rollout(["gpu-a-001", "gpu-a-002", "gpu-a-003", "gpu-a-004", "gpu-a-005"])
    assert [u.category for u in found] == ["infrastructure"]
    assert set(found[0].jobs) == {"1", "2"} and not _acts(found[0]) & {"drain_node", "requeue_job"}


def test_without_the_modules_refusal_on_many_nodes_the_jobs_failures_stay_their_own() -> None:
    found = _rollout([])
    assert found and all(u.category != "infrastructure" for u in found)


# --- the container runtime's GPU hook --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "code"),
    [
        (
            "1: nvidia-container-cli: initialization error: nvml error: driver/library version mismatch: unknown.",
            803,
        ),
        ("docker: nvidia-container-cli: initialization error: cuda error: unknown error", 999),
        (_CLI, 803),
        ("nvidia-container-cli: mount error: file creation failed: /run/nvidia/driver/libcuda.so", 999),
    ],
)
def test_the_gpu_hooks_failure_is_the_state_of_the_nodes_gpus(line: str, code: int) -> None:
    found = cuda_errors.device_state_error(line)
    assert found is not None and found.code == code
    info = logs.parse_joblog(line)
    assert info is not None and info.data.get("device_state")


def test_a_programs_mention_of_the_hook_is_not() -> None:
    assert cuda_errors.device_state_error("INFO: using nvidia-container-cli 1.14.3 from /usr/bin") is None


def _hook_fails(label: str, exited_on: str) -> list[IncidentUpdate]:
    p = pipeline(job("1", "gpu-a-[006-007]"))
    events = [
        log(100.0, "1", f"{label}nvidia-container-cli: initialization error: cuda error: unknown error"),
        log(100.5, "1", f"srun: error: {exited_on}: task 1: Exited with exit code 125"),
        log(101.0, "1", "srun: error: gpu-a-006: task 0: Terminated" if exited_on != "gpu-a-006" else ""),
        slurm(102.0, kind="job_state", job="1", state="FAILED", exit_code="125:0"),
    ]
    return _final(p, [e for e in events if e.get("line") != ""], 600.0)


def test_srun_places_the_task_the_jobs_layout_put_on_another_node() -> None:
    # one container per node under a job listed with 8 tasks per node: task 1 ran on gpu-a-007, not gpu-a-006
    found = _hook_fails("1: ", "gpu-a-007")
    assert [(u.category, u.culprit_node) for u in found] == [("gpu_hardware", "gpu-a-007")]


def test_a_hook_line_with_no_rank_is_placed_where_srun_says_it_failed() -> None:
    found = _hook_fails("slurmstepd: error: pyxis:     ", "gpu-a-007")
    assert [u.culprit_node for u in found] == ["gpu-a-007"]


# --- NCCL refused lockable memory -------------------------------------------------------------------------------

_REG_MR = "{host}:40307:40365 [0] misc/ibvwrap.cc:278 NCCL WARN Call to ibv_reg_mr_iova2 failed with error Cannot allocate memory"


def test_ncclss_memory_registration_refused_is_the_process_limit_not_the_network() -> None:
    info = logs.parse_joblog(_REG_MR.format(host="gpu-a-001"))
    assert info is not None and info.kind == Kind.EXCEPTION and info.data["device_state"]
    assert info.host == "gpu-a-001"
    assert logs.parse_joblog("NCCL WARN Call to ibv_reg_mr failed with error Bad address") is None or (
        logs.parse_joblog("NCCL WARN Call to ibv_reg_mr failed with error Bad address").data.get("etype")
        != "MemlockLimit"
    )


def test_three_owners_jobs_refused_lockable_memory_at_start_are_the_sites_limit() -> None:
    specs = [job(str(i), f"gpu-a-[00{2 * i + 1}-00{2 * i + 2}]") for i in range(3)]
    specs = [replace(s, user=f"user{i}") for i, s in enumerate(specs)]
    p = pipeline(*specs)
    events: list[dict[str, Any]] = []
    for i in range(3):
        t = 100.0 + 30 * i
        for node in (f"gpu-a-00{2 * i + 1}", f"gpu-a-00{2 * i + 2}"):
            events.append(log(t, str(i), _REG_MR.format(host=node)))
        events.append(slurm(t + 3, kind="job_state", job=str(i), state="FAILED", exit_code="1:0"))
    found = _final(p, events, 900.0)
    assert [u.category for u in found] == ["infrastructure"] and len(found[0].jobs) == 3


def test_one_node_refusing_lockable_memory_under_a_job_is_that_node() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = steps("1", 0.0, 100.0) + [
        log(100.0, "1", _REG_MR.format(host="gpu-a-002")),
        slurm(103.0, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
    ]
    found = _final(p, events, 600.0)
    assert [u.culprit_node for u in found] == ["gpu-a-002"]


# --- GPU memory held while the node ran no job ----------------------------------------------------------------


def _gpu(t: float, node: str, gpu: int, used: float) -> dict[str, Any]:
    fields = {"DCGM_FI_DEV_GPU_UTIL": 0, "DCGM_FI_DEV_FB_USED": used, "DCGM_FI_DEV_POWER_USAGE": 40.0}
    return {"t": T0 + t, "source": "gpu", "node": node, "gpu": gpu, "fields": fields}


_OOM = (
    "0: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 216.00 MiB (GPU 2; 7.92 GiB total "
    "capacity; 69.17 MiB already allocated; 24.56 MiB free; 86.00 MiB reserved in total by PyTorch)"
)


def _later(spec: JobSpec, at: float) -> Pipeline:
    """A pipeline from T0 with ``spec`` starting ``at`` seconds in (pending until then, as replay builds it)."""
    later = replace(spec, started=T0 + at)
    base = pipeline()
    return Pipeline(base.world.cluster, (later,), (), None, start=T0)


def _oom_after_idle(used: float) -> list[IncidentUpdate]:
    p = _later(job("9", "gpu-a-011", tpn=1), 600.0)
    events = [_gpu(t, "gpu-a-011", g, used if g == 2 else 3.0) for t in (60.0, 360.0) for g in range(4)]
    events += [
        slurm(600.0, kind="job_state", job="9", state="RUNNING", exit_code="0:0", nodes="gpu-a-011"),
        log(640.0, "9", _OOM),
        slurm(641.0, kind="job_state", job="9", state="FAILED", exit_code="1:0"),
    ]
    return _final(p, events, 1200.0)


def test_a_job_out_of_memory_on_a_gpu_held_while_the_node_was_idle_is_that_gpus_leftover() -> None:
    found = _oom_after_idle(6036.0)
    assert [(u.category, u.culprit_node, u.culprit_gpu) for u in found] == [("gpu_hardware", "gpu-a-011", 2)]
    assert "drain_node" in _acts(found[0])


def test_a_job_out_of_memory_on_a_gpu_that_was_free_is_the_programs() -> None:
    found = _oom_after_idle(3.0)
    assert found and found[0].category == "software" and found[0].culprit_node is None


# --- saves and phases -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "10/15/2024 07:05:31 - INFO - accelerate.accelerator - Saving current state to lora/checkpoint-2500",
        "Epoch 11, global step 15000: 'val_loss' reached 0.10842 (best 0.10842), saving model to "
        "'/nfs/ckpt/epoch=11-step=15000.ckpt' as top 3",
        "Epoch 00004: val_loss improved from 0.41 to 0.39, saving model to weights.04.h5",
    ],
)
def test_a_save_begun_in_more_words(line: str) -> None:
    found = progress.parse_checkpoint(line)
    assert found is not None and found[0] == "start"


def test_a_saved_part_or_a_sentence_with_a_slash_is_no_save_begun() -> None:
    assert progress.parse_checkpoint("Model weights saved in lora/checkpoint-2500/model.safetensors") is None
    assert progress.parse_checkpoint("loading model weights from lora/checkpoint-2500") is None


def test_a_tracebacks_frame_is_no_phase() -> None:
    frame = ' 0:   File "/x/ptuning/trainer.py", line 2242, in _maybe_log_save_evaluate'
    assert progress.parse_lifecycle(frame) is None
    assert progress.parse_lifecycle("***** Running Evaluation *****") == "busy"


def _failed_writes(gap: float, second_user: str) -> list[IncidentUpdate]:
    a, b = job("1", "gpu-a-[001-002]"), job("2", "gpu-a-[004-005]")
    b = replace(b, user=second_user)
    p = pipeline(a, b)
    write = "0: RuntimeError: [enforce fail at inline_container.cc:445] . PytorchStreamWriter failed writing file data/3: file write failed"
    events = steps("1", 0.0, 600.0, every=20.0) + steps("2", 0.0, 600.0 + gap, every=20.0)
    events += [
        log(600.0, "1", "0: Saving model checkpoint to /home/ckpt/checkpoint-600"),
        log(605.0, "1", write),
        slurm(607.0, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
        log(600.0 + gap, "2", "0: Saving model checkpoint to /home/ckpt2/checkpoint-1428"),
        log(605.0 + gap, "2", write),
        slurm(607.0 + gap, kind="job_state", job="2", state="FAILED", exit_code="1:0"),
    ]
    return _final(p, events, 900.0 + gap)


def test_two_owners_saves_failing_their_writes_minutes_apart_are_one_storage_outage() -> None:
    found = _failed_writes(25.0, "bob")
    assert [u.category for u in found] == ["infrastructure"] and set(found[0].jobs) == {"1", "2"}


def test_saves_failing_hours_apart_are_two() -> None:
    assert len(_failed_writes(3 * 3600.0, "bob")) == 2


def _nfs_lost(server_b: str, gap: float) -> list[IncidentUpdate]:
    a, b = job("1", "gpu-a-[001-002]"), job("2", "gpu-a-[003-004]")
    b = replace(b, user="bob")
    p = pipeline(a, b)
    events = steps("1", 0.0, 600.0, every=20.0) + steps("2", 0.0, 600.0 + gap, every=20.0)
    for jid, node, server, t in (
        ("1", "gpu-a-002", "nas02", 600.0),
        ("2", "gpu-a-004", server_b, 600.0 + gap),
    ):
        events += [
            kernel(t, node, f"kernel: nfs: server {server} not responding, still trying"),
            log(
                t + 12, jid, "8: CheckpointingException: directory not found for checkpoint_dir /results/ckpt"
            ),
            slurm(t + 18, kind="job_state", job=jid, state="FAILED", exit_code="1:0"),
        ]
    return _final(p, events, 1200.0 + gap)


def test_one_nfs_server_lost_by_two_jobs_nodes_minutes_apart_is_one_outage() -> None:
    found = _nfs_lost("nas02", 144.0)
    assert [u.category for u in found] == ["infrastructure"] and set(found[0].jobs) == {"1", "2"}


def test_two_servers_lost_minutes_apart_are_two_outages() -> None:
    assert len(_nfs_lost("nas07", 144.0)) == 2


# --- a node back in service --------------------------------------------------------------------------------------

_RMINIT = "NVRM: GPU 0000:18:00.0: RmInitAdapter failed! (0x62:0x65:1792)"


def _resumed(reboot_after_fault: bool) -> list[IncidentUpdate]:
    node = "gpu-a-008"
    p = _later(job("3", "gpu-a-[007-008]"), 1060.0)
    events = [
        slurm(60.0, kind="node_state", node=node, state="DOWN+DRAIN+REBOOT_ISSUED", reason="driver update"),
        kernel(240.0, node, _RMINIT),
        slurm(269.0, kind="node_state", node=node, state="IDLE+DRAIN", reason="driver update"),
    ]
    if reboot_after_fault:
        events += [
            slurm(300.0, kind="node_state", node=node, state="DOWN+DRAIN+REBOOT_ISSUED", reason="GPU 0 RMA"),
            slurm(420.0, kind="node_state", node=node, state="IDLE+DRAIN", reason="GPU 0 RMA"),
        ]
    events += [
        slurm(471.0, kind="node_state", node=node, state="IDLE", reason=""),
        slurm(1060.0, kind="job_state", job="3", state="RUNNING", exit_code="0:0", nodes="gpu-a-[007-008]"),
        kernel(1067.0, node, _RMINIT),
        log(1091.0, "3", "8: RuntimeError: CUDA error: invalid device ordinal"),
        log(1092.0, "3", "srun: error: gpu-a-008: task 8: Exited with exit code 1"),
        slurm(1095.0, kind="job_state", job="3", state="FAILED", exit_code="1:0"),
    ]
    return _final(p, events, 1500.0)


def test_a_fault_found_in_maintenance_and_resumed_unrepaired_is_one_fault_when_it_fails_the_next_job() -> (
    None
):
    found = _resumed(False)
    assert [(u.culprit_node, u.culprit_gpu) for u in found] == [("gpu-a-008", 0)]


def test_a_node_taken_out_again_after_its_fault_came_back_repaired() -> None:
    found = _resumed(True)
    assert len(found) == 2 and all(u.culprit_node == "gpu-a-008" for u in found)


def _rebooted(orderly: bool) -> list[IncidentUpdate]:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = steps("1", 0.0, 900.0, every=30.0)
    if orderly:
        events += [
            kernel(300.0, "gpu-a-020", "gpu-a-020 systemd-logind[1209]: System is rebooting."),
            kernel(301.4, "gpu-a-020", "gpu-a-020 slurmd[2211]: Slurmd shutdown completing"),
        ]
    events.append(
        slurm(457.6, kind="node_state", node="gpu-a-020", state="DOWN", reason="Node unexpectedly rebooted")
    )
    return _final(p, events, 900.0)


def test_a_reboot_an_idle_node_asked_for_is_no_crash() -> None:
    assert _rebooted(True) == []


def test_an_idle_node_that_rebooted_unasked_is_still_a_node_failure() -> None:
    found = _rebooted(False)
    assert [(u.category, u.culprit_node) for u in found] == [("node_failure", "gpu-a-020")]


def _node_fails(n: int) -> list[IncidentUpdate]:
    specs = [job(str(i), f"gpu-a-0{10 + 2 * i}") for i in range(n)]
    specs = [replace(s, user=f"u{i}") for i, s in enumerate(specs)]
    p = pipeline(*specs)
    events: list[dict[str, Any]] = []
    for i in range(n):
        events += steps(str(i), 0.0, 600.0, every=30.0)
        events.append(
            slurm(600.0 + 0.01 * i, kind="job_state", job=str(i), state="NODE_FAIL", exit_code="0:0")
        )
    return _final(p, events, 900.0)


def test_three_jobs_ended_node_fail_together_with_no_node_down_are_the_controllers() -> None:
    found = _node_fails(3)
    assert [u.category for u in found] == ["infrastructure"] and len(found[0].jobs) == 3
    assert "requeue_job" not in _acts(found[0])


def test_one_job_ended_node_fail_stays_a_node_failure() -> None:
    found = _node_fails(1)
    assert [u.category for u in found] == ["node_failure"]


# --- a job that prints less often at the same pace ------------------------------------------------------------


def _bar(step: int) -> str:
    return f" {step * 100 // 1184:2d}%|          | {step}/1184 [00:55<1:07:21,  3.46s/it]"


def _restrided(stops: bool) -> list[IncidentUpdate]:
    p = pipeline(job("1", "gpu-a-001"))
    # a line every step for 8 steps, then one 8 steps on (within the 30 s floor), then every 10 steps
    events = [log(300.0 + 3.46 * s, "1", _bar(s)) for s in range(1, 9)]
    events.append(log(300.0 + 3.46 * 16, "1", _bar(16)))
    last = 1000.0 if stops else 1800.0
    t, s = 300.0 + 3.46 * 16, 16
    while t < last:
        t, s = t + 34.6, s + 10
        events.append(log(t, "1", _bar(s)))
    return _final(p, events, 1800.0)


def test_a_bar_that_prints_every_ten_steps_after_every_step_at_the_same_pace_is_not_stalled() -> None:
    assert _restrided(False) == []


def test_that_bar_stopping_is_a_stall() -> None:
    found = _restrided(True)
    assert found and found[0].category == "hang"


# --- a node the site's check drained for its GPUs, in CUDA's words ---------------------------------------------


def _drained(reason: str) -> list[IncidentUpdate]:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = steps("1", 0.0, 900.0, every=30.0)
    events.append(slurm(400.0, kind="node_state", node="gpu-a-030", state="DRAINED", reason=reason))
    return _final(p, events, 900.0)


def test_a_node_drained_by_its_epilogs_gpu_test_failing_in_cudas_words_is_its_gpus() -> None:
    found = _drained("epilog: FAILED: gpu-a-030 Failed during cudaGetDeviceCount: initialization error")
    assert [(u.category, u.culprit_node) for u in found] == [("gpu_hardware", "gpu-a-030")]


def test_a_node_drained_for_a_gpu_count_or_anything_else_is_the_sites_own_call() -> None:
    assert _drained("NHC: check_nv_gpu_count: expected 2 GPUs, found 1") == []
    assert _drained("epilog: FAILED: /scratch not mounted") == []


def test_the_runtime_failing_to_count_the_gpus_is_their_state() -> None:
    assert (
        cuda_errors.device_state_error("Failed during cudaGetDeviceCount: initialization error") is not None
    )
    assert cuda_errors.device_state_error("calling cudaGetDeviceCount to size the pool") is None
