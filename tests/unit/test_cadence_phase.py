"""A job's own cadence, its phase, and "would a restart repeat it?" (pure core)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from incidents.attribution.incident import Incident, Mark, Verdict
from incidents.attribution.restart import assess_restart
from monitoring.detectors import phase as ph
from monitoring.detectors.cadence import CadenceConfig, CadenceTracker, template_of

CFG = CadenceConfig(multiple=4.0, floor_s=30.0, min_beats=5)

# Shapes no parser of monitoring.detectors.progress knows (each field: a counter or noise).
SHAPES = [
    "{{'loss': {noise:.4f}, 'learning_rate': {lr:.3e}, 'epoch': {counter:.2f}}}",
    "steps: {counter} loss: {noise:.4f} iter time (s): {noise:.3f} samples/sec: {noise:.2f}",
    "[trainer] ep 1 it {counter}/100000 loss {noise:.3f}",
    "e=0 b={counter} loss={noise:.4f} {noise:.1f} samples/s",
    "{counter} images done, {noise:.1f} img/s",
]


def _lines(shape: str, n: int, period: float, jitter: float, rng: random.Random) -> list[tuple[float, str]]:
    out, t = [], 100.0
    for i in range(1, n + 1):
        out.append((t, shape.format(counter=i * 7, noise=rng.uniform(0.5, 3.0), lr=5e-5 - i * 1e-8)))
        t += period * (1 + rng.uniform(-jitter, jitter))
    return out


def _fed(lines: list[tuple[float, str]], stream: int | None = None) -> CadenceTracker:
    cad = CadenceTracker(CFG)
    for t, line in lines:
        cad.see(t, stream, line)
    return cad


def test_the_template_masks_values_and_keeps_the_shape() -> None:
    a = template_of("{'loss': 1.2, 'learning_rate': 4.9e-05, 'epoch': 0.5}")
    b = template_of("{'loss': 0.93, 'learning_rate': 4.1e-05, 'epoch': 0.75}")
    assert a[0] == b[0] == "{'loss': <n>, 'learning_rate': <n>, 'epoch': <n>}"
    assert a[1] == (1.2, 4.9e-05, 0.5)


def test_a_bar_glyph_run_and_a_clock_are_no_part_of_the_shape() -> None:
    a = template_of("12%|█▏        | 120/1000 [01:02<07:30,  1.95it/s]")
    b = template_of("13%|█▎        | 130/1000 [01:07<07:25,  1.95it/s]")
    assert a[0] == b[0]
    assert a[1] == (12.0, 120.0, 1000.0)


@settings(max_examples=60, deadline=None)
@given(
    shape=st.sampled_from(SHAPES),
    n=st.integers(6, 60),
    period=st.floats(2.0, 120.0),
    jitter=st.floats(0.0, 0.3),
    seed=st.integers(0, 10_000),
)
def test_any_steady_cadence_broken_is_a_stall_within_k_periods(
    shape: str, n: int, period: float, jitter: float, seed: int
) -> None:
    lines = _lines(shape, n, period, jitter, random.Random(seed))
    stall = _fed(lines).stall()
    assert stall is not None
    last = lines[-1][0]
    assert stall.last_t == last
    # The learned period is the median interval: within the jitter of the true one.
    assert period * (1 - jitter) - 1e-6 <= stall.period <= period * (1 + jitter) + 1e-6
    assert stall.deadline <= last + max(4.0 * period * (1 + jitter), 30.0) + 1e-6


@settings(max_examples=60, deadline=None)
@given(
    shape=st.sampled_from(SHAPES),
    n=st.integers(6, 60),
    period=st.floats(2.0, 120.0),
    jitter=st.floats(0.0, 0.3),
    seed=st.integers(0, 10_000),
)
def test_never_a_stall_while_the_cadence_holds(
    shape: str, n: int, period: float, jitter: float, seed: int
) -> None:
    cad = CadenceTracker(CFG)
    for t, line in _lines(shape, n, period, jitter, random.Random(seed)):
        stall = cad.stall()
        assert stall is None or t < stall.deadline  # every beat arrives before the deadline
        cad.see(t, None, line)


def test_no_cadence_is_learned_from_too_few_lines_slow_start() -> None:
    lines = _lines(SHAPES[0], CFG.min_beats - 1, 15.0, 0.0, random.Random(1))
    assert _fed(lines).stall() is None


def test_a_heartbeat_that_repeats_its_values_is_no_progress() -> None:
    lines = [(100.0 + 30 * i, "GPU memory in use: 71234 MiB of 81559 MiB") for i in range(20)]
    assert _fed(lines).stall() is None


def test_lines_whose_only_field_is_a_fresh_measurement_are_timed_by_it() -> None:
    # No counter anywhere ("loss 1.734" every 20 s): a new value up and down on every beat is a
    # measurement made per step, so the stream's beat is that line's (issue 24's holdout: found by
    # the NCCL watchdog at 1,800 s before, 84 s after).
    rng = random.Random(3)
    lines = [(100.0 + 20 * i, f"loss {rng.uniform(1, 2):.3f}") for i in range(30)]
    stall = _fed(lines).stall()
    assert stall is not None and 19.0 < stall.period < 21.0


def test_a_field_that_rarely_changes_is_no_measurement() -> None:
    lines = [(100.0 + 20 * i, f"GPU memory in use: {71234 + (i % 7 == 0)} MiB") for i in range(30)]
    assert _fed(lines).stall() is None


def test_a_measuring_line_never_hides_a_counter_that_stopped() -> None:
    rng = random.Random(4)
    cad = CadenceTracker(CFG)
    for i in range(1, 40):
        cad.see(100.0 + 10 * i, None, f"gpu util {rng.uniform(80, 99):.1f} %")  # a monitor thread, on and on
        if i < 20:
            cad.see(100.5 + 10 * i, None, f"steps: {i * 10} loss: 2.1")
    stall = cad.stall()
    assert stall is not None and stall.last_t == 100.5 + 10 * 19  # the counter's beat decides


def test_every_stream_must_be_silent_one_that_still_beats_keeps_the_job_alive() -> None:
    cad = CadenceTracker(CFG)
    for i in range(1, 30):
        cad.see(100.0 + 15 * i, 0, f"steps: {i * 10} loss: 2.1")
        if i < 20:
            cad.see(100.2 + 15 * i, 8, f"steps: {i * 10} loss: 2.1")
    stall = cad.stall()
    assert stall is not None and stall.streams == 2
    assert stall.last_t == 100.0 + 15 * 29  # the stream still beating decides


def test_several_ranks_printing_one_beat_in_one_stream_is_one_beat() -> None:
    cad = CadenceTracker(CFG)
    for i in range(1, 20):
        for r in range(8):
            cad.see(100.0 + 12 * i + r * 0.01, None, f"it {i} loss 1.{r}")
    stall = cad.stall()
    assert stall is not None and 11.0 < stall.period < 13.0


# --- phases ---------------------------------------------------------------------------------


def test_phases_follow_the_job_from_launch_to_the_end() -> None:
    p = ph.JobPhase(started=0.0)
    p.on_line(5.0)
    assert p.phase() == ph.LAUNCHING and p.describe()["before_first_step"] is True
    p.on_step(60.0, 10)
    assert p.phase() == ph.TRAINING
    p.on_checkpoint(70.0, "start", "Saving checkpoint to /ckpt/10")
    assert p.phase() == ph.CHECKPOINTING and p.describe()["ckpt_start_t"] == 70.0
    p.on_checkpoint(90.0, "done")
    assert p.phase() == ph.TRAINING and p.resumed_t == 90.0
    p.on_lifecycle(100.0, "busy")
    assert p.phase() == ph.EVALUATING
    p.on_step(120.0, 20, "it 100/100 loss 1.0")
    assert p.phase() == ph.FINISHING
    p.on_end()
    assert p.phase() == ph.FINISHED


def test_before_the_first_step_is_only_claimed_when_the_launch_was_seen() -> None:
    p = ph.JobPhase(started=0.0)
    p.on_line(7200.0)  # the log reached us two hours after the start
    assert p.phase() == ph.UNKNOWN and "before_first_step" not in p.describe()


def test_the_final_save_starts_the_finishing_phase() -> None:
    p = ph.JobPhase(started=0.0)
    p.on_step(10.0, 1)
    p.on_checkpoint(20.0, "start", "Saving final checkpoint to /ckpt/final")
    assert p.phase() == ph.FINISHING


def test_a_count_at_its_total_is_the_last_step() -> None:
    assert ph.at_total(" iteration   500000/  500000 | consumed samples: 1")
    assert ph.at_total("100%|██████████| 1000/1000 [10:00<00:00]")
    assert not ph.at_total("999/1000") and not ph.at_total("1/1 done")


# --- would a restart repeat it? --------------------------------------------------------------


def _incident(kind: str, phase: dict[str, object]) -> Incident:
    inc = Incident(key="k", detected_t=10.0, updated_t=10.0)
    inc.marks["m"] = Mark(kind, None, None, 10.0, "x", job="7", data={"phase": phase})
    return inc


def test_a_stall_after_training_finished_is_reported_not_requeued() -> None:
    v = Verdict("hang", None, None, 0.5, "hang", ())
    out, why = assess_restart(_incident("hang", {"phase": ph.FINISHING, "step": 400}), v)
    assert (out.category, out.pattern) == ("software", "stall_after_training_finished")
    assert "not requeued" in why[0] and "phase: finishing at step 400" in why[0]


def test_a_failure_before_the_first_step_of_a_fresh_start_is_deterministic() -> None:
    v = Verdict("network", None, None, 0.4, "nccl_remote_error", ())
    info = {"phase": ph.LAUNCHING, "step": None, "before_first_step": True}
    out, why = assess_restart(_incident("nccl_remote_error", info), v)
    assert (out.category, out.pattern) == ("software", "fails_before_first_step")
    assert "no requeue" in why[0]


def test_the_same_phase_and_step_as_the_attempt_before_our_restart_repeats() -> None:
    v = Verdict("hang", None, None, 0.5, "hang", ())
    info = {
        "phase": ph.TRAINING,
        "step": 1200,
        "previous": {"phase": ph.TRAINING, "step": 1200, "attempt": 0},
    }
    out, why = assess_restart(_incident("hang", info), v)
    assert out.pattern == "repeats_after_restart" and "attempt 0" in why[0]


def test_a_stall_inside_a_checkpoint_save_points_at_the_storage() -> None:
    v = Verdict("hang", None, None, 0.5, "hang", ())
    info = {"phase": ph.CHECKPOINTING, "step": 300, "ckpt_start_t": 5.0}
    out, why = assess_restart(_incident("hang", info), v)
    assert out.category == "infrastructure" and "storage" in why[0]


def test_hardware_evidence_keeps_its_verdict_and_says_why() -> None:
    v = Verdict("gpu_hardware", "n1", 3, 0.95, "xid:79", ())
    info = {"phase": ph.LAUNCHING, "step": None, "before_first_step": True}
    out, why = assess_restart(_incident("xid", info), v)
    assert out is v and "unlikely" in why[0]


def test_a_hang_in_training_keeps_its_verdict() -> None:
    v = Verdict("hang", "n2", None, 0.8, "hang", ())
    out, why = assess_restart(_incident("hang", {"phase": ph.TRAINING, "step": 50}), v)
    assert out is v and "not shown" in why[0]


def test_other_numeric_lines_during_the_silence_do_not_hide_the_stall() -> None:
    cad = _fed(_lines(SHAPES[1], 20, 15.0, 0.0, random.Random(2)))
    due = cad.stall()
    assert due is not None
    for i in range(10):  # a monitor thread keeps printing the same values
        cad.see(due.last_t + 20.0 * (i + 1), None, "GPU memory in use: 71234 MiB")
    again = cad.stall()
    assert again is not None and again.deadline == due.deadline


def test_a_trainer_that_changes_its_format_after_warmup_is_not_stalled() -> None:
    cad = _fed([(100.0 + 10 * i, f"warmup it {i} lr {i * 1e-6:.2e}") for i in range(1, 20)])
    before = cad.stall()
    assert before is not None
    for i in range(1, 4):  # the new format has not set a cadence of its own yet
        cad.see(before.last_t + 10.0 * i, None, f"step {i * 100} | loss 1.{i}")
    after = cad.stall()
    assert after is not None and after.last_t == before.last_t + 30.0


# --- holdout5: counters that restart are not the end (blind corpus, stop 36) -------------------


def test_an_inner_counter_at_its_total_under_an_outer_one_short_of_it_is_an_epochs_end() -> None:
    """MONAI's ``Epoch: 1/4, Iter: 1050/1050``: the epoch ended, the training did not."""
    assert not ph.at_total("2027-02-04 01:05:20,231 - INFO - Epoch: 1/4, Iter: 1050/1050 -- train_loss: 0.37")
    assert ph.at_total("Epoch: 4/4, Iter: 1050/1050 -- train_loss: 0.30")
    assert ph.at_total("epoch 3 | 1050/1050 batches")  # no outer total on the line: still the end


