"""A status transition table with guards and who may cause each move, and the replay of a recorded
history through it (pure): what ``actions.lifecycle.recommendation`` and ``incidents.lifecycle``
are made of.

A table is a tuple of :class:`Rule`: the statuses a move leaves, the one it reaches, who may cause
it (``permits`` decides, so roles may be cumulative) and an optional guard that refuses with a
reason. The service leaf asks :func:`refusal` before its guarded update; ``check_invariants`` and the
soak replay the recorded rows with :func:`replay`, so a status written past the leaf, by the wrong
actor or without its reason, is reported. No Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

S = TypeVar("S", bound=StrEnum)
A = TypeVar("A", bound=StrEnum)


@dataclass(frozen=True)
class Move(Generic[S, A]):
    """One recorded or requested move: from, to, who (as recorded) and why."""

    old: S
    new: S
    actor: A
    reason: str = ""


@dataclass(frozen=True)
class Rule(Generic[S, A]):
    name: str
    sources: frozenset[S]
    target: S
    who: frozenset[A]
    reason: str
    guard: Callable[[Move[S, A]], str | None] | None = None


def allowed(table: Iterable[Rule[S, A]], statuses: Iterable[S]) -> dict[S, frozenset[S]]:
    """Where each status may go, whoever moves it."""
    out: dict[S, set[S]] = {s: set() for s in statuses}
    for rule in table:
        for source in rule.sources:
            out[source].add(rule.target)
    return {s: frozenset(n) for s, n in out.items()}


def rule_for(table: Iterable[Rule[S, A]], old: S, new: S) -> Rule[S, A] | None:
    return next((r for r in table if old in r.sources and r.target == new), None)


def refusal(
    table: Iterable[Rule[S, A]], move: Move[S, A], permits: Callable[[frozenset[A], A], bool]
) -> str | None:
    """Why this move may not happen (None: it may)."""
    rule = rule_for(table, move.old, move.new)
    if rule is None:
        return f"{move.old.value} -> {move.new.value} is not allowed"
    if not permits(rule.who, move.actor):
        return f"{rule.name}: only {' or '.join(sorted(a.value for a in rule.who))} may cause it"
    return rule.guard(move) if rule.guard else None


Row = tuple[int, str, str, str, str]  # (id, old, new, actor as recorded, reason)


def replay(
    what: str,
    rows: Iterable[Row],
    shown: Mapping[int, str],
    moved: Callable[[str, str, str, str], Move[S, A]],
    refuse: Callable[[Move[S, A]], str | None],
    also: Callable[[int, Move[S, A]], str | None] | None = None,
) -> list[str]:
    """Each entity's recorded moves, in order: chained (old is the previous new), each allowed for who
    made it (``refuse``), whatever else ``also`` checks, and ending where its row shows it.
    ``moved`` builds the move from a row's old, new, actor and reason (ValueError: an unknown status).
    One sentence per violation."""
    out: list[str] = []
    last: dict[int, str] = {}
    for pk, old, new, actor, reason in rows:
        prev = last.get(pk)
        last[pk] = new
        if prev is not None and old != prev:
            out.append(f"{what} #{pk}: went {old} -> {new}, but it was {prev}")
            continue
        if not old:
            continue
        try:
            move = moved(old, new, actor, reason)
        except ValueError:
            out.append(f"{what} #{pk}: {old} -> {new} names an unknown status")
            continue
        why = refuse(move)
        if why:
            out.append(f"{what} #{pk}: {old} -> {new} by {actor or 'controller'}: {why}")
        more = also(pk, move) if also else None
        if more:
            out.append(f"{what} #{pk}: {more}")
    out += [
        f"{what} #{pk}: shows {shown[pk]}, but its history ends at {new}"
        for pk, new in last.items()
        if pk in shown and shown[pk] != new
    ]
    return out
