"""A stall that names no node, on a job one of whose nodes was already suspect, is that node's first (issue 24:
holdout19, built blind: PaddlePaddle's first all-reduce spun forever on pd-gpu05, flagged for a hang three
days before; the owner's resubmission on another node trained, and the node's PCIe peer-to-peer set-up was
the cause). Before, a stall before the first step was always "the program's until shown otherwise".

No history, history on two of the job's nodes, history older than the window, or the program's own error in
the incident: the verdict stays what it was.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors.schema import HistoryEntry, JobSpec
from tests.unit.pipehelpers import OPTED, T0, log, pipeline, run

NODES = ("gpu-a-001", "gpu-a-002")
LAST = 100.0
DAY = 86400.0


def _telemetry(nodes: tuple[str, ...], until: float) -> list[dict[str, Any]]:
    out, t = [], 0.0
    while t < until:
        for n in nodes:
            for g in range(4):
                util, power = (0, 60.0) if t < LAST + 5 else (100, 62.0)  # spinning in the first collective
                fields = {"DCGM_FI_DEV_GPU_UTIL": util, "DCGM_FI_DEV_POWER_USAGE": power}
                out.append({"t": T0 + t + 0.01 * g, "source": "gpu", "node": n, "gpu": g, "fields": fields})
        t += 15.0
    return out


def _incident(nodes: tuple[str, ...], history: tuple[HistoryEntry, ...], error: bool = False) -> Any:
    spec = JobSpec("9", name="lm", user="ana", nodes=nodes, tasks_per_node=4, started=T0, comment=OPTED)
    p = pipeline(spec, history=history)
    lines = [
        log(30.0, "9", "W1022 09:02:07 device_context.cc:224] device: 0, CUDA Capability: 61"),
        log(60.0, "9", "W1022 09:02:37 device_context.cc:232] device: 3, cuDNN Version: 7.1."),
        log(LAST, "9", "epoch_1 start"),
    ]
    if error:
        lines.append(log(LAST + 20, "9", "ValueError: vocabulary file is empty"))
    run(p, lines + _telemetry(nodes, LAST + 400), until=LAST + 400)
    [inc] = p.incidents()
    return inc


@settings(max_examples=20, deadline=None)
@given(
    suspects=st.sets(st.sampled_from(NODES)),
    age_days=st.sampled_from([3.0, 29.0, 45.0]),
    multi=st.booleans(),
)
def test_the_one_suspect_node_of_a_stalled_start_is_blamed_drained_and_left_out(
    suspects: set[str], age_days: float, multi: bool
) -> None:
    nodes = NODES if multi else NODES[:1]
    history = tuple(HistoryEntry(T0 - age_days * DAY, n, "suspect", "hang") for n in sorted(suspects))
    inc = _incident(nodes, history)
    named = [n for n in suspects if n in nodes] if age_days < 30 else []
    if len(named) == 1:
        assert (inc.category, inc.culprit_node) == ("hang", named[0])
        assert {r.to_dict()["action"] for r in inc.recommendations} == {"drain_node", "requeue_job"}
        [req] = [r.to_dict() for r in inc.recommendations if r.action == "requeue_job"]
        assert req["exclude"] == [named[0]]
    else:
        assert inc.culprit_node is None and inc.category == "software"
        assert [r.action for r in inc.recommendations] == ["notify"]


def test_the_programs_own_error_keeps_it_the_programs() -> None:
    inc = _incident(NODES[:1], (HistoryEntry(T0 - 3 * DAY, NODES[0], "suspect", "hang"),), error=True)
    assert inc.category == "software" and inc.culprit_node is None
