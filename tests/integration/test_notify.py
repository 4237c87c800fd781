"""Webhooks against a real HTTP receiver on 127.0.0.1: delivery, retry with backoff, Slack shape, audit."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import transaction

from actions.services.notify import MAX_ATTEMPTS, notify
from actions.services.recommendations import sync_recommendations
from actions.tasks import deliver_webhook
from incidents.models import AuditRecord, Incident
from monitoring.choices import Autonomy
from tests.integration.http_receiver import Receiver

NOW = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)
pytestmark = pytest.mark.django_db(transaction=True)  # after-commit sends need real commits


@pytest.fixture(autouse=True)
def _fresh_connection() -> None:
    """Start from a new database connection: a browser test that ran just before (pytest-django runs
    transactional tests together) may leave this context holding one its live stack terminated."""
    from django.db import connections

    connections.close_all()


def _webhook_records() -> list[tuple[str, int | None, int, str]]:
    rows = AuditRecord.objects.filter(action__startswith="webhook").order_by("seq")
    return [(r.outcome, r.detail["http_status"], r.detail["attempt"], r.action) for r in rows]


def test_a_message_is_delivered_after_commit_and_audited(settings, eager_celery, cluster) -> None:  # type: ignore[no-untyped-def]
    with Receiver([200]) as rx:
        settings.RECOVERY_WEBHOOKS = f"json={rx.url}/hook"
        with transaction.atomic():
            assert notify("escalation", cluster=cluster, incident=7, text="shared filesystem suspected") == 1
            assert rx.bodies == []  # nothing leaves before the commit
        assert rx.paths == ["/hook"]
        body = rx.bodies[0]
        assert {k: body[k] for k in ("kind", "cluster", "incident", "recommendation", "text", "url")} == {
            "kind": "escalation",
            "cluster": "sim-t",
            "incident": 7,
            "recommendation": None,
            "text": "shared filesystem suspected",
            "url": None,
        }
    assert _webhook_records() == [("delivered", 200, 1, "webhook escalation")]
    rec = AuditRecord.objects.get(action="webhook escalation")
    assert (rec.cluster, rec.incident_id, rec.detail["target"]) == ("sim-t", 7, f"{rx.url}/…")


def test_a_rolled_back_transaction_sends_nothing(settings, eager_celery, cluster) -> None:  # type: ignore[no-untyped-def]
    with Receiver([200]) as rx:
        settings.RECOVERY_WEBHOOKS = rx.url
        with pytest.raises(RuntimeError), transaction.atomic():
            notify("escalation", cluster=cluster, text="never sent")
            raise RuntimeError("rolled back")
        assert rx.bodies == []
    assert _webhook_records() == []


def test_a_receiver_failing_twice_gets_the_message_on_the_third_attempt(
    settings, eager_celery, cluster
) -> None:  # type: ignore[no-untyped-def]
    with Receiver([503, 500, 200]) as rx:
        settings.RECOVERY_WEBHOOKS = rx.url
        notify("storm_breaker", cluster=cluster, text="9 jobs failed within 120 s: back to monitor")
        assert len(rx.bodies) == 3
        assert rx.bodies[0] == rx.bodies[2]  # the same message each time
    assert _webhook_records() == [
        ("failed", 503, 1, "webhook storm_breaker"),
        ("failed", 500, 2, "webhook storm_breaker"),
        ("delivered", 200, 3, "webhook storm_breaker"),
    ]


def test_attempts_are_bounded(settings, eager_celery) -> None:  # type: ignore[no-untyped-def]
    with Receiver([500] * 10) as rx:
        message = {
            "kind": "escalation",
            "cluster": "sim-t",
            "incident": None,
            "recommendation": None,
            "text": "x",
            "url": None,
            "at": "",
        }
        deliver_webhook.apply(args=(rx.url, "json", message))
        assert len(rx.bodies) == MAX_ATTEMPTS == 5
    assert [r[0] for r in _webhook_records()] == ["failed"] * 5


def test_nothing_listening_is_a_failed_attempt_without_a_status(settings, eager_celery) -> None:  # type: ignore[no-untyped-def]
    with Receiver([]) as rx:
        url = rx.url
    message = {
        "kind": "escalation",
        "cluster": "sim-t",
        "incident": None,
        "recommendation": None,
        "text": "x",
        "url": None,
        "at": "",
    }
    settings.RECOVERY_WEBHOOK_BACKOFF_S = 0.001
    from actions.services.notify import deliver_once

    assert deliver_once(url, "json", message, 1) is False
    assert _webhook_records() == [("failed", None, 1, "webhook escalation")]


def test_a_slack_webhook_gets_a_single_text_field_with_a_link(settings, eager_celery, cluster) -> None:  # type: ignore[no-untyped-def]
    settings.RECOVERY_BASE_URL = "https://recovery.example"
    with Receiver([200]) as rx:
        settings.RECOVERY_WEBHOOKS = f"slack={rx.url}/services/T0/B0/x"
        notify("escalation", cluster=cluster, incident=12, text="job 4102 keeps failing")
        assert rx.bodies == [
            {
                "text": "[sim-t] Escalation: job 4102 keeps failing <https://recovery.example/incidents/12/|incident #12>"
            }
        ]


def test_a_recommendation_awaiting_approval_notifies_every_webhook(settings, eager_celery, cluster) -> None:  # type: ignore[no-untyped-def]
    cluster.autonomy = Autonomy.APPROVE
    cluster.save()
    incident = Incident.objects.create(
        cluster=cluster,
        key="i-1",
        category="gpu_hardware",
        culprit_node="gpu-a-003",
        culprit_gpu=3,
        confidence=0.9,
        pattern="xid:79",
        jobs=["4101"],
        detected_at=NOW,
    )
    with Receiver([200]) as json_rx, Receiver([200]) as slack_rx:
        settings.RECOVERY_WEBHOOKS = f"{json_rx.url}/a, slack={slack_rx.url}/b"
        with transaction.atomic():
            sync_recommendations(incident, [{"action": "drain_node", "node": "gpu-a-003"}], NOW)
        assert [(b["kind"], b["incident"], b["text"].split(":")[0]) for b in json_rx.bodies] == [
            ("awaiting_approval", incident.pk, "Drain node gpu-a-003 awaits approval")
        ]
        assert slack_rx.bodies[0]["text"].startswith(
            "[sim-t] Awaiting approval: Drain node gpu-a-003 awaits approval"
        )
    assert sorted(r[0] for r in _webhook_records()) == ["delivered", "delivered"]


def test_no_webhooks_configured_queues_nothing(settings, cluster) -> None:  # type: ignore[no-untyped-def]
    settings.RECOVERY_WEBHOOKS = ""
    assert notify("escalation", cluster=cluster, text="x") == 0
    with pytest.raises(ValueError):
        notify("party", cluster=cluster, text="x")
