"""Carry out actions in the built-in simulator's world, idempotently, under the cluster lock."""

from __future__ import annotations

from actions.executors.result import BootState, CheckRun, ExecResult
from monitoring.models import Cluster
from monitoring.simulator import SimulatedCluster
from monitoring.sources import NodeView
from monitoring.sources.simulated import job_view, load_world, locked_world, node_view


class SimulatorExecutor:
    """Carries out actions in the simulated world, idempotently."""

    def __init__(self, cluster: Cluster) -> None:
        self.cluster = cluster

    def _node(self, world: SimulatedCluster, name: str) -> NodeView | None:
        return next((node_view(n) for n in world.nodes() if n["name"] == name), None)

    def drain(self, node: str, reason: str, now: float) -> ExecResult:
        with locked_world(self.cluster, now) as world:
            current = self._node(world, node)
            if current is None:
                return ExecResult("failed", f"node {node} does not exist")
            if "DRAIN" in current.state.upper():
                if current.reason.startswith("recovery:"):
                    return ExecResult(
                        "already", f"{node} already drained by the controller: {current.reason}"
                    )
                return ExecResult("superseded", f"{node} already drained by someone else: {current.reason}")
            world.drain(node, reason, now)
            return ExecResult("done", f"scontrol update NodeName={node} State=DRAIN Reason={reason!r}")

    def resume(self, node: str, now: float) -> ExecResult:
        with locked_world(self.cluster, now) as world:
            current = self._node(world, node)
            if current is None:
                return ExecResult("failed", f"node {node} does not exist")
            if "DRAIN" not in current.state.upper():
                return ExecResult("already", f"{node} is not drained ({current.state})")
            if not current.reason.startswith("recovery:"):
                return ExecResult(
                    "superseded", f"{node} was drained by someone else ({current.reason}); not ours to resume"
                )
            world.resume(node, now)
            return ExecResult("done", f"scontrol update NodeName={node} State=RESUME")

    def requeue(self, job: str, exclude: list[str], now: float) -> ExecResult:
        with locked_world(self.cluster, now) as world:
            current = next((job_view(j) for j in world.jobs() if str(j["id"]) == job), None)
            if current is None:
                return ExecResult("superseded", f"job {job} is no longer known to the scheduler")
            if current.state in ("PENDING", "REQUEUED") and set(exclude) <= set(current.exclude):
                return ExecResult("already", f"job {job} is already pending without {', '.join(exclude)}")
            if current.state in ("COMPLETED", "CANCELLED"):
                return ExecResult("superseded", f"job {job} already ended ({current.state})")
            world.requeue(job, exclude=list(exclude), now=now)
            return ExecResult(
                "done", f"scontrol requeue {job}; scontrol update JobId={job} ExcNodeList={','.join(exclude)}"
            )

    def reboot(self, node: str, reason: str, now: float) -> ExecResult:
        with locked_world(self.cluster, now) as world:
            n = world.node_table.get(node)
            if n is None:
                return ExecResult("failed", f"node {node} does not exist")
            if n.rebooting:
                return ExecResult("already", f"{node} reboot already under way")
            if n.drain and not n.reason.startswith("recovery:"):
                return ExecResult(
                    "superseded", f"{node} drained by someone else ({n.reason}); not ours to reboot"
                )
            if not n.drain:
                return ExecResult("failed", f"{node} is not drained: drain it before rebooting it")
            if n.job is not None:
                return ExecResult(
                    "failed", f"jobs still on {node} (job {n.job}): not rebooting until they left"
                )
            world.reboot(node, reason, now)
            return ExecResult("done", f"scontrol reboot reason={reason!r} {node}")

    def reset_gpu(self, node: str, gpu: int, now: float) -> ExecResult:
        return ExecResult("failed", "the simulator's node agent cannot reset a GPU; reboot the node instead")

    # Read-only (no lock): the analyser tick calls these while it holds the cluster's lock.
    def _seen_at(self, now: float) -> SimulatedCluster:
        """The world as it stands at ``now``: a copy brought up to ``now`` and never saved (the
        reboot that finished since the last tick shows; the real world advances under its lock)."""
        world = load_world(self.cluster, now)
        world.advance(now)
        return world

    def boot_state(self, node: str, now: float) -> BootState | None:
        world = self._seen_at(now)
        n = next((x for x in world.nodes() if x["name"] == node), None)
        if n is None:
            return None
        reason = n.get("reason") or ""
        ours = "DRAIN" in n["state"] and reason.startswith("recovery:")
        return BootState(n["state"], reason, str(n.get("boot_time", 0.0)), "REBOOT" in n["state"], ours)

    def run_check(self, node: str, now: float) -> CheckRun:
        rc, out = self._seen_at(now).health_check(node, now)
        return CheckRun(["simulated-health-check", node], rc, out)

    # -- read-only checks for the reconciler (no lock: a tick may hold it) --------------
    def observe_drain(self, node: str, now: float) -> ExecResult:
        current = self._node(load_world(self.cluster, now), node)
        if current is None:
            return ExecResult("superseded", f"node {node} no longer exists")
        if "DRAIN" not in current.state.upper():
            return ExecResult("absent", f"{node} is not drained ({current.state})")
        if current.reason.startswith("recovery:"):
            return ExecResult("already", f"{node} is drained by the controller: {current.reason}")
        return ExecResult("superseded", f"{node} is drained by someone else: {current.reason}")

    def observe_requeue(self, job: str, exclude: list[str], now: float) -> ExecResult:
        world = load_world(self.cluster, now)
        current = next((job_view(j) for j in world.jobs() if str(j["id"]) == job), None)
        return observed_requeue(
            job, current.state if current else None, list(current.exclude) if current else [], exclude
        )


def observed_requeue(job: str, state: str | None, excluded: list[str], exclude: list[str]) -> ExecResult:
    """A requeue is visible when the job is back in the queue (or running again) with the exclusion."""
    if state is None:
        return ExecResult("superseded", f"job {job} is no longer known to the scheduler")
    if set(exclude) <= set(excluded) and state in ("PENDING", "REQUEUED", "RUNNING", "CONFIGURING"):
        return ExecResult("already", f"job {job} is {state} excluding {', '.join(exclude) or 'nothing'}")
    if state in ("COMPLETED", "CANCELLED"):
        return ExecResult("superseded", f"job {job} already ended ({state})")
    return ExecResult("absent", f"job {job} is {state} without the exclusion of {', '.join(exclude)}")
