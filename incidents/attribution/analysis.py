"""Cross-rank analyses: who is missing from a collective, whom the peers blame.

When a collective hangs, every rank that *entered* it times out; the ranks that
never entered are the ones stuck elsewhere, so the node whose ranks are missing
from the timeout reports (or that reports an earlier SeqNum than everyone
else) is the suspect. When a NIC dies, its peers' NCCL NET/IB completion errors
all name its IP; the node named by the most distinct reporters is the suspect.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from incidents.attribution.incident import Incident
from incidents.attribution.world import World
from monitoring.detectors import logs
from monitoring.detectors.hostlist import compress
from monitoring.detectors.schema import Kind

# The program's own failure, in its own output (an exception, CUDA running out of memory) or the host's.
SOFTWARE_KINDS = (Kind.EXCEPTION, Kind.CUDA_OOM, Kind.HOST_OOM)


@dataclass(frozen=True)
class Suspect:
    node: str
    gpu: int | None
    confidence: float
    why: str
    # The verdict's pattern where the way the suspect was found is a pattern of its own (None: the caller's).
    pattern: str | None = None


RANK_ZERO_MISSING = "only_rank_zero_missing"


def rank_nodes(world: World, job: str, ranks: dict[int, int]) -> dict[str, list[int]] | None:
    run = world.jobs.get(job)
    if run is None or not run.spec.nodes:
        return None
    spec = run.spec
    tpn = spec.tasks_per_node
    if ranks and max(ranks) >= len(spec.nodes) * tpn:
        tpn = (max(ranks) // len(spec.nodes)) + 1  # the job spec understated tasks per node
    per_node: dict[str, list[int]] = {n: [] for n in spec.nodes}
    for rank in ranks:
        idx = rank // tpn
        if idx < len(spec.nodes):
            per_node[spec.nodes[idx]].append(rank)
    return per_node


def _tpn(world: World, job: str, ranks: dict[int, int]) -> int:
    run = world.jobs[job]
    tpn = run.spec.tasks_per_node
    if ranks and max(ranks) >= len(run.spec.nodes) * tpn:
        tpn = (max(ranks) // len(run.spec.nodes)) + 1
    return tpn


def missing_from_collective(inc: Incident, world: World, job: str) -> Suspect | None:
    """The one node whose ranks did not report the timeout, or report an earlier SeqNum."""
    ranks = inc.timeouts.get(job) or {}
    if len(ranks) < 2:
        return _from_dump_counters(inc, world, job)
    per_node = rank_nodes(world, job, ranks)
    if per_node is None or len(per_node) < 2:
        return None
    tpn = _tpn(world, job, ranks)
    silent = [n for n, rs in per_node.items() if not rs]
    reporting = [n for n, rs in per_node.items() if rs]
    if len(silent) == 1 and all(len(per_node[n]) * 2 >= tpn for n in reporting):
        node = silent[0]
        seq = min(ranks.values())
        why = (
            f"collective timeout: ranks of {node} never reported (SeqNum {seq}); "
            f"{len(ranks)} ranks on {compress(reporting)} did"
        )
        return Suspect(node, None, 0.8, why, "absent_from_collective")
    if not silent:
        done = inc.completed.get(job) or {}
        by_done = _behind(done, per_node, "last completed NCCL work") if len(done) == len(ranks) else None
        return _behind(ranks, per_node) or by_done or _partial(per_node, tpn, ranks)
    return None


def _from_dump_counters(inc: Incident, world: World, job: str) -> Suspect | None:
    """No watchdog timeouts (the heartbeat monitor struck first): the ranks' own dump counters.

    Each live rank answers the dump signal with its last completed work. A node none of whose
    ranks answered went silent (its processes hung or died); if all answered, the one node
    whose ranks stand behind the others' last completed work is the one the rest waited for.
    """
    done = inc.completed.get(job) or {}
    if len(done) < 2:
        return None
    per_node = rank_nodes(world, job, done)
    if per_node is None or len(per_node) < 2:
        return None
    tpn = _tpn(world, job, done)
    silent = [n for n, rs in per_node.items() if not rs]
    reporting = [n for n, rs in per_node.items() if rs]
    if len(silent) == 1 and all(len(per_node[n]) * 2 >= tpn for n in reporting):
        why = (
            f"no watchdog timeout; {len(done)} ranks on {compress(reporting)} answered the dump signal "
            f"with their last completed work, none of {silent[0]}'s did"
        )
        return Suspect(silent[0], None, 0.7, why)
    if not silent:
        return _behind(done, per_node, "last completed NCCL work")
    return None


def _behind(ranks: dict[int, int], per_node: dict[str, list[int]], what: str = "SeqNum") -> Suspect | None:
    """All nodes reported; the single node stuck on an earlier SeqNum is the one behind."""
    low = min(ranks.values())
    if all(s == low for s in ranks.values()):
        return None
    behind = [n for n, rs in per_node.items() if rs and all(ranks.get(r) == low for r in rs)]
    if len(behind) != 1:
        return None
    others = [n for n in per_node if n != behind[0] and per_node[n]]
    if any(any(ranks.get(r) == low for r in per_node[n]) for n in others):
        return None
    high = max(ranks.values())
    why = f"collective timeout: ranks of {behind[0]} stuck at {what} {low}, all other nodes at {high}"
    return Suspect(behind[0], None, 0.75, why)


def _partial(per_node: dict[str, list[int]], tpn: int, ranks: dict[int, int]) -> Suspect | None:
    """Every node reported, but one node has a few ranks missing: likely those GPUs."""
    short = [n for n, rs in per_node.items() if len(rs) < tpn]
    if len(short) != 1 or len(ranks) < tpn * max(len(per_node) - 1, 1):
        return None
    node = short[0]
    have = set(per_node[node])
    base = min(have) - (min(have) % tpn) if have else 0
    missing = [r for r in range(base, base + tpn) if r not in have]
    if not missing or len(missing) * 2 > tpn:
        return None
    gpu = missing[0] % tpn if len(missing) == 1 else None
    why = f"collective timeout: rank(s) {','.join(map(str, missing))} on {node} never reported"
    # Rank 0 alone missing: the rank a program singles out for its own extra work (an evaluation, a save,
    # its logging), which the verdict weighs against where the job stopped.
    return Suspect(node, gpu, 0.6, why, RANK_ZERO_MISSING if missing == [0] else None)


# ibv_wc_status (libibverbs, verbs.h): a work request that failed on the reporter's own side, before or
# without the peer (its length, its queue pair, its memory registration or access rights, a memory window).
IB_LOCAL_STATUS = {
    1: "local length",
    2: "local QP operation",
    3: "local EE context operation",
    4: "local protection",
    6: "memory window bind",
    8: "local access",
    14: "local RDD violation",
}


def local_ib_error(inc: Incident) -> Suspect | None:
    """The one node whose own ranks' IB completions failed with a local status (``IB_LOCAL_STATUS``): its side
    of the transfer, whatever peer the line names (holdout33, blind: error 4, local protection, on the sends
    of one H100 host whose PCIe ACS broke GPUDirect RDMA after a BIOS update; NCCL named its peers by
    link-local address, and they were fine). Local errors on two nodes name no one."""
    marks = [m for m in inc.by_kind(Kind.IB_BLAME) if m.node and m.data.get("status") in IB_LOCAL_STATUS]
    nodes = {m.node for m in marks}
    if len(nodes) != 1:
        return None
    node = str(nodes.pop())
    status = int(marks[0].data["status"])
    why = (
        f"{node}'s own ranks failed their InfiniBand work requests with completion status {status} "
        f"({IB_LOCAL_STATUS[status]} error): its own side of the transfer (its memory registration, GPUDirect "
        "RDMA through its PCIe, its HCA), not the peers it named"
    )
    return Suspect(node, None, 0.7, why)


def blamed_peer(inc: Incident, world: World) -> Suspect | None:
    """The node most distinct peers blame in NET/IB / socket errors, if one stands out.

    Ties (typical of a two-node job, where each side blames the other) are
    broken by how many error lines name each peer, then by which was named
    first: the healthy side's retries expire first and it complains the most.
    """
    reporters_of: dict[str, set[str]] = {}
    lines: dict[str, float] = {}
    first: dict[str, float] = {}
    for peer, reporters in inc.blames.items():
        host = world.host_of(peer)
        if host is None:
            continue
        others = {r for r in reporters if r != host}
        if not others:
            continue
        reporters_of.setdefault(host, set()).update(others)
        n, t = inc.blame_meta.get(peer, [0.0, 0.0])
        lines[host] = lines.get(host, 0.0) + n
        first[host] = min(first.get(host, t), t)
    if not reporters_of:
        return _silent_peer(inc, world) or _hub_of_unnamed_peers(inc, world) or _silent_reporter(inc, world)
    ranked = sorted(reporters_of, key=lambda h: (-len(reporters_of[h]), -lines[h], first[h]))
    top = ranked[0]
    n = len(reporters_of[top])
    tied = len(ranked) > 1 and len(reporters_of[ranked[1]]) == n
    if tied and (lines[ranked[1]], first[ranked[1]]) == (lines[top], first[top]):
        return None
    confidence = 0.55 if tied else min(0.6 + 0.1 * n, 0.9)
    why = f"{n} peer host(s) ({compress(sorted(reporters_of[top]))}) report NET/IB errors talking to {top}"
    if tied:
        why += f" (tie on reporters; named in {lines[top]:.0f} error lines, the most and earliest)"
    return Suspect(top, None, confidence, why)


def _silent_peer(inc: Incident, world: World) -> Suspect | None:
    """Peers blame one IP nobody announced: the one node of the job that is not reporting.

    A dead HCA cannot log its own errors, and without NCCL bootstrap lines its
    IP stays unnamed; if every other node of the job reports errors about that
    same address, the silent node is the one behind it.
    """
    peers = [p for p in inc.blames if world.host_of(p) is None]
    if len(peers) != 1:
        return None
    reporters = set(inc.blames[peers[0]])
    for job in inc.jobs:
        run = world.jobs.get(job)
        if run is None or len(run.spec.nodes) < 3:
            continue
        silent = [n for n in run.spec.nodes if n not in reporters]
        if len(silent) == 1 and len(reporters & set(run.spec.nodes)) >= 2:
            why = (
                f"{len(reporters)} peer host(s) report NET/IB errors talking to {peers[0]}; "
                f"{silent[0]} is the only node of job {job} not reporting"
            )
            return Suspect(silent[0], None, 0.6, why)
    return None


def _hub_of_unnamed_peers(inc: Incident, world: World) -> Suspect | None:
    """No address is known to be a host's, but the errors form a star: the node at its centre.

    When one node's link fails, every other node of the job reports errors talking to that node's
    address, and that node reports errors talking to every one of theirs. Only an exact star counts:
    every node of the job reports; all but one name one address (the centre's) and nothing else; the
    one that never names it names exactly as many other addresses as there are other nodes, each named
    by it alone. A silent node (its peers' follow-on errors need not form a star), a two-node job (each
    side names the other) and two failing links are left alone.
    """
    peers = [p for p in inc.blames if world.host_of(p) is None]
    if len(peers) < 3:
        return None
    named_by = {p: set(inc.blames[p]) for p in peers}
    hub_addr = max(peers, key=lambda p: len(named_by[p]))
    spokes = named_by[hub_addr]
    reporters: set[str] = set().union(*named_by.values())
    outside = reporters - spokes
    if len(spokes) < 2 or len(outside) != 1:
        return None
    hub = next(iter(outside))
    others = [p for p in peers if p != hub_addr]
    if len(others) != len(spokes) or any(named_by[p] != {hub} for p in others):
        return None
    for job in inc.jobs:
        run = world.jobs.get(job)
        if run is None or reporters != set(run.spec.nodes):
            continue
        why = (
            f"{len(spokes)} peer host(s) ({compress(sorted(spokes))}) report NET/IB errors talking to "
            f"{hub_addr}, and {hub}, the one node of job {job} that never names it, reports errors talking "
            f"to {len(others)} other addresses: {hub_addr} is {hub}'s, the centre of the failures"
        )
        return Suspect(hub, None, 0.6, why)
    return None


def _silent_reporter(inc: Incident, world: World) -> Suspect | None:
    """NCCL before 2.10 names no peer in its NET/IB completion errors: the one node not reporting."""
    marks = [m for m in inc.marks.values() if m.kind == "ib_blame" and not m.data.get("peer")]
    reporters = {n for m in marks for n in m.nodes}
    if not reporters:
        return None
    for job in inc.jobs:
        run = world.jobs.get(job)
        if run is None or len(run.spec.nodes) < 3:
            continue
        silent = [n for n in run.spec.nodes if n not in reporters]
        if len(silent) == 1 and len(reporters & set(run.spec.nodes)) >= 2:
            why = (
                f"{len(reporters)} host(s) report NET/IB completion errors naming no peer; "
                f"{silent[0]} is the only node of job {job} not reporting"
            )
            return Suspect(silent[0], None, 0.55, why)
    return None


def stuck_watchdog(inc: Incident, world: World) -> Suspect | None:
    """The one node whose ranks PyTorch's heartbeat monitor killed: its NCCL/CUDA calls hung.

    The watchdog thread of a rank stuck in a NCCL or CUDA call stops beating, and
    the heartbeat monitor terminates the process (``TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC``,
    8 min by default, before the 10 min collective timeout). When those ranks all sit
    on one node, that node is the one the job waited for, even if no watchdog ever
    reported a timeout.
    """
    nodes = {m.node for m in inc.marks.values() if m.kind == "watchdog_stuck" and m.node}
    if len(nodes) != 1:
        return None
    node = nodes.pop()
    for job in inc.jobs:
        run = world.jobs.get(job)
        if run is not None and node in run.spec.nodes and len(run.spec.nodes) >= 2:
            why = f"PyTorch heartbeat monitor terminated the ranks of {node} only: their NCCL watchdog hung"
            return Suspect(node, None, 0.7, why)
    return None


def rank0_apart_on_one_node(inc: Incident, world: World) -> str | None:
    """Why a one-node job's collective timeout is the program's: ranks of the job timed out waiting at one
    SeqNum and rank 0, on the same node, never did (None: not so).

    The waiting ranks share the host, its network and its driver with rank 0: nothing between them failed.
    Rank 0 was elsewhere in the program, in the work it does alone (a test after the epoch, a checkpoint's
    consolidation, a summary), which outlasted the collective's timeout; a restart repeats it (holdout2,
    blind: NeMo Automodel's ranks 2 and 3 at an ALLGATHER while 0 and 1 consolidated the checkpoint; holdout40,
    blind: MLPF's ranks 1-3 in the next epoch's all-reduce while rank 0 ran the end-of-epoch test). A GPU of
    the node failing under rank 0 says so itself (an Xid, a lost GPU), and that verdict comes first."""
    for job in inc.jobs:
        run = world.jobs.get(job)
        ranks = inc.timeouts.get(job) or {}
        if run is None or len(run.spec.nodes) != 1 or len(ranks) < 2 or 0 in ranks:
            continue
        if len(set(ranks.values())) != 1:
            continue
        seq = next(iter(ranks.values()))
        return (
            f"ranks {compress_ranks(sorted(ranks))} of job {job} timed out waiting at SeqNum {seq} and rank 0, on "
            f"the same node ({run.spec.nodes[0]}), never did: it was elsewhere in the program, in work it does "
            "alone, longer than the collective's timeout"
        )
    return None


def compress_ranks(ranks: list[int]) -> str:
    """``[1, 2, 3, 7]`` -> ``"1-3, 7"`` (sorted, distinct ranks)."""
    runs: list[list[int]] = []
    for r in ranks:
        if runs and r == runs[-1][1] + 1:
            runs[-1][1] = r
        else:
            runs.append([r, r])
    return ", ".join(f"{a}-{b}" if b > a else str(a) for a, b in runs)


def only_node(inc: Incident, world: World) -> Suspect | None:
    """The node of a hung job that runs on one node only."""
    for job in inc.jobs:
        run = world.jobs.get(job)
        if run is not None and len(run.spec.nodes) == 1:
            node = run.spec.nodes[0]
            return Suspect(node, None, 0.55, f"job {job} runs on {node} alone: its collective hung inside it")
    return None


def lemon_node(inc: Incident, world: World, fast_s: float = 1800.0, min_attempts: int = 3) -> Suspect | None:
    """The one node present in every recent fast-failing attempt (and more often than any other).

    Meta's reliability study: retiring such "lemon" nodes cut failures of large
    jobs several-fold. Only meaningful when allocations vary between attempts;
    a job restarted on the same nodes every time names no one.
    """
    counts: dict[str, int] = {}
    attempts = 0
    horizon = inc.detected_t - 86400.0
    allocations: set[frozenset[str]] = set()
    for rec in world.attempts_log:
        if rec.end < horizon or rec.end - rec.start > fast_s or rec.outcome in ("ended", "waiting"):
            continue
        attempts += 1
        allocations.add(frozenset(rec.nodes))
        for node in set(rec.nodes):
            counts[node] = counts.get(node, 0) + 1
    current: set[str] = set()
    for job in inc.jobs:
        run = world.jobs.get(job)
        if run is not None and run.started_t is not None and inc.detected_t - run.started_t <= fast_s:
            attempts += 1
            current.update(run.spec.nodes)
            allocations.add(frozenset(run.spec.nodes))
    if len(allocations) < 2:
        return None  # the same nodes every time: the node and the program cannot be told apart
    for node in current:
        counts[node] = counts.get(node, 0) + 1
    ranked = sorted(((n, c) for n, c in counts.items() if n in current), key=lambda kv: -kv[1])
    if not ranked or attempts < min_attempts or ranked[0][1] < min_attempts:
        return None
    if len(ranked) > 1 and ranked[1][1] == ranked[0][1]:
        return None
    node, n = ranked[0]
    why = f"lemon node: {node} was in {n} of the last {attempts} attempts that failed within {fast_s / 60:.0f} min"
    return Suspect(node, None, 0.7, why)


# A process crash this long before the job's last progress is not what stopped it.
CRASH_BEFORE_STALL_S = 120.0


def crashed_process_node(inc: Incident, world: World, job: str) -> Suspect | None:
    """The one node of a stalled job whose kernel recorded a user process dying of a fault (a
    segfault, a trap) around when the job stopped progressing: a rank died there, and its peers
    wait for it in the next collective (a public HPC thread: ``python[3551]: segfault at 1378 ...
    in libcuda.so.418.67`` on cn110, the job on cn[104-110] silent since). Crashes on two nodes, or
    long before the job's last progress, name no one."""
    run = world.jobs.get(job)
    stalls = [m for m in inc.by_kind(Kind.HANG) if m.job == job and m.data.get("last_progress_t") is not None]
    if run is None or not stalls:
        return None
    last = min(float(m.data["last_progress_t"]) for m in stalls)
    nodes = set(run.spec.nodes)
    crashed = [
        m
        for m in inc.by_kind(Kind.PROCESS_CRASH)
        if m.node in nodes and last - CRASH_BEFORE_STALL_S <= m.t <= inc.detected_t
    ]
    where: set[str] = {m.node for m in crashed if m.node is not None}
    if len(where) != 1:
        return None
    node = where.pop()
    first = min(crashed, key=lambda m: m.t)
    obj = str(first.data.get("object") or "")
    died = f"a {first.data.get('comm', 'user')} process died of a {first.data.get('what', 'fault')}"
    why = (
        f"{node}: {died}{f' in {obj}' if obj else ''} {max(0.0, first.t - last):.0f} s after the job's "
        "last progress; the job's other nodes wait for the rank that died there"
    )
    return Suspect(node, None, 0.6, why)


