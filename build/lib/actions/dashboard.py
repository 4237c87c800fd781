"""Dashboard verbs and page data: autonomy changes, fault injection, overview numbers.

They sit at the top of the dependency chain (actions -> incidents -> monitoring)
because the pages combine all three and the verbs write audit records.
"""

from __future__ import annotations

import datetime as dt
import time
from typing import Any

from django.db import transaction
from django.db.models import Count, Q

from actions.autonomy_pages import cluster_panel, node_panel
from actions.choices import ActionKind, RecStatus
from actions.models import Recommendation
from incidents.audit import append_audit
from incidents.choices import INCIDENT_ACTIVE, AuditEvent
from incidents.models import Incident
from monitoring.live import push_after_commit
from monitoring.models import Cluster, Node


def set_autonomy(cluster: Cluster, level: str, user: Any, now: dt.datetime, reason: str = "") -> None:
    with transaction.atomic():
        old = cluster.autonomy
        Cluster.objects.filter(pk=cluster.pk).update(autonomy=level)
        cluster.autonomy = level
        append_audit(
            event=AuditEvent.AUTONOMY,
            at=now,
            actor=getattr(user, "username", None),
            cluster=cluster.name,
            action=f"autonomy {old} -> {level}",
            outcome=level,
            detail={"from": old, "to": level, "reason": reason[:500]},
        )
        push_after_commit("cluster", cluster=cluster.pk)


def inject_fault(cluster: Cluster, kind: str, node: str | None, user: Any, now: dt.datetime) -> dict[str, Any]:
    """Inject a fault into a simulated cluster (demonstrations and tests)."""
    if not cluster.is_simulated:
        raise ValueError("faults can only be injected into a simulated cluster")
    from monitoring.sources.simulated import inject

    fault = inject(cluster, kind, node, now.timestamp())
    append_audit(
        event=AuditEvent.FAULT_INJECTED,
        at=now,
        actor=getattr(user, "username", None),
        cluster=cluster.name,
        node=fault.get("node") or "",
        workload=(fault.get("jobs") or [""])[0],
        action=f"inject {kind}",
        outcome="injected",
        detail=fault,
    )
    return fault


def diagnose_connection(cluster: Cluster) -> dict[str, Any]:
    if cluster.is_simulated:
        return {"ok": True, "steps": [{"name": "simulator", "ok": True, "detail": "built-in simulator: nothing to connect to"}]}
    from monitoring.sources.slurm import test_connection

    try:
        return test_connection(cluster)
    except Exception as exc:  # the button exists to show failures: never a 500
        return {"ok": False, "steps": [{"name": "connect", "ok": False, "detail": f"{type(exc).__name__}: {exc}"}]}


def _grid(cluster: Cluster, incidents: list[Incident]) -> list[dict[str, Any]]:
    from monitoring.telemetry.store import node_gpu_alarms

    blamed = {i.culprit_node: i for i in incidents if i.culprit_node}
    try:
        alarms = node_gpu_alarms(cluster.name, time.time())
    except Exception:  # live GPU colouring is a hint; the page must render without Redis
        alarms = {}
    cells = []
    for node in cluster.nodes.all():
        health = node.health
        incident = blamed.get(node.name)
        if incident is not None and health == "ok":
            health = "faulty" if incident.category in ("gpu_hardware", "node_failure", "network") else "suspect"
        cells.append({"node": node, "health": health, "incident": incident, "gpu_alarm": alarms.get(node.name, "")})
    return cells


def overview_context() -> dict[str, Any]:
    active = list(Incident.objects.filter(status__in=list(INCIDENT_ACTIVE)).select_related("cluster").order_by("-detected_at")[:50])
    clusters = []
    for cluster in Cluster.objects.all():
        mine = [i for i in active if i.cluster_id == cluster.pk]
        clusters.append({"cluster": cluster, "grid": _grid(cluster, mine)})
    awaiting = Recommendation.objects.filter(status=RecStatus.AWAITING_APPROVAL).count()
    drained = Node.objects.filter(drained_by_us=True).count()
    running = Cluster.objects.aggregate(n=Count("jobs", filter=Q(jobs__state="RUNNING")))["n"]
    recent = list(Incident.objects.select_related("cluster").order_by("-detected_at")[:15])
    return {
        "clusters": clusters,
        "active_incidents": active,
        "recent_incidents": recent,
        "headline": {
            "open_incidents": len(active),
            "awaiting_approval": awaiting,
            "drained_by_us": drained,
            "jobs_running": running,
        },
    }


def cluster_context(cluster: Cluster) -> dict[str, Any]:
    from monitoring.choices import Autonomy

    active = list(cluster.incidents.filter(status__in=list(INCIDENT_ACTIVE)))
    fault_kinds: list[tuple[str, str]] = []
    if cluster.is_simulated:
        from monitoring.sources.simulated import fault_kinds as kinds

        fault_kinds = kinds()
    return {
        "cluster": cluster,
        "grid": _grid(cluster, active),
        "jobs": cluster.jobs.order_by("-started_at")[:100],
        "nodes": cluster.nodes.all(),
        "autonomy_levels": Autonomy.choices,
        "fault_kinds": fault_kinds,
        "drains": Recommendation.objects.filter(cluster=cluster, action=ActionKind.DRAIN_NODE, status=RecStatus.SUCCEEDED).count(),
        **cluster_panel(cluster),
    }


def node_context(node: Node) -> dict[str, Any]:
    incidents = Incident.objects.filter(cluster=node.cluster, culprit_node=node.name).order_by("-detected_at")[:20]
    return {"node": node, "gpus": node.gpus.all(), "incidents": incidents, **node_panel(node)}
