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
