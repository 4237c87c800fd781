"""Methods from holdout26, built blind (issue 24), each tested on lines other than the corpus's.

- The same job, restarted by its owner, failing again before its first step with the same exit code is
  the first failure repeating (one incident, the owner told once), even when nothing the job printed
  explained either failure: where it stood as it ended (``ended_in``) and how it ended are the same.
  Another exit code, or an attempt that trained first, is another failure.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from actions.pipeline import Pipeline
from monitoring.detectors.schema import JobSpec
from tests.unit.pipehelpers import OPTED, T0, log, megatron, pipeline, run, slurm

# Lines no rule explains: a site's launcher saying what it does, then a transport's complaint in its own words.
UNEXPLAINED = (
    "[launcher] starting 8 workers with env OMP_NUM_THREADS=4",
    "[fabric:{pid}] qp_setup.c:212 FAB  ERROR cq create(depth=8192) refused: out of pinned pages",
)


def _attempt(t0: float, code: str, trained: bool) -> list[dict[str, Any]]:
    lines = [log(t0 + 2.0, "7", UNEXPLAINED[0])]
    if trained:
        lines += [log(t0 + 10.0 + 5.0 * i, "7", megatron(i + 1)) for i in range(12)]
    end = t0 + (80.0 if trained else 12.0)
    lines += [log(end - 1.0, "7", UNEXPLAINED[1].format(pid=4000 + r)) for r in range(8)]
    return [*lines, slurm(end, kind="job_state", job="7", state="FAILED", exit_code=code)]


def _twice(code2: str, trained2: bool, handed_over: bool) -> list[Any]:
    """Job 7 fails before its first step with exit 1:0; its owner starts it again 20 min later on other
    nodes, and it fails with ``code2`` (after training a while if ``trained2``)."""
    first = JobSpec("7", "hvd", "tg", ("gpu-a-001", "gpu-a-002"), tasks_per_node=4, started=T0, comment=OPTED)
    p = pipeline(first)
    run(p, _attempt(0.0, "1:0", trained=False), until=600.0)
    if handed_over:  # another worker takes the next tick
        p = Pipeline.from_state(json.loads(json.dumps(p.to_state())))
    again = [
        slurm(1200.0, kind="job_state", job="7", state="RUNNING", exit_code="0:0", nodes="gpu-a-[005-006]")
    ]
    run(p, again + _attempt(1201.0, code2, trained2), until=1600.0)
    return p.incidents()


@settings(max_examples=12, deadline=None)
@given(code2=st.sampled_from(["1:0", "2:0", "137:0"]), trained2=st.booleans(), handed_over=st.booleans())
def test_the_same_job_failing_again_before_its_first_step_the_same_way_is_one_incident(
    code2: str, trained2: bool, handed_over: bool
) -> None:
    incs = _twice(code2, trained2, handed_over)
    assert all(i.category == "software" and i.culprit_node is None for i in incs)
    same = code2 == "1:0" and not trained2
    assert len(incs) == (1 if same else 2), [(i.key, i.evidence) for i in incs]
    assert T0 < incs[0].detected_t < T0 + 600.0
