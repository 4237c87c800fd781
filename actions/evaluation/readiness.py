"""Is the controller ready for more autonomy? Observed precision, in plain words (pure).

Autonomy is granted as the controller proves itself. The proof is operators' own
judgements: each incident they mark confirmed or false. Per detector (the incident
pattern's prefix: ``xid``, ``nccl_watchdog``, ``hang``…) and per action kind
(isolation = drain, restart = requeue) we count the judged verdicts over the cluster's
observed period and say whether they justify the next level: at least
``MIN_JUDGED`` judged and at least ``MIN_PRECISION`` of them confirmed. Otherwise
we say exactly what is missing, so nobody has to guess.

Verdicts say whether the controller was *right*; the what-if replay
(``actions/evaluation/whatif.py``) says what it *would have done* one rung up. An action
kind is ready only when both agree: the replay of the recorded stream with that kind at
its next level made at least ``MIN_REPLAYED`` actions, and none of them landed on an
incident operators marked false.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from monitoring.vocabulary import KIND_OF_ACTION, LEVELS, AutonomyKind

MIN_JUDGED = 20
MIN_PRECISION = 0.95
MIN_REPLAYED = 5  # actions the what-if replay must make at the next rung before it can vouch for it
ACTION_SCOPES: dict[str, str] = dict(KIND_OF_ACTION)
REPLAYED = ("isolation", "restart")  # the kinds the what-if replay decides (remediation it does not)


@dataclass(frozen=True)
class Tally:
    judged: int = 0
    confirmed: int = 0
    unjudged: int = 0

    def add(self, verdict: str, n: int = 1) -> Tally:
        """This tally with ``n`` more incidents of that verdict."""
        if verdict == "confirmed":
            return Tally(self.judged + n, self.confirmed + n, self.unjudged)
        if verdict == "false":
            return Tally(self.judged + n, self.confirmed, self.unjudged)
        return Tally(self.judged, self.confirmed, self.unjudged + n)


@dataclass(frozen=True)
class Readiness:
    scope: str  # "isolation", "restart" or a detector name
    kind: str  # "action" or "detector"
    level: str  # the level in force now
    next_level: str | None
    tally: Tally
    ready: bool
    text: str
    whatif: str = ""  # what the replay one rung up says, in words ("" where no replay applies)


@dataclass(frozen=True)
class WhatIf:
    """What the what-if replay of the recorded stream says for one action kind at its next level."""

    level: str  # the rung replayed (approve or auto)
    days: float  # the recorded stretch replayed
    acted: int  # actions that would have executed (auto) or been put to an operator (approve)
    confirmed: int
    false: int
    blocked: int  # stopped by a guardrail
    incidents: int  # incidents the replay detected
    pending: bool = False  # not computed yet: the replay runs in the background


def pending_whatif(level: str) -> WhatIf:
    """The replay for ``level`` is being computed: readiness waits for it rather than guess."""
    return WhatIf(level=level, days=0.0, acted=0, confirmed=0, false=0, blocked=0, incidents=0, pending=True)


def kind_levels(cluster: object) -> dict[str, str]:
    """The level each replayed action kind is judged against where the cluster sets its own
    (``isolation_autonomy``, ``restart_autonomy``; "" inherits): the rest, remediation and the
    detectors, are judged against the cluster's default. The cluster page's readiness panel
    (``reports.cluster_readiness``) and the fleet's verdict column read levels alike."""
    return {k: v for k in REPLAYED if (v := getattr(cluster, f"{k}_autonomy", ""))}


NOUNS = {"isolation": "drain", "restart": "requeue", "remediation": "remediation"}


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


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def whatif_words(scope: str, w: WhatIf) -> str:
    """ "with isolation in auto over the last 14 days: 4 drains would have executed, 4 confirmed, 0 false, 0 blocked by guardrails"."""
    did = "would have executed" if w.level == "auto" else "would have been put to an operator"
    period = f"the last {period_words(w.days)}" if w.days >= 1 else period_words(w.days)
    return (
        f"with {scope} in {w.level} over {period}: {_plural(w.acted, NOUNS.get(scope, 'action'))} {did}, "
        f"{w.confirmed} confirmed, {w.false} false, {w.blocked} blocked by guardrails "
        f"({_plural(w.incidents, 'recorded incident')})"
    )


