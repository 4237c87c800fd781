"""A ceiling lowered brings the overrides above it down (issue 25).

An operator may give one node or job a level up to the admin-set ceiling for that kind
(actions.services.autonomy.operator_ceiling: the ceiling field, else the kind's level,
else the cluster's). When an admin lowers that ceiling, by any path (the Django admin,
the dashboard's levels, clusters-as-code), node and job overrides above it come down to
it in the same transaction, each an audit record saying from what, to what and why.
Partition overrides, and node or job overrides an admin set (or clusters-as-code), are
not bound by the ceiling when set, so they are not clipped either: only operators' are.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from actions.choices import AutonomyKind, OverrideScope
from actions.models import AutonomyOverride
from incidents.audit import append_audit
from incidents.choices import AuditEvent
from monitoring.choices import Autonomy
from monitoring.models import Cluster
from recovery_site.roles import Role, has_role

LEVEL_RANK = {Autonomy.MONITOR: 0, Autonomy.APPROVE: 1, Autonomy.AUTO: 2}


def effective_ceiling(row: dict[str, Any], kind: str) -> str:
    """The ceiling for ``kind`` in a row of Cluster.objects.values()."""
    return str(
        row.get(f"operator_{kind}_ceiling") or row.get(f"{kind}_autonomy") or row.get("autonomy") or ""
    )


def clip_overrides(cluster: Cluster, before: dict[str, Any], user: Any, now: dt.datetime, via: str) -> int:
    """Bring node and job overrides down to any ceiling lower than in ``before``. Returns how many came down."""
    if not before:
        return 0
    after = Cluster.objects.filter(pk=cluster.pk).values().get()
    clipped = 0
    for kind in AutonomyKind.values:
        old, new = effective_ceiling(before, kind), effective_ceiling(after, kind)
        if new not in LEVEL_RANK or (old in LEVEL_RANK and LEVEL_RANK[new] >= LEVEL_RANK[old]):
            continue
        above = AutonomyOverride.objects.filter(
            cluster=cluster, action_kind=kind, scope__in=(OverrideScope.NODE, OverrideScope.JOB)
        )
        for row in above.select_related("set_by").select_for_update(of=("self",)):
            if LEVEL_RANK.get(row.level, 0) <= LEVEL_RANK[new] or _admins(row):
                continue
            AutonomyOverride.objects.filter(pk=row.pk).update(level=new, at=now)
            _audit_clip(cluster, row, new, user, now, via)
            clipped += 1
    return clipped


def _admins(row: AutonomyOverride) -> bool:
    return row.set_by is None or has_role(row.set_by, Role.ADMIN)


def _audit_clip(
    cluster: Cluster, row: AutonomyOverride, new: str, user: Any, now: dt.datetime, via: str
) -> None:
    where = {"node": row.target} if row.scope == OverrideScope.NODE else {"workload": row.target}
    append_audit(
        event=AuditEvent.AUTONOMY,
        at=now,
        actor=getattr(user, "username", None) or None,
        cluster=cluster.name,
        action=f"clip {row.scope} {row.target} {row.action_kind} {row.level} -> {new}"[:64],
        outcome=new,
        detail={
            "scope": row.scope,
            "target": row.target,
            "kind": row.action_kind,
            "from": row.level,
            "to": new,
            "why": f"the operator ceiling for {row.action_kind} was lowered to {new}",
            "via": via,
        },
        **where,
    )
