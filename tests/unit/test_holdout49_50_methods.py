"""Methods from holdout49 and holdout50 (blind, issue 24), each tested on figures and lines other than the corpora's.

- A brake the board asserts that holds a busy GPU far below its peers' clock is confirmed at its first sample; a
  GPU held at half its peers' clock and power, whatever declares it, too; fewer samples the further it is held.
- Before the first step, one node whose every GPU stayed idle while every GPU of the job's other nodes spins at
  little more than its idle power never joined the first collective: the start-up hang names it, early.
- Tasks the scheduler started that printed nothing at all, all of one node, while every other task got through
  the start-up: they never started there, and the node is named.
- A start-up silence that began with the fault's own cascade (the ranks' watchdog timeouts) is that fault's.
- A job's filesystem error on the node whose local filesystem failed is that node's failure, however much later.
- A stall that names a node and no GPU: the one GPU whose PCIe link replays faster than DCGM's limit is named.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from actions.pipeline import Pipeline
from incidents.attribution import start_skew
from monitoring.detectors import telemetry as tm
from monitoring.detectors.hostlist import expand
from monitoring.detectors.schema import ClusterSpec, HistoryEntry, JobSpec, Kind
from tests.unit.pipehelpers import OPTED, PCI, T0, kernel, log, run, slurm, watchdog


def _cluster() -> ClusterSpec:
    return ClusterSpec("test", tuple(expand("gpu-a-[001-016]")), 8, pci_bus_ids=PCI)


def _spec(jid: str, nodes: str, tpn: int = 8, started: float = T0 - 3600, user: str = "ana") -> JobSpec:
    return JobSpec(jid, f"w-{jid}", user, tuple(expand(nodes)), tpn, started, OPTED)


def _gpu(t: float, node: str, g: int, **f: Any) -> dict[str, Any]:
    names = {
        "util": tm.UTIL,
        "power": tm.POWER,
        "clock": tm.SM_CLOCK,
        "reasons": tm.THROTTLE_FIELDS[0],
        "replay": tm.PCIE_REPLAY,
    }
    return {
        "t": T0 + t,
        "source": "gpu",
        "node": node,
        "gpu": g,
        "fields": {names[k]: v for k, v in f.items()},
    }


# --- how far a busy GPU is held below its peers decides how many samples confirm it --------------------------


def _round(rules: tm.TelemetryRules, t: float, slow: dict[str, Any] | None) -> list[Any]:
    """One round of samples of an 8-GPU job: GPU 5 as ``slow`` says, the others at work."""
    out = []
    for g in range(8):
        f = {tm.UTIL: 99, tm.POWER: 600.0, tm.SM_CLOCK: 1980, tm.THROTTLE_FIELDS[0]: 0}
        if g == 5 and slow is not None:
            f = {tm.UTIL: slow["util"], tm.POWER: slow["power"], tm.SM_CLOCK: slow["clock"]}
            f[tm.THROTTLE_FIELDS[0]] = slow["reasons"]
        out += rules.on_sample(t + 0.01 * g, "n1", g, f, "7")
    return out


def _confirmed_at(slow: dict[str, Any], rounds: int = 4) -> int | None:
    rules = tm.TelemetryRules()
    _round(rules, 0.0, None)
    for k in range(1, rounds + 1):
        if any(i.kind == Kind.SLOW_GPU and i.gpu == 5 for i in _round(rules, 600.0 * k, slow)):
            return k
    return None


@settings(max_examples=40, deadline=None)
@given(
    ratio=st.floats(0.3, 0.95),
    share=st.floats(0.3, 1.0),
    util=st.sampled_from([99, 60]),
    reasons=st.sampled_from([0x8, 0x40, 0x80, 0x88, 0x20, 0x0, 0x4]),
)
def test_samples_needed_fall_with_how_far_a_busy_gpu_is_held(
    ratio: float, share: float, util: int, reasons: int
) -> None:
    slow = {"util": util, "power": 600.0 * share, "clock": round(1980 * ratio), "reasons": reasons}
    at = _confirmed_at(slow)
    busy, hw = util >= tm.PART_HIGH, bool(reasons & tm.HW_SLOWDOWN_MASK)
    clock = slow["clock"] / 1980
    if busy and hw and clock <= tm.BRAKED_CLOCK:
        assert at == 1, slow  # a board's brake holding a busy GPU far down: its first sample
    elif at is not None and busy and clock <= tm.HELD_CLOCK and share <= tm.HELD_POWER:
        assert at == 1, slow
    elif at is not None:
        assert at >= 2, slow  # no single sample of anything less


def test_a_brake_on_an_idle_or_slightly_slowed_gpu_still_waits() -> None:
    brake = {"util": 99, "power": 400.0, "clock": 1700, "reasons": 0x80}  # 0.86x: a clock bin or a change
    assert _confirmed_at(brake) == 2
    idle = {"util": 0, "power": 60.0, "clock": 300, "reasons": 0x80}
    assert _confirmed_at(idle) is None


# --- one node idle while the others spin in the first collective ------------------------------------------------


def _start(nodes: str, idle_node: int | None, spin_power: float = 80.0, until: float = 400.0) -> Pipeline:
    spec = _spec("9", nodes, tpn=4, started=T0 + 5)
    p = Pipeline(_cluster(), [spec], start=T0)
    events = [log(10.0 + 5 * k, "9", f"[init] step {k} of the set-up done") for k in range(4)]
    t = 0.0
    while t < until:
        for i, n in enumerate(spec.nodes):
            for g in range(4):
                if t < 30 or i == idle_node:
                    f = {"util": 0, "power": 60.0}
                else:
                    f = {"util": 100, "power": spin_power}
                events.append(_gpu(t + 0.01 * g + 0.1 * i, n, g, **f))
        t += 30.0
    run(p, events, until=until)
    return p


@settings(max_examples=10, deadline=None)
@given(n=st.integers(2, 4), bad=st.integers(1, 3))
def test_one_node_idle_while_the_others_spin_at_start_is_named_early(n: int, bad: int) -> None:
    bad %= n
    bad = bad or 1  # not the first node
    nodes = f"gpu-a-[001-{n:03d}]"
    p = _start(nodes, bad)
    incs = p.incidents()
    host = expand(nodes)[bad]
    assert [(i.category, i.culprit_node) for i in incs] == [("hang", host)]
    assert incs[0].detected_t <= T0 + 200
    [req] = [r.to_dict() for r in incs[0].recommendations if r.action == "requeue_job"]
    assert req["exclude"] == [host]


def test_no_early_word_when_the_first_node_is_idle_or_the_others_compute() -> None:
    assert _start("gpu-a-[001-003]", 0).incidents() == []  # the first task's own start-up work
    assert _start("gpu-a-[001-003]", 1, spin_power=400.0).incidents() == []  # computing, not waiting
    assert _start("gpu-a-[001-003]", None).incidents()[0].culprit_node is None  # all spin: no one node


# --- tasks that never started -----------------------------------------------------------------------------------


def test_the_skew_of_tasks_that_printed_nothing_needs_the_task_count() -> None:
    sk = start_skew.StartSkew()
    sk.start("1", T0, expected=16)
    for r in range(16):
        if r // 4 != 2:
            sk.on_line(
                "1", T0 + 10 + 0.1 * r, f"{r}: Initializing distributed: GLOBAL_RANK: {r}, MEMBER: {r + 1}/16"
            )
    found = sk.skew("1")
    assert found is not None and found.silent and found.in_step and found.late == (8, 9, 10, 11)
    restored = start_skew.StartSkew()
    restored.load_state(sk.to_state())
    assert restored.skew("1") == found
    unknown = start_skew.StartSkew()
    unknown.start("1", T0)
    for r in range(12):
        unknown.on_line("1", T0 + 10, f"{r}: Initializing distributed: GLOBAL_RANK: {r}, MEMBER: {r + 1}/16")
    assert unknown.skew("1") is None  # the task count not known: nothing is missing


@settings(max_examples=10, deadline=None)
@given(n=st.integers(3, 5), bad=st.integers(1, 4), split=st.booleans())
def test_tasks_of_one_node_that_never_printed_name_it(n: int, bad: int, split: bool) -> None:
    bad %= n
    bad = bad or 1
    p = Pipeline(_cluster(), [_spec("4", f"gpu-a-[001-{n:03d}]", tpn=4, started=T0 + 5)], start=T0)
    missing = set(range(4 * bad, 4 * bad + 4))
    if split:  # two tasks of one node and two of another: no one node
        missing = {4 * bad, 4 * bad + 1, 4 * ((bad + 1) % n or 1) + 2, 4 * ((bad + 1) % n or 1) + 3}
    events = [log(9.0, "4", "+ srun python train.py")]
    for r in range(4 * n):
        if r not in missing:
            line = f"{r}: Initializing distributed: GLOBAL_RANK: {r}, MEMBER: {r + 1}/{4 * n}"
            events.append(log(20.0 + 0.05 * r, "4", line))
    run(p, events, until=300.0)
    incs = p.incidents()
    assert len(incs) == 1 and incs[0].detected_t <= T0 + 130
    if split or len({r // 4 for r in missing}) != 1:
        assert incs[0].culprit_node is None
    else:
        assert (incs[0].category, incs[0].culprit_node) == ("hang", f"gpu-a-{bad + 1:03d}")


# --- a silence that began with the fault's own cascade ----------------------------------------------------------

COMPLETION = (
    "{host}:3038{k}:3042{k} [{k}] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer "
    "10.9.0.{peer}<4018{k}> with status=1 opcode=128 len=0 vendor err 105 (Recv) localGid ::ffff:10.9.0.{own}"
)


def test_a_start_up_silent_since_the_faults_own_watchdog_lines_is_that_fault() -> None:
    p = Pipeline(_cluster(), [_spec("3", "gpu-a-[001-003]", started=T0 + 5)], start=T0)
    # a start-up with a 10-minute pause of its own: its silence is called only 4 x that after its last line,
    # when the incident of the completion errors has gone quiet for longer than it stays open
    events = [log(t, "3", f"INFO loading part {t:.0f}") for t in (20.0, 30.0, 630.0)]
    events += [
        log(640.0 + 0.1 * k, "3", COMPLETION.format(host="gpu-a-002", k=k, peer=1, own=2)) for k in range(8)
    ]
    events += [log(1240.0 + 0.01 * r, "3", watchdog(r, 1)) for r in range(24) if r // 8 != 1]
    run(p, events, until=4800.0)
    incs = p.incidents()
    assert [(i.category, i.culprit_node) for i in incs] == [("network", "gpu-a-002")]


# --- a job's filesystem error on its node's failed local filesystem ---------------------------------------------


@settings(max_examples=6, deadline=None)
@given(later=st.floats(120.0, 1500.0))
def test_a_jobs_io_error_after_its_nodes_local_disk_failed_is_that_failure(later: float) -> None:
    p = Pipeline(_cluster(), [_spec("8", "gpu-a-007")], start=T0)
    events = [
        log(10.0 * k, "8", f"INFO:tensorflow:loss = 1.{k:03d}, step = {1000 + 100 * k} (10.1 sec)")
        for k in range(1, 200)
    ]
    events.append(
        kernel(
            100.0,
            "gpu-a-007",
            "[Tue Nov 20 17:11:02 2018] XFS (nvme2n1): Log I/O Error Detected. Shutting down filesystem",
        )
    )
    t = 100.0 + later
    events = [e for e in events if e["t"] < T0 + t]
    events.append(
        log(t, "8", "OSError: [Errno 5] Input/output error: '/scratch/ana/shards/train-00071-of-00100'")
    )
    events.append(slurm(t + 5, kind="job_state", job="8", state="FAILED", exit_code="1:0"))
    run(p, events, until=t + 60)
    incs = p.incidents()
    assert [(i.category, i.culprit_node) for i in incs] == [("node_failure", "gpu-a-007")]


# --- the GPU whose PCIe link replays ----------------------------------------------------------------------------


def _stall_with_replays(rates: dict[int, float]) -> Any:
    spec = JobSpec(
        "5", name="yolo", user="bo", nodes=("gpu-a-006",), tasks_per_node=3, started=T0 - 3600, comment=OPTED
    )
    hist = (HistoryEntry(T0 - 3 * 86400, "gpu-a-006", "suspect", "hang"),)
    p = Pipeline(_cluster(), [spec], hist, start=T0)
    events = [log(5.0 * k, "5", f"Loaded: 0.0000{k % 10} seconds") for k in range(1, 80)]
    count = {g: 0.0 for g in range(3)}
    for k in range(8):
        t = 60.0 * k
        for g in range(3):
            count[g] += rates.get(g, 0.0)
            events.append(_gpu(t + 0.01 * g, "gpu-a-006", g, util=90, power=190.0, replay=int(count[g])))
    run(p, events, until=480.0)
    [inc] = p.incidents()
    return inc


@settings(max_examples=10, deadline=None)
@given(g=st.integers(0, 2), rate=st.floats(9.0, 400.0))
def test_the_one_gpu_replaying_past_dcgms_limit_is_the_stalls(g: int, rate: float) -> None:
    inc = _stall_with_replays({g: rate, (g + 1) % 3: 2.0})
    assert (inc.category, inc.culprit_node, inc.culprit_gpu) == ("hang", "gpu-a-006", g)


def test_replays_within_the_limit_or_on_two_gpus_name_no_gpu() -> None:
    assert _stall_with_replays({0: 6.0}).culprit_gpu is None
    assert _stall_with_replays({0: 50.0, 2: 30.0}).culprit_gpu is None


def test_a_replay_counter_that_went_down_is_a_reset_not_a_rate() -> None:
    st_ = tm.GpuState()
    tm._replay(0.0, st_, 5000)
    tm._replay(60.0, st_, 3)
    assert st_.replay == [3.0, 60.0, None]
    tm._replay(120.0, st_, 63)
    assert st_.replay is not None and st_.replay[2] == 60.0
    assert tm.GpuState.from_state(st_.to_state()).replay == st_.replay


# --- a port down, or a node gone dark, confirms a job's silence sooner ------------------------------------------


def _silent_after_port(port_down: bool) -> Any:
    p = Pipeline(_cluster(), [_spec("6", "gpu-a-[003-004]")], start=T0)
    events = [
        log(60.0 * k, "6", f"Epoch: [3]  [{100 * k}/9000]  eta: 1:00:00  loss: 0.5{k % 10}  time: 0.60")
        for k in range(1, 11)
    ]
    if port_down:
        events.append(
            kernel(
                615.0, "gpu-a-004", "[Thu Jul 21 02:19:47 2022] mlx5_core 0000:5e:00.0 ens1f0np0: Link down"
            )
        )
    run(p, events, until=1200.0)
    [inc] = p.incidents()
    return inc


def test_a_port_down_on_a_silent_jobs_node_confirms_its_silence_in_two_beats() -> None:
    inc = _silent_after_port(True)
    assert inc.culprit_node == "gpu-a-004" and inc.detected_t <= T0 + 600 + 2 * 60 + 5
    assert _silent_after_port(False).detected_t >= T0 + 600 + 4 * 60  # the job's own beat, as before


def _gone_dark(other_reports: bool) -> list[Any]:
    p = Pipeline(_cluster(), [_spec("7", "gpu-a-007")], start=T0)
    events = [
        log(40.0 * k, "7", f"elena | epoch={k} | step={62 * k} | training_speed=00:40") for k in range(1, 16)
    ]
    for k in range(0, 20):
        t = 60.0 * k + 1
        for node in ("gpu-a-007", "gpu-a-008"):
            if (node == "gpu-a-007" and t > 600) or (node == "gpu-a-008" and t > 600 and not other_reports):
                continue
            events += [_gpu(t + 0.01 * g, node, g, util=95, power=150.0) for g in range(2)]
    run(p, events, until=1200.0)
    return p.incidents()


def test_a_silent_jobs_node_dark_for_one_and_a_half_of_its_periods_is_down() -> None:
    [inc] = _gone_dark(True)
    assert (inc.category, inc.culprit_node) == ("node_failure", "gpu-a-007")
    assert inc.detected_t <= T0 + 645  # 1.5 x 60 s after its last sample at 541 s; 2.5 x 60 s would be 691 s
    assert all(
        i.category != "node_failure" for i in _gone_dark(False)
    )  # every exporter quiet: blind, not down


def test_two_jobs_stopping_with_their_dark_node_are_one_incident() -> None:
    p = Pipeline(_cluster(), [_spec("1", "gpu-a-009"), _spec("2", "gpu-a-009", user="bo")], start=T0)
    events = [
        log(31.0 * k, "1", f"I0220 solver.cpp:218] Iteration {20 * k}, lr = 0.001") for k in range(1, 20)
    ]
    events += [
        log(95.0 * k, "2", f"epoch 3, minibatch {k}/900, reconstruction cost {k % 7}.5") for k in range(1, 7)
    ]
    for k in range(20):
        t = 60.0 * k + 1
        for node in ("gpu-a-009", "gpu-a-010"):
            if node == "gpu-a-010" or t < 610:  # its last sample after the faster job's last line
                events += [_gpu(t + 0.01 * g, node, g, util=95, power=150.0) for g in range(2)]
    run(p, [e for e in events if e["t"] < T0 + 590 or e["source"] == "gpu"], until=1200.0)
    incs = p.incidents()
    assert len(incs) == 1 and set(incs[0].jobs) == {"1", "2"}
    assert incs[0].culprit_node == "gpu-a-009"
