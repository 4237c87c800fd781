"""Three methods found missing by the third blind holdout (issue 24), each tested both ways.

- Many nodes *drained by someone else* within minutes for one reason (slurmctld's "Prolog error",
  a site health check) are one infrastructure event, as many nodes *down* were: the job that failed
  at launch on one of them is not the application's, and we drain nothing (they are drained).
- A task that died of a signal on one node, with nothing else to explain it, is the node's only
  when that node was already suspect; otherwise it stays the job's.
- A job watched by its own cadence (a format no parser knows), silent past it while its GPUs still
  draw their working power, is computing, not stalled (until a much longer deadline); the same
  silence with the power gone, or with a kernel record on its nodes, is a stall at the usual deadline.
"""

from __future__ import annotations

from typing import Any

from monitoring.detectors.schema import HistoryEntry
from tests.unit.pipehelpers import T0, job, kernel, log, pipeline, progress, run, slurm

OPTED = '{"recovery": {"max_requeues": 3}}'


def _drained(t: float, node: str, reason: str) -> dict[str, Any]:
    return slurm(t, kind="node_state", node=node, state="IDLE+DRAIN", reason=reason)


def _launch_failed(t: float, jid: str) -> dict[str, Any]:
    return slurm(t, kind="job_state", job=jid, state="FAILED", exit_code="0:0", reason="launch failed")


def test_five_nodes_drained_for_a_prolog_error_within_minutes_are_one_infrastructure_incident() -> None:
    p = pipeline(job("1", "gpu-a-001", tpn=8), job("2", "gpu-a-[002-003]"), job("3", "gpu-a-[007-008]"))
    events = [slurm(1, kind="job_state", job=j, state="RUNNING", exit_code="0:0") for j in ("1", "2", "3")]
    events += [_drained(3, "gpu-a-001", "Prolog error"), _launch_failed(4, "1")]
    events += [_drained(40 + i, n, "Prolog error") for i, n in enumerate(("gpu-a-002", "gpu-a-003"))]
    events += [_drained(90 + i, n, "Prolog error") for i, n in enumerate(("gpu-a-007", "gpu-a-008"))]
    run(p, events, until=150)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node, inc.pattern) == (
        "infrastructure",
        None,
        "correlated_node_failures",
    )
    assert any("5 nodes of 32" in line and "drained by someone else" in line for line in inc.evidence)
    assert not [r for r in inc.recommendations if r.action in ("drain_node", "requeue_job")]


def test_two_nodes_drained_for_the_same_reason_stay_a_job_failure() -> None:
    p = pipeline(job("1", "gpu-a-001", tpn=8))
    events = [slurm(1, kind="job_state", job="1", state="RUNNING", exit_code="0:0")]
    events += [_drained(3, "gpu-a-001", "Prolog error"), _launch_failed(4, "1")]
    events += [_drained(40, "gpu-a-002", "Prolog error")]
    run(p, events, until=150)
    [inc] = p.incidents()
    assert inc.category != "infrastructure"


SEGV = "srun: error: gpu-a-003: task 17: Segmentation fault (core dumped)"
TORN = ["srun: error: gpu-a-001: tasks 0-7: Terminated", "srun: error: gpu-a-002: tasks 8-15: Terminated"]


def _segfault_run(history: tuple[HistoryEntry, ...]) -> Any:
    p = pipeline(job("1", "gpu-a-[001-004]"), history=history)
    events = progress("1", 0, 100)
    events += [log(101, "1", SEGV)] + [log(102, "1", line) for line in TORN]
    events += [slurm(104, kind="job_state", job="1", state="FAILED", exit_code="139:0")]
    run(p, events, until=130)
    [inc] = p.incidents()
    return inc


def test_a_segfault_on_a_node_already_suspect_blames_the_node() -> None:
    inc = _segfault_run((HistoryEntry(T0 - 2 * 86400, "gpu-a-003", "suspect", "node_failure"),))
    assert (inc.category, inc.culprit_node, inc.pattern) == (
        "node_failure",
        "gpu-a-003",
        "crash_on_suspect_node",
    )
    assert any(
        "the only node where a task died on its own (segmentation fault)" in line for line in inc.evidence
    )


def test_a_segfault_on_a_node_nobody_suspected_stays_the_jobs() -> None:
    other = (
        HistoryEntry(T0 - 2 * 86400, "gpu-a-001", "suspect", "node_failure"),
    )  # a node that only tore down
    for history in ((), other):
        inc = _segfault_run(history)
        assert inc.category == "software" and inc.culprit_node is None


def _gpu(t: float, node: str, gpu: int, power: float) -> dict[str, Any]:
    fields = {"DCGM_FI_DEV_SM_CLOCK": 1980, "DCGM_FI_DEV_POWER_USAGE": power, "DCGM_FI_DEV_GPU_UTIL": 100}
    return {"t": T0 + t, "source": "gpu", "node": node, "gpu": gpu, "fields": fields}


def _own_format(i: int) -> str:
    """A trainer no parser knows: watched by its own cadence."""
    return f"[loop] round={i} objective={2.5 - i * 0.001:.4f} tokens={i * 4096}"


def _silent_run(
    power_after: float, extra: list[dict[str, Any]] | None = None, until: float = 700
) -> list[Any]:
    """Lines in its own format every 10 s to t=200, then silence; GPU samples every 10 s at 650 W,
    then ``power_after``."""
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = [log(t, "1", _own_format(t // 10)) for t in range(0, 200, 10)]
    for t in range(0, int(until), 10):
        for node in ("gpu-a-001", "gpu-a-002"):
            for g in range(8):
                events.append(_gpu(t + 0.5, node, g, 650.0 if t < 200 else power_after))
    run(p, events + (extra or []), until=until)
    return [i for i in p.incidents() if i.category in ("hang", "software", "infrastructure", "node_failure")]


def test_a_silence_while_the_gpus_still_draw_working_power_is_not_a_stall_yet() -> None:
    assert _silent_run(640.0, until=700) == []


def test_the_same_silence_with_the_power_gone_is_a_stall_at_the_usual_deadline() -> None:
    [inc] = _silent_run(110.0, until=400)
    assert inc.category == "hang"


def test_a_silence_with_working_power_but_a_kernel_record_on_its_node_is_a_stall_at_the_usual_deadline() -> (
    None
):
    lustre = "LustreError: 11-0: scratch-MDT0000-mdc-ffff8f2e: operation mds_connect to node 10.0.0.2@o2ib failed: rc = -16"
    incs = _silent_run(640.0, extra=[kernel(205, "gpu-a-001", lustre)], until=400)
    assert incs, "the stall with a filesystem record beside it was not raised"


def test_a_job_busy_past_the_long_deadline_is_a_stall_after_all() -> None:
    [inc] = _silent_run(640.0, until=1000)
    assert inc.category == "hang" and any("still draw" in line for line in inc.evidence)
