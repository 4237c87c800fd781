"""The recommendation's and the incident's lifecycles as pure tables (issue 23): who may cause each
move, the guards, and the history check the soak and ``check_invariants`` run.

The tables replaced two literal dicts (``REC_TRANSITIONS``, ``INCIDENT_TRANSITIONS``); the first
tests pin that the moves allowed are exactly the old ones, so what changed is only *who* may
make each move and with what reason. Then random walks: every history made of moves the leaf
accepts passes the history check, and every recorded move the leaf would refuse is reported.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from actions.choices import REC_TRANSITIONS, RecStatus
from actions.lifecycle import recommendation as rec
from actions.lifecycle.node import Actor
from incidents import lifecycle as inc
from incidents.choices import INCIDENT_TRANSITIONS, IncidentStatus

R = rec.Status
I = inc.Status  # noqa: E741

# The literal tables as they were before the lifecycles (stop 33): the moves must not change.
OLD_REC = {
    R.PROPOSED: {R.AWAITING_APPROVAL, R.APPROVED, R.BLOCKED, R.EXPIRED, R.SUPERSEDED, R.REJECTED},
    R.AWAITING_APPROVAL: {R.APPROVED, R.REJECTED, R.EXPIRED, R.SUPERSEDED, R.BLOCKED},
    R.BLOCKED: {R.AWAITING_APPROVAL, R.REJECTED, R.EXPIRED, R.SUPERSEDED},
    R.APPROVED: {R.EXECUTING, R.SUPERSEDED, R.FAILED, R.HELD, R.BLOCKED, R.AWAITING_APPROVAL},
    R.HELD: {R.AWAITING_APPROVAL, R.PROPOSED, R.EXPIRED, R.SUPERSEDED, R.REJECTED},
    R.EXECUTING: {R.SUCCEEDED, R.FAILED, R.SUPERSEDED, R.APPROVED},
    R.SUCCEEDED: set(),
    R.FAILED: set(),
    R.REJECTED: set(),
    R.EXPIRED: set(),
    R.SUPERSEDED: set(),
}
OLD_INC = {
    I.OPEN: {I.MITIGATING, I.RECOVERED, I.ESCALATED, I.DISMISSED},
    I.MITIGATING: {I.RECOVERED, I.ESCALATED, I.OPEN},
    I.RECOVERED: {I.OPEN},
    I.ESCALATED: {I.OPEN, I.MITIGATING, I.DISMISSED, I.RECOVERED},
    I.DISMISSED: set(),
}


def test_the_tables_allow_exactly_the_moves_the_old_literal_tables_did() -> None:
    assert {s: set(n) for s, n in rec.allowed().items()} == OLD_REC
    assert {s: set(n) for s, n in inc.allowed().items()} == OLD_INC
    assert REC_TRANSITIONS == OLD_REC and INCIDENT_TRANSITIONS == OLD_INC


def test_the_models_choices_and_the_pure_statuses_are_the_same_words() -> None:
    assert {s.value for s in RecStatus} == {s.value for s in R}
    assert {s.value for s in IncidentStatus} == {s.value for s in I}
    assert {s.value for s in rec.OPEN} == {"proposed", "awaiting_approval", "blocked", "held"}


def _rec(old: R, new: R, actor: Actor = Actor.CONTROLLER, reason: str = "") -> str | None:
    return rec.refusal(rec.Move(old, new, actor, reason))


def test_only_the_controller_claims_finishes_or_retries_an_action() -> None:
    assert _rec(R.APPROVED, R.EXECUTING) is None
    assert "only controller" in (_rec(R.APPROVED, R.EXECUTING, Actor.OPERATOR) or "")
    assert _rec(R.EXECUTING, R.SUCCEEDED, Actor.ADMIN) is not None
    assert _rec(R.EXECUTING, R.APPROVED, Actor.OPERATOR) is not None  # a person cannot "retry" a crash
    assert _rec(R.PROPOSED, R.APPROVED, Actor.OPERATOR) is not None  # a person approves what awaits them


def test_only_a_person_approves_what_awaits_approval_and_a_rejection_says_why() -> None:
    assert _rec(R.AWAITING_APPROVAL, R.APPROVED, Actor.OPERATOR) is None
    assert _rec(R.AWAITING_APPROVAL, R.APPROVED, Actor.ADMIN) is None  # roles are cumulative
    assert "only operator" in (_rec(R.AWAITING_APPROVAL, R.APPROVED) or "")
    assert _rec(R.AWAITING_APPROVAL, R.REJECTED, Actor.OPERATOR, "wrong node") is None
    assert _rec(R.AWAITING_APPROVAL, R.REJECTED, Actor.OPERATOR, "  ") == "a rejection needs a reason"
    assert _rec(R.AWAITING_APPROVAL, R.REJECTED, Actor.CONTROLLER, "no") is not None
    assert "is not allowed" in (_rec(R.SUCCEEDED, R.APPROVED) or "")


def _inc(old: I, new: I, actor: inc.Actor = inc.Actor.CONTROLLER, reason: str = "") -> str | None:
    return inc.refusal(inc.Move(old, new, actor, reason))


def test_only_the_controller_recovers_and_it_dismisses_only_to_merge() -> None:
    assert _inc(I.MITIGATING, I.RECOVERED) is None
    assert _inc(I.MITIGATING, I.RECOVERED, inc.Actor.PERSON) is not None
    assert _inc(I.OPEN, I.DISMISSED, inc.Actor.PERSON, "false alarm") is None
    assert _inc(I.OPEN, I.DISMISSED, reason="same root cause as incident #4: merged") is None
    assert "merge" in (_inc(I.OPEN, I.DISMISSED, reason="looked quiet") or "")
    assert _inc(I.DISMISSED, I.OPEN) is not None  # dismissed is final


# ---------------------------------------------------------------- the history check agrees with the leaf

rec_move = st.tuples(
    st.sampled_from(list(R)),
    st.sampled_from([Actor.CONTROLLER, Actor.OPERATOR]),
    st.sampled_from(["", "wrong node", f"{rec.RETRY_REASON} (nothing seen); retrying once", "busy"]),
)


def _walk(moves: list[tuple[R, Actor, str]]) -> tuple[list[tuple[int, str, str, str, str]], R]:
    """The moves the leaf accepts, recorded as the database records them (a person by name)."""
    status, rows = R.PROPOSED, [(1, "", R.PROPOSED.value, "controller", "")]
    retries = 0
    for new, actor, reason in moves:
        if rec.refusal(rec.Move(status, new, actor, reason)) is not None:
            continue
        if status == R.EXECUTING and new == R.APPROVED and reason.startswith(rec.RETRY_REASON):
            if retries == rec.MAX_RETRIES:
                continue  # the reconciler fails it instead (MAX_EXECUTIONS)
            retries += 1
        rows.append((1, status.value, new.value, "otto" if actor == Actor.OPERATOR else "controller", reason))
        status = new
    return rows, status


@given(st.lists(rec_move, max_size=40))
def test_every_history_the_leaf_accepts_passes_the_history_check(moves: list[tuple[R, Actor, str]]) -> None:
    rows, status = _walk(moves)
    assert rec.history_violations(rows, {1: status.value}) == []


@given(st.lists(rec_move, min_size=1, max_size=40), st.data())
def test_a_recorded_move_by_the_wrong_actor_is_reported(
    moves: list[tuple[R, Actor, str]], data: st.DataObject
) -> None:
    rows, status = _walk(moves)
    if len(rows) < 2:
        return
    i = data.draw(st.integers(1, len(rows) - 1))
    pk, old, new, actor, reason = rows[i]
    flipped = "controller" if actor != "controller" else "otto"
    rows[i] = (pk, old, new, flipped, reason)
    wrong = rec.refusal(rec.Move(R(old), R(new), rec.actor_of(flipped), reason))
    found = rec.history_violations(rows, {1: status.value})
    assert bool(found) == (wrong is not None), (rows[i], found)


def test_the_listed_defects_are_reported_from_a_recorded_history() -> None:
    """A wiped Reject comment recorded as an empty reason (defect 8); a person's click recorded as
    having run an action; a reboot retried twice after crashes (issue 29's doubled reboot)."""
    rejected = [(7, "", "proposed", "controller", ""), (7, "proposed", "awaiting_approval", "controller", "")]
    rejected.append((7, "awaiting_approval", "rejected", "otto", ""))
    assert rec.history_violations(rejected, {7: "rejected"}) == [
        "recommendation #7: awaiting_approval -> rejected by otto: a rejection needs a reason"
    ]
    clicked = [(8, "", "proposed", "controller", ""), (8, "proposed", "approved", "controller", "auto")]
    clicked.append((8, "approved", "executing", "otto", ""))
    (found,) = rec.history_violations(clicked, {8: "executing"})
    assert "claim: only controller may cause it" in found
    retry = f"{rec.RETRY_REASON} (not seen); retrying once"
    twice = [(9, "", "proposed", "controller", ""), (9, "proposed", "approved", "controller", "auto")]
    for _ in range(2):
        twice += [
            (9, "approved", "executing", "controller", ""),
            (9, "executing", "approved", "controller", retry),
        ]
    assert rec.history_violations(twice, {9: "approved"}) == [
        "recommendation #9: retried 2 times after a crash (at most 1)"
    ]
    busy = [r if r[4] != retry else (*r[:4], "busy: a tick holds the world; will retry") for r in twice]
    assert rec.history_violations(busy, {9: "approved"}) == []  # a busy cluster is not a crash retry


def test_an_incident_recovered_by_a_person_or_dismissed_by_the_machine_is_reported() -> None:
    rows = [
        (1, "", "open", "controller", ""),
        (1, "open", "recovered", "otto", "looks fine"),
        (2, "", "open", "controller", ""),
        (2, "open", "dismissed", "controller", "quiet for an hour"),
        (3, "", "open", "controller", ""),
        (3, "open", "dismissed", "controller", "same root cause as incident #2: merged"),
        (4, "", "open", "controller", ""),
        (4, "escalated", "open", "controller", ""),
    ]
    found = inc.history_violations(rows, {1: "recovered", 2: "dismissed", 3: "dismissed", 4: "escalated"})
    assert found == [
        "incident #1: open -> recovered by otto: recover: only controller may cause it",
        "incident #2: open -> dismissed by controller: the controller dismisses an incident only to merge it"
        " into the one with its root cause",
        "incident #4: went escalated -> open, but it was open",
        "incident #4: shows escalated, but its history ends at open",
    ]
