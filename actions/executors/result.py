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


@dataclass(frozen=True)
class BootState:
    """A node as the scheduler reports it after a reboot: is it back, and with which boot?"""

    state: str
    reason: str
    boot_time: str  # changes when the node booted again
    rebooting: bool  # REBOOT_REQUESTED / REBOOT_ISSUED still set
    drained_by_us: bool


@dataclass(frozen=True)
class CheckRun:
    """One health check on a node: the argv as run, its exit status and output (stdout + stderr)."""

    argv: list[str]
    rc: int
    output: str

    @property
    def passed(self) -> bool:
        return self.rc == 0


class Executor(Protocol):
    def drain(self, node: str, reason: str, now: float) -> ExecResult: ...
    def resume(self, node: str, now: float) -> ExecResult: ...
    def requeue(self, job: str, exclude: list[str], now: float) -> ExecResult: ...
    # Read-only: is the effect of an earlier drain/requeue visible? "already" yes,
    # "superseded" the world moved, "absent" not carried out (safe to run again).
    def observe_drain(self, node: str, now: float) -> ExecResult: ...
    def observe_requeue(self, job: str, exclude: list[str], now: float) -> ExecResult: ...
    def reboot(self, node: str, reason: str, now: float) -> ExecResult: ...
    def reset_gpu(self, node: str, gpu: int, now: float) -> ExecResult: ...
    def boot_state(self, node: str, now: float) -> BootState | None: ...
    def run_check(self, node: str, now: float) -> CheckRun: ...
