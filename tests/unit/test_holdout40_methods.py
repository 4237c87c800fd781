"""Methods from holdout40 (blind, issue 24), each tested on lines other than the corpus's.

- A job that prints in bursts (each rank's bar within seconds, every few minutes) is silent between bursts by
  design: the stall is judged against the gap between its bursts, not against the lines within one.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors.schema import JobSpec
from tests.unit.pipehelpers import OPTED, T0, log, pipeline, run


def _bursts(n: int, every: float, ranks: int) -> list[dict[str, object]]:
    out = []
    for b in range(n):
        for r in range(ranks):
            step = 100 * (b + 1) + r
            out.append(
                log(
                    10.0 + every * b + 0.4 * r,
                    "61",
                    f"Epoch 1 train loop on rank={r}:   {step * 100 // 3954}%|\u258c         | {step}/3954 "
                    "[02:59<46:56,  1.32it/s]",
                )
            )
    return out


@settings(max_examples=8, deadline=None)
@given(every=st.sampled_from([90.0, 150.0, 240.0]), ranks=st.integers(2, 8))
def test_a_job_printing_in_bursts_is_not_stalled_between_them(every: float, ranks: int) -> None:
    p = pipeline(
        JobSpec("61", "mlpf", "ann", ("gpu-a-005",), tasks_per_node=ranks, started=T0, comment=OPTED)
    )
    events = _bursts(12, every, ranks)
    last = 10.0 + every * 11 + 0.4 * (ranks - 1)
    run(p, events, until=last + every * 2.0 + 60.0)
    # Once the rhythm is learned (after a few bursts; the first pause is a stall by the lines within a burst,
    # which is all there is to go by), nothing between bursts; two bursts missed: a stall.
    [inc] = [i for i in p.incidents() if i.detected_t > T0 + 10.0 + every * 3]
    assert inc.detected_t >= T0 + last + every * 1.5
    assert inc.category in ("hang", "software") and any("bursts" in e for e in inc.evidence)


def test_a_steady_job_keeps_its_short_threshold() -> None:
    p = pipeline(JobSpec("62", "tr", "ann", ("gpu-a-006",), tasks_per_node=1, started=T0, comment=OPTED))
    events = [
        log(2.0 * i, "62", f"iteration {i}/90000 | loss 2.1 | elapsed time per iteration (ms): 2000.0")
        for i in range(1, 200)
    ]
    run(p, events, until=398.0 + 45.0)
    [inc] = p.incidents()
    assert inc.detected_t <= T0 + 398.0 + 40.0
