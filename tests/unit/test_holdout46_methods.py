"""Methods from holdout46 (blind, issue 24), each tested on lines other than the corpus's.

- A job listed before it runs (a recorded scenario lists every job, the later ones with their start) is no
  one's until it starts: no GPU sample, silence or node is its. It starts at its listed start, its first line
  or the scheduler's word, whichever comes first, and that is its first attempt, not a restart.
- A job too small for a working level (fewer than four GPUs) whose node's GPUs work at several times their
  own idle power is computing, not hung at its start: a solver that announced a 22-minute run and printed
  nothing more.
- A job that started on a node an open hardware incident blames, after the incident, meets that fault again:
  its failure there is that incident's, not a new one. A node given back to service starts clean.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from actions.pipeline import Pipeline
from incidents.attribution.start_watch import START_FLOOR_S
from monitoring.detectors.hostlist import expand
from monitoring.detectors.schema import ClusterSpec, JobSpec
from monitoring.detectors.telemetry import TelemetryRules
from tests.unit.pipehelpers import OPTED, PCI, T0, kernel, log, run, slurm


def _cluster() -> ClusterSpec:
    return ClusterSpec("test", tuple(expand("gpu-a-[001-008]")), 2, pci_bus_ids=PCI[:2])


def _job(jid: str, node: str, started: float, user: str = "ana", name: str = "sim") -> JobSpec:
    return JobSpec(jid, name, user, (node,), tasks_per_node=1, started=started, comment=OPTED)


def gpu(t: float, node: str, i: int, util: float, watts: float) -> dict[str, Any]:
    fields = {"DCGM_FI_DEV_GPU_UTIL": util, "DCGM_FI_DEV_POWER_USAGE": watts, "DCGM_FI_DEV_SM_CLOCK": 1500}
    return {"t": T0 + t, "source": "gpu", "node": node, "gpu": i, "fields": fields}


# --- a job listed before it runs ------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    listed=st.floats(min_value=200.0, max_value=2000.0),
    how=st.sampled_from(["time", "line", "running", "failed"]),
    early=st.floats(min_value=10.0, max_value=150.0),
    handover=st.booleans(),
)
def test_a_job_listed_with_a_later_start_runs_from_then_as_its_first_attempt(
    listed: float, how: str, early: float, handover: bool
) -> None:
    p = Pipeline(_cluster(), [_job("1", "gpu-a-001", T0 - 60), _job("2", "gpu-a-001", T0 + listed)], start=T0)
    run(p, [gpu(20.0, "gpu-a-001", 0, 90.0, 200.0)], until=30.0)
    assert p.world.jobs["2"].state == "pending" and p.world.running_jobs_on("gpu-a-001") == ["1"]
    # the node's samples are the running job's, never the one not started yet
    assert "2" not in p.ingest.telemetry.peers
    if handover:
        p = Pipeline.from_state(json.loads(json.dumps(p.to_state())))
    at = listed - early  # before its listed start: a line, or the scheduler's word, starts it sooner
    events = {
        "time": [],
        "line": [log(at, "2", "loading the mesh")],
        "running": [slurm(at, kind="job_state", job="2", state="RUNNING", nodes="gpu-a-001")],
        "failed": [slurm(at, kind="job_state", job="2", state="FAILED", exit_code="1:0")],
    }[how]
    run(p, events, until=listed + 5.0)
    r = p.world.jobs["2"]
    assert (r.attempt, r.restarts) == (0, 0)  # its first attempt, not a restart
    assert r.started_t == T0 + (listed if how == "time" else at)
    assert r.state == ("failed" if how == "failed" else "running")
    assert p.world.attempts_log == []


def test_a_job_listed_at_or_before_the_record_start_runs_from_the_start() -> None:
    p = Pipeline(_cluster(), [_job("1", "gpu-a-001", T0 - 60), _job("2", "gpu-a-002", T0)], start=T0)
    assert {j: r.state for j, r in p.world.jobs.items()} == {"1": "running", "2": "running"}
    # without a start every listed job runs from the first feed, as before
    q = Pipeline(_cluster(), [_job("3", "gpu-a-001", T0 + 900)])
    assert q.world.jobs["3"].state == "running"


# --- a small job computing without printing -------------------------------------------------------------------

START = (
    "solver: subject 17, config gpu.yaml",
    "Running simulation...",
    "  estimated simulation time 22min 31s...",
)


def _silent_solver(
    busy_w: float, busy_util: float, other_job: bool, both_busy: bool, handover: bool = False
) -> list[str]:
    jobs = [_job("7", "gpu-a-003", T0 + 10.0)]
    if other_job:
        jobs.append(_job("8", "gpu-a-003", T0 + 10.0, user="bo", name="prep"))
    p = Pipeline(_cluster(), jobs, start=T0)
    events = [gpu(5.0, "gpu-a-003", i, 0.0, 20.0) for i in (0, 1)]  # each GPU's idle power, seen before
    events += [log(12.0 + 5 * k, "7", line) for k, line in enumerate(START)]
    t = 300.0
    while t < START_FLOOR_S + 600:
        events.append(gpu(t, "gpu-a-003", 0, busy_util, busy_w))
        events.append(
            gpu(t + 0.1, "gpu-a-003", 1, busy_util if both_busy else 0.0, busy_w if both_busy else 20.0)
        )
        t += 300.0
    if handover:  # the next ticks run in another process, from the saved state
        run(p, [e for e in events if e["t"] < T0 + 700], until=700.0)
        p = Pipeline.from_state(json.loads(json.dumps(p.to_state())))
        events = [e for e in events if e["t"] >= T0 + 700]
    run(p, events, until=START_FLOOR_S + 600)
    return [i.pattern for i in p.incidents() if "7" in i.jobs]


@settings(max_examples=15, deadline=None)
@given(
    rise=st.floats(min_value=2.6, max_value=12.0),
    util=st.floats(min_value=60.0, max_value=100.0),
    handover=st.booleans(),
)
def test_a_small_jobs_gpu_at_several_times_its_idle_power_is_computing_not_hung(
    rise: float, util: float, handover: bool
) -> None:
    assert _silent_solver(20.0 * rise, util, other_job=False, both_busy=False, handover=handover) == []
    # on a node shared with another job, every GPU of it at work: whichever is this job's works
    assert _silent_solver(20.0 * rise, util, other_job=True, both_busy=True) == []


@settings(max_examples=15, deadline=None)
@given(rise=st.floats(min_value=0.5, max_value=2.2))
def test_a_small_job_spinning_near_its_idle_power_or_on_a_shared_node_is_still_raised(rise: float) -> None:
    # busy at little more than its idle power: a kernel waiting, not computing
    assert _silent_solver(20.0 * rise, 100.0, other_job=False, both_busy=False) == ["fails_before_first_step"]
    # a shared node with one GPU at work: it may be the other job's
    assert _silent_solver(200.0, 95.0, other_job=True, both_busy=False) == ["fails_before_first_step"]


# --- a job landing on a node an open incident blames ----------------------------------------------------------

XID48 = "[Mon Sep  7 10:00:00 2026] NVRM: Xid (PCI:0000:18:00): 48, pid=4242, name=python, An uncorrectable double bit error"
FAIL_AT_START = "Failed to allocate device vector A (error code unknown error)!"


@settings(max_examples=15, deadline=None)
@given(gap=st.floats(min_value=60.0, max_value=1500.0), returned=st.booleans(), same_node=st.booleans())
def test_a_job_landing_on_a_blamed_node_meets_its_fault_unless_the_node_was_given_back(
    gap: float, returned: bool, same_node: bool
) -> None:
    node = "gpu-a-004" if same_node else "gpu-a-005"
    start = 200.0 + gap
    p = Pipeline(
        _cluster(),
        [_job("1", "gpu-a-004", T0 - 600, user="al"), _job("2", node, T0 + start, user="cy")],
        start=T0,
    )
    events = [kernel(100.0, "gpu-a-004", XID48), slurm(110.0, kind="job_state", job="1", state="FAILED")]
    if returned:  # drained, repaired, resumed
        events += [
            slurm(120.0, kind="node_state", node="gpu-a-004", state="IDLE+DRAIN", reason="ops: reboot")
        ]
        events += [slurm(150.0, kind="node_state", node="gpu-a-004", state="IDLE", reason="")]
    events += [slurm(start, kind="job_state", job="2", state="RUNNING", nodes=node)]
    events += [
        log(start + 5, "2", FAIL_AT_START),
        log(start + 6, "2", f"srun: error: {node}: task 0: Exited with exit code 1"),
    ]
    events += [slurm(start + 7, kind="job_state", job="2", state="FAILED", exit_code="1:0")]
    run(p, events, until=start + 60)
    incs = p.incidents()
    first = incs[0]
    assert first.category == "gpu_hardware" and first.culprit_node == "gpu-a-004"
    if same_node and not returned:
        assert len(incs) == 1 and "2" in first.jobs  # the known fault, met again: one incident, one drain
    else:
        assert "2" not in first.jobs and any("2" in i.jobs for i in incs[1:])


def test_a_small_jobs_gpu_power_survives_a_handover() -> None:
    rules = TelemetryRules()
    for t, util, watts in ((0.0, 0.0, 20.0), (300.0, 95.0, 180.0)):
        for i in (0, 1):
            rules.on_sample(T0 + t + 0.1 * i, "gpu-a-003", i, _fields(util if i == 0 else 0.0, watts), "7")
    said = rules.nodes_at_work("7", {"gpu-a-003": True}, T0 + 100)
    assert said is not None
    again = TelemetryRules()
    again.load_state(json.loads(json.dumps(rules.to_state())))
    assert again.nodes_at_work("7", {"gpu-a-003": True}, T0 + 100) == said


def _fields(util: float, watts: float) -> dict[str, Any]:
    return {"DCGM_FI_DEV_GPU_UTIL": util, "DCGM_FI_DEV_POWER_USAGE": watts, "DCGM_FI_DEV_SM_CLOCK": 1500}
