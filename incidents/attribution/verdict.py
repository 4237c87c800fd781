"""From an incident's evidence to one verdict: category, culprit, confidence.

The most specific cause wins, in this order: a broken GPU, a host that is
gone, a broken link, a degraded GPU, shared infrastructure, then a hang or the
application itself. That order is what makes a cascade fold into its cause:
the NCCL timeouts after a Xid 79, the NET/IB errors after a kernel panic and
the NODE_FAIL after both all leave the verdict where the first hard evidence
put it. One exception: an application exception seen *before* the network
errors or the stall means the peers only lost a rank that crashed on its own.
Last of all come the site's own rules (``site_rules``): only where every built-in
rule left the failure unexplained.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from incidents.attribution import (
    analysis,
    heartbeat,
    lemon_gpu,
    link_storms,
    node_env,
    node_storms,
    shared_slowdown,
    site_rules,
    xid_storms,
)
from incidents.attribution.correlate import NETWORK_REASON
from incidents.attribution.incident import Incident, Mark, Verdict
from incidents.attribution.kills import kill_signal
from incidents.attribution.world import World
from monitoring.detectors import cuda_errors, stacks, telemetry
from monitoring.detectors.schema import GPU_HARDWARE_KINDS, Kind

NODE_KINDS = (
    Kind.KERNEL_PANIC,
    Kind.KERNEL_OOPS,
    Kind.CPU_LOCKUP,
    Kind.MCE_FATAL,
    Kind.HOST_MEM_UE,
    Kind.MEM_CE_STORM,
    Kind.NODE_DOWN,
    Kind.NODE_FAILURE_LINE,
    Kind.LOCAL_FS_FAILURE,
    Kind.NODE_SHUTDOWN,
    Kind.IOMMU_FAULT,
)
SOFTWARE_KINDS = analysis.SOFTWARE_KINDS
# How srun reports a task killed by a signal the task raised itself (not the teardown's SIGTERM/SIGKILL):
# an invalid memory access or a bus error, which bad host memory or a bad node causes as well as a bug.
SIGNAL_DEATHS = frozenset({"Segmentation fault", "Bus error"})
LEMON_PATTERNS = frozenset(
    {"job_failed", "unexplained", "hang", "nccl_watchdog_timeout", "nccl_ib_peer_errors", "nccl_remote_error"}
)


def _hw_marks(inc: Incident) -> list[Mark]:
    marks = inc.by_kind(Kind.XID, *GPU_HARDWARE_KINDS)
    return [m for m in marks if m.kind != Kind.XID or m.data.get("hardware")]


def _gpu_for(node: str, marks: list[Mark]) -> int | None:
    for m in marks:
        if m.node == node and m.gpu is not None:
            return m.gpu
    return None


def _pattern(m: Mark) -> str:
    if m.kind == Kind.XID:
        return f"xid:{m.data.get('xid')}"
    return m.kind


def _remap_pending(inc: Incident) -> Mark | None:
    """A contained uncorrectable ECC error (Xid 94) on a GPU whose driver also marked a row of its memory for
    remapping (Xid 63): the remap waits for the GPU's reset, and until then the bad row is what the next job
    gets. NVIDIA's memory error guide asks for a GPU reset when a remap is pending; each Xid alone is the
    application's (94) or a record (63). The Xid 94, which names the GPU."""
    xids = inc.by_kind(Kind.XID)
    remapped = {(m.node, m.data.get("pci")) for m in xids if m.data.get("xid") == 63 and m.node}
    for m in xids:
        if m.data.get("xid") == 94 and (m.node, m.data.get("pci")) in remapped:
            return m
    return None


def gpu_hardware(inc: Incident) -> Verdict | None:
    marks = [m for m in _hw_marks(inc) if m.node is not None]
    if any(m.kind == Kind.XID and m.data.get("xid") == 94 for m in inc.marks.values()):
        # Xid 94: the ECC error was contained to the application; its CUDA error text is no hardware evidence.
        marks = [m for m in marks if not (m.kind == Kind.GPU_ECC and m.data.get("etype"))]
    if not marks:
        pending = _remap_pending(inc)
        if pending is None or pending.node is None:
            return None
        # (holdout60, blind: an A100's Xid 94 and Xid 63 "New row marked for remapping, reset gpu to
        # activate" as its rank died of "uncorrectable ECC error encountered"; NHC drained it)
        return Verdict("gpu_hardware", pending.node, pending.gpu, 0.85, "xid:94+63", ())
    first = marks[0]
    node = first.node
    assert node is not None
    conf = 0.95 if first.kind in (Kind.XID, Kind.GPU_LOST, Kind.ROW_REMAP_FAILURE) else 0.9
    if first.kind == Kind.GPU_ECC and len(marks) == 1 and first.data.get("etype"):
        conf = 0.8  # only the application's CUDA error text so far
    gpu = _gpu_for(node, marks)
    if gpu is None:
        # The driver's record named no GPU: a rank of that node saying its own device could not be used does.
        gpu = _gpu_for(node, [m for m in inc.by_kind(Kind.EXCEPTION) if m.data.get("device_state")])
    return Verdict("gpu_hardware", node, gpu, conf, _pattern(first), ())


def _explained_lockup(inc: Incident, m: Mark) -> bool:
    """A soft lockup held long (``wedged``) on a node whose device the incident already saw fail (its NIC's or
    a GPU's own record): the device's failure holds the CPU, not the host (holdout19, blind: a ConnectX-7's
    fatal PCIe error, the node's CPUs stuck behind it)."""
    if m.kind != Kind.CPU_LOCKUP or m.data.get("hard"):
        return False
    devices = inc.by_kind(
        Kind.IB_PORT_ERROR, Kind.PCIE_FATAL, Kind.NVLINK_ERROR, Kind.XID, *GPU_HARDWARE_KINDS
    )
    return any(d.node == m.node for d in devices)