def named_by_barrier(inc: Incident, world: World, job: str) -> Suspect | None:
    """The one node of a job holding every rank PyTorch's monitored barrier named as never answering
    (``Kind.BARRIER_MISSING``: rank 0's "Rank N failed to pass monitoredBarrier", or another rank's "...
    waiting for send/recv from rank 0"). The barrier exists to name the faulty rank; its node is where the
    job waits (holdout24, blind: a node shut down under a two-node NequIP job, the peer's Gloo barrier
    naming rank 4, four minutes before the scheduler's NODE_FAIL). Ranks on two nodes, ranks beyond the
    job's layout, or a one-node job name no node. A single rank names its GPU (rank modulo tasks per
    node, as the ranks of a node map to its GPUs). PyTorch's Flight Recorder analysis names the ranks that
    never joined a collective the same way (holdout27, blind: a TorchComms debug server's dumps naming
    ``missing ranks: {1}`` every 30 s on a two-node torchtitan run whose rank 1 never issued its first
    all_reduce)."""
    run = world.jobs.get(job)
    marks = [m for m in inc.by_kind(Kind.BARRIER_MISSING) if m.job == job]
    ranks = {int(r) for m in marks for r in m.data.get("ranks") or ()}
    if run is None or len(run.spec.nodes) < 2:
        return None
    # Horovod's stall inspector before 0.20 lists the ranks that were ready: the job's others never were
    size = len(run.spec.nodes) * run.spec.tasks_per_node
    ready = {int(r) for m in marks for r in m.data.get("ready") or ()}
    if ready and all(r < size for r in ready) and 2 * len(ready) > size:
        ranks |= set(range(size)) - ready
    if not ranks:
        return None
    where = {run.spec.node_of_rank(r) for r in ranks}  # None: beyond the job's stated layout, a guess
    node = where.pop() if len(where) == 1 else None
    if node is None:
        return None
    tpn = run.spec.tasks_per_node
    gpu = next(iter(ranks)) % tpn if len(ranks) == 1 and tpn > 1 else None
    named = ", ".join(map(str, sorted(ranks)))
    said = {m.data.get("by") for m in marks}
    by = (
        "Horovod's stall inspector"
        if said == {"horovod"}
        else "Flight Recorder's analysis"
        if said == {"flight recorder"}
        else "PyTorch's monitored barrier"
    )
    why = (
        f"{node}: {by} named rank{'s' if len(ranks) > 1 else ''} {named} as never "
        f"answering, and {'they run' if len(ranks) > 1 else 'it runs'} on {node}: the job waits for it"
    )
    return Suspect(node, gpu, 0.65, why)


