"""The outbox and its reconciler: nothing approved is lost, nothing is done twice, nothing stays pending.

Real PostgreSQL and Redis; the simulated world stands in for Slurm. A crash is staged by
leaving the rows where a killed worker would have left them (approved with nothing queued;
executing, with or without the executor's effect in the world), then running the reconciler.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from actions.choices import RecStatus
from actions.executors.simulated import SimulatorExecutor
from actions.models import Recommendation
from actions.services.execution import enqueue_execution, execute_recommendation
from actions.services.recommendations import sync_recommendations
from actions.services.reconcile import reconcile_actions
from incidents.choices import IncidentStatus
from incidents.models import AuditRecord, Incident
from monitoring.choices import Autonomy
from monitoring.locks import holding
from monitoring.models import Node
from monitoring.sources.simulated import load_world, save_world

NOW = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)
pytestmark = [pytest.mark.django_db, pytest.mark.redis]


def later(seconds: float) -> dt.datetime:
    return NOW + dt.timedelta(seconds=seconds)


@pytest.fixture
def world_node(cluster, redis_ns, settings) -> str:  # type: ignore[no-untyped-def]
    """A simulated world saved in Redis; its first node (idle or busy, either is drainable)."""
    settings.SIM_FAULT_MEAN_INTERVAL_S = 0
    world = load_world(cluster, NOW.timestamp())
    save_world(cluster, world)
    for n in world.nodes():  # the partition, so a single drain passes the share guardrail
        Node.objects.create(cluster=cluster, name=n["name"], partition="batch")
    return world.nodes()[0]["name"]


@pytest.fixture
def drain(cluster, world_node, django_capture_on_commit_callbacks) -> Recommendation:  # type: ignore[no-untyped-def]
    """An approved drain, its execution message lost (the callback captured, never run)."""
    cluster.autonomy = Autonomy.AUTO
    cluster.save()
    incident = Incident.objects.create(
        cluster=cluster,
        key="i-1",
        category="gpu_hardware",
        culprit_node=world_node,
        culprit_gpu=3,
        confidence=0.9,
        pattern="xid:79",
        jobs=[],
        detected_at=NOW,
    )
    with django_capture_on_commit_callbacks(execute=False):
        sync_recommendations(incident, [{"action": "drain_node", "node": world_node}], NOW)
    rec = Recommendation.objects.get(incident=incident, action="drain_node")
    assert rec.status == RecStatus.APPROVED and rec.dispatched_at == NOW
    return rec


def _drained_reason(cluster, node: str) -> str | None:  # type: ignore[no-untyped-def]
    n = next(n for n in load_world(cluster, later(1).timestamp()).nodes() if n["name"] == node)
    return n["reason"] if "DRAIN" in n["state"].upper() else None


def enqueued(callbacks: list) -> list[int]:  # type: ignore[type-arg]
    """The recommendation ids whose execution the captured after-commit callbacks would send."""
    return [c.args[0] for c in callbacks if getattr(c, "func", None) is enqueue_execution]


def _stage_executing(rec: Recommendation, attempts: int = 1) -> None:
    """Where a worker killed inside the executor leaves the row."""
    Recommendation.objects.filter(pk=rec.pk).update(
        status=RecStatus.EXECUTING, executed_at=NOW, execution_attempts=attempts
    )
    rec.refresh_from_db()


def test_an_approved_intent_is_not_dispatched_again_before_the_deadline(
    drain, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    with django_capture_on_commit_callbacks(execute=False) as sent:
        report = reconcile_actions(drain.cluster, later(5))
    assert report.redispatched == [] and enqueued(sent) == []
    drain.refresh_from_db()
    assert (drain.status, drain.dispatch_attempts) == (RecStatus.APPROVED, 0)


def test_an_approved_intent_nobody_picked_up_is_dispatched_again_once(
    drain, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    with django_capture_on_commit_callbacks(execute=False) as sent:
        first = reconcile_actions(drain.cluster, later(20))
        second = reconcile_actions(drain.cluster, later(21))  # within the new deadline: not again
    assert first.redispatched == [drain.pk] and second.redispatched == []
    assert enqueued(sent) == [drain.pk]
    drain.refresh_from_db()
    assert (drain.status, drain.dispatch_attempts, drain.dispatched_at) == (RecStatus.APPROVED, 1, later(20))
    assert AuditRecord.objects.filter(recommendation_id=drain.pk, outcome="re-dispatched").count() == 1


def test_the_redispatched_intent_drains_the_node_exactly_once(
    drain, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    with django_capture_on_commit_callbacks(execute=False) as sent:
        reconcile_actions(drain.cluster, later(20))
    execute_recommendation(drain.pk, later(21))  # what the re-sent task does
    execute_recommendation(drain.pk, later(22))  # the original message, delivered late
    drain.refresh_from_db()
    assert drain.status == RecStatus.SUCCEEDED and enqueued(sent) == [drain.pk]
    assert _drained_reason(drain.cluster, drain.node).startswith("recovery: incident")
    assert AuditRecord.objects.filter(recommendation_id=drain.pk, event="execution").count() == 1


def test_an_intent_never_picked_up_ends_failed_with_the_reason_and_escalates(drain, settings) -> None:  # type: ignore[no-untyped-def]
    Recommendation.objects.filter(pk=drain.pk).update(dispatch_attempts=settings.RECOVERY_MAX_DISPATCHES)
    report = reconcile_actions(drain.cluster, later(20))
    drain.refresh_from_db()
    assert report.failed == [drain.pk]
    assert drain.status == RecStatus.FAILED
    assert (
        drain.result
        == f"never picked up by a worker: dispatched again {settings.RECOVERY_MAX_DISPATCHES} times"
    )
    assert drain.incident.__class__.objects.get(pk=drain.incident_id).status == IncidentStatus.ESCALATED
    assert _drained_reason(drain.cluster, drain.node) is None  # nothing was done on the cluster


def test_a_drain_left_executing_after_the_node_was_drained_is_finished_without_draining_again(
    drain, settings
) -> None:  # type: ignore[no-untyped-def]
    # Given the worker drained the node and died before recording it
    _stage_executing(drain)
    SimulatorExecutor(drain.cluster).drain(drain.node, "recovery: incident 1 - test", NOW.timestamp())
    before = load_world(drain.cluster, later(1).timestamp()).to_state()
    # When the reconciler runs past the execution deadline
    report = reconcile_actions(drain.cluster, later(settings.RECOVERY_EXECUTION_DEADLINE_S + 1))
    # Then it is finished from what Slurm shows, and the world was not touched again
    drain.refresh_from_db()
    assert report.finished == [drain.pk] and report.retried == []
    assert drain.status == RecStatus.SUCCEEDED
    assert drain.result.startswith("reconciled: ") and "drained by the controller" in drain.result
    assert Node.objects.get(cluster=drain.cluster, name=drain.node).drained_by_us is True
    assert Incident.objects.get(pk=drain.incident_id).status == IncidentStatus.MITIGATING
    assert load_world(drain.cluster, later(1).timestamp()).to_state() == before


def test_a_drain_left_executing_before_the_executor_ran_is_retried_once(
    drain, settings, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    _stage_executing(drain)
    with django_capture_on_commit_callbacks(execute=False) as sent:
        report = reconcile_actions(drain.cluster, later(settings.RECOVERY_EXECUTION_DEADLINE_S + 1))
    drain.refresh_from_db()
    assert report.retried == [drain.pk] and enqueued(sent) == [drain.pk]
    assert drain.status == RecStatus.APPROVED
    execute_recommendation(drain.pk, later(settings.RECOVERY_EXECUTION_DEADLINE_S + 2))
    drain.refresh_from_db()
    assert (drain.status, drain.execution_attempts) == (RecStatus.SUCCEEDED, 2)
    assert _drained_reason(drain.cluster, drain.node).startswith("recovery: incident")


def test_a_drain_a_crash_left_executing_is_held_when_the_cluster_went_back_to_monitor_meanwhile(
    drain, settings
) -> None:  # type: ignore[no-untyped-def]
    # Given the worker died inside the drain's execution, and the storm breaker tripped since
    _stage_executing(drain)
    drain.cluster.__class__.objects.filter(pk=drain.cluster_id).update(
        monitor_only=True, monitor_only_reason="storm breaker: 3 jobs failed at once"
    )
    # When the reconciler retries it and the re-sent task runs
    report = reconcile_actions(drain.cluster, later(settings.RECOVERY_EXECUTION_DEADLINE_S + 1))
    assert report.retried == [drain.pk]
    execute_recommendation(drain.pk, later(settings.RECOVERY_EXECUTION_DEADLINE_S + 2))
    # Then the world was not touched, and the drain waits, held, for the release
    assert _drained_reason(drain.cluster, drain.node) is None
    drain.refresh_from_db()
    assert drain.status == RecStatus.HELD
    assert drain.transitions.order_by("-id").first().reason == (
        "held at execution: the cluster is back in monitor (storm breaker: 3 jobs failed at once)"
    )


def test_a_drain_still_not_carried_out_after_the_retry_ends_failed_and_escalates(drain, settings) -> None:  # type: ignore[no-untyped-def]
    _stage_executing(drain, attempts=2)
    report = reconcile_actions(drain.cluster, later(settings.RECOVERY_EXECUTION_DEADLINE_S + 1))
    drain.refresh_from_db()
    assert report.failed == [drain.pk]
    assert drain.status == RecStatus.FAILED
    assert drain.result.startswith("not carried out after 2 attempts: ")
    assert Incident.objects.get(pk=drain.incident_id).status == IncidentStatus.ESCALATED
    assert _drained_reason(drain.cluster, drain.node) is None


def test_an_execution_that_finds_the_cluster_busy_waits_in_the_outbox_without_escalating(
    drain, settings
) -> None:  # type: ignore[no-untyped-def]
    settings.RECOVERY_LOCK_WAIT_S = 0.3
    with holding(drain.cluster.pk, wait=0) as held:  # a running tick holds the world
        assert held is not None
        execute_recommendation(drain.pk, later(1))
    drain.refresh_from_db()
    assert drain.status == RecStatus.APPROVED
    assert drain.transitions.order_by("-id").first().reason.startswith("busy: cluster sim-t is busy")
    assert Incident.objects.get(pk=drain.incident_id).status == IncidentStatus.OPEN
    assert not AuditRecord.objects.filter(recommendation_id=drain.pk, event="execution").exists()
    assert _drained_reason(drain.cluster, drain.node) is None


@pytest.fixture
def broker_down():  # type: ignore[no-untyped-def]
    """The Celery broker refuses connections (a real closed port, not a mock)."""
    from recovery_site.celery import app

    saved = (app.conf.broker_url, app.conf.task_publish_retry, app._pool)
    app.conf.broker_url, app.conf.task_publish_retry, app._pool = "redis://127.0.0.1:1/0", False, None
    app.amqp._producer_pool = None
    yield
    app.conf.broker_url, app.conf.task_publish_retry, app._pool = saved
    app.amqp._producer_pool = None


def test_an_approval_whose_enqueue_fails_is_kept_and_the_operator_gets_no_500(  # type: ignore[no-untyped-def]
    client, operator, cluster, world_node, broker_down, django_capture_on_commit_callbacks, caplog
) -> None:
    cluster.autonomy = Autonomy.APPROVE
    cluster.save()
    incident = Incident.objects.create(
        cluster=cluster,
        key="i-1",
        category="gpu_hardware",
        culprit_node=world_node,
        confidence=0.9,
        pattern="xid:79",
        detected_at=NOW,
    )
    sync_recommendations(incident, [{"action": "drain_node", "node": world_node}], NOW)
    rec = Recommendation.objects.get(incident=incident)
    client.force_login(operator)
    with django_capture_on_commit_callbacks(execute=True):
        resp = client.post(reverse("rec-approve", args=[rec.pk]))
    assert resp.status_code in (200, 302)
    assert f"recommendation {rec.pk}: could not enqueue its execution; the reconciler will" in caplog.text
    rec.refresh_from_db()
    assert rec.status == RecStatus.APPROVED and rec.dispatched_at is not None
    assert AuditRecord.objects.filter(recommendation_id=rec.pk, event="approval", actor="otto").count() == 1
