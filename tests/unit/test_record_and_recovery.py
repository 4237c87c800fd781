"""The record's file format (crash-safe appends, pruning) and the recovery figures, as pure functions."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from actions.evaluation import recorded, recovery
from actions.evaluation.whatif import run_records
from monitoring.detectors.schema import ClusterSpec, JobSpec

T = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)


def _write(path: Path, *chunks: bytes) -> None:
    path.write_bytes(b"".join(chunks))


def test_a_truncated_last_tick_is_skipped_and_every_whole_tick_is_read(tmp_path) -> None:  # type: ignore[no-untyped-def]
    a = recorded.encode([{"t": 1.0, "source": "kernel", "node": "n1", "line": "x"}])
    b = recorded.encode([{"t": 2.0, "source": "kernel", "node": "n1", "line": "y"}])
    seg = tmp_path / recorded.segment_name(T.timestamp())
    _write(seg, a, b[: len(b) // 2])
    assert [e["line"] for e in recorded.read_segment(seg)] == ["x"]


def test_a_window_read_mid_segment_starts_with_the_cluster_and_jobs_known_then(tmp_path) -> None:  # type: ignore[no-untyped-def]
    t0 = T.timestamp()
    snap = recorded.snapshot_line(t0, ClusterSpec("c", ("n1", "n2")), [JobSpec("1", nodes=("n1",))])
    later = recorded.jobs_line(t0 + 5, [JobSpec("2", nodes=("n2",))])
    ev = {"t": t0 + 20, "source": "kernel", "node": "n1", "line": "late"}
    _write(
        tmp_path / recorded.segment_name(t0),
        recorded.encode([snap]),
        recorded.encode([later]),
        recorded.encode([ev]),
    )
    lines = recorded.read_window(tmp_path, t0 + 10, t0 + 30)
    assert [e.get("kind", e["source"]) for e in lines] == ["snapshot", "kernel"]
    assert sorted(j["id"] for j in lines[0]["jobs"]) == ["1", "2"]


def test_old_segments_are_pruned_and_the_newest_never(tmp_path, settings) -> None:  # type: ignore[no-untyped-def]
    from actions.services.record import prune

    settings.RECOVERY_RECORD_RETENTION_DAYS = 1
    settings.RECOVERY_RECORD_MAX_MB = 1
    old = tmp_path / recorded.segment_name((T - dt.timedelta(days=3)).timestamp())
    mid = tmp_path / recorded.segment_name((T - dt.timedelta(hours=2)).timestamp())
    new = tmp_path / recorded.segment_name(T.timestamp())
    for p in (old, mid, new):
        p.write_bytes(b"\x00" * 10)
    removed = prune(tmp_path, T.timestamp())
    assert removed == [old] and mid.exists() and new.exists()


def test_the_size_cap_drops_the_oldest_first(tmp_path, settings) -> None:  # type: ignore[no-untyped-def]
    from actions.services.record import prune

    settings.RECOVERY_RECORD_MAX_MB = 1
    a = tmp_path / recorded.segment_name((T - dt.timedelta(hours=2)).timestamp())
    b = tmp_path / recorded.segment_name((T - dt.timedelta(hours=1)).timestamp())
    c = tmp_path / recorded.segment_name(T.timestamp())
    for p in (a, b, c):
        p.write_bytes(b"\x00" * 600_000)
    assert prune(tmp_path, T.timestamp()) == [a, b]
    assert c.exists()


def test_a_stream_without_a_snapshot_builds_no_pipeline() -> None:
    pipe, updates = run_records(
        [{"t": 1.0, "source": "kernel", "node": "n1", "line": "NVRM: Xid (PCI:0000:18:00): 79"}]
    )
    assert pipe is None and updates == []


def test_lost_time_is_checkpoint_gap_plus_wait_and_gpu_hours_scale_with_gpus() -> None:
    ckpt, fault, resumed = T, T + dt.timedelta(minutes=20), T + dt.timedelta(minutes=30)
    assert recovery.lost_time_s(fault, ckpt, resumed) == 1800.0
    assert recovery.gpu_hours(32, 1800.0) == 16.0
    assert recovery.lost_time_s(fault, None, resumed) == 600.0  # no checkpoint known: only the wait
    assert recovery.lost_time_s(fault, ckpt, None) is None  # not progressing again yet


def test_ettr_is_productive_over_allocated_gpu_time_of_the_window() -> None:
    runs = [recovery.Allocation("1", 8, T - dt.timedelta(hours=1), T + dt.timedelta(hours=2))]
    allocated = recovery.allocated_gpu_s(runs, T, T + dt.timedelta(hours=1))
    assert allocated == 8 * 3600
    assert recovery.ettr(allocated, 0.25 * 8 * 3600) == 0.75
    assert recovery.ettr(0.0, 0.0) is None


def test_a_job_that_lost_more_than_it_was_allocated_is_a_violation_the_cluster_sums_hide() -> None:
    """Issue 23, defect 7 ("ETTR 0 % with lost GPU-hours 11.2 above allocated 6.5"): a job requeued at
    T+1h, its latest run from then on, lost the 2 h from its checkpoint at T-1h to progress again.
    Counted from its latest start, it was allocated 1 h but lost 2 h; another job's hours hide it in
    the cluster's sums. Today's accounting reaches back to the loss, and the invariant holds."""
    h = dt.timedelta(hours=1)
    since, until = T - 2 * h, T + 2 * h
    runs = [recovery.Allocation("1", 8, T + h, until), recovery.Allocation("2", 8, since, until)]
    losses = [recovery.Loss("1", T - h, T + h + dt.timedelta(minutes=1))]
    by_job = recovery.allocated_and_lost_by_job(runs, losses, since, until)
    assert recovery.lost_within_allocated(by_job, recovery.totals(by_job)) == []
    allocated, lost = recovery.totals(by_job)
    assert lost <= allocated and 0 <= (recovery.ettr(allocated, lost) or 0) <= 1
    # The old accounting: job 1 allocated from its latest start, its loss over the whole window.
    old = {"1": (8 * 3600.0, 8 * 7260.0), "2": (8 * 4 * 3600.0, 0.0)}
    assert recovery.lost_within_allocated(old, recovery.totals(old)) == [
        "job 1 lost 58080 but was allocated 28800 over the window"
    ]
    # A cluster figure that is not its jobs' sum (a second count beside theirs) is one too.
    assert recovery.lost_within_allocated(by_job, (allocated, lost + 3600.0)) == [
        f"the cluster shows {lost + 3600.0:g} lost of {allocated:g} allocated, "
        f"but its jobs add up to {lost:g} lost of {allocated:g} allocated"
    ]


def test_a_hangs_detection_latency_runs_from_its_last_progress_line_not_from_the_observation_that_raised_it() -> (
    None
):
    from actions.evaluation import metrics

    detected = T + dt.timedelta(minutes=5)
    t = metrics.Timeline(
        detected_at=detected, first_signal_at=detected, evidence_signal_at=detected - dt.timedelta(seconds=92)
    )
    assert metrics.compute(t).detection_latency_s == 92.0
