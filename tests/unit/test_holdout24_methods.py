"""Methods from holdout24, built blind (issue 24), each tested on lines other than the corpus's.

- A progress bar whose description names set-up work (the libraries' own loading bars: transformers'
  "Loading checkpoint shards", huggingface_hub's "Fetching N files", datasets' "Map", vLLM's "Loading
  safetensors checkpoint shards") counts no training step: a job failing after one failed before its
  first step, and a restart would repeat it.
- RFC 6585's 429 Too Many Requests is a remote service refusing the site for a while, shared by every job
  calling it, like a 503: jobs failing of it are one infrastructure incident, escalated, none requeued.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors.progress import parse_progress
from monitoring.detectors.schema import JobSpec
from tests.unit.pipehelpers import OPTED, T0, log, pipeline, run, slurm

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
