"""Drain, resume and requeue on a real Slurm, through the same client the source reads with."""

from __future__ import annotations

import shlex

from actions.executors.result import ExecResult
from actions.executors.simulated import observed_requeue
from monitoring.connections import client_for
from monitoring.models import Cluster
from monitoring.slurm.client import HELD_BY_REQUEUEHOLD, OUR_PREFIX, ActionResult


def _exec(result: ActionResult) -> ExecResult:
    message = result.detail
    if result.stderr:
        message += f" | slurm: {result.stderr.strip()}"
    if result.commands:
        message += " | ran: " + "; ".join(shlex.join(c) for c in result.commands)
    return ExecResult(result.outcome, message.strip(" |"))


class SlurmExecutor:
    """Drain, resume and requeue through the same Slurm client the source reads with."""

    def __init__(self, cluster: Cluster) -> None:
        self.client = client_for(cluster)

    def drain(self, node: str, reason: str, now: float) -> ExecResult:
        return _exec(self.client.drain(node, reason))

    def resume(self, node: str, now: float) -> ExecResult:
        return _exec(self.client.resume(node))

    def requeue(self, job: str, exclude: list[str], now: float) -> ExecResult:
        # Only opted-in jobs are ever recommended for requeue: their opt-in is the consent
        # to switch a Requeue=0 job to requeueable before requeueing it.
        return _exec(self.client.requeue(job, exclude, enable_requeue=True))

    # -- read-only checks for the reconciler ---------------------------------------------
    def observe_drain(self, node: str, now: float) -> ExecResult:
        info = self.client.node(node)
        if info is None:
            return ExecResult("superseded", f"node {node} is not known to Slurm")
        if not info.is_drained:
            return ExecResult("absent", f"{node} is not drained ({info.state})")
        if info.reason.startswith(OUR_PREFIX):
            return ExecResult("already", f"{node} is drained by the controller: {info.reason}")
        return ExecResult("superseded", f"{node} is drained by {info.reason_user or 'someone else'}: {info.reason}")

    def observe_requeue(self, job: str, exclude: list[str], now: float) -> ExecResult:
        info = self.client.job(job)
        if info is not None and info.reason == HELD_BY_REQUEUEHOLD:  # interrupted between requeuehold and release
            return ExecResult("absent", f"job {job} is held by our requeuehold, not yet released")
        return observed_requeue(job, info.state if info else None, info.excluded if info else [], exclude)
