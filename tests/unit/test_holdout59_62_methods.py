"""Methods from holdout59 to holdout62 (blind, issue 24), each tested on lines and figures other than the
corpora's, each with the case it must leave alone.

- pdsh's "host: " before a rank's prefix; a rank's own error, then silence, confirmed two beats in.
- A node's GPUs idle in one sample taken a beat after the job's last line, while the others spin.
- A GPU braked by its board while far hotter than its peers: one sample.
- An InfiniBand port that trained down, or whose link errors climb, in any tool's layout of the IBA counters.
- A contained ECC error (Xid 94) on a GPU whose row was marked for remapping (Xid 63): the GPU's.
- A GPU health check's failed test (dcgmi diag) on a one-node job's GPUs; a job placed on a node an open
  incident blames joins it; a job failing on a node a quiet incident blamed meets that fault again.
- Slurm's controller timing out an RPC only it answers; an evaluation beginning ends the save before it;
  accelerate's "Saving current state to .../checkpoint-N" begins a save.
- XLA's rendezvous: the device threads that never arrived name their node.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from incidents.attribution import analysis
from incidents.attribution.incident import Incident
from incidents.attribution.world import JobRun, World
from monitoring.detectors import health_checks, logs, progress
from monitoring.detectors.phase import EVALUATING, JobPhase
from monitoring.detectors.port_counters import PortWatch
from monitoring.detectors.schema import ClusterSpec, Kind, Observation
from tests.unit.pipehelpers import T0, job, log, megatron, pipeline, run, slurm
from tests.unit.pipehelpers import kernel as klog


def _steps(jid: str, t0: float, t1: float, every: float = 10.0, step0: int = 100) -> list[dict[str, Any]]:
    out, t, k = [], t0, step0
    while t < t1:
        out.append(log(t, jid, megatron(k)))
        t += every
        k += 1
    return out


def _gpu(t: float, node: str, i: int, **fields: Any) -> dict[str, Any]:
    names = {
        "util": "DCGM_FI_DEV_GPU_UTIL",
        "power": "DCGM_FI_DEV_POWER_USAGE",
        "clock": "DCGM_FI_DEV_SM_CLOCK",
        "temp": "DCGM_FI_DEV_GPU_TEMP",
        "reasons": "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS",
    }
    named = {names.get(k, k): v for k, v in fields.items()}
    return {"t": T0 + t, "source": "gpu", "node": node, "gpu": i, "fields": named}


def _found(p: Any, events: list[dict[str, Any]], until: float) -> list[Any]:
    return [u for u in run(p, events, until=until) if u.category and not u.superseded_by]


# --- prefixes and a rank's own error -----------------------------------------------------------------------


def test_pdsh_host_prefix_before_a_ranks_prefix_is_stripped() -> None:
    rank, body = logs.split_prefix("node16: [rank116]: RuntimeError: Detected mismatch between collectives")
    assert rank == 116 and body.startswith("RuntimeError:")
    info = logs.parse_joblog(
        "node16: [rank116]: RuntimeError: Detected mismatch between collectives on ranks."
    )
    assert info is not None and info.kind == Kind.EXCEPTION and info.rank == 116


def test_an_exceptions_own_type_is_no_host_prefix() -> None:
    assert logs.split_prefix("RuntimeError: [rank3] went wrong")[0] is None
    assert logs.split_prefix("worker-1: [2024-06-01 10:00:00] step 5")[1].startswith("worker-1:")


def _one_rank_raised(raised: bool) -> float | None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = _steps("1", 0.0, 1000.0, 30.0)
    if raised:
        events.append(log(1001.0, "1", "12: [rank12]: ValueError: shape mismatch in batch 51234"))
    found = _found(p, events, until=1400.0)
    return found[0].detected_t - T0 if found else None


def test_a_ranks_own_error_then_silence_is_confirmed_two_beats_in() -> None:
    with_error, without = _one_rank_raised(True), _one_rank_raised(False)
    assert with_error is not None and without is not None
    assert with_error <= 1000.0 + 2 * 30.0 + 5 and without > with_error + 40.0


# --- one idle sample a beat late -------------------------------------------------------------------------


def _slow_steps(idle_at: float) -> float | None:
    """Steps every 200 s on two nodes, telemetry every 420 s; gpu-a-002's GPUs idle from ``idle_at``."""
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = _steps("1", 0.0, 2000.0, 200.0)
    t = 10.0
    while t < 3500.0:
        for node in ("gpu-a-001", "gpu-a-002"):
            idle = node == "gpu-a-002" and t >= idle_at
            events += [
                _gpu(t, node, i, util=0 if idle else 98, power=70.0 if idle else 600.0) for i in range(8)
            ]
        t += 420.0
    found = _found(p, events, until=3500.0)
    hang = [u for u in found if u.category == "hang"]
    return hang[0].detected_t - T0 if hang and hang[0].culprit_node == "gpu-a-002" else None


