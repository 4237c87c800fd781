"""A node's tasks that kept pace through the start-up and then stopped short of a line every other node's tasks
printed: that node, not the program (issue 24; holdout16, blind: cn125's four tasks hung copying their data to its
GPUs while twelve peers on three nodes went on, "My code executes fine on all other nodes"; read as a start-up
whose tasks started far apart, the owner told and nothing requeued).

A late start (the late task printed only its first line, then nothing while its peers went on) stays the owner's
launch (``staggered_start``). Stopped tasks on two nodes, beside a task of their own node that went on, or with
the first task among them (the one that does the job's extra work) name no node, and a fresh start's failure is
the program's until shown otherwise.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from incidents.attribution.start_skew import IN_STEP_LINES, STEP_SLACK_S, StartSkew
from monitoring.detectors.schema import JobSpec
from tests.unit.pipehelpers import OPTED, T0, log, pipeline, run

NODES = tuple(f"gpu-a-{i:03d}" for i in range(1, 5))


def _startup(stuck: set[int], tasks: int = 8) -> list[tuple[float, str]]:
    lines = []
    for k in range(tasks):
        lines.append(
            (6.0 + 0.1 * k, f"{k}: rank {k:2d}/{tasks} on {NODES[k // 2]} cuda:{k % 2} | torch 2.1.2")
        )
        lines.append(
            (14.0 + 0.1 * k, f"{k}: rank {k:2d}: copying 82400 samples (20.1 GiB) to cuda:{k % 2} ...")
        )
        if k not in stuck:
            lines.append((30.0 + 0.2 * k, f"{k}: rank {k:2d}: dataset resident on cuda:{k % 2} in 16.{k} s"))
    if 0 not in stuck:
        lines.append((36.0, "0: wrapping model in DistributedDataParallel(device_ids=[0])"))
    return sorted(lines)


def _incidents(stuck: set[int]) -> list[tuple[str, str | None, str, list[str]]]:
    spec = JobSpec("5", name="cnn", user="kim", nodes=NODES, tasks_per_node=2, started=T0, comment=OPTED)
    p = pipeline(spec)
    run(p, [log(t, "5", line) for t, line in _startup(stuck)], until=400)
    return [
        (i.category, i.culprit_node, i.pattern, [r.action for r in i.recommendations]) for i in p.incidents()
    ]


def test_the_one_node_whose_tasks_stopped_where_the_others_went_on_is_excluded() -> None:
    [(category, node, pattern, actions)] = _incidents({6, 7})
    assert (category, node, pattern) == ("hang", "gpu-a-004", "stuck_at_start")
    assert actions == ["requeue_job"]  # no history: excluded from the requeue, not drained


def test_stopped_tasks_that_name_no_one_node_leave_it_to_the_owner() -> None:
    for stuck in ({5, 6}, {0, 1}, {7}):  # two nodes; the first task's node; beside a task that went on
        [(category, node, _, actions)] = _incidents(stuck)
        assert (category, node, actions) == ("software", None, ["notify"]), stuck


@settings(max_examples=120, deadline=None)
@given(
    shared=st.integers(1, 4),
    lag=st.floats(0.0, 30.0),
    spread=st.floats(0.0, 10.0),
    n=st.integers(4, 16),
)
def test_in_step_means_enough_shared_lines_none_of_them_late(
    shared: int, lag: float, spread: float, n: int
) -> None:
    watch = StartSkew(900.0, 90.0)
    watch.start("1", 0.0)
    for j in range(shared):  # every task prints the shared start-up lines; the last one's late by ``lag``
        for k in range(n):
            at = 10.0 * (j + 1) + spread * k / (n - 1) + (lag if k == n - 1 and j == shared - 1 else 0.0)
            watch.on_line("1", at, f"{k}: start-up phase {chr(65 + j)} done: loaded {100 + k} items")
    for k in range(n - 1):
        watch.on_line("1", 10.0 * (shared + 1) + 50.0, f"{k}: ready after {k}.5 s")
    sk = watch.skew("1")
    assert sk is not None and sk.late == (n - 1,)
    peers_last = spread * (n - 2) / (n - 1)  # after the line's own 10 s step, as the late one's
    late_by = spread + lag - peers_last
    allowed = max(peers_last, STEP_SLACK_S)
    if abs(late_by - allowed) > 1e-6:
        assert sk.in_step == (shared >= IN_STEP_LINES and late_by <= allowed), (shared, lag, spread)
