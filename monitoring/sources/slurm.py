"""A real Slurm cluster as a source, in-cluster (local commands) or over SSH.

Per tick: ``sinfo --json``/``squeue --json`` diffed against the last snapshot into
``slurm`` events, each running job's stdout/stderr read from its byte offset, each up
node's kernel log read from its cursor (SSH fan-out, ``RECOVERY_KERNEL_POLL_WORKERS`` nodes
at a time) or, with ``kernel_log_command = "agent"``, the lines the node agents pushed to
the cluster's kernel stream, and GPU samples the per-node agents queued in Redis. Collector state (snapshots, offsets, cursors) lives in PostgreSQL
(monitoring.controller_state), so any worker can run the next tick and a Redis that
restarts empty costs no re-read.
"""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings

from monitoring.collectors import joblog, kernel, kernel_stream, slurm_state
from monitoring.connections import client_for
from monitoring.controller_state import load_collector_state, save_collector_state
from monitoring.detectors.schema import ClusterSpec
from monitoring.models import Cluster, Node
from monitoring.redis_store import get_redis
from monitoring.slurm.client import SlurmError
from monitoring.slurm.parse import JobInfo, NodeInfo
from monitoring.sources import JobView, NodeView
from monitoring.transports import TransportError

log = logging.getLogger(__name__)
JOB_LOG_STATES = {"RUNNING", "COMPLETING"}


def _partition_first(p: str) -> str:
    return p.split(",")[0]


