"""Who may decide what: approvals, rejections, refusals, and their audit records."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from actions.choices import RecStatus
from actions.models import Recommendation
from actions.services.recommendations import approve_recommendation, sync_recommendations
from actions.services.transitions import Conflict
from incidents.models import AuditRecord, Incident
from monitoring.choices import Autonomy

NOW = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)
pytestmark = pytest.mark.django_db


@pytest.fixture
def incident(cluster):  # type: ignore[no-untyped-def]
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


@pytest.fixture
def drain(incident):  # type: ignore[no-untyped-def]
    sync_recommendations(incident, [{"action": "drain_node", "node": "gpu-a-003"}], NOW)
    return Recommendation.objects.get(incident=incident, action="drain_node")


def test_in_approve_mode_a_drain_waits_for_an_operator(drain) -> None:  # type: ignore[no-untyped-def]
    assert drain.status == RecStatus.AWAITING_APPROVAL
    assert drain.expires_at == NOW + dt.timedelta(seconds=1800)


def test_a_viewers_approval_is_refused_and_only_the_refusal_is_recorded(client, viewer, drain) -> None:  # type: ignore[no-untyped-def]
    before = AuditRecord.objects.count()
    client.force_login(viewer)
    resp = client.post(reverse("rec-approve", args=[drain.pk]))
    assert resp.status_code == 403
    drain.refresh_from_db()
    assert drain.status == RecStatus.AWAITING_APPROVAL
    new = list(AuditRecord.objects.filter(seq__gt=before))
    assert [(r.event, r.actor, r.outcome) for r in new] == [("refusal", "vera", "refused")]


def test_a_viewers_api_approval_is_refused(client, viewer, drain) -> None:  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    resp = client.post(f"/api/recommendations/{drain.pk}/approve/", {}, content_type="application/json")
    assert resp.status_code == 403
    drain.refresh_from_db()
    assert drain.status == RecStatus.AWAITING_APPROVAL


def test_an_operators_approval_is_audited_and_queues_execution(
    client, operator, drain, django_capture_on_commit_callbacks, settings
) -> None:  # type: ignore[no-untyped-def]
    client.force_login(operator)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        resp = client.post(reverse("rec-approve", args=[drain.pk]), {"comment": "GPU is gone"})
    assert resp.status_code == 302
    drain.refresh_from_db()
    assert drain.status == RecStatus.APPROVED and drain.decided_by == operator
    rec = AuditRecord.objects.get(event="approval", recommendation_id=drain.pk)
    assert rec.actor == "otto" and rec.node == "gpu-a-003" and rec.workload == "4101"
    assert len(callbacks) >= 1  # the execution is sent only after commit


def test_a_second_approval_of_the_same_recommendation_is_a_conflict(
    operator, admin_user, drain, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    with django_capture_on_commit_callbacks(execute=False):
        approve_recommendation(drain, operator, NOW)
    stale = Recommendation.objects.get(pk=drain.pk)
    stale.status = RecStatus.AWAITING_APPROVAL  # what the second operator's page still showed
    with pytest.raises(Conflict):
        approve_recommendation(stale, admin_user, NOW)
    assert AuditRecord.objects.filter(event="approval", recommendation_id=drain.pk).count() == 1


def test_an_operator_can_reject_with_a_comment(client, operator, drain) -> None:  # type: ignore[no-untyped-def]
    client.force_login(operator)
    client.post(reverse("rec-reject", args=[drain.pk]), {"comment": "known flaky sensor"})
    drain.refresh_from_db()
    assert drain.status == RecStatus.REJECTED and drain.decision_comment == "known flaky sensor"
    assert AuditRecord.objects.filter(event="rejection", recommendation_id=drain.pk, actor="otto").exists()


def test_in_monitor_mode_a_drain_is_only_proposed(incident) -> None:  # type: ignore[no-untyped-def]
    incident.cluster.autonomy = Autonomy.MONITOR
    incident.cluster.save()
    sync_recommendations(incident, [{"action": "drain_node", "node": "gpu-a-003"}], NOW)
    rec = Recommendation.objects.get(incident=incident)
    assert rec.status == RecStatus.PROPOSED
    assert AuditRecord.objects.filter(recommendation_id=rec.pk, outcome="not executed").exists()
    assert not AuditRecord.objects.filter(event="execution").exists()


def test_only_admins_change_autonomy(client, operator, admin_user, cluster) -> None:  # type: ignore[no-untyped-def]
    client.force_login(operator)
    assert (
        client.post(reverse("cluster-autonomy", args=[cluster.pk]), {"autonomy": "auto"}).status_code == 403
    )
    cluster.refresh_from_db()
    assert cluster.autonomy == Autonomy.MONITOR
    client.force_login(admin_user)
    client.post(
        reverse("cluster-autonomy", args=[cluster.pk]),
        {"autonomy": "auto", "reason": "canary proved it", "confirm_past_readiness": "1"},
    )
    cluster.refresh_from_db()
    assert cluster.autonomy == Autonomy.AUTO
    rec = AuditRecord.objects.get(event="autonomy")
    assert rec.actor == "ada" and rec.detail == {
        "from": "monitor",
        "to": "auto",
        "reason": "canary proved it",
    }


def test_every_page_needs_login(client, incident) -> None:  # type: ignore[no-untyped-def]
    for url in (
        "/",
        f"/incidents/{incident.pk}/",
        f"/clusters/{incident.cluster_id}/",
        "/audit/",
        "/api/incidents/",
    ):
        resp = client.get(url)
        assert resp.status_code in (302, 401, 403), url
