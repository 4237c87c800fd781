"""Op handlers for the later steps of a fault's cascade.

Each handler renders its lines when its time comes (so the state stays small) and
does nothing if the job has meanwhile ended or been requeued (``run`` changed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from monitoring.simulator import nccl, workload
from monitoring.simulator.faults import op_fault_arrival
from monitoring.simulator.life import COLLECTIVE
from monitoring.simulator.model import NODE_FAIL, RUNNING, Job
from monitoring.simulator.planners import frame_addr, ranks_on

if TYPE_CHECKING:
    from monitoring.simulator.cluster import SimulatedCluster


def _alive(sim: SimulatedCluster, op: dict[str, Any]) -> Job | None:
    job = sim.job_table.get(op.get("job", ""))
    if job is None or job.run != op["run"] or job.state != RUNNING:
        return None
    return job


def op_emit(sim: SimulatedCluster, op: dict[str, Any], t: float) -> None:
    sim.emit(dict(op["event"]))


def op_watchdog(sim: SimulatedCluster, op: dict[str, Any], t: float) -> None:
    job = _alive(sim, op)
    if job is None:
        return
    name, numel = COLLECTIVE[job.framework]
    timeout_ms = int(sim.cfg.nccl_timeout_s * 1000)
    ran = max(op["ran"], timeout_ms + sim.rng.randint(10, 250))
    lines = nccl.watchdog_timeout_lines(
        job, op["rank"], t, op["seq"], name, numel, timeout_ms, ran, frame_addr(sim.rng)
    )
    sim.joblog(job, t, lines, step=0.0003)


def op_rank_tb(sim: SimulatedCluster, op: dict[str, Any], t: float) -> None:
    """Python tracebacks from some ranks, each line with the rank's ``[rankN]:`` prefix."""
    job = _alive(sim, op)
    if job is None:
        return
    for i, rank in enumerate(op["ranks"]):
        local = op["gpu"] if op["gpu"] >= 0 else rank % job.tasks_per_node
        body = workload.traceback_lines(job, op["kind"], local, op.get("detail", ""))
        lines = [nccl.rank_line(job, rank, f"[rank{rank}]: {x}") for x in body]
        sim.joblog(job, t + i * 0.0002, lines, step=0.0003)


def op_ib_warn(sim: SimulatedCluster, op: dict[str, Any], t: float) -> None:
    job = _alive(sim, op)
    if job is None:
        return
    sim.joblog(job, t, nccl.ib_warn_lines(job, op["rank"], op["host"], op["pid"], op["tid"], op["err"]))


def op_remote_err(sim: SimulatedCluster, op: dict[str, Any], t: float) -> None:
    """The failing peer's c10d report naming the lost node's IP in its 'Last error'."""
    job = _alive(sim, op)
    if job is None:
        return
    rank = op["rank"]
    host = job.nodes[rank // job.tasks_per_node]
    bad = sim.node_table[op["bad"]]
    hca = nccl.HCAS[rank % job.tasks_per_node % len(nccl.HCAS)]
    err = nccl.ib_completion_error(sim.node_table[host].ip, bad.ip, sim.rng.randint(32768, 60999), hca)
    sim.joblog(job, t, nccl.remote_error_lines(job, rank, t, err, frame_addr(sim.rng)))


def op_teardown(sim: SimulatedCluster, op: dict[str, Any], t: float) -> None:
    """srun reports the failed tasks, cancels the step, reports the rest; Slurm's verdict follows."""
    job = _alive(sim, op)
    if job is None:
        return
    lines: list[tuple[float, str]] = []
    covered = set()
    for i, (node, ranks, status) in enumerate(op["first"]):
        if ranks:
            lines.append((t + i * 0.29, nccl.srun_task_error(node, ranks, status)))
            covered.add(node)
    if op["cancel"]:
        lines.append((t + 0.6, f"srun: Terminating StepId={job.id}.0"))
        lines.append((t + 0.89, nccl.step_cancelled(job, t + 0.89)))
    extra_nodes = {x[0] for x in op["extra"]}
    if op["rest"]:
        for i, node in enumerate(n for n in job.nodes if n not in covered and n not in extra_nodes):
            lines.append((t + 2.3 + i * 0.07, nccl.srun_task_error(node, ranks_on(job, node), op["rest"])))
    for i, (node, ranks, status) in enumerate(op["extra"]):
        if ranks:
            lines.append((t + 2.6 + i * 0.05, nccl.srun_task_error(node, ranks, status)))
    for when, line in lines:
        sim.emit({"t": when, "source": "joblog", "job": job.id, "line": line})
    if op["end"]:
        state, code, reason = op["end"]
        sim.schedule(t + 3.45, "end_job", job=job.id, run=job.run, state=state, exit_code=code, reason=reason)


def op_node_dead(sim: SimulatedCluster, op: dict[str, Any], t: float) -> None:
    """slurmctld gives up on a silent node: DOWN+NOT_RESPONDING, and its job NODE_FAILs."""
    node = sim.node_table[op["node"]]
    if not node.host_dead:
        return
    node.down = True
    if not node.drain:
        node.reason = "Not responding"
    sim.node_changed(node, t)
    sim.plan_repair(node, t)
    job = sim.job_table.get(node.job) if node.job else None
    if job is None or job.state != RUNNING:
        return
    sim.joblog(job, t + 0.4, [f"srun: error: Node failure on {node.name}"])
    sim.joblog(job, t + 0.5, [nccl.step_cancelled(job, t + 0.5, "DUE TO NODE FAILURE")])
    sim.joblog(job, t + 0.6, ["srun: Job step aborted: Waiting up to 32 seconds for job step to finish."])
    sim.end_job(job, t + 0.9, NODE_FAIL, "0:0", "NodeDown")


HANDLERS = {
    "emit": op_emit,
    "watchdog": op_watchdog,
    "rank_tb": op_rank_tb,
    "ib_warn": op_ib_warn,
    "remote_err": op_remote_err,
    "teardown": op_teardown,
    "node_dead": op_node_dead,
    "fault_arrival": op_fault_arrival,
}
