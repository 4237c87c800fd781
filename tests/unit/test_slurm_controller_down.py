"""The Slurm controller out of reach (issue 24: holdout4, three jobs found only by their stalls, 222 s late).

srun and slurmstepd print Slurm's own strerror for it (``src/common/slurm_errno.c``,
SLURMCTLD_COMMUNICATIONS_*_ERROR) after their own context: a service all jobs share, so shared
infrastructure at once (escalate; nothing drained or requeued), and jobs on disjoint nodes saying it
within minutes are one incident.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors.logs import parse_joblog
from monitoring.detectors.schema import Kind
from tests.unit.pipehelpers import T0, job, log, megatron, pipeline, run


@settings(max_examples=60, deadline=None)
@given(
    who=st.sampled_from(["srun: error", "slurmstepd: error"]),  # Slurm's error() prefixes "error: "
    context=st.sampled_from(
        ["Unable to confirm allocation for job 60564", "Unable to create step for job 7", "_step_connect", ""]
    ),
    how=st.sampled_from(["connect", "send", "receive", "shutdown"]),
    label=st.sampled_from(["", "0: ", "12: "]),
)
def test_every_controller_communication_error_is_the_shared_controller(
    who: str, context: str, how: str, label: str
) -> None:
    sep = f"{context}: " if context else ""
    info = parse_joblog(f"{label}{who}: {sep}Unable to contact slurm controller ({how} failure)")
    assert info is not None and info.kind == Kind.FS_ERROR
    assert info.data["service"] == "slurmctld" and f"({how} failure)" in info.text


def test_other_srun_errors_are_not_the_controller() -> None:
    for line in (
        "srun: error: Unable to allocate resources: Invalid partition name specified",
        "srun: Job 60564 step creation temporarily disabled, retrying (Requested nodes are busy)",
        "print('could not reach the slurm controller, retrying')",
    ):
        info = parse_joblog(line)
        assert info is None or info.data.get("service") != "slurmctld"


def test_jobs_on_disjoint_nodes_losing_the_controller_are_one_infrastructure_incident() -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"), job("2", "gpu-b-[001-002]"))
    steps = [log(10.0 * i, j, megatron(100 + i)) for i in range(1, 12) for j in ("1", "2")]
    lost = "srun: error: Unable to confirm allocation for job {0}: Unable to contact slurm controller (connect failure)"
    run(p, [*steps, log(115.0, "1", lost.format(1)), log(160.0, "2", lost.format(2))], until=170)
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node, sorted(inc.jobs)) == ("infrastructure", None, ["1", "2"])
    assert inc.detected_t - (T0 + 115.0) <= 1.0
    assert [r.action for r in inc.recommendations] == ["escalate"]
