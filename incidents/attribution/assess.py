"""Decide an incident's verdict now, with the evidence an operator reads (pure)."""

from __future__ import annotations

from dataclasses import dataclass

from incidents.attribution.incident import Incident, Verdict
from incidents.attribution.restart import assess_restart
from incidents.attribution.verdict import decide
from incidents.attribution.world import World

MAX_EVIDENCE = 16


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
    v, why = decide(inc, world, history_window_s)
    v, restart_why = assess_restart(inc, v)
    why = why + restart_why
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
