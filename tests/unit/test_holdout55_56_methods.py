"""Methods from holdout55 and holdout56 (blind, issue 24), each tested on figures and lines other than the corpora's.

- An evaluation a job announces is judged against the evaluation's grace whatever watches the job (a known
  progress format as a learned cadence), and the loop it returns to gets its beat's deadline from the
  evaluation's last line.
- A C program's "errno N (strerror)" and a Python OSError's ECOMM / EHOSTDOWN are a filesystem's failure.
- A save named by the parameters it writes and the path it writes them to is a checkpoint.
- A GPU whose volatile DBE count is above zero with a page retirement pending was not reset since an
  uncorrectable error: broken from its first sample.
- A GPU under a thermal slowdown while running ten degrees hotter than its job's median, at 0.9x its peers'
  clock or less, is slow: its cooling, not its load.
- An owner's resubmission under a variant name (``-bs1``) that fails the same way is the same fault.
- The one node still spinning in a collective after every other node's processes aborted on a lost peer is that peer.
- A CUDA error a failing device gives (C++'s terminate, its "what():" line), then the job's node not
  responding, is that node's failure: one incident.
- The one node still spinning in a collective after every other node's processes aborted on a lost peer is
  that peer.
"""

from __future__ import annotations

from typing import Any

from monitoring.detectors import logs, progress
from monitoring.detectors import telemetry as tm
from monitoring.detectors.schema import JobSpec, Kind
from tests.unit.pipehelpers import OPTED, T0, job, log, megatron, pipeline, run, slurm


def _hangs(events: list[dict[str, Any]], until: float) -> list[str]:
    p = pipeline(job("5", "gpu-a-[001-002]"))
    return [u.category for u in run(p, events, until=until)]


def test_an_announced_evaluation_holds_a_known_formats_stall_off_for_the_evaluation_grace() -> None:
    steps = [log(10.0 * k, "5", megatron(100 + k)) for k in range(1, 30)]
    after = [log(300.0 + 140.0 + 10.0 * k, "5", megatron(130 + k)) for k in range(0, 10)]
    announced = [log(300.0, "5", "Running evaluation at step 130")]
    result = [log(430.0, "5", "eval metrics after step: 129, loss=2.027")]
    assert _hangs(steps + announced + result + after, 560.0) == []
    # the same 140 s without the announcement: a stall of a 10 s loop (what the grace holds off)
    assert _hangs(steps + result + after, 560.0) != []


def _ticks(t0: float, t1: float, first: int) -> list[dict[str, Any]]:
    out, t, k = [], t0, first
    while t < t1:
        out.append(log(t, "5", f"tick {k}    kimg {k * 4.0:.1f}   sec/tick 59.8   maintenance 0.2"))
        t += 60.0
        k += 1
    return out


def test_an_evaluations_result_line_gives_the_loop_its_own_deadline_from_there() -> None:
    """An unknown format's beat every 60 s (a 240 s deadline), an evaluation of 250 s: its result at +250 s,
    the next tick 200 s later. Judged from the announcement alone (300 s) it would be a stall at +300 s."""
    before = _ticks(0.0, 1200.0, 1)
    evaluating = [log(1201.0, "5", "Evaluating metrics...")]
    result = [log(1451.0, "5", '{"results": {"fid50k_full": 6.42}, "metric": "fid50k_full"}')]
    after = _ticks(1651.0, 2200.0, 21)
    assert _hangs(before + evaluating + result + after, 2200.0) == []
    # no result line: the silence after the announcement is judged against the evaluation's grace
    assert _hangs(before + evaluating + after, 2200.0) != []


def test_a_c_programs_errno_and_an_oserrors_ecomm_are_a_filesystems_failure() -> None:
    for line in (
        "Read error: errno 70 (Communication error on send)",
        "fatal: write error: errno 5 (Input/output error)",
        "OSError: [Errno 70] Communication error on send: '/shared/data/shard_0413.parquet'",
        "OSError: [Errno 112] Host is down: '/mnt/cifs/run7/ckpt.pt'",
    ):
        info = logs.parse_joblog(line)
        assert info is not None and info.kind == Kind.FS_ERROR, line
    for line in (
        "open failed: errno 2 (No such file or directory)",  # the program's own path
        "Read error: errno 22 (Invalid argument)",
        "saw errno 70 in the summary table",  # no strerror: not the C library's report
    ):
        info = logs.parse_joblog(line)
        assert info is None or info.kind != Kind.FS_ERROR, line


