"""Methods from holdout95 to holdout99 (blind, issue 24), each tested on lines other than the corpora's, each
with the case it must leave alone.

- slurmstepd's "Prolog hung on node N" for two owners' jobs is the site's prolog: one infrastructure incident,
  the first job's own incident taken into it; one job's stays its own.
- Tasks blocked inside the NVIDIA kernel module on one node are its GPU driver wedged: gpu_hardware on that node;
  tasks blocked in a network filesystem are not.
- HIP's words for a missing device ("no ROCm-capable device is detected", "No HIP GPUs are available") are a
  device state, as CUDA's are; two owners' jobs on disjoint nodes losing their devices are the site's.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from actions.pipeline import IncidentUpdate, Pipeline
from monitoring.detectors import logs
from monitoring.detectors.kernel_records import KernelRecordReader
from monitoring.detectors.schema import Kind
from tests.unit.pipehelpers import job, kernel, log, pipeline, run, slurm, watchdog
from tests.unit.pipehelpers import progress as steps


def _final(p: Pipeline, events: list[dict[str, Any]], until: float) -> list[IncidentUpdate]:
    run(p, events, until=until)
    return [u for u in p.incidents() if u.category and not u.superseded_by]


def _acts(u: IncidentUpdate) -> set[str]:
    return {r.action.value for r in u.recommendations}


# --- the site's prolog hung -----------------------------------------------------------------------------------


def _prologs_hung(jobs: int) -> list[IncidentUpdate]:
    specs = [job("1", "gpu-a-[001-002]"), replace(job("2", "gpu-a-[005-006]"), user="bob")][:jobs]
    p = pipeline(*specs)
    events = []
    for i, spec in enumerate(specs):
        at = 100.0 + 120.0 * i
        events += [
            log(at, spec.id, f"slurmstepd: error: Prolog hung on node {spec.nodes[0]}"),
            log(
                at + 0.2,
                spec.id,
                f"srun: error: Unable to create step for job {spec.id}: Job/step already completing or completed",
            ),  # noqa: E501
            slurm(
                at + 2.0, kind="job_state", job=spec.id, state="FAILED", exit_code="1:0", reason="Prolog hung"
            ),
        ]
    return _final(p, events, 900.0)


def test_two_owners_prologs_hung_are_the_sites_one_incident_with_both_jobs() -> None:
    [found] = _prologs_hung(2)
    assert found.category == "infrastructure" and set(found.jobs) == {"1", "2"}
    assert "requeue_job" not in _acts(found) and "drain_node" not in _acts(found)


def test_one_jobs_prolog_hung_is_not_yet_the_sites() -> None:
    found = _prologs_hung(1)
    assert all(u.category != "infrastructure" for u in found)


# --- tasks blocked inside the NVIDIA driver -------------------------------------------------------------------


def _hung(node: str, frame: str) -> list[dict[str, Any]]:
    return [
        kernel(600.0, node, "INFO: task python:4242 blocked for more than 241 seconds."),
        kernel(600.001, node, '"echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.'),
        kernel(600.002, node, "Call Trace:"),
        kernel(600.003, node, f" {frame}"),
    ]


def _wedged(frame: str) -> list[IncidentUpdate]:
    p = pipeline(job("1", "gpu-a-[001-002]", tpn=1))
    events = steps("1", 0.0, 500.0, every=10.0) + _hung("gpu-a-002", frame)
    events += [
        log(1100.0, "1", watchdog(0, 9001)),
        slurm(1150.0, kind="job_state", job="1", state="FAILED", exit_code="6:0"),
    ]
    return _final(p, events, 1500.0)


def test_tasks_blocked_inside_the_nvidia_driver_are_the_nodes_gpus() -> None:
    found = _wedged("os_acquire_mutex+0x3f/0x60 [nvidia]")
    assert [(u.category, u.culprit_node, u.culprit_gpu) for u in found] == [
        ("gpu_hardware", "gpu-a-002", None)
    ]


def test_tasks_blocked_in_a_network_filesystem_are_not_the_gpus() -> None:
    found = _wedged("nfs_wait_bit_killable+0x24/0xa0 [nfs]")
    assert found and all(u.category != "gpu_hardware" for u in found)


def test_the_reader_names_the_driver_only_for_its_own_frames() -> None:
    r = KernelRecordReader()
    head = r.feed("n1", 1.0, "INFO: task nvidia-smi:77 blocked for more than 120 seconds.", lambda p: None)
    assert head is not None and not head.data.get("gpu_driver")
    r.feed("n1", 1.1, "Call Trace:", lambda p: None)
    body = r.feed("n1", 1.2, " os_acquire_mutex+0x3f/0x60 [nvidia]", lambda p: None)
    assert body is not None and body.kind == Kind.HUNG_TASK and body.data["gpu_driver"] is True


# --- HIP's words for a missing device -------------------------------------------------------------------------


def test_hips_missing_device_is_a_device_state() -> None:
    for line in (
        " 3: HIP ERROR: hipGetDeviceCount(&ndev) -> 100 (no ROCm-capable device is detected)",
        "3: RuntimeError: No HIP GPUs are available",
    ):
        info = logs.parse_joblog(line)
        assert info is not None and info.data.get("device_state") and info.data.get("cuda_error") == 100


def _no_devices(second_user: str) -> list[IncidentUpdate]:
    p = pipeline(
        job("1", "gpu-a-[001-002]", tpn=2), replace(job("2", "gpu-a-[005-006]", tpn=2), user=second_user)
    )
    events = []
    for jid, nodes, at in (
        ("1", ("gpu-a-001", "gpu-a-002"), 100.0),
        ("2", ("gpu-a-005", "gpu-a-006"), 130.0),
    ):
        events += [log(at + 0.01 * r, jid, f"{r}: RuntimeError: No HIP GPUs are available") for r in range(4)]
        events += [
            log(at + 1.0, jid, f"srun: error: {n}: tasks {2 * i}-{2 * i + 1}: Exited with exit code 1")
            for i, n in enumerate(nodes)
        ]  # noqa: E501
        events.append(slurm(at + 2.0, kind="job_state", job=jid, state="FAILED", exit_code="1:0"))
    return _final(p, events, 700.0)


def test_two_owners_jobs_losing_their_devices_on_every_node_are_the_sites() -> None:
    [found] = _no_devices("bob")
    assert found.category == "infrastructure" and set(found.jobs) == {"1", "2"}


def test_one_owners_two_jobs_losing_their_devices_are_that_owners() -> None:
    found = _no_devices("alice")
    assert len(found) == 2 and all(u.category == "software" for u in found)


def _workers_fail(workers: int) -> list[IncidentUpdate]:
    """A launcher (one task per node) whose unlabelled workers print the error; srun names the first node's task."""
    p = pipeline(job("1", "gpu-a-[001-002]", tpn=1))
    events = [log(100.0 + 0.1 * w, "1", "RuntimeError: No HIP GPUs are available") for w in range(workers)]
    events += [
        log(110.0, "1", "srun: error: gpu-a-001: task 0: Exited with exit code 1"),
        slurm(112.0, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
    ]
    return _final(p, events, 600.0)


def test_unlabelled_device_errors_srun_places_on_one_node_name_it() -> None:
    [found] = _workers_fail(3)
    assert (found.category, found.culprit_node) == ("gpu_hardware", "gpu-a-001")


def test_more_unlabelled_device_errors_than_the_node_has_gpus_are_not_one_nodes() -> None:
    [found] = _workers_fail(14)
    assert found.category == "software" and "drain_node" not in _acts(found)
