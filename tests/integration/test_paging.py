"""Paging follows the incident's life, against real HTTP receivers on 127.0.0.1.

PagerDuty Events v2: trigger when a recommendation awaits approval, acknowledge when an
operator decides, resolve when the incident is recovered or dismissed, one dedup_key.
Alertmanager-style webhook: firing, then resolved. Retries with backoff, every attempt audited.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest
from django.db import transaction
from django.utils import timezone

from actions.models import PageState, Recommendation
from actions.services import paging
from actions.services.recommendations import approve_recommendation, sync_recommendations
from incidents.choices import IncidentStatus
from incidents.models import AuditRecord, Incident
from incidents.services import dismiss_incident, transition_incident
from monitoring.choices import Autonomy
from tests.integration.http_receiver import Receiver

# Relative to the real clock: notify() stamps the page with its own now, and an operator's
# decision acknowledges only a page raised before it.
NOW = (timezone.now() - dt.timedelta(minutes=10)).replace(microsecond=0)
pytestmark = pytest.mark.django_db(transaction=True)  # after-commit sends need real commits


@pytest.fixture(autouse=True)
def _fresh_connection() -> None:
    from django.db import connections

    connections.close_all()


@pytest.fixture
def eager_celery(settings) -> Iterator[None]:  # type: ignore[no-untyped-def]
    from recovery_site.celery import app

    settings.RECOVERY_WEBHOOK_BACKOFF_S = 0.001
    settings.RECOVERY_WEBHOOKS = ""
    settings.RECOVERY_PAGERDUTY_ROUTING_KEY = ""
    settings.RECOVERY_ALERTMANAGER_WEBHOOKS = []
    old = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = old


@pytest.fixture
def incident(cluster, redis_ns):  # type: ignore[no-untyped-def]
    cluster.autonomy = Autonomy.APPROVE
    cluster.save()
    return Incident.objects.create(
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


def _await_approval(incident: Incident) -> Recommendation:
    with transaction.atomic():
        sync_recommendations(incident, [{"action": "drain_node", "node": "gpu-a-003"}], NOW)
    return Recommendation.objects.get(incident=incident)


def _page_records() -> list[tuple[str, str, int | None, int]]:
    rows = AuditRecord.objects.filter(action__startswith="page ", event="execution").order_by("seq")
    return [(r.action, r.outcome, r.detail["http_status"], r.detail["attempt"]) for r in rows]


def test_pagerduty_hears_trigger_acknowledge_and_resolve_with_one_dedup_key(
    settings, eager_celery, incident, operator
) -> None:  # type: ignore[no-untyped-def]
    with Receiver([]) as pd:
        settings.RECOVERY_PAGERDUTY_ROUTING_KEY = "R0UT1NGKEY"
        settings.RECOVERY_PAGERDUTY_URL = f"{pd.url}/v2/enqueue"
        rec = _await_approval(incident)
        assert [b["event_action"] for b in pd.bodies] == ["trigger"]
        approve_recommendation(rec, operator, timezone.now(), "bad GPU")
        assert paging.follow_lifecycle(NOW + dt.timedelta(seconds=45)) == (1, 0)
        incident.refresh_from_db()
        assert incident.status == IncidentStatus.MITIGATING  # the approved drain ran (simulator)
        transition_incident(
            incident, IncidentStatus.RECOVERED, at=NOW + dt.timedelta(seconds=300), reason="healthy"
        )
        assert paging.follow_lifecycle(NOW + dt.timedelta(seconds=310)) == (0, 1)
        assert paging.follow_lifecycle(NOW + dt.timedelta(seconds=320)) == (0, 0)  # nothing twice
    assert [b["event_action"] for b in pd.bodies] == ["trigger", "acknowledge", "resolve"]
    assert {b["dedup_key"] for b in pd.bodies} == {f"recovery/sim-t/{incident.pk}"}
    assert {b["routing_key"] for b in pd.bodies} == {"R0UT1NGKEY"}
    assert set(pd.paths) == {"/v2/enqueue"}
    payload = pd.bodies[0]["payload"]
    assert (payload["source"], payload["component"], payload["group"], payload["severity"]) == (
        "sim-t",
        "gpu-a-003",
        "gpu_hardware",
        "error",
    )
    assert payload["summary"].startswith("Drain node gpu-a-003 awaits approval")
    assert "payload" not in pd.bodies[1] and "payload" not in pd.bodies[2]
    assert _page_records() == [
        ("page trigger", "delivered", 202, 1),
        ("page acknowledge", "delivered", 202, 1),
        ("page resolve", "delivered", 202, 1),
    ]
    ack = AuditRecord.objects.get(action="page acknowledged")
    assert (ack.event, ack.actor, ack.incident_id) == ("page", "otto", incident.pk)
    assert "R0UT1NGKEY" not in str(list(AuditRecord.objects.values_list("detail", flat=True)))


def test_a_dismissed_incident_resolves_its_alertmanager_alert(
    settings, eager_celery, incident, operator
) -> None:  # type: ignore[no-untyped-def]
    with Receiver([]) as am:
        settings.RECOVERY_ALERTMANAGER_WEBHOOKS = [f"{am.url}/alerts"]
        _await_approval(incident)
        dismiss_incident(incident, operator, "false alarm", NOW + dt.timedelta(seconds=60))
        paging.follow_lifecycle(NOW + dt.timedelta(seconds=61))
    assert [(b["version"], b["status"], b["alerts"][0]["status"]) for b in am.bodies] == [
        ("4", "firing", "firing"),
        ("4", "resolved", "resolved"),
    ]
    firing, resolved = (b["alerts"][0] for b in am.bodies)
    assert firing["labels"] == {
        "alertname": "RecoveryIncident",
        "cluster": "sim-t",
        "category": "gpu_hardware",
        "severity": "error",
        "incident": str(incident.pk),
    }
    assert firing["endsAt"] == "0001-01-01T00:00:00Z" and resolved["endsAt"] != firing["endsAt"]
    assert firing["fingerprint"] == resolved["fingerprint"]
    assert [r[:2] for r in _page_records()] == [("page trigger", "delivered"), ("page resolve", "delivered")]


def test_a_failing_receiver_is_retried_with_backoff_and_each_attempt_is_audited(
    settings, eager_celery, incident
) -> None:  # type: ignore[no-untyped-def]
    with Receiver([503, 429, 202]) as pd:
        settings.RECOVERY_PAGERDUTY_ROUTING_KEY, settings.RECOVERY_PAGERDUTY_URL = "k", pd.url
        _await_approval(incident)
        assert len(pd.bodies) == 3 and pd.bodies[0] == pd.bodies[2]
    assert _page_records() == [
        ("page trigger", "failed", 503, 1),
        ("page trigger", "failed", 429, 2),
        ("page trigger", "delivered", 202, 3),
    ]
    assert PageState.objects.get(pk=incident.pk).sent == {"pagerduty": "trigger"}


def test_a_rejected_event_is_not_retried_and_a_never_triggered_page_is_never_resolved(
    settings, eager_celery, incident, operator
) -> None:  # type: ignore[no-untyped-def]
    with Receiver([400]) as pd:
        settings.RECOVERY_PAGERDUTY_ROUTING_KEY, settings.RECOVERY_PAGERDUTY_URL = "k", pd.url
        _await_approval(incident)
        dismiss_incident(incident, operator, "false alarm", NOW + dt.timedelta(seconds=60))
        paging.follow_lifecycle(NOW + dt.timedelta(seconds=61))
        assert [b["event_action"] for b in pd.bodies] == [
            "trigger"
        ]  # no retry of a 400, no resolve of nothing
    assert _page_records() == [("page trigger", "failed", 400, 1)]


def test_a_rolled_back_approval_wait_pages_nobody(settings, eager_celery, incident) -> None:  # type: ignore[no-untyped-def]
    with Receiver([]) as pd:
        settings.RECOVERY_PAGERDUTY_ROUTING_KEY, settings.RECOVERY_PAGERDUTY_URL = "k", pd.url
        with pytest.raises(RuntimeError), transaction.atomic():
            sync_recommendations(incident, [{"action": "drain_node", "node": "gpu-a-003"}], NOW)
            raise RuntimeError("rolled back")
        assert pd.bodies == []
    assert not PageState.objects.exists()
    assert _page_records() == []


def test_without_receivers_nothing_is_recorded(settings, eager_celery, incident) -> None:  # type: ignore[no-untyped-def]
    _await_approval(incident)
    assert not PageState.objects.exists()


@pytest.mark.parametrize(
    ("sent", "wanted", "fmt", "steps"),
    [
        (None, "triggered", "pagerduty", ["trigger"]),
        (None, "acknowledged", "pagerduty", ["trigger", "acknowledge"]),
        ("trigger", "acknowledged", "alertmanager", []),
        ("trigger", "resolved", "pagerduty", ["resolve"]),
        ("acknowledge", "resolved", "pagerduty", ["resolve"]),
        (None, "resolved", "pagerduty", []),
        ("resolve", "triggered", "pagerduty", ["trigger"]),  # reopened
        ("trigger", "triggered", "pagerduty", []),
    ],
)
def test_each_receiver_is_told_only_what_it_has_not_accepted(sent, wanted, fmt, steps) -> None:  # type: ignore[no-untyped-def]
    assert paging.actions_to_send(sent, wanted, fmt) == steps


def test_acknowledging_the_incident_acknowledges_its_page_once(
    settings, eager_celery, incident, operator, client
) -> None:  # type: ignore[no-untyped-def]
    with Receiver([]) as pd:
        settings.RECOVERY_PAGERDUTY_ROUTING_KEY = "R0UT1NGKEY"
        settings.RECOVERY_PAGERDUTY_URL = f"{pd.url}/v2/enqueue"
        _await_approval(incident)
        client.force_login(operator)
        assert (
            client.post(
                f"/api/incidents/{incident.pk}/acknowledge/",
                {"note": "on it"},
                content_type="application/json",
            ).status_code
            == 200
        )
        assert paging.follow_lifecycle(timezone.now()) == (0, 0)  # already acknowledged: nothing twice
    assert [b["event_action"] for b in pd.bodies] == ["trigger", "acknowledge"]
    assert AuditRecord.objects.get(action="page acknowledged").actor == "otto"


def test_a_merged_duplicate_pages_once_its_page_becomes_the_incidents(
    db, cluster, settings, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    """Issue 23, defect 6: two incidents of one root cause, the duplicate paged first, then merged:
    the incident's own trigger finds the page already there, so people are woken once."""
    from actions.models import PageState
    from actions.services import paging as pages
    from actions.services.recommendations import merge_incident
    from tests.integration.autonomy_helpers import NOW, make_incident

    settings.RECOVERY_PAGERDUTY_ROUTING_KEY = "k"
    dup = make_incident(cluster, "i-dup", "gpu-a-001", [])
    target = make_incident(cluster, "i-0", "gpu-a-001", [])
    with django_capture_on_commit_callbacks():
        assert pages.trigger(dup, "xid 79 on gpu-a-001", NOW)
        merge_incident(dup, "i-0", NOW)
        assert not pages.trigger(target, "xid 79 on gpu-a-001", NOW)
    assert list(PageState.objects.values_list("incident_id", "state")) == [(target.pk, "triggered")]
