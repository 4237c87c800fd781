"""A job printing its progress in two forms is read by both (holdout10, blind: verl prints
``step:N - train/loss:...`` every 10 steps and a tqdm bar every 100; the job's stack was taken from the
first bar after three progress lines of any form, so only bars counted from then on and every gap
between two bars was a stall: 11 false alarms on a healthy stretch, and none after a restore, which
had forgotten the stack).

A job's stack is taken only when three progress lines in a row are that stack's.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.pipehelpers import job, log, pipeline, run


def _verl(step: int) -> str:
    return f"step:{step} - train/loss:0.61{step % 10} - train/lr(1e-3):0.010000"


def _bar(step: int, total: int) -> str:
    return f"Epoch 1/3:   {100 * step // total}%|#         | {step}/{total} [04:15<48:27,  2.55s/it]"


@settings(max_examples=10, deadline=None)
@given(every=st.integers(5, 12), bars_every=st.integers(3, 10), interval=st.floats(10, 40))
def test_a_healthy_job_with_two_progress_forms_raises_nothing(
    every: int, bars_every: int, interval: float
) -> None:
    p = pipeline(job("7", "gpu-a-[001-002]"))
    events, t = [], 10.0
    for n in range(1, 60):
        events.append(log(t, "7", _verl(n * every)))
        if n % bars_every == 0:
            events.append(log(t + 0.1, "7", _bar(n * every, 5000)))
        t += interval
    run(p, events, until=t)
    assert p.incidents() == []
