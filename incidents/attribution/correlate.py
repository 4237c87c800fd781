"""Correlation: which incident an observation belongs to, and when one opens.

An observation joins the open incident of its job's current attempt, else the
open incident its node is already part of, else (filesystem errors) an open
infrastructure incident of the last couple of minutes. Only *raising* kinds
open a new incident (a hardware Xid, a panic, a hang...); the rest wait as
pending evidence of their job or node and are folded in when something does
open, so that the cascade of a fault lands in the fault's incident and a lone
noisy line never becomes an alarm of its own.
"""

from __future__ import annotations

from typing import Any

from incidents.attribution.model import Incident
from incidents.attribution.world import World
from monitoring.detectors.schema import Kind, Observation

ALWAYS_RAISE = frozenset(
    {
        Kind.GPU_LOST,
        Kind.GPU_ECC,
        Kind.ROW_REMAP_FAILURE,
        Kind.NVSWITCH_FATAL,
        Kind.PCIE_FATAL,
        Kind.SLOW_GPU,
        Kind.KERNEL_PANIC,
        Kind.MCE_FATAL,
        Kind.HOST_MEM_UE,
        Kind.NODE_DOWN,
        Kind.JOB_NODE_FAIL,
        Kind.NODE_FAILURE_LINE,
        Kind.IB_BLAME,
        Kind.NCCL_TIMEOUT,
        Kind.HANG,
        Kind.CUDA_OOM,
        Kind.FS_ERROR,
        Kind.JOB_FAILED,
    }
)
PENDING_CAP = 64
NODE_PENDING_S = 900.0


