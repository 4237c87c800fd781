"""The simulated cluster: state, the time-ordered op queue, actions and queries.

It is a small discrete-event simulation. Everything that will happen (a GPU sample, the
next progress line, a rank's watchdog firing, a technician's repair) is an op in one
heap ordered by time; :meth:`SimulatedCluster.advance` pops ops up to ``now`` and
returns the events they produced, sorted by ``t``. The clock is never read: callers
pass ``now``. The whole world serialises to a JSON-able dict so it can live in Redis
between Celery ticks.
"""

from __future__ import annotations

import heapq
import random
from typing import Any

from monitoring.detectors.hostlist import compress, expand
from monitoring.detectors.schema import ClusterSpec, JobSpec
from monitoring.simulator import cascade, faults, life, nccl, telemetry
from monitoring.simulator.config import SimConfig
from monitoring.simulator.model import CANCELLED, PENDING, RUNNING, TERMINAL_STATES, Job, Node

STATE_VERSION = 1
KEEP_TERMINAL_JOBS = 30
KEEP_FAULTS = 200


def op_node_booted(sim: SimulatedCluster, op: dict[str, Any], t: float) -> None:
    """The rebooted host registers again: new boot time, still drained (reboot without ASAP)."""
    node = sim.node_table[op["node"]]
    if not node.rebooting or node.host_dead:  # a dead host (power, panic) does not boot again
        return
    node.rebooting, node.down = False, False
    node.boot_time = t
    if node.reboot_heals:
        node.broken = False
        node.gpus = [telemetry.repaired(g) for g in node.gpus]
    sim.node_changed(node, t)
    if node.broken:
        sim.plan_repair(node, t)  # the reboot did not fix it: back on the technician's list


HANDLERS: dict[str, Any] = {**life.HANDLERS, **cascade.HANDLERS, "node_booted": op_node_booted}


def node_ip(index: int) -> str:
    """A stable, unique IPoIB address per node (NCCL's Bootstrap line prints it)."""
    block, host = divmod(index, 233)
    return f"10.42.{3 + block}.{(index * 37) % 233 + 11}"


def slurm_state(node: Node) -> str:
    """The node state as ``scontrol``/``sinfo`` print it (``IDLE+DRAIN``, ``DOWN+NOT_RESPONDING``)."""
    if node.down:
        parts = ["DOWN"]
    elif node.job is not None:
        parts = ["ALLOCATED"]
    else:
        parts = ["IDLE"]
    if node.drain:
        parts.append("DRAIN")
    if node.down and node.host_dead:
        parts.append("NOT_RESPONDING")
    if node.rebooting:
        parts.append("REBOOT_ISSUED")
    return "+".join(parts)


