"""A bar at its total that the job had reached and gone past before is an epoch's end, not training's
(holdout5, blind: Lightning's per-epoch bar "Epoch 13: 100%| 200/200" then a stall, the NCCL watchdog
naming the ranks of one node that never reported; the full bar made it "training had finished", the
hang went unfound and the job was not requeued).

A stall right after a full bar stays ambiguous (it may be the last epoch's: reported, not requeued),
unless the collective names a node left behind and the bar's total had been reached and passed before:
then the node outranks the guess, as it does after a completed evaluation.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.pipehelpers import job, log, pipeline, run, watchdog


def bar(epoch: int, done: int, total: int) -> str:
    pct = 100 * done // total
    return f"Epoch {epoch}:  {pct}%|##########| {done}/{total} [02:19<00:00,  1.44it/s, loss=0.0200, v_num=3]"


def _stalled_after_full_bar(epochs: int, node_named: bool, total: int = 200) -> list[tuple[str, str | None]]:
    spec = job("9120", "gpu-a-[003-004]")
    p = pipeline(spec)
    events, t = [], 5.0
    for e in range(epochs):
        for done in range(total // 10, total + 1, total // 10):
            events.append(log(t, "9120", bar(11 + e, done, total)))
            t += 14.0
    if node_named:  # the ranks of gpu-a-003 report the timeout; those of gpu-a-004 never do
        events += [log(t + 1800.0 + r * 0.01, "9120", watchdog(r, 44)) for r in range(8)]
    run(p, events, until=t + 1900.0)
    return [(i.category, i.culprit_node) for i in p.incidents()]


@settings(max_examples=8, deadline=None)
@given(epochs=st.integers(2, 4))
def test_after_epochs_that_went_on_a_named_node_outranks_the_full_bar(epochs: int) -> None:
    assert _stalled_after_full_bar(epochs, node_named=True) == [("hang", "gpu-a-004")]


def test_a_stall_after_a_full_bar_stays_reported_when_nothing_names_a_node() -> None:
    # no collective evidence: it may be the last epoch's bar, so the stall is reported, not requeued
    assert _stalled_after_full_bar(3, node_named=False) == [("software", None)]
    # the first full bar ever seen: the job may well have ended there, named node or not
    assert _stalled_after_full_bar(1, node_named=True) == [("software", None)]
