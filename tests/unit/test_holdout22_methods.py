"""Methods from holdout22, built blind (issue 24), each tested on lines other than the corpus's.

- A job that fails right after a remote service answered it with the service's own failure (a 5xx, the
  resolver out of reach) failed of that service: one such line is a blip only while the job goes on.
  Jobs of other users failing of the same host minutes apart are that one outage; another host is another.
- A GPU's NVLink fails as DCGM's own health watch fails it: CRC errors at 100/s or more, a replay or a
  recovery error; fewer CRC errors are DCGM's warning, not a failure.
- The owner's resubmission, unchanged, failing with the same error word for word opens the first incident
  again for a week (``SAME_ERROR_WINDOW_S``), not only for ``REPEAT_WINDOW_S``: one fault, told once.
- One node's task blocked in a network filesystem's client, with no client losing its server and no
  other node or job complaining, is that node's hang (the restart excludes it), not the storage's.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from actions.pipeline import Pipeline
from incidents.attribution.correlate import REPEAT_WINDOW_S, SAME_ERROR_WINDOW_S
from incidents.attribution.ingest import SERVICE_END_S
from monitoring.detectors.schema import JobSpec, Kind
from monitoring.detectors.telemetry import NVLINK_CRC_RATE, GpuState, TelemetryRules
from tests.unit.pipehelpers import OPTED, T0, kernel, log, megatron, pipeline, run, slurm

PULL = "Error response from daemon: Get https://{host}/v2/: received unexpected HTTP status: 503 Service Unavailable"


def _spec(jid: str, user: str, node: str) -> JobSpec:
    return JobSpec(jid, name=f"train-{user}", user=user, nodes=(node,), tasks_per_node=1, comment=OPTED)


def _fails(jid: str, at: float, host: str, after: float) -> list[dict[str, Any]]:
    """Job ``jid`` prints its pull's failure at ``at`` and fails ``after`` seconds later."""
    return [
        log(at - 30.0, jid, f"+ docker pull {host}/team/pytorch:24.05"),
        log(at, jid, PULL.format(host=host)),
        slurm(at + after, kind="job_state", job=jid, state="FAILED", exit_code="1:0"),
    ]


@settings(max_examples=30, deadline=None)
@given(after=st.floats(0.5, 2 * SERVICE_END_S))
def test_a_job_failing_right_after_a_services_failure_failed_of_it(after: float) -> None:
    p = pipeline(_spec("1", "ana", "gpu-a-001"))
    run(p, _fails("1", 100.0, "registry.example.org", after), until=100.0 + after + 5)
    [inc] = p.incidents()
    if after <= SERVICE_END_S:
        assert (inc.category, inc.culprit_node) == ("infrastructure", None)
        assert "registry.example.org" in " ".join(inc.evidence)
        assert [r.action for r in inc.recommendations] == ["escalate"]
    else:
        assert inc.category == "software"  # the job went on: the line was a blip, its failure its own


def test_jobs_failing_of_one_named_service_minutes_apart_are_one_incident() -> None:
    p = pipeline(_spec("1", "ana", "gpu-a-001"), _spec("2", "bo", "gpu-b-001"), _spec("3", "cy", "gpu-c-001"))
    events = _fails("1", 100.0, "nvcr.example.io", 1.0) + _fails("2", 640.0, "nvcr.example.io", 1.0)
    events += _fails("3", 1300.0, "other.example.io", 1.0)
    run(p, events, until=1400.0)
    incs = sorted(p.incidents(), key=lambda i: i.detected_t)
    assert [(i.category, i.jobs) for i in incs] == [
        ("infrastructure", ("1", "2")),
        ("infrastructure", ("3",)),
    ]
    assert incs[0].detected_t == T0 + 101.0


# --- NVLink errors, as DCGM's health watch reads them ---------------------------------------------------

CRC = "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL"
RECOVERY = "DCGM_FI_DEV_NVLINK_RECOVERY_ERROR_COUNT_TOTAL"


