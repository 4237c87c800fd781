"""The cluster page shows the invariants' last verdict, red and by name; the node page and the grid say
who holds each node and whether its reason is a node or a user problem; times read as a person's
(issue 23)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from actions.services import invariant_status
from actions.tasks import check_invariants_task
from incidents.choices import IncidentStatus
from incidents.services import transition_incident
from monitoring.models import Node
from tests.integration.autonomy_helpers import NOW, make_incident, make_job, make_nodes

pytestmark = [pytest.mark.django_db]


def test_the_cluster_page_names_a_failing_invariant_in_red(client, viewer, cluster, redis_ns) -> None:  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    url = reverse("cluster", args=[cluster.pk])
    assert "invariants-failing" not in client.get(url).content.decode()  # never checked: nothing said
    assert check_invariants_task() == 0
    html = client.get(url).content.decode()
    assert 'id="invariants-ok"' in html and f"All {len(invariant_status.CHECKED)} invariants held" in html

    make_nodes(cluster)
    make_job(cluster, "4101", "gpu-a-[001-004]")  # FAILED and never started again
    inc = make_incident(cluster, "i-r", "gpu-a-003", ["4101"], at=NOW)
    transition_incident(
        inc, IncidentStatus.RECOVERED, at=NOW + dt.timedelta(seconds=60), reason="node returned"
    )
    assert check_invariants_task() == 1
    html = client.get(url).content.decode()
    assert 'class="banner invariants-failing" role="alert"' in html
    assert '<code class="invariant-name">recovered_means_job_running</code>' in html
    assert f"incident #{inc.pk} shows recovered, but job 4101 stayed FAILED" in html
    assert 'data-live-fragment="' + url + '" id="cluster-live"' in html  # the verdict and the tick are live


def test_the_node_page_and_grid_say_who_holds_the_node(client, viewer, cluster) -> None:  # type: ignore[no-untyped-def]
    make_nodes(cluster)
    Node.objects.filter(cluster=cluster, name="gpu-a-002").update(
        state="DRAIN", reason="NHC: check_hw_ib: No IB port found", drained_by_us=False
    )
    Node.objects.filter(cluster=cluster, name="gpu-a-003").update(
        state="DRAIN", reason="recovery: drained by otto: flaky port", drained_by_us=True
    )
    client.force_login(viewer)
    nhc = Node.objects.get(cluster=cluster, name="gpu-a-002")
    html = client.get(reverse("node", args=[nhc.pk])).content.decode()
    assert (
        '<p id="node-holder" data-holder="foreign">Held by: <b>NHC (node health check)</b> · <span class="problem">node problem</span></p>'
        in html
    )
    assert 'id="node-head"' in html and "data-live-fragment=" in html
    grid = client.get(reverse("cluster", args=[cluster.pk])).content.decode()
    assert "gpu-a-003 · batch · DRAIN · held by operator otto (node problem)" in grid
    assert 'data-holder="operator"' in grid and 'data-holder="in_service"' in grid
