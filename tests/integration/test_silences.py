"""Silences: a maintenance window records what happens but executes nothing and pages nobody."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest
from django.utils import timezone

from actions.choices import RecStatus
from actions.models import Recommendation
from actions.services.recommendations import sync_recommendations
from incidents.models import AuditRecord, Incident, Silence
from incidents.silences import create_silence, expiring_silences
from monitoring.choices import Autonomy
from monitoring.models import Node
from tests.integration.http_receiver import Receiver

pytestmark = pytest.mark.django_db(transaction=True)  # pages are sent after commit: commits must be real


@pytest.fixture(autouse=True)
def _fresh_connection() -> None:
    from django.db import connections

    connections.close_all()


@pytest.fixture
def eager_celery(settings) -> Iterator[None]:  # type: ignore[no-untyped-def]
    from recovery_site.celery import app

    settings.RECOVERY_WEBHOOK_BACKOFF_S = 0.001
    old = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = old


@pytest.fixture
def auto_cluster(cluster):  # type: ignore[no-untyped-def]
    cluster.autonomy = Autonomy.AUTO
    cluster.save()
    for n in range(1, 9):
        Node.objects.create(cluster=cluster, name=f"gpu-a-00{n}", partition="batch", state="MIXED")
    return cluster


def _incident(cluster, node: str = "gpu-a-003", key: str = "i-1") -> Incident:  # type: ignore[no-untyped-def]
    return Incident.objects.create(
        cluster=cluster,
        key=key,
        category="gpu_hardware",
        culprit_node=node,
        culprit_gpu=3,
        confidence=0.9,
        pattern="xid:79",
        jobs=["4101"],
        detected_at=timezone.now(),
    )


def test_a_silenced_node_fault_executes_nothing_and_pages_nobody(
    settings, eager_celery, auto_cluster, operator
) -> None:  # type: ignore[no-untyped-def]
    now = timezone.now()
    with Receiver([]) as rx:
        settings.RECOVERY_WEBHOOKS = f"json={rx.url}/hook"
        silence = create_silence(
            auto_cluster,
            operator,
            starts_at=now - dt.timedelta(minutes=5),
            ends_at=now + dt.timedelta(hours=2),
            reason="DIMM swap on gpu-a-003",
            now=now,
            node="gpu-a-003",
        )
        incident = _incident(auto_cluster)

        sync_recommendations(
            incident,
            [
                {"action": "drain_node", "node": "gpu-a-003"},
                {"action": "escalate", "text": "GPU 3 fell off the bus"},
            ],
            now,
        )

        assert rx.bodies == []  # nobody paged
    statuses = dict(Recommendation.objects.filter(incident=incident).values_list("action", "status"))
    assert statuses == {"drain_node": RecStatus.PROPOSED, "escalate": RecStatus.PROPOSED}
    assert not AuditRecord.objects.filter(event="execution").exists()
    assert Node.objects.get(name="gpu-a-003").drained_by_us is False
    incident.refresh_from_db()
    assert incident.silenced_by_id == silence.pk
    why = AuditRecord.objects.filter(incident_id=incident.pk, outcome="silenced").values_list(
        "detail", flat=True
    )
    assert list(why) == [{"why": f"silenced by {silence}: DIMM swap on gpu-a-003"}] * 2


def test_a_fault_on_another_node_is_not_silenced(auto_cluster, operator) -> None:  # type: ignore[no-untyped-def]
    now = timezone.now()
    create_silence(
        auto_cluster,
        operator,
        starts_at=now,
        ends_at=now + dt.timedelta(hours=1),
        reason="DIMM swap",
        now=now,
        node="gpu-a-003",
    )
    incident = _incident(auto_cluster, node="gpu-a-005")
    from incidents.silences import silence_for

    assert silence_for(incident, now) is None
    incident.refresh_from_db()
    assert incident.silenced_by_id is None


def test_an_operator_may_not_silence_a_whole_cluster_and_the_refusal_is_audited(
    client, operator, auto_cluster
) -> None:  # type: ignore[no-untyped-def]
    client.force_login(operator)
    resp = client.post(
        "/api/silences/",
        {
            "cluster": "sim-t",
            "reason": "fabric upgrade",
            "starts_at": timezone.now().isoformat(),
            "ends_at": (timezone.now() + dt.timedelta(hours=1)).isoformat(),
        },
        content_type="application/json",
    )
    assert resp.status_code == 403
    assert Silence.objects.count() == 0
    refusal = AuditRecord.objects.get(event="refusal")
    assert (refusal.actor, refusal.detail["attempted"]) == ("otto", "create silence")


def test_an_admin_silences_a_pattern_and_the_silence_is_audited(client, admin_user, auto_cluster) -> None:  # type: ignore[no-untyped-def]
    client.force_login(admin_user)
    now = timezone.now()
    resp = client.post(
        "/api/silences/",
        {
            "cluster": "sim-t",
            "pattern": "xid:79",
            "reason": "known firmware bug",
            "starts_at": now.isoformat(),
            "ends_at": (now + dt.timedelta(minutes=30)).isoformat(),
        },
        content_type="application/json",
    )
    assert resp.status_code == 201, resp.content
    silence = Silence.objects.get()
    assert (silence.pattern, silence.created_by) == ("xid:79", "ada")
    record = AuditRecord.objects.get(event="silence")
    assert (record.actor, record.outcome, record.detail["scope"]) == (
        "ada",
        "silenced",
        "sim-t: pattern xid:79",
    )
    assert list(expiring_silences(now + dt.timedelta(minutes=1))) == [silence]  # ends within the hour: shown
    html = client.get("/").content.decode()
    assert "Silences ending within the hour" in html


def test_a_silence_that_ends_before_it_starts_is_a_clear_error(client, operator, auto_cluster) -> None:  # type: ignore[no-untyped-def]
    client.force_login(operator)
    now = timezone.now()
    resp = client.post(
        "/api/silences/",
        {
            "cluster": "sim-t",
            "node": "gpu-a-001",
            "reason": "swap",
            "starts_at": now.isoformat(),
            "ends_at": (now - dt.timedelta(hours=1)).isoformat(),
        },
        content_type="application/json",
    )
    assert resp.status_code == 400
    assert resp.json() == {"detail": "a silence must end after it starts"}
    assert Silence.objects.count() == 0


def test_an_operator_silences_a_node_from_the_page_and_ends_it(client, operator, auto_cluster) -> None:  # type: ignore[no-untyped-def]
    client.force_login(operator)
    resp = client.post(
        "/silences/new/", {"cluster": "sim-t", "node": "gpu-a-002", "hours": "2", "reason": "reseat NIC"}
    )
    assert resp.status_code == 302
    silence = Silence.objects.get()
    assert (silence.node, silence.created_by, silence.reason) == ("gpu-a-002", "otto", "reseat NIC")
    assert silence.ends_at - silence.starts_at == dt.timedelta(hours=2)
    html = client.get("/silences/").content.decode()
    assert f'data-silence="{silence.pk}" class="silence-active"' in html
    client.post(f"/silences/{silence.pk}/end/")
    silence.refresh_from_db()
    assert silence.ended_early_at is not None
    assert list(AuditRecord.objects.filter(event="silence").values_list("actor", "outcome")) == [
        ("otto", "silenced"),
        ("otto", "ended"),
        ("otto", "released"),  # what it held is routed again at once (it held nothing here)
    ]