def _not_broken(data: Any) -> bool:
    """A Xid that does not say by itself that its GPU broke: the application's, one the driver calls
    nonfatal, one the catalog does not know; not one the catalog says to ignore."""
    return isinstance(data, dict) and not data.get("hardware") and data.get("bucket") != "IGNORE"


def lone_app_xid(inc: Incident, world: World, job: str) -> Suspect | None:
    """The one node of a job spread over several whose GPU raised an application-class Xid (13, 31, 43, 45:
    the driver's "the program running on this GPU did something wrong") while no rank of the job printed
    an error of its own.

    A data-parallel program runs the same code on every GPU: its own fault (an illegal instruction, an
    out-of-bounds address) shows on many GPUs, or in its ranks' errors. One GPU of a multi-node job going
    wrong alone, its process left alive and the job waiting for it, is that GPU (holdout23, blind: a
    512-GPU GB200 run wedged at step 183, Xid 13 then Xid 43 on one GPU of one tray, no rank's error;
    "the channel is reset but the process stays alive"). The same for any Xid that does not say by itself
    that the GPU broke: one the driver calls nonfatal, one the catalog does not know (holdout26, blind: a
    32-GPU B200 JAX run stopped stepping after one node's Xid 145 ``RLW_RXPIPE Nonfatal`` and Xid 137 on
    link 11, nothing else anywhere). Not drained: nothing names the GPU broken; the restart goes
    elsewhere, and a repeat there is the program's."""
    run = world.jobs.get(job)
    if run is None or len(run.spec.nodes) < 2 or inc.by_kind(*SOFTWARE_KINDS):
        return None
    if not inc.by_kind(Kind.HANG, Kind.NCCL_TIMEOUT, Kind.WATCHDOG_STUCK, Kind.BARRIER_MISSING):
        return None  # a job that ended: its end says more than the Xid (``software_first``)
    nodes = set(run.spec.nodes)
    xids = [m for m in inc.by_kind(Kind.XID) if _not_broken(m.data) and m.node in nodes]
    where = {m.node for m in xids if m.node is not None}
    if len(where) != 1:
        return None
    node = where.pop()
    gpus = sorted({m.gpu for m in xids if m.gpu is not None})
    gpu = gpus[0] if len(gpus) == 1 else None
    codes = "/".join(sorted({str(m.data.get("xid")) for m in xids}))
    which = f"GPU {gpu}" if gpu is not None else "a GPU"
    filed = (
        "filed under the application" if all(m.data.get("app") for m in xids) else "none says the GPU broke"
    )
    why = (
        f"{node}: {which} raised Xid {codes} ({filed}) while no rank printed an error "
        f"and none of the job's other {len(nodes) - 1} node(s) raised one: the same program on every GPU, "
        "one GPU alone gone wrong; the job waits for its rank"
    )
    return Suspect(node, gpu, 0.55, why)


