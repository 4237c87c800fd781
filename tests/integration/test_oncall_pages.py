"""The incident list and its API filters, acknowledge and assign, the overview's queue, the job page."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from actions.services.recommendations import sync_recommendations
from incidents.models import AuditRecord, Incident
from monitoring.choices import Autonomy
from monitoring.models import Job, Node

NOW = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)
pytestmark = pytest.mark.django_db


def _incident(cluster, key: str, node: str, job: str, status: str = "open", minutes: int = 0) -> Incident:  # type: ignore[no-untyped-def]
    return Incident.objects.create(
        cluster=cluster,
        key=key,
        category="gpu_hardware",
        culprit_node=node,
        culprit_gpu=1,
        confidence=0.9,
        pattern="xid:79",
        jobs=[job],
        status=status,
        detected_at=NOW + dt.timedelta(minutes=minutes),
    )


@pytest.fixture
def three(cluster):  # type: ignore[no-untyped-def]
    """#a needs approval (a drain awaits), #b is open with nothing to approve, #c recovered."""
    cluster.autonomy = Autonomy.APPROVE
    cluster.save()
    for n in range(1, 9):
        Node.objects.create(cluster=cluster, name=f"gpu-a-00{n}", partition="batch", state="MIXED")
    a = _incident(cluster, "a", "gpu-a-003", "4101", minutes=1)
    b = _incident(cluster, "b", "gpu-a-005", "4102", minutes=2)
    c = _incident(cluster, "c", "gpu-a-003", "41011", status="recovered", minutes=3)
    sync_recommendations(a, [{"action": "drain_node", "node": "gpu-a-003"}], NOW)
    return a, b, c


def _ids(resp) -> list[int]:  # type: ignore[no-untyped-def]
    assert resp.status_code == 200, resp.content
    return [r["id"] for r in resp.json()["results"]]


def test_the_needs_approval_filter_selects_incidents_with_a_recommendation_awaiting(
    client, viewer, three
) -> None:  # type: ignore[no-untyped-def]
    a, b, c = three
    client.force_login(viewer)
    assert _ids(client.get("/api/incidents/?needs_approval=true")) == [a.pk]
    assert _ids(client.get("/api/incidents/?needs_approval=false")) == [c.pk, b.pk]
    assert client.get("/api/incidents/?needs_approval=true").json()["results"][0]["needs_approval"] is True


def test_incident_filters_combine_status_cluster_node_and_job(client, viewer, three) -> None:  # type: ignore[no-untyped-def]
    a, b, c = three
    client.force_login(viewer)
    assert _ids(client.get("/api/incidents/?status=open&cluster=sim-t&node=gpu-a-003")) == [a.pk]
    assert _ids(client.get("/api/incidents/?job=4101")) == [a.pk]  # not 41011: whole ids only
    assert _ids(client.get("/api/incidents/?status=active")) == [b.pk, a.pk]
    assert _ids(client.get("/api/incidents/?status=Recovered")) == [c.pk]  # the word shown works too
    assert _ids(client.get("/api/incidents/?cluster=other")) == []
    assert _ids(client.get("/api/incidents/?sort=oldest")) == [a.pk, b.pk, c.pk]
    assert _ids(client.get("/api/incidents/?q=gpu-a-005")) == [b.pk]
    assert _ids(client.get("/api/incidents/?from=2026-11-29 10:02")) == [c.pk, b.pk]


def test_a_bad_filter_is_a_clear_400(client, viewer, three) -> None:  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    resp = client.get("/api/incidents/?needs_approval=maybe&status=burning")
    assert resp.status_code == 400
    assert resp.json() == {
        "filters": [
            "unknown status 'burning' (use open, mitigating, recovered, escalated, dismissed or active)",
            "needs_approval must be true or false, not 'maybe'",
        ]
    }


def test_the_incident_list_page_filters_and_marks_what_needs_approval(client, viewer, three) -> None:  # type: ignore[no-untyped-def]
    a, b, c = three
    client.force_login(viewer)
    html = client.get(reverse("incidents-page") + "?needs_approval=true").content.decode()
    assert f'data-incident="{a.pk}"' in html
    assert f'data-incident="{b.pk}"' not in html
    assert "needs approval</span>" in html
    assert "1 incident" in html


def test_an_operator_acknowledges_and_the_name_shows_in_api_and_audit(client, operator, three) -> None:  # type: ignore[no-untyped-def]
    a, _, _ = three
    client.force_login(operator)
    resp = client.post(
        f"/api/incidents/{a.pk}/acknowledge/", {"note": "looking"}, content_type="application/json"
    )
    assert resp.status_code == 200
    assert (resp.json()["acknowledged_by"], resp.json()["assignee"]) == ("otto", "otto")
    record = AuditRecord.objects.get(event="acknowledge")
    assert (record.actor, record.incident_id, record.detail) == (
        "otto",
        a.pk,
        {"from": "nobody", "note": "looking"},
    )
    html = client.get(reverse("overview")).content.decode()
    assert 'data-on="otto"' in html


