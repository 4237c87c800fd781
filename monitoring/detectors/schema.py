"""The records the pure pipeline is built from (the contract with collectors).

Events themselves stay plain dicts in the `recovery-scenario/1` schema
(docs/EVENTS.md): ``{"t": <epoch seconds>, "source": "joblog"|"kernel"|"gpu"|"slurm", ...}``.
Live events carry absolute epoch seconds; a scenario's relative ``t`` is shifted
by its ``start`` before it is fed, so the pipeline only ever sees absolute time.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from monitoring.detectors.hostlist import expand


@dataclass(frozen=True)
class RecoveryOptIn:
    """A job's ``--comment`` JSON ``{"recovery": {...}}``; absent means not opted in."""

    opted_in: bool = False
    max_requeues: int = 0
    checkpoint_dir: str | None = None

    @property
    def may_requeue(self) -> bool:
        return self.opted_in and self.max_requeues > 0


def parse_opt_in(comment: str | None) -> RecoveryOptIn:
    """Read the job's opt-in from its Slurm comment; anything malformed means no opt-in."""
    if not comment:
        return RecoveryOptIn()
    try:
        data = json.loads(comment)
    except (ValueError, TypeError):
        return RecoveryOptIn()
    rec = data.get("recovery") if isinstance(data, dict) else None
    if not isinstance(rec, dict):
        return RecoveryOptIn()
    raw = rec.get("max_requeues", 0)
    max_requeues = raw if isinstance(raw, int) and not isinstance(raw, bool) and raw > 0 else 0
    ckpt = rec.get("checkpoint_dir")
    return RecoveryOptIn(True, max_requeues, ckpt if isinstance(ckpt, str) and ckpt else None)


@dataclass(frozen=True)
class JobSpec:
    id: str
    name: str = ""
    user: str = ""
    nodes: tuple[str, ...] = ()
    tasks_per_node: int = 1
    started: float | None = None  # epoch seconds
    comment: str = ""
    partition: str = ""

    @property
    def opt_in(self) -> RecoveryOptIn:
        return parse_opt_in(self.comment)

    def node_of_rank(self, rank: int) -> str | None:
        """Block layout: rank r runs on node r // tasks_per_node of the job's node list."""
        if rank < 0 or self.tasks_per_node <= 0:
            return None
        idx = rank // self.tasks_per_node
        return self.nodes[idx] if idx < len(self.nodes) else None

    @staticmethod
    def from_dict(d: dict[str, Any], started: float | None = None) -> JobSpec:
        return JobSpec(
            id=str(d["id"]),
            name=str(d.get("name", "")),
            user=str(d.get("user", "")),
            nodes=tuple(expand(d.get("nodes", ""))),
            tasks_per_node=int(d.get("tasks_per_node", 1) or 1),
            started=started,
            comment=str(d.get("comment", "") or ""),
            partition=str(d.get("partition", "") or ""),
        )


@dataclass(frozen=True)
class HistoryEntry:
    at: float  # epoch seconds
    node: str
    verdict: str
    category: str


