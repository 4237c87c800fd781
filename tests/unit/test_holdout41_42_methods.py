"""Methods from holdout41 and holdout42 (blind, issue 24), each tested on lines other than the corpora's.

- A job ended by the scheduler at its time limit was not failing: its tasks' SIGTERM tracebacks are teardown.
- A name that does not resolve, in any client's words (ssh, srun for its controller, a Python download), is
  the name service's failure: owners' jobs failing so on disjoint nodes are one outage.
- A worker stream too young to have learned its beat (the next trial of a sweep) still shows the job alive.
- A network adapter's driver reporting a critical or fatal error of its own device is the node's port.
- A client blocked in a network filesystem on one node, while another owner's job gets EIO from its storage,
  is one storage outage, not that node's mount.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors.schema import JobSpec
from tests.unit.pipehelpers import OPTED, T0, job, kernel, log, pipeline, progress, run, slurm


def _spec(jid: str, user: str, nodes: tuple[str, ...], tpn: int = 1) -> JobSpec:
    return JobSpec(jid, f"work-{jid}", user, nodes, tasks_per_node=tpn, started=T0, comment=OPTED)


# --- the time limit -----------------------------------------------------------------------------------------


@settings(max_examples=5, deadline=None)
@given(exits=st.lists(st.integers(1, 143), min_size=1, max_size=4), ranks=st.integers(2, 16))
def test_a_job_ended_at_its_time_limit_is_no_incident(exits: list[int], ranks: int) -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = progress("1", 0, 600)
    events += [
        log(
            601,
            "1",
            "slurmstepd: error: *** JOB 1 ON gpu-a-001 CANCELLED AT 2026-11-29T10:10:00 DUE TO TIME LIMIT ***",
        )
    ]
    events += [log(601.2, "1", f"[rank{r}]: Traceback (most recent call last):") for r in range(ranks)]
    events += [log(601.3, "1", f"[rank{r}]: KeyboardInterrupt: SIGTERM received") for r in range(ranks)]
    events += [
        log(602 + i, "1", f"srun: error: gpu-a-00{1 + i % 2}: task {i}: Exited with exit code {code}")
        for i, code in enumerate(exits)
    ]
    events.append(slurm(640, kind="job_state", job="1", state="TIMEOUT", exit_code="0:0"))
    run(p, events)
    assert p.incidents() == []


def test_a_stall_before_the_time_limit_keeps_its_incident() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = progress("1", 0, 300) + [
        log(
            1500,
            "1",
            "slurmstepd: error: *** JOB 1 ON gpu-a-001 CANCELLED AT 2026-11-29T10:25:00 DUE TO TIME LIMIT ***",
        ),
        slurm(1530, kind="job_state", job="1", state="TIMEOUT", exit_code="0:0"),
    ]
    run(p, events)
    [inc] = p.incidents()
    assert inc.detected_t < T0 + 1500


# --- the name service ----------------------------------------------------------------------------------------

RESOLVE = [
    "ssh: Could not resolve hostname {peer}: Temporary failure in name resolution",
    'srun: error: Unable to resolve "ctl01": Unknown host\nsrun: error: Unable to establish control machine address',
    "socket.gaierror: [Errno -3] Temporary failure in name resolution",
]


@settings(max_examples=5, deadline=None)
@given(order=st.permutations([0, 1, 2]), gaps=st.lists(st.floats(5.0, 200.0), min_size=3, max_size=3))
def test_owners_jobs_failing_to_resolve_names_are_one_name_service_outage(
    order: list[int], gaps: list[float]
) -> None:
    specs = [
        _spec(str(60 + i), f"user{i}", (f"gpu-a-0{10 + 2 * i}", f"gpu-a-0{11 + 2 * i}")) for i in range(3)
    ]
    p = pipeline(*specs)
    events = []
    t = 300.0
    for i, k in enumerate(order):
        jid = specs[i].id
        events += progress(jid, 0, t - 5)
        for n, line in enumerate(RESOLVE[k].format(peer=specs[i].nodes[1]).split("\n")):
            events.append(log(t + 0.01 * n, jid, line))
        events.append(slurm(t + 1, kind="job_state", job=jid, state="FAILED", exit_code="1:0"))
        t += gaps[i]
    run(p, events)
    [inc] = p.incidents()
    assert inc.category == "infrastructure" and set(inc.jobs) == {s.id for s in specs}
    assert not {r.action for r in inc.recommendations} & {"drain_node", "requeue_job"}


# --- a sweep's next trial ------------------------------------------------------------------------------------


@settings(max_examples=5, deadline=None)
@given(per_trial=st.integers(5, 9), every=st.floats(40.0, 120.0))
def test_a_sweeps_next_trial_is_the_job_alive(per_trial: int, every: float) -> None:
    p = pipeline(_spec("70", "ann", ("gpu-a-020",)))
    events, t = [], 5.0
    for trial in range(12, 16):
        for e in range(1, per_trial + 1):
            events.append(
                log(t, "70", f"[trial {trial:03d}] epoch {25 * e:3d} val_mae=0.02{e} loss=0.00{e}1 t=4.1s")
            )
            t += every
        t += every * 0.2  # the next trial's set-up
    run(p, events, until=t - every + 5.0)
    assert p.incidents() == []


# --- a network adapter's own critical error ------------------------------------------------------------------

NIC_CRIT = [
    "cxi_core 0000:11:00.0: cxi0[hsn0]: C_EC_CRIT: C_PCT_EXT error: tct_tbl_dealloc (18)",
    "mlx5_core 0000:3b:00.0: mlx5_health_try_recover:329:(pid 2108): Fatal error 3 detected",
    "bnxt_en 0000:41:00.0 eth2: FATAL firmware error, resetting",
]


@settings(max_examples=5, deadline=None)
@given(which=st.sampled_from(NIC_CRIT), node=st.sampled_from(["gpu-a-006", "gpu-a-007"]))
def test_a_network_adapters_own_critical_error_is_its_nodes_port(which: str, node: str) -> None:
    p = pipeline(job("1", "gpu-a-[005-008]"))
    events = progress("1", 0, 300) + [kernel(305, node, f"[12.3] {which}")]
    events += [
        log(330 + n, "1", f"{n * 8}: gpu-a-00{n + 5}:1:2 [3] NCCL WARN NET/IB : socket error on receive")
        for n in range(4)
    ]
    run(p, events)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("network", node)


def test_a_network_adapters_routine_lines_are_nothing() -> None:
    p = pipeline(job("1", "gpu-a-[005-008]"))
    events = progress("1", 0, 600) + [
        kernel(
            305,
            "gpu-a-006",
            "mlx5_core 0000:3b:00.0: mlx5_fw_tracer_handle_traces:735:(pid 1123): FWTracer: Events were lost",
        ),
        kernel(306, "gpu-a-006", "cxi_core 0000:11:00.0: cxi0[hsn0]: C_EC_INFO: C_PCT_EXT info: link up"),
    ]
    run(p, events)
    assert p.incidents() == []


# --- one client blocked, another job's storage failing ---------------------------------------------------------

HUNG = [
    "INFO: task python:41429 blocked for more than 120 seconds.",
    "Call Trace:",
    " request_wait_answer+0x12a/0x200 [fuse]",
    " fuse_simple_request+0x170/0x2a0 [fuse]",
]


@settings(max_examples=4, deadline=None)
@given(later=st.floats(30.0, 900.0))
def test_a_client_blocked_while_another_jobs_storage_fails_is_one_outage(later: float) -> None:
    a, b = _spec("81", "ann", ("gpu-a-021",)), _spec("82", "bob", ("gpu-a-022",))
    p = pipeline(a, b)
    events = progress("81", 0, 600, every=30.0) + progress("82", 0, 600 + later + 30, every=30.0)
    events += [kernel(610 + i, "gpu-a-021", line) for i, line in enumerate(HUNG)]
    events += [
        log(
            600 + later + 40,
            "82",
            "OSError: [Errno 5] Input/output error: '/cvmfs/data.example.org/frames/H-1376440320.gwf'",
        ),
        slurm(600 + later + 42, kind="job_state", job="82", state="FAILED", exit_code="1:0"),
    ]
    run(p, events)
    incs = p.incidents()
    assert [(i.category, sorted(i.jobs)) for i in incs] == [("infrastructure", ["81", "82"])]
