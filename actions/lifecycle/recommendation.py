"""A recommendation's lifecycle, as a pure table: every move it may make, who may cause it, and why.

::

    proposed ──route──► awaiting approval ──approve (a person)──► approved ──claim──► executing
       │  │                 │   ▲   │                                │  ▲               │  │
       │  │ notices, auto   │   │   └── guardrail ──► blocked        │  └─ retry once ──┘  │
       │  └─────────────────┼───┼──────────────────────► approved    │     (the reconciler  ▼
       │                    │   └─ guardrail cleared ◄── blocked     │      saw nothing    succeeded
       │                    │                                       ▼      done)          failed
       │                    │                    held (back to monitor, the storm breaker)
       ▼                    ▼
    rejected (a person, with a reason) · expired · superseded (a newer verdict, a dismissal, a merge)

The controller alone claims, finishes and retries an action: no person's click is ever recorded
as having run something. Only a person approves what awaits approval or rejects, and a rejection
says why. A crash leaves a claimed action executing; the reconciler asks the world and retries it
at most once (``MAX_RETRIES``); a retry is recorded with ``RETRY_REASON`` so the history shows it.

No Django, no I/O. The service leaf (``actions.services.transitions``) asks :func:`refusal` before
each guarded update; ``actions.choices.REC_TRANSITIONS`` is :func:`allowed` of this table; and
:func:`history_violations` is the soak's and ``check_invariants``' reading of a recorded history.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum

from actions.lifecycle.node import Actor, permits
from monitoring import statetable


class Status(StrEnum):
    PROPOSED = "proposed"
    AWAITING_APPROVAL = "awaiting_approval"
    BLOCKED = "blocked"
    APPROVED = "approved"
    EXECUTING = "executing"
    SUCCEEDED = "succeeded"
    FAILED = "failed"
    REJECTED = "rejected"
    EXPIRED = "expired"
    SUPERSEDED = "superseded"
    HELD = "held"


OPEN = frozenset({Status.PROPOSED, Status.AWAITING_APPROVAL, Status.BLOCKED, Status.HELD})
FINAL = frozenset({Status.SUCCEEDED, Status.FAILED, Status.REJECTED, Status.EXPIRED, Status.SUPERSEDED})

RETRY_REASON = "reconciler: not carried out"  # the prefix of a crash retry's reason
MAX_RETRIES = 1  # the first try and one retry after the reconciler saw nothing done

_ANYONE = frozenset(
    {Actor.CONTROLLER, Actor.OPERATOR}
)  # a person's act may route it (a release, a dismissal)
_CONTROLLER = frozenset({Actor.CONTROLLER})
_PERSON = frozenset({Actor.OPERATOR})  # an admin too: roles are cumulative (``permits``)


Move = statetable.Move[Status, Actor]
Rule = statetable.Rule[Status, Actor]


def _says_why(move: Move) -> str | None:
    return None if move.reason.strip() else "a rejection needs a reason"


_DECIDABLE = frozenset({Status.PROPOSED, Status.AWAITING_APPROVAL, Status.BLOCKED, Status.HELD})

TABLE: tuple[Rule, ...] = (
    Rule(
        "ask",
        frozenset({Status.PROPOSED, Status.BLOCKED, Status.HELD}),
        Status.AWAITING_APPROVAL,
        _ANYONE,
        "the ladder says a person decides (or a release, or a reboot asked for by hand, routed it)",
    ),
    Rule(
        "auto_approve",
        frozenset({Status.PROPOSED}),
        Status.APPROVED,
        _CONTROLLER,
        "the ladder approves it (auto), or a notice, which needs no approval",
    ),
    Rule("approve", frozenset({Status.AWAITING_APPROVAL}), Status.APPROVED, _PERSON, "a person approved it"),
    Rule(
        "block",
        frozenset({Status.PROPOSED, Status.AWAITING_APPROVAL}),
        Status.BLOCKED,
        _ANYONE,
        "a guardrail said no when it was routed or approved",
    ),
    Rule(
        "block_at_execution",
        frozenset({Status.APPROVED}),
        Status.BLOCKED,
        _CONTROLLER,
        "a guardrail spent by others since it was approved",
    ),
    Rule(
        "ask_again",
        frozenset({Status.APPROVED}),
        Status.AWAITING_APPROVAL,
        _CONTROLLER,
        "the ladder was lowered to approve after the ladder approved it",
    ),
    Rule(
        "hold",
        frozenset({Status.APPROVED}),
        Status.HELD,
        _CONTROLLER,
        "back to monitor, or the storm breaker, before it ran",
    ),
    Rule(
        "show_only",
        frozenset({Status.HELD}),
        Status.PROPOSED,
        _ANYONE,
        "released while the ladder itself says monitor: shown, not executed",
    ),
    Rule("reject", _DECIDABLE, Status.REJECTED, _PERSON, "a person rejected it, saying why", _says_why),
    Rule(
        "expire",
        frozenset({Status.PROPOSED, Status.AWAITING_APPROVAL, Status.BLOCKED, Status.HELD}),
        Status.EXPIRED,
        _ANYONE,
        "no decision before it expired, or stale when released",
    ),
    Rule(
        "supersede",
        _DECIDABLE | {Status.APPROVED, Status.EXECUTING},
        Status.SUPERSEDED,
        _ANYONE,
        "a newer verdict, a dismissal, a merge, or the world already changed",
    ),
    Rule("claim", frozenset({Status.APPROVED}), Status.EXECUTING, _CONTROLLER, "a worker claimed it to run"),
    Rule(
        "retry",
        frozenset({Status.EXECUTING}),
        Status.APPROVED,
        _CONTROLLER,
        "the reconciler saw it not carried out (retried once), or the cluster was busy",
    ),
    Rule("succeed", frozenset({Status.EXECUTING}), Status.SUCCEEDED, _CONTROLLER, "carried out"),
    Rule(
        "fail",
        frozenset({Status.APPROVED, Status.EXECUTING}),
        Status.FAILED,
        _CONTROLLER,
        "not carried out",
    ),
)


def allowed() -> dict[Status, frozenset[Status]]:
    """Where each status may go, from the table (what ``REC_TRANSITIONS`` is)."""
    return statetable.allowed(TABLE, Status)


def refusal(move: Move) -> str | None:
    """Why this move may not happen (None: it may)."""
    return statetable.refusal(TABLE, move, permits)


def actor_of(recorded: str) -> Actor:
    """Who a recorded move's actor is: the controller, or a person (named)."""
    return Actor.CONTROLLER if recorded in ("", "controller") else Actor.OPERATOR


# ---------------------------------------------------------------- invariants over a recorded history


def _moved(old: str, new: str, actor: str, reason: str) -> Move:
    return Move(Status(old), Status(new), actor_of(actor), reason)


def history_violations(rows: Iterable[statetable.Row], shown: Mapping[int, str]) -> list[str]:
    """Each recommendation's recorded moves ``(id, old, new, actor, reason)`` in order: chained (old is
    the previous new), each allowed by the table for who made it, no more than ``MAX_RETRIES`` crash
    retries, and ending where its row shows it. One sentence per violation."""
    retries: dict[int, int] = {}

    def retried_once(pk: int, move: Move) -> str | None:
        if (
            move.old != Status.EXECUTING
            or move.new != Status.APPROVED
            or not move.reason.startswith(RETRY_REASON)
        ):
            return None
        retries[pk] = retries.get(pk, 0) + 1
        if retries[pk] != MAX_RETRIES + 1:
            return None
        return f"retried {retries[pk]} times after a crash (at most {MAX_RETRIES})"

    return statetable.replay("recommendation", rows, shown, _moved, refusal, retried_once)
