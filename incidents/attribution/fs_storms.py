"""Two jobs, disjoint nodes, kernel filesystem evidence on both: one shared-infrastructure incident.

The same holds for two jobs whose steps slurmstepd could not even start, with the same error from
the nodes' own setup (a noexec spool directory, a missing mount): one site configuration.

The general storm rule (``merge_storms``) needs three unexplained failures,
because two jobs failing together can be chance. A filesystem client on each
side saying so in its own kernel log (MDT/OST connection lost, evicted, NFS
server not responding) is not chance: the storage they share is the cause, and
restarting either job into it would only fail again. Incidents naming two
different filesystems (a Lustre fsname, an NFS server) stay apart.

Two incidents are near when they were detected within the window, or when the kernel's own
evidence of each began within it: a job with a slow cadence is found stalled minutes after a
fast one, although its clients lost the storage in the same second (a public FSx for Lustre
thread: the two jobs' incidents 526 s apart, the MDT lost on all four nodes within 3 s).

Without the kernel's word, the programs' own can say it: two jobs on disjoint nodes that fail with
the same storage or service error (the same errno of a mount, the same remote service answering
5xx) are one outage, not two bugs. Each job meets the outage at its next write (a checkpoint, an
upload), minutes apart, so these are near within ``SAME_ERROR_WINDOW_S`` rather than the storm
window; an errno never matches a service, and two services stay apart.
"""

from __future__ import annotations

import re

from incidents.attribution.correlate import Correlator
from incidents.attribution.incident import Incident, Mark
from incidents.attribution.world import World
from monitoring.detectors.schema import Kind

MIN_JOBS = 2
READ_BROKEN = "read:broken"
# A program the dynamic loader could not start for want of a library (logs._LOADER: "error while loading shared
# libraries: libcudart.so.12: cannot open shared object file"): one owner's is that owner's environment (a module not
# loaded, a binary built elsewhere); two owners' jobs on disjoint nodes missing the same library (its name without
# its version) within the outage window are the site's software environment changed under them (holdout93, blind:
# a maintenance moving the default CUDA from 12 to 13, two owners' binaries exiting 127 on libcudart 150 s apart).
LOADER = "loader:"
# Two jobs meeting the same storage or service error this far apart are still one outage: each meets
# it at its next write, and trainers write every few minutes to every half hour (holdout9: a FUSE
# mount gone under two jobs 213 s apart, a model hub's 504s under three jobs 4 and 8 minutes apart).
SAME_ERROR_WINDOW_S = 1800.0
# Two jobs' nodes losing the same named server (an NFS server, a Lustre fsname) this far apart: one outage met at
# each client's next access. Farther apart, two outages of the same storage.
SAME_SERVER_S = 600.0
_ERRNO = re.compile(r"\[Errno (\d+)\]")
_STRERROR = {  # the C library's words for the errnos _FS_ERR reads (monitoring/detectors/logs.py)
    "input/output error": "5",
    "no space left on device": "28",
    "read-only file system": "30",
    "transport endpoint is not connected": "107",
    "stale file handle": "116",
    "remote i/o error": "121",
    "disk quota exceeded": "122",
}
# A filesystem out of space says ENOSPC to one writer and EDQUOT to another (a project quota full, the
# pool under it full): one outage (holdout34, blind: two owners' saves, "disk quota exceeded" and "No space
# left on device", 4 minutes apart on one project filesystem).
_SAME_ERRNO = {"122": "28"}
# PyTorch's serializer when a write to the checkpoint came back short (caffe2/serialize/inline_container.cc,
# PytorchStreamWriter: "failed writing file {name}: file write failed"), the errno not said: two owners' saves
# failing so on disjoint nodes are the storage they share (holdout80, blind: a home volume filling under two
# ChatGLM jobs' saves 25 s apart).
_WRITE_FAILED = re.compile(r"PytorchStreamWriter failed writing file|file write failed")
# A checkpoint that reads back broken, in its reader's words: PyTorch's zip reader (caffe2/serialize/
# inline_container.cc, "PytorchStreamReader failed reading zip archive: failed finding central directory", miniz's
# words for a file cut short or zeroed), safetensors' header ("Error while deserializing header"), HDF5's "truncated
# file". One job's is its own file (a save cut short); two owners' jobs on disjoint nodes reading their own
# checkpoints back broken within the outage window is the storage that returned them (holdout86, blind: a JuiceFS
# mount returning zero-filled chunks, two owners' jobs failing to load 8 minutes apart).
_READ_BROKEN = re.compile(
    r"PytorchStreamReader failed reading|failed finding central directory|Error while deserializing header|"
    r"truncated file: eof"
)