def one_client_blocked(inc: Incident) -> str | None:
    """The node whose tasks alone are blocked in a network filesystem's client, when nothing else says the
    storage failed: no client lost its server, no program saw an I/O error, one job, one node.

    Shared storage failing shows on its clients: a server not responding, several nodes' tasks blocked,
    several jobs' errors (holdout4, blind: four nodes' NFS clients at once). One client's tasks blocked
    while nothing else complains is that client's mount, that node (holdout22, blind: rank 0's write to
    GPFS in D state on one of eight nodes, its GPU idle among 63 spinning; the other nodes' jobs went on).
    """
    hung = [m for m in inc.by_kind(Kind.HUNG_TASK) if m.data.get("fs") and m.node]
    if not hung or inc.forced_category or inc.by_kind(Kind.FS_ERROR, Kind.FS_KERNEL) or len(inc.jobs) > 1:
        return None
    nodes = {m.node for m in hung}
    return hung[0].node if len(nodes) == 1 else None


def own_lock(inc: Incident) -> str | None:
    """Why the job's own tasks wait for each other inside a network filesystem's client: on one node, every
    task the kernel saw blocked there waits on a sleeping lock (an rwsem or a mutex, ``kernel_records``), none
    on the server, twice or more, and nothing anywhere says the storage failed (``one_client_blocked``). The
    holder is one of them: the program's processes contend for one file (every rank writing the same
    directory), which the program reaches again after a restart, wherever it runs (holdout65, blind:
    NeMo-RL's ranks all saving the tokenizer into one NFS directory, four ranks of one node in D state, the
    truncate in nfs_setattr waiting on the readers' lock). A task waiting on the server is a mount or a
    server, as before."""
    node = one_client_blocked(inc)
    hung = [m for m in inc.by_kind(Kind.HUNG_TASK) if m.data.get("fs")]
    if node is None or any(m.data.get("wait") != "lock" for m in hung) or sum(m.n for m in hung) < 2:
        return None
    fs = hung[0].data["fs"]
    return (
        f"{node}: {sum(m.n for m in hung)} reports of the job's tasks blocked in {fs} (a network filesystem's "
        "client), each on a lock another task holds, none waiting for the server, and no other client or "
        "program saw the storage fail: the program's own processes contend for one file"
    )


