"""slurmrestd's JSON, both shapes, as the same NodeInfo/JobInfo the commands give (pure, no I/O).

Which version: the server's OpenAPI document lists its paths (``/slurm/v0.0.38/nodes`` …);
we take the newest version we support that it serves (:func:`pick_version`) and read what
it can do from the same paths and methods (:func:`capabilities`), not from a version table,
so a site's build with a plugin left out is described as it is.

Two shapes, taken from slurmrestd's own source (``src/plugins/openapi/v0.0.3x/{nodes,jobs}.c``
for 22.05, ``src/plugins/data_parser/v0.0.4x/parsers.c`` for 23.11 on):

- **v0.0.37, v0.0.38** (Slurm 21.08-22.05): a node's ``state`` is the base state in lower case
  (``"idle"``) and the flags a list (``state_flags: ["DRAIN"]``); numbers and times are plain
  integers; a job's ``job_state`` is one string and ``exit_code`` a raw wait status.
- **v0.0.40 and later** (Slurm 23.11 on): ``state``/``job_state`` are lists of flags
  (``["IDLE", "DRAIN"]``); numbers that may be unset are ``{"set", "infinite", "number"}``
  objects; ``exit_code`` is ``{"status": [...], "return_code": {..}, "signal": {"id": {..}}}``.

v0.0.36 is refused on purpose: its node ``state`` is the base state only and it has no
``state_flags``, so a node drained by NHC reads as plain ``idle`` (nodes.c, 22.05) and
nothing could tell our drain from someone else's. v0.0.39 (23.02's first data_parser) is
not mapped.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from monitoring.slurm.parse import JobInfo, NodeInfo

OLD_SHAPE = ("v0.0.37", "v0.0.38")
NEW_SHAPE = ("v0.0.40", "v0.0.41", "v0.0.42", "v0.0.43", "v0.0.44", "v0.0.45", "v0.0.46")
SUPPORTED = OLD_SHAPE + NEW_SHAPE
_PATH_VERSION = re.compile(r"^/slurm/(v\d+\.\d+\.\d+)/")


def _key(version: str) -> tuple[int, ...]:
    return tuple(int(x) for x in version.lstrip("v").split("."))


def offered_versions(openapi: dict[str, Any]) -> list[str]:
    """The slurmctld API versions an OpenAPI document serves, oldest first."""
    found = {m.group(1) for p in (openapi.get("paths") or {}) if (m := _PATH_VERSION.match(str(p)))}
    return sorted(found, key=_key)


def pick_version(offered: Iterable[str], supported: Iterable[str] = SUPPORTED) -> str | None:
    """The newest version both sides speak, or None."""
    both = set(offered) & set(supported)
    return max(both, key=_key) if both else None


@dataclass(frozen=True)
class Capabilities:
    """What this server's API version lets the controller do (from its OpenAPI paths)."""

    version: str
    update_node: bool  # POST /node/{node_name}: drain, resume (v0.0.39 on)
    update_job: bool  # POST /job/{job_id}: exclusion, hold/release, Requeue flag
    requeue_job: bool  # GET /job/{job_id}/requeue?flags=Hold (Slurm 25.05 on; 24.11 has none)
    reboot_node: bool = False  # no slurmrestd version serves a reboot

    @property
    def requeue_by_node_failure(self) -> bool:
        """No requeue endpoint, but node and job updates (Slurm 23.02-24.11): a running job is
        requeued the way Slurm requeues it when a node fails, by setting its culprit DOWN."""
        return not self.requeue_job and self.update_node and self.update_job

    @property
    def missing(self) -> list[str]:
        out = []
        if not self.update_node:
            out.append("drain/resume (no POST /node/{node_name})")
        if not self.requeue_job and not self.requeue_by_node_failure:
            out.append("requeue of a running job (no /job/{job_id}/requeue)")
        if not self.reboot_node:
            out.append("reboot (slurmrestd serves none)")
        return out