def _nvlink(samples: list[dict[str, float]], every: float = 60.0) -> list[Any]:
    rules, out = TelemetryRules(), []
    for i, fields in enumerate(samples):
        out += [o for o in rules.on_sample(i * every, "n1", 5, {"DCGM_FI_DEV_GPU_UTIL": 97, **fields}, "1")]
    return [o for o in out if o.kind == Kind.NVLINK_ERROR]


@settings(max_examples=40, deadline=None)
@given(base=st.integers(0, 10**6), rate=st.floats(0.0, 400.0))
def test_nvlink_crc_errors_fail_the_link_at_dcgms_rate(base: int, rate: float) -> None:
    got = _nvlink([{CRC: base}, {CRC: base + rate * 60.0}, {CRC: base + rate * 120.0}])
    assert len(got) == (1 if rate >= NVLINK_CRC_RATE else 0)  # once per GPU; the first count is history
    if got:
        assert got[0].gpu == 5 and "crc flit errors" in got[0].text


def test_a_recovery_error_fails_the_link_and_history_does_not() -> None:
    assert _nvlink([{RECOVERY: 3}, {RECOVERY: 3}]) == []  # reported with a count from before: history
    [err] = _nvlink([{RECOVERY: 3}, {RECOVERY: 4}])
    assert "recovery errors rose 3 -> 4" in err.text


def test_the_nvlink_baseline_survives_a_handover() -> None:
    rules = TelemetryRules()
    rules.on_sample(0.0, "n1", 5, {CRC: 100}, "1")
    again = TelemetryRules()
    again.load_state(rules.to_state())
    out = again.on_sample(60.0, "n1", 5, {CRC: 100 + 60 * 150}, "1")
    assert [o.kind for o in out] == [Kind.NVLINK_ERROR]
    old = GpuState.from_state(
        [0, False, 0, 0, False, None, [None, 0, None, None, 0], [0, None], None, None, 0]
    )
    assert old.nvl is None  # a state saved before NVLink was read


def test_a_failing_nvlink_is_its_gpus_hardware_fault() -> None:
    p = pipeline(
        JobSpec("7", name="t", user="u", nodes=("gpu-a-001", "gpu-a-002"), tasks_per_node=8, comment=OPTED)
    )
    events = [
        log(10.0 * i, "7", f" iteration {100 + i}/ 9000 | elapsed time per iteration (ms): 1000.0")
        for i in range(30)
    ]
    for k, t in enumerate((5.0, 65.0, 125.0)):
        for node in ("gpu-a-001", "gpu-a-002"):
            for g in range(8):
                crc = 40 + (k * 60 * 500 if (node, g) == ("gpu-a-002", 3) else 0)
                fields = {"DCGM_FI_DEV_GPU_UTIL": 97, CRC: crc}
                events.append({"t": T0 + t, "source": "gpu", "node": node, "gpu": g, "fields": fields})
    run(p, events, until=200.0)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node, inc.culprit_gpu) == ("gpu_hardware", "gpu-a-002", 3)


# --- the owner's resubmission, unchanged, the next day -------------------------------------------------

QP = "tensorflow.python.framework.errors_impl.InternalError: unhandled system error"


def _resubmitted(gap: float, second: str, handed_over: bool = False) -> list[Any]:
    """Job 1 fails with ``QP`` after some steps; its owner resubmits it (job 2, same name) ``gap`` seconds
    after the first incident went quiet; job 2 fails with ``second``."""

    def attempt(jid: str, t0: float, error: str) -> list[dict[str, Any]]:
        lines = [
            log(t0 + 5.0 * i, jid, f"Epoch 1/3 {i * 20}/2000 - loss: {2 - i / 100:.4f}") for i in range(30)
        ]
        lines += [log(t0 + 160.0, jid, "Traceback (most recent call last):"), log(t0 + 160.0, jid, error)]
        return [*lines, slurm(t0 + 162.0, kind="job_state", job=jid, state="FAILED", exit_code="1:0")]

    start2 = 2400.0 + gap  # the first incident goes quiet about 30 min after its job's end
    p = pipeline(
        JobSpec("1", name="tf-mirrored", user="aj", nodes=("gpu-a-003",), tasks_per_node=1, comment=OPTED),
        JobSpec(
            "2",
            name="tf-mirrored",
            user="aj",
            nodes=("gpu-a-003",),
            tasks_per_node=1,
            comment=OPTED,
            started=T0 + start2,
        ),
    )
    run(p, attempt("1", 0.0, QP), until=2400.0)
    t = T0 + 2400.0
    while t < T0 + start2 - 600.0:  # nothing happens overnight: a tick every 10 minutes
        p.feed([], t)
        t += 600.0
    if handed_over:  # another worker takes the next tick: the state keeps what a repeat may open again
        p = Pipeline.from_state(json.loads(json.dumps(p.to_state())))
    run(p, attempt("2", start2, second), until=start2 + 400.0)
    return p.incidents()


