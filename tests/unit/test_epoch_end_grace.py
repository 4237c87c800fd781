"""How long a silence after a full bar may last (issue 24: holdout5's DeepDeWedge hang and xDiT's hang after its last
prompt were found 600 s late, the teardown's grace, though each job had always gone on within 14 s and 4 s).

A counter at a total the job had reached and gone past before is an epoch's end as likely as training's, so the
silence after it is measured against the job's own longest epoch-to-epoch gap (``EPOCH_MULTIPLE`` times, never
below the hang floor, never above the teardown's grace). A full bar never passed before keeps the full grace.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors.phase import EPOCH_MULTIPLE, JobPhase
from tests.unit.pipehelpers import T0, job, log, pipeline, run
from tests.unit.test_epoch_bar_total import bar


@settings(max_examples=100, deadline=None)
@given(gaps=st.lists(st.floats(0.5, 400.0), min_size=0, max_size=5), grace=st.floats(60.0, 900.0))
def test_the_grace_is_the_jobs_own_epoch_gap_times_k_between_the_floor_and_the_teardowns(
    gaps: list[float], grace: float
) -> None:
    ph, t, step = JobPhase(0.0), 10.0, 0
    for gap in gaps:
        for done in (50, 100):
            step += 1
            ph.on_step(t, step, f"Epoch 1:  {done}%|#####| {done}/100 [00:10<00:10, 5.00it/s]")
            t += 5.0
        t += gap - 5.0  # the next epoch's first bar comes ``gap`` after the full one
    step += 1
    ph.on_step(t, step, "Epoch 9:  100%|#####| 100/100 [00:10<00:00, 5.00it/s]")
    want = grace if len(gaps) < 2 else min(grace, max(30.0, EPOCH_MULTIPLE * max(gaps[:-1] or [0.0])))
    # one full bar seen, or none passed yet: the full grace; else the job's own gap
    if len(gaps) >= 2:
        assert ph.total_restarted
    assert abs(ph.finish_grace(grace, 30.0) - want) < 1e-6


def _epochs_then_silence(epochs: int) -> list[float]:
    p = pipeline(job("9120", "gpu-a-[003-004]"))
    events, t = [], 5.0
    for e in range(epochs):
        for done in range(20, 201, 20):
            events.append(log(t, "9120", bar(11 + e, done, 200)))
            t += 14.0
    run(p, events, until=t + 700.0)
    return [i.detected_t - (T0 + t - 14.0) for i in p.incidents()]


def test_a_stall_at_an_epochs_end_is_raised_at_the_jobs_own_pace() -> None:
    [late] = _epochs_then_silence(3)
    assert late <= 75.0  # the step threshold (5 x 14 s); the epoch gap allows 4 x 14 s


def test_the_first_full_bar_keeps_the_teardowns_grace() -> None:
    [late] = _epochs_then_silence(1)
    assert late >= 600.0