def node_failure(inc: Incident, world: World) -> Verdict | None:
    marks = [
        m
        for m in inc.by_kind(*NODE_KINDS)
        if m.node is not None and _node_grade(m) and not _explained_lockup(inc, m)
    ]
    if marks:
        first = marks[0]
        conf = 0.95 if first.kind in (Kind.KERNEL_PANIC, Kind.MCE_FATAL, Kind.KERNEL_OOPS) else 0.85
        hot = {m.gpu for m in inc.by_kind(Kind.SLOW_GPU) if m.node == first.node and m.gpu is not None}
        gpu = hot.pop() if len(hot) == 1 else None  # the one GPU of the node that slowed before it was lost
        return Verdict("node_failure", first.node, gpu, conf, _node_pattern(inc, first), ())
    stuck = unkillable_node(inc)
    if stuck is not None:
        return Verdict("node_failure", stuck, None, 0.8, "unkillable_tasks", ())
    taken = [m for m in inc.by_kind(Kind.HOST_OOM) if m.node and m.data.get("etype") == "MemoryOutsideJobs"]
    if taken:
        # The node ran out of memory that its other users' tasks held (kernel_records: the OOM report's
        # table): a job requeued there meets the same; the node is drained for whoever holds it.
        return Verdict("node_failure", taken[0].node, None, 0.75, "memory_taken_outside_jobs", ())
    nf = inc.by_kind(Kind.JOB_NODE_FAIL, Kind.NODE_FAILURE_LINE)
    if not nf:
        return None
    for job in inc.jobs:
        run = world.jobs.get(job)
        down = [n for n in (run.spec.nodes if run else ()) if n in world.down]
        if len(down) == 1:
            return Verdict("node_failure", down[0], None, 0.85, Kind.JOB_NODE_FAIL, ())
    if inc.forced_category == "infrastructure":
        return None  # jobs of disjoint nodes ended NODE_FAIL together, no node down: the storm's (storms)
    return Verdict("node_failure", None, None, 0.5, Kind.JOB_NODE_FAIL, ())


def unkillable_node(inc: Incident) -> str | None:
    """A node slurmctld drained because the job's processes would not die ("Kill task failed": slurmd
    gave up after ``UnkillableStepTimeout``) whose own kernel reported a CPU lockup or a hung task
    waiting on no filesystem: its processes are stuck in the kernel, the node is broken (holdout5,
    blind: MONAI's stall, soft lockups in ``cuda-EvtHandlr`` on pa-gpu07, then "Kill task failed").
    A soft lockup alone condemns no node, nor does "Kill task failed" alone (an NFS server that hangs
    every client's tasks drains them all: a storm, infrastructure)."""
    drained = {
        m.node
        for m in inc.by_kind(Kind.NODE_DRAINED)
        if m.node is not None and "kill task failed" in str(m.data.get("reason") or "").lower()
    }
    for m in inc.by_kind(Kind.CPU_LOCKUP, Kind.HUNG_TASK):
        if m.node in drained and not m.data.get("fs"):
            return m.node
    return None


def _node_grade(m: Mark) -> bool:
    """Whether a node record condemns the node on its own (a soft lockup does not, unless it held its CPU for
    a minute and more: ``kernel_records.WEDGED_S``)."""
    return m.kind != Kind.CPU_LOCKUP or bool(m.data.get("hard")) or bool(m.data.get("wedged"))


def _node_pattern(inc: Incident, first: Mark) -> str:
    """The pattern of a node verdict; an oops names the module its faulting code was in."""
    if first.kind != Kind.KERNEL_OOPS:
        return first.kind
    named = [m.data.get("module") for m in inc.by_kind(Kind.KERNEL_OOPS) if m.data.get("function")]
    if named:
        return f"kernel_oops:{named[0] or 'kernel'}"
    return first.kind


def _port_before_slurm(inc: Incident) -> Verdict | None:
    """A NIC that failed first, and only later a "node down" from Slurm: the link is the cause.

    Slurm's heartbeat may share the failing fabric; the host itself showed no
    panic or machine check, so the first hard evidence (the port) decides.
    """
    ports = [m for m in inc.by_kind(Kind.IB_PORT_ERROR) if m.node is not None]
    if not ports or inc.by_kind(Kind.KERNEL_PANIC, Kind.MCE_FATAL, Kind.HOST_MEM_UE):
        return None
    slurm_only = inc.by_kind(Kind.NODE_DOWN, Kind.NODE_FAILURE_LINE, Kind.JOB_NODE_FAIL)
    if not slurm_only or ports[0].t > slurm_only[0].t:
        return None
    return Verdict("network", ports[0].node, None, 0.8, "ib_port_error", ())


# A link lost on this many nodes within COMMON_S of each other is lost at the switch, not at any one of them.
COMMON_MIN = 3
COMMON_S = 5.0


def common_losses(ports: list[Mark]) -> set[str]:
    """The nodes whose kernel-said link loss came within ``COMMON_S`` of the same loss on ``COMMON_MIN`` - 1
    other nodes of the incident: one switch (its reboot, its firmware upgrade) or one cable plant cut them
    all at once, so the loss names none of them. Nodes fail alone: three losing a link in the same seconds is
    no coincidence, as three nodes not responding within a minute is not (``node_storms``)."""
    said = [m for m in ports if m.job is None and m.data.get("port") and not m.data.get("count")]
    common: set[str] = set()
    for m in said:
        near = {o.node for o in said if abs(o.t - m.t) <= COMMON_S}
        if len(near) >= COMMON_MIN:
            common.update(n for n in near if n is not None)
    return common


def _drained_for_network(inc: Incident, world: World) -> str | None:
    """The one node of the incident's jobs drained by someone else for its network (NHC's "No IB port ... is
    ACTIVE", an operator's "IB link down"): the site's check found the link the evidence did not name."""
    nodes = {n for job in inc.jobs if (run := world.jobs.get(job)) is not None for n in run.spec.nodes}
    named = {
        m.node
        for m in inc.by_kind(Kind.NODE_DRAINED)
        if m.node in nodes and NETWORK_REASON.search(str(m.data.get("reason") or ""))
    }
    return named.pop() if len(named) == 1 else None


# NCCL's defaults (src/transport/net_ib.cc: NCCL_IB_TIMEOUT 20 since 2.14, 18 and 14 before; NCCL_IB_RETRY_CNT 7). The
# verbs' local ACK timeout is 4.096 us x 2^timeout: at 10 about 4 ms, which a congested path exceeds in ordinary
# operation; a retry count of 2 or less leaves no room for a second try.
SHORT_IB_TIMEOUT = 10
FEW_IB_RETRIES = 2


