"""A stall in or right after an evaluation is the program's, and the same work failing again in the same place
is the same incident (issue 24: holdout19, built blind: YOLACT stuck after its first mAP validation, the
owner's resubmission stuck there again, "a package in the environment"; holdout13, blind: a seq2seq job's
evaluation OOM after its owner's requeue, read as a second incident).

An evaluation runs at fixed steps: a stall there with no node singled out is a fixed point of the program,
as at an epoch's end. Its incident opens again (within ``REPEAT_WINDOW_S``) when another attempt of the job,
or the owner's resubmission (same user, same name), stops in the same phase; another phase, another
name, or hardware evidence is a new incident.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from incidents.attribution.correlate import REPEAT_WINDOW_S
from monitoring.detectors.schema import JobSpec
from tests.unit.pipehelpers import OPTED, T0, log, pipeline, run, slurm

GAP = 5400.0  # the first job's stall is cancelled 90 min in; the resubmission starts after it


def _spec(jid: str, name: str, node: str, started: float) -> JobSpec:
    return JobSpec(
        jid, name=name, user="luca", nodes=(node,), tasks_per_node=1, started=T0 + started, comment=OPTED
    )


def _attempt(jid: str, t0: float, evaluate: bool) -> list[dict[str, Any]]:
    lines = [
        log(t0 + 5.0 * i, jid, f"[{i:4d}] {i * 10} || B: 2.{i:03d} | C: 4.1 | M: 3.9 | T: 10.{i}")
        for i in range(40)
    ]
    if evaluate:
        lines.append(log(t0 + 201.0, jid, "Computing validation mAP (this may take a while)..."))
        lines.append(log(t0 + 220.0, jid, "   box |  2.37 |  4.02 |  3.90 |"))
    return lines


def _incidents(
    second_name: str, second_evaluates: bool, first_evaluates: bool = True, gap: float = GAP
) -> list:
    start2 = 300.0 + gap
    p = pipeline(_spec("1", "yolact", "gpu-a-004", 0.0), _spec("2", second_name, "gpu-a-002", start2))
    events = _attempt("1", 0.0, first_evaluates) + [
        slurm(300.0 + gap - 60, kind="job_state", job="1", state="CANCELLED by 1000")
    ]
    events += _attempt("2", start2, second_evaluates)
    run(p, events, until=start2 + 1200)
    return p.incidents()


def test_a_stall_right_after_an_evaluation_is_the_programs_and_one_after_a_step_is_a_hang() -> None:
    [after_eval, *_] = _incidents("other", False)
    assert (after_eval.category, after_eval.pattern, after_eval.culprit_node) == (
        "software",
        "stall_in_evaluation",
        None,
    )
    assert [r.action for r in after_eval.recommendations] == ["notify"]
    [mid, *_] = _incidents("other", False, first_evaluates=False)
    assert mid.category == "hang" and mid.culprit_node is None


@settings(max_examples=8, deadline=None)
@given(same_name=st.booleans(), same_place=st.booleans(), late=st.booleans())
def test_the_same_work_stuck_in_the_same_place_opens_its_incident_again(
    same_name: bool, same_place: bool, late: bool
) -> None:
    gap = REPEAT_WINDOW_S + 3600 if late else GAP
    incs = _incidents("yolact" if same_name else "detectron", same_place, gap=gap)
    one = same_name and same_place and not late
    assert len(incs) == (1 if one else 2), [(i.key, i.jobs, i.category) for i in incs]
    if one:
        assert list(incs[0].jobs) == ["1", "2"] and incs[0].category == "software"
