"""Replay a recorded scenario through the real pipeline on a simulated clock.

Reads a ``recovery-scenario/1`` folder (``events.jsonl`` or ``events.jsonl.gz``),
shifts every event's relative ``t`` by the scenario's ``start``, and feeds the
events in order, ticking the clock every second of scenario time in between
so time-based detectors (hangs) fire as they would live. Never reads
``truth.json``. Lines that are not JSON, not objects, or carry no usable ``t``
are skipped: a replay must survive whatever a log file contains.
"""

from __future__ import annotations

import gzip
import json
import math
from collections.abc import Iterable, Iterator, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from actions.pipeline import IncidentUpdate, Pipeline, PipelineConfig, key_order
from incidents.attribution import self_restart
from incidents.attribution.site_rules import RuleSet
from monitoring.detectors.hostlist import HostlistError, expand
from monitoring.detectors.schema import ClusterSpec, HistoryEntry, JobSpec

TICK_S = 1.0
MAX_GAP_TICKS = 3600  # a longer silence is ticked through its last hour only


def parse_time(value: Any) -> float | None:
    """ISO-8601 (``2026-11-29T10:00:00Z``) or epoch number -> epoch seconds."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if not isinstance(value, str) or not value:
        return None
    try:
        dt = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=UTC)
    return dt.timestamp()


def _nodes(expr: Any) -> tuple[str, ...]:
    try:
        return tuple(expand(expr)) if isinstance(expr, str) else tuple(str(x) for x in expr or ())
    except (HostlistError, TypeError):
        return ()


def load_scenario(folder: Path) -> dict[str, Any]:
    with open(folder / "scenario.json", encoding="utf-8") as f:
        data = json.load(f)
    if not isinstance(data, dict):
        raise ValueError(f"{folder}/scenario.json is not an object")
    return data


def build_pipeline(scn: dict[str, Any], config: PipelineConfig | None = None) -> tuple[Pipeline, float]:
    """The pipeline for a scenario, and the scenario's start as epoch seconds."""
    start = parse_time(scn.get("start")) or 0.0
    c = scn.get("cluster") or {}
    cluster = ClusterSpec(
        name=str(c.get("name", "scenario")),
        nodes=_nodes(c.get("nodes", "")),
        gpus_per_node=int(c.get("gpus_per_node", 8) or 8),
        partition=str(c.get("partition", "batch") or "batch"),
        pci_bus_ids=tuple(str(x) for x in c.get("pci_bus_ids", []) or []),
    )
    jobs = []
    for raw in scn.get("jobs", []) or []:
        if isinstance(raw, dict) and "id" in raw:
            jobs.append(JobSpec.from_dict(raw, started=parse_time(raw.get("started")) or start))
    history = []
    for h in scn.get("history", []) or []:
        at = parse_time(h.get("at")) if isinstance(h, dict) else None
        if at is not None and h.get("node"):
            history.append(
                HistoryEntry(at, str(h["node"]), str(h.get("verdict", "")), str(h.get("category", "")))
            )
    config = config or PipelineConfig()
    if scn.get("site_rules") and not config.site_rules:  # an exported incident's rules in force
        config = config.with_site_rules(RuleSet.from_state(scn["site_rules"]))
    return Pipeline(cluster, jobs, history, config, start=start), start


def _open_events(folder: Path) -> Any:
    plain, packed = folder / "events.jsonl", folder / "events.jsonl.gz"
    if plain.exists():
        return open(plain, "rb")
    return gzip.open(packed, "rb")


def iter_events(folder: Path) -> Iterator[dict[str, Any]]:
    """The scenario's events, decoded leniently; garbage lines skipped."""
    with _open_events(folder) as f:
        for raw in f:
            e = decode_event(raw)
            if e is not None:
                yield e


