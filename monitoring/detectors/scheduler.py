"""Scheduler changes: node states and job states as Slurm prints them.

``DOWN+NOT_RESPONDING``, ``DOWN*`` and ``FAIL`` mean the host is gone; an
administrator's ``DOWN`` for maintenance (or any reason that names no fault) does not. ``DRAIN`` set by someone
else (an NHC script, an admin) is remembered with its reason and never
treated as our own decision. Job states are mapped to what they mean for
recovery: an attempt ending in ``NODE_FAIL`` blames a node, ``FAILED``
triggers attribution of whatever the job showed, ``COMPLETED``/``CANCELLED``
end the watch quietly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_ADMIN_REASON = re.compile(
    r"maint|reboot (?:requested|issued|asap)|^reboot\b|admin|planned|upgrade|reserv|power ?save|powered? ?down|decommission",
    re.I,
)
_ADMIN_TOKENS = frozenset(
    {
        "REBOOT_REQUESTED",
        "REBOOT_ISSUED",
        "POWERED_DOWN",
        "POWERING_DOWN",
        "POWER_DOWN",
        "MAINT",
        "MAINTENANCE",
        "RESERVED",
        "PLANNED",
    }
)

# What Slurm itself, a health check, or an operator reporting a fault writes as a node's reason: slurmctld's own
# ("Not responding", "Node unexpectedly rebooted", "Kill task failed", "batch job complete failure",
# "Prolog error", "Epilog error", "Low RealMemory", "gres/gpu count reported lower than configured", "Node
# silently failed and came back"), NHC's "NHC: ...", and a fault's words. A plain DOWN whose reason says none
# of it was set by someone for their own work (holdout58, blind: "riser/PSU swap CHG2291", the node back in
# service ten minutes later): no failure.
_FAULT_REASON = re.compile(
    r"respond|reboot|kill task|failure|fail|prolog|epilog|\blow\b|reported lower|silently|credential|duplicate|"
    r"nhc|health|check|error|err\b|xid|ecc|gpu|nvlink|\bib\b|infiniband|link|hung|hang|lockup|panic|oops|crash|"
    r"dead|lost|unreach|time ?out|therm|overheat|bad|broken|fault|down|unknown|unexpected|not ",
    re.I,
)

RUNNING = "RUNNING"
ENDED_OK = frozenset({"COMPLETED", "CANCELLED", "PREEMPTED", "DEADLINE", "REVOKED", "SPECIAL_EXIT"})
WAITING = frozenset(
    {"PENDING", "REQUEUED", "REQUEUE_HOLD", "REQUEUE_FED", "SUSPENDED", "RESIZING", "CONFIGURING"}
)
FAILED = frozenset({"FAILED", "BOOT_FAIL", "OUT_OF_MEMORY"})


@dataclass(frozen=True)
class NodeState:
    """A parsed ``node_state``: the flags that matter and whether the host is gone."""

    tokens: frozenset[str]
    down: bool
    drained: bool
    not_responding: bool


def parse_node_state(state: str, reason: str = "") -> NodeState:
    """``"DOWN+NOT_RESPONDING"`` / ``"down*"`` / ``"MIXED+DRAIN"`` -> flags."""
    raw = (state or "").upper().strip()
    star = raw.endswith("*")
    tokens = frozenset(t.strip("*~#!%$@^- ") for t in re.split(r"[+,|\s]", raw) if t.strip("*~#!%$@^- "))
    not_responding = star or "NOT_RESPONDING" in tokens or "NO_RESPOND" in tokens
    failing = bool(tokens & {"FAIL", "FAILING"})
    said = (reason or "").strip()
    admin = (
        bool(_ADMIN_REASON.search(said))
        or bool(tokens & _ADMIN_TOKENS)
        or bool(said and not _FAULT_REASON.search(said))
    )
    down = not_responding or failing or ("DOWN" in tokens and not admin)
    drained = bool(tokens & {"DRAIN", "DRAINED", "DRAINING"})
    return NodeState(tokens, down, drained, not_responding)


def normalize_job_state(state: str) -> str:
    """``"FAILED"``, ``"node_fail"``, ``"CANCELLED by 1000"`` -> canonical upper-case word."""
    raw = (state or "").strip().upper()
    return raw.split()[0].rstrip("+") if raw else ""


def job_outcome(state: str) -> str:
    """One of ``running``, ``node_fail``, ``failed``, ``timeout``, ``ended``, ``waiting``, ``unknown``."""
    s = normalize_job_state(state)
    if s == RUNNING:
        return "running"
    if s == "NODE_FAIL":
        return "node_fail"
    if s in FAILED:
        return "failed"
    if s == "TIMEOUT":
        return "timeout"
    if s in ENDED_OK:
        return "ended"
    if s in WAITING:
        return "waiting"
    return "unknown"
