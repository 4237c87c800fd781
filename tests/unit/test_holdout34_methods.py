"""Methods from holdout33 and holdout34, built blind (issue 24), each tested on lines other than the corpus's.

- Horovod's stall inspector names the ranks that never submitted a tensor, in both of its formats (the ready
  ranks to 0.19, a line per missing rank from 0.20): they name the node of a stall found otherwise; the
  warning alone (a rank saving for over a minute) raises nothing.
- An AWS-style API answering that it is overloaded or failing (S3's SlowDown, ServiceUnavailable, the
  throttling codes) is the service's error, not the program's; a code that says the request was wrong is not.
- An InfiniBand completion error with a local status (``ibv_wc_status`` LOC_*: 4 is local protection) on the
  ranks of one node is that node's side of the transfer, whatever peer the line names.
- A stall with the loop's bar short of its total by less than one print step is at the loop's end, a fixed
  point of the program.
- The same CUDA out-of-memory error word for word in the next attempt of the same job is one fault (not an
  owner's new job of the same name, nor an attempt that trained against one that never did).
- ENOSPC and EDQUOT from two owners' jobs within minutes are one filesystem out of space.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors import logs
from monitoring.detectors import phase as ph
from monitoring.detectors.schema import JobSpec, Kind
from tests.unit.pipehelpers import OPTED, T0, log, megatron, pipeline, run, slurm

WARNING = (
    "WARNING: One or more tensors were submitted to be reduced, gathered or broadcasted by subset of ranks and "
    "are waiting for remainder of ranks for more than 60 seconds. This may indicate that different ranks are "
    "trying to submit different tensors or that only subset of ranks is submitting tensors, which will cause "
    "deadlock. "
)


def _stall_lines(old: bool, size: int, missing: set[int]) -> list[str]:
    if old:
        ready = ", ".join(str(r) for r in range(size) if r not in missing)
        return [WARNING + f"Stalled ops: HorovodAllreduce_grads_0 [ready ranks: {ready}]"]
    return [WARNING + "\nMissing ranks:"] + [
        f"{r}: [DistributedAdam_Allreduce/HorovodAllreduce_grads_3_0]" for r in sorted(missing)
    ]


def _horovod(old: bool, nodes: int, tpn: int, node: int, stalls: bool) -> list[Any]:
    names = tuple(f"gpu-a-{i:03d}" for i in range(1, nodes + 1))
    p = pipeline(JobSpec("3", "hvd", "ab", names, tasks_per_node=tpn, started=T0 - 3600, comment=OPTED))
    size = nodes * tpn
    missing = {node * tpn}
    # stalls: the job's lines stop at 600 s; otherwise they go on (the warning is the inspector's alone)
    events = [log(10.0 * i, "3", megatron(i + 1)) for i in range(60 if stalls else 140)]
    t = 660.0
    while t < 1000.0:
        events += [log(t, "3", line) for line in _stall_lines(old, size, missing)]
        t += 60.0
    run(p, events, until=1400.0)
    return p.incidents()


@settings(max_examples=10, deadline=None)
@given(old=st.booleans(), nodes=st.integers(2, 6), tpn=st.sampled_from([2, 4, 8]), data=st.data())
def test_horovods_stall_inspector_names_the_node_of_a_stall(
    old: bool, nodes: int, tpn: int, data: Any
) -> None:
    node = data.draw(st.integers(0, nodes - 1))
    [inc] = _horovod(old, nodes, tpn, node, stalls=True)
    assert (inc.category, inc.culprit_node) == ("hang", f"gpu-a-{node + 1:03d}")
    assert any("Horovod's stall inspector" in e for e in inc.evidence)


def test_the_stall_warning_alone_raises_nothing() -> None:
    assert _horovod(True, 4, 4, 1, stalls=False) == []
    assert _horovod(False, 4, 4, 1, stalls=False) == []


@settings(max_examples=30, deadline=None)
@given(
    code=st.sampled_from(
        ["SlowDown", "ServiceUnavailable", "InternalError", "ThrottlingException", "RequestLimitExceeded"]
    ),
    op=st.sampled_from(["PutObject", "ListObjectsV2", "GetObject", "CreateMultipartUpload"]),
)
def test_an_api_saying_it_is_overloaded_is_the_services_error(code: str, op: str) -> None:
    msg = f"An error occurred ({code}) when calling the {op} operation (reached max retries: 4): Please retry"
    info = logs.parse_joblog(f"botocore.exceptions.ClientError: {msg}")
    assert info is not None and info.kind == Kind.FS_ERROR and info.data["service"] == "aws api"
    assert logs.service_error(f"upload failed: ./ckpt.pt to s3://bucket/ckpt.pt {msg}") == "aws api"
    wrong = f"An error occurred (AccessDenied) when calling the {op} operation: Access Denied"
    info = logs.parse_joblog(f"botocore.exceptions.ClientError: {wrong}")
    assert info is None or info.kind != Kind.FS_ERROR
    assert logs.service_error(wrong) is None


IB = "{host}:{pid}:{pid} [{dev}] NCCL WARN NET/IB : Got completion from peer {peer}<{port}> with error {status}, opcode 0, len 0, vendor err 81 (Send) localGid fe80::966d:ae03:8b:{gid}"


@settings(max_examples=10, deadline=None)
@given(status=st.sampled_from([1, 2, 4, 8]), node=st.integers(0, 3))
def test_a_local_completion_error_on_one_nodes_ranks_is_that_node(status: int, node: int) -> None:
    names = tuple(f"gpu-a-{i:03d}" for i in range(1, 5))
    p = pipeline(JobSpec("4", "mt", "sk", names, tasks_per_node=8, started=T0 - 3600, comment=OPTED))
    host = names[node]
    events = [log(10.0 * i, "4", megatron(i + 1)) for i in range(30)]
    for k in range(len(names) - 1):  # one line toward each peer, named by link-local address
        line = IB.format(
            host=host,
            pid=4000 + k,
            dev=k,
            peer=f"fe80::966d:ae03:8b:{k:04x}%ib0",
            port=33397,
            status=status,
            gid=f"{node:04x}",
        )
        events.append(log(305.0 + k, "4", line))
    events.append(slurm(320.0, kind="job_state", job="4", state="FAILED", exit_code="1:0"))
    run(p, events, until=400.0)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("network", host)


def test_a_bar_short_of_its_total_by_less_than_a_print_step_is_the_loops_end() -> None:
    def bar(n: int, total: int = 1563) -> str:
        return f"loss: 0.46 ||:  99%|#########9| {n}/{total} [39:57<00:01,  1.53s/it]"

    for last, stretch in ((1562, True), (1560, True), (1520, False), (1480, False)):
        phase = ph.JobPhase(T0)
        for k, n in enumerate([*range(40, last, 40), last]):
            phase.on_step(T0 + 60.0 * k, n, bar(n))
        assert bool(phase.describe().get("epoch_last_stretch")) is stretch, last


OOM = "RuntimeError: CUDA out of memory. Tried to allocate 258.00 MiB (GPU 3; 10.73 GiB total capacity; 9.38 GiB already allocated; 155.62 MiB free; 239.92 MiB cached)"


def test_the_same_oom_word_for_word_after_a_requeue_is_one_fault() -> None:
    p = pipeline(
        JobSpec("5", "seg", "yk", ("gpu-a-004",), tasks_per_node=8, started=T0 - 3600, comment=OPTED)
    )
    cad = (
        "Segmentron INFO: Epoch: 212/400 || Iters: {i}/185 || Lr: 0.0091 || Loss: 0.10 || Cost Time: 10:07:15"
    )
    events = [log(10.0 * i, "5", cad.format(i=i)) for i in range(1, 30)]
    events += [log(300.0, "5", "Traceback (most recent call last):"), log(300.1, "5", OOM)]
    events += [slurm(302.0, kind="job_state", job="5", state="FAILED", exit_code="1:0")]
    events += [slurm(330.0, kind="job_state", job="5", state="REQUEUED", exit_code="0:0")]
    events += [slurm(450.0, kind="job_state", job="5", state="RUNNING", exit_code="0:0", nodes="gpu-a-004")]
    events += [log(470.0 + 10.0 * i, "5", cad.format(i=i)) for i in range(1, 4)]
    events += [log(520.0, "5", "Traceback (most recent call last):"), log(520.1, "5", OOM)]
    events += [slurm(522.0, kind="job_state", job="5", state="FAILED", exit_code="1:0")]
    run(p, events, until=700.0)
    assert [(i.category, i.culprit_node) for i in p.incidents()] == [("software", None)]


def test_enospc_and_edquot_of_two_owners_are_one_filesystem_out_of_space() -> None:
    a = JobSpec("6", "ak", "u1", ("gpu-a-002",), tasks_per_node=1, started=T0 - 3600, comment=OPTED)
    b = JobSpec("7", "tx", "u2", ("gpu-a-005",), tasks_per_node=1, started=T0 - 3600, comment=OPTED)
    p = pipeline(a, b)
    path = "models/classifier/variables/variables_temp_" + "d0c7555bd2aa4ae682695465c0d0e2f4/" * 4
    events = [
        log(100.0, "6", "Traceback (most recent call last):"),
        log(
            100.1,
            "6",
            "tensorflow.python.framework.errors_impl.ResourceExhaustedError: disk quota exceeded [Op:SaveV2]",
        ),
        slurm(102.0, kind="job_state", job="6", state="FAILED", exit_code="1:0"),
        log(340.0, "7", "Traceback (most recent call last):"),
        log(340.1, "7", f"OSError: {path}part-00000-of-00002.data: No space left on device"),
        slurm(342.0, kind="job_state", job="7", state="FAILED", exit_code="1:0"),
    ]
    run(p, events, until=600.0)
    [inc] = p.incidents()
    assert inc.category == "infrastructure" and set(inc.jobs) == {"6", "7"}
