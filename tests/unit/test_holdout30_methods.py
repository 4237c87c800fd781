"""Methods from holdout30 and later (issue 24), each tested on lines other than the corpus's.

- Before the first step, a collective that every rank of every node but one waited in, and that no rank of
  that one node joined, names that node: the same start went past that point everywhere else, so the job
  is requeued without it ("would a restart repeat it? not elsewhere"). When every node's ranks waited
  alike, nothing singles a node out, and a fresh start that fails before its first step is the owner's.
- A GPU held by the software power cap, busy and slower than its peers, while drawing less power than those
  peers waiting for it, runs under a limit of its own below theirs: gpu_degraded, from the job's start or
  mid-run. A cap every GPU shares (the site's), or one a GPU reaches drawing more than its waiting peers (a
  normal limit), is no fault of one GPU.
- A GPU that reads idle (0 % busy) is not slow, whatever its clock: nothing runs on it.
"""

from __future__ import annotations

from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from monitoring.detectors.schema import JobSpec
from tests.unit.pipehelpers import OPTED, T0, log, megatron, pipeline, run, watchdog


def _first_collective_wedged(nodes: int, tpn: int, absent: int | None) -> list[Any]:
    """A fresh job initialises every rank, then each rank not on node ``absent`` times out at SeqNum 1."""
    names = tuple(f"gpu-a-{i:03d}" for i in range(1, nodes + 1))
    p = pipeline(
        JobSpec("7", name="moe", user="kt", nodes=names, tasks_per_node=tpn, started=T0, comment=OPTED)
    )
    world = nodes * tpn
    events = [
        log(5.0 + 0.01 * r, "7", f"{r}: [init] rank {r}/{world} process group initialized")
        for r in range(world)
    ]
    events += [
        log(620.0 + 0.01 * r, "7", watchdog(r, 1))
        for r in range(world)
        if absent is None or r // tpn != absent
    ]
    run(p, events, until=700.0)
    return p.incidents()


@settings(max_examples=10, deadline=None)
@given(nodes=st.integers(2, 6), tpn=st.sampled_from([1, 4, 8]), data=st.data())
def test_a_node_absent_from_the_first_collective_is_left_out_of_the_requeue(
    nodes: int, tpn: int, data: Any
) -> None:
    absent = data.draw(st.integers(0, nodes - 1))
    assume((nodes - 1) * tpn >= 2)  # one rank's timeout alone compares with nothing
    [inc] = _first_collective_wedged(nodes, tpn, absent)
    culprit = f"gpu-a-{absent + 1:03d}"
    assert (inc.category, inc.culprit_node, inc.pattern) == ("hang", culprit, "absent_from_collective")
    assert [(r.action, r.exclude) for r in inc.recommendations] == [("requeue_job", (culprit,))]
    assert any("not elsewhere" in e for e in inc.evidence)


def test_every_node_waiting_alike_before_the_first_step_is_the_owners() -> None:
    [inc] = _first_collective_wedged(3, 4, None)
    assert (inc.category, inc.culprit_node, inc.pattern) == ("software", None, "fails_before_first_step")
    assert all(r.action != "requeue_job" for r in inc.recommendations)


# --- a GPU capped below its peers' power ------------------------------------------------------------------


def _capped(capped: set[tuple[int, int]], since: float, watts: float, slow: float) -> list[Any]:
    """A 4-node x 4-GPU job at 295 W; the GPUs in ``capped`` (node index, GPU) are held by the SW power cap at
    ``watts`` and ``slow`` x the clock from ``since`` on, their peers waiting for them at 225 W."""
    names = tuple(f"gpu-a-{i:03d}" for i in range(1, 5))
    p = pipeline(JobSpec("9", "resnet", "vg", names, tasks_per_node=4, comment=OPTED))
    events = [log(10.0 * i, "9", megatron(i + 1, 1000.0)) for i in range(200)]
    t = 2.0
    while t < 2000.0:
        waiting = bool(capped) and t >= since
        for n, node in enumerate(names):
            for g in range(4):
                low = (n, g) in capped and t >= since
                fields = {
                    "DCGM_FI_DEV_SM_CLOCK": round(1530 * slow) if low else 1530,
                    "DCGM_FI_DEV_GPU_UTIL": 100 if low else 97,
                    "DCGM_FI_DEV_POWER_USAGE": watts if low else (225.0 if waiting else 295.0),
                    "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": 4 if low else 0,
                }
                events.append(
                    {"t": T0 + t + 0.01 * g, "source": "gpu", "node": node, "gpu": g, "fields": fields}
                )
        t += 120.0
    run(p, events, until=2000.0)
    return p.incidents()


@settings(max_examples=8, deadline=None)
@given(
    node=st.integers(0, 3),
    gpu=st.integers(0, 3),
    since=st.sampled_from([0.0, 600.0]),  # from the job's start, or mid-run
    watts=st.floats(70.0, 215.0),
    slow=st.floats(0.4, 0.72),
)
def test_a_gpu_capped_below_its_waiting_peers_power_is_degraded(
    node: int, gpu: int, since: float, watts: float, slow: float
) -> None:
    [inc] = _capped({(node, gpu)}, since, watts, slow)
    assert (inc.category, inc.culprit_node, inc.culprit_gpu) == ("gpu_degraded", f"gpu-a-{node + 1:03d}", gpu)
    assert any("SW power cap" in e for e in inc.evidence)


def test_a_cap_every_gpu_shares_or_one_drawing_more_than_its_peers_is_no_fault() -> None:
    everyone = {(n, g) for n in range(4) for g in range(4)}
    assert _capped(everyone, 600.0, 150.0, 0.68) == []  # the site's cap: no GPU slower than its peers
    assert _capped({(1, 2)}, 600.0, 260.0, 0.68) == []  # at its limit above its waiting peers: a normal limit
