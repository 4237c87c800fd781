"""Keep the database's view of nodes and jobs in step with the scheduler's.

Only rows that changed are written, so a quiet tick costs two reads.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from monitoring.choices import JobState, NodeHealth
from monitoring.live import push_after_commit
from monitoring.models import Cluster, Gpu, Job, Node
from monitoring.sources import JobView, Source


def node_health(state: str, drained_by_us: bool) -> str:
    s = state.upper()
    if "DOWN" in s or "NOT_RESPONDING" in s or s.endswith("*"):
        return NodeHealth.DOWN
    if "DRAIN" in s or "FAIL" in s:
        return NodeHealth.DRAINED
    return NodeHealth.OK


def _sync_nodes(cluster: Cluster, source: Source) -> bool:
    existing = {n.name: n for n in Node.objects.filter(cluster=cluster)}
    changed = False
    for view in source.nodes():
        node = existing.get(view.name)
        if node is None:
            node = Node.objects.create(
                cluster=cluster,
                name=view.name,
                partition=view.partition,
                state=view.state,
                reason=view.reason[:512],
            )
            Gpu.objects.bulk_create(
                Gpu(
                    node=node,
                    index=i,
                    pci_bus_id=(cluster.pci_bus_ids[i] if i < len(cluster.pci_bus_ids) else ""),
                )
                for i in range(cluster.gpus_per_node)
            )
            node.health = node_health(view.state, False)
            node.save(update_fields=["health"])
            changed = True
            continue
        if (node.state, node.reason, node.partition) == (view.state, view.reason[:512], view.partition):
            continue
        # A node no longer drained is no longer ours to account for.
        ours = node.drained_by_us and "DRAIN" in view.state.upper()
        Node.objects.filter(pk=node.pk).update(
            state=view.state,
            reason=view.reason[:512],
            partition=view.partition,
            drained_by_us=ours,
            health=node_health(view.state, ours),
        )
        changed = True
    return changed


def _epoch(t: float | None) -> dt.datetime | None:
    return dt.datetime.fromtimestamp(t, tz=dt.UTC) if t else None


def _job_fields(view: JobView) -> dict[str, Any]:
    state = view.state if view.state in JobState.values else JobState.UNKNOWN
    return {
        "name": view.name[:512],
        "user": view.user[:128],
        "partition": view.partition[:64],
        "nodes": view.nodes,
        "tasks_per_node": view.tasks_per_node,
        "state": state,
        "comment": view.comment,
        "started_at": _epoch(view.started),
        "restarts": view.restarts,
        "excluded_nodes": ",".join(view.exclude),
    }


def _sync_jobs(cluster: Cluster, source: Source) -> list[JobView]:
    """Write changed jobs; return those the pipeline must (re)learn: new, or started again."""
    existing = {j.slurm_id: j for j in Job.objects.filter(cluster=cluster)}
    relearn: list[JobView] = []
    for view in source.jobs():
        fields = _job_fields(view)
        job = existing.get(view.id)
        if job is None:
            Job.objects.create(cluster=cluster, slurm_id=view.id, **fields)
            relearn.append(view)
            continue
        if all(getattr(job, k) == v for k, v in fields.items()):
            continue
        restarted = view.state == JobState.RUNNING and (
            job.state != JobState.RUNNING or job.nodes != view.nodes
        )
        Job.objects.filter(pk=job.pk).update(**fields)
        if restarted:
            relearn.append(view)
    return relearn


def sync_inventory(
    cluster: Cluster, source: Source, events: list[dict[str, Any]], now: dt.datetime
) -> list[JobView]:
    nodes_changed = _sync_nodes(cluster, source)
    relearn = _sync_jobs(cluster, source)
    if nodes_changed or relearn:
        push_after_commit("inventory", cluster=cluster.pk)
    return relearn