class SlurmSource:
    def __init__(self, cluster: Cluster, now: float, collector: dict[str, Any] | None = None) -> None:
        self.cluster = cluster
        self.client = client_for(cluster)
        # Offsets and cursors live in the database: Redis may restart empty (issue 10).
        self.state: dict[str, Any] = load_collector_state(cluster, collector)
        self.source_errors: dict[str, str] = {}
        self._nodes: list[NodeInfo] = []
        self._jobs: list[JobInfo] = []
        self._read_keys = set(self.state)
        self._snapshot_as_read = False  # the scheduler's snapshot equals the one read from the row

    def collect(self, now: float) -> list[dict[str, Any]]:
        self._nodes, self._jobs = self._read_nodes(), self.client.jobs()
        before = self.state.get("slurm")
        events, self.state["slurm"] = slurm_state.diff(before, self._nodes, self._jobs, now)
        self._snapshot_as_read = before is not None and self.state["slurm"] == before
        events += self._job_logs(now)
        events += self._kernel_logs(now)
        events += self._telemetry()
        return events

    def _read_nodes(self) -> list[NodeInfo]:
        """The scheduler's nodes; none at all for a cluster known to have some is a failed read
        (a half-started slurmctld, a wrapper that swallowed the error), never "every node gone"."""
        nodes = self.client.nodes()
        if not nodes:
            known = Node.objects.filter(cluster=self.cluster).count()
            if known:
                raise SlurmError(
                    f"the scheduler answered no nodes, but {known} are known for {self.cluster.name}: "
                    "taken as a failed read, not as an empty cluster"
                )
        return nodes

    def _job_logs(self, now: float) -> list[dict[str, Any]]:
        paths: dict[str, list[str]] = self.state.get("paths", {})
        logs: dict[str, Any] = self.state.get("logs", {})
        events: list[dict[str, Any]] = []
        running = {j.job_id for j in self._jobs if j.state in JOB_LOG_STATES}
        spent = 0
        for job_id in joblog.by_turn(logs, running):
            if spent >= joblog.TICK_READ_BUDGET:
                break  # the rest next tick, first in line: a tick's memory is bounded however far behind
            if job_id not in paths:
                detail = self.client.job(job_id)
                paths[job_id] = [p for p in ((detail.stdout, detail.stderr) if detail else ()) if p]
            try:
                evs, logs[job_id] = joblog.poll(
                    self.client.transport, job_id, paths[job_id], logs.get(job_id), now
                )
            except TransportError as exc:
                log.warning("cluster %s: job %s log unreadable: %s", self.cluster.name, job_id, exc)
                self.source_errors["job logs"] = f"job {job_id}: {exc}"
                continue
            logs[job_id]["read_at"] = now
            spent += joblog.size_of(evs)
            events += evs
        # A requeued job writes its log again from the top: forget ended jobs' offsets.
        known = {j.job_id for j in self._jobs}
        self.state["paths"] = {j: p for j, p in paths.items() if j in known}
        self.state["logs"] = {j: s for j, s in logs.items() if j in running}
        return events

    def _kernel_logs(self, now: float) -> list[dict[str, Any]]:
        nodes = [n.name for n in self._nodes if not n.is_down]
        if kernel.uses_agent(self.cluster.kernel_log_command):
            return self._kernel_stream(nodes, now)
        events, self.state["kernel"] = kernel.poll(
            self.client.transport,
            nodes,
            kernel.source_from_setting(self.cluster.kernel_log_command),
            self.state.get("kernel"),
            now,
            workers=max(1, int(settings.RECOVERY_KERNEL_POLL_WORKERS)),
        )
        failed = kernel.errors(self.state["kernel"], nodes)
        if failed:
            first = next(iter(failed.items()))
            self.source_errors["kernel logs"] = (
                f"kernel log unreadable on {len(failed)} node{'s' if len(failed) > 1 else ''}: "
                f"{', '.join(list(failed)[:8])}{' …' if len(failed) > 8 else ''} ({first[0]}: {first[1][:200]})"
            )
        return events

    def _kernel_stream(self, nodes: list[str], now: float) -> list[dict[str, Any]]:
        """Agent mode: the nodes push; one bounded read of the cluster's stream, never SSH."""
        prior = dict(self.state.get("kernel") or {})
        events, stream, problems = kernel_stream.read(
            get_redis(),
            self.cluster.name,
            prior.get("stream"),
            expected=nodes,
            known=[n.name for n in self._nodes],
            now=now,
            prefix=settings.RECOVERY_REDIS_PREFIX,
            count=max(1, int(settings.RECOVERY_KERNEL_STREAM_COUNT)),
            silent_after=float(settings.RECOVERY_KERNEL_AGENT_SILENT_S),
        )
        self.state["kernel"] = {**prior, "stream": stream}
        if problems:
            self.source_errors["kernel logs"] = "; ".join(problems)
        return events

    def _telemetry(self) -> list[dict[str, Any]]:
        from monitoring.telemetry.collect import drain_events

        return drain_events(get_redis(), self.cluster.name, prefix=settings.RECOVERY_REDIS_PREFIX)

    def nodes(self) -> list[NodeView]:
        return [
            NodeView(n.name, _partition_first(n.partitions[0] if n.partitions else ""), n.state, n.reason)
            for n in self._nodes
        ]

    def jobs(self) -> list[JobView]:
        return [_job_view(j) for j in self._jobs]

    def cluster_spec(self) -> ClusterSpec:
        parts: dict[str, list[str]] = {}
        for n in self._nodes or self.client.nodes():
            for p in n.partitions or [""]:
                parts.setdefault(p, []).append(n.name)
        return ClusterSpec(
            name=self.cluster.name,
            nodes=tuple(n.name for n in (self._nodes or self.client.nodes())),
            gpus_per_node=self.cluster.gpus_per_node,
            partition=(self.cluster.partitions or ["batch"])[0],
            pci_bus_ids=tuple(self.cluster.pci_bus_ids),
            partitions={p: tuple(v) for p, v in parts.items()},
        )

    def save(self) -> None:
        # The snapshot is sent again only when it changed (a new object each tick: never mutated).
        same = self._snapshot_as_read and self._read_keys <= set(self.state)
        save_collector_state(self.cluster, self.state, unchanged=("slurm",) if same else ())


def _job_view(j: JobInfo) -> JobView:
    tasks_per_node = max(1, j.tasks // j.node_count) if j.tasks and j.node_count else 1
    return JobView(
        id=j.job_id,
        name=j.name,
        user=j.user,
        partition=_partition_first(j.partition),
        nodes=j.nodes,
        tasks_per_node=tasks_per_node,
        state=j.state,
        started=j.start_time,
        comment=j.comment,
        restarts=j.restarts,
        exclude=tuple(j.excluded),
    )
