"""Driving the simulated cluster's loop with explicit time: each tick gets its ``now``, so a test
covers minutes of cluster life in seconds. The ``clock`` fixture (tests/integration/conftest.py)
starts one; a module sets ``CLOCK_WARMUP_S`` or ``CLOCK_START`` to change where it starts."""

from __future__ import annotations

import datetime as dt

from actions.loop import run_cluster_tick
from monitoring.models import Cluster, Job

T0 = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)


class Clock:
    def __init__(self, start: dt.datetime = T0) -> None:
        self.now = start

    def run(self, cluster: Cluster, seconds: float, step: float = 2.0) -> None:
        end = self.now + dt.timedelta(seconds=seconds)
        while self.now < end:
            self.now += dt.timedelta(seconds=step)
            run_cluster_tick(cluster.pk, self.now)


def busy_batch_job(cluster: Cluster) -> Job:
    """The first running opted-in job of the batch partition (the simulator always runs some)."""
    job = (
        Job.objects.filter(cluster=cluster, state="RUNNING", partition="batch")
        .exclude(comment="")
        .order_by("slurm_id")
        .first()
    )
    assert job is not None, "the simulator should be running opted-in jobs"
    return job
