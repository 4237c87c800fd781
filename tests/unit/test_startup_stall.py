"""A start-up that stopped is found from its own rhythm (holdout9, blind: Open-Sora stalled in a runtime
JIT build right after its progress bar drew 0/32425 and stayed silent 3 h 19 min; nothing was raised).

A silence before the first step past max(START_FLOOR_S, START_MULTIPLE x the start-up's longest gap
between lines) is a hang in the launching phase, which the phase turns into "fails before the first
step": the owner told, nothing requeued or drained. Not before that limit, not once a step was taken,
not when the start was not seen, and a bar at 0 is not a step.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from incidents.attribution.start_watch import START_FLOOR_S, START_MULTIPLE
from monitoring.detectors.schema import JobSpec
from tests.unit.pipehelpers import OPTED, T0, log, pipeline, run

START_LINES = (
    "[2024-07-15 13:25:30] Experiment directory created at /mnt/outputs/000-model",
    "[2024-07-15 13:26:35] Building dataset...",
    "[2024-07-15 13:30:01] Dataset contains 1037600 samples.",
    "[2024-07-15 13:32:09] Preparing for distributed training...",
    "[2024-07-15 13:32:11] Beginning epoch 0...",
)
BAR0 = "Epoch 0:   0%|          | 0/32425 [00:00<?, ?it/s]"


def _job(started: float = T0) -> JobSpec:
    return JobSpec(
        "9",
        name="video",
        user="ana",
        nodes=("vc-011", "vc-012"),
        tasks_per_node=8,
        started=started,
        comment=OPTED,
    )


def _run(gaps: list[float], silence: float, started: float = T0, bar: bool = True, step_after: bool = False):
    p = pipeline(_job(started))
    t, events = 30.0, []
    for gap, line in zip(gaps, START_LINES, strict=False):
        t += gap
        events.append(log(t, "9", line))
    if bar:
        events.append(log(t + 1, "9", BAR0))
        t += 1
    if step_after:
        events.append(log(t + 30, "9", "Epoch 0:   0%|          | 1/32425 [00:30<270:12:01,  30.00s/it]"))
    run(p, events, until=t + silence)
    return t, max([30.0, *gaps]), p.incidents()


@settings(max_examples=25, deadline=None)
@given(gaps=st.lists(st.floats(1, 400), min_size=1, max_size=5), over=st.floats(-600, 600))
def test_a_silent_start_up_is_raised_past_its_own_limit_and_not_before(
    gaps: list[float], over: float
) -> None:
    # the start-up's gaps: from the job's start to its first line (30 s + the first gap), then the rest
    limit = max(START_FLOOR_S, START_MULTIPLE * max([30.0 + gaps[0], *gaps[1:]]))
    silence = limit + over
    _, _, incs = _run(gaps, silence)
    if over < -2:
        assert incs == [], f"raised {over:.0f} s before the limit {limit:.0f} s"
    elif over > 2:
        assert [(i.category, i.pattern) for i in incs] == [("software", "fails_before_first_step")]
        assert {r.action for r in incs[0].recommendations}.isdisjoint({"requeue_job", "drain_node"})


def test_no_start_up_stall_once_a_step_was_taken_or_when_the_start_was_not_seen() -> None:
    assert _run([60.0, 200.0], 4 * START_FLOOR_S, step_after=True)[2] == []
    # the job was hours old when its first line reached us: it may well have trained
    assert _run([60.0, 200.0], 4 * START_FLOOR_S, started=T0 - 5 * 3600)[2] == []


def test_a_bar_at_zero_is_not_a_first_step() -> None:
    incs = _run([60.0], START_FLOOR_S + 60, bar=True)[2]
    assert [i.pattern for i in incs] == ["fails_before_first_step"]
