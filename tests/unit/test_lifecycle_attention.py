"""Every open incident stands in exactly one place for people (issue 23: held incidents dropped
out of "Needs you"): needs you, silenced, held or in hand, and the four add up to the open."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from actions.lifecycle import attention
from actions.lifecycle.attention import OpenFacts, Standing

facts = st.lists(
    st.builds(
        OpenFacts,
        incident=st.integers(1, 10_000),
        awaiting_approval=st.booleans(),
        escalated=st.booleans(),
        acknowledged=st.booleans(),
        silenced=st.booleans(),
        cluster_held=st.booleans(),
    ),
    unique_by=lambda f: f.incident,
    max_size=40,
)


@given(facts)
def test_the_standings_add_up_to_the_open_incidents(open_facts: list[OpenFacts]) -> None:
    by = attention.tally(open_facts)
    assert attention.open_incidents_add_up([f.incident for f in open_facts], by) is None
    needs = {f.incident for f in open_facts if f.awaiting_approval or (f.escalated and not f.acknowledged)}
    assert set(by[Standing.NEEDS_YOU]) == needs  # "Needs you" means what it meant before
    for f in open_facts:
        if f.cluster_held and f.incident not in needs and not f.silenced:
            assert f.incident in by[Standing.HELD]  # held on a held cluster, never nowhere


def test_an_acknowledged_incident_on_a_cluster_back_in_monitor_is_held_not_lost() -> None:
    f = OpenFacts(7, escalated=True, acknowledged=True, cluster_held=True)
    assert attention.standing(f) == Standing.HELD
    assert attention.standing(OpenFacts(8, escalated=True, cluster_held=True)) == Standing.NEEDS_YOU
    assert attention.standing(OpenFacts(9, escalated=True, acknowledged=True)) == Standing.IN_HAND


def test_counts_that_do_not_add_up_are_a_violation() -> None:
    by = {Standing.NEEDS_YOU: [1], Standing.HELD: [], Standing.SILENCED: [], Standing.IN_HAND: []}
    assert attention.open_incidents_add_up([1, 2], by) == (
        "2 open incidents, but 1 needs you + 0 silenced + 0 held + 0 in hand"
    )