def test_assigning_to_an_unknown_user_is_refused_and_a_viewer_cannot_acknowledge(
    client, viewer, operator, three
) -> None:  # type: ignore[no-untyped-def]
    a, _, _ = three
    client.force_login(operator)
    resp = client.post(
        f"/api/incidents/{a.pk}/assign/", {"assignee": "nobody-here"}, content_type="application/json"
    )
    assert (resp.status_code, resp.json()) == (400, {"detail": "no active user named 'nobody-here'"})
    assert (
        client.post(
            f"/api/incidents/{a.pk}/assign/", {"assignee": "vera"}, content_type="application/json"
        ).json()["assignee"]
        == "vera"
    )
    client.force_login(viewer)
    resp = client.post(f"/api/incidents/{a.pk}/acknowledge/", {}, content_type="application/json")
    assert resp.status_code == 403
    a.refresh_from_db()
    assert a.acknowledged_by == ""
    assert AuditRecord.objects.filter(event="refusal", actor="vera").count() == 1


def test_the_api_dismiss_ends_recommendations_and_a_viewer_is_refused(
    client, viewer, operator, three
) -> None:  # type: ignore[no-untyped-def]
    a, _, _ = three
    client.force_login(viewer)
    assert (
        client.post(
            f"/api/incidents/{a.pk}/dismiss/", {"reason": "x"}, content_type="application/json"
        ).status_code
        == 403
    )
    client.force_login(operator)
    resp = client.post(
        f"/api/incidents/{a.pk}/dismiss/", {"reason": "burn-in"}, content_type="application/json"
    )
    assert (resp.status_code, resp.json()["status"], resp.json()["needs_approval"]) == (
        200,
        "dismissed",
        False,
    )


def test_the_overview_shows_every_active_incident_and_the_count_matches(client, viewer, cluster) -> None:  # type: ignore[no-untyped-def]
    for n in range(40):
        _incident(
            cluster,
            f"k{n}",
            f"gpu-b-{n:03d}",
            str(5000 + n),
            status="mitigating" if n == 0 else "open",
            minutes=n,
        )
    for n in range(10):
        _incident(cluster, f"r{n}", "gpu-c-001", str(6000 + n), status="recovered", minutes=100 + n)
    client.force_login(viewer)
    html = client.get(reverse("overview")).content.decode()
    active = html[html.index('id="incident-table"') :]
    active = active[: active.index("</table>")]
    assert active.count("<tr class=") == 40
    assert '<b id="stat-open">40</b>' in html
    oldest = Incident.objects.get(key="k0")
    assert f'data-incident="{oldest.pk}"' in active  # the oldest, still mitigating, never falls off


def test_past_a_hundred_active_the_overview_says_how_many_it_shows_and_links_to_all(
    client, viewer, cluster
) -> None:  # type: ignore[no-untyped-def]
    from actions.models import Recommendation
    from actions.views.dashboard import OVERVIEW_ROWS

    total = OVERVIEW_ROWS + 5
    incidents = Incident.objects.bulk_create(
        Incident(
            cluster=cluster,
            key=f"m{n}",
            category="gpu_hardware",
            culprit_node=f"gpu-b-{n:03d}",
            jobs=[str(7000 + n)],
            status="open",
            detected_at=NOW + dt.timedelta(minutes=n),
        )
        for n in range(total)
    )
    Recommendation.objects.bulk_create(  # every one awaits a person: the queue is capped and says so too
        Recommendation(incident=i, cluster=cluster, action="drain_node", node=i.culprit_node,
                       status="awaiting_approval", created_at=NOW)
        for i in incidents
    )  # fmt: skip
    client.force_login(viewer)

    html = client.get(reverse("overview")).content.decode()

    active = html[html.index('id="incident-table"') :]
    active = active[: active.index("</table>")]
    assert active.count("<tr class=") == OVERVIEW_ROWS
    assert f'<b id="stat-open">{total}</b>' in html  # the header counts every one
    assert f"newest {OVERVIEW_ROWS} of {total}" in html
    assert (
        f'Showing {OVERVIEW_ROWS} of {total} active — <a href="/incidents/?status=active">see all {total}</a>'
        " (5 more, none of them closed)." in html
    )
    assert f"Showing {OVERVIEW_ROWS} of {total} that need you — see all" in html
    assert 'href="/incidents/?needs_approval=true">awaiting approval</a>' in html
    newest = incidents[-1]
    assert f'data-incident="{newest.pk}"' in active and f'data-incident="{incidents[0].pk}"' not in active
    last_page = client.get("/incidents/?status=active&page=3").content.decode()  # 50 a page, newest first
    assert f'data-incident="{incidents[0].pk}"' in last_page  # the oldest is one link away, not hidden
    fragment = client.get(reverse("overview-fragment")).content.decode()
    assert f"Showing {OVERVIEW_ROWS} of {total} active" in fragment  # the live update says it too