def own_transport_timeouts(inc: Incident, world: World) -> str | None:
    """Peers' completion errors (a send's retries exhausted, NCCL's "status=12") in a job whose own environment
    shortened NCCL's InfiniBand timeout or retry count, no port of its nodes lost: its own setting made ordinary
    congestion fatal, and a restart with it fails again (holdout134, blind: an MoE job with NCCL_IB_TIMEOUT=4 and
    NCCL_IB_RETRY_CNT=1, its first all-to-all burst failing with status 12 on every node while another owner's job
    on the same paths ran on; the most-blamed node was drained)."""
    if not inc.by_kind(Kind.IB_BLAME) or inc.by_kind(Kind.IB_PORT_ERROR):
        return None
    for job in inc.jobs:
        run = world.jobs.get(job)
        env = run.nccl_env if run is not None else {}
        timeout, retries = env.get("NCCL_IB_TIMEOUT"), env.get("NCCL_IB_RETRY_CNT")
        if (timeout is not None and timeout <= SHORT_IB_TIMEOUT) or (
            retries is not None and retries <= FEW_IB_RETRIES
        ):
            said = ", ".join(f"{k}={v}" for k, v in sorted(env.items()))
            return (
                f"job {job} set {said} in its own environment (NCCL's defaults: timeout 20, retries 7): its sends "
                "give up within milliseconds on a congested path, so its peers' completion errors are its setting's"
            )
    return None


def network(inc: Incident, world: World) -> tuple[Verdict, str | None] | None:
    ports = [m for m in inc.by_kind(Kind.IB_PORT_ERROR) if m.node is not None]
    common = common_losses(ports)
    if common:
        # holdout76, blind: a management switch's firmware upgrade took every node's Ethernet link down in the
        # same second; a job died of one node's InfiniBand port that stayed down (NHC drained it 3 minutes
        # later), and the verdict took the first of the job's nodes whose management link went
        ports = [m for m in ports if m.node not in common]
    blamed = analysis.blamed_peer(inc, world)
    if ports:
        node = ports[0].node
        why = blamed.why if blamed is not None and blamed.node == node else None
        return Verdict("network", node, None, 0.9 if why else 0.85, "ib_port_error", ()), why
    local = analysis.local_ib_error(inc)
    if local is not None:
        return Verdict("network", local.node, None, local.confidence, "ib_local_error", ()), local.why
    own = own_transport_timeouts(inc, world)
    if own is not None:
        return Verdict("software", None, None, 0.65, "own_transport_timeouts", ()), own
    if blamed is not None:
        return Verdict("network", blamed.node, None, blamed.confidence, "nccl_ib_peer_errors", ()), blamed.why
    drained = (
        _drained_for_network(inc, world)
        if common or inc.by_kind(Kind.IB_BLAME, Kind.NCCL_REMOTE_ERROR)
        else None
    )
    if drained is not None:
        why = f"{drained} drained by someone else for its network"
        return Verdict("network", drained, None, 0.75, "drained_for_network", ()), why
    if inc.by_kind(Kind.IB_BLAME):
        return Verdict("network", None, None, 0.4, "nccl_ib_peer_errors", ()), None
    if inc.by_kind(Kind.NCCL_REMOTE_ERROR):
        # ncclRemoteError / ncclSystemError: a peer went away or the fabric failed, not the model code.
        return Verdict("network", None, None, 0.4, "nccl_remote_error", ()), None
    if common:
        return Verdict("network", None, None, 0.5, "link_lost_at_switch", ()), None
    return None


def degraded(inc: Incident) -> Verdict | None:
    slow = [m for m in inc.by_kind(Kind.SLOW_GPU) if m.node is not None]
    if not slow:
        return None
    worst = min(slow, key=lambda m: float(m.data.get("ratio", 1.0)))
    conf = 0.85 if inc.by_kind(Kind.STRAGGLER) else 0.75
    if len({m.gpu for m in slow if m.node == worst.node}) > 1:
        # Several GPUs of the node slowed together (correlate._slowed_together): the node, no one GPU.
        return Verdict("gpu_degraded", worst.node, None, conf, "slow_node", ())
    return Verdict("gpu_degraded", worst.node, worst.gpu, conf, "slow_gpu", ())


def infrastructure(inc: Incident) -> Verdict | None:
    fs = inc.by_kind(Kind.FS_ERROR)
    kernel_fs = inc.by_kind(Kind.FS_KERNEL) + [m for m in inc.by_kind(Kind.HUNG_TASK) if m.data.get("fs")]
    if analysis.one_client_blocked(inc) is not None:
        kernel_fs = []  # that node's client, not the storage: a hang with its culprit (below)
    launch = [m for m in inc.by_kind(Kind.LAUNCH_ERROR) if m.data.get("site")]
    if launch and not fs and not kernel_fs:
        conf = 0.8 if len(inc.jobs) >= 2 else 0.65
        return Verdict("infrastructure", None, None, conf, "job_launch_environment", ())
    if not fs and not kernel_fs and inc.forced_category != "infrastructure":
        return None
    if not fs and not kernel_fs and inc.by_kind(Kind.SHARED_SLOWDOWN):
        conf = 0.7 if len(inc.jobs) >= 3 else 0.6
        return Verdict("infrastructure", None, None, conf, "shared_slowdown", ())  # its marks say why
    jobs = {m.job for m in fs if m.job} | (set(inc.jobs) if inc.forced_category or kernel_fs else set())
    conf = 0.85 if len(jobs) >= 2 else 0.7 if kernel_fs else 0.6
    if fs and all(isinstance(m.data, dict) and m.data.get("service") is not None for m in fs):
        pattern = "remote_service_errors"  # a hub, an object store or an artifact server answered 5xx
    elif fs:
        pattern = "filesystem_errors"
    elif kernel_fs:
        pattern = (
            "filesystem_client_errors"  # the node's kernel: MDT/OST lost, evicted, server not responding
        )
    elif kill_signal(inc) is not None:
        pattern = "jobs_killed_from_outside"  # several owners' jobs killed by a signal, nothing of their own
    elif len({m.node for m in inc.by_kind(Kind.EXCEPTION) if m.data.get("device_state")}) >= 2:
        pattern = "gpus_unusable_on_many_nodes"  # one image, driver, licence or fabric service under them all
    else:
        pattern = "job_failure_storm"
    return Verdict("infrastructure", None, None, conf, pattern, ())


