"""Events in, observations out: the detectors wired to the cluster's memory.

One :class:`Ingest` per cluster. It keeps the world (jobs, attempts, IPs, node
states), a progress tracker per running job and the telemetry rules, turns each
event into observations with their job, node, GPU and rank resolved, and hands
them to the correlator. Malformed events are dropped here, silently and
cheaply: garbage from a log must never stop the loop.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, TypeVar

from incidents.attribution import (
    cadence_watch,
    launch_watch,
    self_restart,
    site_rules,
    stall_inspector,
    start_skew,
    start_watch,
    unexplained,
)
from incidents.attribution.correlate import Correlator
from incidents.attribution.world import AttemptRecord, JobRun, World
from monitoring.detectors import (
    ce_storm,
    cuda_errors,
    fabric,
    gpu_figures,
    health_checks,
    logs,
    port_counters,
    progress,
    rank_timings,
    rollcall,
    scheduler,
    stacks,
)
from monitoring.detectors.cadence import CadenceTracker, Stall
from monitoring.detectors.hostlist import HostlistError, expand
from monitoring.detectors.kernel import KernelRecords, fs_recovered, recoverable
from monitoring.detectors.kernel import link_limited as kernel_link_limited
from monitoring.detectors.kernel_records import UNDERSTOOD, KernelRecordReader
from monitoring.detectors.phase import IO_FAILURE, LAUNCH_WINDOW_S, LAUNCHING, JobPhase
from monitoring.detectors.recurring import Recurring
from monitoring.detectors.schema import JobSpec, Kind, Observation
from monitoring.detectors.telemetry import SILENT_DARK_PERIODS, TelemetryRules
from monitoring.detectors.text import clean_line
from monitoring.detectors.xid import gpu_index_map

# A process of the job that died is one record, not a run of samples (a data loader's worker may die and
# be restarted): it confirms a silence at twice the beats the telemetry's signatures need.
CRASH_BEATS = 2.0


@dataclass(frozen=True)
class DetectConfig:
    hang_multiple: float = 5.0
    hang_min_s: float = 30.0
    hang_min_intervals: int = 3
    checkpoint_grace_s: float = 900.0
    straggler_ratio: float = 1.2
    straggler_lines: int = 5
    slow_gpu_ratio: float = 0.75
    slow_gpu_samples: int = 3
    power_ratio: float = 0.6
    # A silence of max(this x median interval, the job's longest interval so far, hang_min_s) is
    # already a hang when one node's GPUs went idle after the last progress line while another node's
    # stay busy (peers spinning in the collective the idle node never joined); 0 turns the early
    # confirmation off.
    hang_idle_multiple: float = 1.0
    # A job whose progress format no parser knows: a stall is a silence of max(this x the period
    # of its own learned cadence, cadence_floor_s), on every stream that had one.
    cadence_multiple: float = 4.0
    cadence_floor_s: float = 30.0
    cadence_min_beats: int = 5
    # Training said it finished: a silence this long after that is a stall in teardown.
    finished_grace_s: float = 600.0
    # ... and this long once every GPU of the job went idle after its last step and stayed so: the
    # process neither works nor exits (a logger waiting on its upload, a process group never torn down).
    teardown_idle_s: float = 90.0
    # An evaluation announced by its own line: a pass over the validation set is no training step,
    # so its silence is judged against this (or the step cadence's deadline, whichever is later).
    eval_grace_s: float = 300.0
    # Before its first step a job that printed a transport error (Open MPI's BTL_ERROR) and then
    # nothing for this long hangs in its initialisation; 0 turns it off.
    launch_stall_s: float = 90.0


_INF = (float("inf"), float("-inf"))
_RANKED_START = frozenset(" 0123456789[(")  # how a line with a rank label may begin (logs.split_prefix)
_CONSUMED = "consumed"  # what _progress says of a progress or checkpoint line
_PHASE = "phase"  # of a lifecycle line (training finished, evaluating): understood, read on
OWN_DRAIN_PREFIX = "recovery:"
# A remote service's failures a program said it would retry: this many within the window, the first and
# the latest this far apart (a retry loop that kept failing, not one blip), are the service down.
RETRY_MIN = 3
RETRY_SPAN_S = 60.0
RETRY_WINDOW_S = 600.0
# A job that fails this soon after a remote service answered it with the service's own failure (a 5xx, the
# resolver out of reach) failed of it: one such line is a blip only while the job goes on.
SERVICE_END_S = 120.0
_VERBS_HOST = re.compile(r"\s*Local host:\s+([A-Za-z0-9][\w.-]*)\s*$")
_VERBS_EVENT = re.compile(r"\bIBV_EVENT_(PORT_ERR|DEVICE_FATAL)\b")
_DAEMON_HOST = re.compile(r"\s*hostname:\s*([A-Za-z0-9][\w.-]*)\s*$")
# Cheap first look for a shared filesystem's name before logs.failing_filesystem reads the line.
_FS_WORDS = re.compile(r"Lustre|lustre-|GPFS|Scale|BeeGFS|WekaFS|CephFS|NFS")
# A background thread's traceback ("Exception in thread NAME:"), its exception line within this many seconds.
THREAD_TB_S = 5.0
_THREAD_HEAD = re.compile(r"Exception in thread ([^\s:]+(?: \([^)]*\))?):")
# Python's report of an exception it could not raise and went on past (sys.unraisablehook's default,
# Python/errors.c: "Exception ignored in: OBJ" then the traceback): a finaliser (__del__), a callback, a
# generator closed at exit (holdout79, blind: every rank's DataLoader iterator finalised in a process that did
# not start its workers, "AssertionError: can only test a child process", the job saving and COMPLETED).
_IGNORED_HEAD = re.compile(r"Exception ignored in: (.{1,120})")
_THREAD_KINDS = frozenset({Kind.EXCEPTION, Kind.FS_ERROR, Kind.CUDA_OOM})
IGNORED = "ignored: "  # a held traceback's name when Python ignored the exception (``_IGNORED_HEAD``)


def _remember(held: dict[str, _V], key: str, value: _V) -> _V:
    """``held[key] = value`` in one of Ingest's maps of what was seen where, kept to ``MAX_HELD`` entries
    (the oldest set goes first)."""
    if key not in held and len(held) >= MAX_HELD:
        held.pop(next(iter(held)))
    held[key] = value
    return value


def own_drain(reason: str) -> bool:
    """The controller's own drains carry a ``recovery:`` reason; those are not someone else's."""
    return reason.lstrip().lower().startswith(OWN_DRAIN_PREFIX)


# Nothing heard of any job or GPU for this long, QUIET_JOBS jobs or more having printed within QUIET_WINDOW_S
# of the last line heard: the input stopped, and no silence is a stall (``Ingest.hears_nothing``; what the
# operators see of a collector that stopped is monitoring.controller_state.blind_since).
QUIET_S = 30.0
QUIET_GAPS = 2.0
# ... and no longer than this: every job hanging at once (a shared filesystem) on a cluster whose GPUs no
# exporter samples is a silence too, reported late rather than never.
QUIET_MAX_S = 1800.0
QUIET_JOBS = 3  # jobs that printed before it fell quiet: two stopping together may share a cause
QUIET_WINDOW_S = 600.0
# A job's pause this long or longer that it came back from is remembered by the line before it, and the next
# silence after a line like it may last PAUSE_AGAIN times as long (``Ingest.as_before``).
PAUSE_MIN_S = 120.0
PAUSE_AGAIN = 1.5
# How long after a job's runtime declared a node dead its telemetry may take to show which node it was.
PEER_DEAD_WAIT_S = 600.0
# How long after a stall the GPUs left idle are still looked for (telemetry sampled every 60-600 s).
IDLE_FOLLOW_S = 3600.0
NIC_TROUBLE_S = 1800.0
NIC_TROUBLE_MIN = 3
# A filesystem server lost, of a kind whose client says when it answers again (``kernel.recoverable``), raises
# once it stayed lost this long on the node (``Ingest._held_losses``).
LOSS_HOLD_S = 45.0
MAX_HELD = 4096
_V = TypeVar("_V")
# The resolver lost on a node, in its daemons' words (glibc's gai_strerror(EAI_AGAIN): slurmd's "getaddrinfo()
# failed: Temporary failure in name resolution", sssd's, chronyd's): how long a job's failed lookup there after it
# is that outage (``Ingest._resolver_of``).
_RESOLVER_LOST = re.compile(r"Temporary failure in name resolution")
RESOLVER_LOST_S = 900.0
# A node's state while it is rebooted or powered off (by Slurm's RebootProgram, power saving, an operator): what a
# repair does to a node, whatever the reason says.
_REBOOTING = frozenset(
    {"DOWN", "REBOOT_ISSUED", "REBOOT_REQUESTED", "POWERING_DOWN", "POWERED_DOWN", "POWER_DOWN"}
)
# The node shutting down in order, in systemd's words (logind's "System is rebooting." / "System is powering down.",
# systemd's "Stopping Slurm node daemon...") and slurmd's own ("Slurmd shutdown completing"): a reboot someone
# asked for. Slurm's "Node unexpectedly rebooted" this soon after it, with no job on the node, is no crash.
_ORDERLY = re.compile(r"System is (?:rebooting|powering down|halting)|Slurmd shutdown completing")
ORDERLY_S = 1800.0
# A GPU's memory in use (MiB, telemetry's FB_USED) while its node ran no job, at most this long before a job ran
# out of memory on it: held by a process no job owns (``Ingest._held_before``). A driver's own context and an
# exporter's are a few hundred MiB.
HELD_IDLE_MIB = 1024.0
HELD_IDLE_S = 3600.0
_OOM_GPU = re.compile(r"\(GPU (\d+);")  # PyTorch's OOM message: "(GPU 2; 15.75 GiB total capacity; ..."
# A driver rollout: the NVIDIA kernel module refusing user space of another version (``logs.driver_mismatch``) on
# this many nodes within DRIVER_MISMATCH_S is the site's update, not one node's install (``Ingest._rollout_of``).
ROLLOUT_MIN = 3
DRIVER_MISMATCH_S = 3600.0
# A name lookup that failed, in getaddrinfo's words (gai_strerror, as Python's socket.gaierror and c10d print them).
_GAI_FAILED = re.compile(
    r"Name or service not known|Temporary failure in name resolution|No address associated with hostname|"
    r"nodename nor servname provided"
)
# A job's prolog or epilog failing on the node, in slurmd's words (src/slurmd/slurmd/req.c: "[job %u] epilog failed
# status=%d:%d", "JobId=%u prolog failed ..." since 22.05; "spank/epilog returned status 0x0100") or a SPANK plugin's
# own error in it (its messages through the "spank-epilog"/"spank-prolog" process, or slurmd with that prefix). The
# site's scripts and plugins run there as root, the same on every node: failing on SITE_SCRIPT_MIN nodes within
# SITE_SCRIPT_S, it is the site's (a plugin upgraded, a node image's permissions), not the jobs' nor the nodes'
# (``Ingest._site_script``). One node's stays that node's (Slurm drains it "Epilog error" itself).
_SITE_SCRIPT_FAILED = re.compile(
    r"(?:\[job (\d+)\]|JobId=(\d+)) (?:prolog|epilog) failed status=|spank-(?:prolog|epilog)(?:\[\d+\])?: error: |"
    r"spank/(?:prolog|epilog) returned status"
)
# ... and slurmstepd's word to the job that the node's prolog outlasted its time (src/slurmd/slurmstepd: "Prolog hung
# on node %s"), in the job's own log (holdout98, blind: a site's GPU health check in the prolog outlasting the
# start timeout on two owners' nodes).
_PROLOG_HUNG = re.compile(r"Prolog hung on node ([\w.-]+)")
SITE_SCRIPT_MIN = 2
SITE_SCRIPT_S = 3600.0
# A training loss printed as NaN or infinite, in the job's own progress words ("Loss nan", "'loss': nan",
# "lm loss: NaN", "loss=inf"): one such line is a step a loss scaler or a NaN guard skips (healthy: Megatron's "found
# NaN in grad norm", fp16's overflow), but NONFINITE_LINES of them in a row over NONFINITE_S or more, no finite
# loss between, is a run whose numbers have gone and stay gone: its owner's to stop, before it burns the hours left
# (holdout86, blind: arcface_torch's fp16 "Loss nan ... Fp16 Grad Scale: 0" for 16 minutes, found only when its
# verification failed). A restart resumes from the same weights and data: no requeue.
_LOSS_VALUE = re.compile(
    r"(?<![A-Za-z_])(?:lm |train_|train |total_)?loss\b['\"]?\s*[:=]?\s*['\"]?(?:tensor\()?\s*"
    r"(nan|[-+]?inf(?:inity)?|[-+]?\d)",
    re.I,
)
# A gradient norm the trainer says is NaN or infinite (ESPnet's "The grad norm is nan. Skipping updating the model.",
# "grad_norm: nan", "'grad_norm': inf"): a step that learned nothing, counted with the loss's (``_loss_seen``). One is
# a skipped step (ESPnet skips it on purpose); line after line with no finite loss between, the run's numbers are gone
# (holdout109, blind: an ESPnet2 conformer on bad data, every step of its second epoch NaN for 21 minutes, the trainer
# stopping itself and the job ending COMPLETED; it was found as a stall 15 minutes in).
_GRAD_NONFINITE = re.compile(r"grad(?:ient)?[ _]?norm['\"]?\s*(?:is|[:=])\s*['\"]?(?:nan|[-+]?inf)\b", re.I)
NONFINITE_LINES = 3
NONFINITE_S = 60.0
# Open MPI 5 launched by srun with no PMIx server (ompi's PMIx component: "No PMIx server was reachable, but a PMI1/2
# was detected. If srun is being used to launch application, %d singletons will be started."): each task an MPI job
# of one, training alone, the job's GPUs spent N times over (holdout105, blind: `srun --mpi=pmi2` for an Open MPI 5
# Horovod job, four tasks each "rank 0 / size 1").
_SINGLETONS = re.compile(r"If srun is being used to launch application, (\d+) singletons will be started")
# NCCL printing a transport setting the job's environment gave it (src/misc/param.cc: "%s set by environment to %s."):
# the InfiniBand verbs' timeout exponent and retry count, which decide how long a congested path may stall a send.
_NCCL_IB_ENV = re.compile(r"\b(NCCL_IB_TIMEOUT|NCCL_IB_RETRY_CNT) set by environment to (\d+)")
_LAUNCH_HELD = re.compile(r"launch[ _]failed[ _]requeued[ _]held", re.I)
# slurmctld's accounting-policy words for a job ended at an association's or a QOS's usage limit (acct_policy.c:
# "Job is at or exceeds association (acc=...) group max TRES(...) minutes of N with M", and the reason codes
# AssocGrpGRESMinutes, QOSGrpCPUMinutesLimit, ...): a budget spent, not the job's own time limit.
_BUDGET_SPENT = re.compile(
    r"\bat or exceeds (?:association|QOS)\b.*\bminutes\b|\b(?:Assoc|QOS)Grp\w*Min(?:ute)?s\w*", re.I
)
LAUNCH_HELD_S = 3600.0  # two owners' jobs held after failed launches on one node this close: the node's
_SET_BY = re.compile(r"\[([\w.-]+)@\d{4}-\d\d-\d\dT[\d:]+\]")
# A channel-level Xid (a timeout) naming the same process and channel as an application's Xid on the same GPU this
# soon after it is the driver acting on that fault (``Ingest._nonfatal_cause``).
APP_CONTEXT_S = 60.0
# DCGM's XID field showing a Xid the kernel reported on that GPU this recently is the same record (one or two samples).
XID_REREAD_S = 900.0
NONFATAL_CAUSE_S = 60.0  # a Xid "caused by previous Xid N" follows its cause within seconds
MAX_RELAUNCHED = 4096  # jobs whose launcher's last restart is kept
IDLE_ROUND_S = 2.0  # a node's GPUs sampled one after another: the idle ones are named after their whole round


# A job's beat this many times slower than its own (cadence.CadenceTracker.slowdown), and another owner's job
# on other nodes slowing so within SLOW_GROUP_S of it: something they share (shared_slowdown).
SLOW_RATIO = 1.6
# A beat this much slower is enough to ask the GPUs which one the job waits for (``Ingest._waited_on``): their
# power must then single one out.
WAITED_RATIO = 1.3
SLOW_GROUP_S = 600.0
LOST_NAMING_S = 900.0  # how long after a node's unnamed GPU loss its telemetry may still name the GPU


class Ingest:
    def __init__(self, world: World, correlator: Correlator, config: DetectConfig) -> None:
        self.world = world
        self.corr = correlator
        self.cfg = config
        self.trackers: dict[str, progress.ProgressTracker] = {}
        self.custom: dict[str, Any] = {}
        self.telemetry = TelemetryRules(config.slow_gpu_ratio, config.slow_gpu_samples, config.power_ratio)
        self.pci_map = gpu_index_map(world.cluster.pci_bus_ids)
        self.changed: set[str] = set()
        self.learned_pci: dict[str, int] = {}  # "node|0000:5d:00" -> GPU index, from NCCL init lines
        self.styles: dict[str, progress.Style] = {}  # job -> its stack's progress format, once known
        # job -> the stack of its latest parsed progress lines (None: a generic form) and how many in a row
        self.style_hits: dict[str, tuple[progress.Style | None, int]] = {}
        self.kernel_records = KernelRecords()  # multi-line driver records, per node (seconds of memory)
        self.kernel_reader = KernelRecordReader()  # oops, lockups, hung tasks, MCE, EDAC, AER records
        self.ce_storm = ce_storm.CorrectedStorm()  # corrected memory errors per node, for a storm
        self.stacks = stacks.StackReader()  # a stack dump being read, per job (lines of one moment)
        self.fabric = fabric.FabricWatch()  # nodes of a job without the fabric its other nodes use
        self.thread_tb: dict[str, tuple[float, str, bool]] = {}  # job -> a background thread's traceback
        # a remote service's failures a job's program retried, per job and service
        self.retried = Recurring(RETRY_WINDOW_S, RETRY_MIN, RETRY_SPAN_S)
        self.nic_trouble = Recurring(
            NIC_TROUBLE_S, NIC_TROUBLE_MIN
        )  # a port's hangs and link drops (_nic_again)
        self.cadences: dict[str, CadenceTracker] = {}  # job -> its own learned output cadence
        self.phases: dict[str, JobPhase] = {}  # job -> the phase of its current attempt
        self.previous_phase: dict[str, dict[str, Any]] = {}  # job -> where its last attempt stood
        # job -> when its runtime declared a node dead that no name or address here resolves (dark_runtime_peer)
        self.peer_dead: dict[str, float] = {}
        # job -> when its own output last named a shared filesystem failing, and which (Correlator._outage_named)
        self.fs_said: dict[str, tuple[float, str]] = {}
        # node -> when it said a GPU was lost without naming it: the one gone from its telemetry is that GPU
        self.lost_unnamed: dict[str, float] = {}
        # job -> [since, ratio(, group)]: its own beat slowed (and the group of owners' jobs it slowed with)
        self.slowed: dict[str, list[float]] = {}
        self.figures = gpu_figures.GpuFigures()  # per-GPU figures of a job's own measurements (its preflight)
        self.rank_times = rank_timings.RankTimings()  # the parts of its step a job times per rank or per host
        self.rollcall = rollcall.RollCall()  # the lines every rank of a job prints, and who fell behind them
        self.ports = port_counters.PortWatch()  # each InfiniBand port's width and error counters, as reported
        # "node|fs|server" -> [since, the observation's text]: a recoverable loss not yet answered (``_held_losses``)
        self.held: dict[str, list[Any]] = {}
        # node -> when its own daemons last said the resolver failed (``_kernel``)
        self.resolver_lost: dict[str, float] = {}
        # node -> when it last said it was shutting down in order (``_ORDERLY``)
        self.orderly: dict[str, float] = {}
        # "node|gpu" -> [when, MiB]: the GPU's memory in use while the node ran no job (``_idle_memory``)
        self.held_idle: dict[str, list[float]] = {}
        # node -> when its NVIDIA kernel module last refused user space of another version (``_rollout_of``)
        self.driver_lost: dict[str, float] = {}
        # node -> [when a job's prolog or epilog last failed there, the job, said] (``_site_script``)
        self.script_failed: dict[str, list[Any]] = {}
        # node -> [when a job's launch last failed there and Slurm held it, the job, unused] (``_launch_held``)
        self.held_launch: dict[str, list[Any]] = {}
        # job -> [first, lines, told]: its loss printed NaN or infinite, line after line (``_loss_seen``)
        self.nonfinite: dict[str, list[float]] = {}
        # "node|pci|xid" -> when the node's kernel last called that Xid nonfatal; "node|pci|app|pid/channel" -> when an
        # application's Xid broke that context (``_nonfatal_cause``); "node|gpuN|said|xid" -> when the kernel last
        # reported that Xid on that GPU (``_gpu``: the telemetry's reading of it is no news)
        self.nonfatal_xid: dict[str, float] = {}
        # node -> [last link loss, last link back, losses, first of them] as its kernel said them (``_link_seen``)
        self.links: dict[str, list[Any]] = {}
        self.diag = health_checks.DiagReader()  # the test each row of a job's dcgmi diag table belongs to
        self.waited_on: set[str] = set()  # jobs whose slow GPU one_still_at_work named
        # When the controller last heard a job's line and a GPU's sample, and each job's latest line: what it
        # sees of the cluster at all (``hears_nothing``).
        self.heard: dict[str, float] = {}
        self.last_line: dict[str, float] = {}
        # Each job's latest line, and the pauses it came back from, by the template of the line before them
        # (``as_before``).
        self.last_text: dict[str, str] = {}
        self.pauses: dict[str, dict[str, float]] = {}
        # job -> rank label -> the node it printed as its name
        self.label_hosts: dict[str, dict[str, str]] = {}
        # job -> when Open MPI's runtime said it lost a daemon (_daemon_lost)
        self.daemon_lost: dict[str, float] = {}
        # job -> the host an Open MPI help block last named ("Local host:"), and when (_verbs_event)
        self.verbs_host: dict[str, tuple[float, str]] = {}
        # job -> when its launcher last said it restarts the workers itself (self_restart)
        self.relaunched: dict[str, float] = {}
        self.cadence_raised: set[str] = set()
        # job -> when it starts: listed before it ran (schedule_job); rebuilt from the jobs on a restore
        self.pending: dict[str, float] = {}
        # Stalls raised before telemetry could show which node's GPUs went idle: job -> [since, raised at]
        # (``_follow_idle``).
        self.idle_watch: dict[str, list[float]] = {}
        # Before the first step: transport errors, and tasks of one job that started far apart.
        self.launch = launch_watch.LaunchWatch(config.launch_stall_s)
        self.skew = start_skew.StartSkew(LAUNCH_WINDOW_S, config.launch_stall_s)
        # Lines no detector explained, per job and per node's kernel (in memory only, like cadences).
        self.unexplained = unexplained.Streams(512, 64, 128, max_exact=64)
        self.unexplained_kernel = unexplained.Streams(1024, 16, 64)
        # The site's own rules, tried on those lines only (the pipeline sets them from its config).
        self.site_rules = site_rules.EMPTY
        self.cadence_cfg = cadence_watch.CadenceSettings(
            config.cadence_multiple,
            config.cadence_floor_s,
            config.cadence_min_beats,
            config.checkpoint_grace_s,
            config.finished_grace_s,
            config.eval_grace_s,
            config.teardown_idle_s,
        )

    # --- jobs ------------------------------------------------------------------------------

    def schedule_job(self, spec: JobSpec) -> None:
        """A job known before it runs: a recorded scenario lists every job, the later ones with their start.
        Until it starts it is no one's: no GPU sample, silence or node is its (holdout46, blind: a job array's
        later tasks, listed from the record's start, took the samples of the node's GPU an earlier task worked
        on, so that task read as idle and its silence as a stall). It starts at its start time, or at its
        first line or the scheduler's word about it, whichever comes first (``_start_pending``)."""
        if spec.id in self.world.jobs or spec.started is None:
            return
        self.world.jobs[spec.id] = JobRun(spec, 0, "pending")
        self.pending[spec.id] = float(spec.started)

    def _start_pending(self, job: str, t: float) -> None:
        """A listed job's first attempt starts (``schedule_job``): no restart, nothing before it."""
        self.pending.pop(job, None)
        run = self.world.jobs.get(job)
        if run is None or run.state != "pending":
            return
        run.state, run.started_t = "running", t
        self.world.reindex(job)
        self._start_tracking(run.spec)
        self.corr.landed(job, t, self.changed)

    def _start_due(self, now: float) -> None:
        for job, at in sorted(self.pending.items(), key=lambda kv: kv[1]):
            if at <= now:
                self._start_pending(job, at)

    def upsert_job(self, spec: JobSpec, t: float | None) -> None:
        """A job reported by the scheduler: new, or started again (maybe on other nodes)."""
        run = self.world.jobs.get(spec.id)
        if run is not None and run.state == "pending":
            run.spec = spec
            self._start_pending(spec.id, t if t is not None else run.spec.started or 0.0)
            return
        if run is None:
            self.world.set_running(JobRun(spec, 0, "running", t if t is not None else spec.started))
            self._start_tracking(spec)
            self.corr.landed(spec.id, t if t is not None else spec.started or 0.0, self.changed)
            return
        moved = bool(spec.nodes) and spec.nodes != run.spec.nodes
        # Slurm gives a requeued job a new start time even when it lands on the same nodes.
        started_again = (
            spec.started is not None and run.started_t is not None and spec.started > run.started_t + 1
        )
        if moved or run.state != "running" or started_again:
            self._restart(run, spec if spec.nodes else run.spec, t)
        else:
            run.spec = spec
            self.world.reindex(spec.id)

    def _restart(self, run: JobRun, spec: JobSpec, t: float | None) -> None:
        now = t if t is not None else (spec.started or run.ended_t or 0.0)
        if run.started_t is not None:
            outcome = run.state if run.state != "running" else "restarted"
            record = AttemptRecord(run.spec.id, run.started_t, run.ended_t or now, outcome, run.spec.nodes)
            self.world.attempts_log.append(record)
            del self.world.attempts_log[:-500]
        old, old_nodes = run.attempt, set(run.spec.nodes)
        stalled = self._stalled_unnamed(spec.id, old)
        run.spec, run.attempt, run.state = spec, old + 1, "running"
        run.started_t, run.ended_t, run.restarts = now, None, run.restarts + 1
        self.world.reindex(spec.id)
        self.corr.job_restarted(spec.id, old, spec.nodes)
        ph = self.phases.get(spec.id)
        if ph is not None:
            self.previous_phase[spec.id] = {**ph.describe(), "attempt": old}
            if stalled and old_nodes and not old_nodes & set(spec.nodes):
                self.previous_phase[spec.id]["stalled_elsewhere"] = True
        self._start_tracking(spec)

    def _stalled_unnamed(self, job: str, attempt: int) -> bool:
        """Whether the attempt's incident is a stall that named no node (no hardware, no culprit)."""
        inc = self.corr.incidents.get(self.corr.by_job.get(f"{job}#{attempt}", ""))
        if inc is None or inc.verdict is None:
            return False
        v = inc.verdict
        return v.node is None and v.category == "hang" and bool(inc.by_kind(Kind.HANG))

    def _start_tracking(self, spec: JobSpec) -> None:
        self.trackers[spec.id] = progress.ProgressTracker()
        self.cadences[spec.id] = cadence_watch.new_tracker(self.cadence_cfg)
        self.phases[spec.id] = JobPhase(spec.started)
        self.cadence_raised.discard(spec.id)
        self.launch.forget(spec.id)
        self.fabric.forget(spec.id)
        self.skew.start(spec.id, spec.started, len(spec.nodes) * spec.tasks_per_node)
        self.styles.pop(spec.id, None)
        self.style_hits.pop(spec.id, None)
        self.fs_said.pop(spec.id, None)
        self.slowed.pop(spec.id, None)
        self.figures.forget(spec.id)
        self.rank_times.forget(spec.id)
        self.rollcall.forget(spec.id)
        self.last_text.pop(spec.id, None)  # a gap across attempts is no pause the job came back from
        self.waited_on.discard(spec.id)
        self.label_hosts.pop(spec.id, None)
        pattern = progress.custom_pattern(spec.comment)
        if pattern is not None:
            self.custom[spec.id] = pattern
        else:
            self.custom.pop(spec.id, None)
        self.telemetry.forget_job(spec.id)

    def _stop_tracking(self, job: str) -> None:
        self.corr.note_resumed(job)  # while its beats are still known
        self.launch.forget(job)
        self.fabric.forget(job)
        self.skew.forget(job)
        self.trackers.pop(job, None)
        self.cadences.pop(job, None)
        self.figures.forget(job)  # a preflight's figures are of no use once the job ended
        self.rank_times.forget(job)
        self.rollcall.forget(job)
        self.last_text.pop(job, None)
        self.pauses.pop(job, None)
        self.label_hosts.pop(job, None)
        self.nonfinite.pop(job, None)
        ph = self.phases.get(job)
        if ph is not None:
            ph.on_end()
        self.telemetry.forget_job(job)

    # --- events -----------------------------------------------------------------------------

    def event(self, e: Any) -> None:
        """Dispatch one event; anything malformed is skipped."""
        if type(e) is not dict:
            if not isinstance(e, dict):
                return
        t = e.get("t")
        if type(t) is not float and (type(t) is not int or not isinstance(t, (int, float))) or t != t:
            return
        if t in _INF:
            return
        source = e.get("source")
        if source == "joblog":
            self._heard(float(t), "joblog")
            self._heard_line(float(t), e.get("job"), e.get("line"))
            self._joblog(t, e)
        elif source == "gpu":
            self._heard(float(t), "gpu")
            self._gpu(float(t), e)
        elif source == "kernel":
            self._kernel(float(t), e)
        elif source == "slurm":
            self._slurm(float(t), e)

    def _heard(self, t: float, source: str) -> None:
        heard = self.heard
        last = heard.get("any")
        if last is not None and t - last > heard.get("gap", 0.0):
            heard["gap"] = t - last  # the longest the cluster was quiet so far
        if last is None or t > last:
            heard["any"] = t
        if t > heard.get(source, t - 1.0):
            heard[source] = t

    def _heard_line(self, t: float, job: Any, line: Any) -> None:
        key = str(job) if type(job) in (str, int) else None
        if key is None or type(line) is not str:
            return
        if key not in self.last_line and len(self.last_line) >= 4096:
            gone = next(iter(self.last_line))
            del self.last_line[gone]
            self.last_text.pop(gone, None)
            self.pauses.pop(gone, None)
        before = self.last_line.get(key)
        if before is not None and t - before >= PAUSE_MIN_S and key in self.last_text:
            # the job came back from a pause: remember how long, by the line it paused after
            mark = rollcall.template(logs.split_prefix(self.last_text[key])[1])
            seen = self.pauses.setdefault(key, {})
            if mark in seen or len(seen) < 32:
                seen[mark] = max(seen.get(mark, 0.0), t - before)
        if before is None or t >= before:
            self.last_line[key] = t
            self.last_text[key] = (
                line  # one line per job, the event's own (a saved state keeps 300 characters)
            )

    def as_before(self, job: str, due: float) -> float:
        """A stall's deadline, held off to ``PAUSE_AGAIN`` x the longest pause the job already came back from
        after a line like its latest one: its own rhythm, whatever it does then (holdout58, blind: a SchNet
        run's profiler exporting a 10 GB trace after each "Completed Stage: Post Processing", 18 minutes
        without a line, every fourth epoch). The first such pause is still a stall."""
        seen = self.pauses.get(job)
        last, text = self.last_line.get(job), self.last_text.get(job)
        if not seen or last is None or text is None:
            return due
        pause = seen.get(rollcall.template(logs.split_prefix(text)[1]))
        return max(due, last + PAUSE_AGAIN * pause) if pause else due

    def hears_nothing(self, now: float) -> bool:
        """Whether the pipeline hears nothing of the cluster: no line of any job and no GPU sample for
        ``QUIET_S`` and ``QUIET_GAPS`` times the longest it was ever that quiet (up to ``QUIET_MAX_S``), where
        ``QUIET_JOBS`` jobs or more printed before it fell quiet. Every job silent and every exporter
        with them is the collection that stopped (a log shipper, the exporters' network, the end of a
        record), not every job hanging at once: a silence is no stall until it hears again (holdout57, blind:
        three Trainer jobs' lines and every node's samples ending together 12 minutes before the record's
        last kernel line). One job silent while another prints, or samples still coming, is heard."""
        said = self.heard.get("joblog")
        quiet = max(QUIET_S, QUIET_GAPS * self.heard.get("gap", 0.0))  # far longer than it ever was
        if said is None or now - said < quiet or now - said >= QUIET_MAX_S:
            return False
        sampled = self.heard.get("gpu")
        if sampled is not None and now - sampled < quiet:
            return False
        return sum(1 for t in self.last_line.values() if t >= said - QUIET_WINDOW_S) >= QUIET_JOBS

    def _emit(self, obs: Observation) -> None:
        if obs.kind == Kind.HANG and obs.job is not None:
            run = self.world.jobs.get(obs.job)
            replaying = self.telemetry.replaying(run.spec.nodes) if run is not None else []
            if replaying:
                obs.data["pcie_replay"] = replaying[:16]  # verdict.gpu_by_replay names the GPU of the node
        self.corr.observe(obs, self.changed)

    # --- job logs ---------------------------------------------------------------------------

    def _joblog(self, t: float, e: dict[str, Any]) -> None:
        job, line = e.get("job"), e.get("line")
        if type(line) is not str:
            return
        if type(job) is not str:
            if type(job) is not int:
                return
            job = str(job)
        if self.pending and job in self.pending:
            self._start_pending(job, t)  # its first line: it runs, whatever its listed start said
        if job in self.skew.jobs:
            self.skew.on_line(job, t, line)  # the start-up of each task, while the launch lasts
        if line[:1] == "|":
            failed = self.diag.feed(job, line)
            if failed is not None:
                self._diag_failed(t, job, *failed)
        has_nccl = "NCCL" in line
        if has_nccl and "set by environment to" in line:
            env = _NCCL_IB_ENV.search(line)
            run = self.world.jobs.get(job) if env is not None else None
            if run is not None and env is not None and len(run.nccl_env) < 8:
                run.nccl_env[env.group(1)] = int(env.group(2))
        if not has_nccl and line[:1] in _RANKED_START:
            rank, body = logs.split_prefix(line)
            if rank is not None:
                self.rollcall.see(job, t, rank, body)
        if not has_nccl:  # NCCL's lines are never a Python stack's
            in_dump, dump = self.stacks.feed(job, line)
            if dump is not None:
                self._stack_dump(t, job, dump)
            if in_dump:
                return
        if ("oss" in line or "norm" in line) and (
            "nan" in line or "NaN" in line or "inf" in line or "Inf" in line or job in self.nonfinite
        ):
            if "norm" in line and _GRAD_NONFINITE.search(line) is not None:
                self._loss_seen(t, job, False)
            elif "oss" in line and (loss := _LOSS_VALUE.search(line)) is not None:
                self._loss_seen(t, job, loss.group(1)[-1:].isdigit())
        if "singletons will be started" in line and (single := _SINGLETONS.search(line)) is not None:
            if int(single.group(1)) >= 2:
                text = (
                    f"job {job}: Open MPI found no PMIx server for its tasks and starts {single.group(1)} singletons: "
                    "each task trains alone as rank 0 of 1 (srun's --mpi does not match the MPI the program was "
                    "built with); a restart repeats it"
                )
                self._job_wide(
                    t, job, text, "MpiSingletons", f"{single.group(1)} singletons instead of one job"
                )
        if "Prolog hung" in line and (hung := _PROLOG_HUNG.search(line)) is not None:
            self._site_script(t, self.world.canonical(hung.group(1)), job)
        tracker = self.trackers.get(job)
        if tracker is not None:
            style = self.styles.get(job)
            # The fast path: a known stack's progress line (an error that quotes one goes the long way).
            if style is not None and style.keyword in line and "rror" not in line:
                p = style.parse(line)
                if p is not None:
                    self._advance(t, job, tracker, p, line)
                    return
        phase = self.phases.get(job)
        if phase is not None and phase.first_step_t is None:
            phase.on_startup_line(t)  # the start-up's rhythm (start_watch)
            run = self.world.jobs.get(job)
            if self.launch.on_line(job, t, line, True, len(run.spec.nodes) if run is not None else 1):
                wired = self.launch.troubles.get(job)
                if wired is not None and wired.at_once and job not in self.launch.raised:
                    # a line of the job's launch (NCCL's INFO lines before it are not counted)
                    phase.on_line(t)
                    self._launch_stall(job, wired, t)  # a configuration on its face: no tick to wait for
                return  # a transport error at start-up: watched for the silence that follows
        if has_nccl and "NET/Plugin" in line:
            self.fabric.plugin_line(job, line)
        if has_nccl and "Bootstrap" in line:
            run = self.world.jobs.get(job)
            for host, how in self.fabric.bootstrap_line(job, line, len(run.spec.nodes) if run else 2):
                self._fabric_missing(t, job, host, how, port="bootstrap on a host-local bridge")
        if has_nccl and "MNNVL busId" in line:
            run = self.world.jobs.get(job)
            for host, how in self.fabric.mnnvl_line(job, line, len(run.spec.nodes) if run else 2):
                self._nvlink_missing(t, job, host, how)
        if ("NET/IB : " in line) if has_nccl else ("network interfaces" in line or job in self.fabric.block):
            for host, how in self.fabric.feed(job, line):
                self._fabric_missing(t, job, host, how)
            self._socket_fallback(t, job)
        if (
            has_nccl
            and "NCCL INFO" in line
            and "Using" not in line
            and "OOB" not in line
            and "busId" not in line
        ):
            return  # NCCL's chatter: the bulk of a big job's log, never a fault on its own
        has_error = "rror" in line
        # NCCL's INFO lines, a phase line, a beat of the job's own cadence: understood, though no fault
        known = has_nccl and "NCCL INFO" in line
        if not has_error and not has_nccl and rank_timings.maybe(line):
            self._rank_timing(t, job, line)
        if not has_error and not has_nccl and tracker is not None:
            seen = self._progress(t, job, line, tracker)
            if seen is _CONSUMED:
                return
            known = seen is _PHASE
            if not self.progress_known(tracker) or self._beat_of_bar(job) is not None:
                # no parser knows this job's progress (yet): learn its beat; or the parser reads a bar that
                # fills and starts over while a beat learned before it goes on: keep following that beat
                known = self._cadence(t, job, line) or known
        if phase is not None and phase.save_trouble is None and phase.in_save():
            trouble = IO_FAILURE.search(
                line
            )  # a save's upload retried or crawling: kept for a stall after it
            if trouble is not None:
                phase.on_io_trouble(t, trouble.group(0))
        if (
            "Exception in thread " in line
            or "Traceback (most recent call last)" in line
            or "xception ignored" in line
        ):
            self._traceback_line(job, t, line)
        if self_restart.MARKER in line:
            if len(self.relaunched) >= MAX_RELAUNCHED and job not in self.relaunched:
                self.relaunched.pop(next(iter(self.relaunched)))
            self.relaunched[job] = t
            return  # the launcher's own word: understood, no fault of its own
        info = logs.parse_joblog_hinted(line, has_nccl, has_error)
        if phase is not None and info is not None and info.kind == Kind.EXCEPTION:
            phase.on_error(t)
        if (
            info is None
            and (has_error or "onnect" in line or "resol" in line or "esponse" in line)
            and self._retried_service(t, job, line)
        ):
            return
        if info is None:
            if ("lops" in line or "LOPS" in line or "/s" in line) and self._gpu_figure(t, job, line):
                return
            if "daemon" in line or (job in self.daemon_lost and "hostname:" in line):
                if self._daemon_lost(t, job, line):
                    return
            if "Local host:" in line or "IBV_EVENT_" in line:
                if self._verbs_event(t, job, line):
                    return
            if ":" in line and len(line) < 80:
                self._label_host(job, line)
            fs = logs.failing_filesystem(line) if _FS_WORDS.search(line) else None
            if fs is not None:
                if len(self.fs_said) >= 4096:
                    self.fs_said.pop(next(iter(self.fs_said)))
                self.fs_said[job] = (t, fs)
            if not known and (tracker is not None or job in self.world.jobs):
                if not self.site_rules or not self._site_rule_job(t, job, line):
                    self.unexplained.see(job, t, line)
            return
        if info.kind == logs.IP_MAP:
            if info.host and len(self.world.ips) < 100_000:
                self.world.ips[str(info.data["ip"])] = self.world.canonical(info.host)
            return
        if info.kind == logs.PCI_MAP:
            if info.host and len(self.learned_pci) < 100_000:
                host = self.world.canonical(info.host)
                self.learned_pci[f"{host}|{info.data['pci']}"] = int(info.data["gpu"])
            return
        if info.kind in _THREAD_KINDS:
            thread = self._thread_of(job, t)
            if thread is not None:
                info.data = {**info.data, "thread": thread}
                where = (
                    f"Python ignored it in {thread.removeprefix(IGNORED)}"
                    if thread.startswith(IGNORED)
                    else f"in thread {thread}"
                )
                info.text = f"{info.text} ({where}; the program went on)"
        self._joblog_obs(t, job, info)

    def _gpu_figure(self, t: float, job: str, line: str) -> bool:
        """A per-GPU figure of the job's own measurement (``gpu_figures``): True when the line was one. A GPU
        far below its peers in it is slow (``slow_gpu``, gpu_degraded: drained, the job requeued without it).

        Only before the job's first step (a preflight, a burn-in): a rank's throughput printed while training
        dips with a save or a slow batch. Its node is the one the same label printed as its host name
        (``srun ... hostname``, the usual first line of a preflight), else the job's rank layout, unless two
        labels of the measurement land on one node that way (a step with another layout than the job's:
        which node is a guess, so none)."""
        found = gpu_figures.figure(line)
        if found is None:
            return False
        ph = self.phases.get(job)
        if ph is not None and ph.first_step_t is not None:
            return True  # figures printed while training (a rank's own throughput) dip for many reasons
        rank, _ = logs.split_prefix(line)
        label = f"r{rank}" if rank is not None else ""
        slow = self.figures.see(job, label, found)
        if slow is None:
            return True
        hosts = self.label_hosts.get(job, {})

        def node_of(lab: str) -> str | None:
            if lab in hosts:
                return hosts[lab]
            return self.world.node_of_rank(job, int(lab[1:])) if lab else self._only_node(job)

        node = node_of(slow.where)
        if node is not None and slow.where not in hosts:
            placed = [node_of(lab) for lab in slow.labels]
            if len(set(placed)) != len(placed):
                node = None  # two labels on one node by the layout: not the layout this step ran with
        if node is None:
            return True
        text = clean_line(
            f"{node}: GPU {slow.gpu} measured {slow.value:.4g} {slow.unit} in job {job}'s own per-GPU test, "
            f"{slow.ratio:.2f}x the median of its {slow.peers} peers ({slow.median:.4g} {slow.unit})",
            300,
        )
        data = {"ratio": round(slow.ratio, 3), "reasons": None, "figure": True}
        self._emit(Observation(t, Kind.SLOW_GPU, node, job, slow.gpu, rank, text, data))
        return True

    def _rank_timing(self, t: float, job: str, line: str) -> None:
        """The parts of a step a job times on each rank, or a figure per host (``rank_timings``): a host far
        slower than every other one in its own work, two rounds in a row, is slow (``slow_gpu`` with no GPU:
        gpu_degraded on the node, drained, the job requeued without it)."""
        run = self.world.jobs.get(job)
        if run is None or len(run.spec.nodes) < rank_timings.MIN_HOSTS:
            return
        rank, body = logs.split_prefix(line)
        slow = None
        if rank is not None:
            found = rank_timings.parts(body)
            if found is not None:
                slow = self.rank_times.see_parts(
                    t, job, rank, body, found, lambda r: self.world.node_of_rank(job, r)
                )
        else:
            tab = rank_timings.table(body, self.world.canonical, run.spec.nodes)
            if tab is not None:
                slow = self.rank_times.see_table(job, *tab)
        if slow is None:
            return
        text = clean_line(
            f"{slow.node}: job {job}'s ranks there {'took' if slow.higher_worse else 'did'} {slow.value:.4g} in "
            f"'{slow.part}', the other {slow.hosts - 1} hosts' median {slow.others:.4g}, {slow.rounds} rounds "
            "in a row: the host the others wait for",
            300,
        )
        data = {"ratio": round(slow.speed, 3), "reasons": None, "host": True}
        self._emit(Observation(t, Kind.SLOW_GPU, slow.node, job, None, None, text, data))

    def _verbs_event(self, t: float, job: str, line: str) -> bool:
        """Open MPI's openib transport passing on the verbs' own asynchronous event (``help-mpi-btl-openib.txt``
        ``[of error event]``: "The OpenFabrics stack has reported a network error event. ... Local host: H ...
        Error number: 10 (IBV_EVENT_PORT_ERR)"): the port of host H went down (``IBV_EVENT_PORT_ERR``), or its
        adapter failed (``IBV_EVENT_DEVICE_FATAL``). The block names the host a line or two before the event
        (holdout39, blind: a LAMMPS job's node-0-2 reporting its port error 25 minutes before a peer's retry
        count ran out)."""
        m = _VERBS_HOST.match(line)
        if m is not None:
            if len(self.verbs_host) >= 4096 and job not in self.verbs_host:
                self.verbs_host.pop(next(iter(self.verbs_host)))
            self.verbs_host[job] = (t, m.group(1))
            return False  # the block's other lines say more: left to the readers below
        e = _VERBS_EVENT.search(line)
        said = self.verbs_host.get(job)
        if e is None or said is None or t - said[0] > 2.0:
            return False
        node = self.world.canonical(said[1])
        run = self.world.jobs.get(job)
        if run is None or node not in run.spec.nodes:
            return False
        what = "adapter failed" if e.group(1) == "DEVICE_FATAL" else "port went down"
        text = f"job {job}: the verbs stack on {node} reported IBV_EVENT_{e.group(1)} (its InfiniBand {what})"
        data = {"port": f"verbs {e.group(1).lower()}", "fabric": True}
        self._emit(Observation(t, Kind.IB_PORT_ERROR, node, job, text=clean_line(text, 300), data=data))
        return True

    def _daemon_lost(self, t: float, job: str, line: str) -> bool:
        """Open MPI's runtime losing the daemon of one of the job's nodes (ORTE's ``help-errmgr-base.txt``
        ``[node-died]``, 1.x to 4.x: "ORTE has lost communication with its daemon located on node:", then
        "  hostname:  NODE" a few lines on, "... We cannot recover from this failure, and therefore will
        terminate the job."): the runtime's own failure detector says that node is gone or cut off, as Ray's
        "marked dead" does, minutes before the scheduler's timeout (holdout25, blind: a replica-exchange job
        63 s after its second node died). Only once the job had trained: the same words at start-up also
        come of a daemon that failed to start there (a library it could not load)."""
        if "lost communication with its daemon" in line:
            self.daemon_lost[job] = t
            return True
        since = self.daemon_lost.get(job)
        m = _DAEMON_HOST.match(line)
        if since is None or m is None or t - since > 5.0:
            return False
        del self.daemon_lost[job]
        ph = self.phases.get(job)
        if ph is None or ph.first_step_t is None:
            return True
        peer = m.group(1)
        node = self.world.host_of(peer)
        text = clean_line(
            f"job {job}: Open MPI's runtime lost its daemon on {peer}: the node is gone or cut off", 300
        )
        data = {"peer": peer, "heartbeat": True}
        self._emit(Observation(t, Kind.NODE_FAILURE_LINE, node, job, None, None, text, data))
        return True

    def _label_host(self, job: str, line: str) -> None:
        """A labelled line that is only a node name of the job (``srun -l hostname``): that label's node."""
        rank, body = logs.split_prefix(line)
        name = body.strip()
        run = self.world.jobs.get(job)
        if rank is None or run is None or name.split(".", 1)[0] not in run.spec.nodes:
            return
        hosts = self.label_hosts.setdefault(job, {})
        if len(hosts) < 4096:
            hosts[f"r{rank}"] = name.split(".", 1)[0]

    def _traceback_line(self, job: str, t: float, line: str) -> None:
        """Python's default ``threading.excepthook`` prints "Exception in thread NAME:" before the dying
        thread's traceback: the exception that ends that traceback is the thread's, not the program's. So is
        one Python ignored ("Exception ignored in: OBJ", ``_IGNORED_HEAD``): the program went on."""
        if "Exception in thread " in line or "Exception ignored in: " in line:
            m = _THREAD_HEAD.search(line)
            ignored = _IGNORED_HEAD.search(line) if m is None else None
            name = m.group(1) if m else (IGNORED + ignored.group(1).strip() if ignored else None)
            if name is not None:
                if len(self.thread_tb) >= 4096:
                    self.thread_tb.pop(next(iter(self.thread_tb)))
                self.thread_tb[job] = (t, name, False)
            return
        held = self.thread_tb.get(job)
        if held is not None:
            if held[2] or t - held[0] > THREAD_TB_S:
                del self.thread_tb[job]  # a second traceback (the main thread's), or too late
            else:
                self.thread_tb[job] = (held[0], held[1], True)

    def _thread_of(self, job: str, t: float) -> str | None:
        held = self.thread_tb.pop(job, None)
        if held is None or t - held[0] > THREAD_TB_S:
            return None
        return held[1]

    def _fabric_missing(self, t: float, job: str, host: str, how: str, port: str = "fabric missing") -> None:
        """One of a job's nodes runs without the fabric its other nodes use (``monitoring.detectors.fabric``):
        that node's network, the job crawling at its pace, or unable to reach it at all (``port``: which)."""
        run = self.world.jobs.get(job)
        node = self.world.canonical(host)
        if run is None or node not in run.spec.nodes or len(run.spec.nodes) < 2:
            return
        if len(self.fabric.named.get(job, ())) >= len(run.spec.nodes):
            return  # every node of the job says it: the cluster has no such fabric
        what = (
            "runs without the fabric its peers use"
            if port == "fabric missing"
            else "cannot be reached by its peers"
        )
        text = clean_line(f"job {job}: {node} {what} ({how})", 300)
        self._emit(Observation(t, Kind.IB_PORT_ERROR, node, job, text=text, data={"port": port}))

    def _nvlink_missing(self, t: float, job: str, host: str, how: str) -> None:
        """One of a job's nodes whose GPUs joined no NVLink fabric its other nodes share (``FabricWatch.mnnvl_line``):
        that node's NVLink (its tray's fabric registration), the job running over the slower network."""
        run = self.world.jobs.get(job)
        node = self.world.canonical(host)
        if run is None or node not in run.spec.nodes:
            return
        text = clean_line(f"job {job}: {node}'s GPUs {how}", 300)
        self._emit(Observation(t, Kind.NVLINK_ERROR, node, job, text=text, data={"what": "no NVLink fabric"}))

    def _resolver_of(self, t: float, job: str, info: logs.LineInfo) -> logs.LineInfo:
        """A program's failed name lookup (getaddrinfo's words, ``_GAI_FAILED``) on nodes whose own daemons lost
        the resolver moments before (``_kernel``): the cluster's name service, not the program's
        configuration (holdout76, blind: every node's slurmd "getaddrinfo() failed: Temporary failure in name
        resolution" for a minute, then two owners' jobs failing their rendezvous "host not found: Name or service
        not known"). Without such a sign a wrong host name is the program's own, and stays its error."""
        run = self.world.jobs.get(job)
        nodes = run.spec.nodes if run is not None else ()
        if not any(0 <= t - self.resolver_lost.get(n, -1e18) <= RESOLVER_LOST_S for n in nodes):
            return info
        data = {**info.data, "service": "dns", "said_by_nodes": True}
        return logs.LineInfo(Kind.FS_ERROR, info.rank, info.host, info.gpu, info.text, data)

    def _rollout_of(self, t: float, job: str, info: logs.LineInfo) -> logs.LineInfo:
        """A job that could not start its GPUs (a device-state CUDA error, a container runtime's failure) on a
        node whose NVIDIA kernel module refused user space of another version, while ``ROLLOUT_MIN`` nodes said
        so within ``DRIVER_MISMATCH_S``: the site's driver rollout, user space ahead of the module, not the
        program nor one node (holdout76, blind: "NVRM: API mismatch: the client has the version 535.54.03, but
        this kernel module has the version 530.30.02" on all eight nodes, then two owners' jobs failing with
        CUDA error 803 and enroot's "nvml error: driver/library version mismatch"). One node saying it alone
        stays that node's (the device-state error names it)."""
        run = self.world.jobs.get(job)
        nodes = run.spec.nodes if run is not None else ()
        if not any(0 <= t - self.driver_lost.get(n, -1e18) <= DRIVER_MISMATCH_S for n in nodes):
            return info
        said = [n for n, at in self.driver_lost.items() if 0 <= t - at <= DRIVER_MISMATCH_S]
        if len(said) < ROLLOUT_MIN:
            return info
        text = f"{info.text} (the NVIDIA kernel module refused user space of another version on {len(said)} nodes)"
        since = min(self.driver_lost[n] for n in said)  # the rollout's time: what its jobs' failures share
        data = {**info.data, "site": "driver rollout", "error": "driver API mismatch", "device_state": False}
        data["since"] = since
        return logs.LineInfo(Kind.LAUNCH_ERROR, info.rank, info.host, info.gpu, text[:300], data)

    def _site_script(self, t: float, node: str, named: str | None) -> None:
        """A job's prolog or epilog failed on ``node`` (``_SITE_SCRIPT_FAILED``); on ``SITE_SCRIPT_MIN`` nodes within
        ``SITE_SCRIPT_S``, the site's: a launch error of the site for the job it ran for (named or running there;
        none when it ran after its job's end), one infrastructure incident across them (holdout81, blind: pyxis's
        epilog unable to create /run/enroot, two nodes drained "Epilog error" 17 minutes apart after completed
        jobs; holdout85, blind: its epilog "Permission denied" on the five nodes of two owners' jobs, then "Kill
        task failed"). Nothing is drained nor requeued for it: the nodes and the jobs are not the cause."""
        running = self.world.running_jobs_on(node)  # (none after its job's end: the node's alone)
        job = named if named in running else running[0] if running else ""
        _remember(self.script_failed, node, [t, job, 0.0])
        said = {n: e for n, e in self.script_failed.items() if 0 <= t - float(e[0]) <= SITE_SCRIPT_S}
        if len(said) < SITE_SCRIPT_MIN:
            return
        since = min(float(e[0]) for e in said.values())
        for n, e in said.items():
            if n != node and (e[2] or not e[1]):
                continue  # (said already; or ran after its job's end: nothing of it to correct)
            e[2] = 1.0
            text = (
                f"slurmd {n}: a job's prolog or epilog failed, as on {len(said)} nodes within the hour: "
                "the site's scripts or plugins, not the job's nor the node's"
            )
            data = {"site": "prolog/epilog", "error": "prolog or epilog failed", "since": since}
            self._emit(
                Observation(
                    t, Kind.LAUNCH_ERROR, n, str(e[1]) or None, None, None, clean_line(text, 300), data
                )
            )

    def _launch_held(self, t: float, job: str, reason: str) -> None:
        """slurmctld's own reason for a batch job whose launch failed on its node (the step daemon could not start it
        there): requeued and held. One job's stays Slurm's (held, for people to see in the queue). A second owner's
        job held so on the same node within ``LAUNCH_HELD_S``: the node cannot launch jobs, a launch error for each
        job whose words do not say whose it is, which ``node_env`` gives the node they share (holdout107, blind: a
        node that missed the reboot into cgroup v2, two owners' jobs held there 9 minutes apart)."""
        run = self.world.jobs.get(job)
        if run is None or len(run.spec.nodes) != 1:
            return  # (a job of several nodes names no one node its launch failed on)
        node, user = run.spec.nodes[0], run.spec.user
        before = self.held_launch.get(node)
        _remember(self.held_launch, node, [t, job, 0.0])
        if before is None or not 0 <= t - float(before[0]) <= LAUNCH_HELD_S or str(before[1]) == job:
            return
        first = self.world.jobs.get(str(before[1]))
        if first is None or first.spec.user == user:
            return
        for at, held in ((float(before[0]), str(before[1])), (t, job)):
            text = clean_line(
                f"slurm: job {held} could not be launched on {node} ({t - at:.0f} s ago); requeued and held ({reason})",
                300,
            )
            data = {"site": None, "error": "launch failed, requeued held", "since": at}
            self._emit(Observation(t, Kind.LAUNCH_ERROR, None, held, text=text, data=data))  # found now

    def _gpu_of_rank(self, job: str, rank: int) -> int | None:
        """The GPU a rank drives: its local rank under several tasks per node; on a node of one GPU, that GPU
        (holdout93, blind: a g5 node's one GPU with a corrupted InfoROM, one task per node); else not known."""
        run = self.world.jobs.get(job)
        if run is not None and run.spec.tasks_per_node > 1:
            return rank % run.spec.tasks_per_node
        return 0 if self.world.cluster.gpus_per_node == 1 else None

    def _socket_fallback(self, t: float, job: str) -> None:
        """A job of several nodes whose NCCL found no InfiniBand device on any of them, where other jobs' NCCL
        finds one (``FabricWatch.none_of_its_own``): the job's own set-up, its owner told (once)."""
        run = self.world.jobs.get(job)
        if (
            run is None
            or job in self.fabric.named
            or not self.fabric.none_of_its_own(job, len(run.spec.nodes))
        ):
            return
        self.fabric.named[job] = set(run.spec.nodes)
        text = (
            f"job {job}: NCCL found no InfiniBand device on any of its {len(run.spec.nodes)} nodes and runs over "
            "TCP sockets (NET/IB : No device found), while other jobs' NCCL uses the fabric: the job's "
            "container or environment does not see it"
        )
        self._job_wide(t, job, text, "NcclSocketFallback", "NET/IB : No device found; using network Socket")

    def _job_wide(self, t: float, job: str, text: str, etype: str, message: str) -> None:
        """The job's own fault, found from all of it rather than one rank's error: its owner is told."""
        data = {"etype": etype, "message": message, "every_node": True}
        self._emit(Observation(t, Kind.EXCEPTION, None, job, text=clean_line(text, 300), data=data))

    def _loss_seen(self, t: float, job: str, finite: bool) -> None:
        """The job printed its loss (``_LOSS_VALUE``): NaN or infinite ``NONFINITE_LINES`` times in a row over
        ``NONFINITE_S``, its owner is told (once), the job left running."""
        if finite:
            self.nonfinite.pop(job, None)
            return
        seen = self.nonfinite.get(job) or _remember(self.nonfinite, job, [t, 0.0, 0.0])
        seen[1] += 1
        if seen[1] < NONFINITE_LINES or t - seen[0] < NONFINITE_S or seen[2]:
            return
        seen[2] = 1.0
        text = (
            f"job {job}: its loss or gradient norm is NaN or infinite in {int(seen[1])} lines in a row over "
            f"{t - seen[0]:.0f} s: "
            "the run's numbers are gone (a learning rate, a loss scale, its data), and a restart resumes them"
        )
        self._job_wide(t, job, text, "NonFiniteLoss", "loss NaN or infinite, line after line")

    def _stack_dump(self, t: float, job: str, dump: stacks.Dump) -> None:
        """A dump of the job's stacks: where its main thread waits, evidence for the job's stall."""
        where = {
            stacks.INPUT: "waits in its input pipeline",
            stacks.COLLECTIVE: "waits in a collective with its peers",
            stacks.STORAGE: "waits on storage",
        }.get(dump.waits_on or "", "waits")
        text = clean_line(
            f"job {job}: a stack dump: its main thread {where} ({' < '.join(dump.frames[:5])})", 300
        )
        data = {"waits_on": dump.waits_on, "frames": list(dump.frames)}
        self._emit(Observation(t, Kind.STACK_DUMP, None, job, text=text, data=data))

    def _retried_service(self, t: float, job: str, line: str) -> bool:
        """A warning that an attempt on a remote service failed (the program retries): one is a blip,
        ``RETRY_MIN`` over ``RETRY_SPAN_S`` is the service down, raised as the job's service error."""
        service = logs.service_error(line)
        if service is None:
            return False
        n = self.retried.see(f"{job}|{service}", t)
        if n is not None:
            what = service or "a remote service"
            text = clean_line(
                f"job {job}: {n} attempts on {what} failed within {RETRY_WINDOW_S / 60:.0f} min, "
                f"the program retrying (the latest: {line.strip()[:160]})",
                300,
            )
            data = {"etype": "RetriedServiceError", "service": service, "attempts": n}
            self._emit(Observation(t, Kind.FS_ERROR, None, job, text=text, data=data))
        return True

    def _failed_of_service(self, t: float, job: str) -> None:
        """A job that failed within ``SERVICE_END_S`` of a remote service's failure its program reported
        (``_retried_service``, not yet raised): the service's error, before the job's end (holdout22,
        blind: nvcr.io answering 502 to three users' container pulls, each job failing a second later)."""
        prefix = f"{job}|"
        for key, window in self.retried.seen.items():
            if not key.startswith(prefix) or not window or not 0 <= t - window[-1][0] <= SERVICE_END_S:
                continue
            service = key[len(prefix) :]
            n = sum(w for _, w in window)
            text = clean_line(
                f"job {job}: failed {t - window[-1][0]:.0f} s after {service or 'a remote service'} answered "
                f"with its own failure ({n} time{'s' if n != 1 else ''})",
                300,
            )
            data = {"etype": "ServiceError", "service": service, "attempts": n}
            self._emit(Observation(t, Kind.FS_ERROR, None, job, text=text, data=data))

    def _progress(self, t: float, job: str, line: str, tracker: progress.ProgressTracker) -> str | None:
        """``_CONSUMED`` for a progress or checkpoint line, ``_PHASE`` for a lifecycle line, else None."""
        style = self.styles.get(job)
        if style is not None:
            # Once a job's stack is known, only its keyword is looked for: one scan for most lines.
            p = style.parse(line) if style.keyword in line else None
        else:
            p = progress.parse_progress(line, self.custom.get(job))
            if p is not None and job not in self.custom:
                self._learn_style(job, line)
        if p is None:
            # A save line says "sav"/"Sav", "heckpoint", "ckpt" or names a state dict; a few scans keep the
            # checkpoint parser off the rest.
            ck = progress.parse_checkpoint(line) if progress.may_be_save(line) else None
            ph = self.phases.get(job)
            if ck is not None:
                tracker.on_checkpoint(t, ck[0], ck[1])
                if ph is not None:
                    ph.on_checkpoint(t, ck[0], line)
                return _CONSUMED
            if (
                ph is not None
                and (ph.ckpt_start is not None or ph.eval_t is not None)
                and progress.loop_starts(line)
            ):
                # the program went on to its next loop: the save or the evaluation it began is over, though no
                # line said so (holdout58, blind: ACE's "Saving latest EMA checkpoint to ...", then "Epoch: 3",
                # "Starting training step on epoch 3", and 33 minutes later a collective rank 0 never joined)
                if ph.ckpt_start is not None:
                    tracker.on_checkpoint(t, "done", None)
                ph.on_loop_start(t, line)
                return _PHASE
            life = progress.parse_lifecycle(line)
            if life is None:
                return None
            tracker.on_lifecycle(t, life)
            if ph is not None:
                ph.on_lifecycle(t, life, line)
            return _PHASE
        self._advance(t, job, tracker, p, line)
        return _CONSUMED

    def _beat_of_bar(self, job: str) -> Stall | None:
        """The job's own beat (its stall), when it was learned before a parser read its progress and what the
        parser reads is a bar that filled to its total: a loop within the work (an evaluation's bar), the beat
        the step loop's. None otherwise: a counter with no total (``step = 500``) is the step loop itself,
        whatever beat came before it (a start-up's shuffle buffer filling every 10 s, holdout40)."""
        ph = self.phases.get(job)
        if ph is None or (ph.filled_total is None and not ph.total_restarted):
            return None
        cad = self.cadences.get(job)
        return cad.stall() if cad is not None else None

    def _cadence(self, t: float, job: str, line: str) -> bool:
        """Mine the line for the job's own beat; True when it is one."""
        cad, ph = self.cadences.get(job), self.phases.get(job)
        if cad is None:  # restored from a saved state, which keeps no cadence: learn it again
            cad = self.cadences[job] = cadence_watch.new_tracker(self.cadence_cfg)
        if ph is None:  # nor a phase: its start was not seen by this process
            ph = self.phases[job] = JobPhase(None)
        ph.on_any_line(t, line)
        rank, body = logs.split_prefix(line)
        if not cad.see(t, rank, body):
            return False
        self.unexplained.count(job, t, line)  # its first beats went unexplained: make it routine
        ph.on_step(t, None, body)
        tracker = self.trackers.get(job)
        if tracker is not None:
            tracker.beat_after_save(t)  # the loop beats again: a save begun before is over
        self.cadence_raised.discard(job)
        if job not in self.slowed:
            got = cad.slowdown(SLOW_RATIO)
            if got is not None:
                if len(self.slowed) >= 4096:
                    self.slowed.pop(next(iter(self.slowed)))
                self.slowed[job] = [got[1], got[0]]
                self._shared_slowdown(t, job)
        if job not in self.waited_on:
            self._waited_on(t, job, cad)
        return True

    def _waited_on(self, t: float, job: str, cad: CadenceTracker) -> None:
        """The job's own beat slowed (any beat, a measuring one too), and since then the GPUs of one node
        alone still work while all the others dropped to what a wait draws (``one_still_at_work``): that
        node's GPU is what the job waits for, slow (``slow_gpu``: drained, the job requeued without it)."""
        if job not in self.telemetry.peers:
            return  # no GPU of it sampled: nothing to ask, and no slowdown to compute on every beat
        got = cad.slowdown(WAITED_RATIO, recent=2, counting=False)
        if got is None:
            return
        held = self.telemetry.one_still_at_work(job, got[1])
        fell = self.telemetry.one_fell_at_work(job, got[1]) if held is None else None
        if held is None and fell is None:
            return
        if len(self.waited_on) >= 4096:
            self.waited_on.pop()
        self.waited_on.add(job)
        if held is not None:
            node, gpu, share = held
            which = f"GPU {gpu}" if gpu is not None else "its GPUs"
            text = clean_line(
                f"{node}: {which} still at {share:.0%} of job {job}'s working power while every other GPU of "
                f"the job dropped to what a wait draws, its beat {got[0]:.1f}x slower since: the GPU the job "
                "waits for",
                300,
            )
        else:
            assert fell is not None
            node, gpu, share, others = fell
            which = f"GPU {gpu}" if gpu is not None else "its GPUs"
            text = clean_line(
                f"{node}: {which} busy at {share:.0%} of the most it drew at work in job {job}, every other GPU "
                f"at {others:.0%} of theirs, its beat {got[0]:.1f}x slower since: the GPU the job waits for, "
                "slower in a state only its power shows",
                300,
            )
        self._emit(
            Observation(
                t,
                Kind.SLOW_GPU,
                node,
                job,
                gpu,
                None,
                text,
                {"ratio": round(1.0 / got[0], 3), "reasons": None},
            )
        )

    def _shared_slowdown(self, t: float, job: str) -> None:
        """The job's beat slowed: with other owners' jobs on other nodes whose beats slowed within
        ``SLOW_GROUP_S`` of it, nothing failing, the slowdown is something they share (a filesystem, the
        network between them and it), each job's observation naming the group. Jobs of one owner slowing
        together are that owner's (one input pipeline, one dataset); jobs sharing a node, that node's."""
        run = self.world.jobs.get(job)
        if run is None or run.state != "running":
            return
        since = self.slowed[job][0]
        group, nodes = [job], set(run.spec.nodes)
        for other, got in sorted(self.slowed.items(), key=lambda kv: kv[1][0]):
            o = self.world.jobs.get(other)
            if other == job or o is None or o.state != "running" or abs(got[0] - since) > SLOW_GROUP_S:
                continue
            if nodes & set(o.spec.nodes):
                continue
            group.append(other)
            nodes |= set(o.spec.nodes)
        users = {self.world.jobs[j].spec.user for j in group if self.world.jobs[j].spec.user}
        if len(group) < 2 or len(users) < 2:
            return
        gid = min(self.slowed[j][0] for j in group)
        for j in group:
            got = self.slowed[j]
            if len(got) > 2:
                continue  # already named in a group
            got.append(gid)
            text = (
                f"job {j}: its own beat {got[1]:.1f}x slower for {t - got[0]:.0f} s, as are the jobs of "
                f"{len(users) - 1} other owner(s) on other nodes, slowing within {SLOW_GROUP_S / 60:.0f} min "
                "of it, nothing failing: something they share"
            )
            data = {"ratio": round(got[1], 2), "since": got[0], "group": gid, "jobs": sorted(group)}
            self._emit(Observation(t, Kind.SHARED_SLOWDOWN, None, j, text=text, data=data))

    def phase_data(self, job: str | None) -> dict[str, Any] | None:
        """The job's phase as an observation carries it (with where its last attempt stood)."""
        ph = self.phases.get(job) if job is not None else None
        if ph is None or job is None:
            return None
        out = ph.describe()
        prev = self.previous_phase.get(job)
        if prev is not None:
            out["previous"] = prev
        return out

    def _advance(
        self, t: float, job: str, tracker: progress.ProgressTracker, p: progress.Progress, line: str = ""
    ) -> None:
        """A progress line: move the job's clock on, and watch for a sustained slowdown."""
        ph = self.phases.get(job)
        if ph is not None:
            ph.on_step(t, p[0] % 1_000_000_000, line)
        if "rain" in line and progress.parse_lifecycle(line) == "finished":
            # A progress-shaped line that also says training is over (a run-level metrics dict).
            tracker.on_lifecycle(t, "finished")
            if ph is not None:
                ph.on_lifecycle(t, "finished")
            return
        if tracker.on_progress(t, p) and len(tracker.step_times) >= 10:
            ratio = tracker.check_straggler(self.cfg.straggler_ratio, self.cfg.straggler_lines)
            if ratio is not None:
                text = f"job {job}: step time {ratio:.2f}x its median for {self.cfg.straggler_lines} lines in a row"
                self._emit(
                    Observation(
                        t,
                        Kind.STRAGGLER,
                        None,
                        job,
                        text=text,
                        data={"ratio": round(ratio, 3), "since": tracker.slow_since},
                    )
                )

    def _learn_style(self, job: str, line: str) -> None:
        """Take the job's stack once three progress lines in a row were that stack's. A job that also
        prints progress in another form (verl's ``step:N - train/loss:...`` with a tqdm bar every 100
        steps) never gets one: its stack's fast path would read the bar alone and lose the steps."""
        style = progress.style_of(line)
        last, seen = self.style_hits.get(job, (None, 0))
        seen = seen + 1 if style is last else 1
        self.style_hits[job] = (style, seen)
        if seen >= 3 and style is not None:
            self.styles[job] = style

    def _step_cancelled(self, job: str) -> None:
        """A cancel nothing explains (no failed task, no incident yet) is someone's ``scancel``.

        Its teardown (peers losing each other over NET/IB, killed tasks) must not
        read as a fault; after a failure, srun cancels the step too, but then a
        failed task or an incident came first and the cascade stays with it.
        """
        run = self.world.jobs.get(job)
        if run is None or run.state != "running":
            return
        if self.corr.has_evidence(job):
            return
        run.state = "cancelling"
        self.world.reindex(job)
        self._stop_tracking(job)

    def _diag_failed(
        self, t: float, job: str, test: str, gpus: tuple[int, ...] | None, category: str
    ) -> None:
        """A GPU health check the job ran failed a test on its node's GPUs (``health_checks``): the GPUs'
        fault, whatever the check's own exit status said (holdout60, blind: ``dcgmi diag -r 3`` failing GPU 2's
        PCIe bandwidth at 3 GB/s where 10 are required, the sweep calling the node healthy). Read on a job of
        one node only: the table names GPUs, not hosts."""
        run = self.world.jobs.get(job)
        if run is None or len(run.spec.nodes) != 1:
            return
        node = run.spec.nodes[0]
        which = f"GPU {', '.join(map(str, gpus))}" if gpus else "every GPU"
        for gpu in gpus or (None,):
            text = clean_line(f"job {job}: {node}'s {which} failed the health check's {test} test", 300)
            data: dict[str, Any] = {"diag": test, "ratio": 0.5, "health_check": True}
            kind = Kind.SLOW_GPU if category == "gpu_degraded" else Kind.GPU_HW_ERROR
            self._emit(Observation(t, kind, node, None, gpu, None, text, data))

    def _joblog_obs(self, t: float, job: str, info: logs.LineInfo) -> None:
        if (
            info.kind == Kind.EXCEPTION
            and self.resolver_lost
            and _GAI_FAILED.search(str(info.data.get("message")))
        ):
            info = self._resolver_of(t, job, info)
        if self.driver_lost and (
            info.kind == Kind.LAUNCH_ERROR or (info.kind == Kind.EXCEPTION and info.data.get("device_state"))
        ):
            info = self._rollout_of(t, job, info)
        node = self.world.canonical(info.host) if info.host else None
        if node is None and info.rank is not None:
            node = self.world.node_of_rank(job, info.rank)
        if node is None:
            node = self._only_node(job)  # a line with no rank label and no host: one node runs it all
        gpu = info.gpu
        if gpu is None and info.kind == Kind.GPU_LOST and node is not None and info.data.get("pci"):
            gpu = self._gpu_at(node, str(info.data["pci"]))  # nvidia-smi's words name the bus, not the index
        if (
            gpu is None
            and info.rank is not None
            and (info.kind == Kind.GPU_ECC or info.data.get("device_state"))
        ):
            # the rank's own GPU said it (an uncorrectable error, a device it could not use)
            gpu = self._gpu_of_rank(job, info.rank)
        data = info.data
        if info.kind == Kind.IB_BLAME:
            data = self._blame_data(data, node)
        elif info.kind in (Kind.NCCL_TIMEOUT, Kind.WATCHDOG_STUCK):
            data = self._checkpoint_context(job, data)
        phase = self.phase_data(job)
        if phase is not None and info.kind not in (logs.STEP_CANCELLED, logs.NCCL_WORK):
            data = {**data, "phase": phase}
        if info.kind == logs.STEP_CANCELLED:
            self._step_cancelled(job)
            return
        if info.kind == Kind.JOB_TIMEOUT:
            # The scheduler ends the job at its time limit (or preempts it, or requeues it), by design: its
            # tasks' SIGTERM tracebacks and exits are teardown, as after a scancel (holdout42, blind: MAE's
            # 2-node job at its limit; holdout44, blind: an Automodel job preempted).
            # A job already in trouble keeps its incident, which takes this as evidence.
            self._step_cancelled(job)
        if info.kind == logs.NCCL_WORK:
            self._emit(Observation(t, "nccl_work", node, job, None, info.rank, "", data))
            return
        text = f"job {job}: {info.text}" if info.text else f"job {job}: {info.kind}"
        if info.kind == Kind.GPU_LOST and gpu is None and node is not None and node not in self.lost_unnamed:
            if len(self.lost_unnamed) >= 4096:
                self.lost_unnamed.pop(next(iter(self.lost_unnamed)))
            self.lost_unnamed[node] = t
        if info.kind == Kind.NODE_FAILURE_LINE and data.get("heartbeat"):
            node = self.world.host_of(str(info.host))  # a runtime's name or address for the node
            if node is None and job not in self.peer_dead:
                self.peer_dead[job] = t  # which of its nodes: the one whose telemetry goes dark
        elif info.kind in (Kind.NODE_FAILURE_LINE, Kind.TASK_EXIT) and info.host:
            node = self.world.canonical(info.host) if info.host else None
        if info.kind == Kind.GPU_ECC and not info.host and info.rank is not None:
            # its node is the rank's place in the job's layout, a guess where a launcher numbers the nodes its own
            # way (torchrun's rendezvous): ``Correlator._same_gpu_fault`` may find the GPU's fault on another node
            data = {**data, "node_by_rank": True}
        self._emit(Observation(t, info.kind, node, job, gpu, info.rank, clean_line(text, 300), data))
        if info.kind == Kind.CUDA_OOM and node is not None and self.held_idle:
            self._held_before(t, job, node, gpu, str(data.get("message") or ""))

    def _held_before(self, t: float, job: str, node: str, gpu: int | None, message: str) -> None:
        """A job out of GPU memory on a GPU whose memory was held while its node ran no job (``_gpu``: the
        telemetry's ``FB_USED``): a process no job owns keeps it (a zombie of a cancelled job, a process stuck
        in the kernel), and every job placed there runs out of memory the same way; the GPU's, not the
        program's (holdout82, blind: a cancelled job's zombie holding 6 of an 8 GB GPU on an idle node, the
        next job's "CUDA out of memory" at its first batch; a D-state process holding 14.5 of 16 GB of GPU 2)."""
        if gpu is None:
            m = _OOM_GPU.search(message)
            gpu = int(m.group(1)) if m else None
        if gpu is None:
            return
        held = self.held_idle.get(f"{node}|{gpu}")
        if held is None or not 0 <= t - held[0] <= HELD_IDLE_S:
            return
        text = (
            f"telemetry {node}: GPU {gpu} held {held[1]:.0f} MiB while the node ran no job: a process no job owns "
            f"keeps its memory, and job {job} ran out of memory there"
        )
        data = {"held_mib": held[1], "held_t": held[0], "hardware": True}
        self._emit(Observation(t, Kind.GPU_HW_ERROR, node, job, gpu, None, clean_line(text, 300), data))

    def _site_rule_job(self, t: float, job: str, line: str) -> bool:
        """A job line no built-in rule explained and a site rule reads: its observation, with the node
        (and GPU) its rank label or NCCL host prefix names, as for a parsed line. True when one matched."""
        rule = self.site_rules.match("job", line)
        if rule is None:
            return False
        self.unexplained.count(job, t, line)  # explained now: its template is not listed
        rank, body = logs.split_prefix(line)
        host = logs.nccl_prefix(body)[0] if "NCCL" in body else None
        node = self.world.canonical(host) if host else None
        if node is None and rank is not None:
            node = self.world.node_of_rank(job, rank)
        if node is None:
            node = self._only_node(job)
        gpu = self._gpu_of_rank(job, rank) if rank is not None and node is not None else None
        self._emit(site_rules.observation(rule, float(t), body, job=job, node=node, gpu=gpu, rank=rank))
        return True

    def _only_node(self, job: str) -> str | None:
        run = self.world.jobs.get(job)
        return run.spec.nodes[0] if run is not None and len(run.spec.nodes) == 1 else None

    def _checkpoint_context(self, job: str, data: dict[str, Any]) -> dict[str, Any]:
        """A collective that timed out while the job was writing a checkpoint says so."""
        tracker = self.trackers.get(job)
        if tracker is None or tracker.ckpt_start is None:
            return data
        return {**data, "during_checkpoint": True, "ckpt_start_t": tracker.ckpt_start}

    def _blame_data(self, data: dict[str, Any], reporter: str | None) -> dict[str, Any]:
        local = data.get("local_ip")
        if local and reporter and local not in self.world.ips:
            self.world.ips[str(local)] = reporter
        peer = str(data.get("peer", ""))
        host = self.world.host_of(peer)
        return {**data, "peer_host": host} if host else data

    # --- kernel -----------------------------------------------------------------------------

    def _kernel(self, t: float, e: dict[str, Any]) -> None:
        node, line = e.get("node"), e.get("line")
        if not isinstance(line, str) or not isinstance(node, str) or not node:
            return
        rec = self.kernel_reader.feed(node, t, line, lambda pci: self._gpu_at(node, pci))
        if rec is UNDERSTOOD:
            return
        if "PCIe bandwidth" in line and kernel_link_limited(line) is not None:
            # a device's link came up slower than it can run: a GPU of this node busy at a lower link than
            # its peers is confirmed by its first such sample (TelemetryRules._link)
            if len(self.telemetry.link_limited) < 100_000:
                self.telemetry.link_limited.add(node)
            return
        if rec is not None and rec.kind == Kind.HOST_MEM_CE:
            total = self.ce_storm.on_corrected(node, t, int(rec.data.get("count") or 1))
            if total is not None:
                text = (
                    f"kernel {node}: {total} corrected memory errors within {ce_storm.WINDOW_S / 60:.0f} min "
                    f"(a storm: a memory module failing while it still corrects; the latest: {rec.text[:140]})"
                )
                data = {"count": total, "window_s": ce_storm.WINDOW_S}
                self._emit(
                    Observation(t, Kind.MEM_CE_STORM, node, None, None, None, clean_line(text, 300), data)
                )
            return
        if rec is not None:
            text = clean_line(f"kernel {node}: {rec.text}", 300)
            self._emit(Observation(t, rec.kind, node, None, rec.gpu, None, text, rec.data))
            return
        info = logs.parse_kernel(self.kernel_records.feed(node, t, line), self.pci_map)
        if info is None and self.held and " OK" in line:
            back = fs_recovered(logs.kernel_message(line))
            if back is not None:
                self.held.pop(
                    f"{node}|{back[0]}|{back[1]}", None
                )  # the server answers again: no loss to raise
                return
        if info is None and "name resolution" in line and _RESOLVER_LOST.search(line):
            _remember(self.resolver_lost, node, t)
            return
        if info is None and ("System is " in line or "shutdown completing" in line) and _ORDERLY.search(line):
            _remember(self.orderly, node, t)
            return
        if info is None and "API mismatch" in line and logs.driver_mismatch(line) is not None:
            _remember(self.driver_lost, node, t)
            return
        if info is None and "log" in line and (script := _SITE_SCRIPT_FAILED.search(line)) is not None:
            self._site_script(t, node, script.group(1) or script.group(2))
            return
        if info is None and logs.link_up(line):
            self._link_seen(node, t, up=True)
            return
        if info is None:
            sign = self.ports.feed(node, line)
            if sign is not None:
                text = clean_line(f"kernel {node}: {sign.text}", 300)
                self._emit(Observation(t, Kind.IB_PORT_ERROR, node, None, None, None, text, sign.data))
                return
            if not self.site_rules or not self._site_rule_kernel(t, node, line):
                self.unexplained_kernel.see(node, t, line)
            return
        if info.kind == Kind.XID and info.data.get("pci"):
            self._nonfatal_cause(t, node, info)
        if info.gpu is None and info.data.get("pci"):
            self._resolve_gpu(node, info)
        if info.kind == Kind.XID and info.gpu is not None:
            _remember(self.nonfatal_xid, f"{node}|gpu{info.gpu}|said|{info.data.get('xid')}", t)  # (_gpu)
        at = node
        if info.data.get("sm_hosts"):
            # the subnet manager's words about another host's port: that host's, wherever the SM runs
            named = [n for h in info.data["sm_hosts"] if (n := self.world.host_of(str(h))) is not None]
            if not named:
                return
            at = named[0]
        text = clean_line(f"kernel {at}: {info.text}", 300)
        if info.kind == Kind.FS_KERNEL and recoverable(info.data) and len(self.held) < MAX_HELD:
            self.held.setdefault(f"{at}|{info.data.get('fs')}|{info.data.get('name')}", [t, text])
        self._emit(Observation(t, info.kind, at, None, info.gpu, None, text, info.data))
        if info.kind == Kind.IB_PORT_ERROR:
            self._link_seen(at, t, up=False)
        if info.data.get("nic"):
            self._nic_again(t, at, str(info.data.get("port") or ""), line)

    def _nonfatal_cause(self, t: float, node: str, info: logs.LineInfo) -> None:
        """A Xid the driver says was caused by an earlier one (kernel_rc.c: "caused by previous Xid 145", the
        channels torn down after it) is judged as its cause; when the same GPU's kernel called that cause
        nonfatal moments before (an NVLink5-class Xid's severity), it is no broken GPU either (holdout77,
        blind: one GB200 tray's Fatal Xid 149, four other trays' "145, RLW_RXPIPE Nonfatal" and their Xid 45
        "caused by previous Xid 145" a second later, each raised as a broken GPU)."""
        pci, d = str(info.data["pci"]), info.data
        ctx = d.get("context")
        if ctx is not None and d.get("app"):
            _remember(self.nonfatal_xid, f"{node}|{pci}|app|{ctx}", t)  # the application's fault on it
        elif ctx is not None and d.get("hardware"):
            broke = self.nonfatal_xid.get(f"{node}|{pci}|app|{ctx}")
            if broke is not None and 0 <= t - broke <= APP_CONTEXT_S:
                # The driver timing out the very process and channel the application's fault broke seconds before:
                # that fault's, not the GPU's (holdout108, blind: cuSOLVERMp's known issue on GB300, Xid 31 "MMU
                # Fault" then Xid 109 "CTX SWITCH TIMEOUT" for the same pid and channel 5 s later, on two trays).
                d["hardware"], d["app"] = False, True
                d["meaning"] = f"{d.get('meaning')}; on the context the application's fault broke"
                info.text = f"{info.text} (after the application's fault on the same process and channel)"
                return
        if d.get("severity") == "Nonfatal":
            _remember(self.nonfatal_xid, f"{node}|{pci}|{d.get('xid')}", t)
            return
        cause = d.get("caused_by")
        said = self.nonfatal_xid.get(f"{node}|{pci}|{cause}") if cause is not None else None
        if said is not None and 0 <= t - said <= NONFATAL_CAUSE_S and d.get("hardware"):
            d["hardware"] = False
            d["meaning"] = f"{d.get('meaning')}; the cause was nonfatal"
            info.text = f"{info.text} (its cause, Xid {cause}, nonfatal)"

    def _link_seen(self, node: str, t: float, up: bool) -> None:
        """A node's network link lost or back, in its kernel's words: ``[last lost, last back, losses, since]``
        per node, the losses counted within ``NIC_TROUBLE_S`` (``link_flap``: a loss its link came back from and
        its jobs stepped past is a flap they rode out; a link lost again is failing)."""
        seen = self.links.get(node)
        if seen is None:
            seen = _remember(self.links, node, [None, None, 0, None, None])
        if len(seen) < 5:
            seen.append(None)  # a state saved before the gap was kept
        if up:
            seen[1] = t
            return
        if seen[0] is None or (seen[1] is not None and seen[1] >= seen[0]):  # a new loss, not its echo
            if seen[3] is None or t - seen[3] > NIC_TROUBLE_S:
                seen[2], seen[3], seen[0] = 0, t, None
            seen[2] += 1
            seen[4] = seen[0]  # the loss before this one (None: the first)
        seen[0] = t

    def link(self, node: str) -> tuple[float | None, float | None, int, float | None]:
        """When the node's kernel last said its link was lost, and back (None: never), how many times it
        was lost within ``NIC_TROUBLE_S``, and how long after the loss before it the latest came (None: the
        first)."""
        seen = self.links.get(node)
        if seen is None:
            return (None, None, 0, None)
        before = seen[4] if len(seen) > 4 else None
        gap = seen[0] - before if seen[0] is not None and before is not None else None
        return (seen[0], seen[1], int(seen[2]), gap)

    def _nic_again(self, t: float, node: str, port: str, line: str) -> None:
        """A network adapter's hang or link drop, counted per port: ``NIC_TROUBLE_MIN`` within
        ``NIC_TROUBLE_S`` is the adapter, its port or its cable failing, whatever network it carries
        (holdout37, blind: a bnxt_en port's transmit hangs and link drops every few minutes under a
        1,024-rank job stuck in NCCL's bootstrap, its peers' connections to it never completing)."""
        n = self.nic_trouble.see(f"{node}|{port}", t)
        if n is None:
            return
        text = clean_line(
            f"kernel {node}: {port} hung or lost its link {n} times within {NIC_TROUBLE_S / 60:.0f} min "
            f"(a failing adapter, port or cable; the latest: {logs.kernel_message(line)[:120]})",
            300,
        )
        data = {"port": port, "fabric": True, "count": n}
        self._emit(Observation(t, Kind.IB_PORT_ERROR, node, None, None, None, text, data))

    def _site_rule_kernel(self, t: float, node: str, line: str) -> bool:
        """A kernel line a site rule reads: its observation, on that node. True when one matched."""
        rule = self.site_rules.match("kernel", line)
        if rule is None:
            return False
        self.unexplained_kernel.count(node, t, line)
        self._emit(site_rules.observation(rule, float(t), line, job=None, node=node))
        return True

    def _gpu_at(self, node: str, pci: str) -> int | None:
        """The GPU index of a node's PCI bus: the cluster's list, else the node's NCCL init lines."""
        gpu = self.pci_map.get(pci)
        return gpu if gpu is not None else self.learned_pci.get(f"{node}|{pci}")

    def _resolve_gpu(self, node: str, info: logs.LineInfo) -> None:
        """No ``pci_bus_ids`` for this bus: use what the node's NCCL init lines said (busId -> nvmlDev)."""
        pci = str(info.data["pci"])
        gpu = self.learned_pci.get(f"{node}|{pci}")
        if gpu is None:
            return
        info.gpu = gpu
        if info.kind == Kind.XID:
            info.text = f"Xid {info.data['xid']} on GPU {gpu} ({info.data.get('meaning', '')})"
        elif info.kind == Kind.GPU_LOST:
            info.text = f"GPU {gpu} has fallen off the bus"

    # --- telemetry ----------------------------------------------------------------------------

    def _gpu(self, t: float, e: dict[str, Any]) -> None:
        node, gpu, fields = e.get("node"), e.get("gpu"), e.get("fields")
        if not isinstance(node, str) or not isinstance(fields, dict):
            return
        if type(gpu) is not int:
            if not (isinstance(gpu, str) and gpu.isdigit()):
                return
            gpu = int(gpu)
        if not 0 <= gpu < 4096:
            return
        jobs = self.world.node_jobs.get(node)
        job = jobs[0] if jobs else None
        if job is None and "DCGM_FI_DEV_FB_USED" in fields:
            self._idle_memory(t, node, gpu, fields["DCGM_FI_DEV_FB_USED"])
        for info in self.telemetry.on_sample(t, node, gpu, fields, job):
            if info.kind == Kind.XID:
                said = self.nonfatal_xid.get(f"{node}|gpu{info.gpu}|said|{info.data.get('xid')}")
                if said is not None and 0 <= t - said <= XID_REREAD_S:
                    # DCGM's XID field holds the last Xid until the next: the kernel's record of it, read again at
                    # the next sample, judged already (holdout108, blind: Xid 109 after cuSOLVERMp's own Xid 31,
                    # the kernel's line judged the application's, DCGM's number alone raised as a broken GPU 2 min on)
                    continue
            text = f"telemetry {node}: {info.text}"
            self._emit(Observation(t, info.kind, node, None, info.gpu, None, text, info.data))
        if self.lost_unnamed and node in self.lost_unnamed:
            self._name_lost_gpu(t, node)

    def _drained_for_gpus(self, t: float, node: str, reason: str) -> None:
        """A node drained by someone else (a site's health check, its prolog or epilog test) for a reason that
        says, in CUDA's own words, its GPUs could not be used: the check found what a job would have, the node's
        GPUs (holdout79, blind: an epilog's "FAILED: sierra1301 Failed during cudaGetDeviceCount: initialization
        error" after a completed job, the node drained with it). A reason in other words (a GPU count, a
        mount) stays the site's own call."""
        code = cuda_errors.device_state_error(reason) or cuda_errors.hardware_error(reason)
        if code is None:
            return
        text = f"slurm: {node} drained by the site's check, in CUDA's words: {code.what} ({reason[:120]})"
        data = {"health_check": True, "cuda_error": code.code, "hardware": True}
        self._emit(Observation(t, Kind.GPU_HW_ERROR, node, None, None, None, clean_line(text, 300), data))

    def _idle_memory(self, t: float, node: str, gpu: int, used: Any) -> None:
        """A GPU's memory in use while its node runs no job (``_held_before``), or no longer."""
        key = f"{node}|{gpu}"
        if not isinstance(used, (int, float)) or used < HELD_IDLE_MIB:
            self.held_idle.pop(key, None)
            return
        _remember(self.held_idle, key, [t, float(used)])

    def _name_lost_gpu(self, t: float, node: str) -> None:
        """The node said a GPU was lost without naming it: the one GPU gone from its telemetry rounds since
        is that GPU (``TelemetryRules.missing_gpu``). Looked for until ``LOST_NAMING_S`` after."""
        since = self.lost_unnamed[node]
        if t - since > LOST_NAMING_S:
            del self.lost_unnamed[node]
            return
        gpu = self.telemetry.missing_gpu(node, since)
        if gpu is None:
            return
        del self.lost_unnamed[node]
        text = (
            f"telemetry {node}: GPU {gpu} has not reported since the node said a GPU was lost, "
            "while its other GPUs still do"
        )
        self._emit(Observation(t, Kind.GPU_LOST, node, None, gpu, None, text, {"telemetry_gone": True}))

    # --- scheduler ----------------------------------------------------------------------------

    def _slurm(self, t: float, e: dict[str, Any]) -> None:
        kind = e.get("kind")
        if kind == "node_state":
            self._node_state(t, e)
        elif kind == "job_state":
            self._job_state(t, e)

    def _node_state(self, t: float, e: dict[str, Any]) -> None:
        node, state = e.get("node"), e.get("state")
        if not isinstance(node, str) or not node or not isinstance(state, str):
            return
        reason = e.get("reason") if isinstance(e.get("reason"), str) else ""
        ns = scheduler.parse_node_state(state, reason or "")
        world = self.world
        if ns.down or ns.drained:
            since = world.out_of_service.setdefault(node, t)
            if ns.tokens & _REBOOTING and since < t and self.corr.found_since(node, since):
                world.out_of_service[node] = t  # rebooted after a fault found while out: its repair
        if ns.down:
            first = node not in world.down
            world.down[node] = t
            asked = self.orderly.get(node)
            if (
                first
                and asked is not None
                and 0 <= t - asked <= ORDERLY_S
                and not world.running_jobs_on(node)
            ):
                # Slurm's "Node unexpectedly rebooted" after the node's own orderly shutdown (someone ran reboot),
                # no job on it: a reboot asked for, not a crash (holdout83, blind: an admin rebooting an idle node)
                return
            by = _SET_BY.search(reason or "")
            if first and by is not None and by.group(1) != "slurm" and not world.running_jobs_on(node):
                # Set down by a person (scontrol's reason, stamped [user@time] by slurmctld; Slurm's own reasons are
                # stamped [slurm@time]), no job on it: the operators' maintenance, not a failure (holdout92, blind:
                # "GPU5 replaced, burn-in pending [root@...]", the node back an hour later and a job training on it)
                return
            if first:
                text = f"slurm: node {node} {state} ({reason or 'no reason'})"
                data: dict[str, Any] = {"state": state, "reason": reason or ""}
                if asked is not None and 0 <= t - asked <= ORDERLY_S:
                    # it shut down in order first: asked to (node_storms.asked_together)
                    data["orderly_t"] = asked
                    text += f" after shutting down in order {t - asked:.0f} s before"
                self._emit(Observation(t, Kind.NODE_DOWN, node, None, text=text, data=data))
            return
        world.down.pop(node, None)
        if ns.drained and reason and node not in world.drained_by_others and not own_drain(reason):
            world.drained_by_others[node] = reason
            text = f"slurm: node {node} drained by someone else: {reason}"
            self._emit(
                Observation(
                    t, Kind.NODE_DRAINED, node, None, text=clean_line(text, 300), data={"reason": reason}
                )
            )
            self._drained_for_gpus(t, node, reason)
        elif not ns.drained:
            world.drained_by_others.pop(node, None)
            left = world.out_of_service.pop(node, None)
            if left is not None:  # back in service: what blamed it takes no more evidence
                self.corr.node_returned(node, t, left)

    def _job_state(self, t: float, e: dict[str, Any]) -> None:
        job, state = e.get("job"), e.get("state")
        if not isinstance(job, (str, int)) or isinstance(job, bool) or not isinstance(state, str):
            return
        job = str(job)
        outcome = scheduler.job_outcome(state)
        run = self.world.jobs.get(job)
        if outcome == "running":
            self._job_running(t, job, e, run)
            return
        if run is not None and run.state == "pending" and outcome not in ("waiting", "unknown"):
            self._start_pending(job, t)  # it ended, so it ran: sooner than its listed start said
        if run is None or outcome == "unknown":
            return
        if outcome == "ended" and scheduler.normalize_job_state(state) == "CANCELLED":
            if self.corr.killed_for_memory(job):
                outcome = "failed"  # the scheduler's memory enforcement, not a person, ended it
            elif self.corr.cancelled_while_stuck(job):
                outcome = "failed"  # a job the fault had already stopped, cleared away
        phase = self.phase_data(job) if run.state == "running" else None  # where it stood when it ended
        if run.state == "running" or (run.state == "cancelling" and outcome in ("ended", "timeout")):
            run.state, run.ended_t = outcome, t
            self.world.reindex(job)
            self._stop_tracking(job)
        self._job_end_obs(t, job, state, outcome, e, phase)

    def _job_running(self, t: float, job: str, e: dict[str, Any], run: JobRun | None) -> None:
        nodes_raw = e.get("nodes")
        nodes: tuple[str, ...] = ()
        if isinstance(nodes_raw, str) and nodes_raw:
            try:
                nodes = tuple(expand(nodes_raw))
            except HostlistError:
                nodes = ()
        if run is None:
            spec = JobSpec(id=job, nodes=nodes, tasks_per_node=1, started=t)
            self.upsert_job(spec, t)
            return
        spec = run.spec
        if nodes and nodes != spec.nodes:
            spec = JobSpec(
                spec.id, spec.name, spec.user, nodes, spec.tasks_per_node, t, spec.comment, spec.partition
            )
        self.upsert_job(spec, t)

    def _job_end_obs(
        self, t: float, job: str, state: str, outcome: str, e: dict[str, Any], phase: dict[str, Any] | None
    ) -> None:
        code = e.get("exit_code") if isinstance(e.get("exit_code"), str) else ""
        reason = e.get("reason") if isinstance(e.get("reason"), str) else ""
        text = clean_line(f"slurm: job {job} {state} (exit {code or '?'}, {reason or 'no reason'})", 300)
        if outcome == "node_fail":
            self._emit(Observation(t, Kind.JOB_NODE_FAIL, None, job, text=text, data={"state": state}))
        elif outcome == "failed":
            self._failed_of_service(t, job)
            data: dict[str, Any] = {"state": state, "exit_code": code}
            if phase is not None:
                # Where it stood as it ended, for "the same work failed in the same place again"
                # (Correlator._resubmission_of); not "phase": the scheduler's word alone assesses nothing.
                data["ended_in"] = phase
            said = self.fs_said.pop(job, None)
            if said is not None and 0 <= t - said[0] <= SERVICE_END_S:
                # its last words named a shared filesystem failing: that filesystem's open incident takes it
                data["named_fs"] = said[1]
            if "OUT_OF_MEMORY" in state.upper():  # the host's OOM killer: the job asked for too much
                self._emit(
                    Observation(t, Kind.HOST_OOM, None, job, text=f"job {job}: killed by the host OOM killer")
                )
            self._emit(Observation(t, Kind.JOB_FAILED, None, job, text=text, data=data))
        elif outcome == "timeout" and _BUDGET_SPENT.search(reason or ""):
            # Ended by an accounting limit, not its own time limit: its owner's (or account's) budget is spent, and a
            # requeue only waits on it; the owner is told (holdout133, blind: an account's GPU-minutes exhausted, two
            # owners' jobs ended TIMEOUT in the same second, hours before their limits).
            data = {"state": state, "exit_code": code, "budget": (reason or "")[:160]}
            self._emit(Observation(t, Kind.JOB_FAILED, None, job, text=text, data=data))
        elif outcome == "timeout":
            self._emit(Observation(t, Kind.JOB_TIMEOUT, None, job, text=text))
        elif outcome == "waiting" and _LAUNCH_HELD.search(str(reason or "")):
            self._launch_held(t, job, str(reason))

    # --- time ---------------------------------------------------------------------------------

    def _held_losses(self, now: float) -> None:
        """A filesystem server its client lost and kept trying (``kernel.recoverable``), not answering
        ``LOSS_HOLD_S`` later: raised now, as the loss it was. One that answered within it (``fs_recovered``)
        was a blip no job felt: nothing is raised (holdout62, blind: an NFS home server silent 41 s on three
        nodes of two owners, "OK" on each, every job training on)."""
        for key, (since, text) in list(self.held.items()):
            if now - since < LOSS_HOLD_S:
                continue
            del self.held[key]
            node, fs, name = key.split("|", 2)
            data = {"fs": fs, "name": name, "what": "server not responding", "held": True}
            held = clean_line(f"{text} (still lost {now - since:.0f} s later)", 300)
            self._emit(Observation(now, Kind.FS_KERNEL, node, None, None, None, held, data))

    def tick(self, now: float) -> None:
        """Time-based detectors: hangs (silence longer than the job's threshold)."""
        if self.held:
            self._held_losses(now)
        if self.pending:
            self._start_due(now)
        if self.hears_nothing(now):
            return  # nothing heard of any job or GPU: a silence says nothing of the jobs (``hears_nothing``)
        c = self.cfg
        for job, tr in self.trackers.items():
            if tr.hang_raised or tr.last_t is None or now - tr.last_t < c.hang_min_s:
                continue  # the threshold is never below hang_min_s: nothing to compute yet
            ph = self.phases.get(job)
            run = self.world.jobs.get(job)
            nodes = len(run.spec.nodes) if run is not None else 1
            save_grace = (
                0.0
                if ph is not None and ph.save_failed()
                else cadence_watch.save_grace(c.checkpoint_grace_s, nodes, ph)
            )
            deadline = tr.hang_deadline(c.hang_multiple, c.hang_min_s, c.hang_min_intervals, save_grace)
            beat = self._beat_of_bar(job) if deadline is not None else None
            if deadline is not None and beat is not None and beat.last_t > tr.last_t:
                # The job's own beat, learned before a parser read its progress, went on after the parsed
                # lines stopped: those were another loop's (an evaluation's bar every 40 minutes), the beat is
                # the step loop's, and the job is silent only once both are (holdout57, blind: a Whisper
                # fine-tune's Trainer dicts every 49 s, its only bar the evaluation's 0/58 to 58/58).
                deadline = max(deadline, beat.deadline)
            done = ph.finish_t if ph is not None else None
            if (
                deadline is not None
                and ph is not None
                and ph.finished_at is None
                and (ph.eval_t or 0.0) > tr.last_t
            ):
                # An evaluation announced since the last step, training not over: its pass is no training
                # step, its silence is judged against eval_grace_s (as a cadence's is), over or not
                # (holdout55, blind: MaxText's 96 s evaluation every 300 steps of 7.3 s).
                deadline = max(deadline, (ph.eval_t or 0.0) + c.eval_grace_s)
            if deadline is None and tr.finished and done is not None:
                deadline = done + c.hang_min_s  # training said it ended: only its teardown is watched
            if deadline is None:
                continue
            teardown = None
            if done is not None:
                # Training said it is over: a final save and the teardown take their time (as for
                # cadences), unless the GPUs say the process sits idle. A loop that merely completed
                # (an evaluation) gets no such grace: the next training step may be the one that hangs.
                teardown = self.teardown_stuck(job, now) if now >= deadline else None
                grace = (
                    ph.finish_grace(c.finished_grace_s, c.hang_min_s)
                    if ph is not None
                    else c.finished_grace_s
                )
                deadline = max(deadline, done + grace)
            deadline = self.as_before(job, deadline)
            early = self._early_confirm(job, tr, now) if now < deadline and done is None else None
            if now < deadline and early is None and teardown is None:
                continue
            med = tr.median_interval() or 0.0
            working = None
            if early is None and teardown is None and tr.last_t is not None:
                working = self.working_intermittently(job, tr.last_t)
                if working is not None and now < cadence_watch.working_until(tr.last_t, med):
                    continue
            run = self.world.jobs.get(job)
            if run is None or run.state != "running":
                continue
            tr.hang_raised = True
            data: dict[str, Any] = {"last_progress_t": tr.last_t}
            left = self.left_behind(job, tr.last_t - med)
            if left is not None:
                data["idle_gpus"] = left
            phase = self.phase_data(job)
            if phase is not None:
                data["phase"] = phase
            if early is not None:
                data.update(early[1])
                why = (
                    f"over max({c.hang_idle_multiple:g} x median interval {med:.1f} s, its longest interval "
                    f"{max(tr.intervals, default=0.0):.0f} s, {c.hang_min_s:g} s), "
                    f"and {early[0]}"
                )
            elif tr.burst_gap is not None:
                why = (
                    f"threshold {progress.BURST_MULTIPLE * tr.burst_gap:.0f} s = {progress.BURST_MULTIPLE:g} x the "
                    f"{tr.burst_gap:.0f} s between its bursts of lines (within a burst: {med:.1f} s)"
                )
            else:
                why = (
                    f"threshold {max(c.hang_multiple * med, c.hang_min_s):.0f} s = max({c.hang_multiple:g} x "
                    f"median interval {med:.1f} s, {c.hang_min_s:g} s)"
                )
                if teardown is not None and now < deadline:
                    why += f"; training finished and {teardown}"
                if working is not None:
                    why += (
                        f"; {working}, past {cadence_watch.working_until(tr.last_t, med) - tr.last_t:.0f} s"
                    )
            text = f"job {job}: no progress for {now - tr.last_t:.0f} s since step {tr.last_step} ({why})"
            hang = Observation(now, Kind.HANG, None, job, text=clean_line(text, 300), data=data)
            self._watch_idle(hang)
            self._emit(hang)
        for job, declared in list(self.peer_dead.items()):
            self._dark_runtime_peer(job, declared, now)
        for obs in cadence_watch.stalls(self, self.cadence_cfg, now):
            self._watch_idle(obs)
            self._emit(obs)
        self._follow_idle(now)
        for job, trouble in self.launch.due(now):
            self._launch_stall(job, trouble, now)
        for obs in start_watch.stalls(self, now, skip=self.launch.raised | self.skew.raised):
            self._emit(obs)
        self._inspector_stalls(now)
        for job, sk in self.skew.due(now):
            self._skew_stall(job, sk, now)

    def _inspector_stalls(self, now: float) -> None:
        """A running job whose stall inspector kept warning since its last step (``stall_inspector``), no
        incident of it open: a hang."""
        for key, pending in list(self.corr.pending_job.items()):
            job = key.rsplit("#", 1)[0]
            run = self.world.jobs.get(job)
            if run is None or run.state != "running" or key != f"{job}#{run.attempt}":
                continue  # what no incident took of the job's attempt now running
            phase, tr = self.phases.get(job), self.trackers.get(job)
            steps = [
                t for t in (phase.last_step_t if phase else None, tr.last_t if tr else None) if t is not None
            ]
            found = stall_inspector.persistent(pending, max(steps, default=None), now)
            if found is None:
                continue
            first, latest, ranks = found
            who = ", ".join(map(str, ranks[:8])) + (" ..." if len(ranks) > 8 else "")
            text = (
                f"job {job}: its stall inspector warned for {latest - first:.0f} s on end, no step since, that "
                f"{('rank ' if len(ranks) == 1 else 'ranks ') + who if ranks else 'some ranks'} never submitted the collective the others wait in"
            )
            data: dict[str, Any] = {
                "last_progress_t": first,
                "early": True,
                "stall_warned_s": round(latest - first, 1),
            }
            info = self.phase_data(job)
            if info is not None:
                data["phase"] = info
            self._emit(Observation(now, Kind.HANG, None, job, text=clean_line(text, 300), data=data))

    def _watch_idle(self, obs: Observation) -> None:
        """A stall raised before any node of the job was seen left idle: watch for it (``_follow_idle``)."""
        d = obs.data
        last = d.get("last_progress_t")
        named = d.get("idle_gpus") or d.get("idle_nodes") or d.get("dark_nodes")
        if obs.job is None or named or not isinstance(last, int | float):
            return
        run = self.world.jobs.get(obs.job)
        if run is not None and len(run.spec.nodes) >= 2:
            self.idle_watch[obs.job] = [float(last), obs.t]

    def _follow_idle(self, now: float) -> None:
        """A stall confirmed within seconds, from the job's own cadence, comes before the next telemetry
        sample (every 60-300 s): the node whose GPUs went idle after the job's last progress while every
        other GPU of the job stays busy is seen only later. Until the job progresses again, ends, or
        ``IDLE_FOLLOW_S`` passed, each tick looks again, and the one such node is added to the stall's
        incident (holdout36, blind: WaveGlow on 16 nodes silent at 31 s, gn109's GPUs idle at the next
        sample, 69 s later, its 60 peers' GPUs spinning; no watchdog line ever came)."""
        for job, watch in list(self.idle_watch.items()):
            since, raised = watch[0], watch[1]
            run = self.world.jobs.get(job)
            tr = self.trackers.get(job)
            stalled = job in self.cadence_raised or (tr is not None and tr.hang_raised)
            if run is None or run.state != "running" or not stalled or now - raised > IDLE_FOLLOW_S:
                del self.idle_watch[job]
                continue
            left = self.left_behind(job, since)
            nodes = {str(n) for n, _ in left or ()}
            # one node idle among busy peers, or every node idle but one, still busy, when the job's processes
            # said they gave up on a peer (analysis.busy_among_idle reads which)
            if len(nodes) != 1 and not (len(run.spec.nodes) >= 3 and len(nodes) == len(run.spec.nodes) - 1):
                continue
            if len(watch) < 3:
                # seen: the rest of the node's round of samples comes within a second or two
                watch.append(now)
                continue
            if now - watch[2] < IDLE_ROUND_S:
                continue
            del self.idle_watch[job]
            if len(nodes) == 1:
                node = nodes.pop()
                text = (
                    f"job {job}: still no progress; the GPUs of {node} went idle after its last progress while "
                    "every other GPU of the job stays busy"
                )
            else:
                busy = ", ".join(n for n in run.spec.nodes if n not in nodes)
                text = (
                    f"job {job}: still no progress; every node's GPUs went idle after its last progress but "
                    f"{busy}'s, still busy"
                )
            data: dict[str, Any] = {"last_progress_t": since, "idle_gpus": left, "follow_up": True}
            phase = self.phase_data(job)
            if phase is not None:
                data["phase"] = phase
            self._emit(Observation(now, Kind.HANG, None, job, text=clean_line(text, 300), data=data))

    def _skew_stall(self, job: str, sk: start_skew.Skew, now: float) -> None:
        """The job's tasks started far apart, or some stopped short: its peers wait, the job is silent."""
        run = self.world.jobs.get(job)
        st = self.skew.jobs.get(job)
        if run is None or run.state != "running" or st is None:
            return
        self.skew.raised.add(job)
        which = {"late": list(sk.late[:64]), "peers": sk.peers, "marker": sk.marker[:160]}
        data: dict[str, Any] = {"last_progress_t": st.last_t}
        if sk.in_step:  # they kept pace and stopped short: not a late start (analysis.stuck_at_start)
            data["stuck_tasks"] = {**which, "tasks": list(sk.tasks[:1024])}
            if sk.silent:
                data["stuck_tasks"]["never_started"] = True
        else:
            data["launch_skew"] = which
        phase = self.phase_data(job)
        if phase is not None:
            # One task never started: the job as a whole took no step, whatever one task's bar said.
            data["phase"] = {**phase, "phase": LAUNCHING, "step": None, "before_first_step": True}
        text = start_skew.describe(job, now, st.last_t, sk)
        self._emit(Observation(now, Kind.HANG, None, job, text=clean_line(text, 400), data=data))

    def _launch_stall(self, job: str, trouble: launch_watch.LaunchTrouble, now: float) -> None:
        """A job silent since its transport failed at start-up, still before its first step."""
        ph = self.phases.get(job)
        run = self.world.jobs.get(job)
        if ph is None or run is None or run.state != "running" or ph.phase() != LAUNCHING:
            self.launch.troubles.pop(job, None)  # it stepped, ended, or its launch was never seen
            return
        self.launch.raised.add(job)
        err = trouble.error
        data: dict[str, Any] = {
            "last_progress_t": trouble.last_line_t,
            "transport": {
                "host": err.host,
                "component": err.component,
                "bridge": trouble.bridge,
                "endpoint": err.endpoint,
                "unroutable": err.unroutable,
            },
        }
        phase = self.phase_data(job)
        if phase is not None:
            data["phase"] = phase
        text = launch_watch.describe(job, now, trouble)
        self._emit(Observation(now, Kind.HANG, None, job, text=clean_line(text, 400), data=data))

    def teardown_stuck(self, job: str, now: float) -> str | None:
        """Why a job whose training said it ended is already stuck in teardown (None: not shown yet).

        The job's own end-of-training sign (said, or a final save written; not a count that merely
        reached its total), no save in flight, ``teardown_idle_s`` since, and every GPU of the job
        idle in a run that began after its last step: nothing is being computed or written, and the
        process has not exited. Without telemetry the full ``finished_grace_s`` still applies.
        """
        ph = self.phases.get(job)
        if ph is None or ph.finish_t is None or ph.finish_inferred or ph.ckpt_start is not None:
            return None
        if now < ph.finish_t + self.cfg.teardown_idle_s:
            return None
        run = self.world.jobs.get(job)
        if run is None:
            return None
        since = min(ph.finish_t, ph.last_step_t if ph.last_step_t is not None else ph.finish_t)
        idle = self.telemetry.all_idle(run.spec.nodes, since)
        if idle is None:
            return None
        return f"every GPU of {', '.join(idle[:4])} idle since: the process neither works nor exits"

    def left_behind(self, job: str, since: float) -> list[list[Any]] | None:
        """The GPUs of a stalled job idle since ``since`` while its other nodes' GPUs spin (one sample
        after the stall is enough: the silence already says the job stopped), as ``[node, gpu]``."""
        run = self.world.jobs.get(job)
        if run is None:
            return None
        left = self.telemetry.idle_gpus(run.spec.nodes, since, min_samples=1)
        return [[n, g] for n, g in left[:64]] if left is not None else None

    def still_computing(self, job: str, since: float, *, startup: bool) -> str | None:
        """Whether a silent job's GPUs still draw their working power (``TelemetryRules.still_computing``),
        and nothing else was seen of the job or its nodes since (a kernel record, a filesystem error): a
        silence with other evidence is a stall at its usual deadline, whatever the power says."""
        if self._evidence_since(job, since):
            return None
        why = self.telemetry.still_computing(job, since, startup=startup)
        run = self.world.jobs.get(job)
        if why is None and run is not None:
            alone = {node: self.world.node_jobs.get(node) == [job] for node in run.spec.nodes}
            why = self.telemetry.nodes_at_work(job, alone, since)
        return why

    def _evidence_since(self, job: str, since: float) -> bool:
        """Whether anything else was seen of the job or its nodes since ``since`` (a kernel record, a
        filesystem error): then what the GPUs read does not excuse the silence."""
        run = self.world.jobs.get(job)
        return self.corr.evidence_since(job, run.spec.nodes if run else (), since)

    def working_intermittently(self, job: str, since: float) -> str | None:
        """Whether a silent job's GPUs read as working since ``since``, kernels starting and finishing
        (``TelemetryRules.working_intermittently``), and nothing else was seen of the job or its nodes
        since: a silence with other evidence is a stall at its usual deadline."""
        if self._evidence_since(job, since):
            return None
        return self.telemetry.working_intermittently(job, since)

    def progress_known(self, tracker: progress.ProgressTracker) -> bool:
        """Whether a parser reads the job's progress well enough to watch it: ``hang_min_intervals`` steps
        apart at least, as the progress detector needs for a deadline. Until then its own beat is learned and
        watched (``cadence_watch``): a progress bar drawn at 0 and a loading bar filled before training do not
        make a format known (holdout48, blind: Kimi-Audio's Trainer logged a dict every 90 s, its tqdm bar went to
        the terminal only, and a freeze was found 830 s in, read as a hang at start-up)."""
        return tracker.last_t is not None and len(tracker.intervals) >= self.cfg.hang_min_intervals

    def odd_setup(self, job: str) -> tuple[str, str, str] | None:
        """The one node of a job on three or more whose NCCL chose another network plugin than all the
        others (``FabricWatch.odd_plugin``), or alone could not open an HCA it was told to use
        (``FabricWatch.odd_device``), with why and the verdict it points at: its ranks cannot join the others'
        collectives. A plugin of its own is its set-up (``hang``); an HCA it alone cannot open, its NIC
        (``network``)."""
        run = self.world.jobs.get(job)
        if run is None:
            return None
        odd = self.fabric.odd_plugin(job)
        if odd is not None:
            node = self.world.canonical(odd[0])
            why = f"{node}'s NCCL runs {odd[1]} where the job's other nodes load {odd[2]}: its NCCL set-up is its own"
            return (node, why, "hang") if node in run.spec.nodes else None
        dev = self.fabric.odd_device(job, len(run.spec.nodes))
        if dev is not None:
            node = self.world.canonical(dev[0])
            why = (
                f"{node}'s NCCL could not open the HCA {dev[1]} it was told to use, and no other node of the job "
                "said so: its NIC"
            )
            return (node, why, "network") if node in run.spec.nodes else None
        return None

    def idle_throughout(self, job: str, since: float) -> bool:
        """Whether every GPU of the job's nodes has read 0 % since before ``since`` (or since its first
        sample): ``TelemetryRules.idle_throughout``."""
        run = self.world.jobs.get(job)
        return run is not None and self.telemetry.idle_throughout(run.spec.nodes, since)

    def sample_due(self, job: str, since: float, now: float) -> bool:
        """Whether a node of the job has not reported telemetry since ``since`` and will
        (``TelemetryRules.sample_due``): until then nothing says its GPUs are not at work."""
        run = self.world.jobs.get(job)
        return run is not None and self.telemetry.sample_due(run.spec.nodes, since, now)

    def spinning_at_start(self, job: str, since: float) -> str | None:
        """Every GPU of a job before its first step spins at its idle power since ``since``
        (``TelemetryRules.all_spinning_at_start``), and nothing else was seen of it since."""
        if self._evidence_since(job, since):
            return None
        return self.telemetry.all_spinning_at_start(job, since)

    def idle_node_at_start(self, job: str, since: float) -> tuple[str, list[list[Any]]] | None:
        """Why one node of a job before its first step never joined its first collective, and its GPUs as
        ``[node, gpu]`` (``TelemetryRules.idle_node_at_start``), when nothing else was seen of the job since."""
        run = self.world.jobs.get(job)
        if run is None or len(run.spec.nodes) < 2 or self._evidence_since(job, since):
            return None
        found = self.telemetry.idle_node_at_start(job, run.spec.nodes, since)
        if found is None:
            return None
        node, gpus = found
        why = (
            f"every GPU of {node} stayed idle while every GPU of its other nodes spins busy at little more than "
            "its idle power: they wait in a first collective no rank of it launched"
        )
        return why, [[node, g] for g in gpus]

    def _dark_runtime_peer(self, job: str, declared: float, now: float) -> None:
        """The node a job's runtime declared dead by an address nothing here maps to a host: the one of
        the job's nodes whose exporter went dark by then (``TelemetryRules.dark_nodes``), named as soon as
        its samples are overdue (holdout18, blind: Ray's GCS marked 10.128.0.103 dead 31 s after the power
        went; the scheduler said rg-02 was NOT_RESPONDING five minutes later). Given up after
        ``PEER_DEAD_WAIT_S``, when the job ended, or when two nodes went dark."""
        run = self.world.jobs.get(job)
        if run is None or run.state != "running" or now - declared > PEER_DEAD_WAIT_S:
            self.peer_dead.pop(job, None)
            return
        dark = self.telemetry.dark_nodes(run.spec.nodes, declared, now)
        if dark is None:
            return
        self.peer_dead.pop(job, None)
        if len(dark[0]) != 1:
            return
        node = dark[0][0]
        text = (
            f"job {job}: {node} is the node its runtime declared dead: its telemetry stopped (its "
            f"{dark[1]:.0f} s samples overdue) while the job's other nodes still report"
        )
        data = {"heartbeat": True, "dark": True}
        self._emit(Observation(now, Kind.NODE_FAILURE_LINE, node, job, text=clean_line(text, 300), data=data))

    def confirmed_early(
        self, job: str, last: float, period: float, now: float, longest: float = 0.0
    ) -> tuple[str, dict[str, Any]] | None:
        """Early confirmation of a silence, ``hang_idle_multiple`` beats after the last, and no sooner than
        the longest pause the job took so far (``longest``: a job that stops now and then, rank 0 saving
        while its peers wait in a barrier, did it before) nor ``hang_min_s``, as (why, what the observation
        adds): a node's GPUs went idle while another node's stay busy
        (``TelemetryRules.idle_split``, in a run that began after the last line less one beat: a GPU idle
        while the job still progressed is not part of the step loop), a process of the job's nodes died of
        a fault since about then (its peers wait for the rank that died), or every GPU of the job spins in
        a collective none completes (``TelemetryRules.all_spinning``) in samples taken after the next beat
        was due. One place for both stall paths, the progress parser's and the cadence's."""
        c = self.cfg
        if c.hang_idle_multiple <= 0 or now - last < max(
            c.hang_idle_multiple * period, longest, c.hang_min_s
        ):
            return None
        run = self.world.jobs.get(job)
        if run is None:
            return None
        if len(run.spec.nodes) >= 2:
            split = self.telemetry.idle_split(run.spec.nodes, last - period, one_after=last + period)
            if split is not None:
                idle, busy = split
                why = (
                    f"the GPUs of {', '.join(idle[:4])} went idle after it while those of {len(busy)} other "
                    "node(s) stay busy"
                )
                return why, {"idle_nodes": idle, "busy_nodes": busy, "early": True}
        dark = self.telemetry.dark_nodes(run.spec.nodes, last + period, now, SILENT_DARK_PERIODS)
        if dark is not None:
            why = (
                f"{', '.join(dark[0][:4])} stopped reporting telemetry (its {dark[1]:.0f} s samples overdue) while "
                "other nodes still report: the node itself is gone or cut off"
            )
            return why, {"dark_nodes": dark[0], "early": True}
        behind = self.rollcall.missed(job, now, run.spec.nodes, lambda r: self.world.node_of_rank(job, r))
        if behind is not None:
            ranks = ", ".join(map(str, behind.ranks[:8])) + (" ..." if len(behind.ranks) > 8 else "")
            why = clean_line(
                f"rank(s) {ranks} on {behind.node} never printed '{behind.line}', which {behind.said_by} other "
                f"ranks of every other node printed {now - behind.since:.0f} s ago, nor anything since",
                260,
            )
            return why, {"behind_node": behind.node, "behind_ranks": list(behind.ranks), "early": True}
        gone = self.telemetry.all_idle(run.spec.nodes, last)
        if gone is not None:
            # Every GPU of the job went idle after its last beat and stayed so, samples on end: no rank
            # computes, and none spins in a collective (holdout52, blind: nnU-Net's one RTX 4080 at 0 % and
            # 210 MHz 38 s into an epoch, its memory held, the host's CPU power states failing it).
            why = (
                f"every GPU of {', '.join(gone[:4])} went idle after it and stayed so (no rank computes, none "
                "spins in a collective)"
            )
            return why, {"idle_nodes": gone, "early": True}
        beats = now - last >= max(CRASH_BEATS * c.hang_idle_multiple * period, c.hang_min_s)
        crash = self.corr.pending_since(run.spec.nodes, last - period, Kind.PROCESS_CRASH)
        if crash is not None and beats:
            d = crash.data
            return (
                f"{crash.node}'s kernel saw a {d.get('comm') or 'user'} process die of a {d.get('what') or 'fault'} "
                f"{crash.t - last:+.0f} s from it: the job's other ranks wait for the one that died"
            ), {"early": True}
        wedged = [
            o
            for node in run.spec.nodes
            for o in self.corr.pending_node.get(node, ())
            if o.kind == Kind.CPU_LOCKUP and o.data.get("wedged") and o.t > last - period
        ]
        if wedged and beats:
            # a CPU of a node of the job held in the kernel for a minute and more: its ranks there are stuck
            # with it (holdout62, blind: soft lockups in the GPU driver's ioctl growing to 126 s)
            w = wedged[0]
            return (
                f"{w.node}'s kernel has held a CPU for {w.data.get('stuck_s')} s (soft lockup) since "
                f"{w.t - last:+.0f} s from it: the job's ranks there are stuck with it"
            ), {"early": True}
        raised = self.corr.raised_since(job, last - period) if beats else None
        if raised is not None:
            # A rank raised the program's own error and left; its peers wait in the collective it never
            # joined (holdout59, blind: one rank's "Detected mismatch between collectives", 127 ranks waiting
            # for the 30-minute watchdog).
            who = f"rank {raised.rank}" if raised.rank is not None else "a rank"
            return (
                f"{who} raised {raised.data.get('etype') or 'an error'} {raised.t - last:+.0f} s from it: the "
                "job's other ranks wait for the rank that raised"
            ), {"early": True}
        multi = len(run.spec.nodes) >= 2
        port = self.corr.pending_since(run.spec.nodes, last - period, Kind.IB_PORT_ERROR) if multi else None
        if port is not None and beats:
            # The job's collectives cross every node's port: one that went down since its last line stops
            # them all (holdout49, blind: VideoMAE's 32 ranks silent after v100-14's data NIC went down, the
            # watchdog 30 min later).
            return (
                f"{port.node}'s network port went down {port.t - last:+.0f} s from it: the job's collectives "
                "cross it"
            ), {"early": True}
        spin = self.telemetry.all_spinning(job, last + period)
        return (spin, {"early": True}) if spin is not None else None

    def _early_confirm(
        self, job: str, tr: progress.ProgressTracker, now: float
    ) -> tuple[str, dict[str, Any]] | None:
        last = tr.last_t
        if last is None or tr.ckpt_start is not None:
            return None  # a save: the step loop may not be back yet
        if tr.busy_t is not None and tr.busy_t >= last:
            if tr.ckpt is None or tr.ckpt[0] != tr.busy_t:
                return None  # an evaluation: the step loop may not be back yet
            last = tr.busy_t  # a save that ended: the step loop is due one beat after it
        return self.confirmed_early(
            job, last, tr.median_interval() or 0.0, now, max(tr.intervals, default=0.0)
        )
