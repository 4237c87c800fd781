"""Pick the source for a cluster's connection mode."""

from __future__ import annotations

from typing import Any

from monitoring.models import Cluster
from monitoring.sources import Source


def open_source(cluster: Cluster, now: float, collector: dict[str, Any] | None = None) -> Source:
    """``collector``: the cursors already read from the database this tick (a Slurm source's)."""
    if cluster.is_simulated:
        from monitoring.sources.simulated import SimulatedSource

        return SimulatedSource(cluster, now)
    from monitoring.sources.slurm import SlurmSource

    return SlurmSource(cluster, now, collector)
