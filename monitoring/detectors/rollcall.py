"""The ranks that fell behind a line every other rank printed (pure).

A job launched with a rank label on each line (``srun -l``'s ``N:``, PyTorch's ``[rankN]:``) prints many lines
once per rank: every rank reaches the same point of the program and says so. When every rank but those of
one node said the same line, and those said nothing at all since, they are stuck before that point and the
others go on without them, or wait for them in the next collective (holdout43, blind: Levanter's four
processes said "Saving checkpoint", three said "Saved checkpoint for step 5000" 72 s later; h-07's never did,
nor anything else, and the job waited for it until the record's end).

No catalog of lines: a line's template is its text with numbers and hex masked, whatever the trainer. A
round is one template's lines within ``ROUND_S`` of its first. A line printed by some ranks by design
(rank 0's summary, each node's local rank 0) leaves ranks on every node out, and names no one; one printed
by every rank but rank 0 (ranks waiting for rank 0's download) names rank 0 only if it said that template
before or its node said nothing since, as a stuck one does.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

ROUND_S = 120.0  # one template's lines this close to its first are one round
MIN_SAYERS = 2  # ranks that said a round's line before it is a roll call
MAX_TEMPLATES = 64  # per job, the least recent dropped
MAX_RANKS = 4096  # per job
LOOK_BACK = 4  # rounds (latest first) looked at
WAIT_S = 30.0  # a roll call is read no sooner than this after it began
MAX_LINE = 300  # longer lines are dumps, not a point of the program

_MASK = re.compile(r"0x[0-9a-fA-F]+|[0-9a-fA-F]{8,}|\d+(?:\.\d+)?")
_SPACES = re.compile(r"\s+")


def template(body: str) -> str:
    """A line's text with its numbers, hex and runs of blanks masked."""
    return _SPACES.sub(" ", _MASK.sub("#", body)).strip()


@dataclass(frozen=True, slots=True)
class Missed:
    node: str
    ranks: tuple[int, ...]
    line: str  # the line the first of the others said
    said_by: int  # how many ranks said it
    since: float  # when the first of them said it


class RollCall:
    def __init__(self) -> None:
        self.last: dict[str, dict[int, float]] = {}  # job -> rank -> its latest line
        # job -> template -> [first_t, last_t, ranks of this round, ranks of the round before, its first line]
        self.rounds: dict[str, dict[str, list[Any]]] = {}

    def forget(self, job: str) -> None:
        self.last.pop(job, None)
        self.rounds.pop(job, None)

    def see(self, job: str, t: float, rank: int, body: str) -> None:
        last = self.last.setdefault(job, {})
        if rank in last or len(last) < MAX_RANKS:
            last[rank] = t
        if not body or len(body) > MAX_LINE:
            return
        key = template(body)
        if len(key) < 6:
            return
        rounds = self.rounds.setdefault(job, {})
        r = rounds.get(key)
        if r is None:
            if len(rounds) >= MAX_TEMPLATES:
                del rounds[min(rounds, key=lambda k: rounds[k][1])]
            rounds[key] = [t, t, {rank}, set(), body]
            return
        if rank in r[2] or t - r[0] > ROUND_S:
            rounds[key] = [t, t, {rank}, r[2], body]  # a new round of the same line
            return
        r[1] = t
        r[2].add(rank)

    def missed(
        self, job: str, now: float, nodes: Iterable[str], node_of: Callable[[int], str | None]
    ) -> Missed | None:
        """The one node whose ranks missed the latest roll call of the job and said nothing since, every
        other node of the job having a rank that said it; None when no such round, or two nodes missed."""
        last = self.last.get(job)
        rounds = self.rounds.get(job)
        if not last or not rounds:
            return None
        job_nodes = set(nodes)
        if len(job_nodes) < 2:
            return None
        calls = sorted(
            ((k, r) for k, r in rounds.items() if len(r[2]) >= MIN_SAYERS),
            key=lambda kr: kr[1][0],
            reverse=True,
        )
        for _, (first, _, said, before, line) in calls[:LOOK_BACK]:
            if now - first < WAIT_S:
                continue
            missing = [rank for rank in last if rank not in said]
            if not missing:
                return None  # every rank passed the latest roll call
            if any(last[rank] > first for rank in missing):
                continue  # they spoke since: not stuck before that line
            where = {node_of(rank) for rank in missing}
            if len(where) != 1 or None in where:
                continue
            node = str(where.pop())
            sayers = {node_of(rank) for rank in said}
            if node not in job_nodes or not (job_nodes - {node}) <= sayers:
                continue  # not said on every other node: no roll call of the whole job
            whole_node = all(node_of(rank) != node for rank in last if rank not in missing)
            if not whole_node and not set(missing) <= before:
                continue  # ranks that never say this line (rank 0's own work while the others wait)
            return Missed(node, tuple(sorted(missing)), line, len(said), first)
        return None

    def to_state(self) -> dict[str, Any]:
        return {
            "last": {job: {str(r): t for r, t in ranks.items()} for job, ranks in self.last.items()},
            "rounds": {
                job: {k: [r[0], r[1], sorted(r[2]), sorted(r[3]), r[4]] for k, r in rounds.items()}
                for job, rounds in self.rounds.items()
            },
        }

    def load_state(self, state: dict[str, Any]) -> None:
        self.last = {
            str(job): {int(r): float(t) for r, t in ranks.items()}
            for job, ranks in (state.get("last") or {}).items()
        }
        self.rounds = {
            str(job): {
                str(k): [float(r[0]), float(r[1]), {int(x) for x in r[2]}, {int(x) for x in r[3]}, str(r[4])]
                for k, r in rounds.items()
            }
            for job, rounds in (state.get("rounds") or {}).items()
        }
