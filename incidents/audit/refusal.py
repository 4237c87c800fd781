"""The one "refused: not allowed" audit record, whichever verb was refused, and the one actor name.

A refused attempt is audited like a granted one, so the trail shows who tried. Every
verb (approve, reject, a ladder change, a return to service, a verdict) writes it here.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from incidents.audit import append_audit
from incidents.choices import AuditEvent


def actor_name(user: Any) -> str | None:
    """The name the trail records for a user; None for the controller itself."""
    return getattr(user, "username", None) or None if user is not None else None


def refuse(
    user: Any, now: dt.datetime, attempted: str, why: str, *, cluster: str, action: str = "", **where: Any
) -> None:
    """Audit a refused attempt; ``action`` names what it would have done (default: the attempt).

    ``where``: node, workload, incident_id, recommendation_id, pattern, attribution.
    """
    append_audit(
        event=AuditEvent.REFUSAL,
        at=now,
        actor=actor_name(user) or "anonymous",
        cluster=cluster,
        action=(action or attempted)[:64],
        outcome="refused",
        detail={"attempted": attempted, "why": why},
        **where,
    )
