"""Correlation: which incident an observation belongs to, and when one opens.

An observation joins the open incident of its job's current attempt, else the
open incident its node is already part of, else (filesystem errors) an open
infrastructure incident of the last couple of minutes.

An incident is about one job attempt and one fault. It stops taking evidence
once every job it hit started again or ended, or when its node returns to
service; a node's line joins it only while the node runs nothing the incident
did not hit. Hard evidence that its verdict cannot explain (another node's GPU,
another GPU of the blamed node minutes later, a host going down under a job
that kept training after a filesystem hiccup) opens a new incident instead of
flipping the old verdict; the new one is a recurrence if it blames the same
node. A blamed node that runs nothing may still log its known fault (Slurm's
DOWN, the same Xid again): that tail folds into its incident, closed or not. Only *raising* kinds
open a new incident (a hardware Xid, a panic, a hang...); the rest wait as
pending evidence of their job or node and are folded in when something does
open, so that the cascade of a fault lands in the fault's incident and a lone
noisy line never becomes an alarm of its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Any

from incidents.attribution.incident import Incident, Mark, origin_of
from incidents.attribution.world import JobRun, World
from monitoring.detectors import kernel as kern
from monitoring.detectors import phase as ph
from monitoring.detectors.schema import GPU_HARDWARE_KINDS, Kind, Observation

# A GPU's (GPU_HARDWARE_KINDS) or a node's own hardware evidence: each raises an incident of its own.
NODE_HARD_KINDS = frozenset(
    {
        Kind.KERNEL_PANIC,
        Kind.KERNEL_OOPS,
        Kind.MCE_FATAL,
        Kind.HOST_MEM_UE,
        Kind.MEM_CE_STORM,
        Kind.NODE_DOWN,
        Kind.LOCAL_FS_FAILURE,
        Kind.NODE_SHUTDOWN,
    }
)
ALWAYS_RAISE = (
    GPU_HARDWARE_KINDS
    | NODE_HARD_KINDS
    | {
        Kind.SLOW_GPU,
        Kind.JOB_NODE_FAIL,
        Kind.NODE_FAILURE_LINE,
        Kind.IB_BLAME,
        Kind.NCCL_TIMEOUT,
        Kind.BARRIER_MISSING,
        Kind.HANG,
        Kind.CUDA_OOM,
        Kind.FS_ERROR,
        Kind.JOB_FAILED,
        Kind.WATCHDOG_STUCK,
    }
)
PENDING_CAP = 64
NODE_PENDING_S = 900.0
SHARED_LOSS_S = 120.0  # the clients of two nodes losing one filesystem server this close: the server
PEER_BLAME_REFINE_S = 600.0  # the blamed node's own hardware record this late still explains its peers' blame
SPLIT_S = 60.0  # hard evidence this long after an incident began may be a fault of its own
# A drain by someone else naming a node's network (NHC's check_hw_ib, an operator's "IB port down"): how long after
# a link loss withdrawn as a flap it says the link did not come back whole (``Correlator._flap_judged_again``).
NETWORK_REASON = re.compile(r"\bib\b|_ib\b|infiniband|\bport\b|\blink|mlx\d|\bhca\b|roce|\bnic\b", re.I)
FLAP_RECHECK_S = 1800.0
SAME_GPU_FAULT_S = 60.0  # a GPU's signals this close together are one fault, whatever reports them
SAME_GPU_SCAN = 64  # how many recent incidents are looked at for it
_SAID_NOTHING = frozenset({"job_failed", "unexplained"})
FAILED_BEFORE_FAULT_S = 300.0  # a job's crash this long before its GPU's hardware record is that fault
WEAK_SOFTWARE = frozenset({"job_failed", "unexplained", "host_oom"})
NODE_VERDICTS = frozenset({"gpu_hardware", "gpu_degraded", "network", "node_failure"})
# Verdicts whose node a job started on after them meets the same fault (Correlator._landed_on).
LANDED_VERDICTS = frozenset({"gpu_hardware", "node_failure"})
HARD_KINDS = GPU_HARDWARE_KINDS | NODE_HARD_KINDS | {Kind.SLOW_GPU, Kind.IB_PORT_ERROR}


def _hard_class(obs: Observation) -> str:
    """The verdict category a piece of hard evidence points at."""
    if obs.kind == Kind.SLOW_GPU:
        return "gpu_degraded"
    if obs.kind == Kind.IB_PORT_ERROR:
        return "network"
    if obs.kind in NODE_HARD_KINDS or obs.kind == Kind.CPU_LOCKUP:
        return "node_failure"
    return "gpu_hardware"


GPU_FAULT_KINDS = frozenset({Kind.GPU_LOST, Kind.GPU_ECC, Kind.ROW_REMAP_FAILURE, Kind.GPU_HW_ERROR})


def _gpu_fault(kind: str, data: dict[str, Any]) -> bool:
    """A GPU's own hardware fault, from any channel (kernel Xid, DCGM/NVML counters, the job's CUDA error)."""
    return kind in GPU_FAULT_KINDS or (kind == Kind.XID and bool(data.get("hardware")))


def _nvlink_fault(m: Mark) -> bool:
    """A GPU's own report of a failed NVLink: an NVLink-class Xid its driver calls hardware, or the link's
    error counters (DCGM/NVML)."""
    if m.kind == Kind.NVLINK_ERROR:
        return True
    return m.kind == Kind.XID and bool(m.data.get("hardware")) and "NVLINK" in str(m.data.get("bucket", ""))


def _channel(text: str) -> str:
    """Where a line came from, as ingest prefixes it: ``kernel``, ``telemetry`` or ``job``."""
    return text.split(" ", 1)[0]


def _own_error_elsewhere(inc: Incident, node: str) -> bool:
    """The incident's program errors (an exception, an OOM: never a cascade) all came from other nodes.

    A rank's own error cannot be caused by another node's GPU or host breaking, nor can it break
    them: hard evidence on a node none of them came from is an independent fault.
    """
    own = [m for m in inc.marks.values() if m.kind in (Kind.EXCEPTION, Kind.CUDA_OOM)]
    nodes = {n for m in own for n in m.nodes}
    return bool(own) and all(m.nodes for m in own) and node not in nodes


def _slowed_together(inc: Incident, obs: Observation) -> bool:
    """A slow GPU whose node already has another GPU slowed in the incident, within ``SAME_GPU_FAULT_S``:
    one cause for the node (a power brake asserted by its supply, its cooling), not a neighbour's fault
    (holdout18, blind: a whole node's four GPUs power-braked to 382 MHz read as four incidents)."""
    if obs.kind != Kind.SLOW_GPU or obs.node is None:
        return False
    return any(
        m.node == obs.node and abs(obs.t - m.t) <= SAME_GPU_FAULT_S for m in inc.by_kind(Kind.SLOW_GPU)
    )


def _hard(obs: Observation) -> bool:
    """Evidence that names a node's own fault (not a peer's complaint, not a cascade)."""
    if obs.kind == Kind.XID:
        return bool(obs.data.get("hardware"))
    if obs.kind == Kind.CPU_LOCKUP:
        return bool(obs.data.get("hard"))  # a soft lockup also happens on a healthy node under load
    return obs.kind in HARD_KINDS


# Verdicts that say a restart repeats the failure (incidents.attribution.restart).
_DETERMINISTIC = frozenset({"fails_before_first_step", "repeats_after_restart"})
# How long after its incident went quiet a repeat of the program's failure in the same work (the owner's
# resubmission) still opens that incident again rather than a new one.
REPEAT_WINDOW_S = 6 * 3600.0
# The same error word for word in the same work is one fault for longer: the owner resubmits unchanged the
# next day (or after a weekend) and gets the same traceback. A week, the cycle an owner's ticket runs in.
SAME_ERROR_WINDOW_S = 7 * 24 * 3600.0
# What a node's hardware or link failing is (``Correlator._blamed_again``).
_NODE_FAULTS = frozenset({"network", "gpu_hardware", "gpu_degraded", "node_failure"})
# A stall inside a save joins a storage incident this recent (``Correlator._storage_of_save``).
SAVE_STALL_JOIN_S = 3600.0


def _save_stall(m: Mark) -> bool:
    phase = m.data.get("phase") if m.kind == Kind.HANG and isinstance(m.data, dict) else None
    return isinstance(phase, dict) and phase.get("phase") == ph.CHECKPOINTING


def _same_failure(inc: Incident, job: str, obs: Observation, where: str, step: Any) -> bool:
    """Whether the incident saw ``job`` fail the way ``obs`` says: a mark of the same kind, in the same
    phase (in the step loop, at the same step too: training is where everything happens)."""
    for m in inc.marks.values():
        phase = (
            m.data.get("phase") if m.job == job and m.kind == obs.kind and isinstance(m.data, dict) else None
        )
        if not isinstance(phase, dict) or phase.get("stopped_in", phase.get("phase")) != where:
            continue
        if where != ph.TRAINING or phase.get("step") == step:
            return True
    return False


def _variant_of(before: str, now: str) -> bool:
    """The same name, or one with a suffix after a separator (``-``, ``_``, ``.``) that the other lacks, or the
    same words once the parts holding a number are dropped (``_name_stem``: the sizes, counts and versions an
    owner varies between submissions, ``rl-ppo-hvd-192`` -> ``rl-ppo-hvd-128-nccl262``; holdout69, blind)."""
    if before == now:
        return True
    short, long_ = sorted((before, now), key=len)
    if len(short) >= 4 and long_.startswith(short) and long_[len(short)] in "-_.":
        return True
    stem = _name_stem(before)
    return len(stem) >= 2 and sum(map(len, stem)) >= 6 and stem == _name_stem(now)


_NAME_PARTS = re.compile(r"[-_.\s/]+")


def _name_stem(name: str) -> list[str]:
    """A job name's words without the parts that hold a digit (``rl-ppo-hvd-192`` -> ``[rl, ppo, hvd]``)."""
    return [w for w in _NAME_PARTS.split(name.lower()) if w and not any(c.isdigit() for c in w)]


def _ended_the_same(inc: Incident, job: str, obs: Observation) -> bool:
    """Whether the incident saw ``job`` end as ``obs`` says this attempt ended: failed before its first
    step with the same exit code, and no program error of the earlier attempt's to compare instead (the
    caller checks this attempt's own). holdout26, blind: every rank of a Horovod job died in MPI_Init on a
    64 KiB memlock limit, lines nothing explained, and the owner's rerun on two other nodes died there the
    same way."""
    code = obs.data.get("exit_code")
    marks = [m for m in inc.marks.values() if m.job == job]
    if any(_error_of(m.kind, m.data) is not None for m in marks):
        return False
    for m in marks:
        if m.kind != Kind.JOB_FAILED or not isinstance(m.data, dict):
            continue
        ended = m.data.get("ended_in")
        if isinstance(ended, dict) and ended.get("before_first_step") and m.data.get("exit_code") == code:
            return True
    return False


# A message this long names one error; a shorter one ("Exception: ", "RuntimeError: ") says little.
SAME_ERROR_MIN = 16


# CUDA's words for a kernel that died on the device with no reason the program could be told (cudaErrorUnknown,
# cudaErrorLaunchFailure; the driver API's CUDA_ERROR_UNKNOWN and CUDA_ERROR_LAUNCH_FAILED): what a GPU failing
# under a program gives it, not a program's own mistake (an illegal address, an assert, a bad argument).
_DEVICE_CUDA_ERRORS = (
    "unknown error",
    "unspecified launch failure",
    "CUDA_ERROR_UNKNOWN",
    "CUDA_ERROR_LAUNCH_FAILED",
)


def _device_crash_only(inc: Incident) -> bool:
    """Whether every program error of the incident is a CUDA error a failing device gives (and there is one)."""
    errors = inc.by_kind(Kind.EXCEPTION, Kind.CUDA_OOM)
    said = [m for m in errors if m.kind == Kind.CUDA_OOM or m.data.get("message")]
    # an exception with no message of its own (C++'s "terminate called after throwing an instance of
    # 'c10::CUDAError'") says what its "what():" line says
    return bool(said) and all(
        m.kind == Kind.EXCEPTION and any(w in str(m.data.get("message") or "") for w in _DEVICE_CUDA_ERRORS)
        for m in said
    )


def _error_of(kind: str, data: Any) -> tuple[str, str] | None:
    """(type, message) of the program's own exception, a CUDA out-of-memory error's included (the same
    allocation failing word for word, its sizes and the memory free: holdout34, blind: SegmenTron's OOM at
    epoch 212, iteration 35, the same 258.00 MiB after its resume from the epoch-211 checkpoint); None for
    anything else (a CUDA device error: the device may be at fault). The scheduler killing the job for
    exceeding its memory limit is its error too, the limit its message: the same request killed again
    (holdout40, blind: Coqui STT killed by Slurm's accounting at 512000000, and its owner's retry alike)."""
    if kind == Kind.HOST_OOM and isinstance(data, dict) and isinstance(data.get("limit"), int):
        return "MemoryLimitExceeded", f"the scheduler's memory limit of {data['limit']} bytes"
    if (
        kind not in (Kind.EXCEPTION, Kind.CUDA_OOM)
        or not isinstance(data, dict)
        or data.get("cuda_error") is not None
    ):
        return None
    etype, message = data.get("etype"), data.get("message")
    if not isinstance(etype, str) or not isinstance(message, str) or len(message.strip()) < SAME_ERROR_MIN:
        return None
    return etype, message.strip()


def _same_error(
    inc: Incident, job: str, errors: set[tuple[str, str]], attempt_of: dict[str, Any] | None
) -> bool:
    """Whether the incident holds one of ``errors`` raised by ``job``. A CUDA out-of-memory error counts only
    for another attempt of the same job (``attempt_of``: the phase of this attempt's error; None for another
    job), and not between an attempt that failed before its first step and one that trained (the memory a
    model takes to start is not the memory its training takes)."""
    for m in inc.marks.values():
        if m.job != job or _error_of(m.kind, m.data) not in errors:
            continue
        if m.kind != Kind.CUDA_OOM:
            return True
        if attempt_of is not None and not _started_apart(m.data.get("phase"), attempt_of):
            return True
    return False


def _started_apart(a: Any, b: Any) -> bool:
    """Both phases known, one before its first step and the other not."""
    if not isinstance(a, dict) or not isinstance(b, dict):
        return False
    known = all(p.get("phase") not in (None, ph.UNKNOWN) for p in (a, b))
    return known and bool(a.get("before_first_step")) != bool(b.get("before_first_step"))


def _failed_at_a_step(m: Mark) -> bool:
    """A program failure made in the step loop at a known step: what a later attempt stopping at the same
    step shows to be the same fault (``storms.merge_repeated_attempts``)."""
    if m.kind not in (Kind.EXCEPTION, Kind.CUDA_OOM) or not isinstance(m.data, dict):
        return False
    phase = m.data.get("phase")
    return isinstance(phase, dict) and phase.get("step") is not None


def awaits_repeat(inc: Incident, now: float) -> bool:
    """Whether a closed incident may still open again for the same error word for word in the same work
    (``Correlator._resubmission_of``), or take a later attempt that stopped at the same step
    (``storms.merge_repeated_attempts``): the program's, no node, one of its marks a program error or a
    failure at a known step, quiet less than ``SAME_ERROR_WINDOW_S``. The live state keeps such an incident
    past its usual forgetting, so a replay and a worker that took over decide the same (holdout28, blind: a
    CUDA OOM at step 1488, resubmitted and failing there again 8 h later)."""
    v = inc.verdict
    if inc.superseded_by or v is None or v.category != "software" or v.node is not None:
        return False
    if now - inc.updated_t > SAME_ERROR_WINDOW_S:
        return False
    return any(_error_of(m.kind, m.data) is not None or _failed_at_a_step(m) for m in inc.marks.values())


def remembered(inc: Incident, now: float) -> bool:
    """Whether the live state still holds ``inc`` at ``now``: open, quiet less than ``REPEAT_WINDOW_S``, or
    awaiting a repeat (``awaits_repeat``). A rule reaching back to earlier incidents reads only these, so a
    replay (which keeps everything) and a worker that took over the state decide alike."""
    return not inc.closed or now - inc.updated_t <= REPEAT_WINDOW_S or awaits_repeat(inc, now)


def _service(data: Any) -> str | None:
    """The remote service (its host, "" when unnamed) a storage error came from; None for a filesystem's."""
    return data.get("service") if isinstance(data, dict) else None


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
        # The pipeline wires this to the progress trackers: job -> time of its last progress line.
        self.last_progress: Callable[[str], float | None] | None = None
        # ... and to the jobs' phases: job -> time of its last step (a progress line or a beat of its cadence).
        self.last_step: Callable[[str], float | None] | None = None
        # ... and to the learned cadences: (job, template) -> time of that template's latest line.
        self.template_beat: Callable[[str, str], float | None] | None = None

    # --- routing ------------------------------------------------------------------------

    def _job_key(self, job: str) -> str:
        run = self.world.jobs.get(job)
        return f"{job}#{run.attempt if run else 0}"

    def evidence_since(self, job: str, nodes: Iterable[str], since: float) -> bool:
        """Whether anything was seen of the job or its nodes after ``since`` that no incident took yet."""
        if any(o.t > since for o in self.pending_job.get(self._job_key(job), ())):
            return True
        return any(o.t > since for node in nodes for o in self.pending_node.get(node, ()))

    def pending_since(self, nodes: Iterable[str], since: float, kind: str) -> Observation | None:
        """The first observation of ``kind`` on one of ``nodes`` after ``since`` that no incident took yet (a
        kernel record pending on its node: a process that died of a fault, a port that went down)."""
        found = [
            o for node in nodes for o in self.pending_node.get(node, ()) if o.kind == kind and o.t > since
        ]
        return min(found, key=lambda o: o.t) if found else None

    def raised_since(self, job: str, since: float) -> Observation | None:
        """The first error of the program a rank of ``job`` raised after ``since`` that no incident took yet
        (one rank's own exception: ``_exception_spread`` waits for a second node before it opens one)."""
        found = [
            o
            for o in self.pending_job.get(self._job_key(job), ())
            if o.kind in (Kind.EXCEPTION, Kind.CUDA_OOM) and o.t > since
        ]
        return min(found, key=lambda o: o.t) if found else None

    def _open(self, key: str | None) -> Incident | None:
        if key is None:
            return None
        inc = self.incidents.get(key)
        if inc is None or inc.closed or inc.superseded_by:
            return None
        return inc

    def observe(self, obs: Observation, changed: set[str]) -> None:
        """Fold one observation into the right incident (or pending); note what changed."""
        tail = (
            self._tail_of(obs)
            or self._same_gpu_fault(obs)
            or self._link_fault_of_job(obs)
            or self._failed_before_fault(obs)
        )
        if tail is not None:
            tail.add(obs)  # the blamed node still logging its known fault, or another report of it
            changed.add(tail.key)
            return
        jobs = self._jobs_of(obs)
        inc = self._find(obs, jobs)
        if inc is None:
            inc = (
                self._resubmission_of(obs)
                or self._landed_after(obs)
                or self._stuck_since_fault(obs)
                or self._outage_named(obs)
                or self._dark_node_incident(obs)
                or self._storage_of_save(obs)
                or self._blamed_again(obs)
                or self._flap_judged_again(obs)
                or self._landed_unrepaired(obs)
                or self._told_late(obs)
            )
            if inc is not None and inc.closed:
                inc.closed = False  # the same fault seen again: its incident opens again
        created = False
        if inc is None and self._raises(obs):
            inc, created = self._create(obs, jobs), True
        if inc is None:
            self._pend(obs)
            return
        self._attach(inc, obs, jobs, claim=created)
        changed.add(inc.key)

    def _jobs_of(self, obs: Observation) -> list[str]:
        """The jobs an observation is about: its own, or its node's (the running ones first)."""
        if obs.job:
            return [obs.job]
        if not obs.node:
            return []
        # Jobs that failed there recently matter only while nothing else runs on the node.
        return self.world.running_jobs_on(obs.node) or self.world.jobs_hit_on(obs.node, obs.t)

    def _find(self, obs: Observation, jobs: list[str]) -> Incident | None:
        node_inc = self._node_incident(obs, jobs) if obs.node else None
        job_inc = None
        for job in jobs:
            job_inc = self._open(self.by_job.get(self._job_key(job)))
            if job_inc is not None:
                break
        found = None
        if node_inc is not None and (job_inc is None or obs.job is None):
            found = node_inc
        elif job_inc is not None:
            found = job_inc
        elif obs.kind == Kind.FS_ERROR:
            return self._recent_infra(obs.t, _service(obs.data))
        if found is not None and (self._diverges(found, obs) or self._survived(found, obs)):
            return None
        return found

    def _resubmission_of(self, obs: Observation) -> Incident | None:
        """The open incident of an earlier attempt or submission of the same work that the program failed
        in the same place: one fault, and the proof that a restart repeats it, not a second incident.

        The same work: another attempt of the same job, or the owner's resubmission (same user, same job
        name) of one that no longer runs. The same place: both before their first step (a configuration,
        an environment), or the same failure (the kind of evidence) in the same phase of the job's own
        output, in the step loop at the same step (a stall in or right after an evaluation, a CUDA OOM
        while evaluating; holdout13, blind: a seq2seq evaluation's OOM after its
        owner's requeue; holdout19, blind: YOLACT stuck after its first mAP validation, resubmitted and
        stuck there again). Or, wherever it happened, the same error word for word: the same exception type
        with the same message (``SAME_ERROR_MIN`` characters at least, no CUDA device error), which this
        attempt raised or holds pending (holdout21, blind: fairseq's ``FloatingPointError: Minimum loss scale
        reached`` 25 min after the requeue resumed it from its checkpoint, on another node; its phase read
        as unknown in both attempts). Only while the earlier incident has the program as its cause (no
        node), open or closed less than ``REPEAT_WINDOW_S`` ago (then it opens again: the owner resubmits
        when they look), or ``SAME_ERROR_WINDOW_S`` for the same error word for word (holdout22, blind:
        TensorFlow's ``InternalError: unhandled system error`` from a 64 KiB memlock limit, resubmitted
        unchanged 18 h later), and only for the program's own kind of failure: hardware evidence is a new
        fault.
        """
        phase = obs.data.get("phase") if obs.job else None
        ended = None
        if obs.kind == Kind.JOB_FAILED and not isinstance(phase, dict):
            ended = obs.data.get("ended_in")  # the scheduler's end of a job that said nothing of its own
            phase = ended if isinstance(ended, dict) and ended.get("before_first_step") else None
        if not isinstance(phase, dict) or _hard(obs):
            return None
        run = self.world.jobs.get(obs.job or "")
        if run is None:
            return None
        errors = self._errors(obs)
        before = bool(phase.get("before_first_step"))
        where = phase.get("stopped_in", phase.get("phase"))
        if where in (None, ph.UNKNOWN) or (where == ph.TRAINING and phase.get("step") is None):
            where = None  # the step loop at no known step: no one place
        for inc in self.incidents.values():
            v = inc.verdict
            if inc.superseded_by or v is None or v.category != "software" or v.node is not None:
                continue
            quiet = obs.t - inc.updated_t if inc.closed else 0.0
            if quiet > SAME_ERROR_WINDOW_S or (quiet > REPEAT_WINDOW_S and not errors):
                continue
            deterministic = not before or v.pattern in _DETERMINISTIC
            for other in inc.jobs:
                if not self._same_work(other, run, inc):
                    continue
                if ended is not None:
                    if not errors and quiet <= REPEAT_WINDOW_S and _ended_the_same(inc, other, obs):
                        return inc
                    continue
                same_job = other == run.spec.id
                if errors and _same_error(inc, other, errors, phase if same_job else None):
                    return inc
                if not deterministic or quiet > REPEAT_WINDOW_S:
                    continue
                if before or (where is not None and _same_failure(inc, other, obs, where, phase.get("step"))):
                    return inc
        return None

    def _errors(self, obs: Observation) -> set[tuple[str, str]]:
        """The program's own errors (type, message) this attempt of ``obs``'s job raised: ``obs`` and what
        it holds pending (an exception waits for the job's end to raise its incident)."""
        if obs.job is None:
            return set()
        seen = [obs, *self.pending_job.get(self._job_key(obs.job), ())]
        return {e for o in seen if (e := _error_of(o.kind, o.data)) is not None}

    def _landed_after(self, obs: Observation) -> Incident | None:
        """A job's own report (no node named) from a job that landed on a blamed node (``_landed_on``),
        when nothing says the incident's verdict is not its cause (``_diverges``)."""
        if obs.job is None or obs.node is not None:
            return None
        inc = self._landed_on(obs.job)
        if inc is None or obs.t - inc.updated_t > self.close_after_s or self._diverges(inc, obs):
            return None
        return inc

    def _blamed_again(self, obs: Observation) -> Incident | None:
        """The incident, open or gone quiet less than ``REPEAT_WINDOW_S``, that blamed this node's hardware or
        link for the attempt of a job that still runs on it: the node's fault again, its drain and the job's
        move not carried out (an operator who did not approve them, a replay), not a second fault (holdout58,
        blind: gx-07's RoCE port flapping under FMS-FSDP, NCCL failing over; 80 minutes later its completion
        errors ended the job). So is the node's GPUs found unusable again at a new job's start, where the
        incident blamed the node for just that (holdout75, blind: a B200 node whose CUDA would not initialise
        under one owner's job, then under another's 26 minutes later)."""
        node = obs.node
        # the node's GPUs unusable again (``verdict.device_state_node``)
        state = bool(obs.data.get("device_state"))
        if node is None or not (
            obs.kind in ALWAYS_RAISE or obs.kind == Kind.IB_PORT_ERROR or _hard(obs) or state
        ):
            return None
        running = set(self.world.running_jobs_on(node))
        if obs.job is not None:
            running &= {obs.job}
        if not running:
            return None
        key = self.by_node.get(node)
        inc = self.incidents.get(key) if key else None
        if inc is None and state:
            inc = self._blaming_recently(node)  # a job's own error names no node to index the incident by
            key = inc.key if inc is not None else None
        if inc is None or inc.superseded_by or inc.verdict is None or inc.verdict.node != node:
            return None
        if inc.verdict.category not in _NODE_FAULTS or obs.t - inc.updated_t > REPEAT_WINDOW_S:
            return None
        if state and not _hard(obs) and not inc.verdict.pattern.startswith("cuda_device_state"):
            return None  # a program's device-state error meets a node blamed for it, nothing else
        if not any(self.by_job.get(self._job_key(j)) == key for j in running):
            # Another attempt of a job it holds (requeued onto the node again): a recurrence, its own incident, so
            # that the attempt gets its own requeue. A job it never held, placed on the node since, the node never
            # back from a repair (``node_returned`` unlinks it): the fault met again, not a second one (holdout69,
            # blind: job B failing on ga-07's GPU 5 22 minutes after job A's uncorrectable ECC error there).
            if any(j in inc.attempts for j in running):
                return None  # (another GPU of the node is a fault of its own: ``_diverges``)
        return None if self._diverges(inc, obs) else inc

    def _flap_judged_again(self, obs: Observation) -> Incident | None:
        """A link loss withdrawn as a flap its jobs rode out (``link_flap``), its node drained since by someone
        else (a site health check, an operator) for its network: the link did not come back whole. The incident
        opens again and is shown (holdout77, blind: an Azure ND H100 v5 node's IB port back ACTIVE 5 s after its
        loss but below its rate, the job 35 % slower; NHC's "No IB port mlx5_ib7:1 is ACTIVE (LinkUp 400 Gb/sec)"
        drained it 4 minutes later)."""
        if obs.kind != Kind.NODE_DRAINED or obs.node is None:
            return None
        if not NETWORK_REASON.search(str(obs.data.get("reason", ""))):
            return None
        inc = self._blaming_recently(obs.node)
        if (
            inc is None
            or inc.shown != "withdrawn"
            or inc.verdict is None
            or inc.verdict.category != "network"
        ):
            return None
        return inc if obs.t - inc.updated_t <= FLAP_RECHECK_S else None

    def _blaming_recently(self, node: str) -> Incident | None:
        """The latest of the last ``SAME_GPU_SCAN`` incidents whose verdict blames the node."""
        for inc in self._recent():
            if not inc.superseded_by and inc.verdict is not None and inc.verdict.node == node:
                return inc
        return None

    def _recent(self) -> Iterator[Incident]:
        """The last ``SAME_GPU_SCAN`` incidents, the newest first."""
        return islice(reversed(self.incidents.values()), SAME_GPU_SCAN)

    def _told_late(self, obs: Observation) -> Incident | None:
        """A job's word that a node failure ended it, for the attempt an incident gone quiet already holds: the
        scheduler's or slurmstepd's report of that incident's end, told late (a step's output flushed to the
        shared home once the network came back), not a new fault (holdout63, blind: a management switch lost,
        every node NOT_RESPONDING, one infrastructure incident; the three jobs' "CANCELLED ... DUE TO NODE
        FAILURE" lines came 41 minutes later). Not when the job went on after that incident (``_survived``) or
        hard evidence names another cause (``_diverges``)."""
        if obs.job is None or obs.kind not in (Kind.NODE_FAILURE_LINE, Kind.JOB_NODE_FAIL):
            return None
        inc = self.incidents.get(self.by_job.get(self._job_key(obs.job)) or "")
        if inc is None or inc.superseded_by or not inc.closed or obs.t - inc.updated_t > REPEAT_WINDOW_S:
            return None
        return None if self._survived(inc, obs) or self._diverges(inc, obs) else inc

    def _landed_unrepaired(self, obs: Observation) -> Incident | None:
        """The incident, open or gone quiet less than ``REPEAT_WINDOW_S``, that blamed the machine or the link of
        a node (``LANDED_VERDICTS``, or a network verdict) a job was placed on after it, the node never back
        from a repair since (``node_returned`` unlinks it): the job's failure there is that fault met again,
        not a new one (holdout60, blind: an RDMA check job placed on a GB200 node 35 minutes after its IB ports
        went down under a training job, refusing to run with "only 1/4 required IB ports are ACTIVE")."""
        run = self.world.jobs.get(obs.job) if obs.job is not None else None
        if run is None:
            return None
        for _, inc in self._blaming(run, LANDED_VERDICTS | {"network"}, quiet_too=True):
            if inc.attempts.get(run.spec.id, run.attempt) != run.attempt:
                continue  # (this attempt, taken when it landed there, is the one it meets the fault in)
            if obs.t - inc.updated_t > REPEAT_WINDOW_S or self._diverges(inc, obs):
                continue
            return inc
        return None

    def _stuck_since_fault(self, obs: Observation) -> Incident | None:
        """The incident, open or gone quiet, whose node fault this job's silence began with: the job ran on
        the node it blames, this attempt was hit by it, and its last line came before the fault (or within
        ``SPLIT_S`` of it). The stall is that fault's consequence found late (holdout21, blind: a MI50's
        uncorrectable error, then a job silent at start-up whose stall was confirmed 30 min later), not
        a second fault. A stall with its own hardware evidence, or after the job made progress past the
        fault, is not. The same tests as for the open incident (``_stall_on_blamed_node``), plus the time.
        The job's last line may also be the fault's own cascade that the incident took (holdout50, blind:
        CosyVoice2's ranks' watchdog timeouts 600 s after r5-03's completion errors, then 40 min of silence
        before the first step: the same stuck start-up, not a second fault)."""
        last = obs.data.get("last_progress_t")
        if obs.job is None or not isinstance(last, (int, float)):
            return None
        inc = self.incidents.get(self.by_job.get(self._job_key(obs.job)) or "")
        if inc is None or inc.superseded_by or not self._stall_on_blamed_node(inc, obs):
            return None
        cascade = max((m.t for m in inc.marks.values() if m.job == obs.job), default=inc.detected_t)
        return inc if float(last) <= max(inc.detected_t, cascade) + SPLIT_S else None

    def _same_work(self, other: str, run: JobRun, inc: Incident) -> bool:
        """Whether job ``other`` of ``inc`` is ``run``'s work: an earlier attempt of it, or an earlier
        submission of it by its owner (same user, same name, or the name with a variant's suffix the owner
        added, ``train-7b`` -> ``train-7b-bs1``) that no longer runs (holdout55, blind: T5X resubmitted as
        ``t5x-ul2-base-pretrain-bs1`` after its OOM at NCCL's initialisation, failing there again)."""
        if other == run.spec.id:
            return inc.attempts.get(other, run.attempt) != run.attempt
        prev = self.world.jobs.get(other)
        if prev is None or prev.state == "running" or not run.spec.user or not run.spec.name:
            return False
        if prev.spec.user != run.spec.user:
            return False
        return _variant_of(prev.spec.name, run.spec.name)

    def _survived(self, inc: Incident, obs: Observation) -> bool:
        """The job kept training well after its incident: what stops it now is a new fault.

        A straggler, a filesystem hiccup or a false alarm leaves the job running;
        peers' network errors or a failure much later are not that incident's cascade.
        """
        if obs.job is not None and obs.kind != Kind.HANG and self._stepped_since_stall(inc, obs.job):
            return True  # (a second silence of the same job is the same trouble coming back: it stays)
        if obs.job is None or self.last_progress is None:
            return False
        if not (obs.kind in ALWAYS_RAISE or obs.kind == Kind.IB_PORT_ERROR or _hard(obs)):
            return False
        if self._stall_on_blamed_node(inc, obs) or self._on_failed_local_fs(inc, obs):
            return False
        last = self.last_progress(obs.job)
        return last is not None and last > max(inc.updated_t, inc.detected_t) + SPLIT_S

    def _stepped_since_stall(self, inc: Incident, job: str) -> bool:
        """The incident is a stall of ``job`` alone (its silence, nothing of a machine), and the job has
        stepped again since the stall was called: the silence ended, and what the job does next (an
        exception, its end) is a fault of its own (holdout44, blind: LRANet's log silent for 22 min while
        its GPU worked, then stepping, then a device-side assert 3 s later: the program's, not the stall's)."""
        return inc.resumed_t is not None or self._resumed_at(inc, job) is not None

    def note_resumed(self, job: str) -> None:
        """Before the job's trackers go (it ended), keep on its stall incident whether the beat came back."""
        inc = self._open(self.by_job.get(self._job_key(job)))
        if inc is not None and inc.resumed_t is None:
            inc.resumed_t = self._resumed_at(inc, job)

    def _never_stepped_again(self, inc: Incident) -> bool:
        """The incident holds its jobs' stall, and none of them has progressed since it was called."""
        stalls = inc.by_kind(Kind.HANG)
        if not stalls or self.last_progress is None:
            return False
        called = max(m.t for m in stalls)
        return all((last := self.last_progress(j)) is None or last <= called for j in inc.jobs)

    def _resumed_at(self, inc: Incident, job: str) -> float | None:
        """When the beat a stall incident of ``job`` alone reported came back after the stall was called."""
        if inc.jobs != [job]:
            return None
        stalls = inc.by_kind(Kind.HANG)
        if (
            not stalls
            or any(m.job != job for m in stalls)
            or any(m.node is not None for m in inc.marks.values())
        ):
            return None
        called = max(m.t for m in stalls)
        for m in stalls:
            # The beat that stalled, beating again: not any other line the job prints meanwhile (an owner's
            # stack dumps every few seconds: holdout28, blind).
            cadence = m.data.get("cadence") if isinstance(m.data, dict) else None
            template = cadence.get("template") if isinstance(cadence, dict) else None
            if isinstance(template, str):
                last = self.template_beat(job, template) if self.template_beat is not None else None
            else:
                last = self.last_progress(job) if self.last_progress is not None else None
            if last is not None and last > called:
                return last
        return None

    def _stall_on_blamed_node(self, inc: Incident, obs: Observation) -> bool:
        """A silence with no cause of its own, in a job that still runs on the node its open incident
        blames: that node's fault caught up with the job (holdout4: a memory module's storm, then the
        job stalls minutes later), not a new fault."""
        v = inc.verdict
        if obs.kind not in (Kind.HANG, Kind.WATCHDOG_STUCK) or obs.node is not None or obs.job is None:
            return False
        if v is None or v.node is None or v.category not in NODE_VERDICTS:
            return False
        run = self.world.jobs.get(obs.job)
        return run is not None and v.node in run.spec.nodes and self._hit(inc, obs.job)

    def _on_failed_local_fs(self, inc: Incident, obs: Observation) -> bool:
        """A job's filesystem error, in an attempt the incident hit, on nodes all of which hold a local
        filesystem the incident saw fail (``Kind.LOCAL_FS_FAILURE``): the job read on from the page cache
        until it needed a block of the dead disk, and its error is that failure's, however much later
        (holdout50, blind: T2T trained on for 8 min after pn-07's NVMe scratch disk was removed, then
        failed on an EIO reading its shards from /scratch; not a shared filesystem's outage)."""
        if obs.kind != Kind.FS_ERROR or obs.job is None:
            return False
        failed = {m.node for m in inc.by_kind(Kind.LOCAL_FS_FAILURE) if m.node is not None}
        if obs.node is not None and obs.node not in failed:
            return False
        run = self.world.jobs.get(obs.job)
        return bool(failed) and run is not None and set(run.spec.nodes) <= failed and self._hit(inc, obs.job)

    def _hit(self, inc: Incident, job: str) -> bool:
        """Whether ``job``'s current attempt is one the incident hit (or was already running then)."""
        run = self.world.jobs.get(job)
        if run is None:
            return job in inc.attempts
        if job in inc.attempts:
            return inc.attempts[job] == run.attempt
        return run.started_t is None or run.started_t <= inc.detected_t

    def _node_incident(self, obs: Observation, jobs: list[str]) -> Incident | None:
        """The open incident the node is part of, if this observation can still be about it.

        Not when the node now runs work the incident never hit (a new job, or the
        same job's next attempt): that is a new fault on a node that was given
        back to service, even if an old incident once blamed it.
        """
        assert obs.node is not None
        inc = self._open(self.by_node.get(obs.node))
        if inc is None or obs.t - inc.updated_t > self.close_after_s:
            return None
        if obs.job is not None:
            if not self._hit(inc, obs.job) and self._landed_on(obs.job, obs.node) is not inc:
                return None
        else:
            for job in self.world.running_jobs_on(obs.node):
                if not self._hit(inc, job) and self._landed_on(job, obs.node) is not inc:
                    return None
        return inc

    def landed(self, job: str, t: float, changed: set[str]) -> None:
        """A job started on a node whose open incident blames that node's hardware or link (``NODE_VERDICTS``),
        its drain not done yet: the job meets the fault the incident names, and the incident takes it, so that
        its recovery moves it too (holdout60, blind: a training job placed on the node whose GPU had just
        failed the site's dcgmi diag PCIe test, the sweep having left it in service)."""
        run = self.world.jobs.get(job)
        if run is None:
            return
        for node, inc in self._blaming(run, NODE_VERDICTS):
            v = inc.verdict
            if job in inc.attempts or v is None:
                continue
            text = f"job {job} started on {node}, which this incident blames ({v.category}), before its drain"
            obs = Observation(t, Kind.LANDED, node, job, v.gpu, None, text, {"blamed": node})
            self._attach(inc, obs, [job])
            changed.add(inc.key)
            return

    def _landed_on(self, job: str, node: str | None = None) -> Incident | None:
        """The open incident whose verdict blames a machine (``LANDED_VERDICTS``) that ``job`` started on
        after the incident was raised, the node never back in service since (``node_returned`` drops it
        from ``by_node``): its drain not done yet, the job landed on the known fault. What it meets there
        is that fault again, not a new one (holdout13, holdout29, holdout37, holdout43, blind: the owner's
        next job, or an admin's test, placed on the broken GPU's node minutes later and failing at its
        start). A node given back to service starts clean, as before. ``node``: only that node of the job."""
        run = self.world.jobs.get(job)
        if run is None:
            return None
        nodes = None if node is None else ((node,) if node in run.spec.nodes else ())
        return next(
            (inc for _, inc in self._blaming(run, LANDED_VERDICTS, nodes) if job not in inc.attempts), None
        )

    def _blaming(
        self,
        run: JobRun,
        categories: frozenset[str],
        nodes: tuple[str, ...] | None = None,
        quiet_too: bool = False,
    ) -> Iterator[tuple[str, Incident]]:
        """Each node and the incident whose verdict (one of ``categories``) blames a node of ``run`` (or of ``nodes``),
        raised before the run started: open ones, or also those gone quiet with ``quiet_too``. A node given
        back to service (``node_returned``) is no longer linked to it."""
        if run.started_t is None:
            return
        for n in run.spec.nodes if nodes is None else nodes:
            key = self.by_node.get(n)
            inc = self.incidents.get(key or "") if quiet_too else self._open(key)
            v = inc.verdict if inc is not None else None
            if inc is None or v is None or inc.superseded_by or v.node != n or v.category not in categories:
                continue
            if run.started_t > inc.detected_t:
                yield n, inc

    def _diverges(self, inc: Incident, obs: Observation) -> bool:
        """Hard evidence, well after the incident began, of a cause its verdict does not allow.

        A job that keeps running after its incident (a straggler, a filesystem
        hiccup, a fault that spared it) can be hit again later: a broken GPU on
        another node, another GPU of the blamed node, a host going down while the
        incident blamed shared storage. That is a new fault, not a new verdict for
        the old one; a cascade (seconds apart, or refining a verdict that named no
        node) still folds in.
        """
        v = inc.verdict
        if v is None or obs.node is None:
            return False
        if obs.kind == Kind.CUDA_OOM and v.category in NODE_VERDICTS and v.node not in (None, obs.node):
            return True  # a rank ran out of memory on a healthy node: the program's own, a second fault
        if not _hard(obs):
            return False
        if self._silence_on(inc, obs.node):
            # The incident is only a silence (a stall, a start that never stepped) of jobs on this node: the
            # node's own failure is what it was (holdout45, blind: a CI job silent at start on a node that
            # went NOT_RESPONDING 73 s after the stall was called).
            return False
        late = obs.t - inc.detected_t >= SPLIT_S
        if (
            v.category == "software"
            and v.pattern not in WEAK_SOFTWARE
            and _own_error_elsewhere(inc, obs.node)
        ):
            return True  # the program failed on its own on other nodes: a machine breaking here is a second fault
        if v.category == "infrastructure" or (v.category == "software" and v.pattern not in WEAK_SOFTWARE):
            return late  # the application, or storage, explained it: a GPU or host breaking later is new
        if v.node is None or v.category not in NODE_VERDICTS:
            return False  # a hang or an unexplained failure: hard evidence is what explains it
        if v.node != obs.node:
            # A broken GPU or a dead host makes no other node break; only a network verdict
            # (peers' blame) may still move to the node whose own port went down.
            return late or v.category != "network"
        other_gpu = obs.gpu is not None and v.gpu is not None and obs.gpu != v.gpu
        cls = _hard_class(obs)
        if v.category == "gpu_degraded":
            if other_gpu and _slowed_together(inc, obs):
                return False  # several GPUs of one node slowed at once: the node's power or cooling
            if cls == "node_failure" and self._never_stepped_again(inc):
                # The host of the slowed GPU lost under the job that stalled on it and never stepped again: the same
                # fault running its course (holdout106, blind: a blower RTX 3090 held by thermal slowdown, the job
                # stalled on it, the host frozen 12 minutes later: one incident, not a second fault)
                return False
            return other_gpu or (late and cls != "gpu_degraded")  # a hot GPU does not break its neighbour
        if not late:
            return False
        if v.category == "gpu_hardware":
            return other_gpu
        if v.category == "network" and cls == "gpu_hardware" and self._blamed_by_peers_only(inc, obs):
            # Peers lost the node's ranks and named it; its own record of why came later (a late log
            # collector, a driver slow to declare the GPU lost): a rank whose GPU fell off the bus is
            # exactly the "remote process exited" its peers print (holdout40, blind: Alpaca's peers' IB
            # error 12 naming ada-07, whose Xid 79 reached the log 212 s later).
            return False
        # A host or link verdict: Slurm's DOWN refines it; a GPU breaking later is a fault of its own.
        return cls in ("gpu_hardware", "gpu_degraded")

    def _silence_on(self, inc: Incident, node: str) -> bool:
        """Whether the incident holds nothing but silences of its jobs, one of which runs on ``node``."""
        if not inc.marks or any(m.kind != Kind.HANG for m in inc.marks.values()):
            return False
        return any((run := self.world.jobs.get(j)) is not None and node in run.spec.nodes for j in inc.jobs)

    def _blamed_by_peers_only(self, inc: Incident, obs: Observation) -> bool:
        """Whether a network incident names its node only by its peers' words (no port error of the
        node's own), and ``obs`` comes within ``PEER_BLAME_REFINE_S`` of it."""
        if obs.t - inc.detected_t > PEER_BLAME_REFINE_S or not inc.by_kind(Kind.IB_BLAME):
            return False
        return not any(m.node == obs.node for m in inc.by_kind(Kind.IB_PORT_ERROR))

    def _tail_of(self, obs: Observation) -> Incident | None:
        """The closed incident that blamed this node, if it runs nothing now and the line is its fault's.

        After the blamed node's jobs restarted elsewhere the incident is closed, but
        the node (drained, or waiting for a technician) may still log its fault: a
        DOWN from Slurm, the same Xid again. That is the known fault, not a new one.
        """
        if obs.job is not None or obs.node is None or self.world.running_jobs_on(obs.node):
            return None
        key = self.by_node.get(obs.node)
        inc = self.incidents.get(key) if key else None
        if inc is None or inc.superseded_by or inc.verdict is None or inc.verdict.node != obs.node:
            return None
        if obs.t - inc.updated_t > self.close_after_s:
            return None
        v = inc.verdict
        if obs.gpu is not None and v.gpu is not None and obs.gpu != v.gpu and _hard(obs):
            return None
        return None if self._diverges(inc, obs) else inc

    def _same_gpu_fault(self, obs: Observation) -> Incident | None:
        """The incident that already holds this GPU's fault, reported through another channel.

        One broken GPU speaks through several channels: the kernel's Xid, DCGM's or
        NVML's ECC counter and Xid field, a row-remap failure, the job's own CUDA error,
        each read on its own schedule. Within ``SAME_GPU_FAULT_S`` of hard GPU evidence
        for the same node and GPU (or a GPU one of them could not name), a signal of a
        kind or channel the incident does not hold yet is the same fault, even when the
        job it hit was requeued onto the node meanwhile: one incident, one drain. The
        same signal again from the same channel after a restart is a recurrence, and
        is left to the rules above.
        """
        if obs.node is None or not _gpu_fault(obs.kind, obs.data):
            return None
        said = (obs.kind, _channel(obs.text))
        # A rank's own CUDA error placed by rank arithmetic may be any node of its job's (torchrun numbers the
        # nodes as they join its rendezvous): the same GPU index's fault on one of them, hitting this job, is it
        # (holdout63, blind: rank 27's "uncorrectable ECC error" 1 s after hp-011's Xid 48 on GPU 3, rank 27
        # placed on hp-012 by the Slurm order).
        # Its GPU index is as much arithmetic as its node (rank modulo the tasks per node, where a launcher may
        # label by node or bind ranks otherwise): a GPU fault on a node of its job in the same seconds is it
        # whatever index the rank's number gives (holdout132, blind: Xid 48 on hx05 GPU 0, then "2: RuntimeError:
        # CUDA error: uncorrectable ECC error encountered" placed by arithmetic on hx03 GPU 2, drained beside it).
        run = self.world.jobs.get(obs.job or "") if obs.data.get("node_by_rank") else None
        nodes = set(run.spec.nodes) if run is not None else {obs.node}
        for inc in self._recent():
            if inc.superseded_by:
                continue
            same_gpu = [
                m
                for m in inc.marks.values()
                if _gpu_fault(m.kind, m.data)
                and (
                    (m.node == obs.node and (m.gpu is None or obs.gpu is None or m.gpu == obs.gpu))
                    or (run is not None and m.node in nodes and obs.job in inc.jobs)
                )
            ]
            if not any(abs(obs.t - m.t) <= SAME_GPU_FAULT_S for m in same_gpu):
                continue
            if any((m.kind, _channel(m.text)) == said and m.node == obs.node for m in same_gpu):
                return None  # heard from this channel on this node already: not another report of it
            return inc
        return self._echo_of_driver_fault(obs)

    def _echo_of_driver_fault(self, obs: Observation) -> Incident | None:
        """The incident of the job whose GPU fault its driver or its counters reported on another node, within
        ``SAME_GPU_FAULT_S``, when ``obs`` is only a rank's own CUDA error text on a node nothing but the job's words
        accuse: ranks on other nodes rethrow the communicator's error in the words of the GPU that broke (holdout101,
        blind: rm-01 GPU 2's Xid 48 and 64, then rank 9 on rm-02 printing "watchdog thread terminated with exception:
        CUDA error: uncorrectable ECC error encountered"; rm-02 was drained beside rm-01)."""
        if obs.job is None or _channel(obs.text) != "job" or "watchdog" not in obs.text.lower():
            return None  # (only the watchdog's rethrow: a rank's own CUDA error is its own GPU's, holdout63)
        for inc in self._recent():
            if inc.superseded_by or obs.job not in inc.jobs:
                continue
            own = [m for m in inc.marks.values() if _gpu_fault(m.kind, m.data) and _channel(m.text) != "job"]
            if any(m.node == obs.node for m in own):
                return None  # the driver spoke on this node too: the rules above decide
            if any(m.node is not None and abs(obs.t - m.t) <= SAME_GPU_FAULT_S for m in own):
                return inc
        return None

    def _link_fault_of_job(self, obs: Observation) -> Incident | None:
        """A rank's CUDA error saying an NVLink failed (cudaErrorNvlinkUncorrectable) within
        ``SAME_GPU_FAULT_S`` of an NVLink fault a GPU's own driver reported (an NVLink-class Xid or counter) on
        a node of the same job: that fault, seen from the other end of the link. Every rank that used the
        link gets the error on its own GPU, whichever node it runs on, in an NVLink domain of many trays too
        (holdout77, blind: a GB200 tray's Fatal Xid 149 on GPU 0; ranks 24, 40 and 48 on three trays erring
        "uncorrectable NVLink error" a second later, each raised as a broken GPU of its own)."""
        if not obs.data.get("nvlink") or obs.job is None:
            return None
        run = self.world.jobs.get(obs.job)
        nodes = set(run.spec.nodes) if run is not None else set()
        for inc in self._recent():
            if inc.superseded_by or obs.job not in inc.jobs:
                continue
            if any(
                m.node in nodes and _nvlink_fault(m) and abs(obs.t - m.t) <= SAME_GPU_FAULT_S
                for m in inc.marks.values()
            ):
                return inc
        return None

    def _failed_before_fault(self, obs: Observation) -> Incident | None:
        """The incident of a job that failed on this node shortly before its GPU's hardware evidence came,
        which named no machine: the program crashed on the GPU, and the kernel's record of the GPU came
        later (holdout37, blind: TensorFlow's CUDA_ERROR_LAUNCH_FAILED aborting a job, a PCIe completion
        timeout on that GPU 52 s later, two other owners' jobs on the node's other GPUs running on). Only a
        job whose program said nothing understood (it died with an exit code alone), or only a CUDA error a
        failing device gives (``_DEVICE_CUDA_ERRORS``; holdout42, blind: CUDA's "unknown error", the BMC's
        bus error 2 min later): one that raised its own error is its own failure, and the GPU's record may
        be a running neighbour's (the soak: a program's exception, then a Xid 79 under the next job on that
        node)."""
        gpu_hw = obs.kind in GPU_HARDWARE_KINDS or (obs.kind == Kind.XID and bool(obs.data.get("hardware")))
        node_hw = obs.kind in NODE_HARD_KINDS
        if obs.node is None or not (gpu_hw or node_hw):
            return None
        for job in self.world.jobs_hit_on(obs.node, obs.t, FAILED_BEFORE_FAULT_S):
            run = self.world.jobs.get(job)
            if run is None:
                continue
            inc = self._open(self.by_job.get(self._job_key(job)))
            v = inc.verdict if inc is not None else None
            if inc is None or v is None or v.node is not None:
                continue
            if run.state == "running" or run.ended_t is None or run.ended_t > obs.t:
                # Still running, its processes stuck: a CUDA error a failing device gives, and then the node
                # itself gone (holdout56, blind: "CUDA error: unknown error" in NCCL's watchdog, the job
                # silent, and 3 min later jean-zay-iam15 NOT_RESPONDING, the job NODE_FAIL).
                if (
                    node_hw
                    and _device_crash_only(inc)
                    and 0 <= obs.t - inc.detected_t <= FAILED_BEFORE_FAULT_S
                ):
                    return inc
                continue
            if v.pattern in _SAID_NOTHING or _device_crash_only(inc):
                return inc
        return None

    def has_evidence(self, job: str) -> bool:
        """Whether the job's current attempt has an incident or a failed task on record."""
        jk = self._job_key(job)
        if self._open(self.by_job.get(jk)) is not None:
            return True
        return any(
            o.kind in (Kind.TASK_EXIT, Kind.EXCEPTION, Kind.CUDA_OOM, Kind.HOST_OOM)
            for o in self.pending_job.get(jk, ())
        )

    def cancelled_while_stuck(self, job: str) -> bool:
        """Whether the job's current attempt was held by an open incident that names a machine (a node, or a
        GPU's Xid) and had not stepped since it was found: cancelling it then is clearing away a job the fault
        already stopped, not ending one that worked (holdout45 and holdout46, blind: jobs hung by a GPU's page
        faults and by a GPU lost from the bus, cancelled by their owners minutes to hours later; each to be
        requeued without the GPU's node)."""
        inc = self._open(self.by_job.get(self._job_key(job)))
        if inc is None:
            return False
        v = inc.verdict
        if (v is None or v.node is None) and not inc.by_kind(Kind.XID):
            return False  # no machine in it: the owner ended a job of its own trouble (told, not requeued)
        stepped = self.last_step(job) if self.last_step is not None else None
        return stepped is None or stepped <= inc.detected_t

    def killed_for_memory(self, job: str) -> bool:
        """Whether the scheduler's memory enforcement killed the job's current attempt (slurmstepd's
        "exceeded memory limit ..., being killed"): it then ends CANCELLED, though nobody cancelled it."""
        jk = self._job_key(job)
        inc = self._open(self.by_job.get(jk))
        marks = list(inc.marks.values()) if inc is not None else []
        return any(
            o.kind == Kind.HOST_OOM and o.data.get("limit_kill")
            for o in [*marks, *self.pending_job.get(jk, ())]
        )

    def _recent_infra(self, t: float, service: str | None = None) -> Incident | None:
        """An open incident of the last ``storm_window_s`` whose jobs saw filesystem errors, or, for a
        remote service's error (``service``: its host), that service's errors: a model hub answering
        504 and a mount gone are two shared things, not one."""
        for inc in reversed(list(self.incidents.values())):
            if inc.closed or inc.superseded_by or t - inc.updated_t > self.storm_window_s:
                continue
            if inc.verdict is not None and inc.verdict.node is not None:
                continue  # already explained by a node of its own
            for m in inc.marks.values():
                if m.kind == Kind.FS_KERNEL and service is None:
                    return inc
                if m.kind == Kind.FS_ERROR and _service(m.data) == service:
                    return inc
        return None

    def _dark_node_incident(self, obs: Observation) -> Incident | None:
        """The open incident already blaming the one node a stall says went dark: that node's fault seen
        through another of its jobs, not a second fault (holdout24, blind: a two-node job's monitored
        barrier named the node's rank first, then a one-node job on it stalled with its telemetry)."""
        dark = obs.data.get("dark_nodes") if obs.kind == Kind.HANG else None
        if not isinstance(dark, list) or len(dark) != 1:
            return None
        node = str(dark[0])
        for inc in reversed(list(self.incidents.values())):
            if inc.closed or inc.superseded_by or inc.verdict is None or inc.verdict.node != node:
                continue
            if obs.t - inc.updated_t <= self.close_after_s:
                return inc
        # ... or the open stall, naming no node yet, of another job on that node: the same stop seen first
        # through the job that beats faster (holdout43, blind: Caffe's 31 s beat stalled on gpu-2-12 two
        # minutes before its neighbour's 96 s beat, whose stall found the node dark); or an incident of a
        # job on that node raised in this same batch, not decided yet (holdout24: a barrier naming the node's
        # rank, the same second).
        for inc in reversed(list(self.incidents.values())):
            if inc.closed or inc.superseded_by or obs.t - inc.updated_t > self.close_after_s:
                continue
            undecided = inc.verdict is None
            stall = (
                inc.verdict is not None
                and inc.verdict.node is None
                and bool(inc.by_kind(Kind.HANG))
                and all(m.kind == Kind.HANG for m in inc.marks.values())  # nothing but the silence
            )
            if (
                (undecided or stall)
                and inc.jobs
                and all(
                    (run := self.world.jobs.get(job)) is not None and node in run.spec.nodes
                    for job in inc.jobs
                )
            ):
                return inc
        return None

    def _storage_of_save(self, obs: Observation) -> Incident | None:
        """The incident of shared storage failing, open or quiet less than ``SAVE_STALL_JOIN_S``, that a stall
        inside a checkpoint save joins: a save stalls on the storage it writes to, and storage already failing
        (a filesystem's error, its clients' kernel records, another save stalled) is that storage, not a
        second fault (holdout38, blind: a LeRobot job's checkpoint PUT failing on a throttled S3 mount, a
        fairseq2 job's save on it stuck four minutes later; holdout56: a Theano job's pickles to GPFS, stuck
        again at its next save during the same LUN rebuild)."""
        phase = obs.data.get("phase") if obs.kind == Kind.HANG else None
        if not isinstance(phase, dict) or phase.get("phase") != ph.CHECKPOINTING:
            return None
        for inc in reversed(list(self.incidents.values())):
            if inc.superseded_by or obs.t - inc.updated_t > SAVE_STALL_JOIN_S:
                continue
            v = inc.verdict
            if v is None or v.category != "infrastructure" or v.node is not None:
                continue
            if any(m.kind in (Kind.FS_ERROR, Kind.FS_KERNEL) or _save_stall(m) for m in inc.marks.values()):
                return inc
        return None

    def _outage_named(self, obs: Observation) -> Incident | None:
        """The incident of shared storage failing whose clients' kernels named the filesystem a job's own
        output named failing right before the job failed (``named_fs``), open or quiet less than
        ``REPEAT_WINDOW_S``: nothing said the storage came back, and the job is one more of its victims
        (holdout23, blind: Lustre clients evicted cluster-wide, two jobs hung in their image import for
        100 minutes, then a health check refusing I/O as "Lustre client on gpu-00 is not healthy" and
        exiting 1, two hours after the kernels' last word). A path in a traceback is not a name
        (``logs.failing_filesystem``)."""
        fs = obs.data.get("named_fs") if obs.kind == Kind.JOB_FAILED else None
        if not fs:
            return None
        for inc in reversed(list(self.incidents.values())):
            if inc.superseded_by or (inc.closed and obs.t - inc.updated_t > REPEAT_WINDOW_S):
                continue
            if (
                inc.verdict is None
                or inc.verdict.category != "infrastructure"
                or inc.verdict.node is not None
            ):
                continue
            if any(m.kind == Kind.FS_KERNEL and m.data.get("fs") == fs for m in inc.marks.values()):
                return inc
        return None

    def _raises(self, obs: Observation) -> bool:
        kind = obs.kind
        if obs.data.get("weak"):
            return False  # evidence that joins a fault it explains, raising nothing alone (a bus's corrected error)
        if obs.data.get("thread"):
            # A background thread died of it (Python's "Exception in thread NAME:"): the program goes on
            # (a metrics uploader's HTTP error); evidence for the job's incident if something stops it.
            return False
        if obs.job is not None:
            run = self.world.jobs.get(obs.job)
            if run is not None and run.state in ("ended", "cancelling"):
                return False  # teardown chatter of a job that completed or was cancelled
        if kind == Kind.BARRIER_MISSING and obs.data.get("warning"):
            return False  # a stall inspector's warning names ranks; a stall found otherwise raises
        if kind in ALWAYS_RAISE:
            return True
        if kind == Kind.XID:
            return bool(obs.data.get("hardware")) and not self._kernel_said_nonfatal(obs)
        if kind == Kind.IB_PORT_ERROR:
            # NCCL's own "port error" is raised, and so is the kernel's link-down of an
            # InfiniBand port under a running job; an Ethernet port (maybe management)
            # going down only joins the incident that NCCL errors open.
            if obs.job is not None:
                return True
            return bool(obs.data.get("fabric")) and bool(obs.node and self.world.running_jobs_on(obs.node))
        if kind == Kind.TASK_EXIT:
            return not obs.data.get("cascade")
        if kind == Kind.CPU_LOCKUP:
            return bool(obs.data.get("hard"))  # the NMI watchdog: a CPU took no interrupt for seconds
        if kind == Kind.IOMMU_FAULT:
            return bool(obs.node and self.world.running_jobs_on(obs.node))  # a GPU at work, its DMA refused
        if kind == Kind.LAUNCH_ERROR:
            return True  # the step never ran its program: nothing else will explain the failure
        if kind == Kind.SHARED_SLOWDOWN:
            return True  # owners' jobs slowing together: one incident spans them (shared_slowdown)
        if kind in (Kind.HUNG_TASK, Kind.FS_KERNEL):
            return self._stalled_on_storage(obs)
        if kind == Kind.EXCEPTION and obs.job:
            return self._exception_spread(obs)
        if kind == Kind.SITE_RULE:
            return bool(obs.data.get("raises"))  # the admin said a match is a fault on its own
        return False

    def _kernel_said_nonfatal(self, obs: Observation) -> bool:
        """An exporter's Xid number (``DCGM_FI_DEV_XID_ERRORS``: the number alone) that the node's kernel already
        printed for the same GPU within ``NODE_PENDING_S``, calling the interrupt nonfatal (an NVLink5-class
        Xid's severity, ``xid.nvlink5_severity``): the same event read again, not a fatal one (holdout74,
        blind: one "Xid 144, SAW_MVB Nonfatal" on a GB200 tray, its exporter's copy 5 minutes later raising
        an incident of its own)."""
        if not obs.data.get("telemetry") or obs.node is None:
            return False
        return any(
            o.kind == Kind.XID
            and o.data.get("xid") == obs.data.get("xid")
            and o.gpu == obs.gpu
            and o.data.get("severity") == "Nonfatal"
            for o in self.pending_node.get(obs.node, ())
        )

    def _stalled_on_storage(self, obs: Observation) -> bool:
        """A task of a node running a job is blocked, and the node's filesystem client lost its server.

        Either record alone is common and often harmless (a slow save hangs a task for two
        minutes; a client retries a server that comes back). A hung task whose stack is in a
        network filesystem, or a hung task and a lost server on the same node within
        ``NODE_PENDING_S``, is the job waiting on storage.
        """
        if not obs.node or not self.world.running_jobs_on(obs.node):
            return False
        if obs.kind == Kind.HUNG_TASK and obs.data.get("fs"):
            return True
        if obs.kind == Kind.FS_KERNEL and self._server_lost_elsewhere(obs):
            # A loss its client reports the end of raises once it lasted (``Ingest._held_losses``: an NFS
            # server's blip, "OK" 40 s later, hurt no one; holdout62, blind)
            return not kern.recoverable(obs.data) or bool(obs.data.get("held"))
        other = Kind.FS_KERNEL if obs.kind == Kind.HUNG_TASK else Kind.HUNG_TASK
        return any(
            o.kind == other and abs(obs.t - o.t) <= NODE_PENDING_S
            for o in self.pending_node.get(obs.node, ())
        )

    def _server_lost_elsewhere(self, obs: Observation) -> bool:
        """The clients of another node running a job lost the same filesystem server within
        ``SHARED_LOSS_S``: one client losing its server is often a blip; several at once is the server."""
        name = obs.data.get("name")
        if not name:
            return False
        key = (obs.data.get("fs"), name)
        for node, seen in self.pending_node.items():
            if node == obs.node or not self.world.running_jobs_on(node):
                continue
            if any(
                o.kind == Kind.FS_KERNEL
                and (o.data.get("fs"), o.data.get("name")) == key
                and abs(obs.t - o.t) <= SHARED_LOSS_S
                for o in seen
            ):
                return True
        return False

    def _exception_spread(self, obs: Observation) -> bool:
        """The same exception from ranks on two nodes (or two ranks of a one-node job), or one finding that
        already says every node of the job (``data["every_node"]``)."""
        assert obs.job is not None
        if obs.data.get("every_node"):
            return True
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
        run = self.world.jobs.get(obs.job or (jobs[0] if jobs else ""))
        inc.origin = origin_of(obs, run.attempt if run else 0)
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
            if p.node and self._node_specific(p) and self._open(self.by_node.get(p.node)) is None:
                self.by_node[p.node] = inc.key

    def _attach(self, inc: Incident, obs: Observation, jobs: list[str], claim: bool = False) -> None:
        """Fold the observation in; ``claim``: a new fault takes over its jobs' later evidence."""
        inc.add(obs)
        if obs.job is None and not claim:
            # A node's line names no job: it hits the node's jobs whose attempt no other incident holds.
            jobs = [j for j in jobs if self._open(self.by_job.get(self._job_key(j))) in (None, inc)]
        for job in jobs:
            if job not in inc.jobs:
                inc.jobs.append(job)
            run = self.world.jobs.get(job)
            inc.attempts.setdefault(job, run.attempt if run else 0)
            jk = self._job_key(job)
            if claim or self._open(self.by_job.get(jk)) is None:
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
            Kind.FS_KERNEL,  # a shared filesystem's client error: about the filesystem, not the node
            Kind.HUNG_TASK,  # a task waiting (often on storage): about what it waits on, not the node
            Kind.WATCHDOG_STUCK,
            Kind.BARRIER_MISSING,
            Kind.CUDA_OOM,
            Kind.HANG,
            Kind.STRAGGLER,
            Kind.LANDED,
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
        """A new attempt: the old attempt's incident takes no more job evidence.

        Once every job it hit has moved on (started again, or ended), the incident
        closes: whatever happens next, even on the same node, is a new incident
        (a recurrence, if it blames the same node again).
        """
        old_key = f"{job}#{old_attempt}"
        inc = self._open(self.by_job.pop(old_key, None))
        self.pending_job.pop(old_key, None)
        self.exc_nodes.pop(old_key, None)
        if inc is None:
            return
        culprit = inc.verdict.node if inc.verdict else None
        if culprit is None or culprit in new_nodes or self._all_moved_on(inc):
            inc.closed = True

    def _all_moved_on(self, inc: Incident) -> bool:
        for job in inc.jobs:
            run = self.world.jobs.get(job)
            if run is None:
                continue
            if run.attempt == inc.attempts.get(job, run.attempt) and run.state == "running":
                return False
        return True

    def found_since(self, node: str, since: float) -> bool:
        """Whether the incident that blames the node was found after ``since``, while it was out of service for
        something else (maintenance, a drain by someone else): not the node going down, which is the fault
        itself and what its repair answers."""
        key = self.by_node.get(node)
        inc = self.incidents.get(key) if key else None
        if inc is None or inc.detected_t <= since or inc.verdict is None or inc.verdict.node != node:
            return False
        return not inc.by_kind(Kind.NODE_DOWN)

    def node_returned(self, node: str, t: float, since: float | None = None) -> None:
        """Slurm shows the node in service again (repaired, resumed): it starts with a clean slate, unless what
        blamed it was found only after it went out of service (``since``): resumed from the maintenance the
        fault was found in, the fault was never repaired (holdout83, blind: a node drained for a driver update,
        its GPU 0 failing RmInitAdapter at the reboot, resumed without another, and the next job's rank on
        that GPU failing with the same records: one fault, not a recurrence)."""
        if since is not None and self.found_since(node, since):
            return
        key = self.by_node.pop(node, None)
        self.pending_node.pop(node, None)
        inc = self.incidents.get(key) if key else None
        if inc is None or inc.closed or inc.verdict is None or inc.verdict.node != node:
            return
        if self._all_moved_on(inc):  # (a job of it still running elsewhere keeps its cascade here)
            inc.closed = True

    def close_quiet(self, now: float) -> None:
        for inc in self.incidents.values():
            if (
                not inc.closed
                and now - inc.updated_t > self.close_after_s
                and not self._still_stalled(inc)
                and not self._still_dragged(inc)
            ):
                inc.closed = True

    def _still_dragged(self, inc: Incident) -> bool:
        """A slow GPU the incident reported still drags the job it found slowed: the same attempt runs on its
        node. Such an incident is not quiet: its GPU stays slow whether or not it is sampled again, and its
        next slow run is the same fault, not a recurrence (holdout53, blind: BLOOM's A100 at 0.9x for
        2 h 15 min, raised a second time 90 minutes after the first)."""
        nodes = {m.node for m in inc.by_kind(Kind.SLOW_GPU) if m.node}
        if not nodes:
            return False
        for job in inc.jobs:
            run = self.world.jobs.get(job)
            if run is None or run.state != "running" or run.attempt != inc.attempts.get(job, run.attempt):
                continue
            if nodes & set(run.spec.nodes):
                return True
        return False

    def _still_stalled(self, inc: Incident) -> bool:
        """A stall the incident reported still holds: the same attempt runs and has not stepped since.

        Such an incident is not quiet, only silent: what ends the stall (the owner's interrupt an
        hour later, the scheduler's time limit) is its end, not a new fault.
        """
        if self.last_step is None:
            return False
        for m in inc.by_kind(Kind.HANG):
            job = m.job
            run = self.world.jobs.get(job) if job else None
            last = m.data.get("last_progress_t")
            if job is None or run is None or run.state != "running" or not isinstance(last, (int, float)):
                continue
            if run.attempt != inc.attempts.get(job, run.attempt):
                continue
            stepped = self.last_step(job)
            if stepped is None or stepped <= last:
                return True
        return False

    def groups_by_start(self, began: dict[str, float], window_s: float) -> Iterator[list[Incident]]:
        """For each incident of ``began`` (key -> when its evidence began) not folded yet, in that order: it and
        those that began within ``window_s`` after it, not folded either (the first is the group's head)."""
        cands = sorted((self.incidents[k] for k in began), key=lambda i: began[i.key])
        for n, first in enumerate(cands):
            if first.superseded_by:
                continue
            yield [first] + [
                o
                for o in cands[n + 1 :]
                if not o.superseded_by and began[o.key] - began[first.key] <= window_s
            ]

    def fold_as_shared(self, first: Incident, others: list[Incident]) -> set[str]:
        """``first`` made one infrastructure incident, ``others`` folded into it; the keys this changed."""
        changed: set[str] = set()
        if first.forced_category != "infrastructure":
            first.forced_category = "infrastructure"
            changed.add(first.key)
        for other in others:
            self.supersede(first, other)
            changed |= {first.key, other.key}
        return changed

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

    def rename(self, key: str, as_key: str) -> bool:
        """Call incident ``key`` ``as_key`` from now on, everywhere it is named (False: not done,
        ``key`` unknown or ``as_key`` already taken)."""
        inc = self.incidents.get(key)
        if inc is None or as_key in self.incidents:
            return False
        del self.incidents[key]
        inc.key = as_key
        self.incidents[as_key] = inc
        for table in (self.by_job, self.by_node):
            for k, v in table.items():
                if v == key:
                    table[k] = as_key
        for other in self.incidents.values():
            if other.superseded_by == key:
                other.superseded_by = as_key
            if other.recurrence_of == key:
                other.recurrence_of = as_key
        self.world.own_history = [
            (t, node, cat, as_key if k == key else k) for t, node, cat, k in self.world.own_history
        ]
        return True

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
