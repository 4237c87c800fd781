"""Methods from holdout22, built blind (issue 24), each tested on lines other than the corpus's.

- A job that fails right after a remote service answered it with the service's own failure (a 5xx, the
  resolver out of reach) failed of that service: one such line is a blip only while the job goes on.
  Jobs of other users failing of the same host minutes apart are that one outage; another host is another.
- A GPU's NVLink fails as DCGM's own health watch fails it: CRC errors at 100/s or more, a replay or a
  recovery error; fewer CRC errors are DCGM's warning, not a failure.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from incidents.attribution.ingest import SERVICE_END_S
from monitoring.detectors.schema import JobSpec, Kind
from monitoring.detectors.telemetry import NVLINK_CRC_RATE, GpuState, TelemetryRules
from tests.unit.pipehelpers import OPTED, T0, log, pipeline, run, slurm

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
