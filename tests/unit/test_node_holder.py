"""Who holds each node, and whether its reason says node or user problem (issue 23)."""

from __future__ import annotations

import pytest

from actions.lifecycle.holder import holder


@pytest.mark.parametrize(
    ("state", "reason", "ours", "lemon", "label"),
    [
        ("IDLE", "", False, False, "in service"),
        (
            "DRAIN",
            "recovery: incident 12 - GPU hardware GPU 3 (xid:79)",
            True,
            False,
            "the controller (node problem)",
        ),
        ("DRAIN", "recovery: drained by otto: flaky IB port", True, False, "operator otto (node problem)"),
        (
            "DRAIN",
            "NHC: check_hw_ib: No IB port found",
            False,
            False,
            "NHC (node health check) (node problem)",
        ),
        (
            "DRAIN",
            "Kill task failed",
            False,
            False,
            "someone else (an admin or a site script) (user problem)",
        ),
        (
            "DRAIN",
            "swapping DIMM, ticket 4411",
            False,
            False,
            "someone else (an admin or a site script) (node problem)",
        ),
        (
            "DRAIN",
            "recovery: incident 3 - GPU hardware (xid:79)",
            True,
            True,
            "held as a lemon (RMA) (node problem)",
        ),
        ("DOWN", "", False, False, "Slurm (no reason given)"),
    ],
)
def test_who_holds_the_node_in_the_operators_words(state, reason, ours, lemon, label) -> None:  # type: ignore[no-untyped-def]
    assert holder(state, reason, ours, lemon).label == label