def test_one_idle_sample_a_beat_after_the_last_line_names_the_node() -> None:
    at = _slow_steps(idle_at=2000.0)
    assert at is not None and at < 2200.0  # the sample at 2110, 310 s after the last step at 1800


def test_an_idle_sample_before_a_beat_passed_waits_for_the_next() -> None:
    # the job's last line at 1800 s, its GPUs idle at the sample 50 s later: not yet a beat without the step
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = _steps("1", 0.0, 1850.0, 200.0)
    for t in (1430.0, 1850.0):
        for node in ("gpu-a-001", "gpu-a-002"):
            idle = node == "gpu-a-002" and t >= 1850.0
            events += [
                _gpu(t, node, i, util=0 if idle else 98, power=70.0 if idle else 600.0) for i in range(8)
            ]
    assert [u for u in _found(p, events, until=1990.0) if u.category == "hang"] == []


# --- a hot GPU braked by its board -------------------------------------------------------------------------


def _thermal(hot: bool) -> list[Any]:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = _steps("1", 0.0, 1300.0, 10.0)
    for t in (10.0, 610.0, 1210.0):
        for node in ("gpu-a-001", "gpu-a-002"):
            for i in range(8):
                sick = node == "gpu-a-002" and i == 6 and t >= 1210.0
                events.append(
                    _gpu(
                        t,
                        node,
                        i,
                        util=100 if sick else 95,
                        power=450.0 if sick else 590.0,
                        clock=1630 if sick else 1980,
                        temp=(88 if hot else 62) if sick else 60,
                        reasons=0x48 if sick else 0,
                    )
                )
    return [u for u in _found(p, events, until=1300.0) if u.category == "gpu_degraded"]


def test_a_gpu_braked_by_its_board_far_hotter_than_its_peers_is_confirmed_at_once() -> None:
    found = _thermal(hot=True)
    assert found and found[0].culprit_node == "gpu-a-002" and found[0].culprit_gpu == 6


def test_the_same_brake_at_its_peers_heat_waits_for_a_second_sample() -> None:
    assert _thermal(hot=False) == []


# --- InfiniBand port counters ------------------------------------------------------------------------------


def test_a_port_that_trained_down_or_whose_link_errors_climb_is_read_in_any_layout() -> None:
    w = PortWatch()
    assert w.feed("n1", "agent: mlx5_0..mlx5_3 port 1: state ACTIVE width 4X speed NDR") is None
    down = w.feed("n1", "agent: mlx5_2 port 1: state ACTIVE width 2X speed NDR")
    assert down is not None and down.raises and down.data["width"] == 2
    w2 = PortWatch()
    assert (
        w2.feed("n2", "# Port counters: Lid 12 port 1 (CapMask: 0x5A00) SymbolErrorCounter:.........12")
        is None
    )
    small = w2.feed("n2", "# Port counters: Lid 12 port 1 (CapMask: 0x5A00) SymbolErrorCounter:.........40")
    assert small is not None and not small.raises
    big = w2.feed("n2", "# Port counters: Lid 12 port 1 LinkDownedCounter=1 SymbolErrorCounter:.........41")
    assert big is None or big.raises is False  # a counter seen for the first time is a baseline
    again = w2.feed("n2", "# Port counters: Lid 12 port 1 LinkDownedCounter=2 SymbolErrorCounter:.........41")
    assert again is not None and again.raises and again.data["rose"] == {"LinkDownedCounter": 1}


def test_a_width_or_count_that_names_no_port_is_not_read() -> None:
    w = PortWatch()
    assert w.feed("n1", "video: width 4X upscaling done, 12 errors") is None
    assert PortWatch.from_state(w.to_state()).to_state() == w.to_state()


