"""A restart that repeats the failure is the same fault shown again, whoever restarted the job (issue 24).

holdout8 (built blind) had a job fail with a CUDA OOM before its first step, its owner requeue it, and
the next attempt fail the same way: the second attempt opened an incident of its own, because the
attempt before was read as "finished" (the scheduler had ended it) rather than where it stopped.
Now each attempt is compared with where the one before stopped (``stopped_in``), the repeat is
``repeats_after_restart`` and folds into the first attempt's incident with the rest of its failure
(its tasks' exit, the scheduler's FAILED): one incident, the owner told, no requeue. An attempt that
trained before it failed is not a repeat of one that never did.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from incidents.attribution.incident import Incident, Mark, Verdict
from incidents.attribution.restart import assess_restart
from monitoring.detectors import phase as ph
from monitoring.detectors.phase import JobPhase
from monitoring.detectors.schema import JobSpec
from tests.unit.pipehelpers import OPTED, T0, log, megatron, pipeline, run, slurm

NODE = "gpu-a-001"
OOM = (
    "RuntimeError: CUDA out of memory. Tried to allocate 12.74 GiB (GPU 0; 31.75 GiB total capacity; "
    "12.10 GiB already allocated; 8.44 GiB free; 22.06 GiB reserved in total by PyTorch)"
)


def _spec() -> JobSpec:
    return JobSpec("7", name="unet", user="ana", nodes=(NODE,), tasks_per_node=1, started=T0, comment=OPTED)


def _attempt(t0: float, trains: bool, node: str = NODE) -> list[dict[str, Any]]:
    """One attempt: it starts, loads its checkpoint, (maybe trains,) runs out of memory and fails."""
    out = [
        slurm(t0, kind="job_state", job="7", state="RUNNING", exit_code="0:0", nodes=node),
        log(t0 + 5, "7", "INFO Loading checkpoint /ckpt/epoch=119.ckpt"),
    ]
    if trains:
        out += [log(t0 + 10 + 10 * i, "7", megatron(120 + i)) for i in range(6)]
    at = t0 + (80 if trains else 20)
    out += [
        log(at, "7", "Traceback (most recent call last):"),
        log(at + 0.1, "7", OOM),
        log(at + 2, "7", f"srun: error: {node}: task 0: Exited with exit code 1"),
        slurm(at + 3, kind="job_state", job="7", state="FAILED", exit_code="1:0", reason="NonZeroExitCode"),
        slurm(
            at + 60, kind="job_state", job="7", state="REQUEUED", exit_code="0:0", reason="requeued by owner"
        ),
    ]
    return out


def _run(trains: list[bool]) -> list[Any]:
    p = pipeline(_spec())
    events: list[dict[str, Any]] = []
    for i, t in enumerate(trains):
        # Each attempt on another node (as a requeue lands), the first one running already. (Three fast
        # failures on one node are a lemon node's signature, which this is not about.)
        events += _attempt(200.0 * i, t, f"gpu-a-00{i + 1}")[(1 if i == 0 else 0) :]
    run(p, events, until=200.0 * len(trains) + 100)
    return p.incidents()


@settings(max_examples=12, deadline=None)
@given(attempts=st.integers(2, 4))
def test_attempts_that_fail_before_their_first_step_the_same_way_are_one_incident(attempts: int) -> None:
    incs = _run([False] * attempts)
    assert [(i.category, i.culprit_node) for i in incs] == [("software", None)], [
        (i.key, i.pattern, i.detected_t - T0) for i in incs
    ]
    assert [r.action for r in incs[0].recommendations] == ["notify"]  # never requeued


def test_an_attempt_that_trained_before_it_failed_is_a_new_incident() -> None:
    incs = _run([False, True])
    assert len(incs) == 2  # a job that trained may fail anew: not "the restart repeated it"


def test_an_ended_job_says_where_it_stopped() -> None:
    job = JobPhase(T0)
    job.on_line(T0 + 5)
    assert job.describe()["phase"] == ph.LAUNCHING and "stopped_in" not in job.describe()
    job.on_end()
    assert job.describe()["phase"] == ph.FINISHED and job.describe()["stopped_in"] == ph.LAUNCHING


def test_the_attempt_before_is_compared_where_it_stopped_not_as_finished() -> None:
    inc = Incident(key="k", detected_t=10.0, updated_t=10.0)
    info = {
        "phase": ph.LAUNCHING,
        "step": None,
        "before_first_step": True,
        "previous": {"phase": ph.FINISHED, "stopped_in": ph.LAUNCHING, "step": None, "attempt": 0},
    }
    inc.marks["m"] = Mark("cuda_oom", None, None, 10.0, "x", job="7", data={"phase": info})
    out, why = assess_restart(inc, Verdict("software", None, None, 0.6, "job_failed", ()))
    assert out.pattern == "repeats_after_restart" and "attempt 0" in why[0]


@settings(max_examples=6, deadline=None)
@given(attempts=st.integers(3, 4))
def test_the_same_failure_on_the_same_node_every_time_is_not_a_lemon_node(attempts: int) -> None:
    """A job restarted onto the same node each time and failing the same way: the node and the program
    cannot be told apart by the allocations, and the program said why (the repeat, not the node)."""
    p = pipeline(_spec())
    events: list[dict[str, Any]] = []
    for i in range(attempts):
        events += _attempt(200.0 * i, False, NODE)[(1 if i == 0 else 0) :]
    run(p, events, until=200.0 * attempts + 100)
    incs = p.incidents()
    assert [(i.category, i.culprit_node) for i in incs] == [("software", None)], [
        (i.key, i.pattern, i.culprit_node) for i in incs
    ]
    assert "drain_node" not in {r.action for r in incs[0].recommendations}
