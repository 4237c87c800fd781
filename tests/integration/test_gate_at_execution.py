"""Execution asks every gate again at the moment it runs, also for rows the reconciler put back.

A drain the ladder approved waits (its message late, or its worker killed mid-way and the row put
back to approved by the reconciler); meanwhile the world moved. What runs then must pass what the
decision passed: a silence begun since holds it, an autonomy lowered since sends it to a person,
a drain budget spent by others since blocks it, a dismissed incident's owner notice is not sent.
Counted in the simulated world: the node drained or not.
"""

from __future__ import annotations

import pytest

from actions.choices import ActionKind, RecStatus
from actions.models import Recommendation
from actions.services.execution import execute_recommendation
from actions.services.reconcile import reconcile_actions
from incidents.choices import IncidentStatus
from incidents.models import Incident
from incidents.silences import create_silence
from monitoring.choices import Autonomy
from tests.integration.http_receiver import Receiver
from tests.integration.test_outbox import (  # noqa: F401 - the fixtures
    NOW,
    _drained_reason,
    _stage_executing,
    drain,
    later,
    world_node,
)

pytestmark = [pytest.mark.django_db, pytest.mark.redis]


def _crash_and_retry(rec: Recommendation, settings) -> Recommendation:  # type: ignore[no-untyped-def]
    """The worker died inside the execution; the reconciler puts it back; the re-sent task runs."""
    _stage_executing(rec)
    deadline = float(settings.RECOVERY_EXECUTION_DEADLINE_S)
    assert reconcile_actions(rec.cluster, later(deadline + 1)).retried == [rec.pk]
    execute_recommendation(rec.pk, later(deadline + 2))
    rec.refresh_from_db()
    return rec


def _last_reason(rec: Recommendation) -> str:
    return rec.transitions.order_by("-id").first().reason


def test_a_drain_put_back_by_the_reconciler_is_held_by_a_silence_begun_since(
    drain, settings, admin_user
) -> None:  # type: ignore[no-untyped-def]
    create_silence(
        drain.cluster,
        admin_user,
        starts_at=NOW,
        ends_at=later(7200),
        reason="rack maintenance",
        now=NOW,
        node=drain.node,
    )
    rec = _crash_and_retry(drain, settings)
    assert _drained_reason(rec.cluster, rec.node) is None
    assert rec.status == RecStatus.HELD
    assert _last_reason(rec).startswith("held at execution: silenced by ")


def test_a_drain_the_ladder_approved_goes_to_a_person_when_autonomy_was_lowered_since(
    drain, settings
) -> None:  # type: ignore[no-untyped-def]
    drain.cluster.__class__.objects.filter(pk=drain.cluster_id).update(autonomy=Autonomy.APPROVE)
    rec = _crash_and_retry(drain, settings)
    assert _drained_reason(rec.cluster, rec.node) is None
    assert rec.status == RecStatus.AWAITING_APPROVAL
    assert "a person decides" in _last_reason(rec)


def test_a_late_drain_is_blocked_when_others_spent_the_drain_budget_since(drain, settings) -> None:  # type: ignore[no-untyped-def]
    cluster = drain.cluster
    cluster.__class__.objects.filter(pk=cluster.pk).update(max_drains_per_hour=1)
    Recommendation.objects.create(  # another drain carried out since this one was approved
        incident=drain.incident,
        cluster=cluster,
        action=ActionKind.DRAIN_NODE,
        node="gpu-a-031",
        status=RecStatus.SUCCEEDED,
        created_at=NOW,
        executed_at=later(5),
    )
    execute_recommendation(drain.pk, later(10))  # its message, delivered late
    drain.refresh_from_db()
    assert _drained_reason(cluster, drain.node) is None
    assert drain.status == RecStatus.BLOCKED
    assert drain.blocked_reason.startswith("blocked at execution: ")


def test_an_owner_notice_of_an_incident_dismissed_before_it_ran_is_not_sent(drain, settings) -> None:  # type: ignore[no-untyped-def]
    notice = Recommendation.objects.create(
        incident=drain.incident,
        cluster=drain.cluster,
        action=ActionKind.NOTIFY,
        text="job 4101 failed: tell its owner",
        status=RecStatus.APPROVED,
        created_at=NOW,
        dispatched_at=NOW,
    )
    Incident.objects.filter(pk=drain.incident_id).update(status=IncidentStatus.DISMISSED)
    with Receiver([]) as rx:
        settings.RECOVERY_WEBHOOKS = f"json={rx.url}/hook"
        execute_recommendation(notice.pk, later(5))
        notice.refresh_from_db()
        assert notice.status == RecStatus.SUPERSEDED
        assert rx.bodies == []


def test_a_drain_whose_gates_all_still_pass_runs(drain, settings) -> None:  # type: ignore[no-untyped-def]
    rec = _crash_and_retry(drain, settings)
    assert rec.status == RecStatus.SUCCEEDED
    assert _drained_reason(rec.cluster, rec.node).startswith("recovery: incident")