class Correlator:
    """Routes observations into incidents; owns the incident table and its indexes."""

    def __init__(self, world: World, storm_window_s: float = 120.0, close_after_s: float = 1800.0) -> None:
        self.world = world
        self.storm_window_s = storm_window_s
        self.close_after_s = close_after_s
        self.incidents: dict[str, Incident] = {}
        self.by_job: dict[str, str] = {}  # "job#attempt" -> incident key
        self.by_node: dict[str, str] = {}  # node -> incident key
        self.pending_job: dict[str, list[Observation]] = {}
        self.pending_node: dict[str, list[Observation]] = {}
        self.exc_nodes: dict[str, dict[str, list[str]]] = {}  # job#attempt -> etype -> nodes
        self.seq = 0

    # --- routing ------------------------------------------------------------------------

    def _job_key(self, job: str) -> str:
        run = self.world.jobs.get(job)
        return f"{job}#{run.attempt if run else 0}"

    def _open(self, key: str | None) -> Incident | None:
        if key is None:
            return None
        inc = self.incidents.get(key)
        if inc is None or inc.closed or inc.superseded_by:
            return None
        return inc

    def observe(self, obs: Observation, changed: set[str]) -> None:
        """Fold one observation into the right incident (or pending); note what changed."""
        jobs = [obs.job] if obs.job else (self.world.jobs_hit_on(obs.node, obs.t) if obs.node else [])
        inc = self._find(obs, jobs)
        if inc is None and self._raises(obs):
            inc = self._create(obs, jobs)
        if inc is None:
            self._pend(obs)
            return
        self._attach(inc, obs, jobs)
        changed.add(inc.key)

    def _find(self, obs: Observation, jobs: list[str]) -> Incident | None:
        node_inc = self._open(self.by_node.get(obs.node)) if obs.node else None
        if node_inc is not None and obs.t - node_inc.updated_t > self.close_after_s:
            node_inc = None
        job_inc = None
        for job in jobs:
            job_inc = self._open(self.by_job.get(self._job_key(job)))
            if job_inc is not None:
                break
        if node_inc is not None and (job_inc is None or obs.job is None):
            return node_inc
        if job_inc is not None:
            return job_inc
        if obs.kind == Kind.FS_ERROR:
            return self._recent_infra(obs.t)
        return None

    def has_evidence(self, job: str) -> bool:
        """Whether the job's current attempt has an incident or a failed task on record."""
        jk = self._job_key(job)
        if self._open(self.by_job.get(jk)) is not None:
            return True
        return any(
            o.kind in (Kind.TASK_EXIT, Kind.EXCEPTION, Kind.CUDA_OOM) for o in self.pending_job.get(jk, ())
        )

    def _recent_infra(self, t: float) -> Incident | None:
        """An open incident of the last ``storm_window_s`` whose jobs saw filesystem errors."""
        for inc in reversed(list(self.incidents.values())):
            if inc.closed or inc.superseded_by or t - inc.updated_t > self.storm_window_s:
                continue
            if inc.verdict is not None and inc.verdict.node is not None:
                continue  # already explained by a node of its own
            if any(m.kind == Kind.FS_ERROR for m in inc.marks.values()):
                return inc
        return None

    def _raises(self, obs: Observation) -> bool:
        kind = obs.kind
        if obs.job is not None:
            run = self.world.jobs.get(obs.job)
            if run is not None and run.state in ("ended", "cancelling"):
                return False  # teardown chatter of a job that completed or was cancelled
        if kind in ALWAYS_RAISE:
            return True
        if kind == Kind.XID:
            return bool(obs.data.get("hardware"))
        if kind == Kind.IB_PORT_ERROR:
            # NCCL's own "port error" is raised, and so is the kernel's link-down of an
            # InfiniBand port under a running job; an Ethernet port (maybe management)
            # going down only joins the incident that NCCL errors open.
            if obs.job is not None:
                return True
            return bool(obs.data.get("fabric")) and bool(obs.node and self.world.running_jobs_on(obs.node))
        if kind == Kind.TASK_EXIT:
            return not obs.data.get("cascade")
        if kind == Kind.EXCEPTION and obs.job:
            return self._exception_spread(obs)
        return False

    def _exception_spread(self, obs: Observation) -> bool:
        """The same exception from ranks on two nodes (or two ranks of a one-node job)."""
        assert obs.job is not None
        per_job = self.exc_nodes.setdefault(self._job_key(obs.job), {})
        etype = str(obs.data.get("etype", ""))
        nodes = per_job.setdefault(etype, [])
        where = obs.node or f"rank{obs.rank}"
        if where not in nodes:
            nodes.append(where)
        run = self.world.jobs.get(obs.job)
        single = run is not None and len(run.spec.nodes) <= 1
        return len(nodes) >= 2 or (
            single and obs.rank is not None and len(nodes) >= 1 and self._ranks_seen(obs) >= 2
        )

    def _ranks_seen(self, obs: Observation) -> int:
        pend = self.pending_job.get(self._job_key(obs.job or ""), [])
        ranks = {
            o.rank for o in pend if o.kind == Kind.EXCEPTION and o.data.get("etype") == obs.data.get("etype")
        }
        ranks.add(obs.rank)
        return len(ranks)

    # --- mutation --------------------------------------------------------------------------

    def _create(self, obs: Observation, jobs: list[str]) -> Incident:
        self.seq += 1
        inc = Incident(key=f"i-{self.seq}", detected_t=obs.t, updated_t=obs.t)
        self.incidents[inc.key] = inc
        for job in jobs:
            self._adopt_pending(inc, self.pending_job.pop(self._job_key(job), []))
        if obs.node:
            self._adopt_pending(inc, self.pending_node.pop(obs.node, []), obs.t)
        for job in jobs:
            run = self.world.jobs.get(job)
            for node in run.spec.nodes if run else ():
                self._adopt_pending(inc, self.pending_node.pop(node, []), obs.t)
        return inc

    def _adopt_pending(self, inc: Incident, pending: list[Observation], now: float | None = None) -> None:
        for p in pending:
            if now is not None and now - p.t > NODE_PENDING_S:
                continue
            inc.add(p)
            if p.node and p.kind not in (Kind.IB_BLAME, Kind.TASK_EXIT):
                self.by_node.setdefault(p.node, inc.key)

    def _attach(self, inc: Incident, obs: Observation, jobs: list[str]) -> None:
        inc.add(obs)
        for job in jobs:
            if job not in inc.jobs:
                inc.jobs.append(job)
            run = self.world.jobs.get(job)
            inc.attempts.setdefault(job, run.attempt if run else 0)
            jk = self._job_key(job)
            if self._open(self.by_job.get(jk)) is None:
                self.by_job[jk] = inc.key
        if obs.node and self._node_specific(obs):
            if self._open(self.by_node.get(obs.node)) is None:
                self.by_node[obs.node] = inc.key

    @staticmethod
    def _node_specific(obs: Observation) -> bool:
        """Whether the observation is about its node (not just reported from it)."""
        return obs.kind not in (
            Kind.IB_BLAME,
            Kind.TASK_EXIT,
            Kind.NCCL_TIMEOUT,
            "nccl_work",
            Kind.EXCEPTION,
            Kind.NCCL_REMOTE_ERROR,
            Kind.FS_ERROR,
            Kind.CUDA_OOM,
            Kind.HANG,
            Kind.STRAGGLER,
        )

    def _pend(self, obs: Observation) -> None:
        if obs.job:
            lst = self.pending_job.setdefault(self._job_key(obs.job), [])
        elif obs.node:
            lst = self.pending_node.setdefault(obs.node, [])
            while lst and obs.t - lst[0].t > NODE_PENDING_S:
                del lst[0]
        else:
            return
        if len(lst) < PENDING_CAP:
            lst.append(obs)

    # --- lifecycle ---------------------------------------------------------------------------

    def job_restarted(self, job: str, old_attempt: int, new_nodes: tuple[str, ...]) -> None:
        """A new attempt: the old attempt's incident takes no more job evidence."""
        old_key = f"{job}#{old_attempt}"
        inc = self._open(self.by_job.pop(old_key, None))
        self.pending_job.pop(old_key, None)
        self.exc_nodes.pop(old_key, None)
        if inc is None:
            return
        culprit = inc.verdict.node if inc.verdict else None
        if culprit is None or culprit in new_nodes:
            inc.closed = True

    def close_quiet(self, now: float) -> None:
        for inc in self.incidents.values():
            if not inc.closed and now - inc.updated_t > self.close_after_s:
                inc.closed = True

    def supersede(self, survivor: Incident, absorbed: Incident) -> None:
        """Fold ``absorbed`` into ``survivor`` (one root cause found to be shared)."""
        for m in absorbed.marks.values():
            key = f"{m.kind}|{m.node}|{m.gpu}|{m.job}|{m.data.get('etype', '')}"
            survivor.marks.setdefault(key, m)
        for job in absorbed.jobs:
            if job not in survivor.jobs:
                survivor.jobs.append(job)
            jk = self._job_key(job)
            if self.by_job.get(jk) == absorbed.key:
                self.by_job[jk] = survivor.key
        survivor.detected_t = min(survivor.detected_t, absorbed.detected_t)
        survivor.updated_t = max(survivor.updated_t, absorbed.updated_t)
        absorbed.superseded_by = survivor.key
        absorbed.closed = True

    # --- state ---------------------------------------------------------------------------------

    def to_state(self) -> dict[str, Any]:
        return {
            "i": [inc.to_state() for inc in self.incidents.values()],
            "bj": self.by_job,
            "bn": self.by_node,
            "seq": self.seq,
            "pj": {k: [_obs_state(o) for o in v] for k, v in self.pending_job.items()},
            "pn": {k: [_obs_state(o) for o in v] for k, v in self.pending_node.items()},
            "ex": self.exc_nodes,
        }

    def load_state(self, d: dict[str, Any]) -> None:
        self.incidents = {}
        for raw in d.get("i", []):
            inc = Incident.from_state(raw)
            self.incidents[inc.key] = inc
        self.by_job, self.by_node = dict(d.get("bj", {})), dict(d.get("bn", {}))
        self.seq = int(d.get("seq", 0))
        self.pending_job = {k: [_obs_load(o) for o in v] for k, v in d.get("pj", {}).items()}
        self.pending_node = {k: [_obs_load(o) for o in v] for k, v in d.get("pn", {}).items()}
        self.exc_nodes = {k: {e: list(n) for e, n in v.items()} for k, v in d.get("ex", {}).items()}


def _obs_state(o: Observation) -> list[Any]:
    return [o.t, o.kind, o.node, o.job, o.gpu, o.rank, o.text, o.data]


def _obs_load(d: list[Any]) -> Observation:
    return Observation(float(d[0]), d[1], d[2], d[3], d[4], d[5], d[6], dict(d[7]))
