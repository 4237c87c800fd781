"""The storm breaker's lifecycle: armed → tripped → released (armed again), counting each failure once.

A storm (many jobs on disjoint nodes, or many blamed nodes, failing within the window) trips
the breaker: the cluster goes back to monitor and people decide. When an admin releases it,
only failures *after* the release count toward the next trip. Before this table, the
breaker re-read the window's incidents at every check, so the two jobs that had just
tripped it tripped it again 11 s after the release. A failure re-read (the same incident
seen again, by another check in the same tick or the next) counts once: failures are
keyed by the incident's stable key.

| phase   | event    | who                    | next                                   |
| ------- | -------- | ---------------------- | -------------------------------------- |
| armed   | observe  | the controller         | armed, or tripped when a storm shows   |
| armed   | hold     | an operator            | tripped (the same switch, by hand)     |
| tripped | observe  | the controller         | tripped (nothing counts while held)    |
| tripped | release  | an admin               | armed, counting from the release       |

Pure: no Django, no I/O; ``now`` is passed in (epoch seconds).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from actions.policy.guardrails import Hit, check_storm


class Phase(StrEnum):
    ARMED = "armed"
    TRIPPED = "tripped"


class Event(StrEnum):
    OBSERVE = "observe"
    HOLD = "hold"
    RELEASE = "release"


# (phase, event) -> (next phases possible, who may cause it)
TRANSITIONS: dict[tuple[Phase, Event], tuple[frozenset[Phase], tuple[str, ...]]] = {
    (Phase.ARMED, Event.OBSERVE): (frozenset({Phase.ARMED, Phase.TRIPPED}), ("controller",)),
    (Phase.ARMED, Event.HOLD): (frozenset({Phase.TRIPPED}), ("operator", "admin")),
    (Phase.TRIPPED, Event.OBSERVE): (frozenset({Phase.TRIPPED}), ("controller",)),
    (Phase.TRIPPED, Event.RELEASE): (frozenset({Phase.ARMED}), ("admin",)),
}


@dataclass(frozen=True)
class Failure:
    """One failure as the breaker counts it: an incident (its stable key), the jobs it hit on
    their nodes, and the node it blamed."""

    key: str
    at: float
    job_nodes: tuple[tuple[str, tuple[str, ...]], ...] = ()
    culprit: str = ""


@dataclass(frozen=True)
class Limits:
    window_s: float
    min_jobs: int
    min_nodes: int


@dataclass(frozen=True)
class Breaker:
    phase: Phase = Phase.ARMED
    released_at: float | None = None  # the last release: only failures after it count
    counted: tuple[Failure, ...] = ()  # failures counting toward the next trip, each once


@dataclass(frozen=True)
class Trip:
    """The effect of a trip, for the caller to perform: back to monitor, escalate these."""

    why: str
    failures: tuple[Failure, ...]


def counts(b: Breaker, f: Failure, now: float, window_s: float) -> bool:
    """Whether a failure may count now: inside the window, after the last release, not yet counted."""
    after_release = b.released_at is None or f.at > b.released_at
    in_window = now - window_s <= f.at <= now
    return after_release and in_window and all(c.key != f.key for c in b.counted)


def observe(
    b: Breaker, failures: Iterable[Failure], now: float, limits: Limits
) -> tuple[Breaker, Trip | None]:
    """The failures read now (new ones and re-reads alike); trips when they make a storm."""
    if b.phase == Phase.TRIPPED:
        return b, None  # held: people decide; nothing is counted toward a trip that already happened
    kept = tuple(c for c in b.counted if now - limits.window_s <= c.at <= now)
    b = replace(b, counted=kept)
    for f in sorted(failures, key=lambda f: (f.at, f.key)):
        if counts(b, f, now, limits.window_s):
            b = replace(b, counted=(*b.counted, f))
    hits = [Hit(job_nodes=f.job_nodes, culprit=f.culprit) for f in b.counted]
    why = check_storm(hits, limits.min_jobs, limits.min_nodes)
    if why is None:
        return b, None
    return replace(b, phase=Phase.TRIPPED, counted=()), Trip(why, b.counted)


def hold(b: Breaker) -> Breaker:
    """An operator pulls the same switch by hand."""
    return replace(b, phase=Phase.TRIPPED, counted=())


def release(b: Breaker, now: float) -> Breaker:
    """An admin releases the switch: armed again, and only failures after ``now`` count."""
    if b.phase != Phase.TRIPPED:
        return b
    return Breaker(phase=Phase.ARMED, released_at=now, counted=())


# ---------------------------------------------------------------- invariants (None: holds)


def each_failure_counts_once(b: Breaker, trips: Sequence[Trip] = ()) -> str | None:
    """No failure is counted twice toward a trip, nor toward two trips."""
    keys = [f.key for f in b.counted] + [f.key for t in trips for f in t.failures]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    return None if not twice else f"failures counted more than once: {', '.join(twice)}"


def only_failures_after_release_count(b: Breaker) -> str | None:
    """After a release, the failures counting toward a trip all happened after it."""
    if b.released_at is None:
        return None
    early = sorted(f.key for f in b.counted if f.at <= b.released_at)
    return None if not early else f"failures from before the release counted: {', '.join(early)}"


INVARIANTS = (each_failure_counts_once, only_failures_after_release_count)