def test_a_port_that_trained_down_under_a_job_is_the_nodes_network_fault() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"))
    events = _steps("1", 0.0, 900.0, 10.0)
    events.append(
        klog(5.0, "gpu-a-003", "Jan 01 10:00:05 gpu-a-003 ibmon[1]: mlx5_0 port 1: state ACTIVE width 4X")
    )
    events.append(
        klog(600.0, "gpu-a-003", "Jan 01 10:10:00 gpu-a-003 ibmon[1]: mlx5_0 port 1: width 1X (expected 4X)")
    )
    found = _found(p, events, until=900.0)
    assert found and found[0].category == "network" and found[0].culprit_node == "gpu-a-003"
    assert found[0].detected_t - T0 < 610.0


# --- a contained error on a GPU whose row waits for its remap -------------------------------------------------


def _contained(remapped: bool) -> list[Any]:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = _steps("1", 0.0, 1000.0, 10.0)
    events.append(
        klog(1000.0, "gpu-a-002", "kernel: NVRM: Xid (PCI:0000:3a:00): 94, pid=1, name=python, Contained: SM")
    )
    if remapped:
        events.append(
            klog(
                1000.1,
                "gpu-a-002",
                "kernel: NVRM: Xid (PCI:0000:3a:00): 63, pid=1, name=python, Row Remapper: New row marked for remapping, reset gpu to activate.",
            )
        )
    events.append(
        log(1001.0, "1", "10: [rank10]: RuntimeError: CUDA error: uncorrectable ECC error encountered")
    )
    events.append(slurm(1005.0, kind="job_state", job="1", state="FAILED", exit_code="1:0"))
    return _found(p, events, until=1100.0)


def test_a_contained_ecc_error_beside_a_row_waiting_for_its_remap_is_the_gpus() -> None:
    found = _contained(remapped=True)
    assert found[-1].category == "gpu_hardware" and (found[-1].culprit_node, found[-1].culprit_gpu) == (
        "gpu-a-002",
        2,
    )


def test_a_contained_ecc_error_alone_is_the_applications() -> None:
    found = _contained(remapped=False)
    assert found and found[-1].category == "software"


# --- a GPU health check's failed test ----------------------------------------------------------------------

_DIAG = [
    "| Persistence Mode          | Fail - All                                     |",
    "| PCIe                      | Pass - GPUs: 0, 1, 3                           |",
    "|                           | Fail - GPU: 2                                  |",
    "| Memory Bandwidth          | Pass - All                                     |",
    "| GPU Memory                | Fail - GPU: 5                                  |",
]


def test_a_diag_tables_failed_tests_are_read_with_their_gpus() -> None:
    r = health_checks.DiagReader()
    out = [x for line in _DIAG if (x := r.feed("j", line)) is not None]
    assert out == [("PCIe", (2,), "gpu_degraded"), ("GPU Memory", (5,), "gpu_hardware")]


def _diag_then_job(on_node: str) -> list[Any]:
    p = pipeline(job("9", "gpu-a-011", comment="", tpn=1))  # job 1 is the scheduler's news at 600 s
    events = [log(100.0 + i * 0.01, "9", line) for i, line in enumerate(_DIAG[1:3])]
    events.append(slurm(101.0, kind="job_state", job="9", state="COMPLETED", exit_code="0:0"))
    events.append(slurm(600.0, kind="job_state", job="1", state="RUNNING", exit_code="0:0", nodes=on_node))
    events += _steps("1", 610.0, 1500.0, 10.0)
    return _found(p, events, until=1500.0)


def test_a_job_placed_on_a_node_whose_gpu_failed_its_check_is_moved_off_it() -> None:
    found = _diag_then_job("gpu-a-[011-012]")
    last = found[-1]
    assert last.category == "gpu_degraded" and last.culprit_node == "gpu-a-011" and "1" in last.jobs
    assert any(e.startswith("job 1 started on gpu-a-011") for e in last.evidence)


def test_a_job_placed_elsewhere_is_left_alone() -> None:
    found = _diag_then_job("gpu-a-[013-014]")
    assert found and all("1" not in u.jobs for u in found)


# --- a job failing on a node a quiet incident blamed -------------------------------------------------------------


