"""Pages render what operators need, and never render user-controlled text unescaped."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from actions.services.recommendations import sync_recommendations
from incidents.models import Evidence, Incident
from monitoring.models import Job, Node

NOW = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)
XSS = "<script>alert(1)</script>"
pytestmark = pytest.mark.django_db


def test_a_hostile_job_name_renders_escaped_on_the_cluster_page(client, viewer, cluster) -> None:  # type: ignore[no-untyped-def]
    Job.objects.create(cluster=cluster, slurm_id="4101", name=XSS, user="x; touch PWNED #", state="RUNNING")
    client.force_login(viewer)
    html = client.get(reverse("cluster", args=[cluster.pk])).content.decode()
    assert XSS not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_hostile_evidence_and_reasons_render_escaped_on_the_incident_page(client, operator, cluster) -> None:  # type: ignore[no-untyped-def]
    incident = Incident.objects.create(
        cluster=cluster,
        key="i-1",
        category="software",
        culprit_node="",
        confidence=0.8,
        pattern="traceback",
        jobs=["4101"],
        detected_at=NOW,
    )
    Evidence.objects.create(incident=incident, position=0, text=f'joblog 4101: KeyError: "{XSS}"')
    Node.objects.create(
        cluster=cluster, name="gpu-a-001", partition="batch", state="DRAIN", reason=f"NHC: {XSS} $(reboot)"
    )
    sync_recommendations(incident, [{"action": "notify", "text": f"job {XSS} failed"}], NOW)
    client.force_login(operator)
    for url in (reverse("incident", args=[incident.pk]), reverse("overview"), reverse("audit")):
        html = client.get(url).content.decode()
        assert XSS not in html, url


def test_the_overview_shows_the_node_grid_and_open_incidents(client, viewer, cluster) -> None:  # type: ignore[no-untyped-def]
    Node.objects.create(cluster=cluster, name="gpu-a-003", partition="batch", state="MIXED")
    Incident.objects.create(
        cluster=cluster,
        key="i-9",
        category="gpu_hardware",
        culprit_node="gpu-a-003",
        culprit_gpu=3,
        confidence=0.93,
        pattern="xid:79",
        jobs=["4101"],
        detected_at=NOW,
    )
    client.force_login(viewer)
    html = client.get(reverse("overview")).content.decode()
    assert 'class="cell h-faulty"' in html
    assert "gpu-a-003 GPU 3" in html


def test_the_api_paginates_incidents(client, viewer, cluster) -> None:  # type: ignore[no-untyped-def]
    for i in range(3):
        Incident.objects.create(
            cluster=cluster,
            key=f"i-{i}",
            category="hang",
            culprit_node="gpu-a-001",
            confidence=0.5,
            pattern="hang",
            jobs=["1"],
            detected_at=NOW,
        )
    client.force_login(viewer)
    body = client.get("/api/incidents/").json()
    assert body["count"] == 3 and set(body) >= {"count", "next", "previous", "results"}
    assert client.get("/api/schema/").status_code == 200


def test_token_auth_works_for_the_api(client, viewer) -> None:  # type: ignore[no-untyped-def]
    from django.utils import timezone

    from actions.api.auth import create_token

    _, raw = create_token(viewer, "api", timezone.now())
    assert client.get("/api/clusters/", HTTP_AUTHORIZATION=f"Token {raw}").status_code == 200
    assert client.get("/api/clusters/", HTTP_AUTHORIZATION="Token wrong").status_code == 401


def test_test_connection_shows_each_step_and_what_failed(client, admin_user, operator, cluster) -> None:  # type: ignore[no-untyped-def]
    cluster.connection_mode = "ssh"
    cluster.ssh_host = "127.0.0.1"
    cluster.ssh_port = 1  # nothing listens there
    cluster.ssh_user = "root"
    cluster.ssh_key_path = "/nonexistent/key"
    cluster.known_hosts_path = "/nonexistent/known_hosts"
    cluster.save()
    client.force_login(operator)
    assert client.post(reverse("cluster-test-connection", args=[cluster.pk])).status_code == 403
    client.force_login(admin_user)
    html = client.post(reverse("cluster-test-connection", args=[cluster.pk])).content.decode()
    assert 'id="diagnosis"' in html and "Connection failed" in html
    assert "✘" in html