def blocked_in_storage_client(inc: Incident, world: World, job: str) -> Suspect | None:
    """The one node of a stalled job whose task the kernel saw blocked in a network filesystem's client
    since about the job's last progress, with nothing saying the storage itself failed
    (``one_client_blocked``): the job waits for that node's rank. The restart goes elsewhere; a mount
    wedged on one node is no hardware fault, so the node is not drained."""
    node = one_client_blocked(inc)
    run = world.jobs.get(job)
    stalls = [m for m in inc.by_kind(Kind.HANG) if m.job == job and m.data.get("last_progress_t") is not None]
    if node is None or run is None or node not in run.spec.nodes or not stalls:
        return None
    last = min(float(m.data["last_progress_t"]) for m in stalls)
    hung = [
        m
        for m in inc.by_kind(Kind.HUNG_TASK)
        if m.node == node and m.data.get("fs") and m.t >= last - CRASH_BEFORE_STALL_S
    ]
    if not hung:
        return None
    first = min(hung, key=lambda m: m.t)
    why = (
        f"{node}: a {first.data.get('comm') or 'job'} task blocked in {first.data['fs']} (a network "
        "filesystem's client) since the job's last progress, and no other client or program reported the "
        "storage failing: the job's other nodes wait for this node's rank"
    )
    return Suspect(node, None, 0.55, why)


