"""The Pipeline contract: feed/incidents, restarts, recurrence, state, progress, robustness."""

from __future__ import annotations

import json

from actions.pipeline import IncidentUpdate, Pipeline, PipelineConfig, Proposal
from tests.unit.pipehelpers import T0, job, kernel, log, pipeline, progress, run, slurm

XID79 = "[x] NVRM: Xid (PCI:0000:5d:00): 79, pid=1, name=python, GPU has fallen off the bus."


def test_feed_returns_only_new_or_changed_incidents() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"))
    first = p.feed([kernel(1, "gpu-a-003", XID79)], T0 + 1)
    assert len(first) == 1 and isinstance(first[0], IncidentUpdate)
    assert p.feed([], T0 + 2) == []
    assert p.incidents() == first


def test_to_dict_has_the_replay_shape() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"))
    [inc] = p.feed([kernel(1, "gpu-a-003", XID79)], T0 + 1)
    d = inc.to_dict(T0)
    assert d["detected_t"] == 1.0 and d["culprit"] == {"node": "gpu-a-003", "gpu": 3}
    assert set(d) == {
        "detected_t",
        "category",
        "culprit",
        "confidence",
        "jobs",
        "evidence",
        "recommendations",
    }
    assert Proposal.from_dict(d["recommendations"][0]).action == "drain_node"


def test_state_round_trips_through_json_and_detection_continues() -> None:
    p = pipeline(job("1", "gpu-a-[013-016]"))
    run(p, progress("1", 0, 100))
    state = json.loads(json.dumps(p.to_state()))
    q = Pipeline.from_state(state)
    assert q.job_progress("1") == p.job_progress("1")
    out = run(q, [log(400, "1", "x")], until=400)
    assert [u.category for u in out] == ["hang"]  # the restored hang clock fired


def test_state_keeps_incidents_and_does_not_report_them_again() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]"))
    p.feed([kernel(1, "gpu-a-003", XID79)], T0 + 1)
    q = Pipeline.from_state(json.loads(json.dumps(p.to_state())))
    assert [i.key for i in q.incidents()] == [i.key for i in p.incidents()]
    assert q.feed([], T0 + 2) == []


def test_a_restart_resets_the_hang_clock_and_a_new_fault_is_a_new_incident() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = (
        progress("1", 0, 100)
        + [
            kernel(101, "gpu-a-002", XID79),
            slurm(130, kind="job_state", job="1", state="FAILED", exit_code="134:0"),
            slurm(300, kind="job_state", job="1", state="RUNNING", exit_code="0:0", nodes="gpu-a-[003-004]"),
        ]
        + progress("1", 330, 500, step0=50)
        + [kernel(501, "gpu-a-004", XID79.replace("5d", "18"))]
    )
    run(p, events, until=520)
    first, second = p.incidents()
    assert first.culprit_node == "gpu-a-002" and second.culprit_node == "gpu-a-004"
    assert first.attempts == (("1", 0),) and second.attempts == (("1", 1),)
    assert second.recurrence_of is None  # a different node: a new fault, not a recurrence


def test_a_recurrence_on_the_same_culprit_is_marked() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = [
        kernel(1, "gpu-a-002", XID79),
        slurm(5, kind="job_state", job="1", state="FAILED"),
        slurm(10, kind="job_state", job="1", state="RUNNING", nodes="gpu-a-[001-002]"),
        kernel(50, "gpu-a-002", XID79),
    ]
    run(p, events)
    first, second = p.incidents()
    assert second.recurrence_of == first.key and second.culprit_node == "gpu-a-002"


def test_upsert_job_with_new_nodes_starts_a_new_attempt() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    run(p, progress("1", 0, 60))
    p.upsert_job(job("1", "gpu-a-[005-006]"))
    assert p.job_progress("1") is None
    assert p.world.jobs["1"].attempt == 1


def test_job_progress_and_last_checkpoint() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    run(
        p,
        progress("1", 0, 50)
        + [
            log(51, "1", "0: saving checkpoint at iteration 105 to /c"),
            log(60, "1", "0:   successfully saved checkpoint from iteration 105 to /c"),
        ],
    )
    assert p.job_progress("1") == (T0 + 40, 105)
    assert p.last_checkpoint("1") == (T0 + 60, 105)
    assert p.job_progress("nope") is None and p.last_checkpoint("nope") is None


def test_garbage_events_are_skipped() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    junk = [
        None,
        1,
        "x",
        [],
        {},
        {"t": "soon"},
        {"t": float("nan"), "source": "kernel"},
        {"t": T0, "source": "wat"},
        {"t": T0, "source": "joblog"},
        {"t": T0, "source": "joblog", "job": ["1"], "line": "x"},
        {"t": T0, "source": "gpu", "node": "gpu-a-001", "gpu": "three", "fields": {}},
        {"t": T0, "source": "gpu", "node": "gpu-a-001", "gpu": 1, "fields": {"DCGM_FI_DEV_SM_CLOCK": "fast"}},
        {"t": T0, "source": "slurm", "kind": "job_state", "job": "1"},
        {"t": T0, "source": "slurm", "kind": "node_state", "node": 7, "state": None},
        {"t": T0, "source": "slurm", "kind": "job_state", "job": "1", "state": "RUNNING", "nodes": "bad[1-"},
        {"t": T0, "source": "kernel", "node": "gpu-a-001", "line": "\udcff\x00" * 1000},
    ]
    assert p.feed(junk, T0 + 1) == []  # type: ignore[arg-type]


def test_config_defaults_follow_the_design() -> None:
    c = PipelineConfig()
    assert (c.hang_multiple, c.hang_min_s, c.straggler_ratio, c.straggler_lines) == (5.0, 30.0, 1.2, 5)
    assert (c.slow_gpu_ratio, c.slow_gpu_samples, c.storm_min_jobs, c.storm_window_s) == (0.75, 3, 3, 120.0)


def test_upsert_with_a_later_start_time_on_the_same_nodes_is_a_restart() -> None:
    from dataclasses import replace

    spec = job("1", "gpu-a-[001-002]")
    p = pipeline(spec)
    run(p, progress("1", 0, 60))
    p.upsert_job(spec)  # the scheduler repeating itself: nothing changes
    assert p.world.jobs["1"].attempt == 0
    p.upsert_job(replace(spec, started=T0 + 100))
    assert p.world.jobs["1"].attempt == 1 and p.job_progress("1") is None
