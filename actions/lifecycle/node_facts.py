"""The node's track as the database's facts show it (pure): what a service reads, turned into a Track.

A seam apart from the table (actions.lifecycle.node) so the table reads without the loading
details: which check counts (only one after the drain), and which stage the facts put it in.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from actions.lifecycle.node import HARDWARE_BLAME, Remedy, Stage, Step, Track

# How the node page names each stage (the operator's words).
STAGE_LABEL = {
    Stage.IN_SERVICE: "in service",
    Stage.FOREIGN_DRAIN: "drained by someone else (never ours)",
    Stage.DRAINED: "drained by us",
    Stage.REMEDY_PENDING: "drained by us; remedy pending",
    Stage.REMEDIATING: "drained by us; remediating",
    Stage.QUALIFYING: "drained by us; qualifying",
    Stage.RETURNED: "returned to service",
    Stage.HELD_LEMON: "held: lemon",
    Stage.HELD_FAILED: "held: failed its check",
}


@dataclass(frozen=True)
class NodeFacts:
    """What a service reads for one node (times as seconds since the epoch)."""

    drained: bool  # the scheduler shows it drained
    drained_by_us: bool
    held_as_lemon: bool
    check_configured: bool
    blame: str | None = None
    drained_at: float | None = None
    remedy_due: bool = False
    remedy: Remedy = Remedy.NONE
    checked_at: float | None = None  # last passed check
    check_failed_at: float | None = None  # last failed check


def derive(facts: NodeFacts) -> Track:
    """The node's track as the facts show it now."""
    since = facts.drained_at
    passed = (
        facts.checked_at
        if facts.checked_at is not None and (since is None or facts.checked_at >= since)
        else None
    )
    failed = facts.check_failed_at is not None and (since is None or facts.check_failed_at >= since)
    failed_last = failed and (
        passed is None or facts.check_failed_at is not None and facts.check_failed_at > passed
    )
    track = Track(
        Stage.IN_SERVICE,
        facts.blame,
        since,
        facts.remedy_due or facts.remedy != Remedy.NONE,
        facts.remedy,
        None if failed_last else passed,
        facts.check_configured,
    )
    return replace(track, stage=_stage(facts, failed_last, passed is not None))


def _stage(facts: NodeFacts, failed_last: bool, passed: bool) -> Stage:
    if not facts.drained_by_us:
        return Stage.FOREIGN_DRAIN if facts.drained else Stage.IN_SERVICE
    if facts.held_as_lemon:
        return Stage.HELD_LEMON
    if facts.remedy == Remedy.PENDING:
        return Stage.REMEDY_PENDING
    if facts.remedy == Remedy.RUNNING:
        return Stage.REMEDIATING
    if facts.remedy == Remedy.FAILED or failed_last:
        return Stage.HELD_FAILED
    if facts.remedy in (Remedy.DONE, Remedy.DECLINED) or passed:
        return Stage.QUALIFYING
    return Stage.DRAINED


# ---------------------------------------------------------------- the invariants, over what the database recorded


@dataclass(frozen=True)
class ResumeFacts:
    """One resume of a node by this controller, with what the trail shows around it (seconds)."""

    node: str
    at: float
    blame: str | None
    drained_at: float | None
    remedy_due: bool
    remedy_done: bool  # the node came back from its remedy since the drain (a new boot; a GPU reset at once)
    checked_at: float | None  # the last passed health check between the drain and the resume
    overridden: bool  # an admin's override record for this resume
    skipped: frozenset[Step] = frozenset()


def resume_kept_the_track(f: ResumeFacts) -> str | None:
    """``node_returned_only_after_remedy_and_check`` for one recorded resume."""
    if f.blame not in HARDWARE_BLAME:
        return None
    missing = set()
    if f.remedy_due and not f.remedy_done:
        missing.add(Step.REMEDY)
    if f.checked_at is None or (f.drained_at is not None and f.checked_at < f.drained_at):
        missing.add(Step.HEALTH_CHECK)
    unnamed = missing - (f.skipped if f.overridden else frozenset())
    if not unnamed:
        return None
    return f"{f.node} resumed without its {' and '.join(sorted(s.value for s in unnamed))}"


# Why a remedy may end unrun: a person's dismissal or an admin's override, a merge into another
# incident, or the scheduler showing the world moved (the node drained by someone else).
RIGHT_ENDINGS = (
    "overridden by ",
    "merged into ",
    "incident dismissed",
    "superseded: ",
    "reconciled: ",
    "the world moved: node ",
)


def remedy_ended_rightly(rec: str, status: str, reason: str) -> str | None:
    """``decided_remedy_stays_open_until_done_declined_or_overridden`` for one remedy recommendation."""
    if status not in ("superseded", "expired"):
        return None
    if reason.startswith(RIGHT_ENDINGS) or reason.endswith(" is dismissed"):
        return None
    return f"{rec} ended {status} unrun: {reason}"
