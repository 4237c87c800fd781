"""What every executor returns, and the interface they share (kept apart so executors import no package above them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class ExecResult:
    outcome: str  # done | already | superseded | failed (observe: also absent)
    message: str = ""

    @property
    def ok(self) -> bool:
        return self.outcome in ("done", "already")


class Executor(Protocol):
    def drain(self, node: str, reason: str, now: float) -> ExecResult: ...
    def resume(self, node: str, now: float) -> ExecResult: ...
    def requeue(self, job: str, exclude: list[str], now: float) -> ExecResult: ...
    # Read-only: is the effect of an earlier drain/requeue visible? "already" yes,
    # "superseded" the world moved, "absent" not carried out (safe to run again).
    def observe_drain(self, node: str, now: float) -> ExecResult: ...
    def observe_requeue(self, job: str, exclude: list[str], now: float) -> ExecResult: ...
