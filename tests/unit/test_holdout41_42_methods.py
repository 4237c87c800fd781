"""Methods from holdout41 and holdout42 (blind, issue 24), each tested on lines other than the corpora's.

- A job ended by the scheduler at its time limit was not failing: its tasks' SIGTERM tracebacks are teardown.
- A name that does not resolve, in any client's words (ssh, srun for its controller, a Python download), is
  the name service's failure: owners' jobs failing so on disjoint nodes are one outage.
- A worker stream too young to have learned its beat (the next trial of a sweep) still shows the job alive.
- A network adapter's driver reporting a critical or fatal error of its own device is the node's port.
- A client blocked in a network filesystem on one node, while another owner's job gets EIO from its storage,
  is one storage outage, not that node's mount.
- A GPU's clock is compared with the clocks of the GPUs its job works on, not with idle GPUs it does not use.
- The subnet manager's record of a host's port (OpenSM's perfmgr counters, a port dropped) names that host.
- The driver unable to initialise a GPU (RmInitAdapter failed) is that GPU's hardware; the BMC's bus error
  minutes after a job died of a CUDA error a failing device gives is that job's fault, raising nothing alone.
- A program's own error beside one client's Lustre RPC timeout is the program's.
- A checkpoint save of a job across nodes may keep it silent for half an hour.
- A one-node job's ranks timing out together while rank 0, on the same node, never does: the program's.
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


# --- a GPU slowed among its job's, beside GPUs the job does not use ----------------------------------------------


def _sample(t: float, node: str, gpu: int, util: int, clock: int, reasons: int) -> dict[str, object]:
    fields = {
        "DCGM_FI_DEV_GPU_UTIL": util,
        "DCGM_FI_DEV_POWER_USAGE": 250.0 if util else 40.0,
        "DCGM_FI_DEV_SM_CLOCK": clock,
        "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": reasons,
    }
    return {"t": T0 + t, "source": "gpu", "node": node, "gpu": gpu, "fields": fields}


@settings(max_examples=5, deadline=None)
@given(slow=st.integers(0, 3), clock=st.integers(800, 1100), every=st.sampled_from([60.0, 120.0]))
def test_a_gpu_throttled_among_its_jobs_is_found_beside_unused_idle_gpus(
    slow: int, clock: int, every: float
) -> None:
    p = pipeline(_spec("90", "ann", ("gpu-a-023", "gpu-a-024"), tpn=4))
    events = progress("90", 0, 1500, every=10.0)
    t = 5.0
    while t < 1500:
        for node in ("gpu-a-023", "gpu-a-024"):
            for g in range(8):
                if g >= 4:
                    events.append(_sample(t + 0.01 * g, node, g, 0, 135, 1))  # unused: idle clock
                elif node == "gpu-a-024" and g == slow and t > 300:
                    events.append(_sample(t + 0.01 * g, node, g, 100, clock, 0x40))  # HW thermal slowdown
                else:
                    events.append(_sample(t + 0.01 * g, node, g, 99, 1530, 0))
        t += every
    run(p, events)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node, inc.culprit_gpu) == ("gpu_degraded", "gpu-a-024", slow)


# --- the subnet manager's word about a host's port ----------------------------------------------------------------

PERFMGR = (
    "Oct 21 08:{m:02d}:05 103550 [9A7FD700] 0x01 -> perfmgr_log_errors: ERR 5431: SymbolErrorCounter : {n} : node "
    '"MF0;leaf03:MSB7800/U1" (NodeGUID: 0x248a0703005f3e80) : port 11 connected to "{host} HCA-1" (NodeGUID: '
    "0x0c42a10300d5e7a2) : port 1"
)
DROPPED = (
    "Oct 21 08:30:18 721500 [A25FF700] 0x02 -> drop_mgr_remove_port: Removed port with GUID:0x0c42a10300d5e7a3 "
    "LID range [12, 12] of node:{host} HCA-1"
)


@settings(max_examples=5, deadline=None)
@given(host=st.sampled_from(["gpu-a-026", "gpu-a-027", "gpu-a-028"]), dropped=st.booleans())
def test_the_subnet_managers_record_of_a_hosts_port_names_that_host(host: str, dropped: bool) -> None:
    p = pipeline(job("1", "gpu-a-[025-028]"))
    events = progress("1", 0, 900)
    events += [
        kernel(600 + 180 * i, "gpu-a-001", PERFMGR.format(m=i, n=900 * (i + 1), host=host)) for i in range(3)
    ]
    if dropped:
        events.append(kernel(1000, "gpu-a-001", DROPPED.format(host=host)))
    events += [
        log(
            2700,
            "1",
            f"[rank{r}]: watchdog caught collective operation timeout: WorkNCCL(SeqNum=77, OpType=ALLREDUCE) ran for 1800012 milliseconds before timing out.",
        )
        for r in range(32)
    ]
    run(p, events)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("network", host)
    assert "gpu-a-001" not in {r.node for r in inc.recommendations if r.action == "drain_node"}


# --- a GPU its driver cannot bring up; the BMC's bus error after a device crash -----------------------------------

SEL = (
    "Apr 12 15:30:01 {node} monitor-ipmi-log[418806]: +  6a | 04/12/2024 | 03:{m:02d}:29 PM CDT | Critical Interrupt "
    "| Bus Correctable error () | Asserted"
)


def test_a_device_crash_then_the_bmcs_bus_error_is_the_gpus_and_old_entries_are_history() -> None:
    p = pipeline(_spec("91", "ann", ("gpu-a-029",)))
    events = progress("91", 0, 300) + [
        log(301, "91", "RuntimeError: CUDA error: unknown error"),
        slurm(303, kind="job_state", job="91", state="FAILED", exit_code="1:0"),
        kernel(420, "gpu-a-029", SEL.format(node="gpu-a-029", m=27)),
    ]
    run(p, events)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("gpu_hardware", "gpu-a-029")
    # an entry two hours old, shown again, and the same bus error under a healthy job: nothing
    p = pipeline(_spec("92", "bob", ("gpu-a-030",)))
    events = progress("92", 0, 900) + [
        kernel(400, "gpu-a-030", SEL.format(node="gpu-a-030", m=27).replace("03:27:29 PM", "01:27:29 PM")),
        kernel(401, "gpu-a-030", SEL.format(node="gpu-a-030", m=28)),
    ]
    run(p, events)
    assert p.incidents() == []


def test_a_program_error_of_its_own_is_not_the_bmcs_bus() -> None:
    p = pipeline(_spec("93", "ann", ("gpu-a-031",)))
    events = progress("93", 0, 300) + [
        log(301, "93", "RuntimeError: CUDA error: an illegal memory access was encountered"),
        slurm(303, kind="job_state", job="93", state="FAILED", exit_code="1:0"),
        kernel(420, "gpu-a-031", SEL.format(node="gpu-a-031", m=27)),
    ]
    run(p, events)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("software", None)


@settings(max_examples=4, deadline=None)
@given(bus=st.sampled_from(["0000:18:00.0", "0000:5d:00.0", "0000:ab:00.0"]))
def test_a_gpu_its_driver_cannot_initialise_is_broken(bus: str) -> None:
    p = pipeline(_spec("94", "ann", ("gpu-a-032",)))
    events = [
        kernel(
            5,
            "gpu-a-032",
            f"[Sat Apr 13 09:06:33 2024] NVRM: GPU {bus}: RmInitAdapter failed! (0x25:0x40:1470)",
        ),
        kernel(
            5.1,
            "gpu-a-032",
            f"[Sat Apr 13 09:06:33 2024] NVRM: GPU {bus}: rm_init_adapter failed, device minor number 0",
        ),
        log(6, "94", "pycuda._driver.RuntimeError: cuInit failed: unknown error"),
        slurm(8, kind="job_state", job="94", state="FAILED", exit_code="1:0"),
    ]
    run(p, events)
    [inc] = p.incidents()
    gpu = {"0000:18:00.0": 0, "0000:5d:00.0": 3, "0000:ab:00.0": 5}[bus]
    assert (inc.category, inc.culprit_node, inc.culprit_gpu) == ("gpu_hardware", "gpu-a-032", gpu)


# --- the program's own error beside one client's RPC timeout ---------------------------------------------------------

SLOW_REPLY = (
    "Lustre: 6412:0:(client.c:2282:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: "
    "[sent 1676365578/real 1676365578]  req@ffff9a3c1e7d0000 x1757/t0(0) o4->scratch-OST0004-osc@10.1.0.4@o2ib"
)


def test_a_programs_own_error_beside_one_clients_rpc_timeout_is_the_programs() -> None:
    p = pipeline(_spec("95", "ann", ("gpu-a-001", "gpu-a-002")))
    events = progress("95", 0, 300) + [
        kernel(290, "gpu-a-002", SLOW_REPLY),
        log(
            301, "95", "tensorflow.python.framework.errors_impl.DataLossError: corrupted record at 775087002"
        ),
        slurm(303, kind="job_state", job="95", state="FAILED", exit_code="1:0"),
    ]
    run(p, events)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("software", None)


# --- a long first save of a job across nodes ---------------------------------------------------------------------------


@settings(max_examples=4, deadline=None)
@given(save_s=st.floats(960.0, 1700.0))
def test_a_save_of_a_job_across_nodes_may_last_half_an_hour(save_s: float) -> None:
    p = pipeline(job("1", "gpu-a-[010-013]"))
    events = progress("1", 0, 600, every=60.0) + [
        log(605, "1", "saving checkpoint at iteration     110 to /nfs/ckpt/llama"),
        log(605 + save_s, "1", "  successfully saved checkpoint at iteration     110 to /nfs/ckpt/llama"),
    ]
    events += progress("1", 610 + save_s, 900 + save_s, every=60.0, step0=110)
    run(p, events)
    assert p.incidents() == []


# --- rank 0 apart, in a one-node job --------------------------------------------------------------------------------


@settings(max_examples=6, deadline=None)
@given(tpn=st.integers(4, 8), missing=st.integers(1, 2))
def test_a_one_node_jobs_ranks_waiting_while_rank_0_never_does_is_the_programs(
    tpn: int, missing: int
) -> None:
    from tests.unit.pipehelpers import watchdog

    p = pipeline(job("1", "gpu-a-015", tpn=tpn))
    events = progress("1", 0, 300) + [log(2100 + r, "1", watchdog(r, 15883)) for r in range(missing, tpn)]
    events.append(slurm(2200, kind="job_state", job="1", state="FAILED", exit_code="1:0"))
    run(p, events)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node, inc.pattern) == ("software", None, "rank0_apart")
    assert {r.action for r in inc.recommendations} == {"notify"}


def test_rank_0_among_the_waiting_or_a_job_across_nodes_keeps_the_old_reading() -> None:
    from tests.unit.pipehelpers import watchdog

    p = pipeline(job("1", "gpu-a-016", tpn=4))
    run(p, progress("1", 0, 300) + [log(2100 + r, "1", watchdog(r, 77)) for r in (0, 1, 2)])
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("hang", "gpu-a-016")
    p = pipeline(job("2", "gpu-a-[017-018]", tpn=4))
    run(p, progress("2", 0, 300) + [log(2100 + r, "2", watchdog(r, 77)) for r in range(1, 8) if r != 5])
    assert all(i.category != "software" for i in p.incidents())
