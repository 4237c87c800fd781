"""Methods from holdout31 and holdout32, built blind (issue 24), each tested on lines other than the corpus's.

- A bar counting to another total right after the step loop's bar filled is another loop (a validation pass
  between epochs, a final evaluation): the job is evaluating, not training at step 0 of a new loop.
- Rank 0 alone missing from a collective where the job stopped at such a fixed point (an evaluation, an
  epoch's end) is the program's: the rank a program gives its extra work. Another rank missing there is
  still its node's.
- A GPU that reads idle is not slow: an 8-GPU node's four GPUs a 4-task job does not use are no fault.
- A worker named only in the line's text (``[Trainer-0]``, ``(GPU 1)``) is that worker's stream, as a rank
  label would make it: workers printing one beat seconds apart each keep a steady beat. A counter in
  brackets (``[Epoch 3]``) is progress, not a worker.
- The CephFS kernel client's own words for losing its cluster (a monitor session lost, a metadata server
  hung, a refused reconnect) are filesystem-client errors; its routine churn is not.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors import logs
from monitoring.detectors import phase as ph
from monitoring.detectors.cadence import CadenceConfig, CadenceTracker, worker_tag
from monitoring.detectors.schema import JobSpec, Kind
from tests.unit.pipehelpers import OPTED, T0, log, pipeline, run

# --- another loop after the step loop's bar filled ------------------------------------------------------


def _bar(n: int, total: int, desc: str = "") -> str:
    pct = 100 * n // total
    return f"{desc}{pct:3d}%|##########| {n}/{total} [00:10<00:00,  2.31it/s, loss=1.30]"


@settings(max_examples=40, deadline=None)
@given(
    total=st.integers(10, 50_000),
    other=st.integers(1, 5_000),
    desc=st.sampled_from(["", "valid: ", "Evaluating: "]),
)
def test_a_bar_of_another_total_after_the_step_bar_filled_is_another_loop(
    total: int, other: int, desc: str
) -> None:
    phase = ph.JobPhase(T0)
    for k, n in enumerate((total // 3, 2 * total // 3, total)):
        phase.on_step(T0 + 10.0 * (k + 1), n, _bar(n, total))
    same = ph.JobPhase.from_state(phase.to_state())
    if other != total:
        phase.on_step(T0 + 40.0, 0, _bar(0, other, desc))
        assert phase.phase() == ph.EVALUATING
        assert phase.describe()["step"] == total
    same.on_step(T0 + 40.0, 1, _bar(1, total))  # the same bar again: the next epoch
    assert same.phase() == ph.TRAINING


# --- rank 0 alone missing at a fixed point ---------------------------------------------------------------


def _validation_wedged(missing: int) -> list[Any]:
    """2 nodes x 4 ranks: the training bar fills, a 0/1 validation bar starts, and every rank but ``missing``
    times out in the epoch's all-reduce."""
    p = pipeline(JobSpec("5", "lid", "sb", ("gpu-a-001", "gpu-a-002"), tasks_per_node=4, comment=OPTED))
    events = [log(10.0 * k, "5", _bar(25 * k, 500)) for k in range(1, 21)]
    events.append(log(202.0, "5", "  0%|          | 0/1 [00:00<?, ?it/s]"))
    events += [
        log(
            1900.0 + 0.01 * r,
            "5",
            f"[E ProcessGroupNCCL.cpp:737] [Rank {r}] Watchdog caught collective operation "
            "timeout: WorkNCCL(SeqNum=811, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1800026 milliseconds "
            "before timing out.",
        )
        for r in range(8)
        if r != missing
    ]
    run(p, events, until=2000.0)
    return p.incidents()


def test_rank_zero_alone_missing_in_a_validation_is_the_programs() -> None:
    [inc] = _validation_wedged(0)
    assert (inc.category, inc.culprit_node, inc.pattern) == ("software", None, "stall_in_evaluation")
    assert all(r.action not in ("requeue_job", "drain_node") for r in inc.recommendations)


def test_another_rank_missing_there_is_its_nodes() -> None:
    [inc] = _validation_wedged(6)
    assert (inc.category, inc.culprit_node) == ("hang", "gpu-a-002")


# --- idle GPUs are not slow ------------------------------------------------------------------------------