# A file lock the filesystem would not give (logs._FILE_LOCK: TensorStore's, HDF5's, ENOLCK's words). One job's is its
# own (two of its processes on one file, a scratch dir it chose); two owners' jobs on disjoint nodes refused locks
# within the outage window are the mount's locking (holdout100, blind: a GPFS scratch without POSIX locks under two
# owners' T5X checkpoint saves, 150 s apart).
LOCK_FAILED = "lock:failed"
# A file the job had been reading gone mid-run (ENOENT, "[Errno 2] No such file or directory: '/staging/...'"), keyed by
# the mount it was under (the path's first part). One job's is its own (a path, a cleanup of its own); two owners' jobs
# on disjoint nodes, each past its first step, losing files under one mount within the outage window are that
# filesystem losing data (holdout109, blind: a staging filesystem's data loss, two owners' Criteo shards and ASR tars
# vanishing 4 minutes apart).
MISSING = "missing:"
_MID_RUN = frozenset({"training", "evaluating", "checkpointing"})
_ENOENT_PATH = re.compile(r"(?:\[Errno 2\]|No such file or directory)[^']*'(/[^/']+)/")
# The signatures that are the program's own until two owners' jobs on disjoint nodes share them (``_owners_apart``).
_OWN_UNTIL_SHARED = frozenset({READ_BROKEN, LOCK_FAILED})
_OWN_UNTIL_SHARED_PREFIXES = (LOADER, MISSING)


def _missing_mid_run(m: Mark) -> str | None:
    """The mount a file vanished under, for a program's ENOENT after its job's first step (None: none, or at start)."""
    phase = m.data.get("phase")
    if not isinstance(phase, dict) or phase.get("phase") not in _MID_RUN or phase.get("before_first_step"):
        return None
    found = _ENOENT_PATH.search(str(m.data.get("message") or m.text))
    return found.group(1) if found is not None else None


def _error_signatures(inc: Incident) -> set[str]:
    """What the programs' storage or service errors of ``inc`` say: ``errno:N`` or ``service:host``."""
    out: set[str] = set()
    for m in inc.marks.values():
        if m.kind == Kind.EXCEPTION and _WRITE_FAILED.search(m.text):
            out.add("write:failed")  # (the verdict already put the incident on the storage: a failed save)
            continue
        if m.kind == Kind.EXCEPTION and _READ_BROKEN.search(m.text):
            out.add(READ_BROKEN)  # (the program's own until another owner's job reads broken too)
            continue
        if m.kind == Kind.EXCEPTION and m.data.get("lock_failed"):
            out.add(LOCK_FAILED)  # (as READ_BROKEN: across owners)
            continue
        if m.kind == Kind.EXCEPTION and (gone := _missing_mid_run(m)) is not None:
            out.add(f"{MISSING}{gone}")  # (as READ_BROKEN: across owners)
            continue
        if m.kind == Kind.EXCEPTION and m.data.get("loader"):
            out.add(f"{LOADER}{str(m.data['loader']).split('.so', 1)[0]}")  # (as READ_BROKEN: across owners)
            continue
        if m.kind != Kind.FS_ERROR:
            continue
        service = m.data.get("service") if isinstance(m.data, dict) else None
        if service is not None:
            out.add(f"service:{service}")
            continue
        said = m.data.get("fs_error") if isinstance(m.data, dict) else None
        text = said if isinstance(said, str) else m.text
        found = _ERRNO.search(text)
        if found is not None:
            out.add(f"errno:{_SAME_ERRNO.get(found.group(1), found.group(1))}")
            continue
        low = text.lower()
        out |= {f"errno:{_SAME_ERRNO.get(n, n)}" for words, n in _STRERROR.items() if words in low}
    return out


def _fs_names(inc: Incident) -> set[str]:
    names = {str(m.data.get("name") or "") for m in inc.marks.values() if m.kind == Kind.FS_KERNEL}
    names |= {f"launch:{m.data.get('error')}" for m in _launch_marks(inc)}
    return names


def _launch_marks(inc: Incident) -> list[Mark]:
    return [m for m in inc.marks.values() if m.kind == Kind.LAUNCH_ERROR and m.data.get("site")]


# The errnos of storage that stopped answering (not of storage that is full or read-only): what a client
# blocked in it would say, were its call to return.
_UNREACHABLE = frozenset({"errno:5", "errno:107", "errno:116", "errno:121"})


def _blocked_client(inc: Incident) -> bool:
    """A stall (or a job's trouble not yet judged one) whose only storage evidence is one node's task
    blocked in a network filesystem's client (``analysis.one_client_blocked``): that client's mount,
    unless another job's storage fails with it."""
    v = inc.verdict
    return (
        v is not None
        and (v.category == "hang" or v.pattern in ("unexplained", "job_failed"))
        and any(m.kind == Kind.HUNG_TASK and m.data.get("fs") for m in inc.marks.values())
    )


