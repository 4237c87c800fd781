"""Inject a fault into a simulated cluster (demonstrations and tests), audited."""

from __future__ import annotations

import datetime as dt
from typing import Any

from actions.services.transitions import actor_name
from incidents.audit import append_audit
from incidents.choices import AuditEvent
from monitoring.models import Cluster
from monitoring.sources.simulated import inject


def inject_fault(
    cluster: Cluster, kind: str, node: str | None, user: Any, now: dt.datetime, *, existing: bool = False
) -> dict[str, Any]:
    """Inject a fault into a simulated cluster (demonstrations and tests).

    ``existing``: only into a world a worker already runs (NoWorld otherwise), as from another process.
    """
    if not cluster.is_simulated:
        raise ValueError("faults can only be injected into a simulated cluster")
    fault = inject(cluster, kind, node, now.timestamp(), existing=existing)
    append_audit(
        event=AuditEvent.FAULT_INJECTED,
        at=now,
        actor=actor_name(user),
        cluster=cluster.name,
        node=fault.get("node") or "",
        workload=(fault.get("jobs") or [""])[0],
        action=f"inject {kind}",
        outcome="injected",
        detail=fault,
    )
    return fault