@settings(max_examples=6, deadline=None)
@given(idle_clock=st.integers(100, 600), idle_power=st.floats(20.0, 60.0))
def test_the_gpus_a_job_leaves_idle_are_not_slow(idle_clock: int, idle_power: float) -> None:
    p = pipeline(JobSpec("6", "sdxl", "mk", ("gpu-a-003",), tasks_per_node=4, comment=OPTED))
    events = [log(10.0 * i, "6", f"Steps: {3300 + i}/12000 loss=0.0916 lr=1e-04") for i in range(150)]
    t = 3.0
    while t < 1500.0:
        for g in range(8):
            used = g < 4
            fields = {
                "DCGM_FI_DEV_SM_CLOCK": 1410 if used else idle_clock,
                "DCGM_FI_DEV_GPU_UTIL": 98 if used else 0,
                "DCGM_FI_DEV_POWER_USAGE": 300.0 if used else idle_power,
            }
            events.append(
                {"t": T0 + t + 0.01 * g, "source": "gpu", "node": "gpu-a-003", "gpu": g, "fields": fields}
            )
        t += 60.0
    run(p, events, until=1500.0)
    assert p.incidents() == []


# --- the CephFS kernel client ----------------------------------------------------------------------------

CEPH_FAULTS = (
    "libceph: mon{n} (1)10.40.8.{n}:6789 session lost, hunting for new mon",
    "libceph: mon{n}(fsid=8c9a2b1e-3f4d-4e5f-9a6b-7c8d9e0f1a2b) (2)10.1.2.{n}:3300 session lost, hunting for new mon",
    "ceph: mds{n} hung",
    "ceph: mds{n} reconnect denied",
)
CEPH_CHURN = (
    "libceph: osd{n} (1)10.40.8.{n}:6813 socket closed (con state OPEN)",
    "ceph: mds{n} caps stale",
    "ceph: mds{n} closed our session",
    "ceph: mds{n} reconnect start",
    "ceph: mds{n} reconnect success",
    "libceph: mon{n} (1)10.40.8.{n}:6789 session established",
    "ceph: mds{n} came back",
)


@settings(max_examples=40, deadline=None)
@given(
    fmt=st.sampled_from(CEPH_FAULTS + CEPH_CHURN),
    n=st.integers(0, 99),
    stamp=st.sampled_from(
        ["[Wed Dec  4 04:16:39 2019] ", "[ 5981.740583] ", "Apr 18 12:23:38 client1 kernel: "]
    ),
)
def test_the_ceph_clients_lost_cluster_is_a_filesystem_error_and_its_churn_is_not(
    fmt: str, n: int, stamp: str
) -> None:
    info = logs.parse_kernel(stamp + fmt.format(n=n), {})
    if fmt in CEPH_FAULTS:
        assert info is not None and info.kind == Kind.FS_KERNEL and info.data["fs"] == "ceph"
    else:
        assert info is None


# --- workers named only in the text ----------------------------------------------------------------------

TAGS = ("[Trainer-{w}]", "[worker {w}]", "(GPU {w})", "[proc#{w}]", "[Node_{w}]")


@settings(max_examples=40, deadline=None)
@given(
    tag=st.sampled_from(TAGS),
    workers=st.integers(2, 8),
    period=st.floats(20.0, 300.0),
    skew=st.floats(0.02, 0.3),
    beats=st.integers(6, 20),
)
def test_workers_named_only_in_the_text_each_keep_their_own_beat(
    tag: str, workers: int, period: float, skew: float, beats: int
) -> None:
    cad = CadenceTracker(CadenceConfig(multiple=4.0, floor_s=30.0, min_beats=5))
    t = 100.0
    for b in range(1, beats + 1):
        for w in range(workers):  # one stream as delivered: no launcher label
            line = f"2019-12-04 04:00:02,000 {tag.format(w=w)} bucket {b} / 64 : Processed {4_200_000 + 977 * b} edges"
            cad.see(t + w * skew * period / workers, None, line)
        t += period
    stall = cad.stall()
    assert stall is not None and stall.streams == workers
    assert period * 0.95 <= stall.period <= period * 1.05


def test_a_counter_in_brackets_is_progress_not_a_worker() -> None:
    assert worker_tag("[Epoch 3] step 120 loss 2.31") is None
    assert worker_tag("[Iteration 700] loss 1.2") is None
    assert worker_tag("2019-12-04 04:00:02,000   [Trainer-1] Writing the checkpoint") == worker_tag(
        "[Trainer 1] x"
    )
    assert worker_tag("[Trainer-0] x") != worker_tag("[Trainer-1] x")