class SimulatedCluster:
    """A Slurm GPU cluster that trains, breaks in realistic ways and obeys actions."""

    def __init__(self, config: SimConfig | None = None, *, now: float, _empty: bool = False) -> None:
        self.cfg = config or SimConfig()
        self.rng = random.Random(self.cfg.seed)
        self.clock = float(now)
        self.node_table: dict[str, Node] = {}  # named *_table: nodes()/jobs() are the public views
        self.job_table: dict[str, Job] = {}
        self.queue: list[list[Any]] = []
        self.outbox: list[list[Any]] = []
        self.seq = 0
        self.emit_n = 0
        self.next_job_id = 4101
        self.fault_log: list[dict[str, Any]] = []
        self.fault_n = 0
        if not _empty:
            self._build(now)

    # ---- construction -------------------------------------------------------------
    def _build(self, now: float) -> None:
        part_of: dict[str, str] = {}
        for part, expr in self.cfg.partitions.items():
            for name in expand(expr):
                part_of.setdefault(name, part)
        for i, name in enumerate(expand(self.cfg.nodes)):
            gpus = [telemetry.new_gpu(self.rng) for _ in range(self.cfg.gpus_per_node)]
            part = part_of.get(name, self.cfg.default_partition)
            self.node_table[name] = Node(name=name, partition=part, ip=node_ip(i), gpus=gpus)
        self._initial_jobs(now)
        for node in self.node_table.values():
            self.node_changed(node, now)
            self.schedule(now + self.rng.uniform(0, self.cfg.sample_interval_s), "sample", node=node.name)
        self.schedule(now + life.SCHEDULER_PERIOD_S, "scheduler")
        self.schedule(now + self.rng.uniform(5, 60), "noise")
        faults.schedule_next_arrival(self, now)

    def _initial_jobs(self, now: float) -> None:
        """About six jobs, one on the canary partition, starting up as the demo begins.

        One of the batch jobs has not opted in to recovery (it is monitored, never
        requeued), and the sizes leave a few batch nodes free so a requeue can land.
        """
        opted = [t for t in life.TEMPLATES if t[6] is not None]
        plain = [t for t in life.TEMPLATES if t[6] is None]
        tpls = self.rng.sample(opted, 4)
        tpls.insert(self.rng.randrange(1, 5), self.rng.choice(plain))
        plan = [(tpl, self.cfg.default_partition) for tpl in tpls]
        if "canary" in self.cfg.partitions:
            plan.append((life.CANARY_TEMPLATES[0], "canary"))
        hostile = {1: life.HOSTILE_NAMES[0], 3: life.HOSTILE_NAMES[1]} if self.cfg.hostile_names else {}
        for i, (tpl, part) in enumerate(plan):
            job = life.make_job(self, tpl, part, now, hostile=hostile.get(i, ""))
            if part == self.cfg.default_partition and i > 0:
                job.n_nodes = min(job.n_nodes, 4)
            cand = life.free_nodes(self, job)
            if len(cand) < job.n_nodes:
                self.next_job_id -= 1
                continue
            self.job_table[job.id] = job
            life.start_job(self, job, cand[: job.n_nodes], now + i * 1.5)

    # ---- plumbing used by op handlers -----------------------------------------------
    def schedule(self, t: float, op: str, **kw: Any) -> None:
        self.seq += 1
        heapq.heappush(self.queue, [round(t, 6), self.seq, {"op": op, **kw}])

    def emit(self, event: dict[str, Any]) -> None:
        self.emit_n += 1
        event["t"] = round(max(event["t"], self.clock), 3)
        self.outbox.append([event["t"], self.emit_n, event])

    def joblog(self, job: Job, t: float, lines: list[str], step: float = 0.0004) -> None:
        for i, line in enumerate(lines):
            self.emit({"t": t + i * step, "source": "joblog", "job": job.id, "line": line})

    def kernel(self, node: str, t: float, lines: list[str], step: float = 0.001) -> None:
        for i, line in enumerate(lines):
            self.emit({"t": t + i * step, "source": "kernel", "node": node, "line": line})

    def slurm_job(
        self, job: Job, t: float, state: str, exit_code: str, reason: str | None = None, nodes: bool = False
    ) -> None:
        ev: dict[str, Any] = {
            "t": t,
            "source": "slurm",
            "kind": "job_state",
            "job": job.id,
            "state": state,
            "exit_code": exit_code,
        }
        if reason is not None:
            ev["reason"] = reason
        if nodes:
            ev["nodes"] = compress(job.nodes)
        self.emit(ev)

    def node_changed(self, node: Node, t: float) -> None:
        """Emit a node_state event if what sinfo would print changed."""
        state = slurm_state(node)
        if state == node.last_state and node.reason == node.last_reason:
            return
        node.last_state, node.last_reason = state, node.reason
        self.emit(
            {
                "t": t,
                "source": "slurm",
                "kind": "node_state",
                "node": node.name,
                "state": state,
                "reason": node.reason,
            }
        )

    def end_job(self, job: Job, t: float, state: str, exit_code: str, reason: str = "") -> None:
        if job.state != RUNNING:
            return
        job.state, job.exit_code, job.reason, job.ended = state, exit_code, reason, t
        job.hung = job.doomed = False
        self.slurm_job(job, t, state, exit_code, reason=reason or None)
        self._release(job, t)

    def _release(self, job: Job, t: float) -> None:
        for name in job.nodes:
            node = self.node_table.get(name)
            if node is not None and node.job == job.id:
                node.job = None
                self.node_changed(node, t + 0.2)

    def plan_repair(self, node: Node, t: float) -> None:
        """Put the node on the technician's list (once) if it is drained or DOWN."""
        if node.repair_at is not None or not (node.drain or node.down):
            return
        node.repair_gen += 1
        node.repair_at = t + self.cfg.repair_time_s
        self.schedule(node.repair_at, "repair", node=node.name, gen=node.repair_gen)

    def prune_jobs(self) -> None:
        done = [j for j in self.job_table.values() if j.state in TERMINAL_STATES]
        done.sort(key=lambda j: (j.ended or 0.0, int(j.id)))
        for job in done[:-KEEP_TERMINAL_JOBS]:
            del self.job_table[job.id]

    def node_or_error(self, name: str) -> Node:
        node = self.node_table.get(name)
        if node is None:
            raise ValueError(f"unknown node {name!r}; this cluster has {compress(list(self.node_table))}")
        return node

    def job_or_error(self, job_id: str) -> Job:
        job = self.job_table.get(str(job_id))
        if job is None:
            raise ValueError(f"unknown job {job_id!r}")
        return job

    # ---- time -----------------------------------------------------------------------
    def advance(self, now: float) -> list[dict[str, Any]]:
        """Everything that happened since the last call, up to ``now``, ordered by ``t``."""
        self._run_until(now)
        self.outbox.sort(key=lambda e: (e[0], e[1]))
        cut = 0
        while cut < len(self.outbox) and self.outbox[cut][0] <= now:
            cut += 1
        out = [e[2] for e in self.outbox[:cut]]
        del self.outbox[:cut]
        return out

    def _run_until(self, now: float) -> None:
        if now <= self.clock:
            return
        gap = now - self.clock
        if gap > self.cfg.max_catchup_s:
            self._skip(gap - self.cfg.max_catchup_s)
        while self.queue and self.queue[0][0] <= now:
            t, _, op = heapq.heappop(self.queue)
            self.clock = max(self.clock, t)
            HANDLERS[op["op"]](self, op, t)
        self.clock = max(self.clock, now)

    def _skip(self, delta: float) -> None:
        """A long pause (the demo was stopped): the world pauses too, instead of replaying hours."""
        for entry in self.queue:
            entry[0] = round(entry[0] + delta, 6)
        for entry in self.outbox:
            entry[0] = round(entry[0] + delta, 3)
            entry[2]["t"] = entry[0]
        for node in self.node_table.values():
            if node.repair_at is not None:
                node.repair_at += delta
            for g in node.gpus:
                if g.throttle:
                    g.throttle_since += delta
        for job in self.job_table.values():
            job.eligible_at += delta
            job.run_start_t += delta
        self.clock += delta

    def _at(self, now: float) -> float:
        self._run_until(now)
        return max(float(now), self.clock)

    # ---- actions --------------------------------------------------------------------
    def drain(self, node: str, reason: str, now: float) -> bool:
        """``scontrol update state=drain``: no new work; a running job keeps running. Idempotent."""
        n = self.node_or_error(node)
        t = self._at(now)
        if n.drain:
            return False
        n.drain, n.reason = True, reason or "drained"
        self.node_changed(n, t)
        self.plan_repair(n, t)
        return True

    def resume(self, node: str, now: float) -> bool:
        """``scontrol update state=resume``: back in service (a dead host stays DOWN)."""
        n = self.node_or_error(node)
        t = self._at(now)
        if not (n.drain or (n.down and not n.host_dead)):
            return False
        n.drain = False
        if not n.host_dead:
            n.down = False
            n.reason = ""
        n.repair_gen += 1
        n.repair_at = None
        self.node_changed(n, t)
        if n.down:
            self.plan_repair(n, t)
        return True

    def reboot(self, node: str, reason: str, now: float) -> bool:
        """``scontrol reboot reason=.. NODE`` on a drained, idle node: DOWN+REBOOT_ISSUED, back
        drained after ``reboot_time_s`` with a new boot time. Idempotent; refused with a job on it."""
        n = self.node_or_error(node)
        t = self._at(now)
        if n.rebooting or n.job is not None or not n.drain:
            return False
        n.rebooting, n.down, n.reason = True, True, reason or n.reason
        n.repair_gen += 1  # the technician waits: the reboot is the repair being tried
        n.repair_at = None
        self.node_changed(n, t)
        self.schedule(t + self.cfg.reboot_time_s, "node_booted", node=n.name)
        return True

    def health_check(self, node: str, now: float) -> tuple[int, str]:
        """What the site's health check (NHC, ``dcgmi diag -r 1``) would say: rc and its output."""
        n = self.node_or_error(node)
        self._at(now)
        if n.rebooting or n.host_dead:
            return 255, f"{node}: host not reachable"
        if n.broken:
            return 1, f"ERROR: {node}: GPU diagnostic failed (Xid fault persists after reboot)"
        return 0, f"OK: {node}: {len(n.gpus)} GPUs passed diagnostic level 1"

    def requeue(
        self, job_id: str, exclude: list[str] | tuple[str, ...] = (), now: float | None = None
    ) -> bool:
        """``scontrol requeue`` (+ ``--exclude``): PENDING, then restart elsewhere from the checkpoint.

        Idempotent: requeueing a job that is already pending only adds to its exclusions.
        """
        if now is None:
            raise TypeError("requeue() needs now=")
        job = self.job_or_error(job_id)
        for name in exclude:
            self.node_or_error(name)
        t = self._at(now)
        job.exclude = sorted(set(job.exclude) | set(exclude))
        if job.state == PENDING:
            return False
        if job.state == RUNNING:
            self.joblog(job, t, [nccl.job_cancelled(job, t, "DUE TO JOB REQUEUE")])
            self._release(job, t)
        job.state, job.reason, job.exit_code = PENDING, "BeginTime", "0:0"
        job.restarts += 1
        job.hung = job.doomed = False
        job.nodes = []
        job.eligible_at = t + self.cfg.requeue_delay_s
        self.slurm_job(job, t + 0.1, PENDING, "0:0", reason="BeginTime")
        self.schedule(job.eligible_at, "start_pending", job=job.id)
        return True

    def cancel(self, job_id: str, now: float) -> bool:
        """``scancel``: a running job's step is cancelled, a pending one just leaves the queue."""
        job = self.job_or_error(job_id)
        t = self._at(now)
        if job.state in TERMINAL_STATES:
            return False
        if job.state == RUNNING:
            self.joblog(job, t, [nccl.job_cancelled(job, t)])
            self.end_job(job, t + 0.5, CANCELLED, "0:15")
        else:
            job.state, job.exit_code, job.ended = CANCELLED, "0:0", t
            self.slurm_job(job, t, CANCELLED, "0:0")
        return True

    def inject(
        self,
        kind: str,
        node: str | None = None,
        *,
        now: float,
        gpu: int | None = None,
        job: str | None = None,
    ) -> dict[str, Any]:
        """Make a fault happen now; returns its ground-truth record."""
        t = self._at(now)
        return faults.inject(self, kind, node=node, gpu=gpu, job_id=job, t=t, origin="injected")

    # ---- queries --------------------------------------------------------------------
    def nodes(self) -> list[dict[str, Any]]:
        """Nodes as ``sinfo`` would list them: state string, reason, partition, GPUs, current job."""
        return [
            {
                "name": n.name,
                "partition": n.partition,
                "state": slurm_state(n),
                "reason": n.reason,
                "gpus": len(n.gpus),
                "job": n.job,
                "ip": n.ip,
                "boot_time": n.boot_time,
            }
            for n in self.node_table.values()
        ]

    def jobs(self) -> list[dict[str, Any]]:
        """Jobs as ``squeue``/``sacct`` would list them, plus training progress and requeue history."""
        return [
            {
                "id": j.id,
                "name": j.name,
                "user": j.user,
                "partition": j.partition,
                "nodes": compress(j.nodes) if j.nodes else "",
                "node_list": list(j.nodes),
                "tasks_per_node": j.tasks_per_node,
                "state": j.state,
                "reason": j.reason,
                "exit_code": j.exit_code,
                "started": j.started,
                "submitted": j.submitted,
                "ended": j.ended,
                "comment": j.comment,
                "restarts": j.restarts,
                "exclude": list(j.exclude),
                "iteration": j.iteration,
                "checkpoint_iteration": j.last_ckpt,
                "framework": j.framework,
            }
            for j in sorted(self.job_table.values(), key=lambda j: int(j.id))
        ]

    def cluster_spec(self) -> ClusterSpec:
        parts = {p: tuple(expand(e)) for p, e in self.cfg.partitions.items()}
        return ClusterSpec(
            name=self.cfg.cluster_name,
            nodes=tuple(self.node_table),
            gpus_per_node=self.cfg.gpus_per_node,
            partition=self.cfg.default_partition,
            pci_bus_ids=tuple(self.cfg.pci_bus_ids),
            partitions=parts,
        )

    def job_specs(self) -> list[JobSpec]:
        return [
            JobSpec(
                id=j.id,
                name=j.name,
                user=j.user,
                nodes=tuple(j.nodes),
                tasks_per_node=j.tasks_per_node,
                started=j.started,
                comment=j.comment,
                partition=j.partition,
            )
            for j in sorted(self.job_table.values(), key=lambda j: int(j.id))
            if j.state == RUNNING
        ]

    def faults(self) -> list[dict[str, Any]]:
        """Ground truth: every injected or drawn fault, oldest first."""
        return [dict(f) for f in self.fault_log]

    # ---- persistence ----------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        """The whole world as JSON-able data (about 100–200 KB), for Redis between ticks."""
        version, internal, gauss = self.rng.getstate()
        return {
            "version": STATE_VERSION,
            "config": self.cfg.to_dict(),
            "clock": self.clock,
            "rng": [version, list(internal), gauss],
            "nodes": [n.to_dict() for n in self.node_table.values()],
            "jobs": [j.to_dict() for j in self.job_table.values()],
            "queue": [[t, n, dict(op)] for t, n, op in self.queue],
            "outbox": [[t, n, dict(ev)] for t, n, ev in self.outbox],
            "seq": self.seq,
            "emit_n": self.emit_n,
            "next_job_id": self.next_job_id,
            "faults": self.fault_log[-KEEP_FAULTS:],
            "fault_n": self.fault_n,
        }

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> SimulatedCluster:
        if state.get("version") != STATE_VERSION:
            raise ValueError(f"unsupported simulator state version {state.get('version')!r}")
        sim = cls(SimConfig.from_dict(state["config"]), now=state["clock"], _empty=True)
        version, internal, gauss = state["rng"]
        sim.rng.setstate((version, tuple(internal), gauss))
        sim.node_table = {d["name"]: Node.from_dict(d) for d in state["nodes"]}
        sim.job_table = {d["id"]: Job.from_dict(d) for d in state["jobs"]}
        sim.queue = [list(e) for e in state["queue"]]
        heapq.heapify(sim.queue)
        sim.outbox = [list(e) for e in state["outbox"]]
        sim.seq, sim.emit_n = state["seq"], state["emit_n"]
        sim.next_job_id = state["next_job_id"]
        sim.fault_log = list(state["faults"])
        sim.fault_n = state["fault_n"]
        return sim
