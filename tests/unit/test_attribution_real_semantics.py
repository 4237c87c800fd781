"""What real stacks' lines mean: ncclRemoteError, heartbeat-monitor hangs, saves longer than
the NCCL timeout, kernel-side filesystem evidence, a GPU heating away from its peers."""

from __future__ import annotations

from typing import Any

from tests.unit.pipehelpers import T0, job, kernel, log, pipeline, progress, run, slurm, watchdog

REMOTE = (
    "{r}: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/"
    "ProcessGroupNCCL.cpp:1347, remote process exited or there was a network error, NCCL version 2.18.5"
)
HEARTBEAT = (
    "[rank{r}]:[E ProcessGroupNCCL.cpp:1316] [PG 0 Rank {r}] Heartbeat monitor timed out! "
    "Process will be terminated after dumping debug info. workMetaList_.size()=1"
)
LUSTRE = (
    "[Tue Dec  1 08:03:22 2026] Lustre: jmain01-MDT0000-mdc-ffff88203810d800: Connection to jmain01-MDT0000 "
    "(at 172.31.126.88@o2ib) was lost; in progress operations using this service will wait for recovery to complete"
)


def _actions(inc: Any) -> list[dict[str, Any]]:
    return [r.to_dict() for r in inc.recommendations]


def test_ncclremoteerror_alone_is_never_the_applications_bug() -> None:
    # given a job whose ranks all report ncclRemoteError and then fail
    p = pipeline(job("1", "gpu-a-[001-004]"))
    events = progress("1", 0, 100) + [log(101, "1", REMOTE.format(r=r)) for r in (0, 8, 16)]
    events += [log(105, "1", "srun: error: gpu-a-001: tasks 0-7: Exited with exit code 1")]
    events += [slurm(106, kind="job_state", job="1", state="FAILED", exit_code="1:0")]
    run(p, events)
    [inc] = p.incidents()
    # then it is a network/peer fault with no culprit named: nothing drained, the opted-in job
    # restarts (as for any network fault without a named node), no owner told to fix code
    assert (inc.category, inc.culprit_node, inc.pattern) == ("network", None, "nccl_remote_error")
    assert _actions(inc) == [{"action": "requeue_job", "job": "1", "exclude": []}]


def test_a_hang_whose_one_node_dies_by_the_heartbeat_monitor_names_that_node() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"))
    events = progress("1", 0, 200) + [log(680, "1", HEARTBEAT.format(r=r)) for r in range(16, 24)]
    events += [log(682, "1", "srun: error: gpu-a-003: tasks 16-23: Aborted")]
    events += [
        log(
            683,
            "1",
            "gpu-a-001:1:2 [0] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer gpu-a-003<57557>",
        )
    ]
    events += [slurm(690, kind="job_state", job="1", state="FAILED", exit_code="134:0")]
    run(p, events)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("hang", "gpu-a-003")
    assert _actions(inc) == [{"action": "requeue_job", "job": "1", "exclude": ["gpu-a-003"]}]


def test_heartbeat_lines_from_every_node_name_no_one() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"))
    events = progress("1", 0, 200) + [log(680, "1", HEARTBEAT.format(r=r)) for r in range(0, 32, 4)]
    run(p, events)
    [inc] = p.incidents()
    assert inc.category == "hang" and inc.culprit_node is None


def test_a_collective_timeout_during_a_checkpoint_save_notifies_the_owner_and_requeues_nothing() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = progress("1", 0, 300) + [
        log(301, "1", "0: saving checkpoint at iteration     2000 to /ckpt in torch_dist format")
    ]
    events += [log(901, "1", watchdog(r, 7753)) for r in range(1, 16)]
    events += [slurm(910, kind="job_state", job="1", state="FAILED", exit_code="134:0")]
    run(p, events)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node, inc.pattern) == ("software", None, "timeout_during_checkpoint")
    assert [a["action"] for a in _actions(inc)] == ["notify"]


