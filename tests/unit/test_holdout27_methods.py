"""Methods from holdout27, built blind (issue 24), each tested on lines other than the corpus's.

- PyTorch's Flight Recorder analysis names the ranks that never joined a collective (``torchfrtrace`` and
  the TorchComms debug server, in each of its formats): those ranks' one node is where the job waits, as
  for monitoredBarrier's named ranks, before the first step too (the job is requeued without that node).
- Ray's driver prints a worker's output under ``(Name pid=N, ip=A)``: the line is the worker's, and its
  exception is read as any rank's.
- A save allows a long silence because it is working; a save during which the program raised an error of
  its own gets no such grace: the silence after it is a stall at the job's usual threshold.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors import logs
from monitoring.detectors.schema import JobSpec, Kind
from tests.unit.pipehelpers import OPTED, log, megatron, pipeline, run

# --- Flight Recorder's missing ranks --------------------------------------------------------------------

FR_FORMATS = (
    # 2.5's one line: print("Not all ranks joining collective for group ...", "Missing ranks are {...}")
    "Not all ranks joining collective for group 0:default_pg collective nccl:all_reduce Missing ranks are {ranks}",
    # logger.info("missing ranks: %s", missing_ranks), in the analysis's one-field-per-line report
    "missing ranks: {ranks}",
    "INFO:torch.distributed.flight_recorder.components.builder:missing ranks: {ranks}",
)


def _set(ranks: list[int]) -> str:
    return "{" + ", ".join(map(str, sorted(set(ranks)))) + "}"


@settings(max_examples=40, deadline=None)
@given(fmt=st.sampled_from(FR_FORMATS), ranks=st.lists(st.integers(0, 4095), min_size=1, max_size=6))
def test_flight_recorders_missing_ranks_are_read_in_each_of_its_formats(fmt: str, ranks: list[int]) -> None:
    info = logs.parse_joblog(fmt.format(ranks=_set(ranks)))
    assert info is not None and info.kind == Kind.BARRIER_MISSING
    assert info.data["ranks"] == sorted(set(ranks))[:64]
    assert logs.parse_joblog("missing ranks: set()") is None  # nothing missing names no one


def _fr_wedged(nodes: int, tpn: int, missing: list[int]) -> list[Any]:
    """A job launches, says training starts, and its debug server names ``missing`` every 30 s."""
    names = tuple(f"gpu-a-{i:03d}" for i in range(1, nodes + 1))
    p = pipeline(
        JobSpec(
            "4",
            name="titan",
            user="kt",
            nodes=names,
            tasks_per_node=tpn,
            started=1_800_000_000.0,
            comment=OPTED,
        )
    )
    events = [log(2.0, "4", "0: [rank0]:[titan] root - INFO - Training starts at step 1")]
    for k in range(6):
        at = 40.0 + 30.0 * k
        events += [
            log(at, "4", "0: Not all ranks joining collective, sequence number: 4"),
            log(at + 0.001, "4", "0: collective: nccl:all_reduce"),
            log(at + 0.002, "4", f"0: missing ranks: {_set(missing)}"),
        ]
    run(p, events, until=400.0)
    return p.incidents()


@settings(max_examples=10, deadline=None)
@given(nodes=st.integers(2, 8), tpn=st.sampled_from([1, 4, 8]), data=st.data())
def test_the_ranks_flight_recorder_names_are_where_the_job_waits(nodes: int, tpn: int, data: Any) -> None:
    node = data.draw(st.integers(1, nodes - 1))  # not rank 0's node: rank 0 prints the report
    ranks = data.draw(st.lists(st.integers(node * tpn, node * tpn + tpn - 1), min_size=1, max_size=tpn))
    [inc] = _fr_wedged(nodes, tpn, ranks)
    culprit = f"gpu-a-{node + 1:03d}"
    assert (inc.category, inc.culprit_node, inc.pattern) == ("hang", culprit, "named_by_monitored_barrier")
    assert [(r.action, r.exclude) for r in inc.recommendations] == [("requeue_job", (culprit,))]


def test_ranks_on_two_nodes_name_no_node() -> None:
    [inc] = _fr_wedged(4, 8, [9, 17])
    assert inc.culprit_node is None


# --- Ray's worker prefix ---------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(["RayTrainWorker", "MegatronPolicyWorkerBase", "WorkerDict", "main_task", ""]),
    pid=st.integers(1, 4_000_000),
    ip=st.one_of(st.none(), st.ip_addresses(v=4).map(str)),
    srun=st.booleans(),
)
def test_a_ray_workers_exception_is_read_under_its_prefix(
    name: str, pid: int, ip: str | None, srun: bool
) -> None:
    prefix = f"({name + ' ' if name else ''}pid={pid}{', ip=' + ip if ip else ''}) "
    line = ("3: " if srun else "") + prefix + "ValueError: expected sequence of length 128 at dim 1 (got 96)"
    info = logs.parse_joblog(line)
    assert info is not None and info.kind == Kind.EXCEPTION
    assert info.data["etype"] == "ValueError" and info.rank == (3 if srun else None)


# --- a save whose program raised ----------------------------------------------------------------------------


def _trainer(i: int) -> str:
    """A trainer no parser knows: only its cadence says it steps."""
    return f"2026-07-28 13:{i // 60:02d}:{i % 60:02d} | INFO | rl.trainer:train:402 - Finished step {i}: reward=0.5"


SAVES = {
    megatron: "0: saving checkpoint at iteration       30 to /ckpt in torch_dist format",
    _trainer: "2026-07-28 13:05:01 | INFO | rl.trainer:save:731 - Saving checkpoint at global_step 30 to /ckpt",
}


def _save_then_silent(fmt: Any, raised: bool) -> float:
    """A job steps every 10 s, starts a save at 300 s, (maybe) raises in the save's process, then is silent;
    when its stall is found, seconds after its last step."""
    p = pipeline(
        JobSpec("6", name="gpt", user="kt", nodes=("gpu-a-001", "gpu-a-002"), tasks_per_node=8, comment=OPTED)
    )
    events = [log(10.0 * i, "6", fmt(i + 1)) for i in range(30)]
    events.append(log(301.0, "6", SAVES[fmt]))
    if raised:
        events.append(log(303.0, "6", "0: Process SpawnProcess-2:"))
        events.append(log(303.1, "6", "0: Traceback (most recent call last):"))
        events.append(log(303.2, "6", "0: RuntimeError: pidfd_getfd: Bad file descriptor"))
    run(p, events, until=2400.0)  # a save of a job across nodes is allowed 1,800 s (cadence_watch.save_grace)
    incs = p.incidents()
    assert incs, "the stall was never found"
    return incs[0].detected_t - (1_800_000_000.0 + 290.0)


def test_a_save_whose_program_raised_gets_no_save_grace() -> None:
    for fmt in SAVES:
        quick, patient = _save_then_silent(fmt, True), _save_then_silent(fmt, False)
        assert quick < 300.0 < patient, (fmt.__name__, quick, patient)
