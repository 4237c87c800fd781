"""Executors carry out approved recommendations on a cluster.

One interface for every connection mode; each call is idempotent (running it twice
has one effect) and says what happened: done, already (nothing to do), superseded
(the world moved: job gone, node drained by someone else) or failed.
"""

from __future__ import annotations

from actions.executors.result import BootState, CheckRun, ExecResult, Executor  # noqa: E402,F401 - re-exported
from actions.executors.simulated import SimulatorExecutor
from actions.executors.slurm import SlurmExecutor
from monitoring.models import Cluster

__all__ = ["BootState", "CheckRun", "ExecResult", "Executor", "executor_for"]


def executor_for(cluster: Cluster) -> Executor:
    """The executor for the cluster's connection mode."""
    return SimulatorExecutor(cluster) if cluster.is_simulated else SlurmExecutor(cluster)