def test_a_step_counter_that_reached_its_total_and_went_on_was_not_the_end() -> None:
    """Lightning's per-epoch bar ``Epoch 11: 100%| 200/200``: the next epoch's steps show that was an
    epoch's end. The next full bar may be the last one (an inference job's last prompt looks the same),
    so a stall right after it stays ambiguous: reported, not requeued."""
    p = ph.JobPhase(started=0.0)
    p.on_step(10.0, 180, "Epoch 11:  90%|█████████ | 180/200 [02:05<00:14]")
    p.on_step(20.0, 200, "Epoch 11:  100%|██████████| 200/200 [02:19<00:00]")
    assert p.phase() == ph.FINISHING  # for all it knows yet, the last step
    p.on_step(30.0, 20, "Epoch 12:  10%|█         | 20/200 [00:14<02:05]")
    assert p.phase() == ph.TRAINING and p.finished_at is None
    p.on_checkpoint(35.0, "start", "Saving final checkpoint to /ckpt/final")
    p.on_step(40.0, 40, "Epoch 12:  20%|██        | 40/200 [00:28<01:51]")
    assert p.phase() == ph.FINISHING  # said, not inferred: steps after it do not undo it


def test_the_end_of_an_epoch_announces_the_work_between_epochs() -> None:
    from monitoring.detectors.progress import parse_lifecycle

    for line in (
        "2027-02-04 01:05:27,123 - INFO - Epoch[1] Complete. Time taken: 00:12:57",
        "End of epoch 3",
        "epoch 2 finished",
        "Epoch 4 done in 812 s",
        "EPOCH 5 COMPLETED",
    ):
        assert parse_lifecycle(line) == "busy", line
    for line in ("Epoch: 2/4, Iter: 10/1050 -- train_loss: 0.37", "epoch 3 loss 0.2 ended_flag", "epoch: 12"):
        assert parse_lifecycle(line) is None, line