def capabilities(openapi: dict[str, Any], version: str) -> Capabilities:
    paths = openapi.get("paths") or {}

    def has(path: str, method: str) -> bool:
        ops = paths.get(f"/slurm/{version}{path}") or paths.get(f"/slurm/{version}{path}/") or {}
        return isinstance(ops, dict) and method in ops

    return Capabilities(
        version=version,
        update_node=has("/node/{node_name}", "post"),
        update_job=has("/job/{job_id}", "post"),
        requeue_job=has("/job/{job_id}/requeue", "get"),
    )


# --- values -------------------------------------------------------------------------------


def number(v: Any) -> int | None:
    """A plain integer (v0.0.3x) or ``{"set": true, "number": N}`` (v0.0.40+); None when unset."""
    if isinstance(v, dict):
        if not v.get("set", True) or v.get("infinite"):
            return None
        v = v.get("number")
    if isinstance(v, bool) or v is None:
        return None
    try:
        return int(v)
    except (TypeError, ValueError):
        return None


def _text(v: Any) -> str:
    return "" if v is None else str(v)


def _flags(v: Any) -> list[str]:
    if isinstance(v, list):
        return [str(x).upper() for x in v]
    return [s for s in _text(v).upper().split("+") if s] if v else []


def _iso(epoch: int | None) -> str:
    """Epoch -> the ISO text scontrol prints (read as UTC, as parse.py does)."""
    return datetime.fromtimestamp(epoch, UTC).strftime("%Y-%m-%dT%H:%M:%S") if epoch else ""


def _node_state(n: dict[str, Any], new: bool) -> str:
    """``"IDLE+DRAIN"``, as ``scontrol`` prints it, from either shape."""
    if new:
        return "+".join(_flags(n.get("state")))
    return "+".join([_text(n.get("state")).upper(), *_flags(n.get("state_flags"))])


def node_info(n: dict[str, Any], version: str) -> NodeInfo:
    new = version in NEW_SHAPE
    next_state = n.get("next_state_after_reboot")
    if not new:
        nxt = [_text(next_state).upper(), *_flags(n.get("next_state_after_reboot_flags"))]
        next_state = "+".join(x for x in nxt if x and x != "INVALID")
    else:
        next_state = "+".join(x for x in _flags(next_state) if x != "INVALID")
    reason = _text(n.get("reason"))
    return NodeInfo(
        name=_text(n.get("name")),
        state=_node_state(n, new),
        reason=reason,
        # Slurm keeps the uid and time of a reason after a resume clears it; scontrol prints them
        # only beside a reason, and a user of no reason must never read as someone's drain.
        reason_user=_text(n.get("reason_set_by_user")) if reason else "",
        reason_time=_iso(number(n.get("reason_changed_at"))) if reason else "",
        partitions=tuple(_text(p) for p in (n.get("partitions") or []) if p),
        gres=_text(n.get("gres")),
        gres_used=_text(n.get("gres_used")),
        cpus=number(n.get("cpus")) or 0,
        boot_time=_iso(number(n.get("boot_time"))),
        slurmd_start_time=_iso(number(n.get("slurmd_start_time"))),
        next_state=next_state,
    )


def _exit_code(v: Any) -> str:
    """``exit:signal`` as scontrol prints it."""
    if isinstance(v, dict):
        sig = v.get("signal") or {}
        sig_id = number(sig.get("id") if isinstance(sig, dict) and "id" in sig else sig.get("signal_id"))
        return f"{number(v.get('return_code')) or 0}:{sig_id or 0}"
    raw = number(v) or 0
    return f"{(raw >> 8) & 0xFF}:{raw & 0x7F}"


def _job_state(j: dict[str, Any]) -> str:
    states = _flags(j.get("job_state"))
    return states[0] if states else ""


