"""Normal life on the simulated cluster: jobs start, train, checkpoint, finish; GPUs report.

Every function here is an *op handler*: the cluster pops a scheduled op from its
time-ordered queue and calls the handler with the op's time. Handlers may emit events
and schedule further ops; all randomness comes from the cluster's seeded RNG, in queue
order, so a run is reproducible however ``advance`` is chunked.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from monitoring.detectors.schema import parse_opt_in
from monitoring.simulator import kernel, nccl, telemetry, workload
from monitoring.simulator.model import COMPLETED, FAILED, NODE_FAIL, PENDING, RUNNING, Job

if TYPE_CHECKING:
    from monitoring.simulator.cluster import SimulatedCluster

LOG_EVERY = 10  # iterations between progress lines (Megatron's --log-interval)
SCHEDULER_PERIOD_S = 10.0
REQUEUE_WINDOW_S = 180.0  # how long the filler keeps room for a failed job's requeue
COLLECTIVE = {
    "megatron": ("ALLREDUCE", 262144),
    "nemo": ("_REDUCE_SCATTER_BASE", 50331648),
    "titan": ("_ALLGATHER_BASE", 117440512),
}

# (name, user, framework, model, node counts, seconds per iteration, max_requeues or None)
TEMPLATES: list[tuple[str, str, str, str, tuple[int, ...], float, int | None]] = [
    ("llama-70b-pretrain", "alice", "megatron", "llama3-70b", (4, 8), 1.83, 3),
    ("gpt-13b-sft", "bob", "nemo", "gpt-13b", (2, 4), 0.91, 2),
    ("llama3-405b-ft", "carol", "titan", "llama3-405b", (8,), 2.9, 2),
    ("mixtral-8x7b-pt", "erin", "titan", "mixtral-8x7b", (4,), 1.55, 5),
    ("gpt-175b-pretrain", "dave", "megatron", "gpt-175b", (8,), 3.98, 2),
    ("llama-34b-cont", "bob", "nemo", "llama-34b", (4,), 1.42, 3),
    ("mistral-22b-pt", "erin", "titan", "mistral-22b", (4,), 1.7, None),
    ("code-15b-sft", "bob", "nemo", "code-15b", (2,), 0.70, None),
    ("llama-8b-pretrain", "carol", "megatron", "llama3-8b", (2, 4), 1.2, 3),
]
CANARY_TEMPLATES: list[tuple[str, str, str, str, tuple[int, ...], float, int | None]] = [
    ("llava-13b-sft", "carol", "nemo", "llava-13b", (2,), 0.66, 2),
    ("nccl-tests-canary", "ops", "megatron", "llama3-8b", (2,), 1.1, 1),
]
HOSTILE_NAMES = ("<script>alert(1)</script>", '$(touch /tmp/pwned); `id` & echo "\'"')


def make_job(sim: SimulatedCluster, tpl: tuple[Any, ...], partition: str, t: float, hostile: str = "") -> Job:
    """A fresh job from a template, with its own checkpoint history and pace."""
    rng = sim.rng
    name, user, fw, model, sizes, iter_s, max_rq = tpl
    jid = str(sim.next_job_id)
    sim.next_job_id += 1
    ckpt_dir = f"/lustre/ckpt/{jid}"
    comment = ""
    if max_rq is not None:
        comment = json.dumps({"recovery": {"max_requeues": max_rq, "checkpoint_dir": ckpt_dir}})
    iter_s = round(iter_s * rng.uniform(0.97, 1.03), 3)
    every = max(50, int(rng.uniform(180, 360) / iter_s / LOG_EVERY) * LOG_EVERY)
    start_iter = rng.randint(2, 120) * every
    return Job(
        id=jid,
        name=hostile or name,
        user=user,
        partition=partition,
        framework=fw,
        model=model,
        n_nodes=rng.choice(sizes),
        comment=comment,
        ckpt_dir=ckpt_dir,
        submitted=t,
        eligible_at=t,
        iteration=start_iter,
        last_ckpt=start_iter,
        ckpt_every=every,
        iter_s=iter_s,
        loss=round(rng.uniform(1.9, 2.4), 4),
        gbs=1024,
    )


def free_nodes(sim: SimulatedCluster, job: Job) -> list[str]:
    """Nodes Slurm could give this job now: its partition, idle, up, not drained or excluded."""
    out = []
    for node in sim.node_table.values():
        if node.partition != job.partition or node.job is not None:
            continue
        if node.drain or node.down or node.host_dead or node.broken or node.name in job.exclude:
            continue
        out.append(node.name)
    return out


def try_start(sim: SimulatedCluster, job: Job, t: float) -> bool:
    cand = free_nodes(sim, job)
    if len(cand) < job.n_nodes:
        if job.reason != "Resources":
            job.reason = "Resources"
            sim.slurm_job(job, t, PENDING, "0:0", reason="Resources")
        return False
    start_job(sim, job, cand[: job.n_nodes], t)
    return True


def start_job(sim: SimulatedCluster, job: Job, nodes: list[str], t: float) -> None:
    """Allocate, announce RUNNING with the node list, and begin the boot sequence."""
    rng = sim.rng
    job.nodes = list(nodes)
    job.state, job.reason, job.exit_code = RUNNING, "", "0:0"
    job.started, job.ended = t, None
    job.run += 1
    job.hung = job.doomed = False
    job.iteration = job.last_ckpt
    job.run_start_iter = job.iteration
    job.seq_base = rng.randint(2, 9) * 10000 + rng.randint(0, 9999)
    duration = rng.uniform(*sim.cfg.job_minutes) * 60.0
    job.end_iter = job.iteration + max(LOG_EVERY, int(duration / job.iter_s) // LOG_EVERY * LOG_EVERY)
    job.pids = [rng.randint(400_000, 3_900_000) for _ in nodes]
    for name in nodes:
        sim.node_table[name].job = job.id
    sim.slurm_job(job, t, RUNNING, "0:0", nodes=True)
    for name in nodes:
        sim.node_changed(sim.node_table[name], t + 0.3)
    sim.schedule(t + 2.0, "boot", job=job.id, run=job.run, phase=0)


def _alive(sim: SimulatedCluster, op: dict[str, Any]) -> Job | None:
    job = sim.job_table.get(op["job"])
    if job is None or job.run != op["run"] or job.state != RUNNING:
        return None
    return job


def op_boot(sim: SimulatedCluster, op: dict[str, Any], t: float) -> None:
    """Start-up in phases: preamble, NCCL init on every rank, checkpoint load, training."""
    job = _alive(sim, op)
    if job is None:
        return
    phase = op["phase"]
    if phase == 0:
        sim.joblog(job, t, workload.preamble_lines(job, t))
        sim.schedule(t + 2.0, "boot", job=job.id, run=job.run, phase=1)
    elif phase == 1:
        comm, comm_id = sim.rng.getrandbits(44), sim.rng.getrandbits(63)
        for rank in range(job.world):
            host = job.nodes[rank // job.tasks_per_node]
            bus = sim.cfg.pci_bus_ids[rank % job.tasks_per_node % len(sim.cfg.pci_bus_ids)]
            lines = nccl.startup_lines(job, rank, host, sim.node_table[host].ip, bus, comm, comm_id)
            sim.joblog(job, t + rank * 0.004, lines)
        sim.schedule(t + 8.0, "boot", job=job.id, run=job.run, phase=2)
    elif phase == 2:
        sim.joblog(job, t, workload.load_start_lines(job, t))
        load_s = round(sim.rng.uniform(15, 40), 2) if job.last_ckpt > 0 else 2.0
        sim.schedule(t + load_s, "boot", job=job.id, run=job.run, phase=3, load_s=load_s)
    else:
        sim.joblog(job, t, workload.load_done_lines(job, t, op.get("load_s", 0.0)))
        job.run_start_t = t
        sim.schedule(t + LOG_EVERY * job.iter_s, "log", job=job.id, run=job.run)


def job_slowdown(sim: SimulatedCluster, job: Job, t: float) -> float:
    worst = 1.0
    for name in job.nodes:
        for g in sim.node_table[name].gpus:
            worst = max(worst, telemetry.slowdown(g, t))
    return worst


def model_billions(model: str) -> float:
    """``llama3-70b`` -> 70, ``mixtral-8x7b`` -> 47 (its total parameters)."""
    m = re.search(r"(\d+)x(\d+)b$", model)
    if m:
        return 47.0 if model.startswith("mixtral-8x7b") else float(m.group(1)) * float(m.group(2))
    m = re.search(r"(\d+)b$", model)
    return float(m.group(1)) if m else 13.0


def save_seconds(job: Job) -> float:
    """How long a full checkpoint write takes: ~20 s for 8B, ~60 s for 405B, as recorded runs show."""
    return 18.0 + 0.11 * model_billions(job.model)


def op_log(sim: SimulatedCluster, op: dict[str, Any], t: float) -> None:
    """Ten more iterations done: print progress, maybe checkpoint, maybe finish."""
    job = _alive(sim, op)
    if job is None or job.hung:
        return
    rng = sim.rng
    step_s = job.iter_s * job_slowdown(sim, job, t) * rng.uniform(0.99, 1.01)
    job.iteration += LOG_EVERY
    job.loss = max(0.8, job.loss - 0.0004 + rng.uniform(-0.02, 0.02))
    sim.joblog(job, t, [workload.progress_line(job, t, step_s, rng.uniform(0.55, 1.15))])
    if rng.random() < 0.004:
        sim.joblog(
            job, t + 0.2, [nccl.rank_line(job, 0, "wandb: Network error (ReadTimeout), entering retry loop.")]
        )
    nxt = t + LOG_EVERY * step_s
    if job.iteration >= job.end_iter:
        sim.joblog(job, t + 1.0, workload.completion_lines(job, t + 1.0))
        sim.schedule(t + 4.0, "end_job", job=job.id, run=job.run, state=COMPLETED, exit_code="0:0", reason="")
        return
    if job.iteration % job.ckpt_every == 0:
        # Megatron and torchtitan bracket a 15-60 s save with start/done lines; NeMo prints
        # one line and its (async, distributed) save costs the step a second or two.
        save_s = round(
            rng.uniform(0.8, 2.5) if job.framework == "nemo" else save_seconds(job) * rng.uniform(0.85, 1.2),
            2,
        )
        sim.joblog(job, t + 0.5, workload.ckpt_start_lines(job, t + 0.5))
        sim.schedule(
            t + 0.5 + save_s, "ckpt_done", job=job.id, run=job.run, step=job.iteration, save_s=save_s
        )
        nxt += save_s
    sim.schedule(nxt, "log", job=job.id, run=job.run)


def op_ckpt_done(sim: SimulatedCluster, op: dict[str, Any], t: float) -> None:
    job = _alive(sim, op)
    if job is None or job.hung:
        return
    job.last_ckpt = op["step"]
    sim.joblog(job, t, workload.ckpt_done_lines(job, t, op["step"], op["save_s"]))


def op_end_job(sim: SimulatedCluster, op: dict[str, Any], t: float) -> None:
    job = _alive(sim, op)
    if job is not None:
        sim.end_job(job, t, op["state"], op["exit_code"], op.get("reason", ""))


def op_sample(sim: SimulatedCluster, op: dict[str, Any], t: float) -> None:
    """Every GPU of one node reports; a dead host reports nothing."""
    node = sim.node_table[op["node"]]
    period = sim.cfg.sample_interval_s
    sim.schedule(t + period * sim.rng.uniform(0.98, 1.02), "sample", node=node.name)
    if node.host_dead:
        return
    job = sim.job_table.get(node.job) if node.job else None
    busy = job is not None and job.state == RUNNING
    for i, g in enumerate(node.gpus):
        fields = telemetry.sample(g, busy, t, sim.rng)
        sim.emit({"t": t + i * 0.0002, "source": "gpu", "node": node.name, "gpu": i, "fields": fields})


def op_noise(sim: SimulatedCluster, op: dict[str, Any], t: float) -> None:
    rate = sim.cfg.kernel_noise_per_node_hour * len(sim.node_table) / 3600.0
    if rate <= 0:
        return
    sim.schedule(t + sim.rng.expovariate(rate), "noise")
    up = [n for n in sim.node_table.values() if not n.host_dead]
    if up:
        node = sim.rng.choice(up)
        sim.kernel(node.name, t, [kernel.noise_line(t, sim.rng)])


def op_repair(sim: SimulatedCluster, op: dict[str, Any], t: float) -> None:
    """The technician: fix the hardware of a drained or DOWN node and return it to service."""
    node = sim.node_table[op["node"]]
    if node.repair_gen != op["gen"]:
        return
    if node.job is not None:  # a drained node still finishing its job: come back later
        sim.schedule(t + 60.0, "repair", node=node.name, gen=node.repair_gen)
        return
    node.repair_at = None
    node.gpus = [telemetry.repaired(g) for g in node.gpus]
    node.host_dead = node.broken = node.drain = node.down = False
    node.reason = ""
    sim.node_changed(node, t)


def op_quiet_fix(sim: SimulatedCluster, op: dict[str, Any], t: float) -> None:
    """Hardware nobody drained gets fixed in a later maintenance window, quietly.

    Without this a long demo slowly runs out of healthy nodes whenever a fault was
    missed or not acted on; with it the fault stays visible for a long while first.
    """
    node = sim.node_table[op["node"]]
    if node.drain or node.down:
        return  # the technician's normal path owns it
    if node.job is not None:
        sim.schedule(t + 120.0, "quiet_fix", node=node.name)
        return
    node.gpus = [telemetry.repaired(g) for g in node.gpus]
    node.broken = node.host_dead = False


def op_scheduler(sim: SimulatedCluster, op: dict[str, Any], t: float) -> None:
    """slurmctld's main loop, coarsely: start eligible pending jobs, keep the queue fed."""
    sim.schedule(t + SCHEDULER_PERIOD_S, "scheduler")
    pending = sorted(
        (j for j in sim.job_table.values() if j.state == PENDING and j.eligible_at <= t),
        key=lambda j: (j.eligible_at, int(j.id)),
    )
    for job in pending:
        try_start(sim, job, t)
    active = [j for j in sim.job_table.values() if j.state in (RUNNING, PENDING)]
    if len(active) < sim.cfg.target_jobs:
        submit_filler(sim, t)
    sim.prune_jobs()


