"""The webhook outbox (issue 29): a message whose enqueue was lost is sent again, once.

An escalation or a storm-breaker trip has no recommendation for the reconciler to run again:
if the process dies between the commit (the ``WebhookDelivery`` row is written) and the
``on_commit`` enqueue, or the broker loses the message, only the outbox sweep (a beat task)
sends it. Simulated here without monkeypatching anything: the after-commit callbacks of the
``notify`` are captured and dropped (the enqueue that never happened); a real HTTP receiver
on 127.0.0.1 counts the POSTs.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import transaction
from django.utils import timezone

from actions.models import WebhookDelivery
from actions.services.delivery import MAX_ATTEMPTS
from actions.services.notify import CLAIM_STALE_S, notify
from incidents.models import AuditRecord
from tests.integration.http_receiver import Receiver

pytestmark = [pytest.mark.django_db, pytest.mark.redis]  # one transaction; its callbacks captured by hand

SWEEP = "actions.notify.resend_undelivered"


@pytest.fixture
def eager_celery(settings) -> Iterator[None]:  # type: ignore[no-untyped-def]
    from recovery_site.celery import app

    settings.RECOVERY_WEBHOOK_BACKOFF_S = 0.001
    old = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = old


def lost_escalation(
    capture: Any, cluster: Any, text: str = "node g07 failed its health check twice"
) -> WebhookDelivery:
    """An escalation committed, its enqueue lost: the process died before the after-commit callback."""
    with capture(execute=False) as queued:
        with transaction.atomic():
            assert notify("escalation", cluster=cluster, text=text) == 1
    assert len(queued) == 1  # the enqueue that never happens
    return WebhookDelivery.objects.get(kind="escalation", delivered_at__isnull=True)


def run_the_beats_sweep() -> int:
    """What the beat runs: the schedule's entry for the sweep, by its registered name."""
    from recovery_site.celery import app

    tasks = app.tasks  # finalizes the app: the beat schedule is registered then
    names = [entry["task"] for entry in app.conf.beat_schedule.values()]
    assert SWEEP in names, f"no beat task re-sends undelivered webhooks: {sorted(names)}"
    return int(tasks[SWEEP].apply().get())


def outcomes(kind: str = "escalation") -> list[str]:
    return list(
        AuditRecord.objects.filter(action=f"webhook {kind}").order_by("seq").values_list("outcome", flat=True)
    )


def test_a_message_whose_enqueue_was_lost_is_sent_once_by_the_sweep(
    settings,
    eager_celery,
    cluster,
    django_capture_on_commit_callbacks,  # noqa: F811
) -> None:  # type: ignore[no-untyped-def]
    with Receiver([200, 200]) as rx:
        settings.RECOVERY_WEBHOOKS = f"json={rx.url}/hook/SECRET-PATH-123"
        settings.RECOVERY_WEBHOOK_RESEND_AFTER_S = 0.3
        row = lost_escalation(django_capture_on_commit_callbacks, cluster)
        assert rx.bodies == []  # lost: nobody was told
        assert "SECRET-PATH-123" not in repr(WebhookDelivery.objects.filter(pk=row.pk).values().get())
        time.sleep(0.4)  # older than the grace period
        with django_capture_on_commit_callbacks(execute=True):
            assert run_the_beats_sweep() == 1
        assert [(b["kind"], b["delivery"]) for b in rx.bodies] == [("escalation", row.key)]
        assert rx.headers[0]["Idempotency-Key"] == row.key
        assert rx.paths == ["/hook/SECRET-PATH-123"]
        time.sleep(0.4)
        with django_capture_on_commit_callbacks(execute=True):
            assert run_the_beats_sweep() == 0  # delivered: never again
        assert len(rx.bodies) == 1
    row.refresh_from_db()
    assert row.delivered_at is not None and row.gave_up_at is None
    assert outcomes() == ["resent", "delivered"]


