"""Executors carry out approved recommendations on a cluster.

One interface for every connection mode; each call is idempotent (running it twice
has one effect) and says what happened: done, already (nothing to do), superseded
(the world moved: job gone, node drained by someone else) or failed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from monitoring.models import Cluster


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


def executor_for(cluster: Cluster) -> Executor:
    """The executor for the cluster's connection mode (imported here: the classes need ExecResult)."""
    if cluster.is_simulated:
        from actions.executors.simulated import SimulatorExecutor

        return SimulatorExecutor(cluster)
    from actions.executors.slurm import SlurmExecutor

    return SlurmExecutor(cluster)
