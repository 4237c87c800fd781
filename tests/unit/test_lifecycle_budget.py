"""A job's restart budget is one function of its audit trail (issue 23, defect 5).

The audit trail is generated from what the controller did (requeues that succeeded or
failed, other actions, other jobs), then read back with re-reads and in any order: the
count is always the number of our requeues that succeeded, each once, and the budget
never lets a job be restarted more often than its opt-in allows.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from actions.lifecycle import budget
from actions.lifecycle.budget import AuditFact, Budget, Refused, Standing
from actions.pipeline import Pipeline
from actions.policy.recommend import Decision, JobFacts, recommend
from monitoring.detectors.schema import ClusterSpec, JobSpec, parse_opt_in

JOBS = ("4101", "4102", "4103")
OUTCOMES = ("succeeded", "failed", "already")  # "already": the executor found it done, changed nothing
ACTIONS = ("requeue_job", "drain_node", "notify")

# One thing the controller did: (recommendation id, action, job, outcome)
acts = st.lists(
    st.tuples(st.sampled_from(ACTIONS), st.sampled_from(JOBS), st.sampled_from(OUTCOMES)), max_size=25
).map(lambda xs: [(i + 1, *x) for i, x in enumerate(xs)])


def _records(done: list[tuple[int, str, str, str]], rereads: list[int]) -> list[AuditFact]:
    """The audit records those acts wrote (approval then execution), plus records read twice."""
    out: list[AuditFact] = []
    for rec_id, action, job, outcome in done:
        out.append(AuditFact(len(out) + 1, "approval", "approved", f"{action} {job}", job, rec_id))
        status = "failed" if outcome == "failed" else "succeeded"
        reason = {"succeeded": "done: requeued", "failed": "failed: refused", "already": "already: pending"}[
            outcome
        ]
        out.append(AuditFact(len(out) + 1, "execution", status, f"{action} {job}", job, rec_id, reason))
    return out + [out[i % len(out)] for i in rereads] if out else out


@given(acts, st.lists(st.integers(min_value=0, max_value=200), max_size=10), st.randoms())
def test_the_count_is_our_succeeded_requeues_each_once_however_the_trail_is_read(done, rereads, rnd) -> None:  # type: ignore[no-untyped-def]
    facts = _records(done, rereads)
    rnd.shuffle(facts)
    for job in JOBS:
        ours = {
            rec
            for rec, action, j, outcome in done
            if (action, j, outcome) == ("requeue_job", job, "succeeded")
        }
        assert set(budget.restarts_by_us(facts, job)) == ours
        assert budget.restart_counts(facts).get(job, 0) == len(ours)
        shown = budget.budget_of(job, True, 3, facts).used
        assert budget.restart_budget_is_one_function_of_audit(shown, job, facts) is None


def test_a_count_that_differs_from_the_trail_is_a_violation() -> None:
    facts = _records([(1, "requeue_job", "4101", "succeeded")], [])
    assert budget.restart_budget_is_one_function_of_audit(1, "4101", facts) is None
    assert budget.restart_budget_is_one_function_of_audit(3, "4101", facts) == (
        "job 4101: 3 restarts by us shown, 1 in the audit trail"
    )


@given(st.booleans(), st.integers(min_value=0, max_value=6), st.integers(min_value=0, max_value=12))
def test_restarting_as_often_as_asked_never_passes_the_budget(opted_in, limit, asked) -> None:  # type: ignore[no-untyped-def]
    b = Budget("7", opted_in, limit, 0)
    done = 0
    for _ in range(asked):
        try:
            b = budget.restarted(b)
            done += 1
        except Refused as refused:
            assert str(refused) == budget.why_not_restart(b)
        assert budget.never_more_restarts_than_budget(b) is None
    allowed = limit if opted_in else 0
    assert done == min(asked, allowed) and b.used == done
    assert b.standing == (
        Standing.NOT_OPTED_IN if not allowed else Standing.SPENT if done == limit else Standing.WITHIN
    )


def test_the_policy_says_spent_with_the_same_count_the_job_page_shows() -> None:
    facts = _records(
        [(1, "requeue_job", "1", "succeeded"), (2, "requeue_job", "1", "succeeded")], [0, 1, 2, 3]
    )
    page = budget.budget_of("1", True, 2, facts)
    opt = parse_opt_in('{"recovery": {"max_requeues": 2}}')
    [_, notice] = recommend(Decision("node_failure", "n3", (JobFacts("1", "alice", opt, page.used),)))
    assert notice.text == "job 1 hit by node_failure; not requeued: its requeue budget is spent (2/2)"
    assert f"({page.shown})" in notice.text


def _pipeline_restarted_by_slurm() -> Pipeline:
    """A running job that Slurm itself requeued twice (new start times): restarts seen, none by us."""
    spec = JobSpec(
        "9", "train", "alice", ("n1", "n2"), 1, 100.0, '{"recovery": {"max_requeues": 1}}', "batch"
    )
    p = Pipeline(ClusterSpec("c", ("n1", "n2", "n3")), [spec])
    for started in (300.0, 500.0):
        p.feed((), started - 50)
        p.upsert_job(replace(spec, started=started))
    p.feed((), 600.0)
    return p


def test_restarts_the_scheduler_made_do_not_spend_our_budget() -> None:
    p = _pipeline_restarted_by_slurm()
    assert p.world.jobs["9"].restarts == 2  # the pipeline saw the job start again, twice
    facts = p._facts("9")
    assert facts.restarts_used == 0 and facts.may_requeue
    p.note_restarts_by_us({"9": 1})  # the audit trail has one requeue of ours
    assert p._facts("9").restarts_used == 1 and not p._facts("9").may_requeue


@pytest.mark.parametrize(
    ("opted_in", "limit", "used", "standing"),
    [
        (False, 3, 0, "not_opted_in"),
        (True, 0, 0, "not_opted_in"),
        (True, 2, 1, "within"),
        (True, 2, 2, "spent"),
    ],
)
def test_the_standing_of_a_budget(opted_in: bool, limit: int, used: int, standing: str) -> None:
    assert Budget("7", opted_in, limit, used).standing == standing


def test_a_decision_that_names_another_count_than_the_trail_is_a_violation() -> None:
    """Issue 23, defect 5: "budget is spent (3/2)" beside "Restarts by us: 1", "(2/2)" on a job never
    restarted. What the policy's notice and the guardrail's refusal say is the trail's count as it
    stood when they decided, of the job's own limit; the same notice on another trail is a violation."""
    one = _records([(1, "requeue_job", "1", "succeeded")], [0, 1])
    two = _records([(1, "requeue_job", "1", "succeeded"), (2, "requeue_job", "1", "succeeded")], [0, 1, 2])
    opt = parse_opt_in('{"recovery": {"max_requeues": 2}}')
    used = budget.budget_of("1", True, 2, two).used
    [_, notice] = recommend(Decision("node_failure", "n3", (JobFacts("1", "alice", opt, used),)))
    assert budget.decision_names_the_audit_count(notice.text, "1", 2, two) is None
    assert budget.decision_names_the_audit_count(notice.text, "1", 2, one) == (
        "job 1: a decision says 'budget is spent (2/2)', but the audit trail had 1 restarts by us "
        "of 2 allowed (1/2) when it was made"
    )
    assert budget.decision_names_the_audit_count(notice.text, "1", 2, []) is not None  # never restarted
    assert budget.decision_names_the_audit_count(notice.text, "1", 3, two) is not None  # another limit
    # The pipeline's own count (a requeue seen pending, then running: two restarts) is not the trail's.
    seen = JobFacts("1", "alice", opt, 2)
    [_, said] = recommend(Decision("node_failure", "n3", (seen,)))
    assert budget.decision_names_the_audit_count(said.text, "1", 2, one) is not None
    # The restart guardrail's refusal, read the same way.
    guard = "restart budget: job 1 was already requeued 3 times (its limit is 2)"
    assert budget.decision_names_the_audit_count(guard, "1", 2, one) is not None
    assert budget.decision_names_the_audit_count(guard.replace("3 times", "1 times"), "1", 2, one) is None
    # A decision that does not name the budget says nothing to check.
    assert budget.decision_names_the_audit_count("job 1 hit by xid; not requeued", "1", 2, []) is None
