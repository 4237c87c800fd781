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
