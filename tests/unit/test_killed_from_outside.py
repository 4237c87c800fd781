"""Jobs killed from outside (issue 24, holdout14 blind: a site's job killer misfiring, five jobs of three users on
four nodes dead of SIGKILL with empty stderr; four incidents said "a restart would repeat it", none named the cause).

The scheduler's FAILED with signal 9 or 15 (``0:9``, or a shell's 137/143) and nothing of the program's own: died by
another's hand, whether a restart repeats it not shown. Several owners' jobs on disjoint nodes killed so within
``KILL_STORM_S`` are one thing outside them all: one infrastructure incident, escalated, nothing requeued.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors.schema import JobSpec
from tests.unit.pipehelpers import OPTED, T0, log, megatron, pipeline, run, slurm


def _job(i: int, user: str) -> JobSpec:
    return JobSpec(
        str(100 + i),
        name=f"w{i}",
        user=user,
        nodes=(f"c{i:03d}",),
        tasks_per_node=1,
        started=T0 - 3600,
        comment=OPTED,
    )


@settings(max_examples=30, deadline=None)
@given(
    n=st.integers(1, 5),
    users=st.integers(1, 3),
    gap=st.floats(10.0, 500.0),
    code=st.sampled_from(["0:9", "0:15", "137:0", "143:0", "1:0", "0:0"]),
)
def test_jobs_killed_from_outside_are_one_shared_incident_when_several_owners_lost_them(
    n: int, users: int, gap: float, code: str
) -> None:
    specs = [_job(i, f"u{i % users}") for i in range(n)]
    p = pipeline(*specs)
    end = {s.id: 100.0 + gap * i for i, s in enumerate(specs)}
    # each job steps every 10 s until it is killed
    steps = [log(10.0 * k, s.id, megatron(100 + k)) for s in specs for k in range(1, int(end[s.id] / 10.0))]
    ends = [slurm(end[s.id], kind="job_state", job=s.id, state="FAILED", exit_code=code) for s in specs]
    run(p, [*steps, *ends], until=110 + gap * n)
    incs = p.incidents()
    killed = code in ("0:9", "0:15", "137:0", "143:0")
    owners = len({s.user for s in specs})
    if killed and n >= 3 and owners >= 2:  # each kill within KILL_STORM_S of the one before
        [inc] = incs
        assert (inc.category, inc.pattern, len(inc.jobs)) == ("infrastructure", "jobs_killed_from_outside", n)
        assert [r.action for r in inc.recommendations] == ["escalate"]
    elif killed:
        assert incs and all(i.pattern == "killed_from_outside" for i in incs)
        assert all(
            "nothing shows a restart would fare better" in r.text for i in incs for r in i.recommendations
        )
    else:
        assert all(i.pattern not in ("killed_from_outside", "jobs_killed_from_outside") for i in incs)
