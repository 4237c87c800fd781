"""Is the controller ready for more autonomy? Observed precision, in plain words (pure).

Autonomy is granted as the controller proves itself. The proof is operators' own
judgements: each incident they mark confirmed or false. Per detector (the incident
pattern's prefix: ``xid``, ``nccl_watchdog``, ``hang``…) and per action kind
(isolation = drain, restart = requeue) we count the judged verdicts over the cluster's
observed period and say whether they justify the next level: at least
``MIN_JUDGED`` judged and at least ``MIN_PRECISION`` of them confirmed. Otherwise
we say exactly what is missing, so nobody has to guess.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from monitoring.vocabulary import KIND_OF_ACTION, LEVELS, AutonomyKind

MIN_JUDGED = 20
MIN_PRECISION = 0.95
ACTION_SCOPES: dict[str, str] = dict(KIND_OF_ACTION)


@dataclass(frozen=True)
class Tally:
    judged: int = 0
    confirmed: int = 0
    unjudged: int = 0

    def add(self, verdict: str) -> Tally:
        if verdict == "confirmed":
            return Tally(self.judged + 1, self.confirmed + 1, self.unjudged)
        if verdict == "false":
            return Tally(self.judged + 1, self.confirmed, self.unjudged)
        return Tally(self.judged, self.confirmed, self.unjudged + 1)


@dataclass(frozen=True)
class Readiness:
    scope: str  # "isolation", "restart" or a detector name
    kind: str  # "action" or "detector"
    level: str  # the level in force now
    next_level: str | None
    tally: Tally
    ready: bool
    text: str


def detector_of(pattern: str) -> str:
    """``xid:79`` -> ``xid``; ``nccl_watchdog`` -> ``nccl_watchdog``."""
    return (pattern or "").split(":", 1)[0].strip() or "unknown"


def next_level(level: str) -> str | None:
    i = LEVELS.index(level) if level in LEVELS else 0
    return LEVELS[i + 1] if i + 1 < len(LEVELS) else None


def period_words(days: float) -> str:
    if days < 1:
        return "less than a day"
    n = int(days)
    return "1 day" if n == 1 else f"{n} days"


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "0%"


def _missing(t: Tally) -> list[str]:
    gaps = []
    if t.judged < MIN_JUDGED:
        gaps.append(
            f"needs {MIN_JUDGED - t.judged} more judged verdict{'s' if MIN_JUDGED - t.judged != 1 else ''} (at least {MIN_JUDGED})"
        )
    if t.judged and t.confirmed / t.judged < MIN_PRECISION:
        false = t.judged - t.confirmed
        gaps.append(
            f"{_pct(t.confirmed, t.judged)} confirmed is below {MIN_PRECISION:.0%}: "
            f"look into the {false} false verdict{'s' if false != 1 else ''} first"
        )
    return gaps


def assess(scope: str, kind: str, tally: Tally, days: float, level: str) -> Readiness:
    """One line an admin can act on, e.g. "isolation verdicts 41/41 confirmed over 14 days: ready for approve"."""
    nxt = next_level(level)
    period = period_words(days)
    seen = f"{scope} verdicts {tally.confirmed}/{tally.judged} confirmed over {period}"
    if tally.unjudged:
        seen += f" ({tally.unjudged} not yet judged)"
    if nxt is None:
        return Readiness(
            scope, kind, level, None, tally, False, f"{seen}: already at {level}, the highest level"
        )
    gaps = _missing(tally)
    if not gaps:
        return Readiness(scope, kind, level, nxt, tally, True, f"{seen}: ready for {nxt}")
    if tally.judged == 0:
        pending = f" ({tally.unjudged} not yet judged)" if tally.unjudged else ""
        text = (
            f"{scope}: no judged verdicts over {period}{pending}: not ready for {nxt}; mark incidents confirmed or false "
            f"on their pages (at least {MIN_JUDGED} judged, {MIN_PRECISION:.0%} of them confirmed)"
        )
        return Readiness(scope, kind, level, nxt, tally, False, text)
    return Readiness(scope, kind, level, nxt, tally, False, f"{seen}: not ready for {nxt}: {'; '.join(gaps)}")


def tally_by(rows: Iterable[tuple[str, str]]) -> dict[str, Tally]:
    """(scope, verdict) pairs -> a tally per scope; an empty verdict counts as not yet judged."""
    out: dict[str, Tally] = {}
    for scope, verdict in rows:
        out[scope] = out.get(scope, Tally()).add(verdict)
    return out


def assess_all(
    incidents: Iterable[tuple[str, Iterable[str], str]],
    days: float,
    levels: Mapping[str, str],
    default_level: str,
) -> list[Readiness]:
    """``incidents``: (pattern, the recommendation actions it made, operator verdict) per incident.

    ``levels`` maps an action scope (isolation/restart) to its level when it differs
    from the cluster's default; detectors are judged against the default.
    """
    rows = list(incidents)
    by_action = tally_by(
        (ACTION_SCOPES[a], verdict)
        for _, actions, verdict in rows
        for a in sorted(set(actions))
        if a in ACTION_SCOPES
    )
    by_detector = tally_by((detector_of(pattern), verdict) for pattern, _, verdict in rows)
    out = [
        assess(scope, "action", by_action.get(scope, Tally()), days, levels.get(scope, default_level))
        for scope in AutonomyKind
    ]
    out += [assess(name, "detector", t, days, default_level) for name, t in sorted(by_detector.items())]
    return out