@settings(max_examples=6, deadline=None)
@given(gap=st.floats(REPEAT_WINDOW_S + 600.0, SAME_ERROR_WINDOW_S - 3600.0), handed_over=st.booleans())
def test_the_same_error_word_for_word_resubmitted_days_later_opens_its_incident_again(
    gap: float, handed_over: bool
) -> None:
    incs = _resubmitted(gap, QP, handed_over)
    assert [(i.category, list(i.jobs)) for i in incs] == [("software", ["1", "2"])]


def test_another_error_or_the_same_after_the_window_is_another_incident() -> None:
    other = "ValueError: Shapes (None, 10) and (None, 1) are incompatible"
    for incs in (
        _resubmitted(REPEAT_WINDOW_S + 3600.0, other),
        _resubmitted(SAME_ERROR_WINDOW_S + 3600.0, QP),
        _resubmitted(SAME_ERROR_WINDOW_S + 3600.0, QP, handed_over=True),  # the first one left the state
    ):
        assert [list(i.jobs) for i in incs][-1] == ["2"], [(i.key, i.jobs) for i in incs]


# --- one node's filesystem client blocked, nothing else complaining ---------------------------------------


def _blocked(nodes: tuple[str, ...], server_lost: bool = False) -> list[Any]:
    """A four-node job stops progressing at 300 s; the kernel of each of ``nodes`` then reports a task
    blocked in the GPFS client (and, with ``server_lost``, the first one's client losing its server)."""
    four = tuple(f"gpu-a-00{i}" for i in range(1, 5))
    p = pipeline(JobSpec("7", name="m4", user="v", nodes=four, tasks_per_node=8, comment=OPTED))
    events = [log(float(t), "7", megatron(t)) for t in range(300)]
    for i, node in enumerate(nodes):
        t = 420.0 + i
        events += [
            kernel(t, node, f"[ {t:.1f}] INFO: task python:2800{i} blocked for more than 120 seconds."),
            kernel(t + 0.001, node, f"[ {t:.1f}] Call Trace:"),
            kernel(t + 0.002, node, f"[ {t:.1f}]  cxiWaitEventWait+0x1c0/0x2e0 [mmfslinux]"),
            kernel(
                t + 0.003,
                node,
                f"[ {t:.1f}]  _ZN6ThCond12internalWaitEP16KernelSynchStatejPv+0x5a/0x2a0 [mmfs26]",
            ),
        ]
    if server_lost:
        lost = "[ 430.0] mmfs: [E] Lost membership in cluster gpfs1. Unmounting file systems."
        events.append(kernel(430.0, nodes[0], lost))
    run(p, events, until=900.0)
    return p.incidents()


def test_one_nodes_task_blocked_in_the_filesystem_client_is_that_nodes_hang_not_the_storage() -> None:
    [inc] = _blocked(("gpu-a-002",))
    assert (inc.category, inc.culprit_node, inc.pattern) == ("hang", "gpu-a-002", "blocked_in_storage_client")
    assert [(r.action, r.exclude) for r in inc.recommendations] == [("requeue_job", ("gpu-a-002",))]


def test_two_nodes_blocked_or_a_lost_server_is_the_storage() -> None:
    for incs in (_blocked(("gpu-a-002", "gpu-a-004")), _blocked(("gpu-a-002",), server_lost=True)):
        assert [(i.category, i.culprit_node) for i in incs] == [("infrastructure", None)]
