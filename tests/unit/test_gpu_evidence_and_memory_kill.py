"""Methods from holdout39 and holdout40 (blind, issue 24), each tested on lines other than the corpora's.

- Slurm's accounting killing a job over its memory limit ends it CANCELLED, but nobody cancelled it: the
  program's failure (it asked for too little), and its rerun killed at the same limit is the same one.
- Owners' jobs killed one after another on one GPU by application-class Xids are that GPU's.
- Peers naming a node whose own GPU record arrives minutes later: one GPU fault, not a network one too.
- A node saying a GPU was lost without naming it: the GPU gone from its telemetry rounds since is that one.
- Owners' jobs on disjoint nodes slowing together, each against its own beat, nothing failing: infrastructure.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from actions.pipeline import Pipeline
from monitoring.detectors.schema import JobSpec
from tests.unit.pipehelpers import OPTED, T0, job, kernel, log, pipeline, progress, run, slurm


def _spec(jid: str, user: str, node: str, name: str = "", comment: str = OPTED) -> JobSpec:
    return JobSpec(jid, name or f"work-{jid}", user, (node,), tasks_per_node=1, started=T0, comment=comment)


# --- the scheduler's memory limit -----------------------------------------------------------------------------


def _memory_kill(jid: str, who: str, limit: int) -> str:
    return f"slurmstepd: error: {who} exceeded memory limit ({limit + 123456} > {limit}), being killed"


@settings(max_examples=6, deadline=None)
@given(
    who=st.sampled_from(["Job {j}", "Step {j}.0", "StepId={j}.batch", "JobId={j}"]),
    virtual=st.booleans(),
    limit=st.integers(10**8, 10**11),
)
def test_a_job_killed_over_its_memory_limit_failed_and_its_rerun_repeats_it(
    who: str, virtual: bool, limit: int
) -> None:
    first, rerun = _spec("71", "ann", "gpu-a-003", "stt"), _spec("72", "ann", "gpu-a-003", "stt")
    p = pipeline(first, rerun)
    events = []
    for k, (jid, t) in enumerate((("71", 0.0), ("72", 900.0))):
        line = _memory_kill(jid, who.format(j=jid), limit)
        if virtual:
            line = line.replace("memory limit", "virtual memory limit")
        events += progress(jid, t, t + 300, step0=100 * k)
        events += [
            log(t + 310, jid, line),
            log(
                t + 311,
                jid,
                f"slurmstepd: error: *** JOB {jid} ON gpu-a-003 CANCELLED AT 2026-11-29T10:00:00 ***",
            ),
            slurm(t + 312, kind="job_state", job=jid, state="CANCELLED", exit_code="0:15"),
        ]
        if jid == "71":
            events.append(slurm(t + 320, kind="job_state", job="72", state="RUNNING", nodes="gpu-a-003"))
    run(p, events)
    [inc] = p.incidents()
    assert inc.category == "software" and inc.culprit_node is None
    assert set(inc.jobs) == {"71", "72"}
    assert {r.action for r in inc.recommendations} == {"notify"}
    assert any("memory limit killed it" in e for e in inc.evidence)


def test_the_cgroup_plugins_harmless_memory_warning_and_a_real_cancel_raise_nothing() -> None:
    p = pipeline(_spec("73", "bob", "gpu-a-004"))
    events = progress("73", 0, 300) + [
        log(301, "73", "slurmstepd: error: Exceeded step memory limit at some point."),
        log(302, "73", "slurmstepd: error: *** JOB 73 ON gpu-a-004 CANCELLED AT 2026-11-29T10:00:00 ***"),
        slurm(303, kind="job_state", job="73", state="CANCELLED", exit_code="0:15"),
    ]
    run(p, events)
    assert p.incidents() == []


# --- one GPU failing owners' jobs ---------------------------------------------------------------------------

_APP_XID = {
    13: "Graphics SM Warp Exception on (GPC 0, TPC 1): Out Of Range Address",
    31: "Ch 00000010, intr 10000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_0 faulted @ 0x7f3d_10000000",
    8: "Channel 00000002",
    43: "Ch 00000008",
}


def _xid(node_gpu: int, xid: int) -> str:
    bus = ("0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00")[node_gpu]
    return f"NVRM: Xid (PCI:{bus}): {xid}, pid=4242, name=python, {_APP_XID[xid]}"


def _killed(jid: str, t: float, node: str, gpu: int, xid: int) -> list[dict[str, object]]:
    return progress(jid, t, t + 200) + [
        kernel(t + 201, node, _xid(gpu, xid)),
        log(
            t + 201.5,
            jid,
            "F0118 18:32:00.469 math_functions.cu:28] Check failed: error == cudaSuccess (4 vs. 0)",
        ),
        slurm(t + 202.5, kind="job_state", job=jid, state="FAILED", exit_code="134:0"),
    ]


@settings(max_examples=6, deadline=None)
@given(xids=st.lists(st.sampled_from([13, 31, 8]), min_size=2, max_size=3), gpu=st.integers(0, 3))
def test_owners_jobs_killed_on_one_gpu_by_application_xids_are_that_gpus(xids: list[int], gpu: int) -> None:
    users = ["ann", "bob", "cid"]
    specs = [_spec(str(80 + i), users[i], "gpu-a-006") for i in range(len(xids))]
    p = pipeline(*specs)
    events = []
    for i, x in enumerate(xids):
        events += _killed(str(80 + i), 1500.0 * i, "gpu-a-006", gpu, x)
    run(p, events)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node, inc.culprit_gpu) == ("gpu_hardware", "gpu-a-006", gpu)
    assert set(inc.jobs) == {s.id for s in specs}
    assert "drain_node" in {r.action for r in inc.recommendations}


def test_one_owner_twice_another_gpu_or_xid_43_is_still_the_programs() -> None:
    cases = [
        # one owner twice on one GPU: that owner's program
        ([("ann", 0, 13), ("ann", 0, 31)]),
        # two owners on two GPUs of the node: nothing common but the node
        ([("ann", 0, 13), ("bob", 2, 31)]),
        # Xid 43: what a program's device-side assert leaves behind
        ([("ann", 1, 43), ("bob", 1, 43)]),
    ]
    for case in cases:
        specs = [_spec(str(90 + i), u, "gpu-a-007") for i, (u, _, _) in enumerate(case)]
        p = pipeline(*specs)
        events = []
        for i, (_, gpu, x) in enumerate(case):
            events += _killed(str(90 + i), 1500.0 * i, "gpu-a-007", gpu, x)
        run(p, events)
        incs = p.incidents()
        assert incs and all(i.category == "software" and i.culprit_node is None for i in incs), case


def test_failures_on_one_gpu_hours_apart_are_not_one_gpus() -> None:
    p = pipeline(_spec("95", "ann", "gpu-a-008"), _spec("96", "bob", "gpu-a-008"))
    events = _killed("95", 0.0, "gpu-a-008", 2, 13) + _killed("96", 8 * 3600.0, "gpu-a-008", 2, 31)
    run(p, events)
    assert {(i.category, i.culprit_node) for i in p.incidents()} == {("software", None)}


# --- peers' blame, the blamed node's own record later ----------------------------------------------------------

XID79 = "NVRM: Xid (PCI:0000:5d:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."
BLAME = (
    "{r}: gpu-a-00{n}:1:2 [3] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.0.0.6<1> "
    "with status=12 opcode=129"
)


@settings(max_examples=5, deadline=None)
@given(
    late=st.floats(70.0, 300.0)
)  # late kernel lines count for 300 s after the job failed (World.jobs_hit_on)
def test_a_nodes_own_gpu_record_after_its_peers_blamed_it_is_that_one_fault(late: float) -> None:
    p = pipeline(job("1", "gpu-a-[005-008]"))
    boot = [
        log(1, "1", f"{i * 8}: gpu-a-00{i + 5}:1:1 [0] NCCL INFO Bootstrap : Using ib0:10.0.0.{i + 5}<0>")
        for i in range(4)
    ]
    events = boot + progress("1", 2, 290) + [log(300 + n, "1", BLAME.format(r=n * 8, n=n)) for n in (5, 7, 8)]
    events += [
        slurm(320, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
        kernel(300 + late, "gpu-a-006", XID79),
    ]
    run(p, events)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node, inc.culprit_gpu) == ("gpu_hardware", "gpu-a-006", 3)


def test_a_gpu_failing_long_after_its_node_was_blamed_is_a_fault_of_its_own() -> None:
    p = pipeline(job("1", "gpu-a-[005-008]"))
    boot = [
        log(1, "1", f"{i * 8}: gpu-a-00{i + 5}:1:1 [0] NCCL INFO Bootstrap : Using ib0:10.0.0.{i + 5}<0>")
        for i in range(4)
    ]
    events = boot + progress("1", 2, 290) + [log(300 + n, "1", BLAME.format(r=n * 8, n=n)) for n in (5, 7, 8)]
    events += progress("1", 320, 1400, step0=400) + [kernel(1400, "gpu-a-006", XID79)]
    run(p, events)
    assert sorted(i.category for i in p.incidents()) == ["gpu_hardware", "network"]


# --- a GPU lost, named by its absence from the node's telemetry ------------------------------------------------


def _rounds(
    node: str, t0: float, t1: float, every: float, gone: set[int], after: float
) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    t = t0
    while t < t1:
        for g in range(8):
            if g in gone and t > after:
                continue
            fields = {
                "DCGM_FI_DEV_GPU_UTIL": 90,
                "DCGM_FI_DEV_POWER_USAGE": 210.0,
                "DCGM_FI_DEV_SM_CLOCK": 1900,
            }
            out.append({"t": T0 + t + 0.001 * g, "source": "gpu", "node": node, "gpu": g, "fields": fields})
        t += every
    return out


LOST = "slurmstepd: error: NVML: Failed to get usage(15): GPU is lost"


@settings(max_examples=6, deadline=None)
@given(gpu=st.integers(0, 7), every=st.sampled_from([30.0, 60.0, 120.0]))
def test_a_gpu_the_node_lost_without_naming_it_is_the_one_gone_from_its_telemetry(
    gpu: int, every: float
) -> None:
    p = pipeline(job("1", "gpu-a-010"))
    events = progress("1", 0, 600) + _rounds("gpu-a-010", 5.0, 1200.0, every, {gpu}, 605.0)
    events += [log(605, "1", LOST), slurm(640, kind="job_state", job="1", state="FAILED", exit_code="1:0")]
    run(p, events)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node, inc.culprit_gpu) == ("gpu_hardware", "gpu-a-010", gpu)
    assert any("has not reported since" in e for e in inc.evidence)


def test_no_gpu_is_named_when_none_or_two_go_missing() -> None:
    for gone in (set(), {2, 5}):
        p = pipeline(job("1", "gpu-a-011"))
        events = progress("1", 0, 600) + _rounds("gpu-a-011", 5.0, 1200.0, 60.0, gone, 605.0)
        events += [
            log(605, "1", LOST),
            slurm(640, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
        ]
        run(p, events)
        [inc] = p.incidents()
        assert (inc.category, inc.culprit_node, inc.culprit_gpu) == ("gpu_hardware", "gpu-a-011", None), gone


# --- owners' jobs slowing together ------------------------------------------------------------------------------


def _paced(
    jid: str, start: float, every: float, slow_at: float, factor: float, end: float
) -> list[dict[str, object]]:
    """A job printing a line no parser knows every ``every`` s (every 50 batches), ``factor`` times further
    apart from ``slow_at`` on."""
    out: list[dict[str, object]] = []
    t, seen = start, 0
    while t < end:
        seen += 50
        gap = every * (factor if t >= slow_at else 1.0)
        out.append(log(t, jid, f"metrics | seen {seen} | wall {gap:.2f} s | loss {2.0 - seen / 1e5:.4f}"))
        t += gap
    return out


def _slowing(specs: list[JobSpec], onsets: list[float], factor: float = 2.0) -> Pipeline:
    p = pipeline(*specs)
    events = []
    for s, at in zip(specs, onsets, strict=True):
        events += _paced(s.id, 3.0 + int(s.id) % 7, 30.0, at, factor, 2400.0)
    run(p, events, until=2400.0)
    return p


@settings(max_examples=6, deadline=None)
@given(apart=st.floats(0.0, 400.0), factor=st.floats(1.8, 3.0), three=st.booleans())
def test_owners_jobs_on_other_nodes_slowing_together_are_one_infrastructure_incident(
    apart: float, factor: float, three: bool
) -> None:
    specs = [_spec("41", "ann", "gpu-a-012"), _spec("42", "bob", "gpu-a-013")]
    onsets = [1200.0, 1200.0 + apart]
    if three:
        specs.append(_spec("43", "cid", "gpu-a-014"))
        onsets.append(1250.0)
    p = _slowing(specs, onsets, factor)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node, inc.pattern) == ("infrastructure", None, "shared_slowdown")
    assert set(inc.jobs) == {s.id for s in specs}
    assert not {r.action for r in inc.recommendations} & {"drain_node", "requeue_job"}
    assert inc.detected_t <= T0 + max(onsets) + 6 * 30.0 * factor


def test_one_owner_one_node_far_apart_or_alone_is_no_shared_slowdown() -> None:
    cases = [
        ([_spec("51", "ann", "gpu-a-015"), _spec("52", "ann", "gpu-a-016")], [1200.0, 1200.0]),  # one owner
        (
            [
                JobSpec("53", "a", "ann", ("gpu-a-017",), tasks_per_node=1, started=T0, comment=OPTED),
                JobSpec("54", "b", "bob", ("gpu-a-017",), tasks_per_node=1, started=T0, comment=OPTED),
            ],
            [1200.0, 1200.0],
        ),  # one node: its own
        ([_spec("55", "ann", "gpu-a-018"), _spec("56", "bob", "gpu-a-019")], [600.0, 1800.0]),  # 20 min apart
        ([_spec("57", "ann", "gpu-a-020"), _spec("58", "bob", "gpu-a-021")], [1200.0, 9999.0]),  # one job
    ]
    for specs, onsets in cases:
        p = _slowing(specs, onsets)
        assert p.incidents() == [], [s.id for s in specs]