def owner_quota(inc: Incident, world: World) -> Verdict | None:
    """The program's storage errors all say its owner's quota is full (EDQUOT: "Disk quota exceeded",
    ``[Errno 122]``) or its node's own scratch space is (``_own_scratch_full``), in jobs of that one owner, with no storage client or server failing beside them: a
    limit set per owner, not an outage. A restart writes into the same full quota; the owner is told
    (holdout44, blind: DiffusionDet's save at iteration 4,999 over its owner's home quota, the same owner's
    second job failing so too). Owners' jobs failing so together are a project's or a pool's
    (``fs_storms``: one outage, holdout34)."""
    fs = inc.by_kind(Kind.FS_ERROR)
    if not fs or inc.by_kind(Kind.FS_KERNEL):
        return None
    for m in fs:
        said = m.data.get("fs_error") if isinstance(m.data, dict) else None
        low = str(said if isinstance(said, str) else m.text).lower()
        if (isinstance(m.data, dict) and m.data.get("service") is not None) or not (
            "disk quota exceeded" in low
            or "[errno 122]" in low
            or _own_scratch_full(f"{low} {m.text.lower()}")
        ):
            return None
    users = {world.jobs[j].spec.user for j in inc.jobs if j in world.jobs}
    if len(users) != 1:
        return None
    return Verdict("software", None, None, 0.75, "owner_quota", ())


# A node's own scratch space, a job's to fill (the per-job /tmp Slurm's job_container/tmpfs makes, /dev/shm, a
# TMPDIR under them): full in one owner's job alone is that job's own writing, not storage that failed.
_OWN_SCRATCH = ("'/tmp/", "'/dev/shm/", "'/var/tmp/", " /tmp/", " /dev/shm/", " /var/tmp/")


def _own_scratch_full(low: str) -> bool:
    """ENOSPC on a node's own scratch path (holdout131, blind: MosaicML streaming's cache without a limit
    filling the job's /tmp on its four nodes within minutes, read as a storage outage)."""
    return ("no space left on device" in low or "[errno 28]" in low) and any(p in low for p in _OWN_SCRATCH)


def _transient_fs_beside_own_error(inc: Incident) -> bool:
    """Whether the incident's only storage evidence is one node's Lustre client timing out an RPC (a slow
    reply, retried; no connection lost, no eviction, no program's I/O error), beside the program's own error:
    the program's error explains the failure (holdout42, blind: TensorFlow's DataLossError "corrupted record
    at 775087002", and one ptlrpc slow-reply timeout on a node; the resubmission failed at the same record)."""
    fs = inc.by_kind(Kind.FS_KERNEL)
    if not fs or inc.by_kind(Kind.FS_ERROR) or len({m.node for m in fs}) > 1:
        return False
    if any(m.data.get("what") != "rpc failed" for m in fs):
        return False
    return bool(inc.by_kind(Kind.EXCEPTION))  # (a cascade's exception is never one: logs drops it)


def _first_t(marks: list[Mark]) -> float | None:
    return min((m.t for m in marks), default=None)


def software_first(inc: Incident, world: World, before: float | None) -> Verdict | None:
    """The application's own error, if it came first (or nothing else explains the failure)."""
    marks = inc.by_kind(*SOFTWARE_KINDS)
    app_xids = [m for m in inc.by_kind(Kind.XID) if m.data.get("app")]
    if not marks and any(analysis.lone_app_xid(inc, world, job) for job in inc.jobs):
        app_xids = []  # one GPU of many, the program silent: that GPU (a hang's culprit, ``hang``)
    if not marks and not app_xids:
        return None
    first_t = _first_t(marks + app_xids)
    if (
        before is not None
        and first_t is not None
        and first_t > before + 0.5
        and not _saving_since(marks, before)
    ):
        return None
    oom = inc.by_kind(Kind.CUDA_OOM)
    if oom:
        return Verdict("software", None, None, 0.9, "cuda_oom", ())
    exc = inc.by_kind(Kind.EXCEPTION)
    if exc:
        top = max(exc, key=lambda m: (len(m.nodes), m.ranks))
        conf = 0.9 if len(top.nodes) >= 2 or top.ranks >= 2 else 0.7
        return Verdict("software", None, None, conf, f"exception:{top.data.get('etype', '?')}", ())
    if app_xids:
        return Verdict("software", None, None, 0.7, f"xid:{app_xids[0].data.get('xid')}", ())
    return Verdict("software", None, None, 0.6, "host_oom", ())


def _saving_since(marks: list[Mark], stall_t: float) -> bool:
    """Whether the program's error came inside a checkpoint save it began after its stall was called: the silence
    was its work before the save (gathering the state to write), not a hang, and the error that ended the save is
    the failure (holdout100, blind: a T5X job quiet 78 s after its last step, past 4 beats of its cadence, then
    "Saving checkpoint for step 100" and the filesystem's refusal of a lock; it was requeued as a hang)."""
    for m in marks:
        phase = m.data.get("phase") if isinstance(m.data, dict) else None
        began = phase.get("ckpt_start_t") if isinstance(phase, dict) else None
        if isinstance(began, (int, float)) and began > stall_t:
            return True
    return False


_WAITED_FOR: tuple[tuple[Callable[[Incident, World, str], analysis.Suspect | None], str, str], ...] = (
    (heartbeat.silent_node, "heartbeat_silent_node", "hang"),
    (analysis.went_dark, "node_went_dark", "node_failure"),
    (analysis.named_by_barrier, "named_by_monitored_barrier", "hang"),
    (analysis.named_by_rendezvous, "named_by_xla_rendezvous", "hang"),
    (analysis.crashed_process_node, "process_crashed_on_node", "hang"),
    (analysis.lone_app_xid, "app_xid_on_one_gpu", "hang"),
    (analysis.blocked_in_storage_client, "blocked_in_storage_client", "hang"),
    (analysis.idle_among_busy, "idle_among_busy_peers", "hang"),
    (analysis.busy_among_idle, "busy_among_aborted_peers", "hang"),
    (analysis.behind_rollcall, "behind_rollcall", "hang"),
    (analysis.stuck_at_start, "stuck_at_start", "hang"),
    (analysis.odd_setup, "odd_network_setup", "hang"),
    (analysis.odd_nic, "nic_unopened_on_one_node", "network"),
)


