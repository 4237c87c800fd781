"""The ranks that fell behind a line every other rank printed (``rollcall``; holdout43's Levanter save that
h-07's process never finished): the node they run on is the one the others wait for, named as soon as the
job's next beat is overdue, not at five beats. A line some ranks print by design names no one.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors import rollcall as rc
from tests.unit.pipehelpers import job, log, pipeline, run

NODES = ["gpu-a-001", "gpu-a-002", "gpu-a-003", "gpu-a-004"]


def _node_of(rank: int) -> str | None:
    return NODES[rank // 2] if 0 <= rank < 8 else None


def _say(r: rc.RollCall, t: float, body: str, ranks: range | list[int]) -> None:
    for rank in ranks:
        r.see("7", t + 0.1 * rank, rank, body.format(rank=rank))


def test_the_node_whose_ranks_never_said_what_every_other_node_said_is_behind() -> None:
    r = rc.RollCall()
    _say(
        r, 0.0, "2026-12-01T10:00:{rank:02d} - {rank} - ckpt - Saving checkpoint to /ckpt/step-5000", range(8)
    )
    _say(
        r,
        70.0,
        "2026-12-01T10:01:{rank:02d} - {rank} - ckpt - Saved checkpoint for step 5000",
        [0, 1, 2, 3, 6, 7],
    )
    assert r.missed("7", 80.0, NODES, _node_of) is None  # too soon: the slowest of the others may follow
    m = r.missed("7", 130.0, NODES, _node_of)
    assert m is not None and (m.node, m.ranks, m.said_by) == ("gpu-a-003", (4, 5), 6)
    assert "Saved checkpoint for step 5000" in m.line
    r.see("7", 131.0, 5, "Saved checkpoint for step 5000")  # one of them spoke: not stuck before that line
    assert r.missed("7", 140.0, NODES, _node_of) is None


def test_a_line_some_ranks_print_by_design_names_no_one() -> None:
    r = rc.RollCall()
    _say(r, 0.0, "local rank 0 of node: loaded shard {rank}", [0, 2, 4, 6])  # one rank per node
    assert r.missed("7", 100.0, NODES, _node_of) is None
    _say(r, 200.0, "step 10 loss 2.31", range(8))
    _say(r, 300.0, "waiting for rank 0 to download the dataset", range(1, 8))  # rank 0 does the work
    assert r.missed("7", 400.0, NODES, _node_of) is None  # rank 0 never said it, and its node did


def test_every_rank_passed_or_two_nodes_missing_names_no_one() -> None:
    r = rc.RollCall()
    _say(r, 0.0, "step 10 loss 2.31", range(8))
    assert r.missed("7", 100.0, NODES, _node_of) is None
    _say(r, 120.0, "step 11 loss 2.30", [0, 1, 2, 3])  # two nodes behind: something they share
    assert r.missed("7", 200.0, NODES, _node_of) is None


def test_a_rank_that_said_the_line_last_round_and_not_this_one_is_behind() -> None:
    r = rc.RollCall()
    for k in range(3):
        _say(r, 200.0 * k, "epoch done, syncing buffers", range(8))
    _say(r, 600.0, "epoch done, syncing buffers", [0, 1, 2, 4, 5, 6, 7])  # rank 3 alone, its node's 2 said it
    m = r.missed("7", 700.0, NODES, _node_of)
    assert m is not None and (m.node, m.ranks) == ("gpu-a-002", (3,))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(range(8)), min_size=1, max_size=40), st.integers(0, 7))
def test_state_round_trips(order: list[int], skip: int) -> None:
    r = rc.RollCall()
    for i, rank in enumerate(order):
        r.see("7", float(i), rank, f"line {i % 3} of rank {rank}")
    _say(r, 100.0, "all ranks here", [k for k in range(8) if k != skip])
    again = rc.RollCall()
    again.load_state(r.to_state())
    assert again.missed("7", 200.0, NODES, _node_of) == r.missed("7", 200.0, NODES, _node_of)


def _events(saved_by: list[int]) -> list[dict[str, object]]:
    events = []
    for k in range(12):
        for rank in range(4):
            line = (
                f"{rank}: [2026-11-29 10:00:18] iteration {100 + k:8d}/  500000 | elapsed time per iteration "
                "(ms): 20000.0 |"
            )
            events.append(log(20.0 * k + 0.05 * rank, "7", line))
    for rank in range(4):
        events.append(log(230.0 + 0.05 * rank, "7", f"{rank}: saving checkpoint at iteration 111 to /ckpt"))
    for rank in saved_by:
        events.append(
            log(260.0 + 0.05 * rank, "7", f"{rank}: writing rank {rank} shard finished at iteration 111")
        )
    return events


def _hang(saved_by: list[int]) -> tuple[float, str | None] | None:
    p = pipeline(job("7", "gpu-a-[001-004]", tpn=1))
    ups = run(p, _events(saved_by), until=800.0)
    hangs = [u for u in ups if u.category == "hang"]
    return (hangs[0].detected_t - 1_800_000_000.0, hangs[-1].culprit_node) if hangs else None


def test_through_the_pipeline_the_node_behind_is_named_one_beat_after_the_others_went_on() -> None:
    found = _hang([0, 1, 3])
    assert found is not None
    t, node = found
    assert node == "gpu-a-003"
    assert t < 260.0 + 3 * 20.0  # one beat after the others' line, not five beats after the last step


def test_through_the_pipeline_every_rank_passing_names_no_node() -> None:
    found = _hang([0, 1, 2, 3])
    assert found is None or found[1] is None


def test_a_save_that_ended_on_every_other_node_starts_the_beat_from_its_end() -> None:
    """Megatron's own save lines: the save over on three nodes, never on gpu-a-003, the next step overdue one
    beat after the save's end (not five after the last step, 100 s)."""
    events = [e for e in _events([]) if "saving" not in str(e["line"])]
    for rank in range(4):
        events.append(
            log(230.0 + 0.05 * rank, "7", f"{rank}: saving checkpoint at iteration     111 to /ckpt")
        )
    for rank in (0, 1, 3):
        events.append(
            log(
                260.0 + 0.05 * rank,
                "7",
                f"{rank}:   successfully saved checkpoint at iteration     111 to /ckpt",
            )
        )
    p = pipeline(job("7", "gpu-a-[001-004]", tpn=1))
    hangs = [u for u in run(p, events, until=900.0) if u.category == "hang"]
    assert hangs and hangs[-1].culprit_node == "gpu-a-003"
    assert hangs[0].detected_t - 1_800_000_000.0 < 260.0 + 3 * 20.0
