"""Cluster settings changed outside the dashboard (the Django admin): audited like every other change.

The dashboard's own verbs (actions.services.autonomy) audit autonomy; the admin form
can change the cluster-wide level, the guardrails, the connection and the command
the workers run on the login node. Each save writes who changed which field from
what to what: autonomy fields as autonomy records, the rest as one settings record.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from actions.services.ceilings import clip_overrides
from incidents.audit import append_audit
from incidents.choices import AuditEvent
from monitoring.live import push_after_commit
from monitoring.models import Cluster

AUTONOMY_FIELDS = (
    "autonomy",
    "isolation_autonomy",
    "restart_autonomy",
    "remediation_autonomy",
    "monitor_only",
    "operator_isolation_ceiling",
    "operator_restart_ceiling",
    "operator_remediation_ceiling",
)


def snapshot(cluster_id: int | None) -> dict[str, Any]:
    """The cluster's fields as stored now ({} for a cluster not created yet)."""
    if cluster_id is None:
        return {}
    row = Cluster.objects.filter(pk=cluster_id).values().first()
    return dict(row or {})


def audit_settings_change(
    cluster: Cluster, before: dict[str, Any], user: Any, now: dt.datetime, via: str
) -> int:
    """Audit what differs between ``before`` and the saved ``cluster``. Returns how many records were written."""
    after = Cluster.objects.filter(pk=cluster.pk).values().get()
    actor = getattr(user, "username", None) or "anonymous"
    changed = {
        f: (before.get(f), v)
        for f, v in after.items()
        if f not in ("id", "created_at") and before.get(f) != v
    }
    if not before:
        append_audit(
            event=AuditEvent.SETTINGS,
            at=now,
            actor=actor,
            cluster=cluster.name,
            action=f"create cluster ({via})",
            outcome="created",
            detail={"via": via, "settings": {f: str(v) for f, (_, v) in changed.items()}},
        )
        push_after_commit("cluster", cluster=cluster.pk)
        return 1
    written = 0
    for field in AUTONOMY_FIELDS:
        if field in changed:
            old, new = changed.pop(field)
            append_audit(
                event=AuditEvent.AUTONOMY,
                at=now,
                actor=actor,
                cluster=cluster.name,
                action=f"{field} {old or 'inherit'} -> {new or 'inherit'} ({via})"[:64],
                outcome=str(new or "inherit")[:64],
                detail={"field": field, "from": str(old), "to": str(new), "via": via},
            )
            written += 1
    if changed:
        append_audit(
            event=AuditEvent.SETTINGS,
            at=now,
            actor=actor,
            cluster=cluster.name,
            action=f"change {', '.join(sorted(changed))}"[:64],
            outcome="changed",
            detail={
                "via": via,
                "changes": {f: {"from": str(o), "to": str(n)} for f, (o, n) in changed.items()},
            },
        )
        written += 1
    written += clip_overrides(cluster, before, user, now, via)
    if written:
        push_after_commit("cluster", cluster=cluster.pk)
    return written
