"""The readability list of issue 23: real 403/404 pages, ?incident= on the recommendations API, the
audit node filter by prefix, a favicon, an admin add-cluster form that is not the simulator's,
"Requeue job 4101" (not "job job") and no "on no single node"."""

from __future__ import annotations

import pytest
from django.urls import reverse

from actions.models import Recommendation
from incidents.audit import append_audit
from incidents.models import Incident
from tests.integration.autonomy_helpers import NOW, drain, make_incident, propose, requeue

pytestmark = [pytest.mark.django_db]


def test_an_unknown_incident_is_a_real_404_page(client, viewer) -> None:  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    response = client.get("/incidents/987654/")
    assert response.status_code == 404
    html = response.content.decode()
    assert 'id="error-page" data-status="404"' in html and "Back to the overview" in html


def test_a_refused_action_is_a_real_403_page_naming_why(client, viewer, cluster) -> None:  # type: ignore[no-untyped-def]
    inc = make_incident(cluster, "k1", "gpu-a-001", [])
    (rec,) = propose(inc, drain("gpu-a-001"))
    client.force_login(viewer)
    response = client.post(reverse("rec-reject", args=[rec.pk]), {"comment": "no"})
    assert response.status_code == 403
    html = response.content.decode()
    assert 'data-status="403"' in html and "only operators and admins may reject" in html


def test_the_recommendations_api_honours_incident(client, viewer, cluster) -> None:  # type: ignore[no-untyped-def]
    a, b = make_incident(cluster, "k1", "gpu-a-001", []), make_incident(cluster, "k2", "gpu-a-002", [])
    propose(a, drain("gpu-a-001"))
    propose(b, drain("gpu-a-002"))
    client.force_login(viewer)
    body = client.get(f"/api/recommendations/?incident={a.pk}").json()
    rows = body["results"] if isinstance(body, dict) else body
    assert [r["incident"] for r in rows] == [a.pk]
    assert client.get("/api/recommendations/?incident=x").status_code == 400


def test_the_audit_node_filter_finds_by_prefix(client, viewer, cluster) -> None:  # type: ignore[no-untyped-def]
    for node in ("gpu-a-001", "gpu-a-002", "gpu-b-001"):
        append_audit(
            event="execution",
            at=NOW,
            cluster=cluster.name,
            node=node,
            action=f"drain_node {node}",
            outcome="succeeded",
        )
    client.force_login(viewer)
    html = client.get(reverse("audit") + "?node=gpu-a-").content.decode()
    assert (
        "drain_node gpu-a-001" in html
        and "drain_node gpu-a-002" in html
        and "drain_node gpu-b-001" not in html
    )


def test_pages_name_a_favicon_and_the_admin_add_form_is_not_the_simulator(client, admin_user) -> None:  # type: ignore[no-untyped-def]
    admin_user.is_staff = admin_user.is_superuser = True
    admin_user.save()
    client.force_login(admin_user)
    assert 'rel="icon" href="/static/favicon.svg"' in client.get(reverse("overview")).content.decode()
    form = client.get("/admin/monitoring/cluster/add/").content.decode()
    assert '<option value="ssh" selected>' in form and '<option value="simulated" selected>' not in form


def test_requeue_reads_once_and_no_single_node_is_not_a_place(cluster) -> None:  # type: ignore[no-untyped-def]
    inc = make_incident(cluster, "k1", "", ["4101"])
    Incident.objects.filter(pk=inc.pk).update(category="infrastructure", culprit_gpu=None)
    inc.refresh_from_db()
    (rec,) = propose(inc, requeue("4101", "gpu-a-003"))
    assert str(Recommendation.objects.get(pk=rec.pk)) == "Requeue job 4101 excluding gpu-a-003"
    assert inc.blamed == "Shared infrastructure (no single node)"
    assert "on no single node" not in str(inc)
