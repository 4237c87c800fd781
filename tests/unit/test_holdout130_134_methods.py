"""Methods from holdout130 to holdout134 (blind, issue 24), each tested on lines other than the corpora's, each
with the case it must leave alone.

- The node's own filesystem failing on three nodes within a minute under two jobs: the storage behind them; on
  one node, its disk.
- A rank's CUDA ECC error placed by rank arithmetic, in the seconds after an Xid on another node of its job: that
  GPU's fault, one drain; with no Xid anywhere, the rank's own node.
- Azure Storage's own words for an account over its limits are the service's; its refusals of a request are not.
- ENOSPC on a node's own scratch path in one owner's job: the job's own writing; on a shared filesystem, storage.
- srun's "Out Of Memory" for a task: the job failing on its own memory, told to its owner.
- A job ended TIMEOUT by an accounting limit: its owners told, two jobs one incident; its own time limit: nothing.
- Peers' completion errors in a job whose own environment shortened NCCL's InfiniBand timeout: its setting's; the
  same errors without that setting, or with a port lost: the network's.
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
    run(p, sorted(events, key=lambda e: e["t"]), until=until)
    return [u for u in p.incidents() if u.category and not u.superseded_by]


def _acts(found: list[IncidentUpdate]) -> set[str]:
    return {r.action.value for u in found for r in u.recommendations}


def _drained(found: list[IncidentUpdate]) -> set[str]:
    return {r.node for u in found for r in u.recommendations if r.action.value == "drain_node" and r.node}


# --- the node's own filesystem failing on many nodes ------------------------------------------------------------------

_XFS = "[Tue Dec  8 10:00:00 2026] XFS (sdb): Log I/O Error (0x2) detected at xlog_ioend_work+0x71/0x80 [xfs] (fs/xfs/xfs_log.c:1378).  Shutting down filesystem."


def _disks(nodes: list[str]) -> list[IncidentUpdate]:
    a, b = job("1", "gpu-f-[001-002]"), replace(job("2", "gpu-f-[003-004]"), user="bob")
    p = pipeline(a, b)
    events = steps("1", 0.0, 700.0, every=10.0) + steps("2", 0.0, 700.0, every=10.0)
    events += [kernel(600.0 + 3.0 * i, node, _XFS) for i, node in enumerate(nodes)]
    for jid, first in (("1", "gpu-f-001"), ("2", "gpu-f-003")):
        if first in nodes:
            events.append(log(640.0, jid, f"srun: error: {first}: task 1: Exited with exit code 1"))
            events.append(slurm(642.0, kind="job_state", job=jid, state="FAILED", exit_code="1:0"))
    return _final(p, events, 700.0)


def test_the_nodes_own_filesystems_failing_together_are_the_storage_behind_them() -> None:
    found = _disks(["gpu-f-001", "gpu-f-002", "gpu-f-003", "gpu-f-004"])
    assert [u.category for u in found] == ["infrastructure"] and not _drained(found)


def test_one_nodes_own_filesystem_failing_is_its_disk() -> None:
    found = _disks(["gpu-f-001"])
    assert [u.category for u in found] == ["node_failure"] and _drained(found) == {"gpu-f-001"}


# --- a rank's ECC error placed by arithmetic on another node of its job --------------------------------------------

_XID48 = "[Tue Dec  8 10:00:00 2026] NVRM: Xid (PCI:0000:1a:00): 48, pid=88123, name=python3, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 1."
_RANK_ECC = "2: RuntimeError: CUDA error: uncorrectable ECC error encountered"


def _ecc(xid_on: str | None) -> list[IncidentUpdate]:
    p = pipeline(job("3", "gpu-g-[001-004]"))
    events = steps("3", 0.0, 700.0, every=10.0)
    if xid_on is not None:
        events.append(kernel(600.0, xid_on, _XID48))
    events.append(log(600.9, "3", _RANK_ECC))  # task 2: gpu-g-001 GPU 2 by the arithmetic of 8 tasks a node
    events.append(slurm(620.0, kind="job_state", job="3", state="FAILED", exit_code="1:0"))
    return _final(p, events, 700.0)


def test_a_ranks_ecc_error_after_another_nodes_xid_is_that_gpus_fault() -> None:
    found = _ecc("gpu-g-003")
    assert _drained(found) == {"gpu-g-003"} and len(found) == 1


def test_a_ranks_ecc_error_with_no_xid_stays_on_the_node_its_rank_gives() -> None:
    found = _ecc(None)
    assert _drained(found) == {"gpu-g-001"}


# --- Azure Storage over its account's limits ---------------------------------------------------------------------------


def test_azure_storage_over_its_account_limit_is_the_service() -> None:
    for line in (
        "3: azure.core.exceptions.HttpResponseError: Operations per second is over the account limit.",
        "3: azure.core.exceptions.HttpResponseError: Egress is over the account limit.",
    ):
        info = logs.parse_joblog(line)
        assert (
            info is not None and info.kind == Kind.FS_ERROR and info.data.get("service") == "azure storage"
        ), line
    refused = logs.parse_joblog(
        "3: azure.core.exceptions.ClientAuthenticationError: Server failed to authenticate the request. "
        "ErrorCode:AuthenticationFailed"
    )
    assert refused is None or refused.kind != Kind.FS_ERROR


# --- a node's own scratch full ----------------------------------------------------------------------------------------


def _enospc(path: str) -> list[IncidentUpdate]:
    p = pipeline(job("4", "gpu-h-[001-002]"))
    events = steps("4", 0.0, 700.0, every=10.0)
    events += [
        log(600.0, "4", f"5: OSError: [Errno 28] No space left on device: '{path}/cache/shard.00412.tmp'"),
        log(610.0, "4", "srun: error: gpu-h-001: task 5: Exited with exit code 1"),
        slurm(612.0, kind="job_state", job="4", state="FAILED", exit_code="1:0"),
    ]
    return _final(p, events, 700.0)


def test_a_full_node_scratch_in_one_owners_job_is_that_jobs_own_writing() -> None:
    found = _enospc("/tmp/mds")
    assert [u.category for u in found] == ["software"] and "requeue_job" not in _acts(found)


def test_a_full_shared_filesystem_stays_the_storage() -> None:
    found = _enospc("/lustre/proj/ds")
    assert [u.category for u in found] == ["infrastructure"]


# --- srun's "Out Of Memory" -------------------------------------------------------------------------------------------


def test_srun_reports_a_task_out_of_memory_and_the_job_is_its_owners() -> None:
    info = logs.parse_joblog("srun: error: gpu-i-002: task 13: Out Of Memory")
    assert info is not None and info.kind == Kind.TASK_EXIT and not info.data["cascade"]
    p = pipeline(job("5", "gpu-i-[001-002]"))
    events = steps("5", 0.0, 700.0, every=10.0)
    events += [
        log(600.0, "5", "srun: error: gpu-i-002: task 13: Out Of Memory"),
        log(600.2, "5", "slurmstepd: error: *** STEP 5.0 ON gpu-i-001 CANCELLED AT 2026-12-08T10:10:00 ***"),
        log(603.0, "5", "srun: error: gpu-i-001: tasks 0-7: Killed"),
        slurm(605.0, kind="job_state", job="5", state="OUT_OF_MEMORY", exit_code="0:125"),
    ]
    found = _final(p, events, 700.0)
    assert [u.category for u in found] == ["software"] and not _drained(found)


# --- an accounting limit --------------------------------------------------------------------------------------------

_BUDGET = (
    "Job is at or exceeds association (acc=vision/user=(null)/part=(null)) group max TRES(gres/gpu) minutes of "
    "1440000 with 1440007"
)


def _ended(reason: str) -> list[IncidentUpdate]:
    a, b = job("6", "gpu-j-[001-002]"), replace(job("7", "gpu-j-[003-004]"), user="bob")
    p = pipeline(a, b)
    events = steps("6", 0.0, 600.0, every=10.0) + steps("7", 0.0, 600.0, every=10.0)
    for jid in ("6", "7"):
        events.append(
            slurm(605.0, kind="job_state", job=jid, state="TIMEOUT", exit_code="0:0", reason=reason)
        )
    return _final(p, events, 700.0)


def test_jobs_ended_by_an_accounting_limit_are_one_incident_for_their_owners() -> None:
    found = _ended(_BUDGET)
    assert len(found) == 1 and found[0].category == "software" and set(found[0].jobs) == {"6", "7"}
    assert "requeue_job" not in _acts(found) and not _drained(found)


def test_jobs_ended_at_their_own_time_limit_raise_nothing() -> None:
    assert _ended("TimeLimit") == []


# --- the job's own InfiniBand timeouts --------------------------------------------------------------------------------

_BLAME = (
    "{r}: {host}:4100:4200 [1] NCCL WARN NET/IB : Got completion from peer 10.80.0.{peer}<51204> with status=12 "
    "opcode=0 len=0 vendor err 129 (Send) hca mlx5_1"
)


def _timeouts(env: bool, port_lost: bool = False) -> list[IncidentUpdate]:
    p = pipeline(job("8", "gpu-k-[001-004]", tpn=1))
    events = steps("8", 0.0, 700.0, every=10.0)
    if env:
        events += [
            log(
                5.0 + i,
                "8",
                f"{i}: gpu-k-00{i + 1}:4100:4200 [0] NCCL INFO NCCL_IB_TIMEOUT set by environment to 4.",
            )
            for i in range(4)
        ]
    if port_lost:
        events.append(
            log(
                598.0,
                "8",
                "2: gpu-k-003:4100:4200 [1] NCCL WARN NET/IB : mlx5_1:1 Got async event : port error",
            )
        )
    for i, (host, peer) in enumerate((("gpu-k-001", 13), ("gpu-k-002", 14), ("gpu-k-004", 13))):
        events.append(log(600.0 + i, "8", _BLAME.format(r=i, host=host, peer=peer)))
    events += [
        log(610.0, "8", "srun: error: gpu-k-001: task 0: Exited with exit code 1"),
        slurm(612.0, kind="job_state", job="8", state="FAILED", exit_code="1:0"),
    ]
    return _final(p, events, 700.0)


def test_peer_errors_under_the_jobs_own_short_ib_timeout_are_its_setting() -> None:
    found = _timeouts(env=True)
    assert [u.category for u in found] == ["software"] and not _drained(found)


def test_peer_errors_without_that_setting_or_with_a_port_lost_stay_the_networks() -> None:
    for env, port in ((False, False), (True, True)):
        found = _timeouts(env=env, port_lost=port)
        assert found and found[0].category == "network", (env, port)
