"""A stall right as an epoch ended, with no node singled out, is the program's (holdout10, blind: verl's
FSDP SFT trainer stops at every epoch transition; "Epoch 1/3: 100%| 1240/1240" was its last progress,
every rank then waited in the same collective; it was called a hang and requeued, to hang again there).

An inner loop at its total under an outer counter that goes on is an epoch's end; a stall whose last
progress was one, and that no rule ties to a node, is ``stall_at_epoch_end``: the owner told, no
requeue. A stall mid-epoch stays a hang; one at an epoch's end with a node named stays that node's.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors import phase as ph
from tests.unit.pipehelpers import job, log, pipeline, run, watchdog


def bar(epoch: int, epochs: int, done: int, total: int) -> str:
    return f"Epoch {epoch}/{epochs}: {100 * done // total}%|#####| {done}/{total} [52:42<00:00,  2.55s/it]"


def test_an_inner_loop_at_its_total_under_an_outer_one_that_goes_on_is_an_epochs_end() -> None:
    assert ph.loop_at_total(bar(1, 3, 1240, 1240)) and not ph.at_total(bar(1, 3, 1240, 1240))
    assert not ph.loop_at_total(bar(1, 3, 620, 1240))
    assert ph.at_total(bar(3, 3, 1240, 1240))  # the last epoch's end is training's (finishing), not this


def _stalled(
    epochs: int, total: int, stop_at: int, node_named: bool = False
) -> list[tuple[str, str, str | None]]:
    p = pipeline(job("12", "gpu-a-[005-006]"))
    events, t = [], 5.0
    for done in range(total // 10, stop_at + 1, total // 10):
        events.append(log(t, "12", bar(1, epochs, done, total)))
        t += 25.0
    if node_named:  # the ranks of gpu-a-005 report the timeout; those of gpu-a-006 never do
        events += [log(t + 900.0 + r * 0.01, "12", watchdog(r, 77)) for r in range(8)]
    run(p, events, until=t + 1000.0)
    return [(i.category, i.pattern, i.culprit_node) for i in p.incidents()]


@settings(max_examples=8, deadline=None)
@given(epochs=st.integers(2, 10), total=st.sampled_from([200, 1240, 5000]))
def test_a_stall_as_an_epoch_ended_is_the_programs(epochs: int, total: int) -> None:
    assert _stalled(epochs, total, total) == [("software", "stall_at_epoch_end", None)]


def test_mid_epoch_or_with_a_node_named_it_stays_a_hang() -> None:
    assert [c for c, _, _ in _stalled(3, 1240, 620)] == ["hang"]
    assert _stalled(3, 1240, 1240, node_named=True)[0][0::2] == ("hang", "gpu-a-006")
