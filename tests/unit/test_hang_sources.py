"""What a stall's own sources say about where it is: one node's collective, no collective at all, or
a loop that had finished.

PyTorch lines follow ProcessGroupNCCL.cpp's strings (the watchdog's timeout, the heartbeat
monitor's ``Heartbeat monitor timed out! ... workMetaList_.size()=N``); the end of a Hugging Face
Trainer run is its ``train_runtime`` metrics dict (``speed_metrics("train", ...)``).
"""

from __future__ import annotations

from tests.unit.pipehelpers import job, log, megatron, pipeline, run, watchdog


def _progress(jid: str, start: int, end: int) -> list[dict]:
    return [log(float(t), jid, megatron(t)) for t in range(start, end)]


def _heartbeat(rank: int, pending: int) -> str:
    return (
        f"[rank{rank}]:[E1129 10:30:00.1 ProcessGroupNCCL.cpp:1316] [PG 0 Rank {rank}] Heartbeat monitor "
        f"timed out! Process will be terminated after dumping debug info. workMetaList_.size()={pending}"
    )


def test_a_collective_timeout_in_a_one_node_job_excludes_that_node_and_drains_nothing() -> None:
    p = pipeline(job("1", "gpu-a-005", tpn=8))
    run(p, _progress("1", 0, 30) + [log(700, "1", watchdog(6, 1234))])
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("hang", "gpu-a-005")
    assert [r.to_dict() for r in inc.recommendations] == [
        {"action": "requeue_job", "job": "1", "exclude": ["gpu-a-005"]}
    ]


def test_a_stuck_watchdog_alone_in_a_one_node_job_names_no_node() -> None:
    p = pipeline(job("1", "gpu-a-005", tpn=8))
    run(p, [log(700, "1", _heartbeat(2, 3))])
    [inc] = p.incidents()
    assert inc.culprit_node is None


def test_heartbeat_reports_with_no_collective_in_flight_are_the_programs_stall() -> None:
    p = pipeline(job("1", "gpu-a-[005-006]", tpn=8))
    run(p, [log(700, "1", _heartbeat(1, 0)), log(700.1, "1", _heartbeat(9, 0))])
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node, inc.pattern) == ("software", None, "stalled_outside_collectives")
    assert [r.to_dict()["action"] for r in inc.recommendations] == ["notify"]


def test_heartbeat_reports_with_collectives_in_flight_stay_a_hang() -> None:
    p = pipeline(job("1", "gpu-a-[005-006]", tpn=8))
    run(p, [log(700, "1", _heartbeat(1, 2)), log(700.1, "1", _heartbeat(9, 0))])
    [inc] = p.incidents()
    assert inc.category == "hang"


def test_a_silence_after_the_trainers_run_metrics_is_no_hang() -> None:
    p = pipeline(job("1", "gpu-a-[005-006]", tpn=8))
    done = (
        "{'train_runtime': 812.31, 'train_samples_per_second': 9.8, 'train_steps_per_second': 0.61, "
        "'train_loss': 1.23, 'epoch': 3.0}"
    )
    run(p, _progress("1", 0, 60) + [log(60.5, "1", done)], until=200)
    assert p.incidents() == []


def test_an_evaluation_counted_to_its_total_with_nothing_after_it_is_the_jobs_last_loop() -> None:
    from monitoring.detectors import phase as ph

    p = ph.JobPhase(0.0)
    p.on_step(10.0, 500, "iteration 500/ 9000")
    p.on_lifecycle(20.0, "busy", "Evaluating: 100%|##########| 40/40 [00:10<00:00]")
    assert p.phase() == ph.FINISHING
    p.on_step(30.0, 501, "iteration 501/ 9000")  # training went on: that evaluation was not the end
    assert p.phase() == ph.TRAINING
    p.on_lifecycle(40.0, "busy", "Evaluating: 100%|##########| 40/40 [00:10<00:00]")
    p.on_checkpoint(41.0, "start", "saving checkpoint at iteration 501")  # a save follows: still working
    assert p.phase() == ph.CHECKPOINTING


def _evaluation(jid: str, start: float) -> list[dict]:
    bar = [log(start + t, jid, f"Evaluating: {t * 10}%|#| {t}/10 [00:0{t}<00:01]") for t in range(1, 10)]
    return bar + [log(start + 10, jid, "Evaluating: 100%|##########| 10/10 [00:10<00:00]")]


def test_a_stall_after_the_last_evaluation_is_the_owners() -> None:
    p = pipeline(job("1", "gpu-a-[005-006]", tpn=8))
    run(p, _progress("1", -60, 0) + _evaluation("1", 0), until=200)
    [inc] = p.incidents()
    assert (inc.category, inc.pattern) == ("software", "stall_after_training_finished")
    assert [r.to_dict()["action"] for r in inc.recommendations] == ["notify"]


def test_training_counted_to_its_total_gets_the_teardown_grace_first() -> None:
    p = pipeline(job("1", "gpu-a-[005-006]", tpn=8))
    steps = [log(float(t), "1", f"Train: {t}%|#| {t}/100 [00:{t:02d}<00:10, 1.0it/s]") for t in range(1, 101)]
    run(p, steps, until=300)
    assert p.incidents() == []  # a final save and the teardown may take minutes
    run(p, [], until=800)
    [inc] = p.incidents()
    assert (inc.category, inc.pattern) == ("software", "stall_after_training_finished")


def test_after_an_evaluation_a_collective_that_names_a_node_outranks_the_guess() -> None:
    p = pipeline(job("1", "gpu-a-[005-006]", tpn=8))
    timeouts = [log(700 + r * 0.01, "1", watchdog(r, 900)) for r in range(8)]  # gpu-a-006's ranks never do
    run(p, _progress("1", -60, 0) + _evaluation("1", 0) + timeouts)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("hang", "gpu-a-006")


def _dump(rank: int, enqueued: int, completed: int) -> str:
    # ProcessGroupNCCL's heartbeat monitor answering the dump signal (2.3+)
    return (
        f"[rank{rank}]:[E1129 10:30:00.2 ProcessGroupNCCL.cpp:1270] [PG 0 (default_pg) Rank {rank}] Received a "
        "dump signal due to a collective timeout from rank 3 and we will try our best to dump the debug "
        f"info. Last enqueued NCCL work: {enqueued}, last completed NCCL work: {completed}.This is most likely "
        "caused by incorrect usages of collectives"
    )


def test_without_watchdog_timeouts_the_node_that_never_answered_the_dump_signal_is_the_suspect() -> None:
    p = pipeline(job("1", "gpu-a-[001-003]", tpn=8))
    lines = [log(700 + r * 0.01, "1", _dump(r, 1201, 1200)) for r in range(16)]  # gpu-a-003 stays silent
    lines += [log(701 + r * 0.01, "1", _heartbeat(r, 1)) for r in (0, 9)]
    run(p, _progress("1", 0, 30) + lines)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("hang", "gpu-a-003")
    assert any("none of gpu-a-003's did" in e for e in inc.evidence)


def test_without_watchdog_timeouts_the_node_whose_ranks_stand_behind_is_the_suspect() -> None:
    p = pipeline(job("1", "gpu-a-[001-003]", tpn=8))
    lines = [log(700 + r * 0.01, "1", _dump(r, 1201, 1199 if 8 <= r < 16 else 1200)) for r in range(24)]
    lines += [log(701 + r * 0.01, "1", _heartbeat(r, 1)) for r in (0, 20)]
    run(p, _progress("1", 0, 30) + lines)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("hang", "gpu-a-002")
