"""The fault catalog, the Llama 3 mix faults are drawn from, and injection.

How each kind unfolds lives in ``planners.py``. This module decides *what* breaks and
*where* (a kind drawn from the Llama 3 mix, or the one an operator injected; a busy
node unless one is named) and keeps the ground-truth record of every fault for tests
and for the demo's "what was injected" view.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from monitoring.simulator.model import RUNNING, Job, Node
from monitoring.simulator.planners import PLANNERS, SOFTWARE_ERRORS, healthy_running

if TYPE_CHECKING:
    from monitoring.simulator.cluster import SimulatedCluster


@dataclass(frozen=True)
class FaultKind:
    description: str
    category: str  # what a correct controller should call it (docs/EVENTS.md categories)
    has_gpu: bool = False
    needs_job: bool = False


FAULT_KINDS: dict[str, FaultKind] = {
    "xid79": FaultKind(
        "GPU fell off the bus (Xid 79); the step hangs until NCCL times out", "gpu_hardware", True
    ),
    "xid48": FaultKind(
        "HBM uncorrectable ECC (Xid 48 + Xid 63 row remap); the rank dies", "gpu_hardware", True
    ),
    "ecc_dbe": FaultKind(
        "HBM double-bit error with row-remap failure (Xid 48 + Xid 64)", "gpu_hardware", True
    ),
    "sram": FaultKind("GPU SRAM uncontained ECC error (Xid 95); the rank dies", "gpu_hardware", True),
    "gsp": FaultKind(
        "GPU System Processor RPC timeout (Xid 119); the GPU stops responding", "gpu_hardware", True
    ),
    "nvlink": FaultKind("NVLink fatal error (Xid 74); NCCL reports a CUDA failure", "gpu_hardware", True),
    "ib_link": FaultKind("HCA/cable stops answering: peers' NET/IB completion errors name its IP", "network"),
    "ib_port": FaultKind("InfiniBand port goes down (NCCL async event: port error)", "network"),
    "node_down": FaultKind("Host loses power or is pulled: silent, then DOWN+NOT_RESPONDING", "node_failure"),
    "kernel_panic": FaultKind("Fatal machine check, kernel panic; node goes DOWN", "node_failure"),
    "thermal": FaultKind("GPU overheats and HW-throttles; its job slows (straggler)", "gpu_degraded", True),
    "power_brake": FaultKind("HW power brake pins one GPU's clocks; its job slows", "gpu_degraded", True),
    "hang": FaultKind("One node's ranks stop joining collectives; the rest time out", "hang", False, True),
    "oom": FaultKind("CUDA out of memory on every rank", "software", False, True),
    "software_exception": FaultKind("The same Python exception on every rank", "software", False, True),
    "lustre": FaultKind(
        "Lustre OST eviction: several jobs on disjoint nodes hit I/O errors", "infrastructure", False, True
    ),
}
ALIASES = {
    "xid95": "sram",
    "xid119": "gsp",
    "xid74": "nvlink",
    "panic": "kernel_panic",
    "power": "node_down",
    "nccl_hang": "hang",
    "exception": "software_exception",
    "filesystem": "lustre",
}

# Llama 3 405B pre-training, Table 5 (419 unexpected interruptions), mapped to our kinds.
LLAMA3_CAUSES: list[tuple[str, float, tuple[tuple[str, float], ...]]] = [
    ("faulty_gpu", 148, (("xid79", 0.5), ("nvlink", 0.3), ("xid48", 0.2))),
    ("gpu_hbm3", 72, (("xid48", 0.6), ("ecc_dbe", 0.4))),
    ("software_bug", 54, (("software_exception", 0.6), ("oom", 0.4))),
    ("network_switch_cable", 35, (("ib_link", 0.7), ("ib_port", 0.3))),
    ("host_maintenance", 32, (("node_down", 1.0),)),
    ("gpu_sram", 19, (("sram", 1.0),)),
    ("gpu_system_processor", 17, (("gsp", 1.0),)),
    ("nic", 7, (("ib_port", 1.0),)),
    ("nccl_watchdog_timeout", 7, (("hang", 1.0),)),
    ("silent_data_corruption", 6, (("hang", 1.0),)),
    ("gpu_thermal", 6, (("thermal", 1.0),)),
    ("ssd", 3, (("node_down", 1.0),)),
    ("power_supply", 3, (("node_down", 1.0),)),
    ("server_chassis", 2, (("kernel_panic", 1.0),)),
    ("io_expansion_board", 2, (("node_down", 1.0),)),
    ("dependency", 2, (("lustre", 1.0),)),
    ("cpu", 2, (("kernel_panic", 1.0),)),
    ("system_memory", 2, (("kernel_panic", 1.0),)),
]


def draw_cause(rng: random.Random, lustre_weight: float = 0.0) -> tuple[str, str]:
    """One (cause, kind) from the Llama 3 mix, plus shared-filesystem outages if weighted."""
    table = list(LLAMA3_CAUSES)
    if lustre_weight > 0:
        table.append(("shared_filesystem", lustre_weight, (("lustre", 1.0),)))
    cause, _, kinds = rng.choices(table, weights=[w for _, w, _ in table])[0]
    kind = rng.choices([k for k, _ in kinds], weights=[w for _, w in kinds])[0]
    return cause, kind


def schedule_next_arrival(sim: SimulatedCluster, t: float) -> None:
    mean = sim.cfg.mean_fault_interval_s
    if mean is not None:
        sim.schedule(t + mean * sim.rng.uniform(2 / 3, 4 / 3), "fault_arrival")


def op_fault_arrival(sim: SimulatedCluster, op: dict[str, Any], t: float) -> None:
    schedule_next_arrival(sim, t)
    cause, kind = draw_cause(sim.rng, sim.cfg.lustre_weight)
    try:
        inject(sim, kind, t=t, origin="drawn", cause=cause)
    except ValueError:
        pass  # nothing suitable is running right now; the next draw will find something


def _pick_target(
    sim: SimulatedCluster, kind: str, node: str | None, job_id: str | None
) -> tuple[Node, Job | None]:
    """Where the fault strikes: the given node (and its job), or a busy node chosen at random."""
    spec = FAULT_KINDS[kind]
    if job_id is not None:
        job = sim.job_or_error(job_id)
        if job.state != RUNNING:
            raise ValueError(f"job {job_id} is {job.state}, not RUNNING")
        name = node or sim.rng.choice(job.nodes)
        return sim.node_or_error(name), job
    if node is not None:
        n = sim.node_or_error(node)
        if n.host_dead:
            raise ValueError(f"node {node} is already down")
        found = sim.job_table.get(n.job) if n.job else None
        running = found if found is not None and found.state == RUNNING else None
        if spec.needs_job and running is None:
            raise ValueError(f"{kind} needs a running job and node {node} runs none")
        return n, running
    jobs = healthy_running(sim)
    if spec.category == "network" and any(len(j.nodes) >= 3 for j in jobs):
        jobs = [j for j in jobs if len(j.nodes) >= 3]  # a 2-node job cannot tell which end failed
    if jobs:
        job = sim.rng.choice(jobs)
        return sim.node_table[sim.rng.choice(job.nodes)], job
    if spec.needs_job:
        raise ValueError(f"{kind} needs a running job and none is running")
    up = [n for n in sim.node_table.values() if not n.host_dead]
    if not up:
        raise ValueError("no node is up")
    return sim.rng.choice(up), None


def inject(
    sim: SimulatedCluster,
    kind: str,
    *,
    t: float,
    node: str | None = None,
    gpu: int | None = None,
    job_id: str | None = None,
    origin: str = "injected",
    cause: str = "",
) -> dict[str, Any]:
    kind = ALIASES.get(kind, kind)
    if kind not in FAULT_KINDS:
        raise ValueError(f"unknown fault kind {kind!r}; known: {', '.join(sorted(FAULT_KINDS))}")
    if gpu is not None and not 0 <= gpu < sim.cfg.gpus_per_node:
        raise ValueError(f"gpu must be 0..{sim.cfg.gpus_per_node - 1}")
    n, job = _pick_target(sim, kind, node, job_id)
    spec = FAULT_KINDS[kind]
    g = gpu if gpu is not None else sim.rng.randrange(sim.cfg.gpus_per_node)
    hit = PLANNERS[kind](sim, t, n, job, g)
    if spec.category in ("gpu_hardware", "gpu_degraded", "network"):
        sim.schedule(t + 2 * sim.cfg.repair_time_s, "quiet_fix", node=n.name)
    sim.fault_n += 1
    culprit = n.name if spec.category not in ("software", "infrastructure") else None
    record = {
        "id": f"F{sim.fault_n}",
        "t": round(t, 3),
        "kind": kind,
        "cause": cause or kind,
        "category": spec.category,
        "node": culprit,
        "gpu": g if spec.has_gpu else None,
        "jobs": hit,
        "origin": origin,
        "description": spec.description,
    }
    sim.fault_log.append(record)
    return dict(record)


__all__ = ["FAULT_KINDS", "LLAMA3_CAUSES", "SOFTWARE_ERRORS", "FaultKind", "draw_cause", "inject"]
