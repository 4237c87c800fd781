"""What attribution knows about the cluster besides the incident itself.

Jobs and their current attempt (which nodes, since when), which jobs run on
which node, the IP each host announced in its NCCL bootstrap lines, which
nodes Slurm calls down or someone else drained, and the history of verdicts
(the controller's own database, plus the verdicts this pipeline reached).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from monitoring.detectors.schema import ClusterSpec, HistoryEntry, JobSpec

SUSPECT_VERDICTS = frozenset({"suspect", "confirmed", "culprit", "drained", "bad", "faulty", "lemon"})


@dataclass
class JobRun:
    """A job and its current attempt."""

    spec: JobSpec
    attempt: int = 0
    state: str = "running"  # running | failed | node_fail | timeout | ended | waiting | pending (listed, not started yet)
    started_t: float | None = None
    ended_t: float | None = None
    restarts: int = 0
    # NCCL's InfiniBand transport settings its own environment changed ("NCCL_IB_TIMEOUT set by environment to
    # 4"): name -> value, as NCCL printed them (verdict.own_transport_timeouts)
    nccl_env: dict[str, int] = field(default_factory=dict)

    def to_state(self) -> dict[str, Any]:
        s = self.spec
        return {
            "id": s.id,
            "name": s.name,
            "user": s.user,
            "nodes": list(s.nodes),
            "tpn": s.tasks_per_node,
            "started": s.started,
            "comment": s.comment,
            "partition": s.partition,
            "at": self.attempt,
            "st": self.state,
            "t0": self.started_t,
            "t1": self.ended_t,
            "rs": self.restarts,
            "ne": self.nccl_env,
        }

    @classmethod
    def from_state(cls, d: dict[str, Any]) -> JobRun:
        spec = JobSpec(
            id=str(d["id"]),
            name=d.get("name", ""),
            user=d.get("user", ""),
            nodes=tuple(d.get("nodes", [])),
            tasks_per_node=int(d.get("tpn", 1)),
            started=d.get("started"),
            comment=d.get("comment", ""),
            partition=d.get("partition", ""),
        )
        run = cls(spec, int(d["at"]), str(d["st"]), d.get("t0"), d.get("t1"), int(d.get("rs", 0)))
        run.nccl_env = {str(k): int(v) for k, v in (d.get("ne") or {}).items()}  # absent before
        return run


@dataclass
class AttemptRecord:
    """A finished attempt, kept to spot lemon nodes (always in fast-failing allocations)."""

    job: str
    start: float
    end: float
    outcome: str
    nodes: tuple[str, ...]


@dataclass
class World:
    cluster: ClusterSpec
    jobs: dict[str, JobRun] = field(default_factory=dict)
    node_jobs: dict[str, list[str]] = field(default_factory=dict)
    ips: dict[str, str] = field(default_factory=dict)
    down: dict[str, float] = field(default_factory=dict)
    drained_by_others: dict[str, str] = field(default_factory=dict)
    out_of_service: dict[str, float] = field(default_factory=dict)  # drained or DOWN, by anyone, since
    history: list[HistoryEntry] = field(default_factory=list)
    own_history: list[tuple[float, str, str, str]] = field(default_factory=list)  # (t, node, category, key)
    attempts_log: list[AttemptRecord] = field(default_factory=list)
    # job -> the nodes it is listed under in node_jobs, so moving one job touches only its own
    # nodes instead of every node of the cluster (issue 14: state load was O(jobs x nodes)).
    _indexed: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False, compare=False)

    # --- jobs --------------------------------------------------------------------------

    def set_running(self, run: JobRun) -> None:
        self.jobs[run.spec.id] = run
        self._index(run.spec.id)

    def _index(self, job_id: str) -> None:
        for node in self._indexed.pop(job_id, ()):
            lst = self.node_jobs.get(node)
            while lst is not None and job_id in lst:
                lst.remove(job_id)
        run = self.jobs.get(job_id)
        if run is None or run.state != "running":
            return
        nodes = tuple(dict.fromkeys(run.spec.nodes))
        for node in nodes:
            self.node_jobs.setdefault(node, []).append(job_id)
        self._indexed[job_id] = nodes

    def reindex(self, job_id: str) -> None:
        self._index(job_id)

    def running_jobs_on(self, node: str) -> list[str]:
        return list(self.node_jobs.get(node, ()))

    def jobs_hit_on(self, node: str, t: float, window_s: float = 300.0) -> list[str]:
        """Jobs running on ``node``, or that failed there within ``window_s`` (late kernel lines)."""
        jobs = list(self.node_jobs.get(node, ()))
        for job_id, run in self.jobs.items():
            if (
                run.state in ("failed", "node_fail", "timeout")
                and run.ended_t is not None
                and node in run.spec.nodes
            ):
                if 0.0 <= t - run.ended_t <= window_s and job_id not in jobs:
                    jobs.append(job_id)
        return jobs

    def node_of_rank(self, job_id: str, rank: int) -> str | None:
        run = self.jobs.get(job_id)
        if run is None:
            return None
        spec = run.spec
        node = spec.node_of_rank(rank)
        if node is None and spec.nodes and spec.tasks_per_node <= 1 and rank >= len(spec.nodes):
            return None
        return node

    # --- hosts -----------------------------------------------------------------------

    def host_of(self, peer: str) -> str | None:
        """A peer as NCCL names it (an IP, or a host name maybe with a domain) -> our node name."""
        host = self.ips.get(peer)
        if host is not None:
            return host
        short = peer.split(".", 1)[0]
        if short in self.node_jobs or short in self.down or short in self._cluster_nodes():
            return short
        return None

    def canonical(self, host: str) -> str:
        """A host as a log line names it (maybe ``gpu-a-007.cluster.local``) -> the Slurm node name."""
        if host in self.node_jobs or host in self._cluster_nodes():
            return host
        short = host.split(".", 1)[0]
        if short != host and (short in self.node_jobs or short in self._cluster_nodes()):
            return short
        return host

    def _cluster_nodes(self) -> frozenset[str]:
        cached = getattr(self, "_nodeset", None)
        if cached is None or len(cached) != len(self.cluster.nodes):
            cached = frozenset(self.cluster.nodes)
            self._nodeset = cached
        return cached

    # --- history ----------------------------------------------------------------------

    def suspect(self, node: str, before: float, exclude_key: str, window_s: float) -> str | None:
        """Why ``node`` was already suspect before ``before`` (a readable line), or None."""
        for h in self.history:
            if (
                h.node == node
                and h.verdict.lower() in SUSPECT_VERDICTS
                and before - window_s <= h.at < before
            ):
                return f"history: {node} was {h.verdict} ({h.category}) before"
        for t, n, category, key in self.own_history:
            if n == node and key != exclude_key and before - window_s <= t <= before:
                return f"history: {node} was culprit of incident {key} ({category})"
        return None

    def record_verdict(self, t: float, node: str, category: str, key: str) -> None:
        for entry in self.own_history:
            if entry[1] == node and entry[3] == key:
                return
        self.own_history.append((t, node, category, key))
        if len(self.own_history) > 2000:
            del self.own_history[0]
