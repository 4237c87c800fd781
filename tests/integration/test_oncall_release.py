"""Releasing the switch, or the end of a silence, routes again what it held; a refused HTML decision is a 409.

Real PostgreSQL and Redis; the simulated world stands in for Slurm. The storm breaker pulls
the same switch as a person (``set_monitor_only`` with no user), so it is pulled that way here.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest
from django.urls import reverse
from django.utils import timezone

from actions.choices import RecStatus
from actions.models import Recommendation
from actions.services.actionable import release_ended_silences
from actions.services.autonomy import set_monitor_only
from actions.services.execution import enqueue_execution, execute_recommendation
from actions.services.recommendations import sync_recommendations
from incidents.choices import IncidentStatus
from incidents.models import AuditRecord, Incident
from incidents.services import transition_incident
from incidents.silences import create_silence
from monitoring.choices import Autonomy
from monitoring.models import Node
from monitoring.sources.simulated import load_world, save_world

pytestmark = [pytest.mark.django_db, pytest.mark.redis]
STORM = "storm: 3 jobs on disjoint nodes failing within 120 s"


@pytest.fixture
def now() -> dt.datetime:
    return timezone.now()  # the views read the clock: what was held a moment ago is still fresh


@pytest.fixture
def eager_celery() -> Iterator[None]:
    """Tasks run in the caller (no worker): an approval's after-commit send executes the drain."""
    from recovery_site.celery import app

    old = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = old


@pytest.fixture
def world_node(cluster, redis_ns, settings, now) -> str:  # type: ignore[no-untyped-def]
    settings.SIM_FAULT_MEAN_INTERVAL_S = 0
    world = load_world(cluster, now.timestamp())
    save_world(cluster, world)
    for n in world.nodes():  # the whole partition, so a single drain passes the share guardrail
        Node.objects.create(cluster=cluster, name=n["name"], partition="batch")
    return str(world.nodes()[0]["name"])


@pytest.fixture
def incident(cluster, world_node, now) -> Incident:  # type: ignore[no-untyped-def]
    cluster.autonomy = Autonomy.AUTO
    cluster.save()
    return Incident.objects.create(
        cluster=cluster,
        key="i-1",
        category="gpu_hardware",
        culprit_node=world_node,
        culprit_gpu=3,
        confidence=0.9,
        pattern="xid:79",
        jobs=[],
        detected_at=now,
    )


def _drain(incident: Incident, now: dt.datetime, callbacks) -> Recommendation:  # type: ignore[no-untyped-def]
    with callbacks(execute=False):  # the execution message is lost: the trip comes first
        sync_recommendations(incident, [{"action": "drain_node", "node": incident.culprit_node}], now)
    return Recommendation.objects.get(incident=incident, action="drain_node")


def _drained_reason(incident: Incident, now: dt.datetime) -> str | None:
    world = load_world(incident.cluster, now.timestamp() + 1)
    node = next(n for n in world.nodes() if n["name"] == incident.culprit_node)
    return str(node["reason"]) if "DRAIN" in node["state"].upper() else None


def _executions(rec: Recommendation) -> int:
    return AuditRecord.objects.filter(recommendation_id=rec.pk, event="execution").count()


def _release(client, admin_user, cluster):  # type: ignore[no-untyped-def]
    client.force_login(admin_user)
    return client.post(
        f"/api/clusters/{cluster.pk}/monitor-only/",
        {"on": False, "reason": "the filesystem is back"},
        content_type="application/json",
    )


# ---------------------------------------------------------------- the storm breaker