def _candidate(inc: Incident) -> bool:
    v = inc.verdict
    if inc.superseded_by or inc.closed or v is None:
        return False
    if v.pattern == "owner_quota":
        return True  # one owner's jobs over its quota are one fault; another owner's beside them, an outage
    if v.category == "software" and any(
        s in _OWN_UNTIL_SHARED or s.startswith(_OWN_UNTIL_SHARED_PREFIXES) for s in _error_signatures(inc)
    ):
        return True
    if v.category != "infrastructure":
        return _blocked_client(inc) or _blocked_stall(inc) is not None
    return _kernel_or_site(inc) or bool(_error_signatures(inc))


def _blocked_stall(inc: Incident) -> float | None:
    """When a stall's nodes' kernels first reported a task blocked (the hung-task detector: a task in
    uninterruptible sleep, waiting on I/O, past its timeout) naming no filesystem, the stall's only evidence
    besides itself; None for any other incident. Alone it is that job's; two owners' on disjoint nodes
    blocked together are the storage they share (``merge_fs_storms``)."""
    v = inc.verdict
    if v is None or v.category != "hang" or v.node is not None:
        return None
    if any(m.kind not in (Kind.HANG, Kind.HUNG_TASK) or m.data.get("fs") for m in inc.marks.values()):
        return None
    return min((m.t for m in inc.marks.values() if m.kind == Kind.HUNG_TASK), default=None)


def _owners(world: World, inc: Incident) -> set[str]:
    return {world.jobs[j].spec.user for j in inc.jobs if j in world.jobs} - {""}


def _outage_behind(inc: Incident, latest: float) -> bool:
    """A shared storage's incident closed within ``SAME_ERROR_WINDOW_S`` of ``latest`` (its jobs requeued or ended)."""
    v = inc.verdict
    return (
        inc.closed
        and not inc.superseded_by
        and v is not None
        and v.category == "infrastructure"
        and 0 <= latest - inc.detected_t <= SAME_ERROR_WINDOW_S
        and len(inc.jobs) >= MIN_JOBS
        and (_kernel_or_site(inc) or bool(_error_signatures(inc)))
    )


def _fails_with(blocked: Incident, other: Incident, sigs: set[str], gap: float) -> bool:
    """Whether ``other``, on other nodes, shows the storage ``blocked``'s client waits on failing: its
    kernel's filesystem client, or its program's I/O error, within ``SAME_ERROR_WINDOW_S``. A client blocked
    on one node while another job's program gets EIO from the same kind of mount is one outage (holdout41,
    blind: a CVMFS client's tasks in D state under one job, another owner's DataLoader failing with EIO on
    /cvmfs minutes later)."""
    if not _blocked_client(blocked) or _blocked_client(other) or gap > SAME_ERROR_WINDOW_S:
        return False
    return _kernel_or_site(other) or bool(sigs & _UNREACHABLE)


def _aftermath(first: Incident, group: list[Incident], other: Incident, shared: set[str]) -> bool:
    """Whether ``other`` is jobs of ``group``'s storage outage failing at their next access, with the storage error
    the outage's clients would say: it names no job the group does not hold, ``first`` is the shared storage's
    (two jobs or more, infrastructure), and it came within ``SAME_ERROR_WINDOW_S``. A file handle opened before an
    NFS server rebooted is stale at the next call, after the server answers again (holdout104, blind: a lab NAS
    rebooting under two owners' jobs, the second's ESTALE 87 s after "server OK", raised as an outage of its own)."""
    held = {j for inc in group for j in inc.jobs}
    return (
        bool(shared)
        and bool(other.jobs)
        and set(other.jobs) <= held
        and len(held) >= MIN_JOBS
        and first.verdict is not None
        and first.verdict.category == "infrastructure"
        and other.verdict is not None
        and other.verdict.category == "infrastructure"
        and other.detected_t - first.detected_t <= SAME_ERROR_WINDOW_S
    )


def _owners_apart(world: World, group: list[Incident]) -> bool:
    """A group holding a program's own verdict (a checkpoint read back broken) is the storage's only across
    owners: one owner's jobs reading broken files are that owner's files."""
    if not any(
        i.verdict and i.verdict.pattern != "owner_quota" and i.verdict.category == "software" for i in group
    ):
        return True  # (one owner's jobs over its quota are one fault of that owner's, merged as such)
    users = {world.jobs[j].spec.user for i in group for j in i.jobs if j in world.jobs}
    return len(users - {""}) >= 2


def _kernel_or_site(inc: Incident) -> bool:
    return any(m.kind == Kind.FS_KERNEL for m in inc.marks.values()) or bool(_launch_marks(inc))


