"""Read and act on a real Slurm through a transport (local commands or SSH).

Every action is idempotent and says what happened, in the executor's words:
``done`` (we changed Slurm), ``already`` (it was already so: nothing sent),
``superseded`` (the world moved: someone else's drain, a cancelled job — we must not
touch it) or ``failed`` (Slurm said no; its stderr is kept verbatim).

Requeue order, found by experiment on Slurm 22.05 (docs/SLURM.md):
``scontrol update JobId=.. ExcNodeList=..`` is refused while the job runs ("Job is no
longer pending execution"), so the exclusion can only be set once the job is pending
again. We use ``scontrol requeuehold`` -> ``update ExcNodeList`` -> ``release``: the hold
guarantees the job cannot be scheduled onto the bad node between the requeue and the
update (a plain ``requeue`` only leaves the cred_expire BeginTime delay as a window).
When Slurm already requeued the job itself (JobRequeue=1 on node failure) the job is
PENDING and only the exclusion is added. A job with Requeue=0 refuses requeue
("Requested operation is presently disabled"): while it is still active we first set
``Requeue=1`` (the job's ``recovery`` opt-in is the consent); once it has ended with
Requeue=0 Slurm cannot requeue it at all, and we say so.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

from monitoring.detectors.hostlist import compress
from monitoring.slurm.parse import (
    JobInfo,
    NodeInfo,
    parse_show_job,
    parse_show_node,
    parse_sinfo_json,
    parse_squeue_json,
)
from monitoring.transports import CommandResult, Transport

OUR_PREFIX = "recovery:"
_NODE_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._\-]*$")
_JOB_RE = re.compile(r"^[0-9]+(_[0-9]+)?$")
ACTIVE = {"RUNNING", "SUSPENDED", "CONFIGURING", "STAGE_OUT", "RESIZING", "SIGNALING", "COMPLETING"}
PENDING = {"PENDING", "REQUEUED", "REQUEUE_HOLD", "REQUEUE_FED"}
ENDED_REQUEUEABLE = {
    "COMPLETED",
    "FAILED",
    "NODE_FAIL",
    "TIMEOUT",
    "PREEMPTED",
    "BOOT_FAIL",
    "OUT_OF_MEMORY",
    "DEADLINE",
}
HELD_BY_REQUEUEHOLD = "job_requeued_in_held_state"
# slurmrestd has no requeuehold: the REST client holds the job itself, marking the hold as its own in
# the job's admin comment, so a hold a crash left behind is told from an administrator's and released.
HOLD_MARK = "recovery: held to requeue"
HELD_BY_ADMIN = "JobHeldAdmin"


def held_by_our_requeue(info: JobInfo) -> bool:
    """Held by our own requeue, not yet released: ``scontrol requeuehold``'s state, or the REST
    client's hold with its mark (an interrupted requeue: release it, never an admin's hold)."""
    return info.reason == HELD_BY_REQUEUEHOLD or (
        info.reason == HELD_BY_ADMIN and info.admin_comment.startswith(HOLD_MARK)
    )


def without_hold_mark(admin_comment: str) -> str:
    """The admin comment as it was before our hold's mark was put in front of it."""
    if not admin_comment.startswith(HOLD_MARK):
        return admin_comment
    return admin_comment.removeprefix(HOLD_MARK).removeprefix(" | ")


def with_hold_mark(admin_comment: str) -> str:
    base = without_hold_mark(admin_comment)
    return f"{HOLD_MARK} | {base}" if base else HOLD_MARK


class SlurmError(Exception):
    """A read command failed (Slurm down, permission, unparsable output)."""

    def __init__(self, message: str, result: CommandResult | None = None) -> None:
        super().__init__(message)
        self.result = result