def test_the_same_timeout_after_a_finished_save_is_still_a_hang() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = progress("1", 0, 300) + [
        log(301, "1", "0: saving checkpoint at iteration     2000 to /ckpt in torch_dist format")
    ]
    events += [
        log(330, "1", "0:   successfully saved checkpoint from iteration     2000 to /ckpt [ t 1/8, p 1/1 ]")
    ]
    events += [log(931, "1", watchdog(r, 7753)) for r in range(1, 16)]
    run(p, events)
    [inc] = p.incidents()
    assert inc.category == "hang" and inc.pattern != "timeout_during_checkpoint"


def test_a_timeout_during_a_save_with_the_filesystem_down_is_infrastructure() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = progress("1", 0, 300) + [
        log(301, "1", "0: saving checkpoint at iteration     2000 to /ckpt in torch_dist format")
    ]
    events += [kernel(305, "gpu-a-001", LUSTRE)]
    events += [log(901, "1", watchdog(r, 7753)) for r in range(1, 16)]
    run(p, events)
    [inc] = p.incidents()
    assert inc.category == "infrastructure"
    assert not any(a["action"] in ("requeue_job", "drain_node") for a in _actions(inc))


def test_two_jobs_with_kernel_filesystem_evidence_on_disjoint_nodes_are_one_infrastructure_incident() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"), job("2", "gpu-a-[003-004]"))
    events = progress("1", 0, 200) + progress("2", 0, 205)
    events += [
        kernel(201 + i, n, LUSTRE) for i, n in enumerate(["gpu-a-001", "gpu-a-002", "gpu-a-003", "gpu-a-004"])
    ]
    run(p, events, until=400)
    live = [i for i in p.incidents() if not i.superseded_by]
    assert [(i.category, sorted(i.jobs)) for i in live] == [("infrastructure", ["1", "2"])]
    assert [a["action"] for a in _actions(live[0])] == ["escalate"]


def test_a_slow_jobs_stall_found_minutes_later_joins_the_storage_outage_its_kernel_saw_at_once() -> None:
    # job 2 prints every 90 s, so its stall is found minutes after job 1's (outside the 120-s
    # window of detections); all four nodes lost the same MDT within 3 s (holdout5's FSx thread)
    p = pipeline(job("1", "gpu-a-[001-002]"), job("2", "gpu-a-[003-004]"))
    events = progress("1", 0, 1000, every=30.0) + progress("2", 0, 1000, every=90.0)
    events += [
        kernel(1001 + i, n, LUSTRE)
        for i, n in enumerate(["gpu-a-001", "gpu-a-002", "gpu-a-003", "gpu-a-004"])
    ]
    run(p, events, until=2200)
    live = [i for i in p.incidents() if not i.superseded_by]
    assert [(i.category, sorted(i.jobs)) for i in live] == [("infrastructure", ["1", "2"])]
    assert [a["action"] for a in _actions(live[0])] == ["escalate"]
    assert live[0].updated_t - live[0].detected_t > 120  # the case: job 2 joined minutes later


GPFS_LOST = "Mon Jun 25 16:11:21 2018: Lost membership in cluster {}. Unmounting file systems."  # IBM docs


def test_two_jobs_whose_nodes_lost_gpfs_membership_are_one_infrastructure_incident() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"), job("2", "gpu-a-[003-004]"))
    events = progress("1", 0, 200) + progress("2", 0, 205)
    nodes = ["gpu-a-001", "gpu-a-002", "gpu-a-003", "gpu-a-004"]
    events += [kernel(201 + i, n, GPFS_LOST.format("scale01.example")) for i, n in enumerate(nodes)]
    run(p, events, until=400)
    live = [i for i in p.incidents() if not i.superseded_by]
    assert [(i.category, sorted(i.jobs)) for i in live] == [("infrastructure", ["1", "2"])]
    assert [a["action"] for a in _actions(live[0])] == ["escalate"]


