"""Where each open incident stands for people: it needs you, it is held, silenced, or in hand.

Exactly one of the four, so that the counts on the overview add up to the open incidents.
Before, an incident the storm breaker held (its cluster back in monitor, nothing to approve)
was in no list a person looks at: 18 open, "Needs you (10)", and nowhere said why the other
eight waited.

In order, the first that applies:

- **needs you**: an action awaits approval, or it was escalated and nobody acknowledged it;
- **silenced**: a maintenance window holds it (its end routes it again);
- **held**: its cluster is back in monitor (the storm breaker, or an operator), shown with why;
- **in hand**: the rest (acknowledged, or the controller is acting or verifying).

Pure: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum


class Standing(StrEnum):
    NEEDS_YOU = "needs_you"
    SILENCED = "silenced"
    HELD = "held"
    IN_HAND = "in_hand"


@dataclass(frozen=True)
class OpenFacts:
    """What decides an open incident's standing, read from its row, its recommendations and its cluster."""

    incident: int
    awaiting_approval: bool = False
    escalated: bool = False
    acknowledged: bool = False
    silenced: bool = False
    cluster_held: bool = False


def standing(f: OpenFacts) -> Standing:
    if f.awaiting_approval or (f.escalated and not f.acknowledged):
        return Standing.NEEDS_YOU
    if f.silenced:
        return Standing.SILENCED
    if f.cluster_held:
        return Standing.HELD
    return Standing.IN_HAND


def tally(facts: Iterable[OpenFacts]) -> dict[Standing, list[int]]:
    """The open incidents by standing (every standing present, maybe empty), in the order given."""
    out: dict[Standing, list[int]] = {s: [] for s in Standing}
    for f in facts:
        out[standing(f)].append(f.incident)
    return out


# ---------------------------------------------------------------- invariants (None: holds)


def open_incidents_add_up(
    open_ids: Sequence[int], by_standing: Mapping[Standing, Sequence[int]]
) -> str | None:
    """Open incidents = needs you + held + silenced + in hand, each incident in exactly one."""
    placed = [i for s in Standing for i in by_standing.get(s, ())]
    if sorted(placed) == sorted(open_ids):
        return None
    parts = " + ".join(f"{len(by_standing.get(s, ()))} {s.value.replace('_', ' ')}" for s in Standing)
    return f"{len(open_ids)} open incidents, but {parts}"


INVARIANTS = (open_incidents_add_up,)
