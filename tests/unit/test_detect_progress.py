"""Progress lines of each stack, hang deadlines, stragglers, checkpoint saves."""

from __future__ import annotations

import re

from monitoring.detectors.progress import (
    ProgressLine,
    ProgressTracker,
    custom_pattern,
    parse_checkpoint,
    parse_progress,
)

MEGATRON = (
    "31:  [2026-11-29 10:00:18] iteration    11710/  500000 | consumed samples:     11991040 | "
    "elapsed time per iteration (ms): 1839.1 | learning rate: 2.996E-04 |"
)
NEMO = (
    "Epoch 0: |          | 6030/? [22:12<00:00, 1.10it/s, v_num=0, reduced_train_loss=2.29, "
    "global_step=6.03e+3, consumed_samples=6.17e+6, train_step_timing in s=0.907]"
)
TITAN = "[rank0]:[titan] 2026-11-27 18:45:07,468 - root - INFO - step: 23320  loss:  1.9972  memory: 57.42GiB(72.59%)  tps: 3,406  mfu: 44.92%"


def test_megatron_iteration_line() -> None:
    assert parse_progress(MEGATRON) == ProgressLine(11710, 1.8391)


def test_nemo_progress_bar() -> None:
    assert parse_progress(NEMO) == ProgressLine(6030, 0.907)


def test_torchtitan_step_line_with_colours() -> None:
    p = parse_progress(TITAN)
    assert p is not None and p[0] == 23320 and p[1] is not None
    coloured = "\x1b[31mstep: \x1b[32m 10  \x1b[33mloss:  7.9  \x1b[34mtps: 1,234"
    assert parse_progress(coloured) == ProgressLine(10, 1 / 1234)


def test_deepspeed_and_tqdm() -> None:
    assert parse_progress("[Rank 0] step=100, skipped=0, lr=[0.0001]") == ProgressLine(100, None)
    assert parse_progress(" 5%|5         | 50/1000 [00:50<15:50,  1.00s/it]") == ProgressLine(50, 1.0)


def test_paths_and_checkpoint_names_are_not_progress() -> None:
    assert (
        parse_progress("[rank0]: OSError: [Errno 116] Stale file handle: '/ckpt/x-epoch=0-step=5100.ckpt'")
        is None
    )
    assert parse_progress("wandb: WARNING Step cannot be set when using syncing with tensorboard.") is None
    assert parse_progress("[rank0]:[titan] - root - INFO - Loading the checkpoint at step 600.") is None


def test_a_job_can_bring_its_own_progress_regex() -> None:
    pattern = custom_pattern(
        '{"recovery": {"max_requeues": 1, "progress_regex": "batch (?P<step>\\\\d+) took (?P<time>[\\\\d.]+)s"}}'
    )
    assert isinstance(pattern, re.Pattern)
    assert parse_progress("batch 77 took 1.5s", pattern) == ProgressLine(77, 1.5)
    assert custom_pattern('{"recovery": {"progress_regex": "(["}}') is None


def test_checkpoint_lines() -> None:
    assert parse_checkpoint("0: saving checkpoint at iteration    9000 to /lustre/ckpt/4106") == (
        "start",
        9000,
    )
    assert parse_checkpoint("0:   successfully saved checkpoint from iteration    9000 to /lustre/ckpt") == (
        "done",
        9000,
    )
    assert parse_checkpoint(
        "[titan] INFO - Finished saving the checkpoint (or staging if async is enabled)in 52.31 seconds."
    ) == ("done", None)
    assert parse_checkpoint("0:  loading checkpoint from /lustre/ckpt/4105 at iteration 12000") is None
    assert (
        parse_checkpoint("/usr/lib/python3/torch/utils/checkpoint.py:295: FutureWarning: deprecated") is None
    )


def _feed(tr: ProgressTracker, times: list[float], step_time: float = 1.0) -> None:
    for i, t in enumerate(times):
        tr.on_progress(t, ProgressLine(i + 1, step_time))


def test_hang_deadline_is_five_median_intervals_or_30s() -> None:
    tr = ProgressTracker()
    _feed(tr, [0, 10, 20, 30, 40])
    assert tr.hang_deadline(5, 30, 3, 900) == 40 + 50
    fast = ProgressTracker()
    _feed(fast, [0, 1, 2, 3])
    assert fast.hang_deadline(5, 30, 3, 900) == 3 + 30


def test_no_deadline_before_a_baseline_exists() -> None:
    tr = ProgressTracker()
    _feed(tr, [0, 10])
    assert tr.hang_deadline(5, 30, 3, 900) is None


def test_a_checkpoint_save_pauses_the_hang_clock() -> None:
    tr = ProgressTracker()
    _feed(tr, [0, 10, 20, 30])
    tr.on_checkpoint(31, "start", 4)
    assert tr.hang_deadline(5, 30, 3, 900) == 31 + 900
    tr.on_checkpoint(60, "done", 4)
    assert tr.ckpt == (60, 4)
    tr.on_progress(70, ProgressLine(5, 1.0))
    assert tr.intervals[-1] == 10  # the interval spanning the save was not counted


def test_straggler_after_five_slow_lines_in_a_row() -> None:
    tr = ProgressTracker()
    results = []
    for i in range(30):
        tr.on_progress(float(i), ProgressLine(i + 1, 1.0 if i < 20 else 1.5))
        results.append(tr.check_straggler(1.2, 5))
    fired = [i for i, r in enumerate(results) if r is not None]
    assert fired == [24]


def test_tracker_state_round_trips() -> None:
    tr = ProgressTracker()
    _feed(tr, [0, 10, 20, 30])
    tr.on_checkpoint(35, "done", 4)
    again = ProgressTracker.from_state(tr.to_state())
    assert again.hang_deadline(5, 30, 3, 900) == tr.hang_deadline(5, 30, 3, 900)
    assert again.ckpt == (35, 4)


def test_training_finished_lines_stop_the_hang_watch() -> None:
    from monitoring.detectors.progress import parse_lifecycle

    for line in (
        "[rank0]:[titan] 2026-11-28 07:35:56,099 - root - INFO - Training completed",
        "0: [after training is done] datetime: 2026-11-29 10:00:00",
        "`Trainer.fit` stopped: `max_steps=1000` reached.",
    ):
        assert parse_lifecycle(line) == "finished", line
    tr = ProgressTracker()
    _feed(tr, [0, 10, 20, 30])
    tr.on_lifecycle(31, "finished")
    assert tr.hang_deadline(5, 30, 3, 900) is None


def test_evaluation_lines_keep_the_clock_alive() -> None:
    from monitoring.detectors.progress import parse_lifecycle

    assert parse_lifecycle("0: validation loss at iteration 1000 | lm loss value: 2.0E+00 |") == "busy"
    assert parse_lifecycle("wandb: WARNING Please log your step values as a metric") is None
    tr = ProgressTracker()
    _feed(tr, [0, 10, 20, 30])
    tr.on_lifecycle(70, "busy")
    assert tr.hang_deadline(5, 30, 3, 900) == 70 + 50