def _port_down_then(second_on: str) -> list[Any]:
    p = pipeline(job("1", "gpu-a-[001-002]"), replace(job("2", second_on, tpn=1), started=T0 + 4000.0))
    events = _steps("1", 0.0, 500.0, 10.0)
    events.append(
        klog(500.0, "gpu-a-002", "kernel: mlx5_core 0000:3b:00.0: Port module event: mlx5_0 port 1 link down")
    )
    events.append(
        klog(500.1, "gpu-a-002", "[Mon Jan  1 10:00:00 2024] mlx5_core 0000:3b:00.0 ib0: Link DOWN")
    )
    events.append(
        log(
            505.0,
            "1",
            "gpu-a-001:12:12 [0] transport/net_ib.cc:97 NCCL WARN NET/IB : mlx5_0:1 Got async event : port error",
        )
    )
    events.append(slurm(520.0, kind="job_state", job="1", state="FAILED", exit_code="1:0"))
    events.append(slurm(4000.0, kind="job_state", job="2", state="RUNNING", exit_code="0:0", nodes=second_on))
    events.append(log(4003.0, "2", f"CHECK_ERROR: only 0/1 required IB ports are ACTIVE on {second_on}"))
    events.append(log(4004.0, "2", f"srun: error: {second_on}: task 0: Exited with exit code 75"))
    events.append(slurm(4005.0, kind="job_state", job="2", state="FAILED", exit_code="75:0"))
    return _found(p, events, until=4100.0)


def test_a_job_failing_on_the_node_a_quiet_network_incident_blamed_meets_that_fault() -> None:
    found = _port_down_then("gpu-a-002")
    assert {u.key for u in found} == {found[0].key} and found[-1].category == "network"


def test_a_job_failing_on_another_node_is_its_own_incident() -> None:
    found = _port_down_then("gpu-a-005")
    assert len({u.key for u in found}) == 2


# --- the scheduler's controller, phases, saves ----------------------------------------------------------------


def test_the_controller_timing_out_an_rpc_only_it_answers_is_shared_infrastructure() -> None:
    info = logs.parse_joblog(
        "srun: error: Unable to confirm allocation for job 7: Socket timed out on send/recv operation"
    )
    assert info is not None and info.kind == Kind.FS_ERROR and info.data["service"] == "slurmctld"
    other = logs.parse_joblog("srun: error: task 0 launch failed: Socket timed out on send/recv operation")
    assert other is None or other.kind != Kind.FS_ERROR


def test_an_evaluation_beginning_ends_the_save_before_it() -> None:
    ph = JobPhase(0.0)
    ph.on_step(10.0, 100)
    ph.on_checkpoint(20.0, "start", "Saving checkpoint step 100.")
    ph.on_lifecycle(23.0, "eval", "Running evaluation for 48 steps.")
    assert ph.ckpt_start is None and ph.phase() == EVALUATING and ph.saves_done == 0


def test_accelerates_save_state_to_a_checkpoint_path_begins_a_save() -> None:
    line = "10/28/2024 07:23:11 - INFO - accelerate.accelerator - Saving current state to /data/run/checkpoint-1000"
    assert progress.parse_checkpoint(line) == ("start", None)
    assert progress.parse_checkpoint("Loading current state from /data/run/checkpoint-1000") is None


# --- XLA's rendezvous ---------------------------------------------------------------------------------------


def _waiting(rank: int, k: int = 4, devices: str = "0,1,2,3,4,5,6,7") -> str:
    return (
        "E0729 16:14:25.300000 rendezvous.cc:38] This thread has been waiting for `initialize clique for rank "
        f"{rank}; clique=devices=[{devices}]; stream=0; run_id=1` for 10 seconds and may be stuck. Expected "
        f"{k} threads to join the rendezvous, but not all of them arrived on time."
    )


def _named(ranks: list[int], devices: str = "0,1,2,3,4,5,6,7") -> analysis.Suspect | None:
    world = World(ClusterSpec("t", ("n1", "n2"), 4))
    spec = job("1", "n[1-2]", tpn=1)
    world.set_running(JobRun(spec, 0, "running", 0.0))
    inc = Incident(key="i", detected_t=0.0, updated_t=0.0)
    for r in ranks:
        info = logs.parse_joblog(_waiting(r, devices=devices))
        assert info is not None and info.kind == logs.XLA_WAITING
        inc.add(Observation(1.0, info.kind, None, "1", None, None, info.text, info.data))
    return analysis.named_by_rendezvous(inc, world, "1")