def idle_among_busy(inc: Incident, world: World, job: str) -> Suspect | None:
    """The one node of a stalled job whose GPUs (some or all) went idle while every other GPU of the
    job spins busy: its peers launched the collective and wait in it, its rank never joined (holdout10,
    blind: 511 of 512 GPUs at 100 % after a ZeRO-2 job stopped, one GPU of az-nd038 at 0 %; "this
    problem turns out the bad node issue"). Idle GPUs on two nodes name no one."""
    for m in inc.by_kind(Kind.HANG):
        if m.job != job:
            continue
        left = m.data.get("idle_gpus") or []
        where = {str(n) for n, _ in left}
        if len(where) != 1:
            continue
        node = where.pop()
        gpus = sorted(int(g) for _, g in left)
        gpu = gpus[0] if len(gpus) == 1 else None
        which = f"GPU {gpus[0]}" if gpu is not None else f"GPUs {', '.join(map(str, gpus))}"
        why = (
            f"{node}: {which} went idle after the job's last progress while every other GPU of the job "
            "stays busy (its peers wait in a collective its rank never joined)"
        )
        return Suspect(node, gpu, 0.6, why)
    return None


def behind_rollcall(inc: Incident, world: World, job: str) -> Suspect | None:
    """The one node whose ranks never printed a line every other node's ranks printed, and nothing since,
    before the job stalled (``rollcall``): they are stuck before that point of the program, the others wait
    for them in the next collective (holdout43, blind: Levanter's "Saved checkpoint for step 5000" from three
    processes, never from h-07's)."""
    for m in inc.by_kind(Kind.HANG):
        node = m.data.get("behind_node") if m.job == job else None
        if not isinstance(node, str) or not node:
            continue
        ranks = [int(r) for r in m.data.get("behind_ranks") or []]
        why = (
            f"{node}: rank(s) {compress_ranks(ranks)} fell silent before a line every other node's ranks printed "
            "just before the job stalled: the others wait for them"
        )
        return Suspect(node, None, 0.55, why)
    return None


