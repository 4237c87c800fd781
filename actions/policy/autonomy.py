"""The autonomy ladder, resolved (pure: no Django, no I/O).

An admin grants autonomy step by step: a cluster default, then per action kind
(isolation = drain/resume, restart = requeue/cancel, remediation = reboot/GPU reset), then overrides for one
partition (a canary), one node or one job. The most specific setting wins —
job > node > partition > cluster per kind > cluster default — except the
cluster's "back to monitor" switch, which beats everything: when people pull
it, nothing may execute on its own, whatever was granted below.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from monitoring.vocabulary import KIND_OF_ACTION, LEVELS, AutonomyKind, AutonomyLevel

MONITOR, APPROVE, AUTO = AutonomyLevel.MONITOR, AutonomyLevel.APPROVE, AutonomyLevel.AUTO
ISOLATION, RESTART, REMEDIATION = AutonomyKind.ISOLATION, AutonomyKind.RESTART, AutonomyKind.REMEDIATION
KINDS = tuple(AutonomyKind)

# Which kind of autonomy governs each recommendation action.
ACTION_KIND: dict[str, AutonomyKind] = {**KIND_OF_ACTION, "resume_node": ISOLATION, "cancel_job": RESTART}


@dataclass(frozen=True)
class Ladder:
    """Every setting that bears on one cluster's autonomy, as plain values.

    ``per_kind`` maps a kind to its level (absent: inherit the default);
    ``overrides`` maps (scope, target, kind) to a level, scope being
    ``partition``, ``node`` or ``job``.
    """

    default: str
    monitor_only: bool = False
    per_kind: Mapping[str, str] = field(default_factory=dict)
    overrides: Mapping[tuple[str, str, str], str] = field(default_factory=dict)


@dataclass(frozen=True)
class Target:
    """What a recommendation touches: its job, the nodes it names, their partition."""

    kind: str
    partition: str = ""
    nodes: tuple[str, ...] = ()
    job: str = ""


@dataclass(frozen=True)
class Resolution:
    level: str
    source: str  # readable: where the level came from, for the audit trail

    def __str__(self) -> str:
        return f"{self.level} ({self.source})"


def _lowest(levels: Iterable[str]) -> str | None:
    """When several nodes carry overrides, the most cautious one holds for all of them."""
    found = [lvl for lvl in levels if lvl in LEVELS]
    return min(found, key=LEVELS.index) if found else None


def resolve(ladder: Ladder, target: Target) -> Resolution:
    """The level that decides what happens to one recommendation, and why."""
    if ladder.monitor_only:
        return Resolution(MONITOR, "cluster switched back to monitor")
    kind = target.kind
    if target.job and (lvl := ladder.overrides.get(("job", target.job, kind))):
        return Resolution(lvl, f"{kind} override for job {target.job}")
    node_levels = {n: ladder.overrides.get(("node", n, kind)) for n in target.nodes}
    if (lvl := _lowest(v for v in node_levels.values() if v)) is not None:
        names = ", ".join(sorted(n for n, v in node_levels.items() if v == lvl))
        return Resolution(lvl, f"{kind} override for node {names}")
    if target.partition and (lvl := ladder.overrides.get(("partition", target.partition, kind))):
        return Resolution(lvl, f"{kind} override for partition {target.partition}")
    if lvl := ladder.per_kind.get(kind):
        return Resolution(lvl, f"cluster {kind} level")
    if kind == REMEDIATION and ladder.default == AUTO:
        # Rebooting on its own is granted explicitly, never by inheritance: a cluster in
        # auto before remediation existed must not start rebooting nodes after an upgrade.
        return Resolution(APPROVE, "cluster default (automatic reboots need their own grant)")
    return Resolution(ladder.default, "cluster default")