def job_info(j: dict[str, Any], version: str) -> JobInfo:
    start = number(j.get("start_time"))
    return JobInfo(
        job_id=_text(j.get("job_id")),
        name=_text(j.get("name")),
        user=_text(j.get("user_name")),
        state=_job_state(j),
        reason="" if _text(j.get("state_reason")) in ("None", "") else _text(j.get("state_reason")),
        nodes=_text(j.get("nodes")),
        exc_nodes=_text(j.get("excluded_nodes")),
        partition=_text(j.get("partition")),
        restarts=number(j.get("restart_cnt")) or 0,
        requeue=bool(j.get("requeue")),
        batch=bool(j.get("batch_flag", True)),
        exit_code=_exit_code(j.get("exit_code")),
        comment=_text(j.get("comment")),
        admin_comment=_text(j.get("admin_comment")),
        # The stored pattern (%j unexpanded); v0.0.42+ also gives the expanded path.
        stdout=_text(j.get("standard_output_expanded") or j.get("standard_output")),
        stderr=_text(j.get("standard_error_expanded") or j.get("standard_error")),
        work_dir=_text(j.get("current_working_directory")),
        priority=number(j.get("priority")) or 0,
        start_time=float(start) if start else None,
        tasks=number(j.get("tasks")) or 0,
        node_count=number(j.get("node_count")) or 0,
    )


_PATTERN = re.compile(r"%(%|[0-9]*[jxuAa])")


def output_path(pattern: str, job: JobInfo) -> str:
    """A job's stdout/stderr path from the pattern the API returns (v0.0.3x does not expand it).

    Empty: Slurm's default ``slurm-%j.out`` in the working directory; relative: from it.
    Expands what a path can be known by from the controller (%j %x %u %A %a %%); a pattern
    with a per-node or per-task field (%N %n %t %s) is left as it is (it names many files)."""
    array, _, task = job.job_id.partition("_")

    def one(m: re.Match[str]) -> str:
        code = m.group(1)
        if code == "%":
            return "%"
        width, letter = code[:-1], code[-1]
        value = {"j": job.job_id, "x": job.name, "u": job.user, "A": array, "a": task}[letter]
        return value.zfill(int(width)) if width and value.isdigit() else value

    path = _PATTERN.sub(one, pattern or "slurm-%j.out")
    if not path.startswith("/") and job.work_dir:
        path = f"{job.work_dir.rstrip('/')}/{path}"
    return path


def with_output_paths(job: JobInfo) -> JobInfo:

    if not job.batch:
        return job
    return replace(
        job, stdout=output_path(job.stdout, job), stderr=output_path(job.stderr or job.stdout, job)
    )


def nodes_from(doc: dict[str, Any], version: str) -> list[NodeInfo]:
    return [node_info(n, version) for n in doc.get("nodes") or [] if isinstance(n, dict)]


def jobs_from(doc: dict[str, Any], version: str) -> list[JobInfo]:
    return [job_info(j, version) for j in doc.get("jobs") or [] if isinstance(j, dict)]


def errors_in(doc: dict[str, Any]) -> str:
    """slurmrestd's ``errors`` list, in one line (both shapes), or ""."""
    out = []
    for e in doc.get("errors") or []:
        if isinstance(e, dict):
            words = [_text(e.get(k)) for k in ("error", "description", "source") if e.get(k)]
            out.append(": ".join(dict.fromkeys(words)))
    return "; ".join(x for x in out if x)


def node_update_body(version: str, state: str, reason: str = "") -> dict[str, Any]:
    """``POST /node/{name}``'s body (update_node_msg: ``state`` a list of flags, ``reason``)."""
    body: dict[str, Any] = {"state": [state]}
    if reason:
        body["reason"] = reason
    return body


def job_update_body(version: str, **fields: Any) -> dict[str, Any]:
    """``POST /job/{id}``'s body. v0.0.3x take sbatch's option names at the top level
    (``exclude_nodes``, ``hold``, ``requeue``); v0.0.40+ a job_desc_msg (``excluded_nodes``
    a list). Keys: ``exclude`` (node names), ``hold`` (bool), ``requeue`` (bool),
    ``admin_comment`` (text; the controller's mark on a hold of its own)."""
    new = version in NEW_SHAPE
    body: dict[str, Any] = {}
    if "exclude" in fields:
        nodes = list(fields["exclude"])
        body["excluded_nodes" if new else "exclude_nodes"] = nodes if new else ",".join(nodes)
    if "hold" in fields:
        body["hold"] = bool(fields["hold"])
    if "requeue" in fields:
        body["requeue"] = bool(fields["requeue"])
    if "admin_comment" in fields:
        body["admin_comment"] = str(fields["admin_comment"])
    return body
