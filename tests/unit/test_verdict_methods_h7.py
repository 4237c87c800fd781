"""holdout7's classes (issue 24): a teardown that hangs after the job said its training ended.

The job's own end-of-training sign, then every GPU of the job idle in a run that began after its
last step: the process neither works nor exits, so the stall is reported after ``teardown_idle_s``
instead of the full ``finished_grace_s`` (for jobs a progress parser watches and for jobs watched
by their own cadence alike), reported to the owner and never requeued; and an incident about a
stall that still holds is not closed as quiet, so the owner's interrupt an hour later is its end,
not a new fault.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from actions.pipeline import PipelineConfig
from monitoring.detectors.telemetry import TelemetryRules
from tests.unit.pipehelpers import T0, job, log, megatron, pipeline, run, slurm

NODES = ("gpu-a-001", "gpu-a-002")


def _gpu(t: float, node: str, util: int) -> list[dict[str, Any]]:
    return [
        {
            "t": T0 + t,
            "source": "gpu",
            "node": node,
            "gpu": g,
            "fields": {"DCGM_FI_DEV_GPU_UTIL": util, "DCGM_FI_DEV_POWER_USAGE": 300 if util else 60},
        }
        for g in range(8)
    ]


def _sample(rules: TelemetryRules, t: float, node: str, util: float) -> None:
    for g in range(8):
        rules.on_sample(t, node, g, {"DCGM_FI_DEV_GPU_UTIL": util}, "1")


# --- the telemetry rule ---------------------------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(
    n_nodes=st.integers(1, 4),
    idle_from=st.integers(0, 6),
    samples=st.integers(1, 8),
    busy_gpu=st.one_of(st.none(), st.tuples(st.integers(0, 3), st.integers(0, 7))),
    since_step=st.integers(0, 6),
)
def test_all_idle_holds_exactly_when_every_gpu_idled_twice_after_the_last_step(
    n_nodes: int, idle_from: int, samples: int, busy_gpu: tuple[int, int] | None, since_step: int
) -> None:
    nodes = tuple(f"gpu-a-{i:03d}" for i in range(1, n_nodes + 1))
    rules = TelemetryRules()
    for k in range(idle_from + samples):
        t = 10.0 * k
        for i, node in enumerate(nodes):
            for g in range(8):
                busy = k < idle_from or (busy_gpu is not None and busy_gpu == (i, g))
                rules.on_sample(t, node, g, {"DCGM_FI_DEV_GPU_UTIL": 95 if busy else 0}, "1")
    since = 10.0 * since_step - 5.0
    one_busy = busy_gpu is not None and busy_gpu[0] < n_nodes
    began_after = 10.0 * idle_from > since or (idle_from == 0 and since < 0)
    expected = list(nodes) if (not one_busy and samples >= 2 and began_after) else None
    assert rules.all_idle(nodes, since) == expected


def test_all_idle_ignores_nodes_without_telemetry_and_needs_one_that_reports() -> None:
    rules = TelemetryRules()
    assert rules.all_idle(NODES, 0.0) is None
    for t in (10.0, 20.0):
        _sample(rules, t, "gpu-a-002", 0)
    assert rules.all_idle(NODES, 5.0) == ["gpu-a-002"]


# --- the pipeline: a progress parser's job ----------------------------------------------------------


def _finished_job(util_after: int | None, end: int) -> list[dict[str, Any]]:
    """Megatron steps every 10 s until 100 s, 'training finished' at 105 s, then silence."""
    events = [log(i * 10.0, "1", megatron(100 + i)) for i in range(11)]
    events.append(log(105.0, "1", "31: [2026-11-29 10:02:00] training finished, waiting for the logger"))
    for t in range(3, end, 30):
        util = 100 if t < 100 or util_after is None else util_after
        if util_after is None and t >= 100:
            break
        events += _gpu(float(t), "gpu-a-001", util)
        events += _gpu(float(t), "gpu-a-002", util)
    return events


def test_a_finished_job_whose_gpus_sit_idle_is_a_teardown_stall_within_two_minutes() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    run(p, _finished_job(0, 240), until=240)
    incs = p.incidents()
    assert len(incs) == 1
    inc = incs[0]
    assert (inc.category, inc.pattern) == ("software", "stall_after_training_finished")
    assert inc.detected_t - (T0 + 105.0) <= 120.0
    assert [r.action for r in inc.recommendations] == ["notify"]
    assert "neither works nor exits" in " ".join(inc.evidence)


def test_a_finished_job_whose_gpus_still_work_keeps_the_full_teardown_grace() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    run(p, _finished_job(90, 600), until=600)
    assert p.incidents() == []  # a final evaluation or an upload on the GPU: not a stall yet


def test_a_finished_job_without_telemetry_keeps_the_full_teardown_grace() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    run(p, _finished_job(None, 600), until=600)
    assert p.incidents() == []
    run(p, [], until=720)
    assert [i.pattern for i in p.incidents()] == ["stall_after_training_finished"]


def test_a_count_at_its_total_is_no_end_of_training_sign_for_the_quick_report() -> None:
    events = [log(i * 10.0, "1", megatron(100 + i)) for i in range(11)]
    events.append(log(105.0, "1", "Running tokenizer on dataset: 100%|##########| 5200/5200 [00:40<00:00]"))
    for t in range(3, 300, 30):
        events += _gpu(float(t), "gpu-a-001", 100 if t < 100 else 0)
    p = pipeline(job("1", "gpu-a-001"))
    run(p, events, until=300)
    assert p.incidents() and not any("neither works nor exits" in " ".join(i.evidence) for i in p.incidents())


def test_the_quick_teardown_can_be_turned_back_to_the_full_grace() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    p.ingest.cfg = p.ingest.cfg.__class__(**{**p.ingest.cfg.__dict__, "teardown_idle_s": 600.0})
    run(p, _finished_job(0, 300), until=300)
    assert p.incidents() == []


# --- the pipeline: a job watched by its own cadence ---------------------------------------------------


def test_a_cadence_job_that_said_it_finished_and_idles_is_reported_quickly() -> None:
    events = [
        log(i * 10.0, "1", f"steps: {i * 50} loss: {2 - i / 100:.4f} iter time (s): 9.8") for i in range(12)
    ]
    events.append(log(115.0, "1", "done training in 110.0 seconds"))
    for t in range(3, 260, 30):
        events += _gpu(float(t), "gpu-a-001", 100 if t < 110 else 0)
    p = pipeline(job("1", "gpu-a-001"))
    run(p, events, until=260)
    incs = p.incidents()
    assert [(i.category, i.pattern) for i in incs] == [("software", "stall_after_training_finished")]
    assert incs[0].detected_t - (T0 + 115.0) <= 120.0


# --- the incident stays open while the stall holds ----------------------------------------------------


def test_the_owners_interrupt_long_after_the_stall_ends_the_same_incident() -> None:
    cfg = PipelineConfig(incident_close_s=600.0)
    p = pipeline(job("1", "gpu-a-001"), config=cfg)
    events = _finished_job(0, 1500)
    events = [e for e in events if e.get("node") != "gpu-a-002"]
    events.append(log(1500.0, "1", "srun: error: gpu-a-001: task 0: Exited with exit code 130"))
    events.append(slurm(1501.0, kind="job_state", job="1", state="FAILED", exit_code="130:0"))
    run(p, events, until=1510)
    incs = p.incidents()
    assert len(incs) == 1 and incs[0].pattern == "stall_after_training_finished"


def test_an_incident_whose_job_stepped_again_closes_when_quiet() -> None:
    cfg = PipelineConfig(incident_close_s=300.0)
    p = pipeline(job("1", "gpu-a-001"), config=cfg)
    events = [log(i * 10.0, "1", megatron(100 + i)) for i in range(11)]
    events += [log(400.0 + i * 10.0, "1", megatron(200 + i)) for i in range(60)]  # it went on
    run(p, events, until=990)
    incs = p.incidents()
    assert len(incs) == 1 and incs[0].closed and incs[0].detected_t == T0 + 150.0
