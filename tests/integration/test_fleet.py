"""The fleet view (issue 26): every cluster's health, mode, needs-you, recent incidents and nodes out.

Given four clusters (one seeing with work for a person, one held back to monitor by the storm
breaker, one blind, one never ticked), the page and ``/api/fleet/`` say exactly that, in the
order of what needs a person first, sortable and filterable, in a fixed number of queries
whatever the number of clusters.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from actions.choices import ActionKind, RecStatus
from actions.models import Recommendation
from actions.services.fleet import FleetFilter, fleet_rows
from incidents.models import Incident
from monitoring.choices import Autonomy, ConnectionMode
from monitoring.models import Cluster, ControllerState, Node

pytestmark = pytest.mark.django_db


def _cluster(name: str, **fields: object) -> Cluster:
    return Cluster.objects.create(
        name=name, connection_mode=ConnectionMode.SIMULATED, **({"autonomy": Autonomy.APPROVE} | fields)
    )


def _ticked(cluster: Cluster, at: dt.datetime | None) -> None:
    ControllerState.objects.create(cluster=cluster, last_tick_at=at, collector={"big": "x" * 1000})


def _incident(cluster: Cluster, key: str, status: str, at: dt.datetime, **fields: object) -> Incident:
    return Incident.objects.create(
        cluster=cluster, key=key, category="gpu_hardware", status=status, detected_at=at, **fields
    )


@pytest.fixture
def fleet() -> dict[str, Cluster]:
    now = timezone.now()
    alpha = _cluster("alpha")
    _ticked(alpha, now - dt.timedelta(seconds=3))
    escalated = _incident(alpha, "i-1", "escalated", now - dt.timedelta(hours=1))  # nobody took it
    _incident(alpha, "i-2", "escalated", now - dt.timedelta(hours=2), acknowledged_by="ana")
    waiting = _incident(alpha, "i-3", "open", now - dt.timedelta(hours=3))
    Recommendation.objects.create(
        incident=waiting,
        cluster=alpha,
        action=ActionKind.DRAIN_NODE,
        node="a-1",
        status=RecStatus.AWAITING_APPROVAL,
        created_at=now,
    )
    _incident(alpha, "i-4", "recovered", now - dt.timedelta(hours=30))  # not in the last 24 h
    Node.objects.create(cluster=alpha, name="a-1", state="MIXED")
    Node.objects.create(cluster=alpha, name="a-2", state="IDLE+DRAIN", drained_by_us=True)
    Node.objects.create(cluster=alpha, name="a-3", state="DOWN+DRAIN", reason="nhc: fan")
    Node.objects.create(cluster=alpha, name="a-4", state="IDLE+DRAIN", held_as_lemon=True, drained_by_us=True)
    bravo = _cluster("bravo", monitor_only=True, monitor_only_reason="storm: 5 jobs failed within 120 s")
    _ticked(bravo, now - dt.timedelta(seconds=1))
    _incident(bravo, "i-1", "open", now - dt.timedelta(minutes=5))
    charlie = _cluster("charlie", poll_interval_s=5)
    _ticked(charlie, now - dt.timedelta(minutes=10))
    delta = _cluster("delta", autonomy=Autonomy.MONITOR)
    assert escalated.pk
    return {"alpha": alpha, "bravo": bravo, "charlie": charlie, "delta": delta}


def _api(client, viewer, query: str = "") -> dict:  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    response = client.get(f"/api/fleet/{query}")
    assert response.status_code == 200, response.content
    return response.json()


def test_each_clusters_row_says_its_health_mode_needs_and_nodes(fleet, client, viewer) -> None:  # type: ignore[no-untyped-def]
    body = _api(client, viewer)
    rows = {r["name"]: r for r in body["clusters"]}
    pick = ("status", "mode", "held", "blind", "open_incidents", "needs_you", "incidents_24h")
    pick += ("nodes", "drained", "drained_by_us", "lemons")
    assert {n: tuple(r[k] for k in pick) for n, r in rows.items()} == {
        "alpha": ("needs_you", "approve", False, False, 3, 2, 3, 4, 3, 2, 1),
        "bravo": ("held", "monitor", True, False, 1, 0, 1, 0, 0, 0, 0),
        "charlie": ("blind", "approve", False, True, 0, 0, 0, 0, 0, 0, 0),
        "delta": ("never_ticked", "monitor", False, False, 0, 0, 0, 0, 0, 0, 0),
    }
    assert rows["bravo"]["held_why"] == "storm: 5 jobs failed within 120 s"
    assert rows["charlie"]["blind_since"] == fleet["charlie"].controller_state.last_tick_at.isoformat()
    assert rows["delta"]["last_tick_at"] is None
    # Worst first: blind, then what needs a person, then held, then never ticked.
    assert [r["name"] for r in body["clusters"]] == ["charlie", "alpha", "bravo", "delta"]
    assert body["totals"] == {
        "clusters": 4,
        "blind": 1,
        "held": 1,
        "needs_you": 2,
        "open_incidents": 4,
        "incidents_24h": 4,
        "nodes": 4,
        "drained": 3,
        "drained_by_us": 2,
        "lemons": 1,
    }


def test_the_api_sorts_and_filters(fleet, client, viewer) -> None:  # type: ignore[no-untyped-def]
    names = lambda q: [r["name"] for r in _api(client, viewer, q)["clusters"]]  # noqa: E731
    assert names("?sort=-name") == ["delta", "charlie", "bravo", "alpha"]
    assert names("?sort=drained") == ["alpha", "bravo", "charlie", "delta"]
    assert names("?sort=last_tick") == ["delta", "charlie", "alpha", "bravo"]  # never, then the stalest
    assert names("?status=held") == ["bravo"]
    assert names("?mode=monitor") == ["bravo", "delta"]  # bravo is held: monitor is what holds now
    assert names("?q=ALP") == ["alpha"]
    assert client.get("/api/fleet/?sort=colour").status_code == 400
    assert client.get("/api/fleet/?status=fine").status_code == 400
    assert client.get("/api/fleet/?mode=yolo").status_code == 400
    assert names("?q=alp%00ha") == ["alpha"]  # a NUL is dropped, not a 500


def test_the_page_shows_the_fleet_and_the_overview_links_to_it(fleet, client, viewer) -> None:  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    page = client.get("/fleet/?sort=needs_you").content.decode()  # the most first
    assert page.index('data-cluster="alpha"') < page.index('data-cluster="bravo"')
    assert 'data-cluster="charlie" data-status="blind"' in page
    assert "storm: 5 jobs failed within 120 s" in page
    assert '<b id="fleet-needs-you">2</b>' in page
    assert 'class="sorted" data-sorted="needs_you"' in page
    assert 'href="?q=&amp;status=&amp;mode=&amp;sort=-needs_you"' in page  # a second click reverses it
    only = client.get("/fleet/?status=blind").content.decode()
    assert 'data-cluster="charlie"' in only and 'data-cluster="alpha"' not in only
    assert client.get("/fleet/?sort=colour").status_code == 400
    assert 'href="/fleet/" id="fleet-link"' in client.get("/").content.decode()


def test_past_so_many_clusters_the_overview_draws_those_that_need_a_look_and_links_the_rest(
    fleet, client, viewer
) -> None:  # type: ignore[no-untyped-def]
    """Each overview card costs a health query and a node grid: past OVERVIEW_CLUSTER_CARDS (10) the
    overview draws the clusters that need a look first (held, blind, a node blamed), then by name, and
    the fleet page has all."""
    from actions.views.dashboard import OVERVIEW_CLUSTER_CARDS

    client.force_login(viewer)
    card = lambda c: f'<h2><a href="/clusters/{c.pk}/">{c.name}</a>'  # noqa: E731
    page = client.get("/").content.decode()
    assert all(card(c) in page for c in fleet.values()) and 'id="clusters-more"' not in page
    now = timezone.now()
    quiet = []
    for i in range(OVERVIEW_CLUSTER_CARDS - 1):  # 13 clusters in all: three past the cards drawn
        c = _cluster(f"zz-{i:02d}")
        _ticked(c, now)
        quiet.append(c)
    page = client.get("/").content.decode()
    assert card(fleet["bravo"]) in page and card(fleet["charlie"]) in page  # held; blind
    drawn = [fleet["alpha"], fleet["delta"], *quiet[:6]]  # then by name, up to ten cards
    assert all(card(c) in page for c in drawn) and not any(card(c) in page for c in quiet[6:])
    assert (
        "Showing 10 of 13 clusters" in page
        and '<a href="/fleet/">the fleet table has all of them</a>' in page
    )
    assert "storm: 5 jobs failed within 120 s" in page  # the held section still names every held cluster
    _incident(quiet[-1], "i-9", "open", now, culprit_node="n-1")  # a node of the last one blamed
    page = client.get("/").content.decode()
    assert card(quiet[-1]) in page and card(quiet[5]) not in page


def test_someone_signed_out_sees_no_fleet(fleet, client) -> None:  # type: ignore[no-untyped-def]
    assert client.get("/fleet/").status_code == 302
    assert client.get("/api/fleet/").status_code in (401, 403)


def test_the_fleet_costs_the_same_few_queries_for_4_clusters_or_40(fleet) -> None:  # type: ignore[no-untyped-def]
    now = timezone.now()
    with CaptureQueriesContext(connection) as few:
        assert len(fleet_rows(now, FleetFilter())) == 4
    for i in range(36):
        c = _cluster(f"more-{i:02d}")
        _ticked(c, now)
        _incident(c, "i-1", "escalated", now)
        Node.objects.create(cluster=c, name="n-1", state="IDLE+DRAIN")
    with CaptureQueriesContext(connection) as many:
        rows = fleet_rows(now, FleetFilter())
    assert len(rows) == 40
    assert len(many.captured_queries) == len(few.captured_queries) <= 4
    # The collector's snapshot (megabytes on a big cluster) is never read for the fleet.
    assert not any("collector" in q["sql"] for q in many.captured_queries)


def test_the_verdict_column_counts_what_operators_judged_per_action_kind(fleet, client, viewer) -> None:  # type: ignore[no-untyped-def]
    """Readiness's verdict half, per cluster and action kind: judged and confirmed incidents with a drain
    or a requeue, against the level in force; unjudged ones do not count."""
    from actions.evaluation.readiness import MIN_JUDGED

    now = timezone.now()
    alpha, bravo = fleet["alpha"], fleet["bravo"]
    for i in range(MIN_JUDGED + 3):
        verdict = "confirmed" if i < MIN_JUDGED else ""
        inc = _incident(alpha, f"j-{i}", "recovered", now - dt.timedelta(days=2), operator_verdict=verdict)
        for action in (ActionKind.DRAIN_NODE, ActionKind.NOTIFY):
            Recommendation.objects.create(
                incident=inc,
                cluster=alpha,
                action=action,
                node="a-1",
                status=RecStatus.SUCCEEDED,
                created_at=now,
            )
    for verdict in ("confirmed", "false"):
        inc = _incident(
            bravo, f"r-{verdict}", "recovered", now - dt.timedelta(days=2), operator_verdict=verdict
        )
        Recommendation.objects.create(
            incident=inc,
            cluster=bravo,
            action=ActionKind.REQUEUE_JOB,
            job="7",
            status=RecStatus.SUCCEEDED,
            created_at=now,
        )
    rows = {r["name"]: {v["kind"]: v for v in r["verdicts"]} for r in _api(client, viewer)["clusters"]}
    iso = rows["alpha"]["isolation"]
    assert (iso["confirmed"], iso["judged"], iso["ready"], iso["level"], iso["next"]) == (
        MIN_JUDGED,
        MIN_JUDGED,
        True,
        "approve",
        "auto",
    )
    assert rows["alpha"]["restart"]["judged"] == 0 and not rows["alpha"]["restart"]["ready"]
    assert (rows["bravo"]["restart"]["confirmed"], rows["bravo"]["restart"]["judged"]) == (1, 2)
    assert not rows["bravo"]["restart"]["ready"]
    assert [r["name"] for r in _api(client, viewer, "?sort=ready")["clusters"]][0] == "alpha"
    page = client.get("/fleet/").content.decode()
    row = page[page.index('data-cluster="alpha"') :].split("</tr>")[0]
    assert (
        'data-kind="isolation" data-ready="yes"' in row
        and f"isolation {MIN_JUDGED}/{MIN_JUDGED} ready for auto" in row
    )
