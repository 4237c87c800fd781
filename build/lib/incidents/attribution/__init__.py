"""Attribution: correlate observations into incidents and name the culprit (pure).

``Ingest`` turns events into observations, ``Correlator`` folds them into
incidents, ``assess`` decides each incident's verdict with the evidence an
operator reads, and ``merge_storms`` turns several simultaneous unexplained
job failures on disjoint nodes into one shared-infrastructure incident.
"""

from __future__ import annotations

from dataclasses import dataclass

from incidents.attribution.correlate import Correlator
from incidents.attribution.ingest import DetectConfig, Ingest
from incidents.attribution.model import Incident, Mark, Verdict
from incidents.attribution.verdict import decide
from incidents.attribution.world import JobRun, World
from monitoring.detectors.schema import Kind

__all__ = [
    "Assessment",
    "Correlator",
    "DetectConfig",
    "Incident",
    "Ingest",
    "JobRun",
    "Mark",
    "Verdict",
    "World",
    "assess",
    "merge_lemon_attempts",
    "merge_storms",
]

MAX_EVIDENCE = 16
UNEXPLAINED = frozenset({"job_failed", "unexplained", "nccl_ib_peer_errors", "hang", "nccl_watchdog_timeout"})


@dataclass(frozen=True)
class Assessment:
    verdict: Verdict
    evidence: tuple[str, ...]
    suspect_before: str | None
    recurrence_of: str | None


def _evidence(inc: Incident, why: list[str], suspect: str | None) -> tuple[str, ...]:
    marks = sorted(inc.marks.values(), key=lambda m: m.t)
    lines: list[str] = []
    for m in marks:
        if not m.text:
            continue
        extra = f" (x{m.n}" + (f", {len(m.nodes)} nodes)" if len(m.nodes) > 1 else ")") if m.n > 1 else ""
        lines.append(m.text + extra)
    if len(lines) > MAX_EVIDENCE:
        lines = lines[: MAX_EVIDENCE - 1] + [
            f"... and {len(lines) - MAX_EVIDENCE + 1} more kinds of evidence"
        ]
    # The first thing seen leads; the analyses that name the culprit come right after it.
    return tuple(lines[:1] + why + ([suspect] if suspect else []) + lines[1:])


def assess(inc: Incident, world: World, history_window_s: float) -> Assessment:
    """Decide the incident's verdict now; remember a named culprit as history."""
    v, why = decide(inc, world)
    suspect = None
    if v.node is not None:
        suspect = world.suspect(v.node, inc.detected_t, inc.key, history_window_s)
        if inc.recurrence_of is None:
            inc.recurrence_of = _earlier_incident(world, v.node, inc)
        world.record_verdict(inc.detected_t, v.node, v.category, inc.key)
    inc.verdict = v
    return Assessment(v, _evidence(inc, why, suspect), suspect, inc.recurrence_of)


def _earlier_incident(world: World, node: str, inc: Incident) -> str | None:
    for t, n, _category, key in reversed(world.own_history):
        if n == node and key != inc.key and t <= inc.detected_t:
            return key
    return None


def _nodes_of(world: World, inc: Incident) -> set[str]:
    nodes: set[str] = set()
    for job in inc.jobs:
        run = world.jobs.get(job)
        if run is not None:
            nodes.update(run.spec.nodes)
    return nodes


def merge_lemon_attempts(corr: Correlator, changed: set[str]) -> set[str]:
    """A lemon verdict explains the job's earlier unexplained failures: fold them into it."""
    merged: set[str] = set()
    for key in list(changed):
        inc = corr.incidents.get(key)
        if inc is None or inc.verdict is None or inc.verdict.pattern != "lemon_node":
            continue
        for other in list(corr.incidents.values()):
            if other is inc or other.superseded_by or other.verdict is None or other.verdict.node is not None:
                continue
            if other.verdict.pattern in UNEXPLAINED and set(other.jobs) & set(inc.jobs):
                corr.supersede(inc, other)
                merged |= {inc.key, other.key}
    return merged


def _storm_candidate(inc: Incident) -> bool:
    """An incident a shared cause could explain: no culprit of its own, or one only peers blamed."""
    v = inc.verdict
    if inc.superseded_by or v is None:
        return False
    if v.category == "infrastructure" or (v.node is None and v.pattern in UNEXPLAINED):
        return True
    return v.category == "network" and v.pattern == "nccl_ib_peer_errors"  # a switch takes many links down


def _storm_kind(inc: Incident) -> str:
    v = inc.verdict
    if v is not None and v.category == "network":
        return "net"
    if (v is not None and v.category == "infrastructure") or any(
        m.kind == Kind.FS_ERROR for m in inc.marks.values()
    ):
        return "fs"
    return "none"


def merge_storms(corr: Correlator, world: World, window_s: float, min_jobs: int) -> set[str]:
    """Several unexplained failures of jobs on disjoint nodes within the window: one shared cause."""
    candidates = [inc for inc in corr.incidents.values() if _storm_candidate(inc)]
    candidates.sort(key=lambda i: i.detected_t)
    changed: set[str] = set()
    for i, first in enumerate(candidates):
        if first.superseded_by:
            continue
        group = [first]
        seen = _nodes_of(world, first)
        kinds = {_storm_kind(first)}
        for other in candidates[i + 1 :]:
            if other.superseded_by or other.detected_t - first.detected_t > window_s:
                continue
            nodes = _nodes_of(world, other)
            if nodes & seen:
                continue
            kind = _storm_kind(other)
            if {"fs", "net"} <= kinds | {kind}:
                continue  # a storage outage and a link one peers named are two causes, not one
            group.append(other)
            seen |= nodes
            kinds.add(kind)
        jobs = {j for inc in group for j in inc.jobs}
        if len(jobs) < min_jobs:
            continue
        first.forced_category = "infrastructure"
        for other in group[1:]:
            corr.supersede(first, other)
            changed.add(other.key)
        changed.add(first.key)
    return changed