def test_the_job_page_tells_incidents_and_restarts_as_one_story(client, viewer, cluster) -> None:  # type: ignore[no-untyped-def]
    Job.objects.create(
        cluster=cluster,
        slurm_id="4101",
        name="llm",
        state="FAILED",
        nodes="gpu-a-[001-002]",
        last_step=156,
        last_checkpoint_step=150,
    )
    inc = _incident(cluster, "j1", "gpu-a-001", "4101", status="recovered")
    client.force_login(viewer)
    html = client.get(reverse("job", args=[cluster.pk, "4101"])).content.decode()
    assert f'data-incident="{inc.pk}"' in html
    assert "Marked recovered, but the job is failed" in html  # never a green "recovered" over a failed job
    assert "step 156" in html and "step 150" in html
    assert 'id="job-override-form"' not in html  # a viewer sees the levels, not the form


def test_audit_filters_accept_the_words_shown(client, viewer, three) -> None:  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    by_name = client.get("/api/audit/?event=recommendation").json()["count"]
    assert by_name > 0
    assert client.get("/api/audit/?event=Recommendation").json()["count"] == by_name
    assert (
        client.get("/api/audit/?event=Status change").json()["count"]
        == client.get("/api/audit/?event=status").json()["count"]
    )


def test_raising_autonomy_past_readiness_needs_a_confirmation(client, admin_user, cluster) -> None:  # type: ignore[no-untyped-def]
    client.force_login(admin_user)
    resp = client.post(
        reverse("cluster-autonomy", args=[cluster.pk]), {"autonomy": "auto", "reason": "try"}, follow=True
    )
    cluster.refresh_from_db()
    assert cluster.autonomy == Autonomy.MONITOR
    assert "Not raised: readiness does not support auto yet" in resp.content.decode()
    assert not AuditRecord.objects.filter(event="autonomy").exists()
    client.post(
        reverse("cluster-autonomy", args=[cluster.pk]), {"autonomy": "auto", "confirm_past_readiness": "1"}
    )
    cluster.refresh_from_db()
    assert cluster.autonomy == Autonomy.AUTO


def test_a_node_page_says_the_health_its_tile_shows(client, viewer, three) -> None:  # type: ignore[no-untyped-def]
    node = Node.objects.get(name="gpu-a-003")  # health "ok" in the table, but an open incident blames its GPU
    client.force_login(viewer)
    html = client.get(reverse("node", args=[node.pk])).content.decode()
    assert '<span class="status cell h-faulty" id="node-health">faulty</span>' in html


def _mitigating_with_requeue(cluster, job_started: dt.datetime, job_state: str):  # type: ignore[no-untyped-def]
    from actions.models import Recommendation

    Job.objects.create(
        cluster=cluster,
        slurm_id="4301",
        name="llm",
        state=job_state,
        nodes="gpu-a-[001-002]",
        started_at=job_started,
    )
    inc = _incident(cluster, "m1", "gpu-a-004", "4301", status="mitigating")
    Recommendation.objects.create(
        incident=inc,
        cluster=cluster,
        action="requeue_job",
        job="4301",
        exclude=["gpu-a-004"],
        status="succeeded",
        created_at=NOW,
        finished_at=NOW + dt.timedelta(seconds=5),
    )
    return inc


def test_a_restart_that_fails_again_while_mitigating_reopens_the_same_incident(cluster) -> None:  # type: ignore[no-untyped-def]
    from actions.services.verification import reopen_failed_restarts

    inc = _mitigating_with_requeue(
        cluster, NOW + dt.timedelta(seconds=20), "FAILED"
    )  # ran again, then failed

    assert reopen_failed_restarts(cluster, NOW + dt.timedelta(seconds=50)) == 1

    inc.refresh_from_db()
    assert (inc.status, inc.reopen_count) == ("open", 0)  # mitigating -> open: not a reopen of a closed one
    assert (
        inc.verification_note
        == "failed again while mitigating: job 4301 failed again (FAILED) after its restart within 1200 s of its restart"
    )


def test_a_stale_failed_state_from_before_the_requeue_reopens_nothing(cluster) -> None:  # type: ignore[no-untyped-def]
    from actions.services.verification import reopen_failed_restarts

    inc = _mitigating_with_requeue(
        cluster, NOW - dt.timedelta(hours=1), "FAILED"
    )  # the row still shows the old run

    assert reopen_failed_restarts(cluster, NOW + dt.timedelta(seconds=50)) == 0
    inc.refresh_from_db()
    assert inc.status == "mitigating"


def test_a_newer_incident_on_the_restarted_job_reopens_and_links_the_first(cluster) -> None:  # type: ignore[no-untyped-def]
    from actions.services.verification import reopen_failed_restarts

    inc = _mitigating_with_requeue(cluster, NOW + dt.timedelta(seconds=20), "RUNNING")
    newer = _incident(cluster, "m2", "gpu-a-001", "4301", minutes=1)

    assert reopen_failed_restarts(cluster, NOW + dt.timedelta(minutes=2)) == 1
    inc.refresh_from_db()
    assert f"incident #{newer.pk}" in inc.verification_note
