"""Parsing what Slurm 22.05 prints: ``scontrol -o show node|job`` and ``sinfo/squeue --json``.

``scontrol -o`` prints one record per line as ``Key=Value`` pairs separated by spaces,
but several values are free text that may itself contain spaces and ``Key=`` look-alikes
(``JobName=x NodeList=evil``, ``Comment=... Reason=...``, a node ``Reason=`` written by
NHC). Splitting on spaces, or on every ``Word=``, lets a user forge fields. So fields
are found by their known keys in the order scontrol prints them: among all candidate
``Key=`` positions we keep the longest chain whose keys appear in canonical order, and
when two chains are equally long we prefer the later positions, so a look-alike key
inside a free-text value stays part of that value. Keys we do not know are split off
only from values that are never free text.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from monitoring.detectors.hostlist import expand

# Print order of slurm_sprint_job_info() / slurm_sprint_node_table() in 22.05
# (optional fields included; a record shows a subset, always in this order).
JOB_KEYS = (
    "JobId ArrayJobId ArrayTaskId ArrayTaskThrottle HetJobId HetJobOffset HetJobIdSet JobName UserId "
    "GroupId MCS_label Priority Nice Account QOS WCKey JobState Reason FailedNode Dependency Requeue "
    "Restarts BatchFlag Reboot ExitCode DerivedExitCode RunTime TimeLimit TimeMin SubmitTime "
    "EligibleTime AccrueTime StartTime EndTime Deadline PreemptEligibleTime PreemptTime SuspendTime "
    "SecsPreSuspend LastSchedEval ResizeTime Scheduler Partition AllocNode:Sid ReqNodeList ExcNodeList "
    "NodeList BatchHost NumNodes NumCPUs NumTasks CPUs/Task ReqB:S:C:T ReqS:C:T TRES Socks/Node "
    "NtasksPerN:B:S:C CoreSpec ThreadSpec JOB_GRES Nodes CPU_IDs Mem GRES MinCPUsNode MinMemoryNode "
    "MinMemoryCPU MinTmpDiskNode Features ClusterFeatures Prefer BatchFeatures DelayBoot Reservation "
    "OverSubscribe Contiguous Licenses Network Command WorkDir AdminComment SystemComment Comment "
    "StdErr StdIn StdOut Switches Wait-for-Switch BurstBuffer BurstBufferState CpuFreqMin CpuFreqMax "
    "CpuFreqGov Power TresPerJob TresPerNode TresPerSocket TresPerTask TresBind TresFreq "
    "NtasksPerTRES MailUser MailType Container"
).split()
NODE_KEYS = (
    "NodeName Arch CoresPerSocket CPUAlloc CPUEfctv CPUTot CPULoad AvailableFeatures ActiveFeatures "
    "Gres GresDrain GresUsed NodeAddr NodeHostName Port Version OS RealMemory AllocMem FreeMem "
    "Sockets Boards CoreSpecCount CPUSpecList MemSpecLimit State ThreadsPerCore TmpDisk Weight Owner "
    "MCS_label NextState Partitions BootTime SlurmdStartTime LastBusyTime ResumeAfterTime CfgTRES "
    "AllocTRES CapWatts CurrentWatts AveWatts ExtSensorsJoules ExtSensorsWatts ExtSensorsTemp "
    "Comment Extra Reason"
).split()
FREE_TEXT = {
    "JobName",
    "Comment",
    "AdminComment",
    "SystemComment",
    "Command",
    "WorkDir",
    "StdErr",
    "StdIn",
    "StdOut",
    "OS",
    "Extra",
    "MailUser",
    "Reason",
    "Dependency",
    "Features",
    "AvailableFeatures",
    "ActiveFeatures",
}
_CANDIDATE = re.compile(r"(?:^|(?<= ))([A-Za-z][A-Za-z0-9_:/\-]*)=")
_NULLS = {"(null)", "None", "N/A", ""}


def _chain(line: str, order: dict[str, int]) -> list[tuple[int, str]]:
    """Positions of the real ``Key=`` starts (see module docstring)."""
    cands = [(m.start(), m.group(1)) for m in _CANDIDATE.finditer(line) if m.group(1) in order]
    n = len(cands)
    best = [1] * n  # longest chain starting at i
    nxt = [-1] * n
    for i in range(n - 1, -1, -1):
        for j in range(n - 1, i, -1):  # later j first: ties keep the later position
            if order[cands[j][1]] > order[cands[i][1]] and best[j] + 1 > best[i]:
                best[i], nxt[i] = best[j] + 1, j
    if not cands:
        return []
    # The chain must start at the record's first key (position 0).
    i = 0 if cands[0][0] == 0 else max(range(n), key=lambda k: (best[k], k))
    out = []
    while i != -1:
        out.append(cands[i])
        i = nxt[i]
    return out


def parse_oneliner(line: str, keys: list[str] | tuple[str, ...]) -> dict[str, str]:
    """One ``scontrol -o show ...`` record -> ``{key: value}`` (values stripped)."""
    line = line.rstrip("\n")
    order = {k: i for i, k in enumerate(keys)}
    chain = _chain(line, order)
    fields: dict[str, str] = {}
    for idx, (pos, key) in enumerate(chain):
        end = chain[idx + 1][0] if idx + 1 < len(chain) else len(line)
        value = line[pos + len(key) + 1 : end]
        value = value[:-1] if value.endswith(" ") else value
        if key in FREE_TEXT:
            fields[key] = value.rstrip(" ")
            continue
        value = value.strip()
        # A key this table does not know (newer Slurm) hides in a value that never has
        # spaces: split it back out rather than corrupting the known one.
        head, *rest = re.split(r"\s+(?=[A-Za-z][A-Za-z0-9_:/\-]*=)", value)
        fields[key] = head.strip()
        for extra in rest:
            k, _, v = extra.partition("=")
            fields.setdefault(k, v.strip())
    return fields


def _null(v: str | None) -> str:
    return "" if v is None or v.strip() in _NULLS else v


def _int(v: Any, default: int = 0) -> int:
    try:
        return int(str(v).strip())
    except (TypeError, ValueError):
        return default


_REASON_TAIL = re.compile(r"^(?P<text>.*?)\s*\[(?P<user>[^@\]\s]+)@(?P<when>[0-9T:\-]+)\]$", re.S)


def split_reason(raw: str) -> tuple[str, str, str]:
    """``"NHC: x [root@2026-11-29T11:03:46]"`` -> ``("NHC: x", "root", "2026-11-29T11:03:46")``."""
    raw = _null(raw)
    m = _REASON_TAIL.match(raw)
    if not m:
        return raw, "", ""
    return m.group("text"), m.group("user"), m.group("when")


@dataclass(frozen=True)
class NodeInfo:
    name: str
    state: str  # as scontrol prints it: "IDLE+DRAIN", "DOWN+NOT_RESPONDING", "MIXED"
    reason: str = ""
    reason_user: str = ""
    reason_time: str = ""  # ISO as Slurm prints it, local time of the controller
    partitions: tuple[str, ...] = ()
    gres: str = ""
    gres_used: str = ""
    cpus: int = 0
    boot_time: str = ""  # BootTime as scontrol prints it: changes when the node reboots
    slurmd_start_time: str = ""
    next_state: str = ""

    @property
    def rebooting(self) -> bool:
        """A reboot asked for (REBOOT_REQUESTED) or sent to the node and not yet seen back (REBOOT_ISSUED)."""
        return bool(self.flags & {"REBOOT_REQUESTED", "REBOOT_ISSUED", "REBOOT"})

    @property
    def flags(self) -> set[str]:
        return set(self.state.upper().split("+"))

    @property
    def base_state(self) -> str:
        return self.state.upper().split("+", 1)[0].rstrip("*")

    @property
    def is_drained(self) -> bool:
        """Drain requested (DRAIN flag; scontrol shows DRAINING/DRAINED too)."""
        return bool(self.flags & {"DRAIN", "DRAINED", "DRAINING"}) or self.base_state in (
            "DRAINED",
            "DRAINING",
        )

    @property
    def is_down(self) -> bool:
        return self.base_state == "DOWN"

    @property
    def not_responding(self) -> bool:
        return "NOT_RESPONDING" in self.flags or self.state.endswith("*")


@dataclass(frozen=True)
class JobInfo:
    job_id: str
    name: str = ""
    user: str = ""
    state: str = ""
    reason: str = ""
    nodes: str = ""  # hostlist as Slurm prints it ("" while pending)
    exc_nodes: str = ""
    partition: str = ""
    restarts: int = 0
    requeue: bool = False
    batch: bool = True
    exit_code: str = "0:0"
    comment: str = ""
    admin_comment: str = ""  # an administrator's note on the job (only admins may set it)
    stdout: str = ""
    stderr: str = ""
    work_dir: str = ""
    priority: int = 0
    start_time: float | None = None
    tasks: int = 0
    node_count: int = 0
    raw: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    @property
    def node_list(self) -> list[str]:
        return expand(self.nodes)

    @property
    def excluded(self) -> list[str]:
        return expand(self.exc_nodes)


def _iso_to_epoch(v: str) -> float | None:
    v = _null(v)
    if not v or v == "Unknown":
        return None
    try:
        return datetime.fromisoformat(v).replace(tzinfo=UTC).timestamp()
    except ValueError:
        return None


def parse_show_node(text: str) -> list[NodeInfo]:
    out = []
    for line in text.splitlines():
        if not line.startswith("NodeName="):
            continue
        f = parse_oneliner(line, NODE_KEYS)
        reason, who, when = split_reason(f.get("Reason", ""))
        out.append(
            NodeInfo(
                name=f["NodeName"],
                state=f.get("State", ""),
                reason=reason,
                reason_user=who,
                reason_time=when,
                partitions=tuple(p for p in _null(f.get("Partitions")).split(",") if p),
                gres=_null(f.get("Gres")),
                gres_used=_null(f.get("GresUsed")),
                cpus=_int(f.get("CPUTot")),
                boot_time=_null(f.get("BootTime")),
                slurmd_start_time=_null(f.get("SlurmdStartTime")),
                next_state=_null(f.get("NextState")),
            )
        )
    return out


def parse_show_job(text: str) -> list[JobInfo]:
    out = []
    for line in text.splitlines():
        if not line.startswith("JobId="):
            continue
        f = parse_oneliner(line, JOB_KEYS)
        out.append(
            JobInfo(
                job_id=f["JobId"],
                name=f.get("JobName", ""),
                user=f.get("UserId", "").split("(")[0],
                state=f.get("JobState", ""),
                reason=_null(f.get("Reason")),
                nodes=_null(f.get("NodeList")),
                exc_nodes=_null(f.get("ExcNodeList")),
                partition=_null(f.get("Partition")),
                restarts=_int(f.get("Restarts")),
                requeue=f.get("Requeue") == "1",
                batch=f.get("BatchFlag", "1") == "1",
                exit_code=f.get("ExitCode", "0:0") or "0:0",
                comment=_null(f.get("Comment")),
                stdout=_null(f.get("StdOut")),
                stderr=_null(f.get("StdErr")),
                work_dir=_null(f.get("WorkDir")),
                priority=_int(f.get("Priority")),
                start_time=_iso_to_epoch(f.get("StartTime", "")),
                tasks=_int(f.get("NumTasks")),
                node_count=_int(f.get("NumNodes")),
                raw=f,
            )
        )
    return out


def _json(text: str) -> dict[str, Any]:
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("Slurm JSON output is not an object")
    return data


def _wait_status(v: Any) -> str:
    """squeue --json (v0.0.38) gives the raw wait status; scontrol prints ``exit:signal``."""
    if isinstance(v, dict):  # newer plugins: {"return_code": .., "signal": {"signal_id": ..}}
        sig = v.get("signal", {})
        return f"{_int(v.get('return_code'))}:{_int(sig.get('signal_id') if isinstance(sig, dict) else 0)}"
    n = _int(v)
    return f"{(n >> 8) & 0xFF}:{n & 0x7F}"


def parse_sinfo_json(text: str) -> list[NodeInfo]:
    out = []
    for n in _json(text).get("nodes", []):
        base = str(n.get("state", "")).upper()
        flags = [str(x).upper() for x in n.get("state_flags", []) or []]
        reason = str(n.get("reason", "") or "")
        # the uid and time of a reason outlive it after a resume: read only beside a reason
        when = (n.get("reason_changed_at") or 0) if reason else 0
        out.append(
            NodeInfo(
                name=str(n.get("name", "")),
                state="+".join([base, *flags]),
                reason=reason,
                reason_user=str(n.get("reason_set_by_user", "") or "") if reason else "",
                reason_time=datetime.fromtimestamp(when, UTC).strftime("%Y-%m-%dT%H:%M:%S") if when else "",
                partitions=tuple(n.get("partitions", []) or []),
                gres=str(n.get("gres", "") or ""),
                gres_used=str(n.get("gres_used", "") or ""),
                cpus=_int(n.get("cpus")),
            )
        )
    return out


def parse_squeue_json(text: str) -> list[JobInfo]:
    out = []
    for j in _json(text).get("jobs", []):
        start = j.get("start_time") or 0
        out.append(
            JobInfo(
                job_id=str(j.get("job_id", "")),
                name=str(j.get("name", "") or ""),
                user=str(j.get("user_name", "") or ""),
                state=str(j.get("job_state", "") or ""),
                reason=_null(str(j.get("state_reason", "") or "")),
                nodes=str(j.get("nodes", "") or ""),
                exc_nodes=str(j.get("excluded_nodes", "") or ""),
                partition=str(j.get("partition", "") or ""),
                restarts=_int(j.get("restart_cnt")),
                requeue=bool(j.get("requeue")),
                batch=bool(j.get("batch_flag", True)),
                exit_code=_wait_status(j.get("exit_code")),
                comment=str(j.get("comment", "") or ""),
                # squeue prints the *pattern* (%j unexpanded): use job() for real paths.
                stdout=str(j.get("standard_output", "") or ""),
                stderr=str(j.get("standard_error", "") or ""),
                work_dir=str(j.get("current_working_directory", "") or ""),
                priority=_int(j.get("priority")),
                start_time=float(start) if start else None,
                tasks=_int(j.get("tasks")),
                node_count=_int(j.get("node_count")),
            )
        )
    return out