def named_by_rendezvous(inc: Incident, world: World, job: str) -> Suspect | None:
    """The one node whose device threads never joined an XLA rendezvous the rest of its process's threads wait
    in (``logs.XLA_WAITING``: one line per waiting thread, naming its rank). The K threads of a rendezvous are
    one process's, one per local device: the ranks of that block of K that never printed are the threads that
    never arrived, and the clique's device list names their GPUs, a node's worth at a time (holdout61, blind:
    Flax's evaluation at a new clique, seven of jx-03's eight threads waiting for rank 3, jx-04's process
    silent in NCCL's initialisation). More than half the block must have printed."""
    run = world.jobs.get(job)
    marks = [m for m in inc.by_kind(logs.XLA_WAITING) if m.job == job]
    if run is None or not marks or len(run.spec.nodes) < 2:
        return None
    groups: dict[str, tuple[int, list[int], set[int]]] = {}
    for m in marks:
        k, devices = int(m.data.get("threads") or 0), list(m.data.get("devices") or [])
        if k < 2:
            continue
        group = groups.setdefault(str(m.data.get("waits")), (k, devices, set()))
        group[2].add(int(m.data.get("rank") or 0))
    missing: set[int] = set()
    per_node = 0
    for k, devices, ranks in groups.values():
        blocks = {r // k for r in ranks}
        if len(blocks) != 1 or 2 * len(ranks) <= k:
            continue
        b = blocks.pop()
        never = set(range(b * k, b * k + k)) - ranks
        missing |= {devices[r] if r < len(devices) else r for r in never}
        per_node = k
    if not missing or per_node == 0:
        return None
    nodes = run.spec.nodes
    where = {d // per_node for d in missing}
    if len(where) != 1 or min(where) >= len(nodes):
        return None
    node = nodes[where.pop()]
    gpu = next(iter(missing)) % per_node if len(missing) == 1 else None
    named = ", ".join(map(str, sorted(missing)))
    why = (
        f"{node}: XLA's rendezvous waited for device{'s' if len(missing) > 1 else ''} {named}, whose "
        f"thread{'s' if len(missing) > 1 else ''} never arrived while the process's others did: the job waits "
        "for it"
    )
    return Suspect(node, gpu, 0.55, why)


def busy_among_idle(inc: Incident, world: World, job: str) -> Suspect | None:
    """The one node of a stalled job whose GPUs all stay busy while every other node's went idle, after the
    job's processes said they gave up on a peer (NCCL's or XLA's "remote process exited or there was a network
    error", ncclRemoteError): the others aborted their communicators and left the collective, the one that
    never noticed still spins in it. It is the peer they lost (holdout55, blind: three JAX processes
    aborting on an async NCCL error, h100-n09's silent, its eight GPUs at 100 %, the other 24 idle)."""
    if not any(m.job == job for m in inc.by_kind(Kind.NCCL_REMOTE_ERROR)):
        return None
    run = world.jobs.get(job)
    if run is None or len(run.spec.nodes) < 3:
        return None
    for m in inc.by_kind(Kind.HANG):
        if m.job != job:
            continue
        left = m.data.get("idle_gpus") or []
        idle_nodes = {str(n) for n, _ in left}
        rest = [n for n in run.spec.nodes if n not in idle_nodes]
        if len(rest) != 1 or len(idle_nodes) != len(run.spec.nodes) - 1:
            continue
        why = (
            f"{rest[0]}: its GPUs still busy in the collective while every other node's went idle after their "
            "processes aborted on a lost peer: the one that never noticed is the one they lost"
        )
        return Suspect(rest[0], None, 0.5, why)
    return None


def went_dark(inc: Incident, world: World, job: str) -> Suspect | None:
    """The one node of a stalled job whose exporter stopped answering as the job stopped, while other
    nodes' still answer (``TelemetryRules.dark_nodes``): the node itself went down (holdout19, blind: a DGX
    Spark's hard power-off, its job's other node waiting in the next collective). Two dark nodes name no one
    (a rack, a switch: the shared cause is another incident's)."""
    for m in inc.by_kind(Kind.HANG):
        dark = m.data.get("dark_nodes") if m.job == job else None
        if not isinstance(dark, list) or len(dark) != 1:
            continue
        node = str(dark[0])
        why = (
            f"{node}: its telemetry stopped as the job stopped, while the other nodes' still comes: the node "
            "is down, hung or cut off (the scheduler's NOT_RESPONDING follows minutes later)"
        )
        return Suspect(node, None, 0.6, why)
    return None


def odd_setup(inc: Incident, world: World, job: str) -> Suspect | None:
    """The one node of a job stalled at start-up whose NCCL set-up differs from all its peers' (the network
    plugin it chose, ``Ingest.odd_setup``): the peers wait in their first collective for ranks that cannot
    join it (holdout20, blind: one HGX node without the RDMA plugin the other three loaded)."""
    return _odd(inc, job, "hang")


def odd_nic(inc: Incident, world: World, job: str) -> Suspect | None:
    """The one node of a job stalled at start-up whose NCCL alone could not open an HCA it was told to use
    (``Ingest.odd_setup``): its NIC, which its ranks need to join the others' first collective."""
    return _odd(inc, job, "network")


def _odd(inc: Incident, job: str, category: str) -> Suspect | None:
    for m in inc.by_kind(Kind.HANG):
        odd = m.data.get("odd_setup") if m.job == job else None
        if isinstance(odd, dict) and odd.get("node") and (odd.get("category") or "hang") == category:
            return Suspect(str(odd["node"]), None, 0.6, str(odd.get("why") or ""))
    return None


def stuck_at_start(inc: Incident, world: World, job: str) -> Suspect | None:
    """The one node whose every task kept pace with its peers through the job's start-up and then stopped
    short of a line all the others printed (``start_skew``: in step, not a late start), in a job on
    several nodes: its peers wait for it in their first collective (holdout16, blind: cn125's four tasks
    hung copying their data to its GPUs while twelve peers on three nodes went on; "My code executes fine
    on all other nodes"). Stopped tasks on two nodes, beside a task of their node that went on, or
    with the first task among them (the one that does the job's extra work) name no one."""
    for m in inc.by_kind(Kind.HANG):
        stuck = m.data.get("stuck_tasks") if m.job == job else None
        if not isinstance(stuck, dict):
            continue
        late = {int(k) for k in stuck.get("late") or []}
        tasks = {int(k): 0 for k in stuck.get("tasks") or []}
        per_node = rank_nodes(world, job, tasks)
        if not late or per_node is None or len(per_node) < 2:
            continue
        where = [n for n, ts in per_node.items() if set(ts) & late]
        if len(where) != 1 or not set(per_node[where[0]]) <= late or min(tasks) in late:
            continue  # the first task's own work (downloads, the dataset's build) is the program's
        node = where[0]
        if stuck.get("never_started"):
            why = (
                f"{node}: its task(s) {', '.join(map(str, sorted(late)[:8]))} printed nothing at all, while "
                f"{stuck.get('peers')} tasks on the job's other nodes printed "
                f"'{str(stuck.get('marker', ''))[:60]}': they never started there"
            )
            return Suspect(node, None, 0.6, why)
        why = (
            f"{node}: its task(s) {', '.join(map(str, sorted(late)[:8]))} kept pace through the start-up and "
            f"stopped short of '{str(stuck.get('marker', ''))[:60]}', which {stuck.get('peers')} tasks on the "
            "job's other nodes printed"
        )
        return Suspect(node, None, 0.6, why)
    return None