def test_the_sweep_waits_for_a_due_or_running_delivery_and_takes_a_stale_claim(
    settings,
    eager_celery,
    cluster,
    django_capture_on_commit_callbacks,  # noqa: F811
) -> None:  # type: ignore[no-untyped-def]
    from actions.services.notify import resend_after_s, resend_undelivered

    with Receiver([200]) as rx:
        settings.RECOVERY_WEBHOOKS = f"json={rx.url}/hook"
        settings.RECOVERY_WEBHOOK_RESEND_AFTER_S = 0
        grace = resend_after_s()
        assert (
            grace >= settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"]
        )  # the broker redelivers first
        row = lost_escalation(django_capture_on_commit_callbacks, cluster)
        assert row.due_at is not None
        with django_capture_on_commit_callbacks(execute=True):
            assert (
                resend_undelivered(row.due_at + dt.timedelta(seconds=grace - 1)) == 0
            )  # may still be queued
        overdue = row.due_at + dt.timedelta(seconds=grace + 1)
        WebhookDelivery.objects.filter(pk=row.pk).update(claimed_at=overdue)  # a delivery task is posting it
        with django_capture_on_commit_callbacks(execute=True):
            assert resend_undelivered(overdue + dt.timedelta(seconds=1)) == 0
        assert rx.bodies == []
        # ... and was killed mid-post: its claim goes stale, and the sweep takes the message
        stale = timezone.now() - dt.timedelta(seconds=CLAIM_STALE_S + 1)
        WebhookDelivery.objects.filter(pk=row.pk).update(claimed_at=stale)
        with django_capture_on_commit_callbacks(execute=True):
            assert resend_undelivered(timezone.now() + dt.timedelta(seconds=grace + 1)) == 1
        assert len(rx.bodies) == 1


def test_a_given_up_message_is_not_resent(
    settings,
    eager_celery,
    cluster,
    django_capture_on_commit_callbacks,  # noqa: F811
) -> None:  # type: ignore[no-untyped-def]
    from actions.services.notify import resend_undelivered

    with Receiver([500] * (MAX_ATTEMPTS + 1)) as rx:
        settings.RECOVERY_WEBHOOKS = f"json={rx.url}/hook"
        with django_capture_on_commit_callbacks(execute=True):
            with transaction.atomic():
                notify("storm_breaker", cluster=cluster, text="storm breaker tripped: 9 nodes in 10 min")
        assert len(rx.bodies) == MAX_ATTEMPTS  # every retry spent
        row = WebhookDelivery.objects.get(kind="storm_breaker")
        assert row.gave_up_at is not None and row.delivered_at is None
        with django_capture_on_commit_callbacks(execute=True):
            assert resend_undelivered(timezone.now() + dt.timedelta(days=1)) == 0
        assert len(rx.bodies) == MAX_ATTEMPTS
    assert outcomes("storm_breaker") == ["failed"] * MAX_ATTEMPTS


def test_a_receiver_no_longer_configured_is_not_sent_to(
    settings,
    eager_celery,
    cluster,
    django_capture_on_commit_callbacks,  # noqa: F811
) -> None:  # type: ignore[no-untyped-def]
    from actions.services.notify import resend_undelivered

    with Receiver([200]) as old, Receiver([200]) as new:
        settings.RECOVERY_WEBHOOKS = f"json={old.url}/hook"
        row = lost_escalation(django_capture_on_commit_callbacks, cluster)
        settings.RECOVERY_WEBHOOKS = f"json={new.url}/hook"  # the old receiver was removed since
        later = timezone.now() + dt.timedelta(days=1)
        with django_capture_on_commit_callbacks(execute=True):
            assert resend_undelivered(later) == 0
            assert resend_undelivered(later) == 0
        assert old.bodies == [] and new.bodies == []
    row.refresh_from_db()
    assert row.gave_up_at is not None and row.delivered_at is None
    assert outcomes() == ["not sent: receiver no longer configured"]


# ------------------------------------------------------------------ pages (PagerDuty / Alertmanager)


@pytest.fixture
def incident(cluster):  # type: ignore[no-untyped-def]
    from incidents.models import Incident

    return Incident.objects.create(
        cluster=cluster,
        key="i-1",
        category="gpu_hardware",
        culprit_node="gpu-a-003",
        confidence=0.9,
        pattern="xid:79",
        jobs=["4101"],
        detected_at=timezone.now(),
    )


def run_the_page_sweep(capture: Any, now: dt.datetime) -> int:
    from actions.services import paging

    with capture(execute=True):
        return paging.resend_unsynced(now)


