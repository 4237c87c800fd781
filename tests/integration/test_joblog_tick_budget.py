"""Many jobs far behind at once (the controller was down an hour): a tick holds a bounded amount of
their output, least recently read first, and every job is caught up within a few ticks.

The real Slurm source's job-log step over real files (local transport); the jobs are given as the
scheduler would list them, with their output paths already known (no scontrol needed).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from monitoring.collectors import joblog
from monitoring.models import Cluster
from monitoring.slurm.parse import JobInfo
from monitoring.sources.slurm import SlurmSource

pytestmark = pytest.mark.django_db
JOBS = 6
LINES = 16_000  # ~16 MiB of output per job, written while nobody read it
LINE = "%05d " + "step 1234 loss 2.345 " * 48 + "\n"


def test_a_tick_holds_about_its_budget_of_many_jobs_backlogs_and_each_job_is_read_in_turn(
    tmp_path: Path,
) -> None:
    cluster = Cluster.objects.create(name="behind", connection_mode="local", slurm_bin_dir=str(tmp_path))
    paths = {}
    for j in range(JOBS):
        path = tmp_path / f"job{j}.out"
        path.write_text("".join(LINE % i for i in range(LINES)))
        paths[str(4100 + j)] = [str(path)]
    src = SlurmSource(cluster, 0.0)
    src._jobs = [JobInfo(job_id=job, state="RUNNING") for job in paths]
    src.state["paths"] = dict(paths)
    per_tick, lines_of = [], dict.fromkeys(paths, 0)
    for tick in range(1, 30):
        events = src._job_logs(float(tick))
        if not events:
            break
        per_tick.append(joblog.size_of(events))
        for e in events:
            lines_of[e["job"]] += 1
    assert lines_of == dict.fromkeys(paths, LINES)  # all of it, once
    bound = joblog.TICK_READ_BUDGET + joblog.MAX_BUDGET + joblog.PARTIAL_CAP  # the budget and the last slice
    assert max(per_tick) <= bound, per_tick
    assert len(per_tick) <= 8, per_tick  # caught up in a few ticks all the same
