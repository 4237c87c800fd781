"""A real Slurm cluster as a source and executor, in-cluster (local commands) or over SSH.

Per tick: ``sinfo --json``/``squeue --json`` diffed against the last snapshot into
``slurm`` events, each running job's stdout/stderr read from its byte offset, each
allocated node's kernel log read from its cursor, and GPU samples the per-node agents
queued in Redis. Collector state (snapshots, offsets, cursors) lives in Redis too, so
any worker can run the next tick.
"""

from __future__ import annotations

import json
import logging
import shlex
from typing import Any

from django.conf import settings

from actions.executors import ExecResult
from monitoring.collectors import joblog, kernel, slurm_state
from monitoring.detectors.schema import ClusterSpec
from monitoring.models import Cluster
from monitoring.redis_store import get_redis, key
from monitoring.slurm.client import ActionResult, SlurmClient, bin_paths_in
from monitoring.slurm.parse import JobInfo, NodeInfo
from monitoring.sources import JobView, NodeView
from monitoring.transports import LocalTransport, SSHTransport, Transport, TransportError

log = logging.getLogger(__name__)
_TRANSPORTS: dict[int, tuple[tuple[Any, ...], Transport]] = {}
JOB_LOG_STATES = {"RUNNING", "COMPLETING"}


def _signature(c: Cluster) -> tuple[Any, ...]:
    return (c.connection_mode, c.ssh_host, c.ssh_port, c.ssh_user, c.ssh_key_path, c.known_hosts_path)


def transport_for(cluster: Cluster) -> Transport:
    """One transport per cluster and worker process: the SSH connection is reused across ticks."""
    sig = _signature(cluster)
    cached = _TRANSPORTS.get(cluster.pk)
    if cached and cached[0] == sig:
        return cached[1]
    if cached:
        cached[1].close()
    if cluster.connection_mode == "ssh":
        transport: Transport = SSHTransport(
            cluster.ssh_host,
            port=cluster.ssh_port,
            username=cluster.ssh_user,
            key_filename=cluster.ssh_key_path,
            known_hosts=cluster.known_hosts_path,
        )
    else:
        transport = LocalTransport()
    _TRANSPORTS[cluster.pk] = (sig, transport)
    return transport


def client_for(cluster: Cluster) -> SlurmClient:
    return SlurmClient(transport_for(cluster), bin_paths=bin_paths_in(cluster.slurm_bin_dir))


def test_connection(cluster: Cluster) -> dict[str, Any]:
    """The Test connection button: each step (DNS, TCP, host key, auth, sinfo, permission) and what failed."""
    if cluster.connection_mode == "ssh":
        transport: Transport = SSHTransport(
            cluster.ssh_host,
            port=cluster.ssh_port,
            username=cluster.ssh_user,
            key_filename=cluster.ssh_key_path,
            known_hosts=cluster.known_hosts_path,
            retries=1,
        )
    else:
        transport = LocalTransport()
    try:
        return transport.test_connection(bin_paths_in(cluster.slurm_bin_dir)).as_dict()
    finally:
        transport.close()


def _partition_first(p: str) -> str:
    return p.split(",")[0]


class SlurmSource:
    def __init__(self, cluster: Cluster, now: float) -> None:
        self.cluster = cluster
        self.client = client_for(cluster)
        raw = get_redis().get(key("collect", cluster.state_id))
        self.state: dict[str, Any] = json.loads(raw) if raw else {}
        self._nodes: list[NodeInfo] = []
        self._jobs: list[JobInfo] = []

    def collect(self, now: float) -> list[dict[str, Any]]:
        self._nodes, self._jobs = self.client.nodes(), self.client.jobs()
        events, self.state["slurm"] = slurm_state.diff(self.state.get("slurm"), self._nodes, self._jobs, now)
        events += self._job_logs(now)
        events += self._kernel_logs(now)
        events += self._telemetry()
        return events

    def _job_logs(self, now: float) -> list[dict[str, Any]]:
        paths: dict[str, list[str]] = self.state.get("paths", {})
        logs: dict[str, Any] = self.state.get("logs", {})
        events: list[dict[str, Any]] = []
        running = {j.job_id for j in self._jobs if j.state in JOB_LOG_STATES}
        for job_id in running:
            if job_id not in paths:
                detail = self.client.job(job_id)
                paths[job_id] = [p for p in ((detail.stdout, detail.stderr) if detail else ()) if p]
            try:
                evs, logs[job_id] = joblog.poll(self.client.transport, job_id, paths[job_id], logs.get(job_id), now)
            except TransportError as exc:
                log.warning("cluster %s: job %s log unreadable: %s", self.cluster.name, job_id, exc)
                continue
            events += evs
        # A requeued job writes its log again from the top: forget ended jobs' offsets.
        known = {j.job_id for j in self._jobs}
        self.state["paths"] = {j: p for j, p in paths.items() if j in known}
        self.state["logs"] = {j: s for j, s in logs.items() if j in running}
        return events

    def _kernel_logs(self, now: float) -> list[dict[str, Any]]:
        nodes = [n.name for n in self._nodes if not n.is_down]
        events, self.state["kernel"] = kernel.poll(self.client.transport, nodes, kernel.source_from_setting(self.cluster.kernel_log_command), self.state.get("kernel"), now)
        return events

    def _telemetry(self) -> list[dict[str, Any]]:
        from monitoring.telemetry.collect import drain_events

        return drain_events(get_redis(), self.cluster.name, prefix=settings.RECOVERY_REDIS_PREFIX)

    def nodes(self) -> list[NodeView]:
        return [NodeView(n.name, _partition_first(n.partitions[0] if n.partitions else ""), n.state, n.reason) for n in self._nodes]

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
        get_redis().set(key("collect", self.cluster.state_id), json.dumps(self.state, separators=(",", ":")))


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


def _exec(result: ActionResult) -> ExecResult:
    message = result.detail
    if result.stderr:
        message += f" | slurm: {result.stderr.strip()}"
    if result.commands:
        message += " | ran: " + "; ".join(shlex.join(c) for c in result.commands)
    return ExecResult(result.outcome, message.strip(" |"))


class SlurmExecutor:
    """Drain, resume and requeue through the same Slurm client the source reads with."""

    def __init__(self, cluster: Cluster) -> None:
        self.client = client_for(cluster)

    def drain(self, node: str, reason: str, now: float) -> ExecResult:
        return _exec(self.client.drain(node, reason))

    def resume(self, node: str, now: float) -> ExecResult:
        return _exec(self.client.resume(node))

    def requeue(self, job: str, exclude: list[str], now: float) -> ExecResult:
        # Only opted-in jobs are ever recommended for requeue: their opt-in is the consent
        # to switch a Requeue=0 job to requeueable before requeueing it.
        return _exec(self.client.requeue(job, exclude, enable_requeue=True))
