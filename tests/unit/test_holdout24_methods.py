"""Methods from holdout24, built blind (issue 24), each tested on lines other than the corpus's.

- A progress bar whose description names set-up work (the libraries' own loading bars: transformers'
  "Loading checkpoint shards", huggingface_hub's "Fetching N files", datasets' "Map", vLLM's "Loading
  safetensors checkpoint shards") counts no training step: a job failing after one failed before its
  first step, and a restart would repeat it.
- RFC 6585's 429 Too Many Requests is a remote service refusing the site for a while, shared by every job
  calling it, like a 503: jobs failing of it are one infrastructure incident, escalated, none requeued.
- PyTorch's monitored barrier names the ranks that never answered (rank 0's "Rank N failed to pass
  monitoredBarrier", another rank's "... waiting for send/recv from rank 0"): their one node is where the
  job waits, a hang with that node, found when the barrier says so; ranks on two nodes name no one.
- A stall whose node went dark joins the open incident already blaming that node: one fault, two jobs.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors.logs import parse_joblog
from monitoring.detectors.progress import parse_progress
from monitoring.detectors.schema import JobSpec, Kind
from tests.unit.pipehelpers import OPTED, T0, log, megatron, pipeline, run, slurm

SETUP = [
    "Loading checkpoint shards: 100%|##########| 4/4 [00:14<00:00,  3.59s/it]",
    "Fetching 12 files: 100%|##########| 12/12 [00:03<00:00,  3.91it/s]",
    "Map (num_proc=8): 100%|##########| 50000/50000 [00:09<00:00, 5321.07 examples/s]",
    "Loading safetensors checkpoint shards:  50% Completed | 2/4 [00:03<00:03,  1.51s/it]",
    "Downloading shards: 100%|##########| 2/2 [00:41<00:00, 20.50s/it]",
]
TRAIN = [
    " 12%|#2        | 120/1000 [00:30<03:40,  4.00it/s]",
    "Epoch 0:  45%|####5     | 450/1000 [01:02<01:16,  7.20it/s, loss=2.1]",
    "Training: 30%|###       | 300/1000 [05:00<11:40,  1.00s/it]",
]
NCCL_FAIL = [
    "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:317, "
    "unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5",
    "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error.",
]


def test_a_set_up_bar_is_no_step_and_a_training_bar_is() -> None:
    assert [parse_progress(line) for line in SETUP] == [None] * len(SETUP)
    assert all(parse_progress(line) is not None for line in TRAIN)


def _fails_after(bar: str) -> Any:
    p = pipeline(
        JobSpec(
            "3",
            name="ppo",
            user="q",
            nodes=("gpu-a-001", "gpu-a-002"),
            tasks_per_node=8,
            started=T0,
            comment=OPTED,
        )
    )
    events = [log(10.0, "3", "+ python3 -m verl.trainer.main_ppo trainer.nnodes=2"), log(60.0, "3", bar)]
    events += [log(110.0, "3", "Traceback (most recent call last):")]
    events += [log(110.1 + i / 10, "3", line) for i, line in enumerate(NCCL_FAIL)]
    events += [slurm(115.0, kind="job_state", job="3", state="FAILED", exit_code="1:0")]
    run(p, events, until=400.0)
    [inc] = p.incidents()
    return inc


@settings(max_examples=8, deadline=None)
@given(bar=st.sampled_from(SETUP))
def test_a_job_failing_after_only_a_set_up_bar_failed_before_its_first_step(bar: str) -> None:
    inc = _fails_after(bar)
    assert inc.pattern != "" and [r.action for r in inc.recommendations] == ["notify"], (
        inc.category,
        inc.pattern,
    )
    assert any("before the first step" in e for e in inc.evidence), inc.evidence


def test_a_job_failing_after_a_training_bar_had_made_progress() -> None:
    inc = _fails_after(TRAIN[0])
    assert not any("before the first step" in e for e in inc.evidence), inc.evidence
    assert [r.action for r in inc.recommendations] == ["requeue_job"], (inc.category, inc.pattern)


# --- 429 Too Many Requests ---------------------------------------------------------------------------------

RATE = [
    "requests.exceptions.HTTPError: 429 Client Error: Too Many Requests for url: https://{host}/api/models/{m}",
    "urllib.error.HTTPError: HTTP Error 429: Too Many Requests (https://{host}/{m}/resolve/main/config.json)",
]


def _jobs_failing(template: str, host: str) -> list[Any]:
    users = ("ana", "bo", "cy")
    p = pipeline(
        *(
            JobSpec(
                str(i), name=f"ft-{u}", user=u, nodes=(f"gpu-a-00{i + 1}",), tasks_per_node=1, comment=OPTED
            )
            for i, u in enumerate(users)
        )
    )
    events: list[dict[str, Any]] = []
    for i in range(len(users)):
        t = 30.0 + 20.0 * i
        events += [
            log(t, str(i), "Traceback (most recent call last):"),
            log(t + 0.1, str(i), template.format(host=host, m=f"org/model-{i}")),
            slurm(t + 2.0, kind="job_state", job=str(i), state="FAILED", exit_code="1:0"),
        ]
    run(p, events, until=400.0)
    return p.incidents()


@settings(max_examples=6, deadline=None)
@given(template=st.sampled_from(RATE), host=st.sampled_from(["huggingface.co", "hub.example.org"]))
def test_jobs_refused_by_one_service_for_too_many_requests_are_one_outage(template: str, host: str) -> None:
    [inc] = _jobs_failing(template, host)
    assert (inc.category, sorted(inc.jobs)) == ("infrastructure", ["0", "1", "2"])
    assert [r.action for r in inc.recommendations] == ["escalate"]


def test_a_client_error_of_the_programs_own_is_not_the_service() -> None:
    incs = _jobs_failing(
        "requests.exceptions.HTTPError: 404 Client Error: Not Found for url: https://{host}/{m}", "h.io"
    )
    assert [i.category for i in incs] == ["software"] * 3


# --- PyTorch's monitored barrier naming ranks ----------------------------------------------------------------

BARRIER = {
    "rank0": "RuntimeError: [Rank 0]: Rank {r} failed to pass monitoredBarrier in 30000 ms",
    "all": "[Rank 0]: Ranks {r} failed to pass monitoredBarrier in 30000 ms",
    "peer": "{r2}: RuntimeError: Rank {r2} successfully reached monitoredBarrier, but received errors while waiting "
    "for send/recv from rank {r}. Please check rank {r} logs for faulty rank.",
}


def test_the_barriers_words_name_ranks_not_the_programs_error() -> None:
    for form, ranks in (("rank0", "9"), ("all", "9, 10"), ("peer", "0")):
        info = parse_joblog(BARRIER[form].format(r=ranks, r2=3))
        assert info is not None and info.kind == Kind.BARRIER_MISSING, form
        assert info.data["ranks"] == [int(r) for r in ranks.split(", ")]


def _barrier(ranks: str, nodes: int = 3, form: str = "all") -> Any:
    names = tuple(f"gpu-a-00{i}" for i in range(1, nodes + 1))
    p = pipeline(
        JobSpec("8", name="nequip", user="y", nodes=names, tasks_per_node=4, started=T0, comment=OPTED)
    )
    events = [log(float(t), "8", megatron(t)) for t in range(0, 300, 5)]
    events.append(log(330.0, "8", BARRIER[form].format(r=ranks, r2=5)))
    run(p, events, until=340.0)
    return p.incidents()


@settings(max_examples=12, deadline=None)
@given(rank=st.integers(0, 11))
def test_a_rank_the_barrier_names_is_its_nodes_hang_found_when_it_says_so(rank: int) -> None:
    [inc] = _barrier(str(rank), form="rank0" if rank else "peer")
    node = f"gpu-a-00{rank // 4 + 1}"
    assert (inc.category, inc.culprit_node, inc.culprit_gpu) == ("hang", node, rank % 4), inc.evidence
    assert inc.detected_t - T0 <= 331.0  # the barrier's word, not the silence's 30 s later
    assert [(r.action, r.exclude) for r in inc.recommendations] == [("requeue_job", (node,))]


def test_ranks_on_two_nodes_or_a_one_node_job_name_no_node() -> None:
    for incs in (_barrier("2, 9"), _barrier("2", nodes=1, form="rank0")):
        assert [i.culprit_node for i in incs] == [None], [(i.category, i.evidence) for i in incs]


def test_a_stall_of_the_named_node_gone_dark_joins_its_incident() -> None:
    """A two-node job's barrier names a rank of gpu-a-002; a one-node job there then stalls as the node's
    exporter goes quiet: one incident, the node's."""
    p = pipeline(
        JobSpec(
            "8",
            name="a",
            user="y",
            nodes=("gpu-a-001", "gpu-a-002"),
            tasks_per_node=4,
            started=T0,
            comment=OPTED,
        ),
        JobSpec("9", name="b", user="y", nodes=("gpu-a-002",), tasks_per_node=1, started=T0),
        JobSpec("10", name="c", user="z", nodes=("gpu-a-009",), tasks_per_node=1, started=T0),
    )
    events = [log(float(t), "8", megatron(t)) for t in range(0, 300, 5)]
    events += [log(float(t), "9", f"step {t // 20} loss 1.0") for t in range(0, 300, 20)]
    events += [log(float(t), "10", f"step {t // 20} loss 1.0") for t in range(0, 700, 20)]
    events.append(log(310.0, "8", BARRIER["rank0"].format(r=6, r2=0)))
    for t in range(0, 700, 15):
        for node in ("gpu-a-001", "gpu-a-002", "gpu-a-009"):
            if node == "gpu-a-002" and t > 290:
                continue  # the node went down at 300 s
            fields = {"DCGM_FI_DEV_GPU_UTIL": 97, "DCGM_FI_DEV_POWER_USAGE": 300.0}
            events.append({"t": T0 + t + 0.5, "source": "gpu", "node": node, "gpu": 0, "fields": fields})
    run(p, events, until=700.0)
    incs = [i for i in p.incidents() if "10" not in i.jobs]
    assert [(sorted(i.jobs), i.culprit_node) for i in incs] == [(["8", "9"], "gpu-a-002")], [
        (i.jobs, i.category, i.culprit_node, i.evidence) for i in incs
    ]