def test_jobs_on_two_different_gpfs_clusters_stay_two_incidents() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"), job("2", "gpu-a-[003-004]"))
    events = progress("1", 0, 200) + progress("2", 0, 205)
    events += [kernel(201, "gpu-a-001", GPFS_LOST.format("scale01.example"))]
    events += [kernel(202, "gpu-a-003", GPFS_LOST.format("scale02.example"))]
    run(p, events, until=400)
    live = [i for i in p.incidents() if not i.superseded_by]
    assert sorted(tuple(i.jobs) for i in live) == [("1",), ("2",)]
    assert {i.category for i in live} == {"infrastructure"}


def test_kernel_filesystem_lines_under_a_healthy_job_raise_nothing() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = progress("1", 0, 400) + [kernel(200, "gpu-a-001", LUSTRE)]
    run(p, events)
    assert p.incidents() == []


def _gpu(t: float, node: str, gpu: int, temp: float) -> dict[str, Any]:
    f = {"DCGM_FI_DEV_SM_CLOCK": 1980, "DCGM_FI_DEV_GPU_TEMP": temp, "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": 0}
    return {"t": T0 + t, "source": "gpu", "node": node, "gpu": gpu, "fields": f}


def _samples(temp_of: Any, t1: float = 300.0) -> list[dict[str, Any]]:
    out, t = [], 0.0
    while t < t1:
        out += [_gpu(t, n, g, temp_of(t, n, g)) for n in ("gpu-a-001", "gpu-a-002") for g in range(8)]
        t += 15.0
    return out


def test_a_gpu_heating_away_from_its_still_peers_is_named_before_it_throttles() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    hot = ("gpu-a-002", 5)

    def temp(t: float, n: str, g: int) -> float:
        return 60.0 + (min(max(t - 150.0, 0.0), 60.0) * 0.4 if (n, g) == hot else 0.0)

    run(p, progress("1", 0, 300) + _samples(temp))
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node, inc.culprit_gpu) == ("gpu_degraded", "gpu-a-002", 5)
    assert inc.detected_t <= T0 + 150 + 60


def test_a_whole_job_warming_up_together_raises_nothing() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    run(p, progress("1", 0, 300) + _samples(lambda t, n, g: 45.0 + min(t, 120.0) * 0.25))
    assert p.incidents() == []


def test_a_gpu_that_always_runs_hot_raises_nothing() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    run(p, progress("1", 0, 300) + _samples(lambda t, n, g: 82.0 if (n, g) == ("gpu-a-001", 2) else 64.0))
    assert p.incidents() == []


def test_the_heating_rule_survives_the_pipeline_being_restored_from_its_state_every_tick() -> None:
    """Live, a worker that did not save the pipeline itself restores it from JSON each tick: the rule's
    minute of temperature history must be in that state, and the mark says when the heating showed."""
    import json

    from actions.pipeline import Pipeline

    p = pipeline(job("1", "gpu-a-[001-002]"))
    hot = ("gpu-a-002", 5)

    def temp(t: float, n: str, g: int) -> float:
        return 60.0 + (min(max(t - 150.0, 0.0), 60.0) * 0.4 if (n, g) == hot else 0.0)

    events = sorted(progress("1", 0, 300) + _samples(temp), key=lambda e: e["t"])
    tick = T0
    while events:
        batch = [e for e in events if e["t"] < tick + 2.0]
        events = events[len(batch) :]
        p.feed(batch, tick + 2.0)
        p = Pipeline.from_state(json.loads(json.dumps(p.to_state())))  # what another worker would load
        tick += 2.0
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node, inc.culprit_gpu) == ("gpu_degraded", "gpu-a-002", 5)
    assert inc.detected_t <= T0 + 150 + 60
    assert inc.first_signal_t is not None and T0 + 150 < inc.first_signal_t < inc.detected_t
