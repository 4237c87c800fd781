"""Keep the database's view of nodes and jobs in step with the scheduler's.

Only rows that changed are written, in bulk, so a quiet tick costs two reads and a busy one a
few statements whatever the cluster's size.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from monitoring.choices import JobState, NodeHealth
from monitoring.live import push_after_commit
from monitoring.models import Cluster, Gpu, Job, Node
from monitoring.prepared import CLUSTER_ID, Prepared
from monitoring.sources import JobView, Source


def node_health(state: str, drained_by_us: bool) -> str:
    s = state.upper()
    if "DOWN" in s or "NOT_RESPONDING" in s or s.endswith("*"):
        return NodeHealth.DOWN
    if "DRAIN" in s or "FAIL" in s:
        return NodeHealth.DRAINED
    return NodeHealth.OK


_NODES = Prepared(
    lambda cluster_id: Node.objects.filter(cluster_id=cluster_id).values_list(
        "pk", "name", "state", "reason", "partition", "drained_by_us"
    ),
    CLUSTER_ID,
)


def _sync_nodes(cluster: Cluster, source: Source) -> bool:
    """Write the nodes the scheduler shows differently; a few statements per tick, whatever the size.

    New nodes (all of them on a cluster's first tick) are inserted together with their GPUs
    (two INSERTs per batch), and changed ones rewritten in one bulk UPDATE per batch: one
    statement per node made a 2,000-node cluster's first tick take 6,000 queries.
    """
    # Tuples, not model instances: building 2,000 Node objects was most of a quiet tick's inventory.
    existing = {row[1]: row for row in _NODES.rows(cluster.pk)}
    new: list[Node] = []
    changed: list[Node] = []
    fresh: set[str] = set()
    for view in source.nodes():
        row = existing.get(view.name)
        reason = view.reason[:512]
        if row is None:
            if view.name in fresh:
                continue  # listed twice (a node in several partitions): the first listing wins
            fresh.add(view.name)
            new.append(
                Node(
                    cluster=cluster,
                    name=view.name,
                    partition=view.partition,
                    state=view.state,
                    reason=reason,
                    health=node_health(view.state, False),
                )
            )
            continue
        pk, _, state, old_reason, partition, drained_by_us = row
        if (state, old_reason, partition) == (view.state, reason, view.partition):
            continue
        # A node no longer drained is no longer ours to account for.
        ours = drained_by_us and "DRAIN" in view.state.upper()
        changed.append(
            Node(
                pk=pk,
                cluster=cluster,
                name=view.name,
                state=view.state,
                reason=reason,
                partition=view.partition,
                drained_by_us=ours,
                health=node_health(view.state, ours),
            )
        )
    if new:
        created = Node.objects.bulk_create(new, batch_size=1000)
        pci = cluster.pci_bus_ids
        Gpu.objects.bulk_create(
            (
                Gpu(node=node, index=i, pci_bus_id=(pci[i] if i < len(pci) else ""))
                for node in created
                for i in range(cluster.gpus_per_node)
            ),
            batch_size=2000,
        )
    if changed:
        Node.objects.bulk_update(
            changed, ["state", "reason", "partition", "drained_by_us", "health"], batch_size=500
        )
    return bool(new or changed)


def _epoch(t: float | None) -> dt.datetime | None:
    return dt.datetime.fromtimestamp(t, tz=dt.UTC) if t else None


_JOB_FIELDS = (
    "name",
    "user",
    "partition",
    "nodes",
    "tasks_per_node",
    "state",
    "comment",
    "started_at",
    "restarts",
    "excluded_nodes",
)


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
    """Write changed jobs; return those the pipeline must (re)learn: new, or started again.

    New jobs go in one INSERT and changed ones in one bulk UPDATE (per batch).
    """
    views = source.jobs()
    # Only the jobs the scheduler lists: the cluster's whole job history grows without end. (Past a
    # thousand, one query parameter each would outgrow an older SQLite's limit: read them all.)
    ids = sorted({v.id for v in views})
    rows = Job.objects.filter(cluster=cluster)
    rows = rows.filter(slurm_id__in=ids) if len(ids) <= 1000 else rows
    # Tuples, not model instances (issue 26): a model only for the rows that changed.
    existing = {r[1]: r for r in rows.values_list("pk", "slurm_id", *_JOB_FIELDS)}
    relearn: list[JobView] = []
    new: dict[str, Job] = {}
    changed: list[Job] = []
    for view in views:
        fields = _job_fields(view)
        row = existing.get(view.id)
        if row is None:
            if view.id not in new:
                new[view.id] = Job(cluster=cluster, slurm_id=view.id, **fields)
                relearn.append(view)
            continue
        was = dict(zip(_JOB_FIELDS, row[2:], strict=True))
        if was == fields:
            continue
        restarted = view.state == JobState.RUNNING and (
            was["state"] != JobState.RUNNING or was["nodes"] != view.nodes
        )
        changed.append(Job(pk=row[0], cluster=cluster, slurm_id=view.id, **fields))
        if restarted:
            relearn.append(view)
    if new:
        Job.objects.bulk_create(new.values(), batch_size=1000)
    if changed:
        Job.objects.bulk_update(changed, list(_JOB_FIELDS), batch_size=500)
    return relearn


def sync_inventory(
    cluster: Cluster, source: Source, events: list[dict[str, Any]], now: dt.datetime
) -> list[JobView]:
    nodes_changed = _sync_nodes(cluster, source)
    relearn = _sync_jobs(cluster, source)
    if nodes_changed or relearn:
        push_after_commit("inventory", cluster=cluster.pk)
    return relearn
