"""holdout7's classes (issue 24): a teardown that hangs after the job said its training ended.

The job's own end-of-training sign, then every GPU of the job idle in a run that began after its
last step: the process neither works nor exits, so the stall is reported after ``teardown_idle_s``
instead of the full ``finished_grace_s`` (for jobs a progress parser watches and for jobs watched
by their own cadence alike), reported to the owner and never requeued; and an incident about a
stall that still holds is not closed as quiet, so the owner's interrupt an hour later is its end,
not a new fault.

And a launch whose transport failed (Open MPI's BTL_ERROR, read by its prefix): silent since, or
naming a host-local bridge, before the first step of a fresh start, it is the owner's configuration
(notify, no requeue, no drain), and the owner's resubmission failing the same way joins it. And
tasks of one job that started far apart (one still in its own set-up while its peers printed their
start-up line), the job silent since: the owner's launch, not the late node.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from actions.pipeline import PipelineConfig
from incidents.attribution.start_skew import StartSkew
from monitoring.detectors.schema import JobSpec
from monitoring.detectors.telemetry import TelemetryRules
from monitoring.detectors.transport import bridge_of, parse_transport_error
from tests.unit.pipehelpers import OPTED, T0, job, log, megatron, pipeline, run, slurm

NODES = ("gpu-a-001", "gpu-a-002")


def _gpu(t: float, node: str, util: int) -> list[dict[str, Any]]:
    return [
        {
            "t": T0 + t,
            "source": "gpu",
            "node": node,
            "gpu": g,
            "fields": {"DCGM_FI_DEV_GPU_UTIL": util, "DCGM_FI_DEV_POWER_USAGE": 300 if util else 60},
        }
        for g in range(8)
    ]


def _sample(rules: TelemetryRules, t: float, node: str, util: float) -> None:
    for g in range(8):
        rules.on_sample(t, node, g, {"DCGM_FI_DEV_GPU_UTIL": util}, "1")


# --- the telemetry rule ---------------------------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(
    n_nodes=st.integers(1, 4),
    idle_from=st.integers(0, 6),
    samples=st.integers(1, 8),
    busy_gpu=st.one_of(st.none(), st.tuples(st.integers(0, 3), st.integers(0, 7))),
    since_step=st.integers(0, 6),
)
def test_all_idle_holds_exactly_when_every_gpu_idled_twice_after_the_last_step(
    n_nodes: int, idle_from: int, samples: int, busy_gpu: tuple[int, int] | None, since_step: int
) -> None:
    nodes = tuple(f"gpu-a-{i:03d}" for i in range(1, n_nodes + 1))
    rules = TelemetryRules()
    for k in range(idle_from + samples):
        t = 10.0 * k
        for i, node in enumerate(nodes):
            for g in range(8):
                busy = k < idle_from or (busy_gpu is not None and busy_gpu == (i, g))
                rules.on_sample(t, node, g, {"DCGM_FI_DEV_GPU_UTIL": 95 if busy else 0}, "1")
    since = 10.0 * since_step - 5.0
    one_busy = busy_gpu is not None and busy_gpu[0] < n_nodes
    began_after = 10.0 * idle_from > since or (idle_from == 0 and since < 0)
    expected = list(nodes) if (not one_busy and samples >= 2 and began_after) else None
    assert rules.all_idle(nodes, since) == expected


def test_all_idle_ignores_nodes_without_telemetry_and_needs_one_that_reports() -> None:
    rules = TelemetryRules()
    assert rules.all_idle(NODES, 0.0) is None
    for t in (10.0, 20.0):
        _sample(rules, t, "gpu-a-002", 0)
    assert rules.all_idle(NODES, 5.0) == ["gpu-a-002"]


# --- the pipeline: a progress parser's job ----------------------------------------------------------


def _finished_job(util_after: int | None, end: int) -> list[dict[str, Any]]:
    """Megatron steps every 10 s until 100 s, 'training finished' at 105 s, then silence."""
    events = [log(i * 10.0, "1", megatron(100 + i)) for i in range(11)]
    events.append(log(105.0, "1", "31: [2026-11-29 10:02:00] training finished, waiting for the logger"))
    for t in range(3, end, 30):
        util = 100 if t < 100 or util_after is None else util_after
        if util_after is None and t >= 100:
            break
        events += _gpu(float(t), "gpu-a-001", util)
        events += _gpu(float(t), "gpu-a-002", util)
    return events


def test_a_finished_job_whose_gpus_sit_idle_is_a_teardown_stall_within_two_minutes() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    run(p, _finished_job(0, 240), until=240)
    incs = p.incidents()
    assert len(incs) == 1
    inc = incs[0]
    assert (inc.category, inc.pattern) == ("software", "stall_after_training_finished")
    assert inc.detected_t - (T0 + 105.0) <= 120.0
    assert [r.action for r in inc.recommendations] == ["notify"]
    assert "neither works nor exits" in " ".join(inc.evidence)


def test_a_finished_job_whose_gpus_still_work_keeps_the_full_teardown_grace() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    run(p, _finished_job(90, 600), until=600)
    assert p.incidents() == []  # a final evaluation or an upload on the GPU: not a stall yet


def test_a_finished_job_without_telemetry_keeps_the_full_teardown_grace() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    run(p, _finished_job(None, 600), until=600)
    assert p.incidents() == []
    run(p, [], until=720)
    assert [i.pattern for i in p.incidents()] == ["stall_after_training_finished"]


def test_a_count_at_its_total_is_no_end_of_training_sign_for_the_quick_report() -> None:
    events = [log(i * 10.0, "1", megatron(100 + i)) for i in range(11)]
    events.append(log(105.0, "1", "Running tokenizer on dataset: 100%|##########| 5200/5200 [00:40<00:00]"))
    for t in range(3, 300, 30):
        events += _gpu(float(t), "gpu-a-001", 100 if t < 100 else 0)
    p = pipeline(job("1", "gpu-a-001"))
    run(p, events, until=300)
    assert p.incidents() and not any("neither works nor exits" in " ".join(i.evidence) for i in p.incidents())


def test_the_quick_teardown_can_be_turned_back_to_the_full_grace() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    p.ingest.cfg = p.ingest.cfg.__class__(**{**p.ingest.cfg.__dict__, "teardown_idle_s": 600.0})
    run(p, _finished_job(0, 300), until=300)
    assert p.incidents() == []


# --- the pipeline: a job watched by its own cadence ---------------------------------------------------


def test_a_cadence_job_that_said_it_finished_and_idles_is_reported_quickly() -> None:
    events = [
        log(i * 10.0, "1", f"steps: {i * 50} loss: {2 - i / 100:.4f} iter time (s): 9.8") for i in range(12)
    ]
    events.append(log(115.0, "1", "done training in 110.0 seconds"))
    for t in range(3, 260, 30):
        events += _gpu(float(t), "gpu-a-001", 100 if t < 110 else 0)
    p = pipeline(job("1", "gpu-a-001"))
    run(p, events, until=260)
    incs = p.incidents()
    assert [(i.category, i.pattern) for i in incs] == [("software", "stall_after_training_finished")]
    assert incs[0].detected_t - (T0 + 115.0) <= 120.0


# --- the incident stays open while the stall holds ----------------------------------------------------


def test_the_owners_interrupt_long_after_the_stall_ends_the_same_incident() -> None:
    cfg = PipelineConfig(incident_close_s=600.0)
    p = pipeline(job("1", "gpu-a-001"), config=cfg)
    events = _finished_job(0, 1500)
    events = [e for e in events if e.get("node") != "gpu-a-002"]
    events.append(log(1500.0, "1", "srun: error: gpu-a-001: task 0: Exited with exit code 130"))
    events.append(slurm(1501.0, kind="job_state", job="1", state="FAILED", exit_code="130:0"))
    run(p, events, until=1510)
    incs = p.incidents()
    assert len(incs) == 1 and incs[0].pattern == "stall_after_training_finished"


def test_an_incident_whose_job_stepped_again_closes_when_quiet() -> None:
    cfg = PipelineConfig(incident_close_s=300.0)
    p = pipeline(job("1", "gpu-a-001"), config=cfg)
    events = [log(i * 10.0, "1", megatron(100 + i)) for i in range(11)]
    events += [log(400.0 + i * 10.0, "1", megatron(200 + i)) for i in range(60)]  # it went on
    run(p, events, until=990)
    incs = p.incidents()
    assert len(incs) == 1 and incs[0].closed and incs[0].detected_t == T0 + 150.0


# --- a transport that failed at start-up (Open MPI's BTL_ERROR) -----------------------------------------

BTL_DOCKER = (
    "[gpu-a-001][[38971,1],2][btl_tcp_endpoint.c:796:mca_btl_tcp_endpoint_complete_connect] "
    "connect() to 172.17.0.1 failed: Connection refused (111)"
)
BTL_PLAIN = (
    "[gpu-a-001][[39817,1],2][btl_tcp_endpoint.c:638:mca_btl_tcp_endpoint_recv_connect_ack] "
    "received unexpected process identifier [[39817,1],3]"
)


@settings(max_examples=100, deadline=None)
@given(
    host=st.from_regex(r"[a-z][a-z0-9-]{0,20}", fullmatch=True),
    ids=st.tuples(st.integers(0, 99999), st.integers(0, 9), st.integers(0, 4095)),
    orte=st.booleans(),
    component=st.sampled_from(["tcp_endpoint", "tcp_component", "openib", "uct_am", "vader_component"]),
    where=st.tuples(st.integers(1, 9999), st.from_regex(r"[a-z_]{1,40}", fullmatch=True)),
    message=st.text(st.characters(min_codepoint=32, max_codepoint=126), min_size=1, max_size=80),
    tag=st.sampled_from(["", "[1,2]<stderr>:", "3: "]),
)
def test_any_btl_error_line_is_read_by_its_prefix(
    host: str,
    ids: tuple[int, int, int],
    orte: bool,
    component: str,
    where: tuple[int, str],
    message: str,
    tag: str,
) -> None:
    name = f"[{ids[0]},{ids[1]},{ids[2]}]" if orte else f"[[{ids[0]},{ids[1]}],{ids[2]}]"
    line = f"{tag}[{host}]{name}[btl_{component}.c:{where[0]}:{where[1]}] {message}"
    err = parse_transport_error(line)
    assert err is not None
    assert (err.host, err.component, err.message) == (host, f"btl_{component}.c", message.strip())


@pytest.mark.parametrize(
    "line",
    [
        "ml3:22:22 [0] NCCL INFO NET/Socket : Using [0]enp3s0:10.0.0.3<0> [1]virbr0:192.168.122.1<0>",
        "[1,0]<stdout>:Initializing horovod",
        "[rank3]:[E ProcessGroupNCCL.cpp:1316] [PG 0 Rank 3] Heartbeat monitor timed out!",
        "[host1][[1,2],3][pml_ob1.c:12:f] not a transport layer",
    ],
)
def test_lines_of_other_emitters_are_no_transport_error(line: str) -> None:
    assert parse_transport_error(line) is None


@settings(max_examples=100, deadline=None)
@given(a=st.integers(0, 255), b=st.integers(0, 255), c=st.integers(0, 255), d=st.integers(0, 255))
def test_a_bridge_is_named_by_its_default_network_and_nothing_else(a: int, b: int, c: int, d: int) -> None:
    ip = f"{a}.{b}.{c}.{d}"
    want = None
    if (a, b) == (172, 17):
        want = f"docker0 ({ip})"
    elif (a, b, c) == (192, 168, 122):
        want = f"virbr0 ({ip})"
    assert bridge_of(f"connect() to {ip} failed: Connection refused (111)") == want
    assert bridge_of(f"no route via docker0 to {ip}") == "docker0"


def _fresh(jid: str, started: float = -30.0, name: str = "hvd-resnet50") -> JobSpec:
    return JobSpec(
        jid, name=name, user="bob", nodes=NODES, tasks_per_node=4, started=T0 + started, comment=OPTED
    )


def _init_lines(jid: str, t0: float) -> list[dict[str, Any]]:
    return [log(t0 + r * 0.1, jid, f"[1,{r}]<stdout>:Initializing horovod") for r in range(8)]


def test_a_transport_error_naming_a_bridge_before_the_first_step_is_reported_at_once() -> None:
    p = pipeline(_fresh("1"))
    run(p, [*_init_lines("1", 5.0), log(30.0, "1", BTL_DOCKER)], until=40)
    incs = p.incidents()
    assert [(i.category, i.pattern, i.culprit_node) for i in incs] == [
        ("software", "fails_before_first_step", None)
    ]
    assert incs[0].detected_t - (T0 + 30.0) <= 1.0
    assert [r.action for r in incs[0].recommendations] == ["notify"]
    assert "docker0 (172.17.0.1) is a host-local bridge" in " ".join(incs[0].evidence)


def test_a_transport_error_then_silence_before_the_first_step_is_reported_after_the_silence() -> None:
    p = pipeline(_fresh("1"))
    run(p, [*_init_lines("1", 5.0), log(30.0, "1", BTL_PLAIN)], until=115)
    assert p.incidents() == []
    run(p, [], until=125)
    incs = p.incidents()
    assert [(i.category, i.pattern) for i in incs] == [("software", "fails_before_first_step")]
    assert [r.action for r in incs[0].recommendations] == ["notify"]


def test_a_job_that_steps_after_a_transport_error_is_not_reported() -> None:
    p = pipeline(_fresh("1"))
    steps = [log(60.0 + 10 * i, "1", megatron(1 + i)) for i in range(20)]
    run(p, [*_init_lines("1", 5.0), log(30.0, "1", BTL_PLAIN), *steps], until=250)
    assert p.incidents() == []


def test_a_job_whose_launch_was_not_seen_is_not_said_to_fail_before_its_first_step() -> None:
    p = pipeline(_fresh("1", started=-3600.0))
    run(p, [log(30.0, "1", BTL_DOCKER)], until=200)
    assert p.incidents() == []


def test_the_owners_resubmission_failing_the_same_way_joins_the_incident() -> None:
    p = pipeline(_fresh("1"))
    events = [*_init_lines("1", 5.0), log(30.0, "1", BTL_DOCKER)]
    events.append(slurm(600.0, kind="job_state", job="1", state="CANCELLED", exit_code="0:15"))
    run(p, events, until=601)
    p.upsert_job(_fresh("2", started=620.0))
    run(p, [*_init_lines("2", 625.0), log(650.0, "2", BTL_PLAIN)], until=800)
    incs = p.incidents()
    assert len(incs) == 1 and set(incs[0].jobs) == {"1", "2"}
    assert incs[0].pattern == "fails_before_first_step"


def test_another_users_job_failing_at_start_is_its_own_incident() -> None:
    p = pipeline(_fresh("1"))
    events = [*_init_lines("1", 5.0), log(30.0, "1", BTL_DOCKER)]
    events.append(slurm(600.0, kind="job_state", job="1", state="CANCELLED", exit_code="0:15"))
    run(p, events, until=601)
    p.upsert_job(_fresh("2", started=620.0, name="other-work"))
    run(p, [*_init_lines("2", 625.0), log(650.0, "2", BTL_PLAIN)], until=800)
    assert len(p.incidents()) == 2


# --- tasks of one job that started far apart ---------------------------------------------------------


def _skewed(n: int, late: int, spread: float, t0: float = 10.0) -> list[tuple[float, str]]:
    """``n`` labelled tasks; the last ``late`` of them stay in their set-up, the others start within ``spread``."""
    lines: list[tuple[float, str]] = []
    for k in range(n):
        lines.append((t0 + 0.01 * k, f"{k:2d}: + setup step for task {k}"))
    for k in range(n - late):
        at = t0 + 1.0 + spread * k / max(1, n - late - 1)
        lines.append(
            (at, f"{k:2d}: [INFO|2027-05-07 02:00:{int(at) % 60:02d}] cli: Initializing {n * 8} tasks")
        )
    return sorted(lines)


@settings(max_examples=80, deadline=None)
@given(
    n=st.integers(4, 48),
    late_share=st.floats(0.01, 0.25),
    spread=st.floats(0.0, 60.0),
    after=st.floats(0.0, 400.0),
)
def test_a_late_task_is_raised_only_after_the_silence_and_beyond_the_peers_spread(
    n: int, late_share: float, spread: float, after: float
) -> None:
    late = max(1, int(n * late_share))
    if n - late < 3:
        return
    watch = StartSkew(900.0, 90.0)
    watch.start("1", 0.0)
    lines = _skewed(n, late, spread)
    for t, line in lines:
        watch.on_line("1", t, line)
    last_line = lines[-1][0]
    marker_last = 11.0 + spread
    due_at = max(last_line + 90.0, marker_last + max(4.0 * spread, 90.0))
    now = last_line + after
    due = watch.due(now)
    if now >= due_at + 1e-6:
        assert [(j, sk.late) for j, sk in due] == [("1", tuple(range(n - late, n)))]
    elif now < due_at - 1e-6:
        assert due == []


def test_tasks_that_all_started_are_no_skew() -> None:
    watch = StartSkew(900.0, 90.0)
    watch.start("1", 0.0)
    for t, line in _skewed(8, 0, 20.0):
        watch.on_line("1", t, line)
    assert watch.skew("1") is None and watch.due(1000.0) == []


def test_a_late_task_still_printing_after_its_peers_started_is_at_work() -> None:
    watch = StartSkew(900.0, 90.0)
    watch.start("1", 0.0)
    for t, line in _skewed(8, 1, 20.0):
        watch.on_line("1", t, line)
    watch.on_line("1", 40.0, " 7: Collecting flash-attn==2.6.3")
    assert watch.skew("1") is None


def test_lines_after_the_launch_window_are_not_compared() -> None:
    watch = StartSkew(900.0, 90.0)
    watch.start("1", -2000.0)
    for t, line in _skewed(8, 1, 20.0):
        watch.on_line("1", t, line)
    assert watch.due(1000.0) == []


def test_a_skewed_start_is_the_owners_launch_not_the_late_node() -> None:
    spec = JobSpec(
        "1", name="sft", user="bob", nodes=tuple(f"gpu-a-{i:03d}" for i in range(1, 9)), started=T0
    )
    events = [log(t, "1", line) for t, line in _skewed(8, 1, 20.0)]
    events.append(
        log(60.0, "1", " 0: Running tokenizer on dataset: 100%|##########| 5200/5200 [00:40<00:00]")
    )
    events.append(
        log(700.0, "1", "[rank0]:[E ProcessGroupNCCL.cpp:1316] [PG 0 Rank 0] Heartbeat monitor timed out!")
    )
    p = pipeline(spec)
    run(p, events[:-1], until=149)
    assert p.incidents() == []  # 89 s of silence
    run(p, [], until=151)
    incs = p.incidents()
    assert [(i.category, i.pattern, i.culprit_node) for i in incs] == [("software", "staggered_start", None)]
    assert "task(s) 7 never printed" in incs[0].evidence[0]
    run(p, events[-1:], until=720)
    incs = p.incidents()
    assert len(incs) == 1 and incs[0].pattern == "staggered_start"
    assert [r.action for r in incs[0].recommendations] == ["notify"]


def test_progress_and_nccl_lines_keep_the_job_from_looking_silent() -> None:
    watch = StartSkew(900.0, 90.0)
    watch.start("1", 0.0)
    for t, line in _skewed(8, 1, 20.0):
        watch.on_line("1", t, line)
    for i in range(40):  # the job trains (and NCCL chats) while one task's start-up line is missing
        watch.on_line("1", 40.0 + 5 * i, f" 0: gpu-a-001:1:2 [0] NCCL INFO Channel {i:02d} : 0[0] -> 1[1]")
        watch.on_line(
            "1", 41.0 + 5 * i, f" 0: iteration {i:8d}/ 500000 | elapsed time per iteration (ms): 812.0"
        )
    assert watch.due(250.0) == []