def with_whatif(r: Readiness, w: WhatIf | None) -> Readiness:
    """Readiness with the replay's word: not ready when it shows a false action or too few actions."""
    if r.next_level is None or r.kind != "action":
        return r
    if w is None:
        text = f"{r.scope}: no recorded stream to replay at {r.next_level}"
        gaps = ["no what-if replay (is recording on?)"]
    elif w.pending:
        text = f"{r.scope}: the what-if replay at {w.level} is being computed in the background"
        gaps = ["the what-if replay has not finished yet (reload in a few minutes)"]
    else:
        text = whatif_words(r.scope, w)
        gaps = []
        if w.false:
            gaps.append(
                f"the what-if replay at {w.level} acts on {_plural(w.false, 'incident')} marked false"
            )
        if w.acted < MIN_REPLAYED:
            gaps.append(
                f"the what-if replay at {w.level} made {w.acted} of the {MIN_REPLAYED} actions it needs to vouch for it"
            )
    if not gaps:
        return replace(r, whatif=text)
    if r.ready:
        head = r.text.rsplit(": ready for ", 1)[0]
        return replace(
            r, ready=False, whatif=text, text=f"{head}: not ready for {r.next_level}: {'; '.join(gaps)}"
        )
    return replace(r, whatif=text, text=f"{r.text}; {'; '.join(gaps)}")


def tally_by(rows: Iterable[tuple[str, str, int]]) -> dict[str, Tally]:
    """(scope, verdict, incidents) -> a tally per scope; an empty verdict counts as not yet judged."""
    out: dict[str, Tally] = {}
    for scope, verdict, n in rows:
        out[scope] = out.get(scope, Tally()).add(verdict, n)
    return out


def assess_all(
    incidents: Iterable[tuple[str, Iterable[str], str]],
    days: float,
    levels: Mapping[str, str],
    default_level: str,
    whatif: Mapping[str, WhatIf] | None = None,
) -> list[Readiness]:
    """``incidents``: (pattern, the recommendation actions it made, operator verdict) per incident.

    ``levels`` maps an action scope (isolation/restart) to its level when it differs
    from the cluster's default; detectors are judged against the default. ``whatif``:
    the replay's summary per action scope at its next level; when given (None: not
    asked), every action scope the replay covers must also pass it (``with_whatif``).
    """
    return assess_counted(((p, a, v, 1) for p, a, v in incidents), days, levels, default_level, whatif)


def assess_counted(
    groups: Iterable[tuple[str, Iterable[str], str, int]],
    days: float,
    levels: Mapping[str, str],
    default_level: str,
    whatif: Mapping[str, WhatIf] | None = None,
) -> list[Readiness]:
    """``assess_all`` over groups of alike incidents: (pattern, actions, verdict, how many), as a
    database counts them (a cluster's year of incidents is a handful of groups)."""
    rows = list(groups)
    by_action = tally_by(
        (ACTION_SCOPES[a], verdict, n)
        for _, actions, verdict, n in rows
        for a in sorted(set(actions))
        if a in ACTION_SCOPES
    )
    by_detector = tally_by((detector_of(pattern), verdict, n) for pattern, _, verdict, n in rows)
    out = [
        assess(scope, "action", by_action.get(scope, Tally()), days, levels.get(scope, default_level))
        for scope in AutonomyKind
    ]
    if whatif is not None:
        out = [with_whatif(r, whatif.get(r.scope)) if r.scope in REPLAYED else r for r in out]
    out += [assess(name, "detector", t, days, default_level) for name, t in sorted(by_detector.items())]
    return out