def decode_event(raw: bytes) -> dict[str, Any] | None:
    try:
        e = json.loads(raw.decode("utf-8", errors="replace"))
    except (ValueError, RecursionError):
        return None
    if not isinstance(e, dict):
        return None
    t = e.get("t")
    if not isinstance(t, (int, float)) or isinstance(t, bool) or not math.isfinite(t):
        return None
    return e


def run_events(pipeline: Pipeline | _HandedOver, start: float, events: Iterator[dict[str, Any]]) -> None:
    """Feed events in order with a tick every second of scenario time in between; at the end, what the
    pipeline still holds back (``self_restart``) is settled as its hold would have ended."""
    next_tick: float | None = None
    t = start
    for e in events:
        t = start + float(e["t"])
        if next_tick is None or t - next_tick > MAX_GAP_TICKS:
            next_tick = math.floor(t) - (0 if next_tick is None else MAX_GAP_TICKS)
        while next_tick < t:
            pipeline.feed((), next_tick)
            next_tick += TICK_S
        shifted = dict(e)
        shifted["t"] = t
        pipeline.feed((shifted,), t)
    pipeline.settle_holds(t + self_restart.GRACE_S)


def replay(
    folder: Path, config: PipelineConfig | None = None, handover_s: float | None = None
) -> dict[str, Any]:
    """Run one scenario; the FORMAT.md replay object.

    ``handover_s``: every so many seconds of scenario time the pipeline is rebuilt from its state's
    JSON, as a live tick that runs in another worker process rebuilds it from Redis (most ticks of a
    fleet on several processes). What the pipeline keeps only in memory is then lost as it would be
    live, so a verdict that needs it shows here as missed or late. Incidents the state forgot
    (closed for hours) keep their last update."""
    folder = Path(folder)
    scn = load_scenario(folder)
    pipeline, start = build_pipeline(scn, config)
    if handover_s is None:
        run_events(pipeline, start, iter_events(folder))
        updates = pipeline.incidents()
    else:
        updates = _run_with_handovers(pipeline, start, iter_events(folder), handover_s)
    incidents = [u.to_dict(start) for u in updates]
    return {"scenario": str(scn.get("name") or folder.name), "incidents": incidents}


def _run_with_handovers(
    pipeline: Pipeline, start: float, events: Iterator[dict[str, Any]], every_s: float
) -> list[IncidentUpdate]:
    if not every_s > 0:
        raise ValueError(f"handover interval must be positive, not {every_s!r}")
    handed = _HandedOver(pipeline, start, every_s)
    run_events(handed, start, events)
    for u in handed.pipeline.incidents():
        handed.last[u.key] = u
    return [u for _, u in sorted(handed.last.items(), key=lambda kv: key_order(kv[0])) if not u.superseded_by]


class _HandedOver:
    """Fed like a pipeline; rebuilds it from its state's JSON every ``every_s`` seconds, keeping each
    incident's last update (an incident the state forgets still counts)."""

    def __init__(self, pipeline: Pipeline, start: float, every_s: float) -> None:
        self.pipeline, self.handed_at, self.every_s = pipeline, start, every_s
        self.last: dict[str, IncidentUpdate] = {}

    def feed(self, events: Iterable[Mapping[str, Any]], now: float) -> list[IncidentUpdate]:
        if now - self.handed_at >= self.every_s:
            self.pipeline = Pipeline.from_state(json.loads(json.dumps(self.pipeline.to_state())))
            self.handed_at = now
        out = self.pipeline.feed(events, now)
        self.last.update((u.key, u) for u in out)
        return out

    def settle_holds(self, now: float) -> list[IncidentUpdate]:
        out = self.pipeline.settle_holds(now)
        self.last.update((u.key, u) for u in out)
        return out


def scenario_folders(root: Path) -> list[Path]:
    """A scenario folder itself, or every scenario folder below ``root``, sorted."""
    root = Path(root)
    if (root / "scenario.json").exists():
        return [root]
    return sorted(p.parent for p in root.rglob("scenario.json"))