def hang(inc: Incident, world: World) -> tuple[Verdict, str | None] | None:
    marks = inc.by_kind(Kind.HANG, Kind.NCCL_TIMEOUT, Kind.WATCHDOG_STUCK, Kind.BARRIER_MISSING)
    if not marks:
        return None
    idle = outside_collectives(inc)
    if idle is not None:
        return idle
    fed = waiting_for_input(inc)
    if fed is not None:
        return fed
    mismatched = mismatched_collectives(inc)
    if mismatched is not None:
        return mismatched
    contended = analysis.own_lock(inc)
    if contended is not None:
        return Verdict("software", None, None, 0.6, "own_tasks_lock_contention", ()), contended
    pattern = "hang" if marks[0].kind == Kind.HANG else "nccl_watchdog_timeout"
    for job in inc.jobs:
        suspect = analysis.missing_from_collective(inc, world, job)
        if suspect is not None:
            found_as = suspect.pattern or pattern
            return Verdict("hang", suspect.node, suspect.gpu, suspect.confidence, found_as, ()), suspect.why
    # Who else the job waits for, in the order of how directly each shows it: the ranks whose heartbeat
    # monitor never reported, a node gone dark (down: node_failure), a process the kernel saw die, GPUs
    # left idle among busy peers.
    for finder, name, category in _WAITED_FOR:
        for job in inc.jobs:
            found = finder(inc, world, job)
            if found is not None:
                return Verdict(category, found.node, found.gpu, found.confidence, name, ()), found.why
    stuck = analysis.stuck_watchdog(inc, world)
    if stuck is not None:
        return Verdict("hang", stuck.node, stuck.gpu, stuck.confidence, "watchdog_stuck", ()), stuck.why
    if inc.by_kind(Kind.NCCL_TIMEOUT):
        apart = analysis.rank0_apart_on_one_node(inc, world)
        if apart is not None:
            return Verdict("software", None, None, 0.6, "rank0_apart", ()), apart
        # A collective timed out (a rank waited for a peer that never joined) and every rank is on one
        # node: the peer is inside that node (its GPUs, NVLink, driver). The only place to exclude,
        # never enough to drain. A stuck watchdog alone shows no missing peer, so it names no node.
        only = analysis.only_node(inc, world)
        if only is not None:
            return Verdict("hang", only.node, None, only.confidence, pattern, ()), only.why
    return Verdict("hang", None, None, 0.5, pattern, ()), None


def mismatched_collectives(inc: Incident) -> tuple[Verdict, str | None] | None:
    """Ranks of one job whose watchdogs timed out at the same SeqNum in different collectives.

    A process group numbers its collectives in the order each rank calls them, so SeqNum N is every
    rank's Nth call in that group (two groups' SeqNums are not compared): ranks stuck at one SeqNum in an ALLREDUCE and an _ALLGATHER_BASE called different
    collectives there. No rank is lost and no link is slow: the ranks' control flow diverged (one ran
    out of data first, a rank-dependent branch), which the program reaches again after a restart
    (holdout17, blind: litData's combined streaming dataset, three ranks in an allgather while the rest
    waited in an allreduce, at the same batch on every run).
    """
    for job, seqs in inc.ops.items():
        for seq, ops in sorted(seqs.items()):
            if len(ops) < 2:
                continue
            shown = ", ".join(f"{op} (rank {rank})" for op, rank in sorted(ops.items())[:4])
            pg, _, num = seq.partition(":")
            at = f"SeqNum {num}" + (f" of process group {pg}" if pg else "")
            why = (
                f"job {job}: ranks timed out at {at} in different collectives ({shown}): they called "
                "different collectives at the same point, the program's control flow diverged across ranks"
            )
            return Verdict("software", None, None, 0.75, "mismatched_collectives", ()), why
    return _past_a_collective(inc)


# Collectives no rank of the group completes before every rank of it has joined (each needs every rank's
# data): a rank that completed one of these another is stuck in did not call it there. Not broadcast, reduce
# or point-to-point, whose sending side may finish into its peer's buffers alone.
EVERY_RANK_OPS = frozenset(
    {
        "ALLREDUCE",
        "ALLGATHER",
        "_ALLGATHER_BASE",
        "ALLGATHER_COALESCED",
        "ALLTOALL",
        "ALLTOALL_BASE",
        "REDUCE_SCATTER",
        "_REDUCE_SCATTER_BASE",
        "BARRIER",
        "COALESCED",
    }
)


def _fewer_past(done: dict[str, int], pg: str, seq: int) -> bool:
    """Whether fewer ranks of group ``pg`` completed SeqNum ``seq`` than did not."""
    mine = [n for key, n in done.items() if key.partition(":")[0] == pg]
    past = sum(1 for n in mine if n >= seq)
    return 0 < past < len(mine) - past


def _past_a_collective(inc: Incident) -> tuple[Verdict, str | None] | None:
    """One rank timed out at a later SeqNum of a process group than the others, having completed the one
    they are stuck in, and that one needs every rank: it never called what they called there.

    One that completed it and waits further on, in another collective, called something else at that point:
    a rank-dependent branch (holdout123, blind: a rank that skipped the gradient allreduce after a non-finite
    gradient, the flight recorder's dump showing it in an allgather one SeqNum on), which a restart from the
    checkpoint reaches again. Only when the ranks past it are fewer than those stuck in it: a hung GPU's stream
    never records the completion of a collective its kernels took part in, so a node's ranks stuck one SeqNum
    behind the rest are the node the rest waited for (public hang-known-suspect: gpu-a-019's eight ranks at an
    allgather the other twenty-four completed), not twenty-four ranks gone astray.
    """
    for job, seqs in inc.ops.items():
        done = inc.done_in.get(job) or {}
        stuck = sorted(
            (int(num), pg, op, rank)
            for where, ops in seqs.items()
            for pg, _, num in [where.partition(":")]
            if pg and num.isdigit()
            for op, rank in ops.items()
        )
        for seq, pg, op, rank in stuck:
            if op not in EVERY_RANK_OPS:
                continue
            for later, pg2, op2, ahead in stuck:
                if pg2 != pg or later <= seq or op2 == op or ahead == rank:
                    continue
                if done.get(f"{pg}:{ahead}", -1) >= seq and _fewer_past(done, pg, seq):
                    why = (
                        f"job {job}: rank {ahead} completed SeqNum {seq} of process group {pg}, the {op} rank "
                        f"{rank} is stuck in, and timed out at SeqNum {later} in {op2}: it never called that "
                        f"{op}, the program's control flow diverged across ranks"
                    )
                    return Verdict("software", None, None, 0.75, "mismatched_collectives", ()), why
    return None


def waiting_for_input(inc: Incident) -> tuple[Verdict, str | None] | None:
    """A stack dump of the stalled job shows its main thread waiting for its own input pipeline.

    Its peers wait in a collective for it (its GPU idle among busy ones, a collective timed out), but
    the rank itself is not lost: it waits for the batches its loader's workers should hand it (a
    worker deadlocked or dead, a dataset iterator stuck), a state of the program that a restart
    reaches again, wherever it runs (holdout12, blind: fairseq's rank 0 in its DataLoader at each
    epoch's start, on two sets of nodes). Dumps showing the main thread in a collective change nothing.
    """
    for m in inc.by_kind(Kind.STACK_DUMP):
        if m.data.get("waits_on") == stacks.INPUT:
            frames = " < ".join(list(m.data.get("frames") or [])[:4])
            why = f"a stack dump of job {m.job}: its main thread waits in its input pipeline ({frames})"
            return Verdict("software", None, None, 0.7, "stalled_in_input_pipeline", ()), why
    return None


