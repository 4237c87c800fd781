"""An incident's lifecycle, as a pure table: every status change, who may cause it, and why.

::

    open ──mitigate (an action issued)──► mitigating ──recover (job verified running and
     │ ▲                                     │  │        progressing)──► recovered
     │ └──────── reopen (failed again) ──────┘  └─escalate─┐               │
     │ escalate (needs people: a failed action, a storm,   ▼               │ reopen (the job
     │ a guardrail, a restart that would repeat it) ──► escalated          │ failed again)
     ▼                                                   │ ▲  ▼            ▼
    dismissed (a person, or a merge into the incident    └─┘ mitigate,   open
    with the same root cause): final                       recover, dismiss

The incident tracks the job's recovery; the node's recovery is its own track
(``actions.lifecycle.node``) and neither closes the other. Only the controller recovers an
incident (after verification), mitigates, escalates or reopens it; a dismissal is a person's, or
the controller's merge of a duplicate, which says "merged" and names the incident it joined.

No Django, no I/O. ``incidents.choices.INCIDENT_TRANSITIONS`` is :func:`allowed` of this table;
``incidents.services.transition_incident`` asks :func:`refusal`; :func:`history_violations` is the
soak's and ``check_invariants``' reading of a recorded history.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum

from monitoring import statetable


class Status(StrEnum):
    OPEN = "open"
    MITIGATING = "mitigating"
    RECOVERED = "recovered"
    ESCALATED = "escalated"
    DISMISSED = "dismissed"


ACTIVE = frozenset({Status.OPEN, Status.MITIGATING, Status.ESCALATED})


class Actor(StrEnum):
    CONTROLLER = "controller"
    PERSON = "person"  # an operator or admin (the role is checked by the service that acts)


MERGED = "merged"  # a merge's reason says so: "same root cause as incident #N: merged"


Move = statetable.Move[Status, Actor]
Rule = statetable.Rule[Status, Actor]


def _a_machine_dismissal_is_a_merge(move: Move) -> str | None:
    if move.actor == Actor.CONTROLLER and MERGED not in move.reason:
        return "the controller dismisses an incident only to merge it into the one with its root cause"
    return None


_CONTROLLER = frozenset({Actor.CONTROLLER})

TABLE: tuple[Rule, ...] = (
    Rule(
        "mitigate",
        frozenset({Status.OPEN, Status.ESCALATED}),
        Status.MITIGATING,
        _CONTROLLER,
        "a recovery action was issued",
    ),
    Rule(
        "recover",
        frozenset({Status.OPEN, Status.MITIGATING, Status.ESCALATED}),
        Status.RECOVERED,
        _CONTROLLER,
        "its jobs were verified running and progressing",
    ),
    Rule(
        "escalate",
        frozenset({Status.OPEN, Status.MITIGATING}),
        Status.ESCALATED,
        _CONTROLLER,
        "needs people: an action failed or was blocked, a storm, or a restart would repeat it",
    ),
    Rule(
        "reopen",
        frozenset({Status.MITIGATING, Status.RECOVERED, Status.ESCALATED}),
        Status.OPEN,
        _CONTROLLER,
        "failed again, or its recovery did not hold",
    ),
    Rule(
        "dismiss",
        frozenset({Status.OPEN, Status.ESCALATED}),
        Status.DISMISSED,
        frozenset({Actor.CONTROLLER, Actor.PERSON}),
        "a person dismissed it, or it was merged into the incident with its root cause",
        _a_machine_dismissal_is_a_merge,
    ),
)


def allowed() -> dict[Status, frozenset[Status]]:
    return statetable.allowed(TABLE, Status)


def _permits(who: frozenset[Actor], actor: Actor) -> bool:
    return actor in who


def refusal(move: Move) -> str | None:
    """Why this status change may not happen (None: it may)."""
    return statetable.refusal(TABLE, move, _permits)


def actor_of(recorded: str) -> Actor:
    return Actor.CONTROLLER if recorded in ("", "controller") else Actor.PERSON


def _moved(old: str, new: str, actor: str, reason: str) -> Move:
    return Move(Status(old), Status(new), actor_of(actor), reason)


def history_violations(rows: Iterable[statetable.Row], shown: Mapping[int, str]) -> list[str]:
    """Each incident's recorded changes ``(id, old, new, actor, reason)`` in order: chained, each
    allowed by the table for who made it, and ending where its row shows it."""
    return statetable.replay("incident", rows, shown, _moved, refusal)
