"""What if: replay a recorded stream under other settings and set it beside what happened (pure).

The recorded stream (``actions/evaluation/recorded.py``) goes through a fresh pipeline
built with the asked-for detector thresholds, on a simulated clock (a tick every
``tick_s`` of recorded time, as the live analyser ticks). Every mutating recommendation
the replay makes, at the moment it first makes it, is put through the asked-for autonomy
ladder and guardrails: ``auto`` and within the guardrails is an action that *would have
executed*; ``auto`` but over a guardrail is a *blocked* one; ``approve`` would have waited
for a click; ``monitor`` would only have been shown. Each replayed incident is matched to
the live incident that named the same culprit and category close in time, whose operator
verdict (confirmed / false) then judges the action, and whose detection time says whether
the replay detected it earlier or later.

Simplifications, said plainly: drains are counted as lasting to the end of the stretch
(the partition-share guardrail never sees a node come back), and the storm breaker is the
pipeline's own storm merge, not the live circuit breaker.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from actions.evaluation.recorded import CONTROLLER, cluster_from, job_from
from actions.pipeline import IncidentUpdate, Pipeline, PipelineConfig
from actions.policy.autonomy import ACTION_KIND, AUTO, Ladder, Target, resolve
from actions.policy.guardrails import DrainBudget, check_drain
from monitoring.detectors.schema import ClusterSpec, HistoryEntry

MATCH_WINDOW_S = (
    900.0  # a replayed and a live incident this close, same culprit and category, are the same fault
)
SAME_S = 5.0  # detection times closer than this are "the same"


@dataclass(frozen=True)
class Settings:
    ladder: Ladder
    max_drains_per_hour: int = 4
    max_partition_drained_pct: int = 10
    config: PipelineConfig = field(default_factory=PipelineConfig)


@dataclass(frozen=True)
class Actual:
    """One live incident, as the database holds it."""

    id: int
    category: str
    culprit_node: str | None
    detected_t: float
    verdict: str  # "confirmed" | "false" | ""
    executed: tuple[tuple[str, str], ...] = ()  # (action, node or job) actually carried out


@dataclass(frozen=True)
class Action:
    t: float
    action: str
    target: str
    level: str
    outcome: str  # "executed" | "blocked" | "awaiting_approval" | "shown"
    reason: str
    incident: str  # the replay's incident key
    matched: int | None  # the live incident id
    verdict: str


@dataclass(frozen=True)
class Detection:
    key: str
    category: str
    culprit: str | None
    detected_t: float
    matched: int | None
    delta_s: float | None  # replay minus live: negative = the replay saw it earlier


@dataclass
class Report:
    actions: list[Action]
    detections: list[Detection]
    actual: list[Actual]
    unmatched_actual: list[int]

    def summary(self) -> dict[str, Any]:
        ex = [a for a in self.actions if a.outcome == "executed"]
        drains = [a for a in ex if a.action == "drain_node"]
        return {
            "would_execute": len(ex),
            "drains": len(drains),
            "requeues": len(ex) - len(drains),
            "confirmed": sum(1 for a in ex if a.verdict == "confirmed"),
            "false": sum(1 for a in ex if a.verdict == "false"),
            "unjudged": sum(1 for a in ex if a.verdict not in ("confirmed", "false")),
            "blocked_drains": sum(
                1 for a in self.actions if a.outcome == "blocked" and a.action == "drain_node"
            ),
            "awaiting_approval": sum(1 for a in self.actions if a.outcome == "awaiting_approval"),
            "incidents": len(self.detections),
            "earlier": sum(1 for d in self.detections if d.delta_s is not None and d.delta_s < -SAME_S),
            "later": sum(1 for d in self.detections if d.delta_s is not None and d.delta_s > SAME_S),
            "new": sum(1 for d in self.detections if d.matched is None),
            "missed": len(self.unmatched_actual),
            "actually_executed": sum(len(a.executed) for a in self.actual),
        }


def run_records(
    records: Iterable[Mapping[str, Any]],
    config: PipelineConfig | None = None,
    history: Sequence[HistoryEntry] = (),
    tick_s: float = 2.0,
) -> tuple[Pipeline | None, list[tuple[float, IncidentUpdate]]]:
    """Feed a recorded stream to a fresh pipeline; every update it emitted, with when."""
    pipe: Pipeline | None = None
    out: list[tuple[float, IncidentUpdate]] = []
    clock: float | None = None
    for e in records:
        t = float(e["t"])
        if pipe is None:
            if e.get("source") == CONTROLLER and e.get("kind") == "snapshot":
                jobs = [job_from(j) for j in e.get("jobs") or ()]
                pipe, clock = Pipeline(cluster_from(e.get("cluster") or {}), jobs, history, config), t
            continue
        assert clock is not None
        while clock + tick_s < t:
            clock += tick_s
            out.extend((clock, u) for u in pipe.feed((), clock))
        if e.get("source") == CONTROLLER:
            pipe.now = t
            for j in e.get("jobs") or ():
                pipe.upsert_job(job_from(j))
            continue
        clock = max(clock, t)
        out.extend((t, u) for u in pipe.feed((dict(e),), t))
    return pipe, out


def _partition_of(cluster: ClusterSpec, node: str) -> tuple[str, int]:
    for name, nodes in cluster.partitions.items():
        if node in nodes:
            return name, len(nodes)
    return cluster.partition, len(cluster.nodes)


def _match(upd: IncidentUpdate, t: float, actual: Sequence[Actual]) -> Actual | None:
    best = None
    for a in actual:
        if a.category != upd.category or (a.culprit_node or None) != upd.culprit_node:
            continue
        if abs(a.detected_t - t) <= MATCH_WINDOW_S and (
            best is None or abs(a.detected_t - t) < abs(best.detected_t - t)
        ):
            best = a
    return best


def whatif(
    records: Sequence[Mapping[str, Any]],
    settings: Settings,
    actual: Sequence[Actual],
    history: Sequence[HistoryEntry] = (),
    tick_s: float = 2.0,
) -> Report:
    pipe, updates = run_records(records, settings.config, history, tick_s)
    if pipe is None:
        return Report([], [], list(actual), [a.id for a in actual])
    cluster = pipe.world.cluster
    first: dict[str, tuple[float, IncidentUpdate]] = {}
    proposed: set[tuple[str, str, str]] = set()
    drains: list[tuple[float, str]] = []
    actions: list[Action] = []
    for t, upd in updates:
        first.setdefault(upd.key, (upd.detected_t, upd))
        if upd.superseded_by:
            continue
        live = _match(upd, upd.detected_t, actual)
        for rec in upd.recommendations:
            kind = ACTION_KIND.get(rec.action)
            target = (rec.node if rec.action == "drain_node" else rec.job) or ""
            if kind is None or (upd.key, rec.action, target) in proposed:
                continue
            proposed.add((upd.key, rec.action, target))
            actions.append(_decide(t, upd, rec.action, target, kind, rec, cluster, settings, drains, live))
    detections = []
    matched_ids: set[int] = set()
    for key, (_, _u) in first.items():
        final = next((u for u in reversed([u for _, u in updates if u.key == key])), _u)
        if final.superseded_by:
            continue
        live = _match(final, final.detected_t, actual)
        if live is not None:
            matched_ids.add(live.id)
        detections.append(
            Detection(
                key,
                final.category,
                final.culprit_node,
                final.detected_t,
                live.id if live else None,
                round(final.detected_t - live.detected_t, 3) if live else None,
            )
        )
    unmatched = [a.id for a in actual if a.id not in matched_ids]
    return Report(actions, detections, list(actual), unmatched)


def _decide(
    t: float,
    upd: IncidentUpdate,
    action: str,
    target: str,
    kind: str,
    rec: Any,
    cluster: ClusterSpec,
    settings: Settings,
    drains: list[tuple[float, str]],
    live: Actual | None,
) -> Action:
    partition, size = _partition_of(cluster, rec.node or (rec.exclude[0] if rec.exclude else ""))
    nodes = (rec.node,) if rec.node else tuple(rec.exclude)
    res = resolve(settings.ladder, Target(kind=kind, partition=partition, nodes=nodes, job=rec.job or ""))
    outcome, reason = {"auto": ("executed", ""), "approve": ("awaiting_approval", "")}.get(
        res.level, ("shown", "")
    )
    if res.level == AUTO and action == "drain_node":
        in_partition = sum(1 for _, n in drains if _partition_of(cluster, n)[0] == partition)
        budget = DrainBudget(
            sum(1 for at, _ in drains if at > t - 3600),
            settings.max_drains_per_hour,
            size,
            in_partition,
            settings.max_partition_drained_pct,
        )
        why = check_drain(budget)
        if why or any(n == target for _, n in drains):
            outcome, reason = ("blocked", why) if why else ("shown", "already drained in this replay")
        else:
            drains.append((t, target))
    return Action(
        t,
        action,
        target,
        str(res),
        outcome,
        reason or "",
        upd.key,
        live.id if live else None,
        live.verdict if live else "",
    )
