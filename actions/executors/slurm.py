"""Drain, resume and requeue on a real Slurm, through the same client the source reads with."""

from __future__ import annotations

import shlex

from actions.executors.result import BootState, CheckRun, ExecResult
from actions.executors.simulated import observed_requeue
from monitoring.connections import client_for
from monitoring.models import Cluster
from monitoring.slurm.client import OUR_PREFIX, ActionResult, held_by_our_requeue
from monitoring.transports import TransportError


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
        self.cluster = cluster

    def reboot(self, node: str, reason: str, now: float) -> ExecResult:
        return _exec(self.client.reboot(node, reason))

    def boot_state(self, node: str, now: float) -> BootState | None:
        info = self.client.node(node)
        if info is None:
            return None
        return BootState(
            info.state,
            info.reason,
            info.boot_time,
            info.rebooting,
            info.is_drained and info.reason.startswith(OUR_PREFIX),
        )

    def on_node(self, node: str, argv: list[str]) -> list[str]:
        """``argv`` as it reaches ``node``: behind the cluster's node prefix (``ssh {node}``), if any."""
        prefix = [p.replace("{node}", node) for p in shlex.split(self.cluster.node_command_prefix)]
        return [*prefix, *argv]

    def run_check(self, node: str, now: float) -> CheckRun:
        argv = self.on_node(node, check_argv(self.cluster.qualification_command, node))
        try:
            res = self.client.transport.run(argv, timeout=float(self.cluster.qualification_timeout_s))
        except Exception as exc:  # unreachable node, transport down: a failed check, said verbatim
            return CheckRun(argv, 255, f"{type(exc).__name__}: {exc}")
        return CheckRun(argv, res.rc, (res.stdout + res.stderr)[-20000:])

    def reset_gpu(self, node: str, gpu: int, now: float) -> ExecResult:
        """``nvidia-smi --gpu-reset -i N`` on the node (the GPU must be idle: the node is drained)."""
        if not self.cluster.gpu_reset_available:
            return ExecResult("failed", "GPU reset is not enabled for this cluster")
        state = self.boot_state(node, now)
        if state is None or not state.drained_by_us:
            return ExecResult("superseded", f"{node} is not drained by the controller; not resetting its GPU")
        argv = self.on_node(node, ["nvidia-smi", "--gpu-reset", "-i", str(int(gpu))])
        try:
            res = self.client.transport.run(argv, timeout=120.0)
        except TransportError as exc:  # REST mode: no command channel to the node
            return ExecResult("failed", f"GPU reset not sent: {exc}")
        if not res.ok:
            return ExecResult(
                "failed",
                f"GPU reset refused | nvidia-smi: {(res.stdout + res.stderr).strip()} | ran: {shlex.join(argv)}",
            )
        return ExecResult("done", f"GPU {gpu} reset | ran: {shlex.join(argv)}")

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
        return ExecResult(
            "superseded", f"{node} is drained by {info.reason_user or 'someone else'}: {info.reason}"
        )

    def observe_requeue(self, job: str, exclude: list[str], now: float) -> ExecResult:
        info = self.client.job(job)
        if info is not None and held_by_our_requeue(info):  # interrupted between our hold and release
            return ExecResult("absent", f"job {job} is held by our requeue, not yet released")
        return observed_requeue(job, info.state if info else None, info.excluded if info else [], exclude)


def check_argv(setting: str, node: str) -> list[str]:
    """The cluster's health check setting -> an argument list (``shlex.split``, never a shell)."""
    argv = [a.replace("{node}", node) for a in shlex.split(setting)]
    if not argv:
        raise ValueError("no health check configured for this cluster (qualification_command)")
    return argv