def test_the_device_thread_that_never_joined_a_rendezvous_names_its_node() -> None:
    s = _named([4, 5, 7])
    assert s is not None and (s.node, s.gpu) == ("n2", 2)
    # a clique of the second node's devices alone: its rank 2 is device 6
    s = _named([0, 1, 3], devices="4,5,6,7")
    assert s is not None and (s.node, s.gpu) == ("n2", 2)


def test_too_few_threads_waiting_name_nothing() -> None:
    assert _named([4]) is None
    assert _named([1, 2, 5]) is None  # two blocks: no one process's rendezvous


# --- a CPU held for a minute, an NFS server's blip ---------------------------------------------------------------


def _lockups(longest: int) -> list[Any]:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = _steps("1", 0.0, 1000.0, 20.0)
    for i, stuck in enumerate(range(22, longest + 1, 26)):
        line = f"kernel: watchdog: BUG: soft lockup - CPU#17 stuck for {stuck}s! [python:4242]"
        events.append(klog(960.0 + 26.0 * i, "gpu-a-002", line))
    return _found(p, events, until=1300.0)


def test_a_stalled_jobs_node_whose_cpu_was_held_a_minute_is_the_node_failing() -> None:
    found = _lockups(100)
    assert found and found[-1].category == "node_failure" and found[-1].culprit_node == "gpu-a-002"


def test_one_short_soft_lockup_condemns_no_node() -> None:
    found = _lockups(22)
    assert found and found[-1].category != "node_failure"


def _nfs(answers: bool) -> list[Any]:
    p = pipeline(job("1", "gpu-a-001"), job("2", "gpu-a-005"))
    events = _steps("1", 0.0, 1500.0, 10.0) + _steps("2", 0.0, 1500.0, 10.0)
    for node in ("gpu-a-001", "gpu-a-005"):
        events.append(klog(1000.0, node, "kernel: nfs: server home01 not responding, still trying"))
        if answers:
            events.append(klog(1030.0, node, "kernel: nfs: server home01 OK"))
    return _found(p, events, until=1500.0)


def test_an_nfs_server_that_answers_again_within_the_hold_raises_nothing() -> None:
    assert _nfs(answers=True) == []


def test_an_nfs_server_still_lost_after_the_hold_is_the_shared_storage() -> None:
    found = _nfs(answers=False)
    assert found and found[0].category == "infrastructure" and 1045.0 <= found[0].detected_t - T0 < 1060.0


# --- holdout63: a rank placed by arithmetic, a node failure told late --------------------------------------------


def _xid48_then_rank(rank: int) -> list[Any]:
    """A GPU's Xid 48 on gpu-a-003 GPU 3, then a rank's CUDA error whose Slurm-order node is another."""
    p = pipeline(job("1", "gpu-a-[001-004]"))
    events = _steps("1", 0.0, 1000.0, 10.0)
    events.append(
        klog(
            1000.0,
            "gpu-a-003",
            "kernel: NVRM: Xid (PCI:0000:5d:00): 48, pid=1, name=python, An uncorrectable double bit error",
        )
    )
    events.append(
        log(1001.0, "1", f"[rank{rank}]: RuntimeError: CUDA error: uncorrectable ECC error encountered")
    )
    return _found(p, events, until=1100.0)


def test_a_ranks_gpu_error_placed_by_arithmetic_joins_that_gpus_fault_on_another_node() -> None:
    found = _xid48_then_rank(27)  # rank 27: gpu-a-004's GPU 3 by the Slurm order, gpu-a-003's by torchrun's
    assert {u.key for u in found} == {found[0].key} and found[-1].culprit_node == "gpu-a-003"


def test_a_ranks_error_on_another_gpu_index_joins_that_fault_too() -> None:
    """Rank 26 (GPU 2 by the arithmetic) erring a second after gpu-a-003 GPU 3's Xid 48: the driver logs every
    uncorrectable error as an Xid, and only GPU 3's was logged, so the rank's index is as much arithmetic as its node
    (stop 67, holdout132: a launcher labelling by node, "2:" read as hx03 GPU 2; this test said the opposite before).
    A rank's ECC error with no Xid anywhere stays on its own node (test_holdout130_134_methods.py)."""
    found = _xid48_then_rank(26)
    assert {u.key for u in found} == {found[0].key} and found[-1].culprit_node == "gpu-a-003"
