"""Who has each open incident: the needs-approval flag on a queryset and the overview's tally (needs you /
held / silenced / in hand, ``actions.lifecycle.attention``). Pages and the invariants read the same."""

from __future__ import annotations

from django.db.models import Exists, OuterRef, QuerySet

from actions.choices import RecStatus
from actions.lifecycle import attention
from actions.models import Recommendation
from incidents.choices import IncidentStatus
from incidents.models import Incident


def awaiting(incident_ref: OuterRef | str = "pk") -> Exists:
    return Exists(
        Recommendation.objects.filter(incident=OuterRef(incident_ref), status=RecStatus.AWAITING_APPROVAL)
    )


def with_needs_approval(qs: QuerySet[Incident]) -> QuerySet[Incident]:
    return qs.annotate(needs_approval=awaiting())


def standings(active_qs: QuerySet[Incident]) -> dict[attention.Standing, list[int]]:
    """Every open incident in exactly one of needs you / silenced / held / in hand (light: ids and flags)."""
    rows = active_qs.values_list(
        "pk", "needs_approval", "status", "acknowledged_by", "silenced_by_id", "cluster__monitor_only"
    )
    # As ``attention.tally`` of each incident's OpenFacts, in the same order, but the standing is
    # decided once per distinct set of facts (a handful): 10,000 open incidents made 10,000 facts
    # objects and calls, ~8 ms of the overview (issue 14).
    out: dict[attention.Standing, list[int]] = {s: [] for s in attention.Standing}
    placed: dict[tuple[bool, ...], list[int]] = {}
    for pk, awaiting, status, acked, silenced, held in rows:
        facts = (
            bool(awaiting),
            status == IncidentStatus.ESCALATED,
            bool(acked),
            silenced is not None,
            bool(held),
        )
        ids = placed.get(facts)
        if ids is None:
            ids = placed[facts] = out[attention.standing(attention.OpenFacts(0, *facts))]
        ids.append(pk)
    return out
