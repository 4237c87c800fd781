"""Policy: the category table, honouring each job's opt-in and restart budget."""

from __future__ import annotations

from actions.policy import Decision, JobFacts, recommend
from monitoring.detectors.schema import parse_opt_in

OPTED = parse_opt_in('{"recovery": {"max_requeues": 2}}')
NOT_OPTED = parse_opt_in("")
ZERO = parse_opt_in('{"recovery": {"max_requeues": 0}}')


def _actions(d: Decision) -> list[dict]:
    return [r.to_dict() for r in recommend(d) if r.action in ("drain_node", "requeue_job")]


def test_hardware_drains_and_requeues_opted_in_jobs_excluding_the_node() -> None:
    d = Decision("gpu_hardware", "n3", (JobFacts("1", "alice", OPTED),))
    assert _actions(d) == [
        {"action": "drain_node", "node": "n3"},
        {"action": "requeue_job", "job": "1", "exclude": ["n3"]},
    ]


def test_a_job_that_did_not_opt_in_is_never_requeued_but_its_owner_is_told() -> None:
    for opt in (NOT_OPTED, ZERO):
        recs = recommend(Decision("network", "n3", (JobFacts("1", "alice", opt),)))
        assert [r.action for r in recs] == ["drain_node", "notify"]


def test_a_job_out_of_restarts_is_not_requeued() -> None:
    recs = recommend(Decision("node_failure", "n3", (JobFacts("1", "alice", OPTED, restarts_used=2),)))
    assert [r.action for r in recs] == ["drain_node", "notify"]
    assert "budget" in recs[1].text


def test_a_hang_requeues_excluding_the_suspect_without_draining_it() -> None:
    assert _actions(Decision("hang", "n3", (JobFacts("1", "a", OPTED),))) == [
        {"action": "requeue_job", "job": "1", "exclude": ["n3"]}
    ]


def test_a_hang_drains_a_suspect_history_already_named() -> None:
    d = Decision(
        "hang", "n3", (JobFacts("1", "a", OPTED),), suspect_before="history: n3 was suspect (hang) before"
    )
    assert [a["action"] for a in _actions(d)] == ["drain_node", "requeue_job"]


def test_a_hang_without_suspect_requeues_without_exclusion() -> None:
    assert _actions(Decision("hang", None, (JobFacts("1", "a", OPTED),))) == [
        {"action": "requeue_job", "job": "1", "exclude": []}
    ]


def test_software_only_notifies_the_owner() -> None:
    recs = recommend(
        Decision("software", None, (JobFacts("1", "a", OPTED),), summary="KeyError on every rank")
    )
    assert [r.action for r in recs] == ["notify"] and "KeyError" in recs[0].text


def test_infrastructure_escalates_once_for_all_jobs() -> None:
    recs = recommend(Decision("infrastructure", None, (JobFacts("1", "a", OPTED), JobFacts("2", "b", OPTED))))
    assert [r.action for r in recs] == ["escalate"]


def test_a_finished_job_is_not_requeued() -> None:
    recs = recommend(Decision("gpu_degraded", "n1", (JobFacts("1", "a", OPTED, finished_ok=True),)))
    assert [r.action for r in recs] == ["drain_node", "notify"]


def test_replay_shape_of_each_action() -> None:
    recs = recommend(Decision("software", None, (JobFacts("1", "a", OPTED),), summary="x"))
    assert set(recs[0].to_dict()) == {"action", "text", "job"}