def test_a_save_named_by_the_parameters_it_writes_and_where_is_a_checkpoint() -> None:
    assert progress.parse_checkpoint("saving params to /home/u/lstm/ptb_e11.pkl") == ("start", None)
    assert progress.parse_checkpoint("Saving parameters to s3://bucket/run/params-0400.npz") == (
        "start",
        None,
    )
    for line in ("loaded params from /home/u/lstm/ptb_e10.pkl", "saving params took 3.1s", "params: 124M"):
        assert progress.parse_checkpoint(line) is None, line


def _first(fields: dict[str, Any]) -> list[str]:
    rules = tm.TelemetryRules()
    return [i.kind for i in rules.on_sample(T0, "n1", 1, {tm.UTIL: 0, tm.POWER: 40.0, **fields}, None)]


def test_a_gpu_not_reset_since_an_uncorrectable_error_is_broken_from_its_first_sample() -> None:
    assert Kind.GPU_ECC in _first({"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 1, "DCGM_FI_DEV_RETIRED_PENDING": 1})
    # the count alone is history (an exporter's baseline), the aggregate count is the GPU's lifetime
    assert _first({"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 1, "DCGM_FI_DEV_RETIRED_PENDING": 0}) == []
    assert _first({"DCGM_FI_DEV_ECC_DBE_AGG_TOTAL": 3, "DCGM_FI_DEV_RETIRED_PENDING": 1}) == []


def _hot_rounds(temp: float, clock: float, reasons: int, rounds: int = 5) -> list[str]:
    """A job on three nodes of four GPUs: gpu-a-002's at ``temp``, and at ``clock``/``reasons`` from the second
    round, its peers at 68 C, 1980 MHz."""
    rules = tm.TelemetryRules()
    out: list[str] = []
    for r in range(rounds):
        for node in ("gpu-a-001", "gpu-a-002", "gpu-a-003"):
            for g in range(4):
                hot = node == "gpu-a-002"
                fields = {
                    tm.UTIL: 100,
                    tm.POWER: 600.0,
                    tm.SM_CLOCK: clock if hot and r else 1980,
                    "DCGM_FI_DEV_GPU_TEMP": temp if hot else 68,  # hot from the start: no runaway
                    "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": reasons if hot and r else 0,
                }
                out += [i.kind for i in rules.on_sample(T0 + 600.0 * r + 0.01 * g, node, g, fields, "5")]
    return out


def test_a_gpu_held_by_its_thermal_loop_far_hotter_than_its_peers_is_slow() -> None:
    assert Kind.SLOW_GPU in _hot_rounds(88.0, 1720.0, 0x20)  # 0.87x, 20 C above its peers
    assert Kind.SLOW_GPU not in _hot_rounds(71.0, 1720.0, 0x20)  # its thermal loop at its target, not hotter
    assert Kind.SLOW_GPU not in _hot_rounds(88.0, 1900.0, 0x20)  # hot, but within a clock bin of its peers
    assert Kind.SLOW_GPU not in _hot_rounds(88.0, 1720.0, 0x4)  # a power cap: no thermal sign


def test_a_resubmission_under_a_variant_name_failing_the_same_way_is_the_same_fault() -> None:
    from incidents.attribution.correlate import _variant_of

    assert _variant_of("t5x-ul2-base", "t5x-ul2-base-bs1") and _variant_of("train_7b.v2", "train_7b")
    assert not _variant_of("t5x-ul2-base", "t5x-ul2-basement")  # no separator: another name
    assert not _variant_of("lm", "lm-2")  # too short to say it is the same work
    first = job("41", "gpu-a-[001-002]")
    again = JobSpec("44", "train-41-bs1", "alice", first.nodes, 8, T0 + 3000.0, OPTED)
    first = JobSpec("41", "train-41", "alice", first.nodes, 8, T0 - 60.0, OPTED)
    p = pipeline(first, again)
    events: list[dict[str, Any]] = [log(5.0, "41", "Compiling train loop.")]
    for jid, t in (("41", 600.0), ("44", 3300.0)):
        events.append(log(t, jid, "host-1:151:151 [0] enqueue.cc:128 NCCL WARN Cuda failure 'out of memory'"))
        events.append(slurm(t + 5.0, kind="job_state", job=jid, state="FAILED", exit_code="1:0"))
    events.insert(1, log(3005.0, "44", "Compiling train loop."))
    ups = run(p, sorted(events, key=lambda e: e["t"]), until=3400.0)
    keys = {u.key for u in ups if u.category == "software"}
    assert len(keys) == 1, [(u.key, u.category, u.jobs) for u in ups]


def test_a_cuda_device_error_then_its_node_not_responding_is_the_nodes_failure() -> None:
    p = pipeline(job("8", "gpu-a-[001-004]", tpn=1))
    events = [log(30.0 * k, "8", f"step {k} loss 2.{k:02d}") for k in range(1, 40)]
    events += [
        log(1200.5, "8", "terminate called after throwing an instance of 'c10::CUDAError'"),
        log(1200.6, "8", "  what():  CUDA error: unknown error"),
        slurm(1400.0, kind="node_state", node="gpu-a-003", state="ALLOCATED+NOT_RESPONDING"),
    ]
    ups = run(p, events, until=1500.0)
    last = {u.key: u for u in ups}
    assert [(u.category, u.culprit_node) for u in last.values()] == [("node_failure", "gpu-a-003")]
    # a program's own CUDA error (an illegal address) stays its own, the node's failure a new incident
    p = pipeline(job("8", "gpu-a-[001-004]", tpn=1))
    events[-2] = log(1200.6, "8", "  what():  CUDA error: an illegal memory access was encountered")
    ups = run(p, events, until=1500.0)
    assert {u.category for u in ups} >= {"software", "node_failure"}


def _aborted(busy_nodes: set[str], abort: bool) -> list[tuple[str | None, str | None]]:
    """A job on three nodes of two GPUs: steps every 10 s to t=620, then (``abort``) its processes aborting on
    a lost peer; GPUs sampled every 300 s (the first after the stop 285 s after it, when the stall is already
    raised), from then on those of ``busy_nodes`` busy, the others idle."""
    p = pipeline(job("6", "gpu-a-[001-003]", tpn=2))
    events = [log(10.0 * k, "6", megatron(200 + k)) for k in range(1, 63)]
    if abort:
        events += [
            log(
                631.0 + k,
                "6",
                f"2024-01-11 05:42:5{k}.876471: E external/xla/xla/service/gpu/nccl_utils.cc:211] Aborting "
                f"communicator: 0x7f45267e31a{k} due to async NCCL error: remote process exited or there was a "
                "network error",
            )
            for k in range(2)
        ]
        events.append(
            log(
                631.5,
                "6",
                "INTERNAL: nccl_utils.cc:216: NCCL operation async_err failed: remote process exited",
            )
        )
    for r in range(4):
        t = 5.0 + 300.0 * r
        for node in ("gpu-a-001", "gpu-a-002", "gpu-a-003"):
            for g in range(2):
                util = 100 if t < 620 or node in busy_nodes else 0
                fields = {tm.UTIL: util, tm.POWER: 400.0 if util else 60.0}
                events.append(
                    {"t": T0 + t + 0.01 * g, "source": "gpu", "node": node, "gpu": g, "fields": fields}
                )
    ups = run(p, sorted(events, key=lambda e: e["t"]), until=1000.0)
    return [(u.category, u.culprit_node) for u in ups]


def test_the_one_node_still_spinning_after_its_peers_aborted_on_a_lost_peer_is_that_peer() -> None:
    assert ("hang", "gpu-a-003") in _aborted({"gpu-a-003"}, abort=True)
    # no process said it lost a peer: a node busy among idle ones is no one's culprit
    assert all(node != "gpu-a-003" for _, node in _aborted({"gpu-a-003"}, abort=False))
    # two nodes still busy: no one node
    assert all(node is None for _, node in _aborted({"gpu-a-002", "gpu-a-003"}, abort=True))
