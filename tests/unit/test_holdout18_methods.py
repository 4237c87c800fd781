"""The methods holdout18's blind misses asked for (issue 24), each tested both ways.

- Several GPUs of one node slowed together are one node fault (a power brake asserted by its supply, its
  cooling), one incident naming the node and no GPU; one GPU slowing minutes after another stays its own.
- A ``key : value`` start-up line (``nvidia-smi -q``) is compared across tasks by its key: a node printing
  "HW Slowdown : Active" where its peers print "Not Active" is no task that never got there.
- The resolver out of reach ("Temporary failure in name resolution", Go's "lookup H on S:53: i/o timeout")
  is a shared service's failure, not the program's: jobs on disjoint nodes failing on it are one
  infrastructure incident.
- Nodes that stop responding minutes after the jobs that ran on them failed in an infrastructure incident
  are that event, not a second incident.
"""

from __future__ import annotations

from typing import Any

import pytest

from incidents.attribution.start_skew import StartSkew
from monitoring.detectors.logs import parse_joblog, service_error
from monitoring.detectors.schema import Kind
from tests.unit.pipehelpers import T0, job, log, megatron, pipeline, run, slurm

SLOW = {
    "DCGM_FI_DEV_SM_CLOCK": 382,
    "DCGM_FI_DEV_POWER_USAGE": 96.0,
    "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": 0x88,
}
FAST = {
    "DCGM_FI_DEV_SM_CLOCK": 1530,
    "DCGM_FI_DEV_POWER_USAGE": 250.0,
    "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": 0,
}


def _gpu(t: float, node: str, g: int, fields: dict[str, Any]) -> dict[str, Any]:
    return {
        "t": T0 + t,
        "source": "gpu",
        "node": node,
        "gpu": g,
        "fields": {**fields, "DCGM_FI_DEV_GPU_UTIL": 95},
    }


def _slow_node(slow_from: dict[int, float]) -> list[tuple[str, str | None, int | None]]:
    p = pipeline(job("5", "gpu-a-[001-004]", tpn=4))
    events = [log(5.0 + 20 * i, "5", megatron(100 + i)) for i in range(40)]
    for k in range(14):
        t = 60.0 * k
        for n in ("gpu-a-001", "gpu-a-002", "gpu-a-003", "gpu-a-004"):
            for g in range(4):
                slow = n == "gpu-a-003" and g in slow_from and t >= slow_from[g]
                events.append(_gpu(t + 0.01 * g, n, g, SLOW if slow else FAST))
    run(p, events, until=14 * 60)
    return [(i.category, i.culprit_node, i.culprit_gpu) for i in p.incidents()]


def test_a_whole_node_slowed_at_once_is_one_incident_naming_the_node() -> None:
    assert _slow_node({g: 120.0 for g in range(4)}) == [("gpu_degraded", "gpu-a-003", None)]


def test_a_gpu_slowing_minutes_after_another_is_its_own_fault() -> None:
    got = _slow_node({0: 60.0, 1: 420.0})
    assert got == [("gpu_degraded", "gpu-a-003", 0), ("gpu_degraded", "gpu-a-003", 1)]


def test_a_key_value_line_is_compared_by_its_key() -> None:
    watch = StartSkew(900.0, 90.0)
    watch.start("1", 0.0)
    for k in range(4):
        value = "Active" if k == 2 else "Not Active"
        watch.on_line("1", 3.0 + 0.1 * k, f"{k}: ==============NVSMI LOG==============")
        watch.on_line("1", 3.0 + 0.1 * k, f"{k}:         HW Slowdown                       : {value}")
        watch.on_line("1", 3.0 + 0.1 * k, f"{k}: Attached GPUs                             : 4")
    assert watch.skew("1") is None and watch.due(200.0) == []


@pytest.mark.parametrize(
    "line",
    [
        "[rank0]: OSError: [Errno -3] Temporary failure in name resolution",
        "socket.gaierror: [Errno -3] Temporary failure in name resolution",
        'Get "https://hub/api": dial tcp: lookup hub.internal on 10.0.0.2:53: read udp 10.0.1.5:4711->10.0.0.2:53: i/o timeout',
    ],
)
def test_the_resolver_out_of_reach_is_a_shared_service(line: str) -> None:
    info = parse_joblog(line)
    assert (info is not None and info.kind == Kind.FS_ERROR) or service_error(line) is not None


def test_two_jobs_losing_the_resolver_are_one_infrastructure_incident() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"), job("2", "gpu-a-[009-010]"))
    events = [log(5.0 + 10 * i, j, megatron(100 + i)) for i in range(20) for j in ("1", "2")]
    events += [
        log(
            200.0,
            "1",
            "[rank3]: sqlalchemy.exc.OperationalError: [Errno -3] Temporary failure in name resolution",
        ),
        log(230.0, "2", "[rank0]: OSError: [Errno -3] Temporary failure in name resolution"),
        slurm(205.0, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
        slurm(235.0, kind="job_state", job="2", state="FAILED", exit_code="1:0"),
    ]
    run(p, events, until=300)
    [inc] = p.incidents()
    assert inc.category == "infrastructure" and set(inc.jobs) == {"1", "2"}
    assert [str(r.action) for r in inc.recommendations] == ["escalate"]


def test_nodes_down_after_their_jobs_failed_in_an_infrastructure_event_are_that_event() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"), job("2", "gpu-a-004"), job("3", "gpu-a-007"))
    events = [log(5.0 + 10 * i, j, megatron(100 + i)) for i in range(20) for j in ("1", "2", "3")]
    for k, j in enumerate(("1", "2", "3")):
        events.append(
            log(200.0 + 5 * k, j, 'slurmstepd: error: Unable to resolve "ctl-01": Host name lookup failure')
        )
        events.append(log(200.1 + 5 * k, j, "slurmstepd: error: Unable to establish control machine address"))
        events.append(slurm(201.0 + 5 * k, kind="job_state", job=j, state="FAILED", exit_code="0:15"))
    for k, n in enumerate(("gpu-a-001", "gpu-a-002", "gpu-a-004", "gpu-a-007")):
        events.append(
            slurm(
                500.0 + 7 * k, kind="node_state", node=n, state="DOWN+NOT_RESPONDING", reason="Not responding"
            )
        )
    run(p, events, until=600)
    [inc] = p.incidents()
    assert inc.category == "infrastructure" and set(inc.jobs) == {"1", "2", "3"}