@dataclass
class ActionResult:
    action: str  # drain | resume | requeue | cancel
    target: str
    outcome: str  # done | already | superseded | failed
    detail: str = ""
    stderr: str = ""  # Slurm's own words, verbatim
    commands: list[list[str]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.outcome in ("done", "already")


def bin_paths_in(bin_dir: str) -> dict[str, str]:
    """``"/opt/slurm/bin"`` -> absolute paths for every command we use (``""``: use PATH)."""
    bin_dir = bin_dir.strip().rstrip("/")
    tools = ("sinfo", "squeue", "scontrol", "scancel")
    return {t: f"{bin_dir}/{t}" for t in tools} if bin_dir else {}


def _check_node(node: str) -> str:
    if not _NODE_RE.match(node or ""):
        raise ValueError(f"not a node name: {node!r}")
    return node


def _check_job(job_id: str | int) -> str:
    job = str(job_id)
    if not _JOB_RE.match(job):
        raise ValueError(f"not a job id: {job_id!r}")
    return job


def our_reason(reason: str, our_prefix: str = OUR_PREFIX) -> str:
    """The drain reason we send: our prefix, on one line (newlines would break ``-o`` output)."""
    return " ".join((reason if reason.startswith(our_prefix) else f"{our_prefix} {reason}").split())


def drain_settled(node: str, info: NodeInfo | None, our_prefix: str = OUR_PREFIX) -> ActionResult | None:
    """The answer when no drain is to be sent (unknown node, drained by us or by someone else);
    None when it is to be sent. Shared by every client, whatever it speaks to Slurm with."""
    if info is None:
        return ActionResult("drain", node, "failed", "node not found")
    if not info.is_drained:
        return None
    if info.reason.startswith(our_prefix):
        return ActionResult("drain", node, "already", f"already drained by us: {info.reason}")
    return ActionResult(
        "drain", node, "superseded", f"drained by {info.reason_user or 'someone else'}: {info.reason}"
    )


def resume_settled(node: str, info: NodeInfo | None, our_prefix: str = OUR_PREFIX) -> ActionResult | None:
    """The answer when no resume is to be sent: only a node WE drained is ever resumed."""
    if info is None:
        return ActionResult("resume", node, "failed", "node not found")
    if not info.is_drained and not info.is_down:
        return ActionResult("resume", node, "already", f"node is {info.state}")
    if not info.reason.startswith(our_prefix):
        who = info.reason_user or "someone else"
        return ActionResult(
            "resume", node, "superseded", f"not ours: {info.state} by {who}: {info.reason or '(no reason)'}"
        )
    return None


class SlurmClient:
    """Typed reads and idempotent actions over any :class:`Transport`.

    ``bin_paths`` maps command names to absolute paths for sites where Slurm is not on
    the remote PATH (``{"scontrol": "/opt/slurm/bin/scontrol"}``).
    """

    def __init__(
        self, transport: Transport, bin_paths: dict[str, str] | str | None = None, timeout: float = 30.0
    ) -> None:
        if isinstance(bin_paths, str):  # a directory, as in the cluster's ``slurm_bin_dir``
            bin_paths = bin_paths_in(bin_paths)
        self.transport = transport
        self.bin = {
            name: (bin_paths or {}).get(name, name) for name in ("sinfo", "squeue", "scontrol", "scancel")
        }
        self.timeout = timeout

    # -- plumbing ------------------------------------------------------------------
    def _run(self, tool: str, *args: str) -> CommandResult:
        return self.transport.run([self.bin[tool], *args], timeout=self.timeout)

    def _read(self, tool: str, *args: str) -> str:
        res = self._run(tool, *args)
        if not res.ok:
            raise SlurmError(f"{tool} {' '.join(args)} failed (rc={res.rc}): {res.stderr.strip()}", res)
        return res.stdout

    # -- reads ---------------------------------------------------------------------
    def nodes(self) -> list[NodeInfo]:
        """All nodes from ``sinfo --json``; ``scontrol -o show node`` where JSON is missing."""
        res = self._run("sinfo", "--json")
        if res.ok and res.stdout.lstrip().startswith("{"):
            return parse_sinfo_json(res.stdout)
        return parse_show_node(self._read("scontrol", "-o", "show", "node"))

    def node(self, name: str) -> NodeInfo | None:
        res = self._run("scontrol", "-o", "show", "node", _check_node(name))
        if not res.ok:
            if "not found" in (res.stdout + res.stderr).lower():  # scontrol says so on stdout
                return None
            raise SlurmError(f"scontrol show node {name} failed: {res.stderr.strip()}", res)
        found = parse_show_node(res.stdout)
        return found[0] if found else None

    def jobs(self) -> list[JobInfo]:
        """Every job slurmctld still remembers (running, pending, recently ended)."""
        res = self._run("squeue", "--json")
        if res.ok and res.stdout.lstrip().startswith("{"):
            return parse_squeue_json(res.stdout)
        return parse_show_job(self._read("scontrol", "-o", "show", "job"))

    def job(self, job_id: str | int) -> JobInfo | None:
        """One job from ``scontrol -o show job`` (real StdOut/StdErr paths, ExcNodeList)."""
        res = self._run("scontrol", "-o", "show", "job", _check_job(job_id))
        if not res.ok:
            if "invalid job id" in res.stderr.lower():
                return None
            raise SlurmError(f"scontrol show job {job_id} failed: {res.stderr.strip()}", res)
        found = parse_show_job(res.stdout)
        return found[0] if found else None

    # -- node actions --------------------------------------------------------------
    def drain(self, node: str, reason: str, our_prefix: str = OUR_PREFIX) -> ActionResult:
        """Drain with our reason; someone else's drain is theirs and stays untouched."""
        _check_node(node)
        full = our_reason(reason, our_prefix)
        settled = drain_settled(node, self.node(node), our_prefix)
        if settled is not None:
            return settled
        argv = [self.bin["scontrol"], "update", f"NodeName={node}", "State=DRAIN", f"Reason={full}"]
        res = self.transport.run(argv, timeout=self.timeout)
        if not res.ok:
            return ActionResult("drain", node, "failed", "scontrol refused", res.stderr, [argv])
        return ActionResult("drain", node, "done", full, res.stderr, [argv])

    def resume(self, node: str, our_reason_prefix: str = OUR_PREFIX) -> ActionResult:
        """Undrain only a node WE drained. NHC and admin drains are never resumed.

        Slurm has no compare-and-set: an admin re-draining in the instant between our
        read and our update would be overridden. The window is one round trip.
        """
        _check_node(node)
        info = self.node(node)
        settled = resume_settled(node, info, our_reason_prefix)
        if settled is not None:
            return settled
        assert info is not None  # a missing node is a settled answer
        argv = [self.bin["scontrol"], "update", f"NodeName={node}", "State=RESUME"]
        res = self.transport.run(argv, timeout=self.timeout)
        if not res.ok:
            return ActionResult("resume", node, "failed", "scontrol refused", res.stderr, [argv])
        return ActionResult("resume", node, "done", f"resumed (was: {info.reason})", res.stderr, [argv])

    def reboot(self, node: str, reason: str, our_prefix: str = OUR_PREFIX) -> ActionResult:
        """Reboot a node WE drained, and keep it drained when it comes back (idempotent).

        ``scontrol reboot reason=".." NODE`` on a node that is already drained by us:
        Slurm 22.05-24.05 know only ``nextstate=RESUME|DOWN`` (no DRAIN), and ``ASAP``
        sets NextState=RESUME, which undrains the node the moment it registers (found by
        experiment, docs/REMEDIATION.md). Without ASAP/nextstate slurmctld keeps the DRAIN
        flag across the reboot, with our reason: the node comes back drained and is
        returned only by us, after its health check. Refused: a node drained by someone
        else (theirs), a node not drained by us, a node still running jobs.
        """
        _check_node(node)
        full = reason if reason.startswith(our_prefix) else f"{our_prefix} {reason}"
        full = " ".join(full.split())
        info = self.node(node)
        if info is None:
            return ActionResult("reboot", node, "failed", "node not found")
        if info.rebooting:
            return ActionResult("reboot", node, "already", f"reboot already under way ({info.state})")
        if info.is_drained and not info.reason.startswith(our_prefix):
            who = info.reason_user or "someone else"
            return ActionResult(
                "reboot", node, "superseded", f"drained by {who}: {info.reason}; not ours to reboot"
            )
        if not info.is_drained:
            return ActionResult(
                "reboot", node, "failed", f"node is {info.state}: drain it before rebooting it"
            )
        if info.base_state in ("ALLOCATED", "MIXED", "COMPLETING") or "COMPLETING" in info.flags:
            return ActionResult(
                "reboot",
                node,
                "failed",
                f"jobs still on {node} ({info.state}): not rebooting until they left",
            )
        argv = [self.bin["scontrol"], "reboot", f"reason={full}", node]
        res = self.transport.run(argv, timeout=self.timeout)
        if not res.ok:
            return ActionResult("reboot", node, "failed", "scontrol refused", res.stderr, [argv])
        return ActionResult(
            "reboot",
            node,
            "done",
            f"reboot issued (booted {info.boot_time or 'unknown'})",
            res.stderr,
            [argv],
        )

    # -- job actions ---------------------------------------------------------------
    def _settled(self, job_id: str, wait: float) -> JobInfo | None:
        """The job, after waiting out COMPLETING (Slurm refuses most changes meanwhile)."""
        deadline = time.monotonic() + wait
        while True:
            info = self.job(job_id)
            if info is None or info.state != "COMPLETING" or time.monotonic() > deadline:
                return info
            time.sleep(0.5)

    def requeue(
        self,
        job_id: str | int,
        exclude: list[str] | tuple[str, ...] = (),
        enable_requeue: bool = True,
        completing_wait: float = 15.0,
    ) -> ActionResult:
        """Put the job back in the queue, never again on ``exclude`` (union with its
        existing ExcNodeList). See the module docstring for the order and why."""
        job = _check_job(job_id)
        for n in exclude:
            _check_node(n)
        info = self._settled(job, completing_wait)
        if info is None:
            return ActionResult("requeue", job, "superseded", "job no longer known to Slurm")
        result = ActionResult("requeue", job, "failed")
        if info.state == "CANCELLED":
            result.outcome, result.detail = "superseded", "job was cancelled; not resurrecting it"
            return result
        if info.state in PENDING:
            return self._exclude_pending(info, exclude, result, requeued_by="slurm")
        if info.state not in ACTIVE | ENDED_REQUEUEABLE:
            result.detail = f"cannot requeue a job in state {info.state}"
            return result
        if not info.requeue:
            if info.state not in ACTIVE:
                result.detail = (
                    f"job ended ({info.state}) with Requeue=0: Slurm cannot requeue it; "
                    "it must be resubmitted"
                )
                return result
            if not enable_requeue or not self._cmd(result, "update", f"JobId={job}", "Requeue=1"):
                result.detail = result.detail or "job has Requeue=0"
                return result
        if not self._cmd(result, "requeuehold", job):
            if "pending execution" in result.stderr.lower():  # Slurm requeued it meanwhile
                fresh = self.job(job)
                if fresh is not None:
                    return self._exclude_pending(fresh, exclude, result, requeued_by="slurm")
            result.detail = "scontrol requeuehold refused"
            return result
        fresh = self.job(job) or info
        return self._exclude_pending(fresh, exclude, result, requeued_by="us", must_release=True)

    def _exclude_pending(
        self,
        info: JobInfo,
        exclude: list[str] | tuple[str, ...],
        result: ActionResult,
        requeued_by: str,
        must_release: bool = False,
    ) -> ActionResult:
        job = info.job_id
        have = set(info.excluded)
        want = have | set(exclude)
        changed = requeued_by == "us"
        if want != have:
            if not self._cmd(result, "update", f"JobId={job}", f"ExcNodeList={','.join(sorted(want))}"):
                result.detail = "ExcNodeList update refused" + ("; job left held" if must_release else "")
                return result
            changed = True
        if must_release or info.reason == HELD_BY_REQUEUEHOLD:
            if not self._cmd(result, "release", job):
                result.detail = "release refused; job left held"
                return result
            changed = True
        excl = compress(sorted(want)) if want else "nothing"
        if requeued_by == "us" or info.reason == HELD_BY_REQUEUEHOLD:  # ours, maybe an interrupted retry
            result.outcome, result.detail = "done", f"requeued, excluding {excl}"
        elif changed:
            before = "already requeued by Slurm" if info.restarts else "still pending (never started)"
            result.outcome, result.detail = "done", f"{before}; now excluding {excl}"
        else:
            result.outcome, result.detail = "already", f"already pending, excluding {excl}"
        if info.reason in ("JobHeldAdmin", "JobHeldUser"):
            result.detail += f"; held by someone else ({info.reason}), not released"
        return result

    def cancel(self, job_id: str | int) -> ActionResult:
        job = _check_job(job_id)
        info = self.job(job)
        if info is None:
            return ActionResult("cancel", job, "already", "job no longer known to Slurm")
        if info.state not in ACTIVE | PENDING:
            return ActionResult("cancel", job, "already", f"job already ended ({info.state})")
        result = ActionResult("cancel", job, "failed")
        argv = [self.bin["scancel"], job]
        res = self.transport.run(argv, timeout=self.timeout)
        result.commands.append(argv)
        result.stderr = res.stderr
        if res.ok:
            result.outcome, result.detail = "done", "cancelled"
        return result

    def _cmd(self, result: ActionResult, *args: str) -> bool:
        argv = [self.bin["scontrol"], *args]
        res = self.transport.run(argv, timeout=self.timeout)
        result.commands.append(argv)
        if res.stderr:
            result.stderr = (result.stderr + res.stderr).strip()
        return res.ok
