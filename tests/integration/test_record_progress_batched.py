"""record_progress writes each tick's job progress in batches, not one UPDATE per job (issue 14)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from actions.loop import record_progress
from actions.pipeline import Pipeline
from monitoring.detectors.progress import ProgressTracker
from monitoring.detectors.schema import ClusterSpec
from monitoring.models import Job

T = 1_780_000_000.0


def _tracker(t: float, step: int, ckpt: tuple[float, int] | None = None) -> ProgressTracker:
    tr = ProgressTracker()
    tr.last_t, tr.last_step = t, step
    tr.ckpt = ckpt
    return tr


@pytest.mark.django_db
def test_progress_of_many_jobs_is_written_in_two_statements_with_only_the_changed_fields(cluster):
    """Given 30 running jobs of which 20 made steps and 10 also checkpointed, and one that did
    not move, when progress is recorded, then 2 UPDATEs carry it all, each row gets exactly its
    new values, and the unmoved job's row is left as it was."""
    jobs = Job.objects.bulk_create(
        Job(cluster=cluster, slurm_id=str(4000 + i), state="RUNNING", last_step=5, last_checkpoint_step=0)
        for i in range(31)
    )
    p = Pipeline(ClusterSpec(cluster.name, ()))
    for i, job in enumerate(jobs[:30]):
        ckpt = (T - 60, 100 + i) if i < 10 else None
        p.ingest.trackers[job.slurm_id] = _tracker(T + i, 1000 + i, ckpt)
    p.ingest.trackers[jobs[30].slurm_id] = _tracker(T, 5)  # same step as stored: nothing to write

    with CaptureQueriesContext(connection) as q:
        record_progress(cluster, p)

    updates = [x["sql"] for x in q.captured_queries if x["sql"].startswith("UPDATE")]
    assert len(updates) == 2
    rows = {j.slurm_id: j for j in Job.objects.filter(cluster=cluster)}
    for i in range(30):
        row = rows[str(4000 + i)]
        assert row.last_step == 1000 + i
        assert row.last_progress_at == dt.datetime.fromtimestamp(T + i, tz=dt.UTC)
        assert row.last_checkpoint_step == (100 + i if i < 10 else 0)
    unmoved = rows["4030"]
    assert (unmoved.last_step, unmoved.last_progress_at, unmoved.last_checkpoint_at) == (5, None, None)


@pytest.mark.django_db
def test_when_no_job_moved_nothing_is_written(cluster):
    Job.objects.create(cluster=cluster, slurm_id="4100", state="RUNNING", last_step=7)
    p = Pipeline(ClusterSpec(cluster.name, ()))
    p.ingest.trackers["4100"] = _tracker(T, 7)
    with CaptureQueriesContext(connection) as q:
        record_progress(cluster, p)
    assert not [x for x in q.captured_queries if x["sql"].startswith("UPDATE")]
