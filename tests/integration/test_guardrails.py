"""Each guardrail blocks an automatic action and says which one did; blocked actions are never queued."""

from __future__ import annotations

import datetime as dt

import pytest

from actions.choices import RecStatus
from actions.models import Recommendation
from actions.services.recommendations import approve_recommendation
from actions.services.transitions import Conflict
from incidents.choices import IncidentStatus
from incidents.models import AuditRecord
from monitoring.choices import Autonomy
from monitoring.models import Node
from tests.integration.autonomy_helpers import (
    NOW,
    done_requeue,
    drain,
    make_incident,
    make_job,
    make_nodes,
    propose,
    requeue,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def auto(cluster):  # type: ignore[no-untyped-def]
    cluster.autonomy = Autonomy.AUTO
    cluster.save()
    make_nodes(cluster)
    make_job(cluster, "4101", "gpu-a-[001-002]")
    return cluster


@pytest.fixture
def enqueued(published_executions):  # type: ignore[no-untyped-def]
    """Executions sent to the real broker after commit (a queue no worker reads: nothing runs)."""
    return published_executions


def _blocked_record(rec: Recommendation) -> AuditRecord:
    return AuditRecord.objects.get(recommendation_id=rec.pk, outcome=RecStatus.BLOCKED)


def test_the_drain_rate_guardrail_blocks_the_next_drain_and_says_so(
    auto, enqueued, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    auto.max_drains_per_hour = 1
    auto.save()
    earlier = make_incident(auto, "i-0", "gpu-a-004", [])
    Recommendation.objects.create(
        incident=earlier,
        cluster=auto,
        action="drain_node",
        node="gpu-a-004",
        status="succeeded",
        created_at=NOW,
        executed_at=NOW - dt.timedelta(minutes=10),
    )
    with django_capture_on_commit_callbacks(execute=True):
        [rec] = propose(make_incident(auto, "i-1", "gpu-a-003", []), drain("gpu-a-003"))
    assert rec.status == RecStatus.BLOCKED
    assert rec.blocked_reason == "drain rate: 1 drains by the controller in the last hour (limit 1 per hour)"
    assert _blocked_record(rec).detail["reason"] == rec.blocked_reason
    assert enqueued == []


def test_the_partition_share_guardrail_blocks_a_drain(auto) -> None:  # type: ignore[no-untyped-def]
    auto.max_partition_drained_pct = 25
    auto.save()
    Node.objects.filter(cluster=auto, name="gpu-a-004").update(drained_by_us=True, state="DRAIN")
    [rec] = propose(make_incident(auto, "i-1", "gpu-a-003", []), drain("gpu-a-003"))
    assert rec.status == RecStatus.BLOCKED
    assert rec.blocked_reason.startswith(
        "partition share: draining one more would leave 2 of 4 nodes drained"
    )
    assert _blocked_record(rec).actor == "controller"
    assert not Recommendation.objects.filter(status__in=[RecStatus.APPROVED, RecStatus.EXECUTING]).exists()


def test_the_restart_budget_is_the_jobs_own_max_requeues(auto) -> None:  # type: ignore[no-untyped-def]
    inc = make_incident(auto, "i-1", "gpu-a-002", ["4101"])
    done_requeue(inc, "4101", 500, minutes_ago=50)
    done_requeue(inc, "4101", 700, minutes_ago=20)  # progressed in between: no storm, just spent
    [rec] = propose(inc, requeue("4101", "gpu-a-002"))
    assert rec.status == RecStatus.BLOCKED
    assert rec.blocked_reason == "restart budget: job 4101 was already requeued 2 times (its limit is 2)"
    assert _blocked_record(rec).workload == "4101"


def test_a_job_that_did_not_opt_in_is_never_requeued_not_even_on_approval(auto, operator) -> None:  # type: ignore[no-untyped-def]
    make_job(auto, "4102", "gpu-a-003", comment="")
    inc = make_incident(auto, "i-1", "gpu-a-003", ["4102"])
    [rec] = propose(inc, requeue("4102", "gpu-a-003"))
    assert rec.status == RecStatus.BLOCKED and rec.blocked_reason.startswith(
        "opt-in: job 4102 did not opt in"
    )
    auto.autonomy = Autonomy.APPROVE
    auto.save()
    inc2 = make_incident(auto, "i-2", "gpu-a-004", ["4102"])
    [rec2] = propose(inc2, requeue("4102", "gpu-a-004"))
    assert rec2.status == RecStatus.AWAITING_APPROVAL
    with pytest.raises(Conflict, match="opt-in"):
        approve_recommendation(rec2, operator, NOW)
    rec2.refresh_from_db()
    assert rec2.status == RecStatus.BLOCKED
    assert not AuditRecord.objects.filter(event="approval", recommendation_id=rec2.pk).exists()


def test_a_restart_storm_is_held_and_escalated_instead_of_requeued_again(auto) -> None:  # type: ignore[no-untyped-def]
    auto.restart_storm_limit = 2
    auto.save()
    make_job(
        auto,
        "4103",
        "gpu-a-[029-030]",
        partition="canary",
        comment='{"recovery": {"max_requeues": 9}}',
        ckpt=900,
    )
    inc = make_incident(auto, "i-1", "gpu-a-030", ["4103"])
    done_requeue(inc, "4103", 900, minutes_ago=30)
    done_requeue(inc, "4103", 900, minutes_ago=10)  # restarted twice, still at checkpoint 900
    [rec] = propose(inc, requeue("4103", "gpu-a-030"))
    assert rec.status == RecStatus.BLOCKED
    assert rec.blocked_reason.startswith(
        "restart storm: job 4103 was requeued 2 times in a row without progressing past its checkpoint"
    )
    inc.refresh_from_db()
    assert inc.status == IncidentStatus.ESCALATED
    assert inc.transitions.get(new=IncidentStatus.ESCALATED).reason == rec.blocked_reason


def test_one_requeue_stuck_at_the_checkpoint_is_not_yet_a_storm(auto) -> None:  # type: ignore[no-untyped-def]
    make_job(
        auto,
        "4103",
        "gpu-a-[029-030]",
        partition="canary",
        comment='{"recovery": {"max_requeues": 9}}',
        ckpt=900,
    )
    inc = make_incident(auto, "i-1", "gpu-a-030", ["4103"])
    done_requeue(inc, "4103", 800, minutes_ago=30)
    done_requeue(inc, "4103", 900, minutes_ago=10)
    [rec] = propose(inc, requeue("4103", "gpu-a-030"))
    assert rec.status == RecStatus.APPROVED
    assert inc.status == IncidentStatus.OPEN


def test_a_requeue_says_what_a_restart_loses(auto, enqueued, django_capture_on_commit_callbacks) -> None:  # type: ignore[no-untyped-def]
    with django_capture_on_commit_callbacks(execute=True):
        [rec] = propose(make_incident(auto, "i-1", "gpu-a-002", ["4101"]), requeue("4101", "gpu-a-002"))
    assert rec.text == (
        "requeue excluding gpu-a-002; a restart loses 100 steps since the checkpoint at step 900 (about 290 s of training)"
    )
    assert rec.status == RecStatus.APPROVED
    assert enqueued == [rec.pk]  # the positive case: an allowed auto action is sent


def test_a_restart_that_would_lose_everything_waits_for_an_operator_even_in_auto(
    auto, enqueued, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    make_job(auto, "4104", "gpu-a-003", ckpt=None)
    with django_capture_on_commit_callbacks(execute=True):
        [rec] = propose(make_incident(auto, "i-1", "gpu-a-003", ["4104"]), requeue("4104", "gpu-a-003"))
    assert rec.status == RecStatus.AWAITING_APPROVAL
    assert "no checkpoint seen: a restart starts over and loses all 1000 steps" in rec.text
    assert rec.transitions.get(new=RecStatus.AWAITING_APPROVAL).reason.startswith(
        "no checkpoint seen for job 4104"
    )
    assert enqueued == []


def test_many_nodes_blamed_at_once_trip_the_storm_breaker_and_stop_pending_drains(
    auto, published_executions
) -> None:  # type: ignore[no-untyped-def]
    from actions.services.storm import check_storm_breaker

    # approved, not yet started: executions go to a queue no worker reads (published_executions)
    auto.storm_min_nodes = 3
    auto.save()
    first = [propose(make_incident(auto, f"i-{n}", n, []), drain(n))[0] for n in ("gpu-a-001", "gpu-a-002")]
    assert check_storm_breaker(auto, NOW) is None  # two nodes: still hardware, not a storm
    assert {r.status for r in first} == {RecStatus.APPROVED}
    make_incident(auto, "i-3", "gpu-a-003", [], at=NOW + dt.timedelta(seconds=30))
    why = check_storm_breaker(auto, NOW + dt.timedelta(seconds=30))
    assert why == "storm breaker: 3 nodes blamed at once (gpu-a-001, gpu-a-002, gpu-a-003)"
    auto.refresh_from_db()
    assert (auto.monitor_only, auto.monitor_only_reason) == (True, why)
    assert {Recommendation.objects.get(pk=r.pk).status for r in first} == {RecStatus.HELD}
    assert not Node.objects.filter(cluster=auto, drained_by_us=True).exists()
    assert set(auto.incidents.values_list("status", flat=True)) == {IncidentStatus.ESCALATED}
    switch = AuditRecord.objects.get(event="autonomy")
    assert (switch.actor_type, switch.outcome, switch.detail["reason"]) == ("system", "monitor", why)
    [late] = propose(
        make_incident(auto, "i-4", "gpu-a-004", [], at=NOW + dt.timedelta(seconds=40)), drain("gpu-a-004")
    )
    assert late.status == RecStatus.PROPOSED  # nothing new is approved on its own either
    assert check_storm_breaker(auto, NOW + dt.timedelta(seconds=40)) is None  # already tripped: audited once
    assert AuditRecord.objects.filter(event="autonomy").count() == 1
