"""A storm of corrected memory errors on one node (issue 24: holdout4's failing DIMM, found only by Slurm).

EDAC's corrected-error lines (``EDAC MC%d: %d CE ...``, the count first) are routine one by one; a node
whose count within ``WINDOW_S`` reaches ``STORM_COUNT`` has a module failing while it still corrects: a
node fault (drain, requeue its job elsewhere), raised once, and a trickle never is.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors import ce_storm
from monitoring.detectors.ce_storm import CorrectedStorm
from tests.unit.pipehelpers import T0, job, kernel, log, megatron, pipeline, run

LINE = (
    "[Tue Jan  5 02:56:46 2027] EDAC MC1: {n} CE memory read error on CPU_SrcID#0_Ha#0_Chan#1_DIMM#0 "
    "(channel:1 slot:0 page:0x2031c14 offset:0x940 grain:32 syndrome:0x0 -  OVERFLOW area:DRAM)"
)


@settings(max_examples=200, deadline=None)
@given(
    reports=st.lists(st.tuples(st.floats(0.5, 400.0), st.integers(1, 400)), min_size=1, max_size=60),
    handover=st.booleans(),
)
def test_raised_exactly_when_a_window_first_holds_the_storm_count(
    reports: list[tuple[float, int]], handover: bool
) -> None:
    w, t, seen, raised = CorrectedStorm(), 0.0, [], []
    for gap, n in reports:
        t += gap
        if handover:
            w2 = CorrectedStorm()
            w2.load_state(w.to_state())
            w = w2
        got = w.on_corrected("n1", t, n)
        seen.append((t, n))
        in_window = sum(c for s, c in seen if s >= t - ce_storm.WINDOW_S)
        want = not raised and in_window >= ce_storm.STORM_COUNT
        assert (got is not None) == want, (t, in_window, raised)
        if got is not None:
            assert got == in_window
            raised.append(t)
            seen.clear()


def test_a_trickle_for_a_day_is_never_a_storm() -> None:
    w = CorrectedStorm()
    # 10 corrected errors every 10 s: 600 in every 10 minutes, for 24 h
    assert all(w.on_corrected("n1", float(t), 10) is None for t in range(0, 86400, 10))


def test_a_storm_on_a_node_running_a_job_is_that_nodes_fault() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"))
    steps = [log(10.0 * i, "1", megatron(100 + i)) for i in range(1, 30)]
    storm = [kernel(100.0 + 4 * i, "gpu-a-003", LINE.format(n=262)) for i in range(8)]
    run(p, [*steps, *storm], until=290)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("node_failure", "gpu-a-003")
    assert inc.detected_t - (T0 + 112.0) <= 1.0  # the 4th report: 1048 corrected errors
    assert [(r.action, r.node or r.job) for r in inc.recommendations] == [
        ("drain_node", "gpu-a-003"),
        ("requeue_job", "1"),
    ]


def test_a_few_corrected_errors_raise_nothing() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"))
    steps = [log(10.0 * i, "1", megatron(100 + i)) for i in range(1, 30)]
    few = [kernel(100.0 + 30 * i, "gpu-a-003", LINE.format(n=3)) for i in range(6)]
    run(p, [*steps, *few], until=290)
    assert p.incidents() == []
