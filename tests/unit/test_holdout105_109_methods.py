"""Methods from holdout105 to holdout109 (blind, issue 24), each tested on lines other than the corpora's, each
with the case it must leave alone.

- One hardware Xid on three nodes' GPUs within seconds is what they share (infrastructure, no drain); on two
  nodes each stays its own.
- A channel-level Xid naming the process and channel an application's Xid broke seconds before is that fault's;
  another process's stays the GPU's.
- DCGM's XID field showing a Xid the kernel already reported on that GPU is no news.
- A node whose GPUs joined no multi-node NVLink fabric while the job's other nodes share one is that node's.
- HDF5's errno line (its ctime() newline splits the message) is a storage error when the errno is one.
- Files vanishing mid-run under one mount for two owners' jobs are the filesystem's; one owner's, or at start,
  the program's.
- A gradient norm NaN step after step is the run's numbers gone; a skipped step now and then is not.
- Slurm's plugin installed but failing to load is the site's Slurm; a plugin not installed is the request's.
- Open MPI starting N singletons under srun is the job's configuration.
- A node lost under a job that stalled on its slowed GPU and never stepped again is one fault, the GPU named.
- Two owners' jobs whose launch failed on one node (Slurm held them) are that node's; one job's stays Slurm's.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from actions.pipeline import IncidentUpdate, Pipeline
from monitoring.detectors import logs
from monitoring.detectors.schema import Kind
from tests.unit.pipehelpers import T0, job, kernel, log, pipeline, run, slurm
from tests.unit.pipehelpers import progress as steps


def _final(p: Pipeline, events: list[dict[str, Any]], until: float) -> list[IncidentUpdate]:
    run(p, events, until=until)
    return [u for u in p.incidents() if u.category and not u.superseded_by]


def _acts(u: IncidentUpdate) -> set[str]:
    return {r.action.value for r in u.recommendations}


def _drained(found: list[IncidentUpdate]) -> set[str]:
    return {r.node for u in found for r in u.recommendations if r.action.value == "drain_node" and r.node}


def _sample(t: float, node: str, gpu: int, **fields: Any) -> dict[str, Any]:
    base = {"DCGM_FI_DEV_GPU_UTIL": 99, "DCGM_FI_DEV_POWER_USAGE": 300.0, "DCGM_FI_DEV_SM_CLOCK": 1980}
    return {"t": T0 + t, "source": "gpu", "node": node, "gpu": gpu, "fields": {**base, **fields}}


_PCI = ("0000:18:00", "0000:2a:00")  # GPUs 0 and 1 of the helpers' cluster


def _xid(node: str, gpu: int, xid: int, rest: str) -> str:
    return f"[Mon Dec  7 10:00:00 2026] NVRM: Xid (PCI:{_PCI[gpu]}): {xid}, {rest}"


# --- one Xid on many nodes at once ---------------------------------------------------------------------------------


def _xid_on(nodes: list[str]) -> list[IncidentUpdate]:
    a = job("1", "gpu-a-[001-002]")
    b = replace(job("2", "gpu-a-[003-004]"), user="bob")
    p = pipeline(a, b)
    events = steps("1", 0.0, 600.0, every=10.0) + steps("2", 0.0, 600.0, every=10.0)
    for i, node in enumerate(nodes):
        events.append(
            kernel(605.0 + 0.05 * i, node, _xid(node, 0, 74, "pid=1, name=python, NVLink: fatal error"))
        )
    events += [
        slurm(640.0, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
        slurm(641.0, kind="job_state", job="2", state="FAILED", exit_code="1:0"),
    ]
    return _final(p, events, 1200.0)


def test_one_xid_on_three_nodes_within_seconds_is_what_they_share() -> None:
    [found] = _xid_on(["gpu-a-001", "gpu-a-002", "gpu-a-003"])
    assert found.category == "infrastructure" and set(found.jobs) == {"1", "2"}
    assert "drain_node" not in _acts(found) and "requeue_job" not in _acts(found)


def test_one_xid_on_two_nodes_leaves_each_its_own() -> None:
    found = _xid_on(["gpu-a-001", "gpu-a-003"])
    assert _drained(found) == {"gpu-a-001", "gpu-a-003"}


# --- a timeout on the context the application broke ----------------------------------------------------------------


def _fault_then_timeout(same_process: bool) -> list[IncidentUpdate]:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = steps("1", 0.0, 600.0, every=10.0)
    pid = "4242" if same_process else "5151"
    events += [
        kernel(
            605.0,
            "gpu-a-001",
            _xid(
                "gpu-a-001",
                1,
                31,
                "pid=4242, name=python3, Ch 0000000b, intr 00000000. "
                "MMU Fault: ENGINE GRAPHICS GPC1 faulted @ 0x7ffe_3a400000",
            ),
        ),
        kernel(
            609.0,
            "gpu-a-001",
            _xid(
                "gpu-a-001",
                1,
                109,
                f"pid={pid}, name=python3, Ch 0000000b, errorString CTX SWITCH TIMEOUT, Info 0x3c00d",
            ),
        ),
        log(610.0, "1", "[rank1]: RuntimeError: CUDA error: an illegal memory access was encountered"),
        slurm(630.0, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
    ]
    return _final(p, events, 1200.0)


def test_a_timeout_on_the_context_the_applications_fault_broke_is_that_fault() -> None:
    found = _fault_then_timeout(True)
    assert found and all(u.category == "software" for u in found) and not _drained(found)


def test_a_timeout_of_another_process_stays_the_gpus() -> None:
    found = _fault_then_timeout(False)
    assert _drained(found) == {"gpu-a-001"}


# --- DCGM's reading of a Xid the kernel reported ------------------------------------------------------------------


def _kernel_then_dcgm(kernel_said: bool) -> list[IncidentUpdate]:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = steps("1", 0.0, 600.0, every=10.0)
    events += [_sample(300.0 * i + 5.0, "gpu-a-001", 1, DCGM_FI_DEV_XID_ERRORS=0) for i in range(2)]
    if kernel_said:  # the application's fault, the driver's timeout on its context: judged the application's
        ctx = "pid=4242, name=python3, Ch 0000000b"
        events += [
            kernel(
                605.0,
                "gpu-a-001",
                _xid("gpu-a-001", 1, 31, f"{ctx}, intr 00000000. MMU Fault: ENGINE GRAPHICS"),
            ),
            kernel(609.0, "gpu-a-001", _xid("gpu-a-001", 1, 109, f"{ctx}, errorString CTX SWITCH TIMEOUT")),
            log(610.0, "1", "[rank1]: RuntimeError: CUDA error: an illegal memory access was encountered"),
        ]
    events += [
        slurm(630.0, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
        _sample(905.0, "gpu-a-001", 1, DCGM_FI_DEV_XID_ERRORS=109),
    ]
    return _final(p, events, 1500.0)


def test_dcgms_reading_of_the_kernels_xid_is_no_second_fault() -> None:
    found = _kernel_then_dcgm(True)
    assert found and all(u.category == "software" for u in found) and not _drained(found)


def test_dcgms_xid_alone_is_still_read() -> None:
    found = _kernel_then_dcgm(False)
    assert _drained(found) == {"gpu-a-001"}


# --- a node left out of the NVLink fabric --------------------------------------------------------------------------


def _mnnvl(left_out: int) -> list[IncidentUpdate]:
    spec = job("1", "gpu-a-[001-004]", tpn=1)
    p = pipeline(spec)
    events = []
    for i, node in enumerate(spec.nodes):
        joined = i >= left_out
        uuid, clique = ("5d2c0a1b.77aa9f01", "0x7ffe") if joined else ("0.0", "0x0")
        events.append(
            log(
                100.0 + i,
                "1",
                f"{i}: {node}:9{i}00:9{i}80 [0] NCCL INFO MNNVL busId 0x801000 fabric UUID "
                f"{uuid} cliqueId {clique} state 3 healthMask 0x0",
            )
        )
    events += steps("1", 110.0, 900.0, every=10.0)
    return _final(p, events, 900.0)


def test_the_one_node_whose_gpus_joined_no_fabric_is_that_nodes() -> None:
    found = _mnnvl(1)
    assert [(u.category, u.culprit_node) for u in found] == [("gpu_hardware", "gpu-a-001")]


def test_a_job_none_of_whose_nodes_joined_a_fabric_names_no_node() -> None:
    assert _mnnvl(4) == []


# --- HDF5's errno line ---------------------------------------------------------------------------------------------


def test_hdf5s_errno_line_is_a_storage_error_when_the_errno_is_one() -> None:
    line = (
        ", filename = '/data/era5/1999.h5', file descriptor = 12, errno = 5, error message = 'Input/output error', "
        "buf = 0x7f00, total read size = 1048576, bytes this sub-read = 1048576, bytes actually read = 0, offset = 0"
    )
    info = logs.parse_joblog(line)
    assert info is not None and info.kind == Kind.FS_ERROR and "[Errno 5]" in info.data["fs_error"]
    other = line.replace("errno = 5", "errno = 2").replace("Input/output error", "No such file or directory")
    assert logs.parse_joblog(other) is None


# --- files gone mid-run ------------------------------------------------------------------------------------------------


def _vanished(second_user: str, at_start: bool) -> list[IncidentUpdate]:
    a = job("1", "gpu-a-[001-002]")
    b = replace(job("2", "gpu-a-[005-006]"), user=second_user, started=T0 + 700.0 if at_start else T0 - 3600)
    p = pipeline(a, b)
    events = steps("1", 0.0, 500.0, every=10.0) + ([] if at_start else steps("2", 0.0, 700.0, every=10.0))
    events += [
        log(
            505.0,
            "1",
            "FileNotFoundError: [Errno 2] No such file or directory: '/scratch2/alice/shards/s_0091.npy'",
        ),
        slurm(507.0, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
        log(
            705.0,
            "2",
            "FileNotFoundError: [Errno 2] No such file or directory: '/scratch2/bob/tars/a_13.tar'",
        ),
        slurm(707.0, kind="job_state", job="2", state="FAILED", exit_code="1:0"),
    ]
    return _final(p, events, 1500.0)


def test_files_vanishing_mid_run_under_one_mount_for_two_owners_are_the_filesystems() -> None:
    [found] = _vanished("bob", at_start=False)
    assert found.category == "infrastructure" and set(found.jobs) == {"1", "2"}


def test_files_missing_for_one_owner_or_at_start_stay_the_programs() -> None:
    for found in (_vanished("alice", at_start=False), _vanished("bob", at_start=True)):
        assert found and all(u.category == "software" for u in found)


# --- a gradient norm NaN step after step ---------------------------------------------------------------------------


def _grad_nan(every_step: bool) -> list[IncidentUpdate]:
    # A report line every 60 s (ESPnet's every 100 batches), a warning for each skipped step between.
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = []
    for i in range(10):
        t = 60.0 * i
        if every_step and i >= 3:
            for k in range(6):
                events.append(
                    log(
                        t + 10.0 * k,
                        "1",
                        "[n1] (trainer:582) WARNING: The grad norm is nan. Skipping updating the model.",
                    )
                )
            continue
        events.append(log(t, "1", f"epoch 3 | batches {100 * i}-{100 * i + 99} | loss {2.5 - 0.01 * i:.3f}"))
        if i % 3 == 1:
            events.append(
                log(
                    t + 20.0,
                    "1",
                    "[n1] (trainer:582) WARNING: The grad norm is nan. Skipping updating the model.",
                )
            )
    return _final(p, events, 600.0)


def test_a_gradient_norm_nan_step_after_step_tells_the_owner() -> None:
    [found] = _grad_nan(True)
    assert found.category == "software" and "requeue_job" not in _acts(found)


def test_a_nan_gradient_norm_now_and_then_is_no_fault() -> None:
    assert _grad_nan(False) == []


# --- Slurm's plugins, and Open MPI's singletons -------------------------------------------------------------------------


def test_a_slurm_plugin_that_cannot_load_is_the_sites_and_one_not_installed_the_requests() -> None:
    info = logs.parse_joblog(
        "srun: error: Couldn't load specified plugin name for mpi/pmix_v5: Plugin init() callback failed"
    )
    assert info is not None and info.kind == Kind.LAUNCH_ERROR and info.data["site"] is True
    info = logs.parse_joblog(
        "srun: error: Couldn't load specified plugin name for switch/hpe_slingshot: Incompatible plugin version"
    )
    assert info is not None and info.data["site"] is True
    other = logs.parse_joblog(
        "srun: error: Couldn't find the specified plugin name for mpi/pmix looking at all files"
    )
    assert other is None or not (other.kind == Kind.LAUNCH_ERROR and other.data.get("site"))


def _singletons(n: int) -> list[IncidentUpdate]:
    p = pipeline(job("1", "gpu-a-001"))
    events = [
        log(1.0, "1", "No PMIx server was reachable, but a PMI1/2 was detected."),
        log(1.01, "1", f"If srun is being used to launch application, {n} singletons will be started."),
    ] + steps("1", 5.0, 300.0, every=10.0)
    return _final(p, events, 300.0)


def test_open_mpi_starting_singletons_is_the_jobs_configuration() -> None:
    [found] = _singletons(8)
    assert found.category == "software" and "requeue_job" not in _acts(found)


def test_one_singleton_is_a_job_of_one() -> None:
    assert _singletons(1) == []


# --- a node lost under the job that stalled on its slowed GPU -------------------------------------------------------


def _hot_then_lost(stepped_again: bool) -> list[IncidentUpdate]:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = steps("1", 0.0, 500.0, every=10.0) + steps("1", 500.0, 700.0, every=18.0, step0=150)  # it drags
    if stepped_again:
        events += steps("1", 1000.0, 1300.0, every=18.0, step0=200)
    t = 5.0
    while t < 1400.0:
        for node in ("gpu-a-001", "gpu-a-002"):
            for g in range(8):
                hot = node == "gpu-a-002" and g == 3 and t > 500.0
                clock, why = (1000, 0x20 | 0x40) if hot else (1980, 0)
                events.append(
                    _sample(
                        t + 0.01 * g,
                        node,
                        g,
                        DCGM_FI_DEV_SM_CLOCK=clock,
                        DCGM_FI_DEV_CLOCK_THROTTLE_REASONS=why,
                    )
                )
        t += 60.0
    events += [
        slurm(
            1320.0, kind="node_state", node="gpu-a-002", state="DOWN+NOT_RESPONDING", reason="Not responding"
        ),
        log(1321.0, "1", "srun: error: Node failure on gpu-a-002"),
        slurm(1322.0, kind="job_state", job="1", state="NODE_FAIL", exit_code="0:0"),
    ]
    return _final(p, events, 1500.0)


def test_a_node_lost_under_the_job_that_stalled_on_its_hot_gpu_is_one_fault() -> None:
    [found] = _hot_then_lost(False)
    assert (found.category, found.culprit_node, found.culprit_gpu) == ("node_failure", "gpu-a-002", 3)


def test_a_node_lost_after_the_job_stepped_again_is_a_fault_of_its_own() -> None:
    found = _hot_then_lost(True)
    assert len(found) == 2


# --- launches held on one node ----------------------------------------------------------------------------------------


def _held(second_user: str) -> list[IncidentUpdate]:
    a = replace(job("1", "gpu-a-007"), started=T0 + 100.0)
    b = replace(job("2", "gpu-a-007"), user=second_user, started=T0 + 700.0)
    p = pipeline(a, b)
    events = [
        slurm(100.0, kind="job_state", job="1", state="RUNNING", exit_code="0:0", nodes="gpu-a-007"),
        slurm(
            101.0,
            kind="job_state",
            job="1",
            state="PENDING",
            exit_code="0:0",
            reason="launch_failed_requeued_held",
        ),
        slurm(700.0, kind="job_state", job="2", state="RUNNING", exit_code="0:0", nodes="gpu-a-007"),
        slurm(
            701.0,
            kind="job_state",
            job="2",
            state="PENDING",
            exit_code="0:0",
            reason="launch_failed_requeued_held",
        ),
    ]
    return _final(p, events, 1500.0)


def test_two_owners_jobs_whose_launch_failed_on_one_node_are_that_nodes() -> None:
    [found] = _held("bob")
    assert (found.category, found.culprit_node) == ("node_failure", "gpu-a-007")
    assert found.detected_t >= T0 + 701.0  # found at the second job's, not dated back to the first


def test_one_owners_jobs_held_stay_slurms() -> None:
    assert _held("alice") == []