def outside_collectives(inc: Incident) -> tuple[Verdict, str | None] | None:
    """Every heartbeat report says its rank had no collective in flight: the stall is the program's.

    PyTorch's heartbeat monitor prints ``workMetaList_.size()``, the collectives the rank
    enqueued and has not seen complete. Zero on every reporting rank, and no collective timed
    out anywhere: no rank waits for a peer, so no node is left behind; the program stopped
    outside communication (a data pipeline, a lock, the GIL), which a restart repeats.
    """
    stuck = inc.by_kind(Kind.WATCHDOG_STUCK)
    counts = [m.data.get("pending") for m in stuck]
    if not stuck or any(c is None or c != 0 for c in counts) or inc.by_kind(Kind.NCCL_TIMEOUT):
        return None
    why = f"heartbeat monitor on {len(stuck)} report(s): no collective in flight on any reporting rank"
    return Verdict("software", None, None, 0.7, "stalled_outside_collectives", ()), why


def checkpoint_timeout(inc: Incident) -> Verdict | None:
    """A collective timed out while the job was writing a checkpoint: the job's own configuration.

    Rank 0 writes, the others wait in the next collective; a save longer than
    the NCCL timeout kills the job at every save, so a restart repeats it. A
    filesystem that is down, or a link that failed first, is another story.
    """
    during = [
        m for m in inc.by_kind(Kind.NCCL_TIMEOUT, Kind.WATCHDOG_STUCK) if m.data.get("during_checkpoint")
    ]
    if not during or inc.by_kind(Kind.FS_ERROR, Kind.FS_KERNEL, Kind.IB_PORT_ERROR):
        return None
    first = during[0].t
    if any(m.t < first for m in inc.by_kind(Kind.IB_BLAME, *GPU_HARDWARE_KINDS, *NODE_KINDS)):
        return None
    return Verdict("software", None, None, 0.75, "timeout_during_checkpoint", ())


def _cascade_blame(inc: Incident, hung: tuple[Verdict, str | None] | None) -> bool:
    """Peers lost a rank the heartbeat monitor or the watchdog already killed: the hang explains them."""
    if hung is None or hung[0].node is None or inc.by_kind(Kind.IB_PORT_ERROR):
        return False
    stall = _first_t(inc.by_kind(Kind.NCCL_TIMEOUT, Kind.WATCHDOG_STUCK))
    blame = _first_t(inc.by_kind(Kind.IB_BLAME, Kind.NCCL_REMOTE_ERROR))
    return stall is not None and (blame is None or stall + 0.5 < blame)


def _lost_peer_named(net: tuple[Verdict, str | None], hung: tuple[Verdict, str | None] | None) -> bool:
    """Peers that gave up on a lost peer (a remote error that names no node), and the one node still in the
    collective they left: the hang names the peer they lost (``analysis.busy_among_idle``)."""
    return net[0].node is None and hung is not None and hung[0].pattern == "busy_among_aborted_peers"


def crashed_on_suspect_node(inc: Incident, world: World, window_s: float) -> tuple[Verdict, str] | None:
    """A task died of a signal on one node only, no traceback and no hardware record explain it, and
    that node was already suspect (an earlier verdict or an operator's): the node, not the program.

    Every rank of a data-parallel job runs the same code on different data; one rank's segfault
    alone is as likely a bug as a host. A node already blamed before tips it: the restart goes
    elsewhere and the node is checked. Without that history the failure stays the job's.
    """
    if window_s <= 0 or inc.by_kind(*SOFTWARE_KINDS):
        return None
    died = [
        m
        for m in inc.by_kind(Kind.TASK_EXIT)
        if not m.data.get("cascade") and m.data.get("how") in SIGNAL_DEATHS
    ]
    nodes = {n for m in died for n in (m.nodes or ([m.node] if m.node else []))}
    if len(nodes) != 1:
        return None
    node = nodes.pop()
    before = world.suspect(node, inc.detected_t, inc.key, window_s)
    if before is None:
        return None
    how = str(died[0].data.get("how", "a signal")).lower()
    why = (
        f"{node}: the only node where a task died on its own ({how}), and {before.removeprefix('history: ')}"
    )
    return Verdict("node_failure", node, None, 0.6, "crash_on_suspect_node", ()), why


def hang_on_suspect_node(inc: Incident, world: World, window_s: float) -> tuple[Verdict, str] | None:
    """A stall nothing else explains, nothing names a node left behind, and exactly one of the job's nodes
    was already suspect (an earlier verdict or an operator's): that node first, not the program.

    Without a node named, a stall is the program's or a rank's, and the job is only reported. A node
    already blamed before tips it, as for a task that died on it (``crashed_on_suspect_node``): the
    restart goes elsewhere and the node is checked (holdout19, blind: PaddlePaddle's first all-reduce
    spinning forever on pd-gpu05, suspect for a hang three days before; the owner's resubmission on
    another node trained; the node's PCIe peer-to-peer set-up was the cause). Two suspect nodes, or none,
    name no one."""
    if window_s <= 0 or inc.by_kind(*SOFTWARE_KINDS):
        return None
    if not inc.by_kind(Kind.HANG, Kind.NCCL_TIMEOUT, Kind.WATCHDOG_STUCK):
        return None
    nodes = {n for job in inc.jobs if (run := world.jobs.get(job)) is not None for n in run.spec.nodes}
    suspects = [
        (n, why) for n in sorted(nodes) if (why := world.suspect(n, inc.detected_t, inc.key, window_s))
    ]
    if len(suspects) != 1:
        return None
    node, before = suspects[0]
    why = f"{node}: the only node of the stalled job already under suspicion ({before.removeprefix('history: ')})"
    return Verdict("hang", node, None, 0.55, "hang_on_suspect_node", ()), why


