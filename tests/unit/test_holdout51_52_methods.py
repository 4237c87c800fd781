"""Methods from the stop that built holdout51 and holdout52 (blind, issue 24), each tested on figures and lines
other than the corpora's.

- A start-up silence is raised on what the GPUs did during it: a node whose telemetry has not reported since the
  silence began is waited for (its next round due), and a job whose first samples came after it began to work is
  judged against each GPU's own idle power (holdout44's Detectron, sampled every 30 min, had been called a
  start-up that hung while its eight GPUs trained). A one-node job's start-up silence is raised only once its GPUs
  worked and went idle after its latest line; a GPU idle from its first sample never stopped working.
- Every GPU of a silent job idle after its last beat, samples on end, confirms the stall at one beat.
- Horovod's stall warning in its pre-0.17 form names the missing ranks; warned about for minutes on end with no
  step since, the stall is a hang.
- Omni-Path's link-down record is a fabric port down; a 429 answer is a remote service's failure.
- One node alone bootstrapping NCCL on a host-local bridge is that node's network.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from actions.pipeline import Pipeline
from incidents.attribution import stall_inspector
from incidents.attribution.start_watch import START_FLOOR_S
from monitoring.detectors import fabric, logs
from monitoring.detectors import telemetry as tm
from monitoring.detectors.hostlist import expand
from monitoring.detectors.schema import ClusterSpec, JobSpec, Kind
from tests.unit.pipehelpers import OPTED, PCI, T0, job, log, megatron, pipeline, run

START = (
    "Job 77 on gpu-a-003 started",
    "Resuming from /scratch/ana/ckpt/model_step1000.pth",
    "Training output -> /scratch/ana/logs/train_77.log",
)


def _gpus(t: float, node: str, util: float, power: float, n: int = 8) -> list[dict[str, Any]]:
    return [
        {
            "t": T0 + t + 0.01 * g,
            "source": "gpu",
            "node": node,
            "gpu": g,
            "fields": {tm.UTIL: util, tm.POWER: power, tm.SM_CLOCK: 1800 if util else 210},
        }
        for g in range(n)
    ]


def _start_up(
    period: float, later: tuple[float, float] | None, until: float, telemetry: bool = True
) -> list[Any]:
    """A two-node job's start-up lines, then silence; telemetry every ``period``: idle before it starts, then
    ``later`` (util, power) in every round after its lines."""
    # The record starts before the job: its first round (idle) is no sample of the job's.
    cluster = ClusterSpec("test", tuple(expand("gpu-a-[001-004]")), 8, pci_bus_ids=PCI)
    nodes = ("gpu-a-003", "gpu-a-004")
    p = Pipeline(cluster, [JobSpec("77", "det", "ana", nodes, 8, T0 + 5.0, OPTED)], (), start=T0)
    events = [log(5.0 + i, "77", line) for i, line in enumerate(START)]
    if telemetry:
        for node in nodes:
            events += _gpus(2.0, node, 0, 15.0)
        t = 2.0 + period
        while t < until:
            if later is not None:
                for node in nodes:
                    events += _gpus(t, node, *later)
            t += period
    return list(run(p, events, until=until))


@settings(max_examples=12, deadline=None)
@given(period=st.floats(START_FLOOR_S + 60.0, 1800.0), power=st.floats(120.0, 400.0))
def test_a_silent_start_up_waits_for_the_round_after_it_and_a_round_at_work_is_no_hang(
    period: float, power: float
) -> None:
    # The only sample before the floor came before the silence: nothing is known of the GPUs yet.
    assert _start_up(period, None, START_FLOOR_S + 30.0) == []
    # The next round reads the GPUs at work (the job's own floor never idle: each GPU's own idle power).
    assert _start_up(period, (90, power), period + 120.0) == []


def test_a_silent_start_up_is_raised_at_the_round_that_reads_its_gpus_idle() -> None:
    ups = _start_up(1500.0, (0, 30.0), 1600.0)
    assert ups and abs(ups[0].detected_t - (T0 + 1502.0)) < 5.0, [u.detected_t - T0 for u in ups]


def test_a_start_up_with_no_telemetry_at_all_is_raised_at_its_floor() -> None:
    ups = _start_up(600.0, None, START_FLOOR_S + 60.0, telemetry=False)
    assert ups and ups[0].detected_t - T0 < START_FLOOR_S + 30.0


# --- a one-node start-up silence: only once its GPUs stopped working --------------------------------------------


def _one_node_start(idle_from_start: bool) -> list[Any]:
    """A one-node job's start-up lines, then silence; its GPUs idle from their first sample, or busy at work
    through the lines and idle after them."""
    cluster = ClusterSpec("test", tuple(expand("gpu-a-[001-004]")), 8, pci_bus_ids=PCI)
    p = Pipeline(cluster, [JobSpec("78", "prep", "ana", ("gpu-a-003",), 8, T0 + 5.0, OPTED)], (), start=T0)
    events = [log(5.0 + 10 * i, "78", line) for i, line in enumerate(START)]
    t = 10.0
    while t < START_FLOOR_S + 400.0:
        busy = not idle_from_start and t < 30.0
        events += _gpus(t, "gpu-a-003", 95 if busy else 0, 250.0 if busy else 30.0)
        t += 60.0
    return list(run(p, events, until=START_FLOOR_S + 400.0))


def test_a_one_node_start_up_idle_since_before_its_last_line_is_its_own_cpu_work() -> None:
    assert _one_node_start(idle_from_start=True) == []
    raised = _one_node_start(idle_from_start=False)
    assert raised and raised[0].category == "software", raised


def test_gpus_idle_since_before_the_last_line_or_their_first_sample_are_idle_throughout() -> None:
    rules = tm.TelemetryRules()
    rules.on_sample(T0 + 100.0, "n1", 0, {tm.UTIL: 0, tm.POWER: 30.0}, "7")
    rules.on_sample(T0 + 100.0, "n2", 0, {tm.UTIL: 90, tm.POWER: 250.0}, "7")
    rules.on_sample(T0 + 100.0, "n3", 0, {tm.UTIL: 100, tm.POWER: 35.0}, "7")
    rules.on_sample(T0 + 160.0, "n1", 0, {tm.UTIL: 0, tm.POWER: 30.0}, "7")
    rules.on_sample(T0 + 160.0, "n2", 0, {tm.UTIL: 0, tm.POWER: 30.0}, "7")
    rules.on_sample(T0 + 160.0, "n3", 0, {tm.UTIL: 100, tm.POWER: 35.0}, "7")
    assert rules.idle_throughout(("n1",), T0 + 150.0)  # idle since before the line
    assert rules.idle_throughout(("n1",), T0 + 50.0)  # idle since its first sample, whenever that was
    assert not rules.idle_throughout(("n2",), T0 + 150.0)  # at work, then idle after the line
    assert rules.idle_throughout(("n2",), T0 + 170.0)  # idle since before that line
    assert not rules.idle_throughout(("n3",), T0 + 150.0)  # pegged at its idle power: a kernel waiting
    assert not rules.idle_throughout(("n9",), T0 + 50.0)  # never heard of: no word
    again = tm.GpuState.from_state(rules.gpus[("n2", 0)].to_state())
    assert again.busy_t == T0 + 100.0


# --- every GPU idle after the last beat confirms the stall at one beat -----------------------------------------------


def _idle_stall(gpu_idle: bool) -> Any:
    cluster = ClusterSpec("test", tuple(expand("gpu-a-[001-004]")), 8, pci_bus_ids=PCI)
    p = Pipeline(cluster, [JobSpec("9", "seg", "ana", ("gpu-a-002",), 1, T0 - 600, OPTED)], (), start=T0)
    events = [log(240.0 * k, "9", f"2024-02-01 10:{k:02d}:00.000000: Epoch {100 + k}") for k in range(1, 9)]
    t = 1.0
    while t < 3600.0:
        idle = gpu_idle and t > 1925.0
        events += _gpus(t, "gpu-a-002", 0 if idle else 97, 25.0 if idle else 280.0, n=1)
        t += 60.0
    run(p, events, until=3600.0)
    return p.incidents()


def test_every_gpu_idle_after_the_last_beat_confirms_the_stall_at_one_beat() -> None:
    [early] = _idle_stall(True)
    assert early.detected_t - T0 <= 1920.0 + 2 * 240.0 + 5.0  # a beat (its longest interval), not four
    [late] = _idle_stall(False)
    assert late.detected_t - T0 >= 1920.0 + 4 * 240.0 - 5.0  # GPUs at work: the job's own deadline


# --- Horovod's stall inspector ---------------------------------------------------------------------------------------


def test_horovods_pre_017_stall_warning_names_the_missing_ranks() -> None:
    for line, ranks in (
        ("[1,0]<stderr>:Stalled ops:opt/all_reduce/HorovodAllreduce_grad_mul_1_0 [missing ranks: 0]", [0]),
        ("W horovod/common/operations.cc:588] model/HorovodAllreduce_b_2_0 [missing ranks: 4, 12]", [4, 12]),
    ):
        info = logs.parse_joblog(line)
        assert info is not None and info.kind == Kind.BARRIER_MISSING and info.data["ranks"] == ranks
        assert info.data.get("warning")
    assert logs.parse_joblog("model weights [missing ranks: 3]") is None  # no collective named


def _hvd(warn_for: float, step_between: bool = False) -> list[Any]:
    p = pipeline(job("14", "gpu-a-[003-006]", tpn=4))
    events = [log(10.0, "14", "*** Global step 1:"), log(10.5, "14", "***     Train loss: 1319.9788")]
    t = 90.0
    while t <= 90.0 + warn_for:
        events.append(log(t, "14", "[1,0]<stderr>:Stalled ops:HorovodAllreduce_mul_1_0 [missing ranks: 0]"))
        if step_between and t > 150.0:
            events.append(log(t + 1, "14", megatron(int(t))))
        t += 60.0
    return [u for u in run(p, events, until=90.0 + warn_for + 5.0)]


@settings(max_examples=10, deadline=None)
@given(warn_for=st.floats(0.0, 900.0))
def test_a_stall_warned_about_on_end_with_no_step_since_is_a_hang_and_not_before(warn_for: float) -> None:
    ups = _hvd(warn_for)
    if warn_for < stall_inspector.PERSIST_S:
        assert ups == []
    else:
        assert ups and ups[0].category == "hang" and ups[0].culprit_node == "gpu-a-003"
        assert ups[0].detected_t - T0 <= 90.0 + stall_inspector.PERSIST_S + 60.0 + 2.0


def test_warnings_between_steps_are_waits_the_job_stepped_out_of() -> None:
    assert [u for u in _hvd(600.0, step_between=True) if u.category == "hang"] == []


# --- kernel and service words -------------------------------------------------------------------------------------


def test_omni_paths_link_down_is_a_fabric_port_down() -> None:
    for line in (
        "hfi1 0000:5e:00.0: hfi1_0: Link down reason: Unexpected link down",
        "hfi1 0000:5e:00.0: hfi1_0: Link down reason: Neighbor link down message 3, Disconnected",
    ):
        info = logs.parse_kernel(line, {})
        assert info is not None and info.kind == Kind.IB_PORT_ERROR and info.data["fabric"], line
    assert logs.parse_kernel("hfi1 0000:5e:00.0: hfi1_0: 8051: Link up", {}) is None


def test_a_429_answer_is_a_remote_services_failure() -> None:
    line = "pyxis:     [ERROR] URL https://registry-1.docker.io/v2/library/x/manifests/1 returned error code: 429"
    assert logs.service_error(line) == "registry-1.docker.io"
    assert logs.service_error("returned error code: 404 for https://example.org/a") is None


# --- one node alone bootstrapping NCCL on a host-local bridge ----------------------------------------------------------


def _bootstrap(ifaces: dict[str, str]) -> list[tuple[str, str]]:
    watch = fabric.FabricWatch()
    out: list[tuple[str, str]] = []
    for host, iface in ifaces.items():
        out += watch.bootstrap_line(
            "5", f"0: {host}:4187:4187 [0] NCCL INFO Bootstrap : Using {iface}<0>", len(ifaces)
        )
    return out


def test_one_node_alone_bootstrapping_on_a_host_local_bridge_is_named() -> None:
    [(host, how)] = _bootstrap(
        {"n1": "enp94s0f0:10.40.2.13", "n2": "virbr0:192.168.122.1", "n3": "ib0:10.1.0.3"}
    )
    assert host == "n2" and "virbr0" in how
    [(host, _)] = _bootstrap({"n1": "docker0:172.17.0.1", "n2": "eth0:10.0.0.2"})
    assert host == "n1"
    assert _bootstrap({"n1": "docker0:172.17.0.1", "n2": "docker0:172.17.0.1"}) == []  # everyone's set-up
    assert _bootstrap({"n1": "eth0:10.0.0.1", "n2": "eth0:10.0.0.2"}) == []


def test_the_bridge_on_one_node_fails_the_job_as_that_nodes_network() -> None:
    p = pipeline(job("7781", "gpu-a-[003-004]", tpn=1))
    events = [
        log(50.0, "7781", "0: gpu-a-003:41877:41877 [0] NCCL INFO Bootstrap : Using enp94s0f0:10.40.2.13<0>"),
        log(50.5, "7781", "1: gpu-a-004:28813:28813 [0] NCCL INFO Bootstrap : Using virbr0:192.168.122.1<0>"),
    ]
    ups = run(p, events, until=60.0)
    assert ups and (ups[0].category, ups[0].culprit_node) == ("network", "gpu-a-004")


# --- a job alone on its node computing on one of its GPUs, at partial utilisation --------------------------------------


@settings(max_examples=10, deadline=None)
@given(util=st.floats(5.0, 49.0), rise=st.floats(3.0, 8.0))
def test_one_gpu_of_a_node_the_job_has_alone_at_work_keeps_its_silent_start_up_unraised(
    util: float, rise: float
) -> None:
    cluster = ClusterSpec("test", tuple(expand("gpu-a-[001-004]")), 4, pci_bus_ids=PCI)
    p = Pipeline(cluster, [JobSpec("91", "att", "ana", ("gpu-a-003",), 1, T0 + 5.0, OPTED)], (), start=T0)
    events = [log(5.0 + 10 * i, "91", line) for i, line in enumerate(START)]
    events += _gpus(1.0, "gpu-a-003", 0, 28.0, n=4)  # before the job: every GPU idle
    t = 301.0
    while t < START_FLOOR_S + 600.0:
        events += _gpus(t, "gpu-a-003", util, 28.0 * rise, n=1)  # its one GPU at work, the others idle
        events += [dict(e, gpu=e["gpu"] + 1) for e in _gpus(t + 0.1, "gpu-a-003", 0, 28.0, n=3)]
        t += 300.0
    assert list(run(p, events, until=START_FLOOR_S + 600.0)) == []