@dataclass(frozen=True)
class ClusterSpec:
    name: str
    nodes: tuple[str, ...] = ()
    gpus_per_node: int = 8
    partition: str = "batch"
    pci_bus_ids: tuple[str, ...] = ()
    partitions: dict[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(slots=True)
class Observation:
    """One detector finding: the unit attribution correlates into incidents.

    ``kind`` names what was seen (see :class:`Kind`); ``data`` carries the
    kind-specific details (a Xid number, a SeqNum, a blamed IP...). ``text`` is
    the evidence line an operator reads, so it is written once, here, in words.
    """

    t: float
    kind: str
    node: str | None = None
    job: str | None = None
    gpu: int | None = None
    rank: int | None = None
    text: str = ""
    data: dict[str, Any] = field(default_factory=dict)


class Kind:
    """Observation kinds. Plain strings so that state serializes as JSON."""

    XID = "xid"  # data: xid, bucket, hardware (bool), app (bool)
    GPU_LOST = "gpu_lost"  # "GPU has fallen off the bus" outside a Xid line
    GPU_ECC = "gpu_ecc"  # uncorrectable ECC: DBE counter, CUDA error text
    ROW_REMAP_FAILURE = "row_remap_failure"
    NVSWITCH_FATAL = "nvswitch_fatal"
    PCIE_FATAL = "pcie_fatal"
    NVLINK_ERROR = "nvlink_error"
    SLOW_GPU = "slow_gpu"  # data: ratio, reasons
    STRAGGLER = "straggler"  # data: ratio
    KERNEL_PANIC = "kernel_panic"
    KERNEL_OOPS = "kernel_oops"  # oops / GPF / BUG record; data: what, module (the faulting code's, or None)
    CPU_LOCKUP = "cpu_lockup"  # data: hard (NMI watchdog) or soft lockup / RCU stall
    HUNG_TASK = "hung_task"  # kernel's hung-task detector; data: fs (the filesystem its stack waits on)
    MCE_FATAL = "mce_fatal"
    HOST_MEM_UE = "host_mem_ue"
    HOST_MEM_CE = "host_mem_ce"  # EDAC corrected errors (data: count): counted per node, never raised alone
    MEM_CE_STORM = "mem_ce_storm"  # corrected memory errors at a rate no healthy module reaches; data: count
    GPU_HW_ERROR = "gpu_hw_error"  # a GPU's driver reporting an uncorrected hardware error (amdgpu RAS, ACA)
    GPU_CE_STORM = "gpu_ce_storm"  # a GPU's corrected ECC count rising at a storm's rate; data: count, rate
    NODE_DOWN = "node_down"  # data: state, reason
    # a node's own disk's filesystem gone read-only or shut down; data: device
    LOCAL_FS_FAILURE = "local_fs_failure"
    # the kernel shutting the node down itself: a critical trip temperature, hardware protection; data: why
    NODE_SHUTDOWN = "node_shutdown"
    # the host's IOMMU refused a GPU's DMA (AMD-Vi IO_PAGE_FAULT, Intel DMAR); data: pci
    IOMMU_FAULT = "iommu_fault"
    NODE_DRAINED = "node_drained"  # drained by someone else
    NODE_FAILURE_LINE = "node_failure_line"  # srun/slurmstepd says node failure
    JOB_NODE_FAIL = "job_node_fail"
    JOB_FAILED = "job_failed"  # data: state, exit_code
    JOB_TIMEOUT = "job_timeout"  # the scheduler ended it by its own rules: time limit, preemption, a requeue
    LAUNCH_ERROR = "launch_error"  # slurmstepd could not start the program; data: site (the node's setup)
    TASK_EXIT = "task_exit"  # srun: error: <node>: task(s) N: Exited with exit code
    IB_PORT_ERROR = "ib_port_error"  # NCCL async event / kernel link down on the node
    IB_BLAME = "ib_blame"  # data: ip (remote), host (remote, when named), status
    NCCL_REMOTE_ERROR = "nccl_remote_error"
    NCCL_TIMEOUT = "nccl_timeout"  # data: seq, op, completed
    WATCHDOG_STUCK = "watchdog_stuck"  # PyTorch heartbeat monitor: this rank's NCCL watchdog itself hung
    BARRIER_MISSING = (
        "barrier_missing"  # PyTorch's monitored_barrier naming ranks that never answered; data: ranks
    )
    HANG = "hang"  # data: last_progress_t, threshold
    STACK_DUMP = "stack_dump"  # a dump of the job's stacks: data waits_on (input/collective/storage), frames
    EXCEPTION = "exception"  # data: etype, message
    CUDA_OOM = "cuda_oom"
    HOST_OOM = "host_oom"
    FS_ERROR = "fs_error"  # filesystem error seen by a job
    FS_KERNEL = "fs_kernel"  # filesystem client error in a node's kernel log
    PROCESS_CRASH = (
        "process_crash"  # kernel: a user process died of a fault (segfault, trap); data: comm, object
    )
    SITE_RULE = "site_rule"  # a line no built-in rule knew, read by a site rule; data: rule, raises
    # owners' jobs failing at start on this node alone, unable to load a library (node_env); data: jobs
    NODE_ENVIRONMENT = "node_environment"
    # owners' jobs killed one after another by the application-class Xids of one GPU (lemon_gpu); data: jobs
    LEMON_GPU = "lemon_gpu"
    # owners' jobs on disjoint nodes slowing together, nothing failing (shared_slowdown); data: ratio, since,
    # group (the group's earliest onset), jobs
    SHARED_SLOWDOWN = "shared_slowdown"
    # a job placed on a node an open incident blames, its drain not done yet (Correlator.landed); data: blamed
    LANDED = "landed"


# A GPU's own hardware evidence, whatever reported it (the kernel, the driver, telemetry): a GPU fault of its
# own (incidents.attribution.correlate) whose verdict is gpu_hardware (incidents.attribution.verdict).
GPU_HARDWARE_KINDS = frozenset(
    {
        Kind.GPU_LOST,
        Kind.GPU_ECC,
        Kind.ROW_REMAP_FAILURE,
        Kind.NVSWITCH_FATAL,
        Kind.PCIE_FATAL,
        Kind.GPU_CE_STORM,
        Kind.GPU_HW_ERROR,
        Kind.NVLINK_ERROR,
    }
)
