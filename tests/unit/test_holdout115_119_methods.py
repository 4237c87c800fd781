"""Methods from holdout115 to holdout119 (blind, issue 24), each tested on lines other than the corpora's, each
with the case it must leave alone.

- CUDA's forward compatibility refused (error 804, the NGC image's "compatibility mode is UNAVAILABLE") is the node's
  driver too old for the image: on one node of a job, that node; on every node, the job's image.
- The dynamic loader unable to read a library (EIO) is the storage under it, not the program's environment.
- ext4 meeting EIO under it ("I/O error while writing superblock", "IO failure") is the node's own disk.
- A storage outage's incident closed when its job was requeued still takes that job failing again in it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from actions.pipeline import IncidentUpdate, Pipeline
from monitoring.detectors import logs
from monitoring.detectors.schema import Kind
from tests.unit.pipehelpers import job, kernel, log, pipeline, run, slurm
from tests.unit.pipehelpers import progress as steps


def _final(p: Pipeline, events: list[dict[str, Any]], until: float) -> list[IncidentUpdate]:
    run(p, events, until=until)
    return [u for u in p.incidents() if u.category and not u.superseded_by]


# --- CUDA's forward compatibility refused on a node ---------------------------------------------------------------

_COMPAT = (
    "{r}: RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling "
    "NumCudaDevices() that might have already set an error? Error 804: forward compatibility was attempted on non "
    "supported HW"
)


def _compat(ranks: range) -> list[IncidentUpdate]:
    p = pipeline(job("1", "gpu-a-[001-003]", tpn=4))
    events = [log(100.0 + r * 0.01, "1", _COMPAT.format(r=r)) for r in ranks]
    events += [
        log(101.0, "1", "srun: error: gpu-a-002: tasks 4-7: Exited with exit code 1"),
        slurm(103.0, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
    ]
    return _final(p, events, 600.0)


def test_forward_compatibility_refused_on_one_nodes_ranks_is_that_nodes_driver() -> None:
    found = _compat(range(4, 8))
    assert len(found) == 1 and found[0].category == "gpu_hardware" and found[0].culprit_node == "gpu-a-002"


def test_forward_compatibility_refused_on_every_node_is_the_jobs_image() -> None:
    found = _compat(range(0, 12))
    assert len(found) == 1 and found[0].category == "software" and found[0].culprit_node is None


# --- the loader unable to read a library ------------------------------------------------------------------------------


def test_the_loader_unable_to_read_a_library_is_a_storage_error() -> None:
    info = logs.parse_joblog(
        "3: python: error while loading shared libraries: /opt/env/lib/libz.so.1: cannot read file data: "
        "Input/output error"
    )
    assert info is not None and info.kind == Kind.FS_ERROR
    missing = logs.parse_joblog(
        "3: python: error while loading shared libraries: libz.so.1: cannot open shared object file: No such file "
        "or directory"
    )
    assert missing is not None and missing.kind == Kind.EXCEPTION and missing.data.get("loader")


# --- ext4 meeting EIO -------------------------------------------------------------------------------------------------


def test_ext4_meeting_eio_under_it_is_the_nodes_own_disk() -> None:
    for line in (
        "[Sun Feb  8 04:25:12 2026] EXT4-fs (sdb1): I/O error while writing superblock",
        "[Sun Feb  8 04:25:12 2026] EXT4-fs error (device sdb1) in ext4_dirty_inode:6012: IO failure",
    ):
        info = logs.parse_kernel(line, {})
        assert info is not None and info.kind == Kind.LOCAL_FS_FAILURE and info.data["device"] == "sdb1", line
    # an error ext4 recovered from on its own names no failing disk
    assert logs.parse_kernel("EXT4-fs (sdb1): recovery complete", {}) is None


# --- an outage behind its job's requeue ---------------------------------------------------------------------------


def _requeued_into_the_outage(error: str) -> list[IncidentUpdate]:
    a = job("1", "gpu-a-[001-002]")
    b = replace(job("2", "gpu-a-[005-006]"), user="bob")
    p = pipeline(a, b)
    events = steps("1", 0.0, 590.0, every=20.0) + steps("2", 0.0, 590.0, every=20.0)
    events += [
        kernel(600.0 + i, n, "nfs: server fs9 not responding, still trying")
        for i, n in enumerate(a.nodes + b.nodes)
    ]
    events += [
        log(700.0, "1", "OSError: [Errno 5] Input/output error: '/fs9/alice/ckpt/step_30.pt'"),
        slurm(705.0, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
        log(760.0, "2", "OSError: [Errno 5] Input/output error: '/fs9/bob/run/model.safetensors'"),
        slurm(765.0, kind="job_state", job="2", state="FAILED", exit_code="1:0"),
        slurm(
            1000.0,
            kind="job_state",
            job="1",
            state="REQUEUED",
            exit_code="0:0",
            reason="Job requeued by user",
        ),
        slurm(1020.0, kind="job_state", job="1", state="RUNNING", exit_code="0:0", nodes="gpu-a-[009-010]"),
        log(1200.0, "1", error),
        log(1203.0, "1", "srun: error: gpu-a-009: task 0: Exited with exit code 1"),
        slurm(1205.0, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
    ]
    return _final(p, sorted(events, key=lambda e: e["t"]), 2400.0)


def test_a_job_requeued_into_the_outage_failing_again_in_it_is_the_outage() -> None:
    found = _requeued_into_the_outage("OSError: [Errno 5] Input/output error: '/fs9/alice/ckpt/last.pt'")
    assert len(found) == 1 and found[0].category == "infrastructure"
    assert {"1", "2"} <= set(found[0].jobs)


def test_a_job_requeued_after_an_outage_failing_on_its_own_error_is_its_own() -> None:
    found = _requeued_into_the_outage("ValueError: shapes (4096,) and (1024,) not aligned")
    assert len(found) == 2 and {u.category for u in found} == {"infrastructure", "software"}
