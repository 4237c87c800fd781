"""The gate asked at the moment an action runs, not only when it was decided (pure).

An approved row may wait: in the queue, in a worker killed mid-way and put back by the
reconciler, in a message delivered late. By the time it runs the world may have moved: the
incident dismissed or merged, a silence begun, the cluster sent back to monitor (by a person
or the storm breaker), its autonomy lowered, the drain budget spent by others. Every gate the
decision passed is asked again here, from facts the caller reads at that moment.
"""

from __future__ import annotations

from dataclasses import dataclass

RUN = ""
SUPERSEDED = "superseded"
HELD = "held"
AWAITING_APPROVAL = "awaiting_approval"
BLOCKED = "blocked"


@dataclass(frozen=True)
class ExecutionFacts:
    mutating: bool  # changes the cluster (drain, requeue, reboot, reset); notices only tell people
    by_person: bool  # approved by someone, not by the ladder
    incident_gone: str = ""  # why the action ended with its incident (dismissed, merged), "" if it did not
    silenced_by: str = ""  # the active silence covering the incident, "" if none
    monitor_only: str = ""  # the back-to-monitor switch's reason while it is on, "" when off
    level: str = "auto"  # the ladder's level for this action now: monitor, approve or auto
    level_source: str = ""
    guardrail: str = ""  # the guardrail that says no now (in-flight counts included), "" if none


@dataclass(frozen=True)
class GateVerdict:
    status: str  # RUN, or the state the row goes to instead
    reason: str = ""


def at_execution(f: ExecutionFacts) -> GateVerdict:
    """What happens to an approved action at the moment it would run."""
    if f.incident_gone:
        return GateVerdict(SUPERSEDED, f"{f.incident_gone}: not executed")
    if not f.mutating:
        return GateVerdict(RUN)  # telling people changes nothing on the cluster
    if f.silenced_by:
        return GateVerdict(HELD, f"held at execution: silenced by {f.silenced_by}")
    if not f.by_person:  # what a person approved stays a person's decision
        if f.monitor_only:
            return GateVerdict(HELD, f"held at execution: the cluster is back in monitor ({f.monitor_only})")
        if f.level == "monitor":
            return GateVerdict(HELD, f"held at execution: the ladder now says monitor ({f.level_source})")
        if f.level == "approve":
            return GateVerdict(
                AWAITING_APPROVAL,
                f"at execution the ladder says approve ({f.level_source}): a person decides",
            )
    if f.guardrail:
        return GateVerdict(BLOCKED, f"blocked at execution: {f.guardrail}")
    return GateVerdict(RUN)