def _driver_wedged(inc: Incident) -> Verdict | None:
    """Tasks blocked inside the NVIDIA driver (``kernel_records``: a hung task's frame in [nvidia]) on one node that
    stayed up, no Xid of its own: its driver or GPUs wedged, whatever else its tasks then failed to do (holdout98,
    blind: nvidia-smi and the job's ranks in state D on "os_acquire_mutex [nvidia]", the exporter serving stale
    samples; holdout73: tasks Slurm could not kill). A node that went down is node_failure's; an Xid names a GPU."""
    wedged = {m.node for m in inc.by_kind(Kind.HUNG_TASK) if m.data.get("gpu_driver") and m.node}
    if len(wedged) != 1:
        return None
    node = next(iter(wedged))
    if any(m.node == node for m in inc.by_kind(Kind.NODE_DOWN, Kind.XID)):
        return None
    return Verdict("gpu_hardware", node, None, 0.8, "gpu_driver_hung", ())


def fabric_managed(inc: Incident) -> set[str]:
    """The nodes whose HCAs saw the subnet manager change the fabric (``logs._nccl_warn``: SM change, LID change,
    client reregister) in an incident with a network failure, when two nodes or more saw it and no GPU's hardware
    failed: the fabric's management failed the job, not a port (holdout90, blind: a switch's own subnet manager,
    left on beside opensm, taking the subnet over; every node's NCCL "port error", "LID change", "SM change", two
    owners' jobs failing). Empty otherwise."""
    said = {
        m.node for m in inc.by_kind(Kind.LAUNCH_ERROR) if m.data.get("site") == "subnet manager" and m.node
    }
    if len(said) < 2 or inc.by_kind(*GPU_HARDWARE_KINDS):
        return set()
    if not inc.by_kind(
        Kind.IB_PORT_ERROR, Kind.IB_BLAME, Kind.NCCL_REMOTE_ERROR, Kind.NCCL_TIMEOUT, Kind.HANG
    ):
        return set()
    return said


def device_state_node(inc: Incident, world: World) -> tuple[Verdict, str] | None:
    """The GPUs of one node could not be used (busy, forbidden, absent, driver or fabric not ready)
    while none of the job's other nodes reported it: that node, not the program.

    Every rank runs the same start-up code; an error that names the state of the devices
    (``cuda_errors.DEVICE_STATE_CODES``) on one node only is that node's (a process left behind
    by an earlier job, a compute mode, a GPU gone). On every node, or on a job of one node, it
    stays the job's: its container or driver setup, which a restart elsewhere would repeat. Any
    other error of the program seen with it, except on that node's own ranks (the same failure's
    wrappers), keeps the verdict the program's.
    """
    exc = inc.by_kind(Kind.EXCEPTION, Kind.CUDA_OOM)
    state = [m for m in exc if m.data.get("device_state")]
    if not state:
        return None
    nodes = {n for m in state for n in (m.nodes or ([m.node] if m.node else []))}
    placed, torn = _exited_on_its_own(inc)
    if placed is not None and not nodes and sum(m.n for m in state) <= world.cluster.gpus_per_node:
        # lines with no rank (slurmstepd's, the container hook's): where srun says it failed, unless there are more of
        # them than that node has GPUs (holdout95, blind: a launcher's workers on both nodes, "No HIP GPUs are
        # available" 14 times, srun naming only the launcher's own task on the first node)
        nodes = {placed}
    elif placed is not None and nodes - {placed} and nodes - {placed} <= torn:
        # The rank's node came from the job's layout (rank // tasks per node); srun's own words say where the
        # task that failed by itself ran, the other node's tasks only torn down after it: the layout was not the
        # one the step ran with (holdout81, blind: one docker run per node under a job listed with 8 tasks per
        # node, "srun: error: ax-07: task 1: Exited with exit code 125", its rank 1 placed on ax-06)
        nodes, state = {placed}, [replace(m, gpu=None) for m in state]
    if len(nodes) != 1:
        return None
    node = nodes.pop()
    for m in exc:
        # The wrappers the same failure raised on the same ranks (NCCL's "unhandled cuda error",
        # c10d's DistBackendError) are it; an error of the program on another node is not.
        if not m.data.get("device_state") and (not m.nodes or set(m.nodes) - {node}):
            return None
    spans = {n for job in inc.jobs if (run := world.jobs.get(job)) is not None for n in run.spec.nodes}
    others = len(spans - {node})
    if others == 0:
        return None
    etype = str(state[0].data.get("etype", "device state"))
    # One rank reporting it names its GPU (the ingest placed it: rank modulo tasks per node).
    gpus = {m.gpu for m in state}
    gpu = gpus.pop() if len(gpus) == 1 else None
    if any(m.data.get("cuda_error") in cuda_errors.NODE_WIDE_CODES for m in state):
        gpu = None  # the node's driver or fabric: every GPU of it meets it, whichever rank said it first
    which = f"GPU {gpu}" if gpu is not None else "its GPUs"
    why = (
        f"{node}: {which} could not be used ({etype}: {state[0].data.get('message', '')}), "
        f"and none of the job's other {others} node(s) reported it"
    )
    return Verdict("gpu_hardware", node, gpu, 0.7, f"cuda_device_state:{etype}", ()), why


def _exited_on_its_own(inc: Incident) -> tuple[str | None, set[str]]:
    """The one node srun says tasks exited on by themselves (an exit code, not "Killed" or "Terminated" in the
    teardown), or None; and the nodes whose tasks srun says were only torn down."""
    own: set[str] = set()
    down: set[str] = set()
    for m in inc.by_kind(Kind.TASK_EXIT):
        (down if m.data.get("cascade") else own).update(m.nodes or ([m.node] if m.node else []))
    return (next(iter(own)) if len(own) == 1 else None), down - own


def fallback(inc: Incident) -> Verdict:
    failed = inc.by_kind(Kind.JOB_FAILED, Kind.TASK_EXIT)
    if failed:
        return Verdict("software", None, None, 0.4, "job_failed", ())
    return Verdict("software", None, None, 0.3, "unexplained", ())


