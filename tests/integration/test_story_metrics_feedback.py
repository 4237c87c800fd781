"""The incident page answers in plain words, measures the recovery, and takes the operator's verdict."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from actions.choices import RecStatus
from actions.models import Recommendation
from actions.services.execution import execute_recommendation
from actions.services.recommendations import approve_recommendation, sync_recommendations
from actions.services.transitions import transition_recommendation
from incidents.audit import append_audit
from incidents.choices import IncidentStatus
from incidents.models import AuditRecord, Evidence, Incident
from incidents.services import transition_incident
from monitoring.choices import Autonomy
from monitoring.models import Job

pytestmark = pytest.mark.django_db
# Relative to the real clock: the metrics page shows the last 24 hours.
T0 = (timezone.now() - dt.timedelta(hours=2)).replace(microsecond=0)
XID_LINE = "kernel gpu-a-003: Xid 79 on GPU 3 (GPU has fallen off the bus) (x2)"
NOTE = "job 4101 runs again on gpu-a-[001-002,004,005] (without gpu-a-003) and progressed to step 1300"


def at(seconds: float) -> dt.datetime:
    return T0 + dt.timedelta(seconds=seconds)


def hms(seconds: float) -> str:
    return at(seconds).astimezone(dt.UTC).strftime("%H:%M:%S")


@pytest.fixture
def recovered(cluster, operator, django_capture_on_commit_callbacks):  # type: ignore[no-untyped-def]
    """Fault at T0, detected at +40 s, requeue awaiting approval, approved at +130 s by otto,
    issued at +132 s, job progressing again, verified healthy at +300 s."""
    cluster.autonomy = Autonomy.APPROVE
    cluster.save()
    Job.objects.create(
        cluster=cluster,
        slurm_id="4101",
        name="llm",
        user="alice",
        partition="batch",
        state="RUNNING",
        comment='{"recovery": {"max_requeues": 2}}',
        nodes="gpu-a-[001-004]",
        last_step=1240,
        last_checkpoint_step=1200,
        last_progress_at=at(-5),
    )
    inc = Incident.objects.create(
        cluster=cluster,
        key="i-1",
        category="gpu_hardware",
        culprit_node="gpu-a-003",
        culprit_gpu=3,
        confidence=0.95,
        pattern="xid:79",
        jobs=["4101"],
        first_signal_at=at(0),
        detected_at=at(40),
    )
    Evidence.objects.create(incident=inc, position=0, text=XID_LINE)
    Evidence.objects.create(
        incident=inc, position=1, text="collective timeout: rank(s) 19 on gpu-a-003 never reported"
    )
    with django_capture_on_commit_callbacks():  # nothing is sent to Celery
        sync_recommendations(
            inc,
            [
                {
                    "action": "requeue_job",
                    "job": "4101",
                    "exclude": ["gpu-a-003"],
                    "text": "requeue from step 1200 excluding gpu-a-003",
                }
            ],
            at(40),
        )
        rec = Recommendation.objects.get(incident=inc)
        assert rec.status == RecStatus.AWAITING_APPROVAL
        approve_recommendation(rec, operator, at(130), "bad GPU")
    transition_recommendation(rec, RecStatus.EXECUTING, at=at(132), executed_at=at(132))
    transition_recommendation(rec, RecStatus.SUCCEEDED, at=at(133), finished_at=at(133), result="requeued")
    transition_incident(inc, IncidentStatus.MITIGATING, at=at(133), reason="requeue issued")
    Job.objects.filter(cluster=cluster, slurm_id="4101").update(
        last_step=1300, last_progress_at=at(290)
    )  # the new run's steps
    transition_incident(inc, IncidentStatus.RECOVERED, at=at(300), reason=NOTE)
    append_audit(
        event="verification",
        at=at(300),
        cluster=cluster.name,
        workload="4101",
        node="gpu-a-003",
        incident_id=inc.pk,
        action="verify recovery",
        outcome="healthy",
        detail={"note": NOTE},
    )
    return inc


def test_the_story_says_why_the_job_was_restarted_on_what_evidence_and_that_it_was_healthy(recovered) -> None:  # type: ignore[no-untyped-def]
    from actions.views.incidents import incident_context

    assert incident_context(recovered)["story"] == [
        f"Blamed on GPU hardware on gpu-a-003 GPU 3 (pattern xid:79, confidence 0.95) on the evidence “{XID_LINE}” and 1 more line.",
        f"Job 4101 was requeued without gpu-a-003 at {hms(132)} because of GPU hardware on gpu-a-003 GPU 3; approved by otto.",
        f"It ran again on gpu-a-[001-002,004,005] and progressed to step 1300 at {hms(300)}: healthy.",
    ]


def test_the_metrics_of_a_constructed_timeline_are_exact(recovered) -> None:  # type: ignore[no-untyped-def]
    from actions.evaluation.metrics import IncidentMetrics
    from actions.views.reports import incident_metrics

    # the lost progress comes from the requeue's own text, written at the fault: the job row has moved on
    assert incident_metrics(recovered) == IncidentMetrics(
        detection_latency_s=40.0,
        action_latency_s=92.0,
        approval_wait_s=90.0,
        time_to_resume_s=300.0,
        lost_steps=40,
    )


def test_the_incident_page_shows_the_story_and_the_metrics_box(client, viewer, recovered) -> None:  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    html = client.get(reverse("incident", args=[recovered.pk])).content.decode()
    assert 'id="incident-story"' in html
    assert f"progressed to step 1300 at {hms(300)}: healthy." in html
    assert "<tr><th>Approval wait</th><td>90.0 s</td></tr>" in html
    assert "<tr><th>Lost progress</th><td>40 steps since the last checkpoint</td></tr>" in html
    assert f'href="/audit/?incident={recovered.pk}"' in html
    assert f'action="/incidents/{recovered.pk}/verdict/"' not in html  # viewers get no verdict buttons


def test_the_metrics_page_and_its_json_list_the_incident_and_the_summary(
    client, viewer, cluster, recovered
) -> None:  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    body = client.get(reverse("metrics-api"), {"cluster": cluster.name, "window": "24h"}).json()
    assert (body["cluster"], body["window"]) == ("sim-t", "24h")
    [row] = body["incidents"]
    assert {
        k: row[k]
        for k in (
            "id",
            "detection_latency_s",
            "action_latency_s",
            "approval_wait_s",
            "time_to_resume_s",
            "lost_steps",
        )
    } == {
        "id": recovered.pk,
        "detection_latency_s": 40.0,
        "action_latency_s": 92.0,
        "approval_wait_s": 90.0,
        "time_to_resume_s": 300.0,
        "lost_steps": 40,
    }
    assert row["fault_at"] == at(0).isoformat()
    assert body["summary"]["time_to_resume_s"] == {
        "count": 1,
        "mean": 300.0,
        "median": 300.0,
        "p90": 300.0,
        "max": 300.0,
    }
    assert (
        client.get(reverse("metrics-api"), {"cluster": "other"}).json()["cluster"] is None
    )  # unknown: all clusters
    html = client.get(reverse("metrics"), {"cluster": cluster.name, "window": "7d"}).content.decode()
    assert f'<a href="/incidents/{recovered.pk}/">#{recovered.pk}</a>' in html
    assert 'data-metrics-url="/api/metrics/?window=7d&amp;cluster=sim-t"' in html
    assert 'data-plotly-src="/vendor/plotly-' in html
    assert '<a href="/recovery-metrics/">Metrics</a>' in html


def test_an_old_incident_is_outside_the_last_24_hours_but_inside_7_days(client, viewer, cluster) -> None:  # type: ignore[no-untyped-def]
    Incident.objects.create(
        cluster=cluster,
        key="old",
        category="hang",
        culprit_node="gpu-a-001",
        confidence=0.5,
        pattern="hang",
        jobs=["1"],
        detected_at=timezone.now() - dt.timedelta(days=3),
    )
    client.force_login(viewer)
    assert client.get(reverse("metrics-api"), {"window": "24h"}).json()["incidents"] == []
    assert len(client.get(reverse("metrics-api"), {"window": "7d"}).json()["incidents"]) == 1


def test_metrics_need_a_login(client) -> None:  # type: ignore[no-untyped-def]
    assert client.get(reverse("metrics")).status_code == 302
    assert client.get(reverse("metrics-api")).status_code in (401, 403)


def test_a_software_fault_says_why_it_was_not_restarted(cluster, django_capture_on_commit_callbacks) -> None:  # type: ignore[no-untyped-def]
    from actions.views.incidents import incident_context

    inc = Incident.objects.create(
        cluster=cluster,
        key="sw",
        category="software",
        confidence=0.9,
        pattern="traceback:KeyError",
        jobs=["4102"],
        detected_at=at(10),
    )
    Evidence.objects.create(incident=inc, position=0, text="job 4102: KeyError: 'lr' on all 32 ranks")
    text = "job 4102 (alice): KeyError: 'lr' on all 32 ranks; not restarted, a restart would repeat it"
    with django_capture_on_commit_callbacks():
        sync_recommendations(inc, [{"action": "notify", "job": "4102", "text": text}], at(10))
    execute_recommendation(Recommendation.objects.get(incident=inc).pk, at(11))  # what the Celery task does
    inc.refresh_from_db()
    story = incident_context(inc)["story"]
    assert story[1:] == [
        "Job 4102 was not restarted: KeyError: 'lr' on all 32 ranks; a restart would repeat the failure, so the owner was notified.",
        f"Escalated to people at {hms(11)}: needs people: restarting would repeat the failure.",
    ]


# ---------------------------------------------------------------- operator feedback


def test_an_operator_marks_the_verdict_confirmed_and_it_is_audited_once(client, operator, recovered) -> None:  # type: ignore[no-untyped-def]
    client.force_login(operator)
    html = client.get(reverse("incident", args=[recovered.pk])).content.decode()
    assert f'action="/incidents/{recovered.pk}/verdict/"' in html
    before = AuditRecord.objects.count()
    url = reverse("incident-verdict", args=[recovered.pk])
    assert client.post(url, {"verdict": "confirmed", "note": "GPU 3 replaced"}).status_code == 302
    assert client.post(url, {"verdict": "confirmed"}).status_code == 302  # the same again writes nothing
    recovered.refresh_from_db()
    assert recovered.operator_verdict == "confirmed"
    new = list(AuditRecord.objects.filter(seq__gt=before))
    assert [(r.event, r.actor, r.action, r.outcome, r.detail, r.incident_id) for r in new] == [
        (
            "verdict",
            "otto",
            "operator verdict",
            "confirmed",
            {"from": "unjudged", "note": "GPU 3 replaced"},
            recovered.pk,
        )
    ]
    story = client.get(reverse("incident", args=[recovered.pk])).content.decode()
    assert f"The verdict was marked confirmed by otto at {new[0].at.strftime('%H:%M:%S')}." in story


def test_an_operator_can_change_the_verdict_to_false(client, operator, recovered) -> None:  # type: ignore[no-untyped-def]
    client.force_login(operator)
    url = reverse("incident-verdict", args=[recovered.pk])
    client.post(url, {"verdict": "confirmed"})
    client.post(url, {"verdict": "false"})
    recovered.refresh_from_db()
    assert recovered.operator_verdict == "false"
    last = AuditRecord.objects.filter(action="operator verdict").order_by("-seq").first()
    assert (last.outcome, last.detail["from"]) == ("false", "confirmed")


def test_a_viewers_verdict_is_refused_and_only_the_refusal_is_recorded(client, viewer, recovered) -> None:  # type: ignore[no-untyped-def]
    before = AuditRecord.objects.count()
    client.force_login(viewer)
    response = client.post(reverse("incident-verdict", args=[recovered.pk]), {"verdict": "false"})
    assert response.status_code == 403
    recovered.refresh_from_db()
    assert recovered.operator_verdict == ""
    new = list(AuditRecord.objects.filter(seq__gt=before))
    assert [(r.event, r.actor, r.outcome, r.detail["attempted"]) for r in new] == [
        ("refusal", "vera", "refused", "mark verdict false")
    ]


def test_an_unknown_verdict_changes_nothing(client, operator, recovered) -> None:  # type: ignore[no-untyped-def]
    before = AuditRecord.objects.count()
    client.force_login(operator)
    assert (
        client.post(reverse("incident-verdict", args=[recovered.pk]), {"verdict": "maybe"}).status_code == 302
    )
    assert AuditRecord.objects.count() == before
    assert client.get(reverse("incident-verdict", args=[recovered.pk])).status_code == 405


# ---------------------------------------------------------------- readiness


def _judged(cluster, n: int, action: str, verdict: str, pattern: str = "xid:79") -> None:  # type: ignore[no-untyped-def]
    for i in range(n):
        inc = Incident.objects.create(
            cluster=cluster,
            key=f"{action}-{verdict}-{i}",
            category="gpu_hardware",
            culprit_node="gpu-a-003",
            confidence=0.9,
            pattern=pattern,
            jobs=["1"],
            detected_at=at(i),
            operator_verdict=verdict,
        )
        Recommendation.objects.create(
            incident=inc, cluster=cluster, action=action, node="gpu-a-003", created_at=at(i)
        )


def test_readiness_says_which_kinds_are_ready_in_plain_words(client, viewer, cluster, record_dir) -> None:  # type: ignore[no-untyped-def]
    from actions.views.reports import cluster_readiness

    _judged(cluster, 20, "drain_node", "confirmed")
    _judged(cluster, 3, "requeue_job", "confirmed", pattern="hang")
    _judged(cluster, 1, "requeue_job", "false", pattern="hang")
    texts = {r.scope: r.text for r in cluster_readiness(cluster, timezone.now())}
    assert texts.pop("remediation").startswith(
        "remediation: no judged verdicts over less than a day: not ready for approve"
    )
    assert texts == {  # verdicts alone would make isolation ready; nothing was recorded to replay
        "isolation": "isolation verdicts 20/20 confirmed over less than a day: not ready for approve: "
        "no what-if replay (is recording on?)",
        "restart": "restart verdicts 3/4 confirmed over less than a day: not ready for approve: needs 16 more judged "
        "verdicts (at least 20); 75% confirmed is below 95%: look into the 1 false verdict first; "
        "no what-if replay (is recording on?)",
        "xid": "xid verdicts 20/20 confirmed over less than a day: ready for approve",
        "hang": "hang verdicts 3/4 confirmed over less than a day: not ready for approve: needs 16 more judged "
        "verdicts (at least 20); 75% confirmed is below 95%: look into the 1 false verdict first",
    }
    client.force_login(viewer)
    html = client.get(reverse("metrics"), {"cluster": cluster.name}).content.decode()
    assert (
        'data-scope="isolation" data-ready="false">isolation verdicts 20/20 confirmed over less than a day: not ready for approve'
        in html
    )
    assert 'data-scope="hang" data-ready="false">detector hang verdicts 3/4' in html


def test_the_api_takes_an_operators_verdict_and_refuses_a_viewers(
    client, operator, viewer, recovered
) -> None:  # type: ignore[no-untyped-def]
    url = f"/api/incidents/{recovered.pk}/verdict/"
    client.force_login(viewer)
    assert client.post(url, {"verdict": "confirmed"}, content_type="application/json").status_code == 403
    client.force_login(operator)
    assert client.post(url, {"verdict": "maybe"}, content_type="application/json").status_code == 400
    response = client.post(url, {"verdict": "confirmed", "note": "yes"}, content_type="application/json")
    assert (response.status_code, response.json()["operator_verdict"]) == (200, "confirmed")
    rows = AuditRecord.objects.filter(incident_id=recovered.pk, action="operator verdict").order_by("seq")
    assert [(r.event, r.actor, r.outcome) for r in rows] == [
        ("refusal", "vera", "refused"),
        ("verdict", "otto", "confirmed"),
    ]
