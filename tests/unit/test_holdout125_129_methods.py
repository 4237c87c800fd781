"""Methods from holdout125 to holdout129 (blind, issue 24), each tested on lines other than the corpora's, each
with the case it must leave alone.

- Network ports lost on three nodes within seconds under two owners' jobs: the switch they share; on two nodes,
  each its own.
- slurmstepd unable to put a job's tasks in their cgroup: the site's launch environment, never the owner's; its
  clean-up's words at a step's end are nothing.
- A GPU heating above its job's peers is compared with its busy peers only: the idle GPUs a failed job left on a
  shared node do not make a working one look hot; a working one heating away from working peers still does.
- A global OOM whose task table shows the node's own tasks holding the memory: the node; the job's own ranks
  holding it (or a memory cgroup's limit): the job's.
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
    run(p, sorted(events, key=lambda e: e["t"]), until=until)
    return [u for u in p.incidents() if u.category and not u.superseded_by]


def _acts(found: list[IncidentUpdate]) -> set[str]:
    return {r.action.value for u in found for r in u.recommendations}


def _drained(found: list[IncidentUpdate]) -> set[str]:
    return {r.node for u in found for r in u.recommendations if r.action.value == "drain_node" and r.node}


# --- ports lost on many nodes at once ---------------------------------------------------------------------------------

_LINK_DOWN = "[Tue Dec  8 10:00:00 2026] mlx5_core 0000:c1:00.0 ibp193s0: Link down"
_PORT_ERROR = "{r}: {host}:4021:4100 [1] transport/net_ib.cc:94 NCCL WARN NET/IB : mlx5_1:1 Got async event : port error"


def _ports_lost(nodes: list[str]) -> list[IncidentUpdate]:
    a = job("1", "gpu-b-[001-002]")
    b = replace(job("2", "gpu-b-[003-004]"), user="bob")
    p = pipeline(a, b)
    events = steps("1", 0.0, 700.0, every=10.0) + steps("2", 0.0, 700.0, every=10.0)
    events += [kernel(600.0 + 0.4 * i, node, _LINK_DOWN) for i, node in enumerate(nodes)]
    for jid, first in (("1", "gpu-b-001"), ("2", "gpu-b-003")):
        if first in nodes:
            events.append(log(600.5, jid, _PORT_ERROR.format(r=1, host=first)))
            events.append(log(620.0, jid, f"srun: error: {first}: task 1: Exited with exit code 1"))
            events.append(slurm(622.0, kind="job_state", job=jid, state="FAILED", exit_code="1:0"))
    return _final(p, events, 700.0)


def test_ports_lost_on_three_nodes_in_the_same_seconds_are_the_switch_they_share() -> None:
    found = _ports_lost(["gpu-b-001", "gpu-b-002", "gpu-b-003"])
    assert len(found) == 1 and found[0].category == "infrastructure"
    assert not _drained(found) and "requeue_job" not in _acts(found)


def test_ports_lost_on_two_nodes_or_under_one_job_stay_their_own() -> None:
    found = _ports_lost(["gpu-b-001", "gpu-b-003"])
    assert {u.category for u in found} == {"network"} and _drained(found) == {"gpu-b-001", "gpu-b-003"}
    # three nodes, one job failing on them (the other's nodes lost nothing): not the switch the jobs share
    a, b = job("1", "gpu-b-[001-003]"), replace(job("2", "gpu-b-[004-005]"), user="bob")
    p = pipeline(a, b)
    events = steps("1", 0.0, 700.0, every=10.0) + steps("2", 0.0, 700.0, every=10.0)
    events += [kernel(600.0 + 0.4 * i, f"gpu-b-00{i + 1}", _LINK_DOWN) for i in range(3)]
    events += [
        log(600.5, "1", _PORT_ERROR.format(r=1, host="gpu-b-001")),
        log(620.0, "1", "srun: error: gpu-b-001: task 1: Exited with exit code 1"),
        slurm(622.0, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
    ]
    found = _final(p, events, 700.0)
    assert [u.category for u in found] == ["network"]


# --- slurmstepd unable to place the tasks in their cgroup -----------------------------------------------------------


def test_tasks_that_cannot_join_their_cgroup_are_the_sites_launch_environment() -> None:
    for line in (
        "slurmstepd: error: common_file_write_uints: write value '5121' to "
        "'/sys/fs/cgroup/cpuset/slurm/uid_1001/job_88/step_0/cgroup.procs' failed: Invalid argument",
        "slurmstepd: error: task/cgroup: unable to add task[pid=5121] to memory cg '(null)'",
    ):
        info = logs.parse_joblog(line)
        assert info is not None and info.kind == Kind.LAUNCH_ERROR and info.data["site"] is True, line
    p = pipeline(job("88", "gpu-c-001"))
    events = [
        log(
            5.0,
            "88",
            "slurmstepd: error: unable to add pids to '/sys/fs/cgroup/cpuset/slurm/uid_1001/job_88'",
        ),
        log(5.1, "88", "slurmstepd: error: job_manager: exiting abnormally: Slurmd could not execve job"),
        slurm(6.0, kind="job_state", job="88", state="FAILED", exit_code="1:0"),
    ]
    found = _final(p, events, 60.0)
    assert [u.category for u in found] == ["infrastructure"] and not _drained(found)


def test_the_cgroups_clean_up_at_a_steps_end_is_nothing() -> None:
    for line in (
        "slurmstepd: error: unable to remove cgroup /sys/fs/cgroup/cpuset/slurm/uid_1001/job_88: Device or resource busy",
        "slurmstepd: error: _rmdir_cgroup: rmdir(/sys/fs/cgroup/memory/slurm/uid_1001/job_88) failed: Device or resource busy",
    ):
        info = logs.parse_joblog(line)
        assert info is None or info.kind != Kind.LAUNCH_ERROR, line


# --- heat against busy peers only -------------------------------------------------------------------------------------


def _temps(hot_gpu: int | None, idle: set[int]) -> list[IncidentUpdate]:
    """A one-node job's eight GPUs sampled every 20 s; ``idle`` GPUs at 0 % and 35 C, the rest at work at 60 C;
    ``hot_gpu`` climbs from 60 C to 85 C in a minute from t=600."""
    p = pipeline(job("5", "gpu-d-001", tpn=8))
    events = steps("5", 0.0, 1200.0, every=10.0)
    for t in range(0, 1200, 20):
        for gpu in range(8):
            busy = gpu not in idle
            temp = 60.0 if busy else 35.0
            if gpu == hot_gpu and t >= 600:
                temp = min(85.0, 60.0 + (t - 600) * 0.4)
            fields = {
                "DCGM_FI_DEV_GPU_UTIL": 98 if busy else 0,
                "DCGM_FI_DEV_GPU_TEMP": temp,
                "DCGM_FI_DEV_POWER_USAGE": 600.0 if busy else 60.0,
                "DCGM_FI_DEV_SM_CLOCK": 1980,
            }
            events.append(
                {"t": T0 + t + 0.01 * gpu, "source": "gpu", "node": "gpu-d-001", "gpu": gpu, "fields": fields}
            )
    return _final(p, events, 1200.0)


def test_a_gpu_heating_away_from_its_busy_peers_is_still_found() -> None:
    found = _temps(hot_gpu=4, idle={0, 1, 2, 3})
    assert any(u.category in ("gpu_degraded", "gpu_hardware") for u in found), found


def test_idle_gpus_beside_working_ones_make_none_of_them_hot() -> None:
    """A node shared by two jobs, sampled every six minutes: the first job's four GPUs idle at 30-37 C, the
    other's four at work between 51 and 62 C, one of them 51 C at one round and 62 C at the next (as its peers
    vary). Against a median half made of idle GPUs it would be 16 C hot and rising; among its busy peers it is
    one of them."""
    busy = {
        4: [51, 62, 61, 62, 60],
        5: [58, 60, 56, 59, 58],
        6: [57, 58, 61, 57, 60],
        7: [59, 56, 62, 58, 59],
    }
    p = pipeline(job("5", "gpu-d-001", tpn=4), replace(job("6", "gpu-d-[001-002]", tpn=4), user="bob"))
    events = steps("5", 0.0, 1900.0, every=10.0)
    for n, t in enumerate(range(0, 1800, 360)):
        for gpu in range(8):
            working = gpu in busy
            fields = {
                "DCGM_FI_DEV_GPU_UTIL": 78 if working else 0,
                "DCGM_FI_DEV_GPU_TEMP": float(busy[gpu][n]) if working else 30.0 + (gpu + n) % 8,
                "DCGM_FI_DEV_POWER_USAGE": 520.0 if working else 62.0,
                "DCGM_FI_DEV_SM_CLOCK": 1980 if working else 345,
            }
            events.append(
                {"t": T0 + t + 0.01 * gpu, "source": "gpu", "node": "gpu-d-001", "gpu": gpu, "fields": fields}
            )
    assert _final(p, events, 1900.0) == []


# --- a global OOM and whose memory it was -----------------------------------------------------------------------------


def _oom(rows: list[tuple[int, int, str]], constraint: str = "CONSTRAINT_NONE") -> list[IncidentUpdate]:
    """A two-node job whose rank on gpu-e-002 the kernel's OOM killer kills; ``rows`` (uid, rss GiB, name) make
    the report's task table, the killed rank uid 2001's."""
    p = pipeline(job("9", "gpu-e-[001-002]"))
    events = steps("9", 0.0, 1000.0, every=10.0)
    lines = [
        "[88123.000000] sssd_nss invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0",
        "[88123.000100] Tasks state (memory values in pages):",
        "[88123.000200] [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name",
    ]
    lines += [
        f"[88123.0003{i:02d}] [{4000 + i:7d}] {uid:5d} {4000 + i:5d} {gib * 262144 + 9000:8d} {gib * 262144:8d}   1048576         0             0 {name}"
        for i, (uid, gib, name) in enumerate(rows)
    ]
    lines += [
        f"[88123.000900] oom-kill:constraint={constraint},nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,"
        "task_memcg=/slurm/uid_2001/job_9/step_0/task_1,task=python,pid=4001,uid=2001",
        "[88123.001000] Out of memory: Killed process 4001 (python) total-vm:420000000kB, anon-rss:400000000kB, "
        "file-rss:0kB, shmem-rss:0kB, UID:2001 pgtables:800000kB oom_score_adj:0",
    ]
    events += [kernel(1000.0 + 0.001 * i, "gpu-e-002", line) for i, line in enumerate(lines)]
    events += [
        log(
            1002.0,
            "9",
            "slurmstepd: error: Detected 1 oom_kill event in StepId=9.0. Some of the step tasks have been OOM Killed.",
        ),
        log(1004.0, "9", "srun: error: gpu-e-002: task 9: Out Of Memory"),
        slurm(1006.0, kind="job_state", job="9", state="OUT_OF_MEMORY", exit_code="0:125"),
    ]
    return _final(p, events, 1100.0)


def test_a_global_oom_with_the_nodes_own_tasks_holding_the_memory_is_the_nodes() -> None:
    found = _oom(
        [(0, 240, "telemetry-agent"), (0, 1, "slurmd"), (2001, 380, "python"), (2001, 381, "python")]
    )
    assert [u.category for u in found] == ["node_failure"] and _drained(found) == {"gpu-e-002"}


def test_a_global_oom_of_the_jobs_own_ranks_or_a_cgroups_limit_is_the_jobs() -> None:
    """The node's daemons holding a GiB or two, or another owner's job on a shared node: the job's own (told);
    a memory cgroup's limit: the job's, whatever its table shows."""
    for rows, constraint in (
        ([(0, 1, "slurmd"), (0, 1, "dcgm"), (2001, 380, "python"), (2001, 381, "python")], "CONSTRAINT_NONE"),
        ([(3007, 240, "python"), (2001, 380, "python"), (2001, 381, "python")], "CONSTRAINT_NONE"),
        ([(0, 240, "telemetry-agent"), (2001, 380, "python")], "CONSTRAINT_MEMCG"),
    ):
        found = _oom(rows, constraint)
        assert [u.category for u in found] == ["software"] and not _drained(found), (rows, constraint)
