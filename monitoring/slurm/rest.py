"""Slurm through its REST API (slurmrestd with ``auth/jwt``): the same reads and actions as
:class:`~monitoring.slurm.client.SlurmClient`, for sites that allow no SSH to a login node and
for Slurm on Kubernetes (Slinky).

Same words as the command client: every action says ``done``, ``already``, ``superseded`` or
``failed``; ours is the ``recovery:`` reason; someone else's drain is never claimed or
resumed. What differs is what the server's API version can do, read from its OpenAPI
document (:mod:`monitoring.slurm.rest_shapes`):

- reads (nodes, jobs, one job) work on every supported version;
- drain and resume need ``POST /node/{name}`` (Slurm 23.02+); Debian's 22.05 (v0.0.38) has
  none, so there they are refused with that reason and nothing is sent;
- requeue of a running job uses ``/job/{id}/requeue`` where the server has it (Slurm 25.05 on).
  Slurm 23.02-24.11 have none, but update nodes and jobs: there the job is requeued the way
  Slurm requeues it when a node fails (held, its culprit set DOWN with our drain reason kept,
  the exclusion added, released), only when the culprit is drained by us and runs no other
  job. v0.0.38 has neither: a job Slurm requeued itself (``JobRequeue=1``) still gets its
  exclusion by ``POST /job/{id}``;
- no version serves a reboot: refused, with that reason.

HTTP is the stdlib's (``urllib``); TLS is whatever the URL says (``https://`` through the
site's reverse proxy, verified against ``ca_file`` or the system store). Requests carry the
``X-SLURM-USER-NAME``/``X-SLURM-USER-TOKEN`` headers slurmrestd's ``rest_auth/jwt`` reads.
"""

from __future__ import annotations

import json
import ssl
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from monitoring.detectors.hostlist import compress, expand
from monitoring.slurm import rest_shapes as shapes
from monitoring.slurm.client import (
    ACTIVE,
    ENDED_REQUEUEABLE,
    HELD_BY_REQUEUEHOLD,
    HOLD_MARK,
    OUR_PREFIX,
    PENDING,
    ActionResult,
    SlurmError,
    _check_job,
    _check_node,
    drain_settled,
    held_by_our_requeue,
    our_reason,
    resume_settled,
    with_hold_mark,
    without_hold_mark,
)
from monitoring.slurm.jwt import TokenError, TokenSource
from monitoring.slurm.parse import JobInfo, NodeInfo
from monitoring.slurm.rest_diagnosis import diagnose
from monitoring.transports import CommandResult, Diagnosis, FileChunk, TransportError

OPENAPI_PATHS = ("/openapi/v3", "/openapi.json", "/openapi")


class RestError(SlurmError):
    """slurmrestd could not be reached, refused us, or answered something we cannot read."""

    def __init__(self, message: str, status: int = 0) -> None:
        super().__init__(message)
        self.status = status


class NoCommands:
    """The transport of a REST cluster: there is no shell to run commands in, and no files.

    Job output and kernel logs come from the node agents' streams (``kernel_log_command =
    agent``) or, where the site allows it, SFTP (a cluster with an SSH host set gets an SSH
    transport for that instead of this one)."""

    def __init__(self, url: str) -> None:
        self.url = url

    def run(self, argv: list[str], timeout: float = 30.0) -> CommandResult:
        raise TransportError(
            f"{argv[0] if argv else 'command'}: REST mode ({self.url}) has no command channel; "
            "use the node agent or give the cluster an SSH host for SFTP"
        )

    def read_from(self, path: str, offset: int, max_bytes: int) -> FileChunk:
        raise TransportError(
            f"{path}: slurmrestd serves no files; job output and kernel logs come from the node "
            "agent (kernel_log_command = agent) or SFTP where the site allows it"
        )

    def close(self) -> None:
        return None

    def test_connection(self, bin_paths: dict[str, str] | None = None) -> Diagnosis:
        diag = Diagnosis()
        diag.add("transport", False, "REST mode: no command channel")
        return diag


