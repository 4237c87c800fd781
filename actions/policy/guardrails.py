"""Cluster guardrails for mutating actions (pure: counts in, verdict out).

Checked when an action is about to run automatically and when an operator
approves one, so that neither path can take more capacity than allowed.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DrainBudget:
    drains_last_hour: int
    max_drains_per_hour: int
    partition_size: int
    partition_drained_by_us: int
    max_partition_drained_pct: int


def check_drain(b: DrainBudget) -> str | None:
    """Return why a drain is blocked, or None when it may go ahead."""
    if b.drains_last_hour >= b.max_drains_per_hour:
        return (
            f"drain rate: {b.drains_last_hour} drains by the controller in the last hour "
            f"(limit {b.max_drains_per_hour} per hour)"
        )
    if b.partition_size > 0:
        after = (b.partition_drained_by_us + 1) * 100 / b.partition_size
        if after > b.max_partition_drained_pct:
            return (
                f"partition share: draining one more would leave {b.partition_drained_by_us + 1} of "
                f"{b.partition_size} nodes drained by the controller ({after:.0f}% > {b.max_partition_drained_pct}%)"
            )
    return None


@dataclass(frozen=True)
class RestartBudget:
    """One job's restart history, as the restart guardrails need it.

    ``requeues_without_progress`` counts our latest requeues, newest first, that
    found the job at the checkpoint it already had at the requeue before: the job
    restarts but never gets past where it was.
    """

    job: str
    opted_in: bool
    max_requeues: int
    requeues_by_us: int
    requeues_without_progress: int
    restart_storm_limit: int


def check_restart(b: RestartBudget) -> str | None:
    """Return why a requeue is blocked, or None when it may go ahead."""
    if not b.opted_in or b.max_requeues <= 0:
        return f"opt-in: job {b.job} did not opt in to automatic requeue (--comment recovery.max_requeues)"
    if b.requeues_by_us >= b.max_requeues:
        return f"restart budget: job {b.job} was already requeued {b.requeues_by_us} times (its limit is {b.max_requeues})"
    if b.restart_storm_limit > 0 and b.requeues_without_progress >= b.restart_storm_limit:
        return (
            f"restart storm: job {b.job} was requeued {b.requeues_without_progress} times in a row without "
            f"progressing past its checkpoint; held for people instead of requeued again"
        )
    return None


@dataclass(frozen=True)
class Hit:
    """One recent incident: each job it hit with that job's nodes, and the node it blamed."""

    job_nodes: tuple[tuple[str, tuple[str, ...]], ...] = ()
    culprit: str = ""


def check_storm(hits: list[Hit], min_jobs: int, min_nodes: int) -> str | None:
    """Many jobs on disjoint nodes, or many blamed nodes, at once: shared infrastructure, not hardware.

    Draining node after node in such a storm would empty the cluster for a
    filesystem or network outage that no drain can fix.
    """
    jobs: dict[str, set[str]] = {}
    for h in hits:
        for job, nodes in h.job_nodes:
            jobs.setdefault(job, set()).update(nodes)
    disjoint = _disjoint_count([jobs[j] for j in sorted(jobs)])
    if min_jobs > 0 and disjoint >= min_jobs:
        return f"storm breaker: {disjoint} jobs on disjoint nodes failed at once ({', '.join(sorted(jobs))})"
    culprits = sorted({h.culprit for h in hits if h.culprit})
    if min_nodes > 0 and len(culprits) >= min_nodes:
        return f"storm breaker: {len(culprits)} nodes blamed at once ({', '.join(culprits)})"
    return None


def _disjoint_count(node_sets: list[set[str]]) -> int:
    """How many of the jobs share no node with any job counted before them (greedy, order-stable)."""
    taken: set[str] = set()
    n = 0
    for nodes in node_sets:
        if not nodes & taken:
            n += 1
            taken |= nodes
    return n


@dataclass(frozen=True)
class RebootBudget:
    """Reboots and GPU resets by the controller that have not come back yet, cluster-wide and in the partition."""

    in_flight: int
    max_in_flight: int
    partition_size: int
    partition_rebooting: int
    max_partition_rebooting_pct: int


def check_reboot(b: RebootBudget) -> str | None:
    """Return why a reboot is blocked, or None when it may go ahead.

    A reboot takes the node away for minutes; a fleet-wide fault (a bad driver push)
    must not turn into a fleet-wide reboot loop.
    """
    if b.in_flight >= b.max_in_flight:
        return (
            f"reboots in flight: {b.in_flight} reboots by the controller have not come back yet "
            f"(limit {b.max_in_flight} per cluster)"
        )
    if b.partition_size > 0:
        after = (b.partition_rebooting + 1) * 100 / b.partition_size
        if after > b.max_partition_rebooting_pct:
            return (
                f"partition share: rebooting one more would leave {b.partition_rebooting + 1} of "
                f"{b.partition_size} nodes rebooting ({after:.0f}% > {b.max_partition_rebooting_pct}%)"
            )
    return None