def test_a_page_whose_enqueue_was_lost_is_sent_once_by_the_sweep(
    settings,
    eager_celery,
    incident,
    django_capture_on_commit_callbacks,  # noqa: F811
) -> None:  # type: ignore[no-untyped-def]
    from actions.models import PageState
    from actions.services import paging

    with Receiver([200, 200]) as am:
        settings.RECOVERY_ALERTMANAGER_WEBHOOKS = [f"{am.url}/alerts"]
        with django_capture_on_commit_callbacks(execute=False) as queued:
            with transaction.atomic():
                assert paging.trigger(incident, "node gpu-a-003 failed its health check", timezone.now())
        assert len(queued) == 1 and am.bodies == []  # the enqueue that never happens
        now = timezone.now()
        assert run_the_page_sweep(django_capture_on_commit_callbacks, now) == 0  # may still be queued
        later = now + dt.timedelta(days=1)
        assert run_the_page_sweep(django_capture_on_commit_callbacks, later) == 1
        assert [b["status"] for b in am.bodies] == ["firing"]
        assert run_the_page_sweep(django_capture_on_commit_callbacks, later + dt.timedelta(days=1)) == 0
        assert run_the_page_sweep(django_capture_on_commit_callbacks, later + dt.timedelta(days=2)) == 0
        assert len(am.bodies) == 1
    assert PageState.objects.get(pk=incident.pk).due_at is None  # told: out of the sweep
    assert list(
        AuditRecord.objects.filter(action="page trigger").order_by("seq").values_list("outcome", flat=True)
    ) == ["resent", "delivered"]


def test_a_page_given_up_is_not_resent(
    settings,
    eager_celery,
    incident,
    django_capture_on_commit_callbacks,  # noqa: F811
) -> None:  # type: ignore[no-untyped-def]
    from actions.services import paging

    with Receiver([500] * (MAX_ATTEMPTS + 1)) as am:
        settings.RECOVERY_ALERTMANAGER_WEBHOOKS = [f"{am.url}/alerts"]
        with django_capture_on_commit_callbacks(execute=True):
            with transaction.atomic():
                paging.trigger(incident, "storm breaker tripped", timezone.now())
        assert len(am.bodies) == MAX_ATTEMPTS  # every retry spent
        later = timezone.now() + dt.timedelta(days=1)
        assert run_the_page_sweep(django_capture_on_commit_callbacks, later) == 0
        assert len(am.bodies) == MAX_ATTEMPTS


def test_a_page_is_not_resent_to_a_receiver_removed_since(
    settings,
    eager_celery,
    incident,
    django_capture_on_commit_callbacks,  # noqa: F811
) -> None:  # type: ignore[no-untyped-def]
    from actions.services import paging

    with Receiver([200]) as old, Receiver([200]) as new:
        settings.RECOVERY_ALERTMANAGER_WEBHOOKS = [f"{old.url}/alerts"]
        with django_capture_on_commit_callbacks(execute=False):
            with transaction.atomic():
                paging.trigger(incident, "node gpu-a-003 failed its health check", timezone.now())
        settings.RECOVERY_ALERTMANAGER_WEBHOOKS = [
            f"{new.url}/alerts"
        ]  # the old one removed, a new one added
        later = timezone.now() + dt.timedelta(days=1)
        assert run_the_page_sweep(django_capture_on_commit_callbacks, later) == 1
        assert old.bodies == [] and [b["status"] for b in new.bodies] == ["firing"]  # the live page, once


def test_a_page_triggered_again_after_a_given_up_one_is_sent(
    settings,
    eager_celery,
    incident,
    django_capture_on_commit_callbacks,  # noqa: F811
) -> None:  # type: ignore[no-untyped-def]
    from actions.services import paging

    with Receiver([500] * MAX_ATTEMPTS + [200]) as am:
        settings.RECOVERY_ALERTMANAGER_WEBHOOKS = [f"{am.url}/alerts"]
        with django_capture_on_commit_callbacks(execute=True):
            with transaction.atomic():
                paging.trigger(incident, "first episode", timezone.now())
        assert len(am.bodies) == MAX_ATTEMPTS  # given up
        with django_capture_on_commit_callbacks(execute=True):
            with transaction.atomic():
                paging.resolve(incident, timezone.now())  # never live there: nothing to resolve
        assert len(am.bodies) == MAX_ATTEMPTS
        with django_capture_on_commit_callbacks(execute=False):
            with transaction.atomic():
                assert paging.trigger(incident, "it came back", timezone.now())  # its enqueue lost
        later = timezone.now() + dt.timedelta(days=1)
        assert run_the_page_sweep(django_capture_on_commit_callbacks, later) == 1
        assert len(am.bodies) == MAX_ATTEMPTS + 1 and am.bodies[-1]["status"] == "firing"