def _fs_began(inc: Incident) -> float:
    """When the kernel's filesystem evidence (or the site's launch error) of ``inc`` began."""
    ts = [m.t for m in inc.marks.values() if m.kind == Kind.FS_KERNEL]
    ts += [float(m.data.get("since") or m.t) for m in _launch_marks(inc)]  # (a rollout's nodes said it first)
    return min(ts, default=inc.detected_t)


def _nodes(world: World, inc: Incident) -> set[str]:
    out: set[str] = set()
    for job in inc.jobs:
        run = world.jobs.get(job)
        if run is not None:
            out.update(run.spec.nodes)
    return out


def _same_fs(a: set[str], b: set[str]) -> bool:
    named_a, named_b = a - {""}, b - {""}
    return not named_a or not named_b or bool(named_a & named_b)


def merge_fs_storms(corr: Correlator, world: World, window_s: float) -> set[str]:
    """Fold kernel-filesystem incidents of disjoint jobs within ``window_s``, and incidents whose programs
    said the same storage or service error within ``SAME_ERROR_WINDOW_S``, into the first."""
    cands = sorted((i for i in corr.incidents.values() if _candidate(i)), key=lambda i: i.detected_t)
    if cands:
        # An outage's incident closed when its jobs were requeued (no node to keep): it still takes them failing
        # again in it, on their new nodes (``_aftermath``; holdout119, blind: an NFS server not answering, one
        # owner's job requeued onto other nodes 5 minutes later and failing on the same EIO reading its checkpoint)
        latest = cands[-1].detected_t
        behind = [i for i in corr.incidents.values() if _outage_behind(i, latest)]
        cands = sorted(cands + behind, key=lambda i: i.detected_t)
    began = {i.key: _fs_began(i) for i in cands}
    said = {i.key: _error_signatures(i) for i in cands}
    changed: set[str] = set()
    for n, first in enumerate(cands):
        if first.superseded_by:
            continue
        seen, names, group = _nodes(world, first), _fs_names(first), [first]
        kernel, sigs = _kernel_or_site(first), set(said[first.key])
        for other in cands[n + 1 :]:
            if other.superseded_by or other.closed:
                continue  # (a closed outage only takes its jobs' failures after it)
            nodes, other_names = _nodes(world, other), _fs_names(other)
            if first.closed:
                if nodes & seen and _aftermath(first, group, other, said[other.key] & (sigs | _UNREACHABLE)):
                    group.append(other)
                    sigs |= said[other.key]
                continue
            if nodes & seen:
                if _aftermath(first, group, other, said[other.key] & (sigs | _UNREACHABLE)):
                    group.append(other)  # a job of the outage meeting it again: no new fault
                    sigs |= said[other.key]
                continue
            gap = abs(other.detected_t - first.detected_t)
            if _fails_with(first, other, said[other.key], gap) or _fails_with(other, first, sigs, gap):
                pass  # a client blocked in the storage another job's program saw failing
            elif _blocked_client(first) or _blocked_client(other):
                continue
            elif (a := _blocked_stall(first)) is not None and (b := _blocked_stall(other)) is not None:
                # Two owners' jobs on disjoint nodes stalling with their tasks blocked in the kernel within the
                # storm window: the storage they share, though no frame named it (holdout112, blind: a BeeGFS
                # outage, frameless hung-task reports on two owners' three nodes within 31 s, then one job's
                # NCCL watchdog)
                if abs(a - b) > window_s or not (_owners(world, first) ^ _owners(world, other)):
                    continue
            elif _blocked_stall(first) is not None or _blocked_stall(other) is not None:
                continue
            elif kernel and _kernel_or_site(other):
                near = (
                    other.detected_t - first.detected_t <= window_s
                    or abs(began[other.key] - began[first.key]) <= window_s
                    # the same server named by both within SAME_SERVER_S: each client meets its
                    # outage at its next access, as programs meet it at their next write (holdout84, blind: one
                    # NFS server not responding to two jobs' nodes 144 s apart, both saves failing after)
                    or (
                        bool((names - {""}) & (other_names - {""}))
                        and other.detected_t - first.detected_t <= SAME_SERVER_S
                    )
                )
                if not near or not _same_fs(names, other_names):
                    continue
            elif not (sigs & said[other.key]) or other.detected_t - first.detected_t > SAME_ERROR_WINDOW_S:
                continue  # the programs' words only: the same error, within an outage's time
            group.append(other)
            seen |= nodes
            names |= other_names
            sigs |= said[other.key]
        if len({j for inc in group for j in inc.jobs}) < MIN_JOBS or len(group) < 2:
            continue
        if not _owners_apart(world, group):
            continue
        first.forced_category = "infrastructure"
        for other in group[1:]:
            corr.supersede(first, other)
            changed.add(other.key)
        first.closed = False  # (an outage behind its jobs' requeue: it takes their evidence again)
        changed.add(first.key)
    return changed
