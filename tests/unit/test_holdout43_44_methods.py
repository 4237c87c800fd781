"""Methods from holdout43 and holdout44 (blind, issue 24), each tested on lines other than the corpora's.

- A step whose plugins or container runtime failed before its program ran (slurmstepd's spank words, pyxis's)
  says nothing of whose fault it is: owners' jobs failing so on the one node they share are that node's.
- A job the scheduler preempted or requeued was not failing: its tasks' SIGTERM tracebacks are teardown.
- A program's storage errors all saying its owner's quota is full (EDQUOT), in that one owner's jobs, are the
  owner's, told, not requeued; owners' jobs failing so together are one outage.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors import logs
from monitoring.detectors.schema import JobSpec, Kind
from tests.unit.pipehelpers import OPTED, T0, job, log, pipeline, progress, run, slurm

# --- a container runtime failing on one node -----------------------------------------------------------------

SPANK = [
    "slurmstepd: error: pyxis: couldn't start container",
    "slurmstepd: error: spank: required plugin spank_pyxis.so: task_init() failed with rc=-1",
    "slurmstepd: error: Failed to invoke spank plugin stack",
]


@settings(max_examples=10, deadline=None)
@given(line=st.sampled_from(SPANK), prefix=st.sampled_from(["", "0: ", "12: "]))
def test_a_steps_plugins_failing_is_a_launch_error_that_names_no_one(line: str, prefix: str) -> None:
    info = logs.parse_joblog(prefix + line)
    assert info is not None and info.kind == Kind.LAUNCH_ERROR
    assert info.data["site"] is None  # whose it is, the place decides


def _launch(jid: str, user: str, nodes: tuple[str, ...]) -> JobSpec:
    return JobSpec(jid, f"c-{jid}", user, nodes, tasks_per_node=8, started=T0 - 60, comment=OPTED)


def _fails_launching(t: float, jid: str, bad: str, others: tuple[str, ...]) -> list[dict[str, object]]:
    events = [log(t + i * 0.01, jid, line) for i, line in enumerate(SPANK)]
    events.append(log(t + 0.2, jid, f"srun: error: {bad}: tasks 0-7: Exited with exit code 1"))
    events += [log(t + 0.3, jid, f"srun: error: {n}: tasks 8-15: Terminated") for n in others]
    events.append(slurm(t + 2.0, kind="job_state", job=jid, state="FAILED", exit_code="1:0"))
    return events


@settings(max_examples=10, deadline=None)
@given(gap=st.floats(min_value=60.0, max_value=3000.0), second=st.sampled_from(["bob", "alice"]))
def test_two_owners_jobs_whose_container_cannot_start_on_one_node_are_that_nodes(
    gap: float, second: str
) -> None:
    p = pipeline(
        _launch("41", "alice", ("gpu-a-009", "gpu-a-011")),
        _launch("42", second, ("gpu-a-011", "gpu-a-013")),
    )
    events = _fails_launching(10.0, "41", "gpu-a-011", ("gpu-a-009",))
    events += _fails_launching(10.0 + gap, "42", "gpu-a-011", ("gpu-a-013",))
    run(p, events)
    incs = p.incidents()
    if second == "bob":
        [inc] = incs
        assert (inc.category, inc.culprit_node, inc.pattern) == (
            "node_failure",
            "gpu-a-011",
            "node_environment",
        )
        assert {r.job: r.exclude for r in inc.recommendations if r.action == "requeue_job"} == {
            "41": ("gpu-a-011",),
            "42": ("gpu-a-011",),
        }
    else:  # one owner's jobs only: its image may be the cause, the owner is told
        assert incs and all(i.culprit_node is None for i in incs)


def test_owners_containers_failing_on_disjoint_nodes_name_no_node() -> None:
    p = pipeline(_launch("51", "alice", ("gpu-a-001",)), _launch("52", "bob", ("gpu-a-002",)))
    run(p, _fails_launching(10.0, "51", "gpu-a-001", ()) + _fails_launching(300.0, "52", "gpu-a-002", ()))
    assert all(i.category != "node_failure" for i in p.incidents())


# --- preemption ----------------------------------------------------------------------------------------------


@settings(max_examples=5, deadline=None)
@given(why=st.sampled_from(["PREEMPTION", "JOB REQUEUE"]), ranks=st.integers(2, 16))
def test_a_job_the_scheduler_preempted_is_no_incident(why: str, ranks: int) -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = progress("1", 0, 600)
    events.append(
        log(
            601,
            "1",
            f"slurmstepd: error: *** STEP 1.0 ON gpu-a-001 CANCELLED AT 2026-11-29T10:10:00 DUE TO {why} ***",
        )
    )
    events += [log(601.5, "1", f"[rank{r}]: Traceback (most recent call last):") for r in range(ranks)]
    events += [
        log(
            601.6,
            "1",
            f"[rank{r}]: torch.distributed.elastic.multiprocessing.api.SignalException: Process {r} got signal: 15",
        )
        for r in range(ranks)
    ]
    events += [
        log(603, "1", f"srun: error: gpu-a-00{n}: task {n - 1}: Exited with exit code 1") for n in (1, 2)
    ]
    events.append(slurm(604, kind="job_state", job="1", state="PREEMPTED", exit_code="0:15"))
    run(p, events)
    assert p.incidents() == []


def test_without_the_schedulers_words_the_same_exits_are_a_failure() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = progress("1", 0, 600)
    events.append(log(601.5, "1", "[rank0]: RuntimeError: shape mismatch in layer 3"))
    events += [
        log(603, "1", f"srun: error: gpu-a-00{n}: task {n - 1}: Exited with exit code 1") for n in (1, 2)
    ]
    events.append(slurm(604, kind="job_state", job="1", state="FAILED", exit_code="1:0"))
    run(p, events)
    assert p.incidents()


# --- the owner's quota ---------------------------------------------------------------------------------------

QUOTA = [
    "OSError: [Errno 122] Disk quota exceeded: '/home/{u}/run/model_0004999.pth'",
    "tensorflow.python.framework.errors_impl.UnknownError: /home/{u}/ckpt/ckpt-5.data; Disk quota exceeded",
]


def _owner(jid: str, user: str, node: str) -> JobSpec:
    return JobSpec(jid, f"q-{jid}", user, (node,), tasks_per_node=1, started=T0 - 60, comment=OPTED)


def _over_quota(t: float, jid: str, user: str, which: int) -> list[dict[str, object]]:
    return progress(jid, t - 300, t - 5) + [
        log(t, jid, "Traceback (most recent call last):"),
        log(t + 0.1, jid, QUOTA[which].format(u=user)),
        slurm(t + 2.0, kind="job_state", job=jid, state="FAILED", exit_code="1:0"),
    ]


@settings(max_examples=10, deadline=None)
@given(
    which=st.tuples(st.integers(0, 1), st.integers(0, 1)),
    gap=st.floats(min_value=30.0, max_value=1200.0),
    second=st.sampled_from(["alice", "bob"]),
)
def test_one_owners_jobs_over_their_quota_are_the_owners(
    which: tuple[int, int], gap: float, second: str
) -> None:
    p = pipeline(_owner("61", "alice", "gpu-a-001"), _owner("62", second, "gpu-a-005"))
    events = _over_quota(400.0, "61", "alice", which[0]) + _over_quota(400.0 + gap, "62", second, which[1])
    run(p, events)
    [inc] = p.incidents()
    if second == "alice":
        assert (inc.category, inc.pattern, inc.culprit_node) == ("software", "owner_quota", None)
        assert not [r for r in inc.recommendations if r.action == "requeue_job"]
        assert any("owner's full quota" in e for e in inc.evidence)
    else:  # two owners: a project's or the pool's, one outage
        assert inc.category == "infrastructure"


# --- a stall the job stepped out of ----------------------------------------------------------------------------


@settings(max_examples=5, deadline=None)
@given(pause=st.floats(min_value=120.0, max_value=1500.0), after=st.floats(min_value=1.0, max_value=30.0))
def test_a_failure_after_the_job_stepped_out_of_its_stall_is_its_own(pause: float, after: float) -> None:
    p = pipeline(job("1", "gpu-a-001", tpn=1))
    events = progress("1", 0, 600)  # steps every 10 s, then a pause (a stall at 50 s), then steps again
    resumed = 600 + pause
    events += progress("1", resumed, resumed + 20, step0=200)
    crash = resumed + 20 + after
    events += [
        log(crash, "1", "Traceback (most recent call last):"),
        log(crash + 0.1, "1", "RuntimeError: CUDA error: device-side assert triggered"),
        slurm(crash + 1.0, kind="job_state", job="1", state="FAILED", exit_code="134:0"),
    ]
    run(p, events)
    stall, crashed = p.incidents()
    assert stall.category == "hang" and stall.jobs == ("1",)
    assert (crashed.category, crashed.culprit_node) == ("software", None)
    assert not [r for r in crashed.recommendations if r.action == "requeue_job"]


def test_a_failure_inside_the_stall_is_the_stalls() -> None:
    p = pipeline(job("1", "gpu-a-001", tpn=1))
    events = progress("1", 0, 600) + [
        log(900, "1", "RuntimeError: CUDA error: device-side assert triggered"),
        slurm(901, kind="job_state", job="1", state="FAILED", exit_code="134:0"),
    ]
    run(p, events)
    [inc] = p.incidents()
    assert inc.jobs == ("1",)


# --- helpers ---------------------------------------------------------------------------------------------------
def _samples(
    t0: float, t1: float, every: float, nodes: tuple[str, ...], util: int
) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    t = t0
    while t < t1:
        for i, node in enumerate(nodes):
            fields = {"DCGM_FI_DEV_GPU_UTIL": util, "DCGM_FI_DEV_POWER_USAGE": 250.0 if util else 40.0}
            out.append({"t": T0 + t + i * 0.01, "source": "gpu", "node": node, "gpu": 0, "fields": fields})
        t += every
    return out


NODES = ("gpu-a-001", "gpu-a-002", "gpu-a-003")


# --- a launcher's report of a child that failed ----------------------------------------------------------------

LAUNCHER = [
    "subprocess.CalledProcessError: Command '['/usr/bin/python', '-u', 'train.py', '--local_rank=2']' returned "
    "non-zero exit status 1.",
    "torch.multiprocessing.spawn.ProcessRaisedException: ",
    "torch.multiprocessing.spawn.ProcessExitedException: process 0 terminated with signal SIGKILL",
]


@settings(max_examples=6, deadline=None)
@given(line=st.sampled_from(LAUNCHER), prefix=st.sampled_from(["", "0: ", "[rank3]: "]))
def test_a_launchers_report_of_a_failed_child_is_not_an_error_of_its_own(line: str, prefix: str) -> None:
    info = logs.parse_joblog(prefix + line)
    assert info is None or info.kind != Kind.EXCEPTION


def _xid31(node_gpu: int) -> str:
    bus = ("0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00")[node_gpu]
    return f"NVRM: Xid (PCI:{bus}): 31, pid=4242, name=python, Ch 00000010, intr 10000000. MMU Fault"


@settings(max_examples=4, deadline=None)
@given(
    said=st.sampled_from(
        [
            "RuntimeError: CUDA error: an illegal memory access was encountered",
            "RuntimeError: cuda runtime error (77) : an illegal memory access was encountered at THCCachingHostAllocator.cpp:278",
        ]
    ),
    gpu=st.integers(0, 3),
)
def test_owners_jobs_dying_on_one_gpu_in_pytorchs_words_are_that_gpus(said: str, gpu: int) -> None:
    specs = [_owner(str(90 + i), user, "gpu-a-006") for i, user in enumerate(("ann", "bob"))]
    p = pipeline(*specs)
    events: list[dict[str, object]] = []
    for i, spec in enumerate(specs):
        t = 2000.0 * i
        events += progress(spec.id, t, t + 200)
        events += [
            {"t": T0 + t + 201, "source": "kernel", "node": "gpu-a-006", "line": _xid31(gpu)},
            log(t + 201.5, spec.id, "Traceback (most recent call last):"),
            log(t + 201.6, spec.id, said),
            log(t + 201.8, spec.id, LAUNCHER[0]),
            slurm(t + 202.5, kind="job_state", job=spec.id, state="FAILED", exit_code="1:0"),
        ]
    run(p, events)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node, inc.culprit_gpu) == ("gpu_hardware", "gpu-a-006", gpu)


# --- a job silent on a node that then goes down ----------------------------------------------------------------


@settings(max_examples=4, deadline=None)
@given(later=st.floats(min_value=5.0, max_value=600.0))
def test_a_job_silent_at_start_on_a_node_that_then_goes_down_is_that_nodes_one_incident(later: float) -> None:
    nodes = ("gpu-a-001", "gpu-a-002")
    p = pipeline(JobSpec("1", "ci", "ann", nodes, tasks_per_node=1, started=T0, comment=OPTED))
    start = ["Initializing model parallel groups", "Building the data loader", "Compiling fused kernels"]
    events = [
        slurm(0.0, kind="job_state", job="1", state="RUNNING", exit_code="0:0", nodes="gpu-a-[001-002]")
    ]
    events += [log(5 + 10.0 * i, "1", line) for i, line in enumerate(start)]
    events += _samples(0, 1000 + later, 60, nodes, 0)
    events.append(
        slurm(
            1000 + later,
            kind="node_state",
            node="gpu-a-002",
            state="DOWN+NOT_RESPONDING",
            reason="Not responding",
        )
    )
    run(p, events, until=1100 + later)
    [inc] = p.incidents()  # the start's silence (at 925 s), then its node down: one fault, the node's
    assert (inc.category, inc.culprit_node) == ("node_failure", "gpu-a-002")
    assert inc.detected_t < T0 + 1000


# --- ENOSPC in a library's lower-case words --------------------------------------------------------------------


def test_no_space_left_in_hdf5s_lower_case_words_is_a_storage_error() -> None:
    line = (
        "IOError: Unable to create file (Unable to open file: name = '/home/x/weights.48.hdf5', errno = 28, "
        "error message = 'no space left on device', flags = 13, o_flags = 242)"
    )
    info = logs.parse_joblog(line)
    assert info is not None and info.kind == Kind.FS_ERROR


# --- a job the fault stopped, cancelled afterwards -------------------------------------------------------------


def _xid79(gpu: int) -> str:
    bus = ("0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00")[gpu]
    return f"NVRM: Xid (PCI:{bus}): 79, pid=1234, name=python, GPU has fallen off the bus."


@settings(max_examples=5, deadline=None)
@given(after=st.floats(min_value=120.0, max_value=7200.0))
def test_a_job_cancelled_after_a_gpu_fault_stopped_it_is_requeued_without_the_node(after: float) -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = progress("1", 0, 600) + [
        {"t": T0 + 601, "source": "kernel", "node": "gpu-a-002", "line": _xid79(1)}
    ]
    events.append(slurm(700 + after, kind="job_state", job="1", state="CANCELLED", exit_code="0:15"))
    # the node still logging its fault afterwards: the incident is looked at again
    events.append({"t": T0 + 730 + after, "source": "kernel", "node": "gpu-a-002", "line": _xid79(1)})
    run(p, events, until=760 + after)
    [inc] = p.incidents()
    requeued = {r.job: r.exclude for r in inc.recommendations if r.action == "requeue_job"}
    assert requeued == {"1": ("gpu-a-002",)}  # the owner cleared away a job the fault had stopped


def test_a_job_cancelled_with_nothing_wrong_is_no_incident() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    events = progress("1", 0, 600) + [
        slurm(605, kind="job_state", job="1", state="CANCELLED", exit_code="0:15")
    ]
    run(p, events, until=700)
    assert p.incidents() == []
