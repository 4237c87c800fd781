"""One source of truth for what is actionable: closed incidents leave nothing to approve; released switches re-route."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from actions.choices import RecStatus
from actions.models import Recommendation
from actions.services.actionable import reroute_held
from actions.services.autonomy import set_monitor_only
from actions.services.recommendations import sync_recommendations
from incidents.models import AuditRecord, Incident
from incidents.services import dismiss_incident
from monitoring.choices import Autonomy
from monitoring.models import Node

NOW = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)
pytestmark = pytest.mark.django_db


@pytest.fixture
def incident(cluster):  # type: ignore[no-untyped-def]
    cluster.autonomy = Autonomy.APPROVE
    cluster.save()
    for n in range(1, 5):  # a partition big enough that one drain passes the 50% guardrail
        Node.objects.create(cluster=cluster, name=f"gpu-a-00{n}", partition="batch", state="MIXED")
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


def _drain(incident: Incident, at: dt.datetime = NOW) -> Recommendation:
    sync_recommendations(incident, [{"action": "drain_node", "node": "gpu-a-003"}], at)
    return Recommendation.objects.get(incident=incident, action="drain_node")


def _executions() -> list[AuditRecord]:
    return list(AuditRecord.objects.filter(event="execution"))


def test_dismissing_an_incident_ends_its_recommendations_with_why(client, operator, incident) -> None:  # type: ignore[no-untyped-def]
    drain = _drain(incident)
    assert drain.status == RecStatus.AWAITING_APPROVAL
    client.force_login(operator)

    resp = client.post(
        reverse("incident-dismiss", args=[incident.pk]), {"reason": "maintenance reboot, not a fault"}
    )

    assert resp.status_code == 302
    drain.refresh_from_db()
    assert drain.status == RecStatus.SUPERSEDED
    last = drain.transitions.last()
    assert (last.actor, last.reason) == (
        "otto",
        "incident dismissed by otto: maintenance reboot, not a fault",
    )
    audit = AuditRecord.objects.filter(recommendation_id=drain.pk).last()
    assert (audit.actor, audit.outcome, audit.detail["reason"]) == ("otto", "superseded", last.reason)
    status = AuditRecord.objects.filter(incident_id=incident.pk, event="status").last()
    assert status.detail == {"reason": "maintenance reboot, not a fault"}  # the dismiss comment is kept


def test_approve_after_dismiss_is_refused_with_409_and_executes_nothing(
    client, operator, incident, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    drain = _drain(incident)
    client.force_login(operator)
    client.post(reverse("incident-dismiss", args=[incident.pk]), {"reason": "false alarm"})

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        resp = client.post(
            f"/api/recommendations/{drain.pk}/approve/", {"comment": "go"}, content_type="application/json"
        )

    assert resp.status_code == 409
    assert "dismissed" in resp.json()["detail"]
    assert [c for c in callbacks if "enqueue_execution" in repr(c)] == []
    drain.refresh_from_db()
    assert (drain.status, drain.decided_by, drain.executed_at) == (RecStatus.SUPERSEDED, None, None)
    assert not AuditRecord.objects.filter(recommendation_id=drain.pk, event="approval").exists()
    assert _executions() == []
    assert Node.objects.get(name="gpu-a-003").drained_by_us is False


def test_an_incident_closed_behind_its_back_still_refuses_the_approval(operator, incident) -> None:  # type: ignore[no-untyped-def]
    """Even if some path closed the incident without ending its recommendations, approve checks the incident."""
    from actions.services.recommendations import approve_recommendation
    from actions.services.transitions import Conflict

    drain = _drain(incident)
    dismiss_incident(
        incident, operator, "closed elsewhere", NOW
    )  # the incidents verb alone: recommendations untouched
    drain.refresh_from_db()
    assert drain.status == RecStatus.AWAITING_APPROVAL

    with pytest.raises(Conflict, match="dismissed"):
        approve_recommendation(drain, operator, NOW)

    drain.refresh_from_db()
    assert drain.status == RecStatus.SUPERSEDED
    assert drain.transitions.last().reason == f"incident #{incident.pk} is dismissed: nothing left to approve"


def test_the_overview_does_not_count_a_dismissed_incidents_approval(client, operator, incident) -> None:  # type: ignore[no-untyped-def]
    _drain(incident)
    client.force_login(operator)
    client.post(reverse("incident-dismiss", args=[incident.pk]), {"reason": "false alarm"})
    html = client.get(reverse("overview")).content.decode()
    assert '<b id="stat-awaiting">0</b>' in html
    assert '<b id="stat-open">0</b>' in html
    page = client.get(reverse("incident", args=[incident.pk])).content.decode()
    assert 'button class="primary approve"' not in page


def test_a_dismissed_incident_proposes_nothing_more(operator, incident) -> None:  # type: ignore[no-untyped-def]
    from actions.services.actionable import dismiss

    dismiss(incident, operator, "false alarm", NOW)
    created = sync_recommendations(incident, [{"action": "drain_node", "node": "gpu-a-003"}], NOW)
    assert created == []
    assert not incident.recommendations.exists()


def test_held_recommendations_become_approvable_when_the_switch_is_released(
    client, operator, admin_user, incident
) -> None:  # type: ignore[no-untyped-def]
    from django.utils import timezone

    now = timezone.now()  # the release view reads the clock: held a moment ago, still fresh
    set_monitor_only(incident.cluster, True, operator, now, reason="investigating the fabric")
    drain = _drain(incident, now)
    assert drain.status == RecStatus.PROPOSED  # held: shown, not executed
    client.force_login(admin_user)

    resp = client.post(
        reverse("cluster-monitor-only", args=[incident.cluster.pk]), {"on": "0", "reason": "fabric fine"}
    )

    assert resp.status_code == 302
    drain.refresh_from_db()
    assert drain.status == RecStatus.AWAITING_APPROVAL
    assert drain.expires_at is not None and drain.expires_at > drain.created_at
    assert (
        drain.transitions.last().reason
        == "held in monitor, released: a person decides (approve: cluster default)"
    )
    client.force_login(operator)
    resp = client.post(f"/api/recommendations/{drain.pk}/approve/", {}, content_type="application/json")
    assert resp.status_code == 200
    assert resp.json()["status"] == RecStatus.APPROVED


def test_releasing_the_storm_breaker_expires_stale_held_actions_with_a_reason(incident) -> None:  # type: ignore[no-untyped-def]
    cluster = incident.cluster
    set_monitor_only(cluster, True, None, NOW, reason="storm: 3 jobs on disjoint nodes")
    drain = _drain(incident)
    set_monitor_only(cluster, False, None, NOW, reason="")
    later = NOW + dt.timedelta(seconds=cluster.recommendation_expiry_s + 60)

    approvable, expired = reroute_held(cluster, later)

    assert (approvable, expired) == (0, 1)
    drain.refresh_from_db()
    assert drain.status == RecStatus.EXPIRED
    assert (
        drain.transitions.last().reason
        == "stale after release: held 31 min in monitor, longer than the 30 min expiry"
    )


def test_a_held_drain_of_a_node_someone_already_drained_expires(incident) -> None:  # type: ignore[no-untyped-def]
    cluster = incident.cluster
    set_monitor_only(cluster, True, None, NOW, reason="storm")
    drain = _drain(incident)
    Node.objects.filter(name="gpu-a-003").update(state="DRAIN", reason="NHC: ECC")
    set_monitor_only(cluster, False, None, NOW)

    assert reroute_held(cluster, NOW) == (0, 1)
    drain.refresh_from_db()
    assert drain.transitions.last().reason == "stale after release: node gpu-a-003 is already drained"


def test_the_mode_shown_is_the_effective_mode_with_a_red_banner(client, viewer, cluster) -> None:  # type: ignore[no-untyped-def]
    cluster.autonomy = Autonomy.AUTO
    cluster.save()
    set_monitor_only(cluster, True, None, NOW, reason="storm: 3 jobs on disjoint nodes failing within 120 s")
    client.force_login(viewer)
    for url in (reverse("overview"), reverse("cluster", args=[cluster.pk])):
        html = client.get(url).content.decode()
        assert "Auto (execute at once)</span>" not in html, url
        assert 'data-effective-mode="monitor"' in html, url
        assert 'class="banner held"' in html, url
        assert "storm: 3 jobs on disjoint nodes failing within 120 s" in html, url


def test_a_reject_keeps_its_comment(client, operator, incident) -> None:  # type: ignore[no-untyped-def]
    drain = _drain(incident)
    client.force_login(operator)
    page = client.get(reverse("incident", args=[incident.pk])).content.decode()
    reject_form = page[page.index(reverse("rec-reject", args=[drain.pk])) :]
    reject_form = reject_form[: reject_form.index("</form>")]
    assert 'name="comment"' in reject_form  # the reject button carries its own comment field

    client.post(reverse("rec-reject", args=[drain.pk]), {"comment": "node is in a burn-in test"})

    drain.refresh_from_db()
    assert (drain.status, drain.decision_comment, drain.decided_by) == (
        RecStatus.REJECTED,
        "node is in a burn-in test",
        operator,
    )
    audit = AuditRecord.objects.get(recommendation_id=drain.pk, event="rejection")
    assert (audit.actor, audit.detail["reason"]) == ("otto", "node is in a burn-in test")


def test_the_api_gives_the_effective_mode_too(client, viewer, cluster) -> None:  # type: ignore[no-untyped-def]
    cluster.autonomy = Autonomy.AUTO
    cluster.save()
    set_monitor_only(cluster, True, None, NOW, reason="storm")
    client.force_login(viewer)
    row = client.get(f"/api/clusters/{cluster.pk}/").json()
    assert (row["autonomy"], row["effective_autonomy"], row["monitor_only_reason"]) == (
        "auto",
        "monitor",
        "storm",
    )


def test_a_recovered_incident_leaves_nothing_awaiting_approval(incident) -> None:  # type: ignore[no-untyped-def]
    from actions.services.actionable import settle_closed_incidents
    from incidents.services import transition_incident

    drain = _drain(incident)
    transition_incident(incident, "recovered", at=NOW, reason="verified elsewhere")

    assert settle_closed_incidents(incident.cluster, NOW) == 1
    drain.refresh_from_db()
    assert (drain.status, drain.transitions.last().reason) == (
        RecStatus.SUPERSEDED,
        f"incident #{incident.pk} is recovered",
    )
    assert settle_closed_incidents(incident.cluster, NOW) == 0  # idempotent


def test_a_reject_with_an_empty_comment_is_refused_with_a_clear_message(client, operator, incident) -> None:  # type: ignore[no-untyped-def]
    """Issue 23, defect 8: a wiped comment box is no reason; nothing is rejected, the page says why."""
    drain = _drain(incident)
    client.force_login(operator)
    response = client.post(reverse("rec-reject", args=[drain.pk]), {"comment": "   "}, follow=True)
    drain.refresh_from_db()
    assert drain.status == RecStatus.AWAITING_APPROVAL and drain.decided_by is None
    assert not AuditRecord.objects.filter(recommendation_id=drain.pk, event="rejection").exists()
    assert "Not rejected: a rejection needs a reason" in response.content.decode()
    api = client.post(
        f"/api/recommendations/{drain.pk}/reject/", {"comment": ""}, content_type="application/json"
    )
    assert api.status_code == 409 and "needs a reason" in api.json()["detail"]


def test_assign_with_an_emptied_box_changes_nothing_and_unassign_is_its_own_button(
    client, operator, incident
) -> None:  # type: ignore[no-untyped-def]
    Incident.objects.filter(pk=incident.pk).update(assignee=operator.username)
    client.force_login(operator)
    page = client.get(reverse("incident", args=[incident.pk])).content.decode()
    assert 'id="unassign-button"' in page
    response = client.post(reverse("incident-assign", args=[incident.pk]), {"assignee": " "}, follow=True)
    incident.refresh_from_db()
    assert incident.assignee == operator.username
    assert "Type a username to assign the incident to" in response.content.decode()
    assert not AuditRecord.objects.filter(incident_id=incident.pk, event="assign").exists()
    client.post(reverse("incident-assign", args=[incident.pk]), {"assignee": "", "unassign": "1"})
    incident.refresh_from_db()
    assert incident.assignee == ""
    assert AuditRecord.objects.get(incident_id=incident.pk, event="assign").outcome == "unassigned"
