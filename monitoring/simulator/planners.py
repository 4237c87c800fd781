"""Each fault's cascade: what happens at once, and what is scheduled to follow.

One planner per fault kind. The first evidence (kernel lines, telemetry changes) is
emitted at the fault's time; what follows (the failing rank's traceback, the peers'
NCCL errors or watchdog timeouts, srun tearing the step down, Slurm's verdict) is
scheduled as ops with the timing the recorded incidents show. Each planner returns
the ids of the jobs it hit.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from monitoring.simulator import kernel, nccl, workload
from monitoring.simulator.model import FAILED, RUNNING, Job, Node

if TYPE_CHECKING:
    from monitoring.simulator.cluster import SimulatedCluster

SOFTWARE_ERRORS = (
    "KeyError: 'attention_mask'",
    "ValueError: Expected input batch_size (8) to match target batch_size (16).",
    "AssertionError: sequence length 8192 exceeds max_position_embeddings 4096",
)


def healthy_running(sim: SimulatedCluster) -> list[Job]:
    return [j for j in sim.job_table.values() if j.state == RUNNING and not j.doomed and not j.hung]


# ---- helpers shared by planners -----------------------------------------------------
def _rank(job: Job, node: str, gpu: int) -> int:
    return job.nodes.index(node) * job.tasks_per_node + gpu


def ranks_on(job: Job, node: str) -> list[int]:
    base = job.nodes.index(node) * job.tasks_per_node
    return list(range(base, base + job.tasks_per_node))


def _bus(sim: SimulatedCluster, gpu: int) -> str:
    return sim.cfg.pci_bus_ids[gpu % len(sim.cfg.pci_bus_ids)]


def frame_addr(rng: random.Random) -> int:
    return 0x7F0000000 | rng.getrandbits(28)


def _teardown(
    sim: SimulatedCluster,
    job: Job,
    t: float,
    first: list[tuple[str, list[int], str]],
    rest: str = "Terminated",
    extra: list[tuple[str, list[int], str]] | None = None,
    end: tuple[str, str, str] | None = (FAILED, "134:0", "NonZeroExitCode"),
    cancel: bool = True,
) -> None:
    sim.schedule(
        t,
        "teardown",
        job=job.id,
        run=job.run,
        first=[list(x) for x in first],
        rest=rest,
        extra=[list(x) for x in extra or []],
        end=list(end) if end else None,
        cancel=cancel,
    )


def _gpu_pid(job: Job | None, node: str, gpu: int) -> int | None:
    if job is None:
        return None
    return nccl.pid_of(job, job.nodes.index(node), gpu)


# ---- planners: one per kind; return the ids of the jobs hit --------------------------
def _plan_gpu_kill(
    sim: SimulatedCluster, t: float, n: Node, job: Job | None, gpu: int, xid: int, follow: int | None, tb: str
) -> list[str]:
    """A GPU error that kills its rank at once (ECC, SRAM, NVLink)."""
    g = n.gpus[gpu]
    sim.kernel(n.name, t, kernel.xid_lines(t, _bus(sim, gpu), xid, sim.rng, _gpu_pid(job, n.name, gpu)))
    if follow is not None:
        sim.kernel(n.name, t + 0.052, [kernel.follow_up_xid(t + 0.052, _bus(sim, gpu), follow, sim.rng)])
    g.xid = follow or xid
    if xid in (48, 95):
        g.dbe += 1
    g.remap_pending = 1 if follow == 63 else g.remap_pending
    g.remap_failure = 1 if follow == 64 else g.remap_failure
    if xid == 74:
        g.nvlink_crc += sim.rng.randint(800, 4000)
    n.broken = True
    if job is None:
        return []
    job.doomed = job.hung = True
    r = _rank(job, n.name, gpu)
    sim.schedule(t + 0.41, "rank_tb", job=job.id, run=job.run, ranks=[r], kind=tb, detail="", gpu=gpu)
    others = [x for x in ranks_on(job, n.name) if x != r]
    _teardown(
        sim,
        job,
        t + 1.84,
        [(n.name, [r], "Exited with exit code 1")],
        extra=[(n.name, others, "Terminated")],
        end=(FAILED, "1:0", "NonZeroExitCode"),
    )
    return [job.id]


def _plan_gpu_hang(
    sim: SimulatedCluster, t: float, n: Node, job: Job | None, gpu: int, xid: int
) -> list[str]:
    """A GPU that stops answering (off the bus, GSP timeout): its rank hangs, the others time out."""
    g = n.gpus[gpu]
    sim.kernel(n.name, t, kernel.xid_lines(t, _bus(sim, gpu), xid, sim.rng, _gpu_pid(job, n.name, gpu)))
    g.xid = xid
    g.off_bus = xid == 79
    n.broken = True
    if job is None:
        return []
    dead = [_rank(job, n.name, gpu)]
    _plan_watchdog(sim, t, job, dead)
    first_node = job.nodes[0]
    first = [(first_node, [r for r in ranks_on(job, first_node) if r not in dead], "Aborted (core dumped)")]
    if n.name != first_node:
        first.append((n.name, [r for r in ranks_on(job, n.name) if r not in dead], "Aborted (core dumped)"))
    _teardown(sim, job, t + sim.cfg.nccl_timeout_s + 2.0, first, rest="", extra=[(n.name, dead, "Killed")])
    return [job.id]


def _plan_watchdog(sim: SimulatedCluster, t: float, job: Job, silent: list[int]) -> None:
    """Every rank except ``silent`` reports the same stuck collective after the NCCL timeout."""
    job.doomed = job.hung = True
    seq = job.seq_num() + 1
    for rank in range(job.world):
        if rank not in silent:
            when = t + sim.cfg.nccl_timeout_s + sim.rng.uniform(0.0, 1.5)
            sim.schedule(
                when, "watchdog", job=job.id, run=job.run, rank=rank, seq=seq, ran=int((when - t) * 1000)
            )


def plan_xid79(sim: SimulatedCluster, t: float, n: Node, job: Job | None, gpu: int) -> list[str]:
    return _plan_gpu_hang(sim, t, n, job, gpu, 79)


def plan_gsp(sim: SimulatedCluster, t: float, n: Node, job: Job | None, gpu: int) -> list[str]:
    return _plan_gpu_hang(sim, t, n, job, gpu, 119)


def plan_xid48(sim: SimulatedCluster, t: float, n: Node, job: Job | None, gpu: int) -> list[str]:
    return _plan_gpu_kill(sim, t, n, job, gpu, 48, 63, "ecc")


def plan_ecc_dbe(sim: SimulatedCluster, t: float, n: Node, job: Job | None, gpu: int) -> list[str]:
    return _plan_gpu_kill(sim, t, n, job, gpu, 48, 64, "ecc")


def plan_sram(sim: SimulatedCluster, t: float, n: Node, job: Job | None, gpu: int) -> list[str]:
    return _plan_gpu_kill(sim, t, n, job, gpu, 95, None, "ecc")


def plan_nvlink(sim: SimulatedCluster, t: float, n: Node, job: Job | None, gpu: int) -> list[str]:
    return _plan_gpu_kill(sim, t, n, job, gpu, 74, None, "nccl_cuda")


def plan_thermal(sim: SimulatedCluster, t: float, n: Node, job: Job | None, gpu: int) -> list[str]:
    n.gpus[gpu].throttle, n.gpus[gpu].throttle_since = "thermal", t
    return [job.id] if job else []


def plan_power_brake(sim: SimulatedCluster, t: float, n: Node, job: Job | None, gpu: int) -> list[str]:
    n.gpus[gpu].throttle, n.gpus[gpu].throttle_since = "power_brake", t
    return [job.id] if job else []


def plan_hang(sim: SimulatedCluster, t: float, n: Node, job: Job | None, gpu: int) -> list[str]:
    """One node's ranks stop joining collectives, in one of the two shapes real hangs take.

    Either its ranks never report at all and everyone else times out on the stuck
    collective, or its ranks were already a collective behind: they time out first, on
    the earlier SeqNum, and the others follow on the next one.
    """
    assert job is not None
    mine = ranks_on(job, n.name)
    first_node = next(x for x in job.nodes if x != n.name)
    if sim.rng.random() < 0.5:
        _plan_watchdog(sim, t, job, mine)
        extra = [(n.name, mine, "Killed")]
    else:
        job.doomed = job.hung = True
        seq = job.seq_num() + 1
        for rank in range(job.world):
            behind = rank in mine
            when = (
                t
                + sim.cfg.nccl_timeout_s
                + (sim.rng.uniform(0, 0.7) if behind else sim.rng.uniform(2.0, 3.4))
            )
            sim.schedule(
                when,
                "watchdog",
                job=job.id,
                run=job.run,
                rank=rank,
                seq=seq - 1 if behind else seq,
                ran=int((when - t) * 1000),
            )
        extra = []
    _teardown(
        sim,
        job,
        t + sim.cfg.nccl_timeout_s + 4.3,
        [(first_node, ranks_on(job, first_node), "Aborted (core dumped)")],
        rest="",
        extra=extra,
    )
    return [job.id]


def _peer_ib_errors(sim: SimulatedCluster, t: float, job: Job, bad: Node, send_too: bool) -> int:
    """Peers' proxy threads fail their IB completions naming the bad node's IP; returns a failing rank."""
    peers = [x for x in job.nodes if x != bad.name]
    chosen = sim.rng.sample(peers, min(3, len(peers)))
    hca_i = sim.rng.randrange(len(nccl.HCAS))
    hca = nccl.HCAS[hca_i]
    failing = -1
    for i, peer in enumerate(chosen):
        rank = ranks_on(job, peer)[hca_i]
        failing = rank if failing < 0 else failing
        pid = nccl.pid_of(job, job.nodes.index(peer), hca_i)
        err = nccl.ib_completion_error(sim.node_table[peer].ip, bad.ip, sim.rng.randint(32768, 60999), hca)
        sim.schedule(
            t + i * 0.2,
            "ib_warn",
            job=job.id,
            run=job.run,
            rank=rank,
            host=peer,
            pid=pid,
            tid=pid + sim.rng.randint(60, 190),
            err=err,
        )
    if send_too:
        rank = ranks_on(job, bad.name)[hca_i]
        pid = nccl.pid_of(job, job.nodes.index(bad.name), hca_i)
        for i, peer in enumerate(chosen[:2]):
            err = nccl.ib_completion_error(
                bad.ip, sim.node_table[peer].ip, sim.rng.randint(32768, 60999), hca, recv=False
            )
            sim.schedule(
                t + 0.4 + i * 0.11,
                "ib_warn",
                job=job.id,
                run=job.run,
                rank=rank,
                host=bad.name,
                pid=pid,
                tid=pid + 67,
                err=err,
            )
    return failing


PORT_RETRIES_S = 12.0


def _plan_network(sim: SimulatedCluster, t: float, n: Node, job: Job | None, port_event: bool) -> list[str]:
    n.broken = True
    if job is None or len(job.nodes) < 2:
        return [job.id] if job else []
    job.doomed = job.hung = True
    if port_event:
        hca_i = sim.rng.randrange(len(nccl.HCAS))
        rank = ranks_on(job, n.name)[hca_i]
        pid = nccl.pid_of(job, job.nodes.index(n.name), hca_i)
        sim.joblog(job, t, [nccl.port_error_line(job, rank, n.name, pid, pid + 94, nccl.HCAS[hca_i])])
    # A port lost: the queue pairs over it fail once their retries run out (the HCA's transport timer, NCCL_IB_TIMEOUT
    # 18 to 20, times NCCL_IB_RETRY_CNT 7: 7.5 s to 30 s), the peers' completion errors that long after NCCL's
    # async "port error". A cable or HCA that stops answering is found by the peers' retries alone.
    t1 = t + (PORT_RETRIES_S if port_event else 1.9)
    failing = _peer_ib_errors(sim, t1, job, n, send_too=not port_event)
    peer = job.nodes[failing // job.tasks_per_node]
    sim.schedule(t1 + 0.9, "remote_err", job=job.id, run=job.run, rank=failing, bad=n.name)
    _teardown(sim, job, t1 + 2.8, [(peer, [failing], "Aborted (core dumped)")])
    return [job.id]


def plan_ib_link(sim: SimulatedCluster, t: float, n: Node, job: Job | None, gpu: int) -> list[str]:
    return _plan_network(sim, t, n, job, port_event=False)


def plan_ib_port(sim: SimulatedCluster, t: float, n: Node, job: Job | None, gpu: int) -> list[str]:
    return _plan_network(sim, t, n, job, port_event=True)


def _plan_host_loss(sim: SimulatedCluster, t: float, n: Node, job: Job | None) -> list[str]:
    n.host_dead = n.broken = True
    sim.schedule(t + sim.cfg.node_down_after_s, "node_dead", node=n.name)
    if job is None or len(job.nodes) < 2:
        return [job.id] if job else []
    job.doomed = job.hung = True
    t1 = t + sim.rng.uniform(18, 22)
    failing = _peer_ib_errors(sim, t1, job, n, send_too=False)
    peer = job.nodes[failing // job.tasks_per_node]
    sim.schedule(t1 + 2.5, "remote_err", job=job.id, run=job.run, rank=failing, bad=n.name)
    survivors = [x for x in job.nodes if x not in (peer, n.name)][:1]
    _teardown(
        sim,
        job,
        t1 + 3.3,
        [(peer, [failing], "Aborted (core dumped)")],
        rest="",
        extra=[(x, ranks_on(job, x), "Terminated") for x in survivors],
        end=None,
        cancel=True,
    )
    return [job.id]


def plan_node_down(sim: SimulatedCluster, t: float, n: Node, job: Job | None, gpu: int) -> list[str]:
    return _plan_host_loss(sim, t, n, job)


def plan_kernel_panic(sim: SimulatedCluster, t: float, n: Node, job: Job | None, gpu: int) -> list[str]:
    sim.kernel(n.name, t, kernel.mce_panic_lines(t, sim.rng))
    return _plan_host_loss(sim, t + 0.01, n, job)


def _plan_all_ranks(sim: SimulatedCluster, t: float, job: Job, kind: str, detail: str) -> list[str]:
    job.doomed = job.hung = True
    ranks = list(range(job.world))
    sim.rng.shuffle(ranks)
    for i in range(0, len(ranks), 8):
        sim.schedule(
            t + i * 0.0006,
            "rank_tb",
            job=job.id,
            run=job.run,
            ranks=sorted(ranks[i : i + 8]),
            kind=kind,
            detail=detail,
            gpu=-1,
        )
    first = [(x, ranks_on(job, x), "Exited with exit code 1") for x in job.nodes]
    _teardown(sim, job, t + 2.17, first, rest="", end=(FAILED, "1:0", "NonZeroExitCode"), cancel=False)
    return [job.id]


def plan_oom(sim: SimulatedCluster, t: float, n: Node, job: Job | None, gpu: int) -> list[str]:
    assert job is not None
    return _plan_all_ranks(sim, t, job, "oom", "")


def plan_software_exception(sim: SimulatedCluster, t: float, n: Node, job: Job | None, gpu: int) -> list[str]:
    assert job is not None
    return _plan_all_ranks(sim, t, job, "exception", sim.rng.choice(SOFTWARE_ERRORS))


def plan_lustre(sim: SimulatedCluster, t: float, n: Node, job: Job | None, gpu: int) -> list[str]:
    """An OST drops out: every client loses it, is evicted, and jobs fail on I/O within a minute."""
    assert job is not None
    others = [j for j in healthy_running(sim) if j.id != job.id]
    victims = [job] + sim.rng.sample(others, min(len(others), 2 if len(others) >= 3 else 1))
    for v in victims:
        v.doomed = True
        for name in v.nodes:
            osc = kernel.lustre_osc(sim.rng)
            for dt, fn in (
                (sim.rng.uniform(0, 5), kernel.lustre_lost),
                (sim.rng.uniform(10, 16), kernel.lustre_rpc_failed),
                (sim.rng.uniform(46, 50), kernel.lustre_evicted),
            ):
                sim.schedule(
                    t + dt,
                    "emit",
                    event={"t": t + dt, "source": "kernel", "node": name, "line": fn(t + dt, osc)},
                )
    for i, v in enumerate(victims):
        when = t + (43.0, 72.0, 58.0)[i] + sim.rng.uniform(0, 1.5)
        rank = sim.rng.randrange(v.world)
        if i == 1:
            kind, detail = "stale", workload.nemo_ckpt_path(v, v.iteration + 100, v.loss)
        else:
            kind, detail = "io", f"/lustre/data/redpajama-v2/shard_{sim.rng.randint(0, 999):05d}.bin"
        sim.schedule(when, "rank_tb", job=v.id, run=v.run, ranks=[rank], kind=kind, detail=detail, gpu=-1)
        node = v.nodes[rank // v.tasks_per_node]
        _teardown(
            sim,
            v,
            when + 2.5,
            [(node, [rank], "Exited with exit code 1")],
            end=(FAILED, "1:0", "NonZeroExitCode"),
        )
    return [v.id for v in victims]


PLANNERS = {
    "xid79": plan_xid79,
    "xid48": plan_xid48,
    "ecc_dbe": plan_ecc_dbe,
    "sram": plan_sram,
    "gsp": plan_gsp,
    "nvlink": plan_nvlink,
    "ib_link": plan_ib_link,
    "ib_port": plan_ib_port,
    "node_down": plan_node_down,
    "kernel_panic": plan_kernel_panic,
    "thermal": plan_thermal,
    "power_brake": plan_power_brake,
    "hang": plan_hang,
    "oom": plan_oom,
    "software_exception": plan_software_exception,
    "lustre": plan_lustre,
}
# Re-exported for the scheduler's placement checks in tests.
