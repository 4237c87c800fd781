"""Drain, resume and requeue on a real Slurm, through the same client the source reads with."""

from __future__ import annotations

import shlex

from actions.executors.result import ExecResult
from monitoring.connections import client_for
from monitoring.models import Cluster
from monitoring.slurm.client import ActionResult


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