def _http_error_text(exc: urllib.error.HTTPError) -> str:
    try:
        raw = exc.read().decode("utf-8", "replace")
    except OSError:
        raw = ""
    try:
        doc = json.loads(raw)
        found = shapes.errors_in(doc) if isinstance(doc, dict) else ""
    except ValueError:
        found = raw.strip()[:300]
    return found or str(exc.reason)


class RestSlurmClient:
    """Typed reads and idempotent actions through slurmrestd; see the module docstring."""

    def __init__(
        self,
        url: str,
        tokens: TokenSource,
        *,
        ca_file: str = "",
        timeout: float = 30.0,
        supported: tuple[str, ...] = shapes.SUPPORTED,
        transport: Any = None,
    ) -> None:
        self.url = url.rstrip("/")
        self.tokens = tokens
        self.ca_file = ca_file
        self.timeout = timeout
        self.supported = supported
        self.transport = transport if transport is not None else NoCommands(self.url)
        self._caps: shapes.Capabilities | None = None
        self._lock = threading.Lock()

    # -- plumbing ------------------------------------------------------------------
    def _context(self) -> ssl.SSLContext | None:
        if not self.url.startswith("https://"):
            return None
        return ssl.create_default_context(cafile=self.ca_file or None)

    def _headers(self) -> dict[str, str]:
        try:
            tok = self.tokens.token(time.time())
        except TokenError as exc:
            raise RestError(f"no usable token: {exc}", 401) from exc
        return {
            "X-SLURM-USER-NAME": tok.user,
            "X-SLURM-USER-TOKEN": tok.value,
            "Accept": "application/json",
        }

    def request(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        """One call; the decoded document. Raises RestError on any failure, Slurm's words kept."""
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.url + path, data=data, method=method, headers=self._headers())
        if data is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=self.timeout, context=self._context()) as resp:  # noqa: S310 - the operator's URL
                raw = resp.read()
        except urllib.error.HTTPError as exc:
            raise RestError(f"{method} {path}: HTTP {exc.code}: {_http_error_text(exc)}", exc.code) from exc
        except (urllib.error.URLError, OSError) as exc:
            reason = getattr(exc, "reason", exc)
            raise RestError(f"{method} {path}: cannot reach {self.url}: {reason}") from exc
        try:
            doc = json.loads(raw)
        except ValueError as exc:
            raise RestError(f"{method} {path}: not JSON: {raw[:200]!r}") from exc
        if not isinstance(doc, dict):
            raise RestError(f"{method} {path}: not a JSON object")
        errors = shapes.errors_in(doc)
        if errors:
            raise RestError(f"{method} {path}: {errors}", 200)
        return doc

    def openapi(self) -> dict[str, Any]:
        last: RestError | None = None
        for path in OPENAPI_PATHS:
            try:
                doc = self.request("GET", path)
            except RestError as exc:
                last = exc
                if exc.status in (404, 0) and "cannot reach" not in str(exc):
                    continue
                raise
            if "paths" in doc:
                return doc
        raise last or RestError("the server serves no OpenAPI document")

    def capabilities(self) -> shapes.Capabilities:
        """The API version and what it allows, detected once per client from the OpenAPI document."""
        with self._lock:
            if self._caps is None:
                doc = self.openapi()
                offered = shapes.offered_versions(doc)
                version = shapes.pick_version(offered, self.supported)
                if version is None:
                    raise RestError(
                        f"{self.url} offers {', '.join(offered) or 'no slurmctld API'}; "
                        f"this controller speaks {', '.join(self.supported)}"
                    )
                self._caps = shapes.capabilities(doc, version)
            return self._caps

    @property
    def version(self) -> str:
        return self.capabilities().version

    def _slurm(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        return self.request(method, f"/slurm/{self.version}{path}", body)

    # -- reads ---------------------------------------------------------------------
    def nodes(self) -> list[NodeInfo]:
        return shapes.nodes_from(self._slurm("GET", "/nodes"), self.version)

    def node(self, name: str) -> NodeInfo | None:
        try:
            found = shapes.nodes_from(self._slurm("GET", f"/node/{_check_node(name)}"), self.version)
        except RestError as exc:
            words = str(exc).lower()
            # 22.05: "Invalid node name"; 24.11: "No error: Failure to query node X" (none found).
            if "invalid node" in words or "not found" in words or "no error: failure to query node" in words:
                return None
            raise
        return next((n for n in found if n.name == name), None)

    def jobs(self) -> list[JobInfo]:
        return shapes.jobs_from(self._slurm("GET", "/jobs"), self.version)

    def job(self, job_id: str | int) -> JobInfo | None:
        """One job, with its output paths expanded as ``scontrol show job`` prints them."""
        job = _check_job(job_id)
        try:
            found = shapes.jobs_from(self._slurm("GET", f"/job/{job}"), self.version)
        except RestError as exc:
            if "invalid job id" in str(exc).lower():
                return None
            raise
        info = next((j for j in found if j.job_id == job), None)
        return shapes.with_output_paths(info) if info is not None else None

    # -- actions -------------------------------------------------------------------
    def _send(self, result: ActionResult, method: str, path: str, body: dict[str, Any] | None) -> bool:
        """One mutating call, recorded in ``result.commands`` as ``[METHOD, path, body]``."""
        full = f"/slurm/{self.version}{path}"
        result.commands.append([method, full, json.dumps(body, sort_keys=True) if body else ""])
        try:
            self.request(method, full, body)
        except RestError as exc:
            result.stderr = (result.stderr + " " + str(exc)).strip()
            return False
        return True

    def _unserved(self, action: str, target: str, what: str) -> ActionResult:
        return ActionResult(
            action,
            target,
            "failed",
            f"slurmrestd {self.version} at {self.url} cannot {what}; nothing was sent",
        )

    def drain(self, node: str, reason: str, our_prefix: str = OUR_PREFIX) -> ActionResult:
        """Drain with our reason; someone else's drain is theirs and stays untouched."""
        _check_node(node)
        full = our_reason(reason, our_prefix)
        settled = drain_settled(node, self.node(node), our_prefix)
        if settled is not None:
            return settled
        if not self.capabilities().update_node:
            return self._unserved(
                "drain", node, "drain a node (no POST /node/{node_name}; Slurm 23.02+ has it)"
            )
        result = ActionResult("drain", node, "failed", "slurmrestd refused")
        if self._send(result, "POST", f"/node/{node}", shapes.node_update_body(self.version, "DRAIN", full)):
            result.outcome, result.detail = "done", full
        return result

    def resume(self, node: str, our_reason_prefix: str = OUR_PREFIX) -> ActionResult:
        """Undrain only a node WE drained (same read-then-write window as the command client)."""
        _check_node(node)
        info = self.node(node)
        settled = resume_settled(node, info, our_reason_prefix)
        if settled is not None:
            return settled
        assert info is not None  # a missing node is a settled answer
        if not self.capabilities().update_node:
            return self._unserved(
                "resume", node, "resume a node (no POST /node/{node_name}; Slurm 23.02+ has it)"
            )
        result = ActionResult("resume", node, "failed", "slurmrestd refused")
        if self._send(result, "POST", f"/node/{node}", shapes.node_update_body(self.version, "RESUME")):
            result.outcome, result.detail = "done", f"resumed (was: {info.reason})"
        return result

    def reboot(self, node: str, reason: str, our_prefix: str = OUR_PREFIX) -> ActionResult:
        """No slurmrestd version serves ``scontrol reboot``: refused, after the same checks."""
        _check_node(node)
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
        return self._unserved("reboot", node, "reboot a node (slurmrestd has no reboot endpoint)")

    def requeue(
        self,
        job_id: str | int,
        exclude: list[str] | tuple[str, ...] = (),
        enable_requeue: bool = True,
        completing_wait: float = 15.0,
    ) -> ActionResult:
        """Back in the queue, never again on ``exclude``: the command client's order
        (requeue held, exclude, release) where the API serves it; on older servers only the
        exclusion of a job that is pending again (Slurm requeued it, or it never started)."""
        job = _check_job(job_id)
        for n in exclude:
            _check_node(n)
        info = self._settled(job, completing_wait)
        result = ActionResult("requeue", job, "failed")
        if info is None:
            result.outcome, result.detail = "superseded", "job no longer known to Slurm"
            return result
        if info.state == "CANCELLED":
            result.outcome, result.detail = "superseded", "job was cancelled; not resurrecting it"
            return result
        caps = self.capabilities()
        if info.state in PENDING and held_by_our_requeue(info):
            # Our own hold, left by an interrupted requeue (a worker killed between hold and release):
            # finish it, as the command client finishes a requeuehold.
            return self._exclude_pending(info, exclude, result, requeued_by="us", must_release=True)
        if info.state in PENDING:
            return self._exclude_pending(info, exclude, result, requeued_by="slurm")
        if info.state not in ACTIVE | ENDED_REQUEUEABLE:
            result.detail = f"cannot requeue a job in state {info.state}"
            return result
        by_node_failure = caps.requeue_by_node_failure and info.state in ACTIVE
        if not caps.requeue_job and not by_node_failure:
            result.detail = (
                f"slurmrestd {caps.version} cannot requeue a {info.state} job (no /job/{{job_id}}/requeue); "
                "nothing was sent"
            )
            return result
        culprits: list[NodeInfo] = []
        if by_node_failure:
            culprits, refusal = self._node_failure_culprits(info, exclude)
            if refusal:
                result.detail = (
                    f"slurmrestd {caps.version} has no requeue endpoint: {refusal}; nothing was sent"
                )
                return result
        if not info.requeue:
            if info.state not in ACTIVE:
                result.detail = f"job ended ({info.state}) with Requeue=0: Slurm cannot requeue it; it must be resubmitted"
                return result
            body = shapes.job_update_body(caps.version, requeue=True)
            if not enable_requeue or not self._send(result, "POST", f"/job/{job}", body):
                result.detail = result.detail or "job has Requeue=0"
                return result
        if by_node_failure:
            fresh = self._requeue_by_node_failure(info, culprits, result, max(completing_wait, 30.0))
            if fresh is None:
                return result
        else:
            query = urllib.parse.urlencode({"flags": "Hold"})
            if not self._send(result, "GET", f"/job/{job}/requeue?{query}", None):
                result.detail = "slurmrestd refused the requeue"
                return result
            fresh = self.job(job) or info
        done = self._exclude_pending(fresh, exclude, result, requeued_by="us", must_release=True)
        if by_node_failure and done.outcome == "done":
            done.detail += (
                f" (through node failure: {compress([n.name for n in culprits])} set DOWN, still drained)"
            )
        return done

    def _node_failure_culprits(
        self, info: JobInfo, exclude: list[str] | tuple[str, ...]
    ) -> tuple[list[NodeInfo], str]:
        """The culprit nodes whose failure would requeue this job, or why that may not be done.

        Setting a node DOWN kills every job on it (Slurm requeues the requeueable ones), so it is
        done only to a culprit that runs this job, that the controller itself drained, and that
        runs no other job."""
        on_job = set(expand(info.nodes))
        names = sorted(set(exclude) & on_job)
        if not names:
            return (
                [],
                f"job {info.job_id} runs on none of the culprit nodes ({compress(sorted(exclude)) or 'none given'})",
            )
        culprits = []
        for name in names:
            node = self.node(name)
            if node is None or not (node.is_drained and node.reason.startswith(OUR_PREFIX)):
                who = (
                    f"drained by {node.reason_user or 'someone else'}: {node.reason}"
                    if node and node.is_drained
                    else "not drained"
                )
                return (
                    [],
                    f"{name} is {who}; only a node the controller drained is set DOWN to requeue its job",
                )
            culprits.append(node)
        others = sorted(
            j.job_id
            for j in self.jobs()
            if j.job_id != info.job_id and j.state in ACTIVE and set(expand(j.nodes)) & set(names)
        )
        if others:
            return [], f"setting {compress(names)} DOWN would also kill job(s) {', '.join(others)}"
        return culprits, ""

    def _requeue_by_node_failure(
        self, info: JobInfo, culprits: list[NodeInfo], result: ActionResult, wait: float
    ) -> JobInfo | None:
        """Hold the job (so it waits for its exclusion), set its culprits DOWN with our reason kept:
        Slurm kills it and puts it back in the queue, held. The pending job, or None (result says why)."""
        body = shapes.job_update_body(
            self.version, hold=True, admin_comment=with_hold_mark(info.admin_comment)
        )
        if not self._send(result, "POST", f"/job/{info.job_id}", body):
            result.detail = "slurmrestd refused to hold the job; nothing else was sent"
            return None
        for node in culprits:
            body = shapes.node_update_body(self.version, "DOWN", node.reason)
            if not self._send(result, "POST", f"/node/{node.name}", body):
                result.detail = f"slurmrestd refused to set {node.name} DOWN; the job is left held"
                return None
        deadline = time.monotonic() + wait
        while True:
            fresh = self.job(info.job_id)
            if fresh is not None and fresh.state in PENDING:
                return fresh
            if time.monotonic() > deadline:
                state = fresh.state if fresh else "gone"
                result.detail = (
                    f"job did not return to the queue within {wait:.0f}s of its node failure ({state})"
                )
                return None
            time.sleep(0.5)

    def _settled(self, job: str, wait: float) -> JobInfo | None:
        deadline = time.monotonic() + wait
        while True:
            info = self.job(job)
            if info is None or info.state != "COMPLETING" or time.monotonic() > deadline:
                return info
            time.sleep(0.5)

    def _exclude_pending(
        self,
        info: JobInfo,
        exclude: list[str] | tuple[str, ...],
        result: ActionResult,
        requeued_by: str,
        must_release: bool = False,
    ) -> ActionResult:
        want = set(info.excluded) | set(exclude)
        changed = False
        if want - set(info.excluded):
            if not self.capabilities().update_job:
                result.detail = f"slurmrestd {self.version} cannot update a job (no POST /job/{{job_id}})"
                return result
            body = shapes.job_update_body(self.version, exclude=sorted(want))
            if not self._send(result, "POST", f"/job/{info.job_id}", body):
                result.detail = "slurmrestd refused the exclusion" + (
                    "; the job is left held" if must_release else ""
                )
                return result
            changed = True
        if must_release or info.reason == HELD_BY_REQUEUEHOLD:
            if not self._release(info, result):
                return result
            changed = True
        excl = compress(sorted(want)) if want else "nothing"
        if requeued_by == "us" or info.reason == HELD_BY_REQUEUEHOLD:
            result.outcome, result.detail = "done", f"requeued, excluding {excl}"
        elif changed:
            before = "already requeued by Slurm" if info.restarts else "still pending (never started)"
            result.outcome, result.detail = "done", f"{before}; now excluding {excl}"
        else:
            result.outcome, result.detail = "already", f"already pending, excluding {excl}"
        if info.reason in ("JobHeldAdmin", "JobHeldUser") and not must_release:
            result.detail += f"; held by someone else ({info.reason}), not released"
        return result

    def _release(self, info: JobInfo, result: ActionResult) -> bool:
        """Release our requeue hold (``hold: false``, v0.0.40+; v0.0.3x cannot release)."""
        if self.version in shapes.OLD_SHAPE:
            result.detail = f"slurmrestd {self.version} cannot release a held job; it is left held"
            return False
        fields: dict[str, Any] = {"hold": False}
        if info.admin_comment.startswith(HOLD_MARK):
            fields["admin_comment"] = without_hold_mark(info.admin_comment)  # our mark taken off again
        body = shapes.job_update_body(self.version, **fields)
        if not self._send(result, "POST", f"/job/{info.job_id}", body):
            result.detail = "slurmrestd refused the release; the job is left held"
            return False
        return True

    def cancel(self, job_id: str | int) -> ActionResult:
        job = _check_job(job_id)
        info = self.job(job)
        if info is None:
            return ActionResult("cancel", job, "already", "job no longer known to Slurm")
        if info.state not in ACTIVE | PENDING:
            return ActionResult("cancel", job, "already", f"job already ended ({info.state})")
        result = ActionResult("cancel", job, "failed")
        if self._send(result, "DELETE", f"/job/{job}", None):
            result.outcome, result.detail = "done", "cancelled"
        return result

    # -- the Test connection button -----------------------------------------------------
    def test_connection(self) -> Diagnosis:
        """DNS, TCP, TLS, token, API version, permission; stops at the first failure."""
        return diagnose(self)