def decide(inc: Incident, world: World, history_window_s: float = 0.0) -> tuple[Verdict, list[str]]:
    """The verdict and the analysis lines that justify it (``history_window_s``: how far back an
    earlier verdict makes a node suspect; 0 reads no history)."""
    why: list[str] = []
    if node_storms.is_node_storm(inc):
        # Many nodes down together for one reason: one common cause, whatever each node shows.
        why.append(node_storms.storm_line(inc, world))
        return Verdict("infrastructure", None, None, 0.85, node_storms.PATTERN, ()), why
    managed = fabric_managed(inc)
    if managed:
        why.append(
            f"fabric management: the subnet manager moved the fabric under {len(managed)} nodes "
            f"({', '.join(sorted(managed)[:4])}) as their links failed: a handover or a re-sweep, not their ports"
        )
        return Verdict("infrastructure", None, None, 0.75, "fabric_management", ()), why
    if xid_storms.is_xid_storm(inc):
        # One hardware Xid on many nodes' GPUs in the same seconds: what they share, whatever each GPU shows.
        why.append(xid_storms.storm_line(inc))
        return Verdict("infrastructure", None, None, 0.8, xid_storms.PATTERN, ()), why
    if link_storms.is_link_storm(inc):
        # Many nodes' own ports lost in the same seconds: the switch they share, whatever each node shows.
        why.append(link_storms.storm_line(inc))
        return Verdict("infrastructure", None, None, 0.8, link_storms.storm_pattern(inc), ()), why
    if shared_slowdown.is_room_heat(inc):
        # GPUs held by heat on several nodes at once: the air they share, whatever each GPU shows.
        why.append(shared_slowdown.heat_line(inc))
        return Verdict("infrastructure", None, None, 0.75, shared_slowdown.HEAT_PATTERN, ()), why
    v = gpu_hardware(inc) or _port_before_slurm(inc) or _driver_wedged(inc) or node_failure(inc, world)
    env = node_env.named_node(inc) if v is None else None
    if env is not None:
        # Owners' jobs failed at start on this node alone, for want of a library: its install, not their programs.
        v = Verdict("node_failure", env, None, 0.7, node_env.PATTERN, ())  # its mark says why
    bad_gpu = lemon_gpu.named_gpu(inc) if v is None else None
    if bad_gpu is not None:
        # Owners' jobs killed on this GPU by application-class Xids: the device, not their programs.
        v = Verdict("gpu_hardware", bad_gpu[0], bad_gpu[1], 0.7, lemon_gpu.PATTERN, ())  # its mark says why
    if v is None:
        state = device_state_node(inc, world)
        if state is not None:
            v = state[0]
            why.append(state[1])
    if v is None:
        v = owner_quota(inc, world)
    if v is None and inc.forced_category == "infrastructure":
        v = infrastructure(inc)
    if v is None:
        net = network(inc, world)
        hung = hang(inc, world)
        stall_t = _first_t(
            inc.by_kind(
                Kind.HANG,
                Kind.NCCL_TIMEOUT,
                Kind.BARRIER_MISSING,
                Kind.IB_BLAME,
                Kind.IB_PORT_ERROR,
                Kind.NCCL_REMOTE_ERROR,
            )
        )
        sw = software_first(inc, world, stall_t) if (net or hung) else None
        ck = checkpoint_timeout(inc) if sw is None else None
        if ck is not None:
            v = ck
        elif sw is not None and (net is None or net[0].node is None or not inc.by_kind(Kind.IB_PORT_ERROR)):
            v = sw
        elif net is not None and (_cascade_blame(inc, hung) or _lost_peer_named(net, hung)):
            assert hung is not None
            v = hung[0]
            why += [hung[1]] if hung[1] else []
        elif net is not None:
            v = net[0]
            why += [net[1]] if net[1] else []
        else:
            v = degraded(inc) or (None if _transient_fs_beside_own_error(inc) else infrastructure(inc))
            if v is None and hung is not None:
                v = hung[0]
                why += [hung[1]] if hung[1] else []
            if v is None:
                v = software_first(inc, world, None) or fallback(inc)
                crashed = (
                    crashed_on_suspect_node(inc, world, history_window_s)
                    if v.pattern == "job_failed"
                    else None
                )
                if crashed is not None:
                    v = crashed[0]
                    why.append(crashed[1])
        if v.category == "hang" and v.node is None:
            suspect = hang_on_suspect_node(inc, world, history_window_s)
            if suspect is not None:
                v = suspect[0]
                why.append(suspect[1])
        if v.node is None and v.pattern in LEMON_PATTERNS and not awaiting_collective(inc, world):
            lemon = analysis.lemon_node(inc, world)
            if lemon is not None:
                v = Verdict("node_failure", lemon.node, None, lemon.confidence, "lemon_node", ())
                why.append(lemon.why)
        if v.pattern in site_rules.FALLBACK_PATTERNS:
            # No built-in rule explained the failure: a site rule that read one of its lines may.
            site = site_rules.verdict(inc)
            if site is not None:
                v = site[0]
                why.append(site[1])
    elif v.category == "gpu_hardware" and inc.timeouts:
        v = _gpu_from_collective(inc, world, v, why)
    if v.category == "hang" and v.node is not None and v.gpu is None:
        v = gpu_by_replay(inc, v, why)
    return v, why


def gpu_by_replay(inc: Incident, v: Verdict, why: list[str]) -> Verdict:
    """A stall that names a node and no GPU: the one GPU of that node whose PCIe link replayed faster
    than DCGM's limit when the stall was called (``TelemetryRules.replaying``) is the one its peers waited
    for (holdout50, blind: Darknet stalled on tx-06, GPU 2's replay count rising 60 a minute through a
    failing riser, GPUs 0 and 1 at 0-1). Two such GPUs on the node name neither."""
    found: dict[int, float] = {}
    for m in inc.by_kind(Kind.HANG):
        for row in m.data.get("pcie_replay") or ():
            if isinstance(row, list) and len(row) == 3 and row[0] == v.node:
                found[int(row[1])] = float(row[2])
    if len(found) != 1:
        return v
    gpu, rate = next(iter(found.items()))
    why.append(
        f"{v.node} GPU {gpu}: its PCIe link replayed {rate:.0f} times a minute, over DCGM's limit of "
        f"{telemetry.REPLAY_RATE:g}, when the job stopped"
    )
    return Verdict(v.category, v.node, gpu, v.confidence, v.pattern, v.evidence)


def awaiting_collective(inc: Incident, world: World) -> bool:
    """A hang whose job still runs: the watchdog will name the node left behind; no guessing yet."""
    if not inc.by_kind(Kind.HANG, Kind.NCCL_TIMEOUT):
        return False
    return any(
        (run := world.jobs.get(job)) is not None
        and run.state == "running"
        and run.attempt == inc.attempts.get(job, run.attempt)
        for job in inc.jobs
    )


def _gpu_from_collective(inc: Incident, world: World, v: Verdict, why: list[str]) -> Verdict:
    """A hardware verdict without a GPU index: the rank missing from the collective names it."""
    for job in inc.jobs:
        s = analysis.missing_from_collective(inc, world, job)
        if s is not None and s.node == v.node:
            why.append(s.why)
            if v.gpu is None and s.gpu is not None:
                return Verdict(v.category, v.node, s.gpu, v.confidence, v.pattern, v.evidence)
    return v
