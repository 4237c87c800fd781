"""Two methods from holdout36's leftovers (issue 24), each tested on lines other than the corpus's.

- The dynamic loader's words (glibc's "error while loading shared libraries", "symbol lookup error", and
  dlopen's "cannot open shared object file" that Python passes on) are read as a program unable to load a
  library. Jobs of two owners failing so on one node they share, and nowhere else, are that node's install.
- A network failure naming no node, in a job whose own launcher says it restarts its workers, is held: it
  is withdrawn when the job steps again, shown when it does not, and shown after a short grace when the
  launcher says nothing.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from actions.pipeline import Pipeline
from incidents.attribution import self_restart
from monitoring.detectors import logs
from monitoring.detectors.schema import JobSpec, Kind
from tests.unit.pipehelpers import OPTED, T0, log, pipeline, run, slurm

_LIBS = ["libcudart.so.11.0", "libcufft.so.10", "libnccl.so.2", "libmpi.so.40", "libcudnn.so.8"]


@settings(max_examples=40, deadline=None)
@given(
    lib=st.sampled_from(_LIBS),
    form=st.sampled_from(["ld", "symbol", "import", "oserror"]),
    prefix=st.sampled_from(["", "0: ", "[rank3]: "]),
)
def test_the_loaders_words_are_a_library_that_could_not_load(lib: str, form: str, prefix: str) -> None:
    line = {
        "ld": f"/opt/app/bin/solver: error while loading shared libraries: {lib}: cannot open shared object file: No such file or directory",
        "symbol": f"python3: symbol lookup error: /usr/lib64/{lib}: undefined symbol: ncclCommInitRankConfig",
        "import": f"ImportError: {lib}: cannot open shared object file: No such file or directory",
        "oserror": f"OSError: /opt/conda/lib/{lib}: undefined symbol: ncclCommRegister",
    }[form]
    info = logs.parse_joblog(prefix + line)
    assert info is not None and info.kind == Kind.EXCEPTION
    assert str(info.data["loader"]).endswith(lib)  # "nccl" in a symbol's name never makes it a cascade
    assert logs.parse_joblog(prefix + "RuntimeError: shape mismatch in layer 3") is not None
    assert "loader" not in (logs.parse_joblog(prefix + "RuntimeError: shape mismatch in layer 3").data or {})


def _loader_job(jid: str, user: str, node: str) -> JobSpec:
    return JobSpec(jid, f"sim-{jid}", user, (node,), tasks_per_node=1, started=T0 - 60, comment=OPTED)


def _fails_loading(t: float, jid: str, lib: str) -> list[dict[str, object]]:
    return [
        log(
            t,
            jid,
            f"/home/x/bin/prog: error while loading shared libraries: {lib}: cannot open shared object file: No such file or directory",
        ),
        slurm(t + 1.0, kind="job_state", job=jid, state="FAILED", exit_code="127:0"),
    ]


@settings(max_examples=25, deadline=None)
@given(gap=st.floats(min_value=30.0, max_value=3000.0), second_user=st.sampled_from(["bob", "alice"]))
def test_two_owners_jobs_failing_to_load_on_one_node_are_that_nodes(gap: float, second_user: str) -> None:
    p = pipeline(_loader_job("11", "alice", "gpu-a-006"), _loader_job("12", second_user, "gpu-a-006"))
    run(
        p,
        _fails_loading(10.0, "11", "libcudart.so.6.5") + _fails_loading(10.0 + gap, "12", "libcufft.so.6.5"),
    )
    incs = p.incidents()
    if second_user == "bob":
        [inc] = incs
        assert (inc.category, inc.culprit_node, inc.pattern) == (
            "node_failure",
            "gpu-a-006",
            "node_environment",
        )
        assert {r.node for r in inc.recommendations if r.action == "drain_node"} == {"gpu-a-006"}
        assert {r.job: r.exclude for r in inc.recommendations if r.action == "requeue_job"} == {
            "11": ("gpu-a-006",),
            "12": ("gpu-a-006",),
        }
    else:  # one owner's environment twice: the owner's, told
        assert incs and all(i.culprit_node is None and i.category == "software" for i in incs)


def test_loader_failures_where_the_node_is_not_are_the_shared_softwares_not_the_nodes() -> None:
    jobs = [_loader_job("21", "alice", "gpu-a-006"), _loader_job("22", "bob", "gpu-a-006")]
    jobs.append(_loader_job("23", "carol", "gpu-a-009"))
    p = pipeline(*jobs)
    events = _fails_loading(10.0, "21", "libcudart.so.12") + _fails_loading(400.0, "22", "libcudart.so.12")
    events += _fails_loading(200.0, "23", "libcudart.so.12")  # the same failure on another node
    run(p, events)
    assert all(i.culprit_node is None for i in p.incidents())


def test_two_owners_loader_failures_on_disjoint_nodes_name_no_node() -> None:
    p = pipeline(_loader_job("31", "alice", "gpu-a-006"), _loader_job("32", "bob", "gpu-a-007"))
    run(p, _fails_loading(10.0, "31", "libcudart.so.12") + _fails_loading(300.0, "32", "libcudart.so.12"))
    assert all(i.category != "node_failure" for i in p.incidents())


# --- a launcher restarting its own workers -------------------------------------------------------------


def _step(i: int) -> str:
    return f"0: Epoch: [3][{i:5d}/9000]   Time  0.137 ( 0.138)    Loss 5.07e+00 (5.26e+00)"


_NET = [
    "1: gpu-a-002:41877:42210 [0] include/socket.h:409 NCCL WARN Net : Connect to 10.9.12.71<51547> failed : Connection timed out",
    "1: RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1269, unhandled system error, NCCL version 2.14.3",
]
_AGENT = [
    "1: ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 0 (pid: 41877) of binary: /venv/bin/python3",
    "1: INFO:torch.distributed.elastic.agent.server.api:[default] Worker group FAILED. 3/3 attempts left; will restart worker group",
    "0: INFO:torch.distributed.elastic.agent.server.api:[default] Detected 1 new nodes from group_rank=0; will restart worker group",
]


def _elastic(restart: bool, resumes: bool, handover_at: float | None = None) -> Pipeline:
    names = ("gpu-a-001", "gpu-a-002")
    p = pipeline(JobSpec("41", "im", "tr", names, tasks_per_node=4, started=T0 - 3600, comment=OPTED))
    events = [log(4.0 * i, "41", _step(30 * i)) for i in range(1, 60)]
    events += [log(240.0, "41", _NET[0]), log(240.1, "41", _NET[1])]
    if restart:
        events += [log(241.0 + k * 0.2, "41", line) for k, line in enumerate(_AGENT)]
    if resumes:
        events += [log(290.0 + 4.0 * i, "41", _step(30 * (60 + i))) for i in range(80)]
    if handover_at is None:
        run(p, events, until=600.0)
        return p
    first = [e for e in events if float(e["t"]) < T0 + handover_at]  # type: ignore[arg-type]
    run(p, first, until=handover_at)
    q = Pipeline.from_state(json.loads(json.dumps(p.to_state())))
    run(q, [e for e in events if e not in first], until=600.0)
    return q


@settings(max_examples=6, deadline=None)
@given(handover_at=st.sampled_from([None, 245.0, 280.0, 300.0]))
def test_a_job_its_launcher_restarted_and_that_trains_on_has_no_incident(handover_at: float | None) -> None:
    p = _elastic(restart=True, resumes=True, handover_at=handover_at)
    assert p.incidents() == []


def test_a_restart_that_brings_no_step_back_is_shown() -> None:
    p = _elastic(restart=True, resumes=False)
    run(p, [], until=240.0 + self_restart.RESTART_WAIT_S + 60.0)
    [inc] = p.incidents()
    assert inc.category == "network" and all(r.action != "requeue_job" for r in inc.recommendations)
    assert inc.detected_t >= T0 + 241.0 + self_restart.RESTART_WAIT_S  # when it was shown, said honestly


def test_without_a_launcher_restart_the_failure_is_shown_after_the_grace() -> None:
    p = _elastic(restart=False, resumes=False)
    [inc] = p.incidents()
    assert inc.category == "network"
    assert (
        T0 + 240.0 + self_restart.GRACE_S - 1.0 <= inc.detected_t <= T0 + 240.0 + self_restart.GRACE_S + 2.0
    )


def test_a_program_error_in_a_running_job_is_not_held() -> None:
    names = ("gpu-a-001", "gpu-a-002")
    p = pipeline(JobSpec("51", "im", "tr", names, tasks_per_node=4, started=T0 - 3600, comment=OPTED))
    events = [log(4.0 * i, "51", _step(30 * i)) for i in range(1, 60)]
    events += [log(240.0 + r * 0.01, "51", f"{r}: KeyError: 'attention_mask'") for r in range(8)]
    run(p, events, until=245.0)
    [inc] = p.incidents()
    assert inc.category == "software" and inc.detected_t < T0 + 241.0
