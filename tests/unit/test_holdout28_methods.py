"""Methods from holdout28, built blind (issue 24), each tested on lines other than the corpus's.

- An exporter with no throttle-reasons field at all (AMD's SMI mapped to DCGM's names) says no more than a
  driver that declares no reason: a GPU pegged busy at half its peers' clock or less is slow, whatever its
  power (its peers waiting for it draw little too). A node of them slows its job: gpu_degraded.
- Jobs of several owners on disjoint nodes that could not use their GPUs (a device-state CUDA error, a
  failed cuInit), minutes apart, are one cause the nodes share: one infrastructure incident, escalated,
  nothing drained. One owner, or two jobs, stay what each one was.
- A program failure at a known step waits, as the same error word for word does, for a later attempt that
  stops at the same step: the live state keeps it, so a worker that took over decides as a replay does.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from actions.pipeline import Pipeline
from monitoring.detectors import logs
from monitoring.detectors.schema import JobSpec, Kind
from tests.unit.pipehelpers import OPTED, T0, log, megatron, pipeline, run, slurm

# --- a node whose GPUs' clock collapsed, with no reasons field --------------------------------------------


@settings(max_examples=8, deadline=None)
@given(clock=st.integers(30, 900), power=st.floats(120.0, 200.0), every=st.sampled_from([30.0, 60.0, 120.0]))
def test_a_node_pegged_at_a_fraction_of_its_peers_clock_is_slow_without_reasons(
    clock: int, power: float, every: float
) -> None:
    names = tuple(f"gpu-a-{i:03d}" for i in range(1, 5))
    p = pipeline(JobSpec("8", "mds", "rk", names, tasks_per_node=8, comment=OPTED))
    events = [log(10.0 * i, "8", megatron(i + 1, 1000.0)) for i in range(200)]
    t = 5.0
    while t < 2000.0:
        for node in names:
            stuck = node == "gpu-a-002" and t > 600.0
            for g in range(8):
                fields = {
                    "DCGM_FI_DEV_SM_CLOCK": clock if stuck else 2100,
                    "DCGM_FI_DEV_GPU_UTIL": 100,
                    "DCGM_FI_DEV_POWER_USAGE": power if stuck else 215.0,
                }
                events.append(
                    {"t": T0 + t + 0.01 * g, "source": "gpu", "node": node, "gpu": g, "fields": fields}
                )
        t += every
    run(p, events, until=2000.0)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("gpu_degraded", "gpu-a-002")
    assert "drain_node" in [r.action for r in inc.recommendations]


# --- GPUs unusable under several owners' jobs -------------------------------------------------------------

FAILURES = (
    "RuntimeError: CUDA error: CUDA-capable device(s) is/are busy or unavailable",
    "E0316 23:11:48.500000 2210 cuda_executor.cc:1229] failed call to cuInit: CUDA_ERROR_NOT_INITIALIZED: initialization error",
    "RuntimeError: No CUDA GPUs are available",
)


def test_a_failed_cuinit_is_the_nodes_driver() -> None:
    info = logs.parse_joblog(FAILURES[1])
    assert info is not None and info.kind == Kind.EXCEPTION and info.data.get("device_state")
    unknown = "failed call to cuInit: CUDA_ERROR_UNKNOWN: unknown error"
    assert (logs.parse_joblog(unknown) or info).data.get("device_state")


def _unusable(owners: list[str], gap: float) -> list[Any]:
    """One job per owner, each on its own node, each failing at its start ``gap`` s after the last."""
    jobs = [
        JobSpec(
            str(40 + i),
            f"train-{i}",
            u,
            (f"gpu-a-{10 + i:03d}",),
            tasks_per_node=1,
            started=T0,
            comment=OPTED,
        )
        for i, u in enumerate(owners)
    ]
    p = pipeline(*jobs)
    events: list[dict[str, Any]] = []
    for i, spec in enumerate(jobs):
        at = 20.0 + gap * i
        events += [
            log(at - 15.0, spec.id, "INFO loading config from /home/run.yaml"),
            log(at, spec.id, "Traceback (most recent call last):"),
            log(at + 0.1, spec.id, FAILURES[i % len(FAILURES)]),
            slurm(at + 2.0, kind="job_state", job=spec.id, state="FAILED", exit_code="1:0"),
        ]
    run(p, events, until=20.0 + gap * len(jobs) + 200.0)
    return p.incidents()


@settings(max_examples=6, deadline=None)
@given(gap=st.floats(5.0, 500.0), n=st.integers(3, 5))
def test_gpus_unusable_under_several_owners_jobs_are_one_shared_cause(gap: float, n: int) -> None:
    incs = _unusable([f"user{i % 3}" for i in range(n)], gap)
    assert [(i.category, i.culprit_node, len(i.jobs)) for i in incs] == [("infrastructure", None, n)]
    assert [r.action for r in incs[0].recommendations] == ["escalate"]


def test_one_owner_or_two_jobs_stay_their_own() -> None:
    for owners in (["ana", "ana", "ana"], ["ana", "bo"]):
        incs = _unusable(owners, 300.0)
        assert len(incs) == len(owners) and all(i.category != "infrastructure" for i in incs)


# --- a failure at the same step, hours later: the replay and a worker that took over agree --------------------

OOM = "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.53 GiB (GPU 0; 31.75 GiB total capacity)"


def _oom_twice(gap_h: float, handed_over: bool) -> list[Any]:
    """Job 9 trains to step 150 and runs out of GPU memory there; ``gap_h`` hours later its owner starts it
    again on another node, and it runs out of memory at step 150 again."""
    p = pipeline(JobSpec("9", "mt0", "pk", ("gpu-a-004",), tasks_per_node=2, started=T0, comment=OPTED))

    def attempt(t0: float) -> list[dict[str, Any]]:
        lines = [log(t0 + 10.0 * i, "9", megatron(i + 1)) for i in range(150)]
        lines += [log(t0 + 1501.0, "9", "Traceback (most recent call last):"), log(t0 + 1501.1, "9", OOM)]
        return [*lines, slurm(t0 + 1503.0, kind="job_state", job="9", state="FAILED", exit_code="1:0")]

    run(p, attempt(0.0), until=1700.0)
    start = 1700.0 + gap_h * 3600.0
    t = T0 + 1700.0
    while t < T0 + start - 600.0:  # nothing happens meanwhile: a tick every 10 minutes
        p.feed([], t)
        t += 600.0
    if handed_over:
        p = Pipeline.from_state(json.loads(json.dumps(p.to_state())))
    again = [slurm(start, kind="job_state", job="9", state="RUNNING", exit_code="0:0", nodes="gpu-a-007")]
    run(p, again + attempt(start + 5.0), until=start + 1800.0)
    return p.incidents()


@settings(max_examples=6, deadline=None)
@given(gap_h=st.floats(7.0, 40.0), handed_over=st.booleans())
def test_a_failure_at_the_same_step_hours_later_is_one_incident_whoever_holds_the_state(
    gap_h: float, handed_over: bool
) -> None:
    incs = _oom_twice(gap_h, handed_over)
    assert [(i.category, i.culprit_node) for i in incs] == [("software", None)], [i.evidence for i in incs]
