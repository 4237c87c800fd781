"""Methods from holdout35 and holdout36, built blind (issue 24), each tested on lines other than the corpus's.

- The bonding driver's "now running without any active interface" is the node cut off from that network:
  a port error on its own node, named before its peers' connection resets.
- Network errors naming no node, in a job that still runs, wait as a hang without a suspect does: no requeue
  while the job may recover (torchrun's elastic agent restarting its workers) or until a node is named.
- A stall confirmed from the job's cadence before the next telemetry sample is looked at again as samples
  come: the one node whose GPUs went idle after the last progress, every other GPU busy, joins the incident.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors import logs
from monitoring.detectors.schema import JobSpec, Kind
from tests.unit.pipehelpers import OPTED, T0, log, pipeline, run


@settings(max_examples=30, deadline=None)
@given(
    bond=st.sampled_from(["bond0", "bond1", "bond_data"]),
    stamp=st.sampled_from(["[Tue May 14 10:25:02 2024] ", "[ 5981.740583] ", "May 14 10:25:02 n1 kernel: "]),
    old=st.booleans(),
)
def test_a_bond_without_any_active_interface_is_its_nodes_port(bond: str, stamp: str, old: bool) -> None:
    tail = (
        "now running without any active interface !" if old else "now running without any active interface!"
    )
    info = logs.parse_kernel(f"{stamp}{bond}: {tail}", {})
    assert info is not None and info.kind == Kind.IB_PORT_ERROR and info.data["port"] == bond
    routine = f"{stamp}{bond}: link status definitely down for interface eno50, disabling it"
    assert logs.parse_kernel(routine, {}) is None  # one link of several: the bond carries on


def _cadence_line(i: int) -> str:
    return f'{{"event": "train_iter", "iter": {i}, "loss": {2.0 - i * 1e-4:.4f}, "lr": 0.0003}}'


def _idle_later(nodes: int, idle: int, every: float) -> list[Any]:
    """A job printing JSON lines every 2 s stops at 300 s; telemetry every ``every`` s shows node ``idle``'s
    GPUs at 0 % from the first sample after the stop, every other GPU busy, spinning in a collective at less
    than its working power."""
    names = tuple(f"gpu-a-{i:03d}" for i in range(1, nodes + 1))
    p = pipeline(JobSpec("8", "wg", "kd", names, tasks_per_node=4, started=T0 - 3600, comment=OPTED))
    events = [log(2.0 * i, "8", _cadence_line(i)) for i in range(1, 151)]
    t = 3.0
    while t < 1500.0:
        for n, node in enumerate(names):
            for g in range(4):
                gone = n == idle and t > 300.0
                fields = {
                    "DCGM_FI_DEV_GPU_UTIL": 0 if gone else 100,
                    "DCGM_FI_DEV_POWER_USAGE": 40.0
                    if gone
                    else (28.0 if t > 300.0 else 70.0),  # a spin draws less
                }
                events.append(
                    {"t": T0 + t + 0.01 * g, "source": "gpu", "node": node, "gpu": g, "fields": fields}
                )
        t += every
    run(p, events, until=1500.0)
    return p.incidents()


@settings(max_examples=6, deadline=None)
@given(nodes=st.integers(3, 8), every=st.sampled_from([60.0, 120.0, 180.0]), data=st.data())
def test_the_node_left_idle_is_named_when_telemetry_shows_it(nodes: int, every: float, data: Any) -> None:
    idle = data.draw(st.integers(0, nodes - 1))
    [inc] = _idle_later(nodes, idle, every)
    assert (inc.category, inc.culprit_node, inc.culprit_gpu) == ("hang", f"gpu-a-{idle + 1:03d}", None)
    assert inc.detected_t - T0 < 340.0  # the stall itself is found at the job's own cadence


def test_network_errors_naming_no_node_in_a_running_job_are_not_requeued_yet() -> None:
    names = ("gpu-a-001", "gpu-a-002")
    p = pipeline(JobSpec("9", "im", "tr", names, tasks_per_node=4, started=T0 - 3600, comment=OPTED))
    events = [log(2.0 * i, "9", _cadence_line(i)) for i in range(1, 120)]
    events += [
        log(
            240.0,
            "9",
            "gpu-a-001:5122:5390 [3] misc/socket.cc:536 NCCL WARN Net : Call to recv from 10.9.9.9<46018> failed : Connection reset by peer",
        ),
        log(
            240.1,
            "9",
            "torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1970, remote process exited or there was a network error, NCCL version 2.18.1",
        ),
    ]
    run(p, events, until=400.0)  # the job still runs: its launcher may restart its workers
    [inc] = p.incidents()
    assert inc.category == "network" and inc.culprit_node is None
    assert all(r.action != "requeue_job" for r in inc.recommendations)
