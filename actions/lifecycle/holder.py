"""Who holds a node out of service, and whether its drain reason says a node problem or a user problem (pure).

Operators of ``scontrol`` read a node's reason to know whom to ask: the controller (our
``recovery:`` reasons), an operator who drained it by hand through us (``recovery: drained by NAME``),
a foreign drain (NHC, an admin, Slurm itself), or a lemon held for RMA. The reason's words say
whether the node is at fault (hardware, health check, not responding) or a job is (processes
that would not die, a job's prolog/epilog).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

OUT = ("DRAIN", "DOWN", "FAIL", "MAINT", "REBOOT")
BY_HAND = re.compile(r"^recovery: drained by (?P<who>[^:]+)")
NODE_WORDS = (
    "xid",
    "gpu",
    "ecc",
    "nvlink",
    "hardware",
    "nhc",
    "health",
    "not responding",
    "ib ",
    "infiniband",
    "thermal",
    "memory error",
    "dimm",
    "disk",
    "node failure",
    "lemon",
    "rma",
    "degraded",
    "reboot",
    "port",
)
USER_WORDS = ("kill task failed", "epilog", "prolog", "job ", "user", "oom", "out of memory", "cgroup")


@dataclass(frozen=True)
class Holder:
    kind: str  # in_service | controller | operator | foreign | lemon
    who: str  # in the operator's words: "the controller", "operator otto", "NHC", "someone else"
    problem: str  # "node problem" | "user problem" | "" (not said)

    @property
    def label(self) -> str:
        return f"{self.who} ({self.problem})" if self.problem else self.who


def problem_of(reason: str) -> str:
    text = f" {reason.lower()} "
    if any(w in text for w in NODE_WORDS):
        return "node problem"
    if any(w in text for w in USER_WORDS):
        return "user problem"
    return ""


def holder(state: str, reason: str, drained_by_us: bool, lemon: bool = False) -> Holder:
    """Who holds the node (its Slurm state and reason, and what we know we did)."""
    if lemon:
        return Holder("lemon", "held as a lemon (RMA)", "node problem")
    if not any(word in state.upper() for word in OUT) and not reason:
        return Holder("in_service", "in service", "")
    m = BY_HAND.match(reason)
    if m and drained_by_us:
        return Holder("operator", f"operator {m['who'].strip()}", problem_of(reason[m.end() :]))
    if drained_by_us or reason.startswith("recovery:"):
        return Holder("controller", "the controller", problem_of(reason) or "node problem")
    if "nhc" in reason.lower():
        return Holder("foreign", "NHC (node health check)", "node problem")
    if not reason:
        return Holder("foreign", "Slurm (no reason given)", "")
    return Holder("foreign", "someone else (an admin or a site script)", problem_of(reason))