def test_a_trip_holds_an_automatic_drain_and_it_never_runs_while_held(
    incident, now, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    drain = _drain(incident, now, django_capture_on_commit_callbacks)
    assert drain.status == RecStatus.APPROVED and drain.decided_by is None  # the ladder said auto

    set_monitor_only(incident.cluster, True, None, now, reason=STORM)
    execute_recommendation(drain.pk, now)  # the lost message, delivered late

    drain.refresh_from_db()
    assert drain.status == RecStatus.HELD
    assert drain.transitions.last().reason == f"back to monitor: {STORM}"
    audit = AuditRecord.objects.filter(recommendation_id=drain.pk).last()
    assert (audit.actor, audit.outcome, audit.detail) == (
        "controller",
        RecStatus.HELD,
        {"from": RecStatus.APPROVED, "reason": f"back to monitor: {STORM}"},
    )
    assert _executions(drain) == 0 and _drained_reason(incident, now) is None


def test_after_a_trip_and_release_the_held_drain_is_approvable_and_runs_exactly_once(
    client, admin_user, operator, incident, now, eager_celery, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    drain = _drain(incident, now, django_capture_on_commit_callbacks)
    set_monitor_only(incident.cluster, True, None, now, reason=STORM)

    resp = _release(client, admin_user, incident.cluster)

    assert resp.status_code == 200, resp.content
    assert resp.json() == {
        "cluster": "sim-t",
        "monitor_only": False,
        "monitor_only_reason": "",
        "approvable": 1,
        "expired": 0,
    }
    drain.refresh_from_db()
    assert drain.status == RecStatus.AWAITING_APPROVAL  # a person decides: time has passed
    assert drain.transitions.last().reason == (
        "held in monitor, released: a person decides (auto: cluster default)"
    )
    assert drain.transitions.last().actor == "ada"
    client.force_login(operator)
    with django_capture_on_commit_callbacks(execute=True):  # the execution task runs here (eager)
        resp = client.post(f"/api/recommendations/{drain.pk}/approve/", {}, content_type="application/json")
    assert resp.status_code == 200 and resp.json()["status"] == RecStatus.APPROVED
    execute_recommendation(drain.pk, now)  # the same message delivered twice never drains twice
    drain.refresh_from_db()
    assert drain.status == RecStatus.SUCCEEDED and _executions(drain) == 1
    assert (_drained_reason(incident, now) or "").startswith("recovery: incident")


def test_a_held_drain_of_a_node_someone_else_drained_expires_on_release_with_the_reason(
    client, admin_user, incident, now, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    drain = _drain(incident, now, django_capture_on_commit_callbacks)
    set_monitor_only(incident.cluster, True, None, now, reason=STORM)
    Node.objects.filter(name=incident.culprit_node).update(state="DRAIN", reason="NHC: ECC")

    assert _release(client, admin_user, incident.cluster).json()["expired"] == 1

    drain.refresh_from_db()
    assert drain.status == RecStatus.EXPIRED
    assert drain.transitions.last().reason == (
        f"stale after release: node {incident.culprit_node} is already drained"
    )
    assert AuditRecord.objects.filter(recommendation_id=drain.pk, event="expiry", actor="ada").count() == 1
    assert _executions(drain) == 0


def test_a_held_drain_whose_incident_closed_expires_on_release_with_the_reason(
    client, admin_user, incident, now, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    drain = _drain(incident, now, django_capture_on_commit_callbacks)
    set_monitor_only(incident.cluster, True, None, now, reason=STORM)
    transition_incident(incident, IncidentStatus.RECOVERED, at=now, reason="verified healthy")

    _release(client, admin_user, incident.cluster)

    drain.refresh_from_db()
    assert drain.status == RecStatus.EXPIRED
    assert drain.transitions.last().reason == f"stale after release: incident #{incident.pk} is recovered"


def test_a_held_drain_released_while_the_ladder_says_monitor_is_shown_not_approvable(
    admin_user, incident, now, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    from actions.services.actionable import switch_monitor_only

    drain = _drain(incident, now, django_capture_on_commit_callbacks)
    set_monitor_only(incident.cluster, True, None, now, reason=STORM)
    incident.cluster.autonomy = Autonomy.MONITOR
    incident.cluster.save()

    assert switch_monitor_only(incident.cluster, False, admin_user, now) == (0, 0)

    drain.refresh_from_db()
    assert drain.status == RecStatus.PROPOSED
    assert drain.transitions.last().reason == (
        "held in monitor, released; the ladder says monitor (cluster default): shown, not executed"
    )


def test_only_an_admin_releases_the_switch_over_the_api_and_the_refusal_is_audited(
    client, operator, viewer, incident, now, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    drain = _drain(incident, now, django_capture_on_commit_callbacks)
    client.force_login(viewer)
    pulled = client.post(
        f"/api/clusters/{incident.cluster.pk}/monitor-only/", {"on": True}, content_type="application/json"
    )
    assert pulled.status_code == 403
    client.force_login(operator)
    pulled = client.post(
        f"/api/clusters/{incident.cluster.pk}/monitor-only/",
        {"on": True, "reason": "fabric looks odd"},
        content_type="application/json",
    )
    assert pulled.status_code == 200 and pulled.json()["monitor_only"] is True
    released = client.post(
        f"/api/clusters/{incident.cluster.pk}/monitor-only/", {"on": False}, content_type="application/json"
    )
    assert released.status_code == 403
    drain.refresh_from_db()
    assert drain.status == RecStatus.HELD
    page = client.get(reverse("incident", args=[incident.pk])).content.decode()
    assert "Held by back to monitor" in page
    assert "approved automatically, held by back to monitor before it ran" in page
    assert f'action="{reverse("rec-approve", args=[drain.pk])}"' not in page  # nothing to click yet
    refusals = AuditRecord.objects.filter(event="refusal").values_list("actor", "detail__attempted")
    assert list(refusals) == [("vera", "back to monitor"), ("otto", "release back to monitor")]
    bad = client.post(
        f"/api/clusters/{incident.cluster.pk}/monitor-only/", {"on": "maybe"}, content_type="application/json"
    )
    assert bad.status_code == 400


# ---------------------------------------------------------------- the HTML approve form


def test_the_html_approve_on_a_dismissed_incident_answers_409_and_runs_nothing(
    client, operator, incident, now, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    incident.cluster.autonomy = Autonomy.APPROVE
    incident.cluster.save()
    drain = _drain(incident, now, django_capture_on_commit_callbacks)
    assert drain.status == RecStatus.AWAITING_APPROVAL
    client.force_login(operator)
    client.post(reverse("incident-dismiss", args=[incident.pk]), {"reason": "false alarm"})

    with django_capture_on_commit_callbacks(execute=False) as sent:
        resp = client.post(reverse("rec-approve", args=[drain.pk]), {"comment": "go"})

    assert resp.status_code == 409
    html = resp.content.decode()
    assert "Not approved: nothing was done" in html
    assert f"incident #{incident.pk} is dismissed: its recommendations ended, nothing to approve" in html
    assert 'It is now <span class="status">superseded</span>' in html
    assert [c for c in sent if getattr(c, "func", None) is enqueue_execution] == []
    drain.refresh_from_db()
    assert (drain.status, drain.decided_by) == (RecStatus.SUPERSEDED, None)
    assert not AuditRecord.objects.filter(recommendation_id=drain.pk, event="approval").exists()
    assert _drained_reason(incident, now) is None


# ---------------------------------------------------------------- a silence that ends


@pytest.fixture
def silenced(incident, operator, now, django_capture_on_commit_callbacks):  # type: ignore[no-untyped-def]
    """A node silence from a minute ago to an hour from now; the drain it holds, and the incident."""
    incident.cluster.autonomy = Autonomy.APPROVE
    incident.cluster.save()
    silence = create_silence(
        incident.cluster,
        operator,
        starts_at=now - dt.timedelta(minutes=1),
        ends_at=now + dt.timedelta(hours=1),
        reason="DIMM swap",
        now=now,
        node=incident.culprit_node,
    )
    with django_capture_on_commit_callbacks(execute=False):
        sync_recommendations(
            incident,
            [
                {"action": "drain_node", "node": incident.culprit_node},
                {"action": "escalate", "text": "GPU 3 fell off the bus"},
            ],
            now,
        )
    drain = Recommendation.objects.get(incident=incident, action="drain_node")
    assert drain.status == RecStatus.PROPOSED
    incident.refresh_from_db()
    assert incident.silenced_by_id == silence.pk
    return silence, drain


def test_ending_a_silence_early_makes_what_it_held_approvable_and_pages(
    client, operator, incident, silenced, now, settings, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    from actions.models import PageState

    settings.RECOVERY_ALERTMANAGER_WEBHOOKS = ["http://127.0.0.1:9/alerts"]  # the wish is the row
    silence, drain = silenced
    client.force_login(operator)

    with django_capture_on_commit_callbacks(execute=False) as sent:
        resp = client.post(f"/api/silences/{silence.pk}/end/", {}, content_type="application/json")

    assert resp.status_code == 200
    drain.refresh_from_db()
    assert drain.status == RecStatus.AWAITING_APPROVAL
    assert drain.transitions.last().reason == (
        f"silence #{silence.pk} ended: a person decides (approve: cluster default)"
    )
    escalate = Recommendation.objects.get(incident=incident, action="escalate")
    assert escalate.status == RecStatus.APPROVED  # the escalation it kept back goes out now
    assert [c.args for c in sent if getattr(c, "func", None) is enqueue_execution] == [(escalate.pk,)]
    incident.refresh_from_db()
    assert incident.silenced_by_id is None
    assert PageState.objects.get(incident=incident).state == "triggered"
    release = AuditRecord.objects.get(event="silence", outcome="released")
    assert (release.actor, release.detail) == (
        "otto",
        {"incidents": [incident.pk], "approvable": 1, "expired": 0, "notices": 1, "paged": 1},
    )
    silence.refresh_from_db()
    assert silence.released_at is not None
    assert release_ended_silences(incident.cluster, now + dt.timedelta(hours=2)) == 0  # once only


def test_a_silence_that_runs_out_is_released_by_the_sweep(incident, silenced, now) -> None:  # type: ignore[no-untyped-def]
    silence, drain = silenced
    assert release_ended_silences(incident.cluster, now + dt.timedelta(minutes=30)) == 0  # still on

    assert release_ended_silences(incident.cluster, now + dt.timedelta(minutes=61)) == 1

    drain.refresh_from_db()
    assert drain.status == RecStatus.EXPIRED  # recommended 61 min ago, past the 30 min expiry
    assert drain.transitions.last().reason == (
        f"stale after release: held 61 min under silence #{silence.pk}, longer than the 30 min expiry"
    )


def test_a_silence_that_ends_expires_a_drain_someone_else_already_did(
    client, operator, incident, silenced, now
) -> None:  # type: ignore[no-untyped-def]
    silence, drain = silenced
    Node.objects.filter(name=incident.culprit_node).update(state="DRAIN", reason="maintenance")
    client.force_login(operator)

    client.post(reverse("silence-end", args=[silence.pk]))

    drain.refresh_from_db()
    assert drain.status == RecStatus.EXPIRED
    assert drain.transitions.last().reason == (
        f"stale after release: node {incident.culprit_node} is already drained"
    )


def test_a_silence_ending_while_the_cluster_is_in_monitor_leaves_the_switch_to_decide(
    client, admin_user, operator, incident, silenced, now
) -> None:  # type: ignore[no-untyped-def]
    silence, drain = silenced
    set_monitor_only(incident.cluster, True, operator, now, reason="investigating")
    client.force_login(operator)
    client.post(reverse("silence-end", args=[silence.pk]))
    drain.refresh_from_db()
    assert drain.status == RecStatus.PROPOSED  # still held by the switch

    assert _release(client, admin_user, incident.cluster).json()["approvable"] == 1