def _requeue_reserve(sim: SimulatedCluster, partition: str, t: float) -> int:
    """Nodes to leave free for opted-in jobs that just failed: the controller may requeue them."""
    return min(
        8,
        sum(
            j.n_nodes
            for j in sim.job_table.values()
            if j.partition == partition
            and j.state in (FAILED, NODE_FAIL)
            and parse_opt_in(j.comment).may_requeue
            and t - (j.ended or 0.0) < REQUEUE_WINDOW_S
        ),
    )


def submit_filler(sim: SimulatedCluster, t: float) -> Job | None:
    """Submit a job that fits the free capacity (keeping headroom for requeues)."""
    canary_busy = any(
        j.partition == "canary" and j.state in (RUNNING, PENDING) for j in sim.job_table.values()
    )
    if not canary_busy and "canary" in sim.cfg.partitions:
        tpl, part = sim.rng.choice(CANARY_TEMPLATES), "canary"
    else:
        tpl, part = sim.rng.choice(TEMPLATES), sim.cfg.default_partition
    job = make_job(sim, tpl, part, t)
    probe = free_nodes(sim, job)
    headroom = (2 if part == sim.cfg.default_partition else 0) + _requeue_reserve(sim, part, t)
    if len(probe) - job.n_nodes < headroom:
        sim.next_job_id -= 1
        return None
    sim.job_table[job.id] = job
    job.eligible_at = t + 1.0
    sim.slurm_job(job, t, PENDING, "0:0", reason="None")
    sim.schedule(t + 1.0 + sim.rng.uniform(0, 2), "start_pending", job=job.id)
    return job


def op_start_pending(sim: SimulatedCluster, op: dict[str, Any], t: float) -> None:
    job = sim.job_table.get(op["job"])
    if job is not None and job.state == PENDING and job.eligible_at <= t:
        try_start(sim, job, t)


HANDLERS = {
    "boot": op_boot,
    "log": op_log,
    "ckpt_done": op_ckpt_done,
    "end_job": op_end_job,
    "sample": op_sample,
    "noise": op_noise,
    "repair": op_repair,
    "scheduler": op_scheduler,
    "quiet_fix": op_quiet_fix,
    "start_pending": op_start_pending,
}
