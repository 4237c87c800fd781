"""A node whose exporter stops answering as its job stops, while other nodes' still answer, is down: the stall is
confirmed at twice the job's cadence and the node is the culprit (node_failure), minutes before the scheduler's
NOT_RESPONDING (issue 24: holdout19, built blind: a DGX Spark's hard power-off, found 200 s after it by the
cadence and the reboot, 72 s with this).

No early word when the whole collector goes quiet (the controller is blind, not the node), when the node's
samples are merely late (under 2.5 of its own periods), or when two nodes went dark (a shared cause).
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors.telemetry import TelemetryRules
from tests.unit.pipehelpers import T0, job, log, megatron, pipeline, run

JOB_NODES = ("gpu-a-001", "gpu-a-002")
OTHER = "gpu-a-009"  # another job's node: its exporter still answering
LAST = 5.0 + 20 * 19  # the last progress line: every 20 s from t=5
EVERY = 15.0


def _telemetry(dark: set[str], until: float) -> list[dict[str, Any]]:
    out, t = [], 0.0
    while t < until:
        for n in (*JOB_NODES, OTHER):
            if n in dark and t > LAST:
                continue
            for g in range(8):
                fields = {"DCGM_FI_DEV_GPU_UTIL": 97, "DCGM_FI_DEV_POWER_USAGE": 300.0}
                out.append({"t": T0 + t + 0.01 * g, "source": "gpu", "node": n, "gpu": g, "fields": fields})
        t += EVERY
    return out


def _incidents(dark: set[str]) -> list[Any]:
    p = pipeline(job("31", "gpu-a-[001-002]"), job("32", OTHER))
    lines = [log(5.0 + 20 * i, "31", megatron(100 + i)) for i in range(20)]
    lines += [log(5.0 + 20 * i, "32", f"step {i} loss 1.0{i:02d}") for i in range(25)]
    run(p, lines + _telemetry(dark, LAST + 300), until=LAST + 300)
    return [i for i in p.incidents() if "31" in i.jobs]


@settings(max_examples=10, deadline=None)
@given(dark=st.sets(st.sampled_from([*JOB_NODES, OTHER])))
def test_the_one_job_node_gone_dark_is_down_and_found_early(dark: set[str]) -> None:
    [inc] = _incidents(dark)
    gone = sorted(dark & set(JOB_NODES))
    t = inc.detected_t - T0 - LAST
    lit = {*JOB_NODES, OTHER} - dark
    if len(gone) == 1:  # another node still answers: this one is down
        assert (inc.category, inc.culprit_node) == ("node_failure", gone[0]), (dark, inc.evidence)
        assert {r.action for r in inc.recommendations} == {"drain_node", "requeue_job"}
        assert t < 60, t  # max(2 x 20 s, 2.5 x 15 s): not the 5 x 20 s the silence alone waits
    elif gone and lit:  # both of the job's nodes: early, but no one node named
        assert inc.culprit_node is None and t < 60, (dark, t)
    else:  # nothing dark, or every exporter quiet (the collector: the controller is blind, not the node)
        assert inc.category != "node_failure" and t >= 95, (dark, t)


def test_late_samples_are_not_dark_and_the_state_survives_a_handover() -> None:
    rules = TelemetryRules()
    for t in (0.0, 15.0, 30.0):
        for n in ("a", "b"):
            rules.on_sample(t, n, 0, {"DCGM_FI_DEV_GPU_UTIL": 97}, "j")
    rules.on_sample(45.0, "b", 0, {"DCGM_FI_DEV_GPU_UTIL": 97}, "j")
    rules.on_sample(60.0, "b", 0, {"DCGM_FI_DEV_GPU_UTIL": 97}, "j")
    assert rules.dark_nodes(("a", "b"), 31.0, 60.0) is None  # 30 s, two periods: late, not dark
    assert rules.dark_nodes(("a", "b"), 31.0, 68.0) == (["a"], 15.0)
    restored = TelemetryRules()
    restored.load_state(rules.to_state())
    assert restored.dark_nodes(("a", "b"), 31.0, 68.0) == (["a"], 15.0)
    assert rules.dark_nodes(("a", "b"), 31.0, 200.0) is None  # "b" quiet too by then: the collector, not "a"
