"""A notice or escalation run again after a crash is never sent twice (real HTTP receiver).

A notify recommendation is executed, its webhook delivered; the worker "dies" before the
recommendation is marked done (the row staged ``executing``, as a kill -9 leaves it); the
reconciler runs it once more: the receiver still has one message. Two delivery tasks for
one message (the original and a re-dispatch) post it once, with the same Idempotency-Key.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import transaction

from actions.choices import ActionKind, RecStatus
from actions.models import Recommendation, WebhookDelivery
from actions.services.execution import execute_recommendation
from actions.services.notify import deliver_once, notify
from actions.services.reconcile import reconcile_actions
from incidents.models import AuditRecord, Incident
from tests.integration.http_receiver import Receiver

NOW = dt.datetime(2026, 12, 1, 10, 0, tzinfo=dt.UTC)
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.redis]


def later(seconds: float) -> dt.datetime:
    return NOW + dt.timedelta(seconds=seconds)


@pytest.fixture
def notice(cluster) -> Recommendation:  # type: ignore[no-untyped-def]
    incident = Incident.objects.create(
        cluster=cluster,
        key="i-1",
        category="user_code",
        culprit_node="",
        confidence=0.9,
        pattern="python traceback",
        jobs=["4101"],
        detected_at=NOW,
    )
    return Recommendation.objects.create(
        incident=incident,
        cluster=cluster,
        action=ActionKind.NOTIFY,
        text="job 4101 failed in user code: tell its owner",
        status=RecStatus.APPROVED,
        created_at=NOW,
        dispatched_at=NOW,
    )


def _sent(rx: Receiver) -> list[tuple[str, str]]:
    return [(b["kind"], b["text"]) for b in rx.bodies]


def test_a_notice_run_again_after_a_crash_is_delivered_once(settings, eager_celery, notice) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    with Receiver([200, 200, 200]) as rx:
        settings.RECOVERY_WEBHOOKS = f"json={rx.url}/hook"
        execute_recommendation(notice.pk, NOW)
        assert _sent(rx) == [("owner_notice", notice.text)]
        # the worker died after the post, before the row said so: where kill -9 leaves it
        Recommendation.objects.filter(pk=notice.pk).update(status=RecStatus.EXECUTING, executed_at=NOW)
        report = reconcile_actions(notice.cluster, later(600))
        assert report.retried == [notice.pk]
        execute_recommendation(notice.pk, later(601))  # what the re-dispatched task does
        notice.refresh_from_db()
        assert notice.status == RecStatus.SUCCEEDED and notice.execution_attempts == 2
        assert _sent(rx) == [("owner_notice", notice.text)]  # still one message
    row = WebhookDelivery.objects.get(recommendation=notice)
    assert row.delivered_at is not None and rx.headers[0]["Idempotency-Key"] == row.key
    assert rx.bodies[0]["delivery"] == row.key


@pytest.mark.django_db  # after-commit callbacks captured, then run by hand
def test_two_delivery_tasks_for_one_message_post_it_once(
    settings,
    eager_celery,
    notice,
    django_capture_on_commit_callbacks,  # noqa: F811
) -> None:  # type: ignore[no-untyped-def]
    with Receiver([200, 200]) as rx:
        settings.RECOVERY_WEBHOOKS = f"json={rx.url}/hook"
        with django_capture_on_commit_callbacks(execute=False) as queued:
            for _ in range(2):  # the notice run again before the first delivery task ran
                with transaction.atomic():
                    notify(
                        "escalation",
                        cluster=notice.cluster,
                        incident=notice.incident,
                        recommendation=notice,
                        text="x",
                    )
        assert len(queued) == 2
        for send in queued:  # both delivery tasks run (eagerly, in order)
            send()
        assert len(rx.bodies) == 1
    outcomes = list(
        AuditRecord.objects.filter(action="webhook escalation")
        .order_by("seq")
        .values_list("outcome", flat=True)
    )
    assert outcomes == ["delivered", "not sent again"]
    assert WebhookDelivery.objects.filter(recommendation=notice).count() == 1


def test_a_failed_post_frees_the_message_for_the_next_attempt(settings, notice) -> None:  # type: ignore[no-untyped-def]
    with Receiver([503, 200]) as rx:
        settings.RECOVERY_WEBHOOKS = f"json={rx.url}/hook"
        message = {
            "kind": "escalation",
            "cluster": notice.cluster.name,
            "incident": notice.incident_id,
            "recommendation": notice.pk,
            "text": "y",
            "url": None,
            "at": NOW.isoformat(),
            "delivery": "k" * 40,
        }
        WebhookDelivery.objects.create(key="k" * 40, recommendation=notice, kind="escalation", created_at=NOW)
        assert deliver_once(rx.url, "json", message, 1) is False
        assert deliver_once(rx.url, "json", message, 2) is True
        assert deliver_once(rx.url, "json", message, 3) is True  # delivered: not again
        assert len(rx.bodies) == 2
