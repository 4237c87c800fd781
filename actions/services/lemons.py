"""Lemon nodes: blamed N times in M days, held out of the pool, with an RMA bundle for the vendor.

A held node is never returned automatically (not by a quiet spell, not after a passed
health check); only an admin's audited override brings it back. Its bundle gathers
what a vendor asks for: every incident that blamed it, the evidence lines and Xids,
the GPU telemetry around each fault, the health-check results and the actions taken.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import zipfile
from typing import Any

from django.db import transaction

from actions.models import Qualification, Recommendation, Remediation
from actions.policy.remediation import is_lemon
from incidents.audit import append_audit
from incidents.choices import AuditEvent
from incidents.models import Incident
from monitoring.live import push_after_commit
from monitoring.models import GpuMinute, Node

TELEMETRY_AROUND = dt.timedelta(minutes=10)


def blamed(node: Node) -> Any:
    return Incident.objects.filter(cluster=node.cluster, culprit_node=node.name).exclude(status="dismissed")


def hold_if_lemon(node: Node, now: dt.datetime) -> bool:
    """Hold the node if it was blamed too often; True when it is (or just became) held."""
    if node.held_as_lemon:
        return True
    cluster = node.cluster
    window = dt.timedelta(days=cluster.lemon_window_days)
    times = [
        t.timestamp()
        for t in blamed(node).filter(detected_at__gte=now - window).values_list("detected_at", flat=True)
    ]
    if not is_lemon(times, now.timestamp(), cluster.lemon_incidents, window.total_seconds()):
        return False
    why = f"lemon: blamed {len(times)} times in {cluster.lemon_window_days} days (limit {cluster.lemon_incidents})"
    with transaction.atomic():
        if not Node.objects.filter(pk=node.pk, held_as_lemon=False).update(
            held_as_lemon=True, held_reason=why
        ):
            return True  # another worker held it first
        node.held_as_lemon, node.held_reason = True, why
        append_audit(
            event=AuditEvent.STATUS,
            at=now,
            cluster=cluster.name,
            node=node.name,
            action=f"hold {node.name}"[:64],
            outcome="held as lemon",
            detail={"why": why},
        )
        push_after_commit("inventory", cluster=cluster.pk)
    return True


def release_lemon(node: Node, actor: str, now: dt.datetime, reason: str) -> None:
    """An admin's decision (the caller checks the role): the node is no longer held."""
    with transaction.atomic():
        Node.objects.filter(pk=node.pk).update(held_as_lemon=False, held_reason="")
        node.held_as_lemon, node.held_reason = False, ""
        append_audit(
            event=AuditEvent.STATUS,
            at=now,
            actor=actor,
            cluster=node.cluster.name,
            node=node.name,
            action=f"release {node.name}"[:64],
            outcome="lemon hold released",
            detail={"reason": reason},
        )


def _iso(t: dt.datetime | None) -> str | None:
    return t.isoformat() if t else None


def _telemetry(node: Node, at: dt.datetime) -> list[dict[str, Any]]:
    rows = (
        GpuMinute.objects.filter(
            gpu__node=node, minute__gte=at - TELEMETRY_AROUND, minute__lte=at + TELEMETRY_AROUND
        )
        .select_related("gpu")
        .order_by("minute", "gpu__index")
    )
    return [{"gpu": r.gpu.index, "minute": _iso(r.minute), "stats": r.stats} for r in rows]


def rma_bundle(node: Node) -> dict[str, Any]:
    """Everything a vendor needs to accept the node for repair, as plain JSON."""
    from actions.services.qualification import xids_of

    incidents = []
    for inc in blamed(node).order_by("detected_at").prefetch_related("evidence"):
        incidents.append(
            {
                "id": inc.pk,
                "category": inc.category,
                "pattern": inc.pattern,
                "status": inc.status,
                "culprit_gpu": inc.culprit_gpu,
                "confidence": inc.confidence,
                "detected_at": _iso(inc.detected_at),
                "evidence": [e.text for e in inc.evidence.all()],
                "xids": sorted({x for x, _ in xids_of(inc)}),
                "telemetry": _telemetry(node, inc.detected_at),
            }
        )
    recs = Recommendation.objects.filter(cluster=node.cluster, node=node.name).order_by("created_at")
    return {
        "format": "recovery-rma-bundle/1",
        "cluster": node.cluster.name,
        "node": node.name,
        "partition": node.partition,
        "held": node.held_as_lemon,
        "held_reason": node.held_reason,
        "state": node.state,
        "reason": node.reason,
        "gpus": [{"index": g.index, "pci_bus_id": g.pci_bus_id} for g in node.gpus.order_by("index")],
        "incidents": incidents,
        "qualifications": [
            {
                "at": _iso(q.started_at),
                "trigger": q.trigger,
                "argv": q.argv,
                "rc": q.rc,
                "passed": q.passed,
                "output": q.output,
                "actor": q.actor,
            }
            for q in Qualification.objects.filter(cluster=node.cluster, node=node.name).order_by("started_at")
        ],
        "actions": [
            {
                "id": r.pk,
                "incident": r.incident_id,
                "action": r.action,
                "status": r.status,
                "created_at": _iso(r.created_at),
                "executed_at": _iso(r.executed_at),
                "result": r.result,
            }
            for r in recs
        ],
        "remediations": [
            {
                "action": m.action,
                "state": m.state,
                "boot_before": m.boot_before,
                "boot_after": m.boot_after,
                "issued_at": _iso(m.issued_at),
                "finished_at": _iso(m.finished_at),
                "note": m.note,
            }
            for m in Remediation.objects.filter(cluster=node.cluster, node=node.name).order_by("issued_at")
        ],
    }


def rma_zip(node: Node) -> bytes:
    """The bundle as a zip: bundle.json plus one readable evidence file per incident."""
    bundle = rma_bundle(node)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("bundle.json", json.dumps(bundle, indent=2, sort_keys=True))
        for inc in bundle["incidents"]:
            z.writestr(f"incident-{inc['id']}/evidence.txt", "\n".join(inc["evidence"]) + "\n")
            z.writestr(f"incident-{inc['id']}/telemetry.json", json.dumps(inc["telemetry"], indent=2))
        for i, q in enumerate(bundle["qualifications"], 1):
            z.writestr(f"qualification-{i}.txt", f"$ {' '.join(q['argv'])}\nrc={q['rc']}\n{q['output']}")
    return buf.getvalue()
