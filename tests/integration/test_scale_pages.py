"""Pages that stay fast with a year of history (issue 14): what the faster paths show must be
what the slow ones showed — the node grid by partition, telemetry coverage from stored field
names, and the recovery-metrics page from stored values, paged."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from actions.models import Recommendation, RecommendationTransition, SettledIncidentMetrics
from actions.views import dashboard
from actions.views import reports as R
from actions.views.node_grid import Blame, node_grid
from incidents.models import Evidence, Incident
from monitoring.models import Gpu, Node
from monitoring.telemetry import fields as F
from monitoring.telemetry.coverage_store import cluster_field_counts
from monitoring.telemetry.store import write_last_samples

NOW = timezone.now().replace(microsecond=0)


def _nodes(cluster):  # type: ignore[no-untyped-def]
    Node.objects.create(cluster=cluster, name="gpu-a-001", partition="batch", state="IDLE")
    Node.objects.create(
        cluster=cluster,
        name="gpu-a-002",
        partition="batch",
        state="DRAIN",
        health="drained",
        reason="<b>bad</b>",
    )
    Node.objects.create(cluster=cluster, name="gpu-a-003", partition="batch", state="MIXED")
    Node.objects.create(cluster=cluster, name="gpu-c-001", partition="canary", state="IDLE")
    return Incident.objects.create(
        cluster=cluster,
        key="k-1",
        category="gpu_hardware",
        culprit_node="gpu-a-003",
        culprit_gpu=3,
        confidence=0.9,
        pattern="xid:79",
        jobs=["41"],
        detected_at=NOW,
    )


def _cells(html: str) -> list[str]:
    return re.findall(r'<a class="(cell [^"]*)"', html)


def test_the_cluster_grid_groups_nodes_by_partition_counts_each_health_and_escapes_reasons(
    client, viewer, cluster
) -> None:  # type: ignore[no-untyped-def]
    inc = _nodes(cluster)
    client.force_login(viewer)
    html = client.get(reverse("cluster", args=[cluster.pk])).content.decode()
    assert sorted(_cells(html)) == ["cell h-drained", "cell h-faulty", "cell h-ok", "cell h-ok"]
    batch = html[html.index('data-partition="batch"') : html.index('data-partition="canary"')]
    assert "<b>batch</b> · 3 nodes" in batch
    assert "1 faulty" in batch and "1 drained" in batch and "1 ok" in batch
    assert f"incident #{inc.pk}" in batch
    assert "&lt;b&gt;bad&lt;/b&gt;" in batch and "<b>bad</b>" not in html
    assert "<b>canary</b> · 1 node" in html


def test_a_big_clusters_overview_grid_draws_only_its_unhealthy_tiles_and_says_so(
    client, viewer, cluster
) -> None:  # type: ignore[no-untyped-def]
    inc = _nodes(cluster)
    grid = node_grid(cluster, {"gpu-a-003": Blame(inc.pk, inc.category)}, only_unhealthy_over=3)
    assert grid.only_unhealthy and (grid.total, grid.shown) == (4, 2)
    batch, canary = grid.groups
    assert (batch.partition, batch.total, batch.shown, batch.hidden) == ("batch", 3, 2, 1)
    assert batch.counts == [("faulty", 1), ("drained", 1), ("ok", 1)]
    assert (canary.total, canary.shown) == (1, 0)
    # the whole grid under the threshold
    assert node_grid(cluster, {}, only_unhealthy_over=4).shown == 4

    # The overview: a cluster just past OVERVIEW_GRID_NODES draws only what is not healthy.
    extra = dashboard.OVERVIEW_GRID_NODES + 1 - 4
    Node.objects.bulk_create(
        Node(cluster=cluster, name=f"gpu-c-{i + 2:04d}", partition="canary", state="IDLE")
        for i in range(extra)
    )
    client.force_login(viewer)
    html = client.get(reverse("overview")).content.decode()
    assert sorted(_cells(html)) == ["cell h-drained", "cell h-faulty"]
    total = dashboard.OVERVIEW_GRID_NODES + 1
    assert f"2 of {total} nodes drawn (those not healthy)" in html
    assert f'href="{reverse("cluster", args=[cluster.pk])}"' in html
    assert "1 healthy not drawn" in html and f"{extra + 1} healthy not drawn" in html
    # the cluster page draws them all
    page = client.get(reverse("cluster", args=[cluster.pk])).content.decode()
    assert len(_cells(page)) == total


def test_the_inject_form_offers_every_node_by_name_escaped(client, admin_user, cluster) -> None:  # type: ignore[no-untyped-def]
    """The node choices are one string built from the names (a template loop over model instances
    cost ~20 ms at 2,000 nodes): still every node of the cluster, in name order, escaped."""
    _nodes(cluster)
    Node.objects.create(cluster=cluster, name='gpu-b-<"&>', partition="batch")
    client.force_login(admin_user)
    html = client.get(reverse("cluster", args=[cluster.pk])).content.decode()
    form = html[html.index('id="inject-form"') : html.index("</form>", html.index('id="inject-form"'))]
    choices = re.findall(r'<option value="([^"]*)">([^<]*)</option>', form[form.index('name="node"') :])
    assert choices == [
        ("", "any busy node"),
        ("gpu-a-001", "gpu-a-001"),
        ("gpu-a-002", "gpu-a-002"),
        ("gpu-a-003", "gpu-a-003"),
        ("gpu-b-&lt;&quot;&amp;&gt;", "gpu-b-&lt;&quot;&amp;&gt;"),
        ("gpu-c-001", "gpu-c-001"),
    ]


def test_coverage_from_stored_field_names_counts_what_reading_every_sample_counted(cluster) -> None:  # type: ignore[no-untyped-def]
    node = Node.objects.create(cluster=cluster, name="gpu-a-001", partition="batch")
    gpus = [Gpu.objects.create(node=node, index=i) for i in range(4)]
    t = NOW.timestamp()
    temp_new = "DCGM_FI_DEV_GPU_TEMP_CELSIUS"  # DCGM 4.6's name for the same field (an alias)
    assert F.canonical_field(temp_new) == F.TEMP
    write_last_samples(
        [
            (gpus[0].pk, t, {F.TEMP: 40, F.POWER_USAGE: 300}),
            (gpus[1].pk, t, {F.TEMP: 41, temp_new: 41}),  # two spellings of one field: counted once
        ]
    )
    assert Gpu.objects.get(pk=gpus[0].pk).field_names == ",".join(sorted([F.TEMP, F.POWER_USAGE]))
    # written without its names (as a row from before the column existed): read from the sample
    Gpu.objects.filter(pk=gpus[2].pk).update(last_sample={F.POWER_USAGE: 280}, last_sample_at=NOW)
    Gpu.objects.filter(pk=gpus[3].pk).update(last_sample={}, last_sample_at=NOW)  # reports nothing
    counts, reporting = cluster_field_counts(cluster, NOW)
    assert reporting == 3
    assert counts == {F.TEMP: 2, F.POWER_USAGE: 2}
    # an old sample no longer counts
    assert cluster_field_counts(cluster, NOW + dt.timedelta(hours=1)) == ({}, 0)


def _history(cluster, n: int) -> list[Incident]:  # type: ignore[no-untyped-def]
    """``n`` recovered incidents over the last day, each with evidence and an executed drain."""
    out = []
    for i in range(n):
        at = NOW - dt.timedelta(hours=20) + dt.timedelta(seconds=30 * i)
        inc = Incident.objects.create(
            cluster=cluster,
            key=f"h-{i}",
            category="gpu_hardware" if i % 2 else "network",
            culprit_node=f"gpu-a-{i % 7 + 1:03d}",
            confidence=0.9,
            pattern="xid:79",
            jobs=[],
            first_signal_at=at - dt.timedelta(seconds=5 + i % 3),
            detected_at=at,
            status="recovered",
            resolved_at=at + dt.timedelta(minutes=5),
        )
        Evidence.objects.create(incident=inc, position=0, text="Xid 79")
        rec = Recommendation.objects.create(
            incident=inc,
            cluster=cluster,
            action="drain_node",
            node=inc.culprit_node,
            status="succeeded",
            text="drain",
            created_at=at,
            executed_at=at + dt.timedelta(seconds=10 + i % 4),
        )
        RecommendationTransition.objects.create(
            recommendation=rec, old="proposed", new="succeeded", actor="controller", at=at
        )
        out.append(inc)
    return out


def test_the_metrics_report_covers_every_incident_of_the_window_and_reads_settled_ones_back(cluster) -> None:  # type: ignore[no-untyped-def]
    incidents = _history(cluster, 130)
    fresh = R.metrics_report(cluster, "24h", NOW)
    assert fresh["total"] == 130 and len(fresh["rows"]) == 130
    assert fresh["summary"]["action_latency_s"]["count"] == 130
    assert SettledIncidentMetrics.objects.count() == 130  # settled: closed over an hour ago
    again = R.metrics_report(cluster, "24h", NOW)
    assert again["rows"] == fresh["rows"] and again["summary"] == fresh["summary"]
    assert again["latency_by_category"] == fresh["latency_by_category"]
    # what the rows say is what the incidents say
    newest = next(r for r in again["rows"] if r["id"] == incidents[-1].pk)
    assert newest["metrics"].action_latency_s == 10 + 129 % 4
    assert newest["metrics"].detection_latency_s == 5 + 129 % 3
    # a page: the newest first, PER_PAGE rows, the last page holds the rest
    first, last = (
        R.metrics_report(cluster, "24h", NOW, page=1),
        R.metrics_report(cluster, "24h", NOW, page=99),
    )
    assert [r["id"] for r in first["rows"]] == [i.pk for i in reversed(incidents)][: R.PER_PAGE]
    assert last["page"] == 2 and len(last["rows"]) == 130 - R.PER_PAGE
    assert first["summary"] == fresh["summary"]  # the summary is the whole window's, whatever the page


def test_an_incident_in_motion_is_computed_afresh_and_a_reopened_one_is_not_read_back(cluster) -> None:  # type: ignore[no-untyped-def]
    (inc,) = _history(cluster, 1)
    R.metrics_report(cluster, "24h", NOW)
    Incident.objects.filter(pk=inc.pk).update(status="open", resolved_at=None, reopen_count=1)
    Recommendation.objects.filter(incident=inc).update(executed_at=inc.detected_at + dt.timedelta(seconds=99))
    (row,) = R.metrics_report(cluster, "24h", NOW)["rows"]
    assert row["status"] == "open" and row["metrics"].action_latency_s == 99
    # closed again: the value stored before the reopening is stale, computed and stored anew
    Incident.objects.filter(pk=inc.pk).update(status="recovered", resolved_at=NOW - dt.timedelta(hours=2))
    for page in (None, 1):
        (row,) = R.metrics_report(cluster, "24h", NOW, page=page)["rows"]
        assert row["status"] == "recovered" and row["metrics"].action_latency_s == 99
    stored = SettledIncidentMetrics.objects.get(incident=inc)
    assert stored.reopen_count == 1 and stored.values["action_latency_s"] == 99


@pytest.mark.parametrize("page", ["1", "2", "abc", "-4", "999"])
def test_the_metrics_page_pages_its_table_and_never_errors_on_a_bad_page(
    client, viewer, cluster, page
) -> None:  # type: ignore[no-untyped-def]
    _history(cluster, R.PER_PAGE + 5)
    client.force_login(viewer)
    resp = client.get(reverse("metrics"), {"window": "24h", "page": page})
    assert resp.status_code == 200
    html = resp.content.decode()
    shown = html.count('<td><a href="/incidents/')
    on_last = page in ("2", "999")
    assert shown == (5 if on_last else R.PER_PAGE)
    assert f"of {R.PER_PAGE + 5}, newest first" in html
    assert ("page 2 of 2" if on_last else "page 1 of 2") in html


def test_readiness_from_grouped_counts_is_readiness_from_every_incident(cluster) -> None:  # type: ignore[no-untyped-def]
    from actions.evaluation import readiness

    cases = [  # (pattern, actions, verdict, status)
        ("xid:79", ["drain_node", "requeue_job", "drain_node"], "confirmed", "recovered"),
        ("xid:79", ["drain_node"], "false", "recovered"),
        ("xid:79", ["requeue_job", "drain_node"], "confirmed", "recovered"),
        ("nccl:timeout", [], "", "open"),
        ("nccl:timeout", ["requeue_job"], "", "escalated"),
        ("hang", ["requeue_job"], "", "dismissed"),  # dismissed and never judged: left out
        ("hang", ["requeue_job"], "false", "dismissed"),
    ]
    triples = []
    for i, (pattern, actions, verdict, status) in enumerate(cases * 3):
        inc = Incident.objects.create(
            cluster=cluster,
            key=f"r-{i}",
            category="hang",
            culprit_node="gpu-a-001",
            confidence=0.5,
            pattern=pattern,
            jobs=[],
            detected_at=NOW,
            status=status,
            operator_verdict=verdict,
        )
        for action in actions:
            Recommendation.objects.create(
                incident=inc, cluster=cluster, action=action, text="x", created_at=NOW
            )
        if not (status == "dismissed" and not verdict):
            triples.append((pattern, actions, verdict))
    groups = R._readiness_groups(cluster)
    assert sum(n for *_, n in groups) == len(triples) == 18
    assert len(groups) == 5  # alike incidents counted once
    args = (30.0, {}, cluster.autonomy)
    assert readiness.assess_counted(groups, *args) == readiness.assess_all(triples, *args)


def test_a_time_window_bounded_by_seq_holds_exactly_the_records_of_that_window(db) -> None:  # type: ignore[no-untyped-def]
    from incidents.audit import append_audit
    from incidents.audit.filters import parse_filters
    from incidents.models import AuditRecord

    t0 = dt.datetime(2026, 9, 5, tzinfo=dt.UTC)
    # times out of seq order (a late writer), so only the window's own records say where it lies
    offsets_min = [0, 50, 10, 70, 20, 65, 30, 100, 5, 80, 61, 40]
    for i, m in enumerate(offsets_min):
        append_audit(event="detection", at=t0 + dt.timedelta(minutes=m), cluster=f"c{i % 2}", detail={"i": i})
    every = list(AuditRecord.objects.order_by("seq").values_list("seq", "at", "cluster"))
    for params in (
        {
            "from": "2026-09-05T01:00",
            "to": "2026-09-05T01:09",
        },  # minutes 60-69 (the upper bound is inclusive)
        {"to": "2026-09-05T00:19"},
        {"from": "2026-09-05T01:05"},
        {"from": "2026-09-05T00:20", "to": "2026-09-05T00:40", "cluster": "c0"},
        {"from": "2026-09-06"},  # after the newest record: none
    ):
        f = parse_filters(params)
        qs = f.apply(AuditRecord.objects.all())
        got = list(qs.order_by("seq").values_list("seq", flat=True))
        want = [
            s
            for s, at, c in every
            if (f.since is None or at >= f.since)
            and (f.until is None or at < f.until)
            and c == params.get("cluster", c)
        ]
        assert got == want, params
        if want:  # the window's seq range is part of the query
            assert '"seq" >=' in str(qs.query), params


def test_any_of_ids_is_one_array_parameter_and_finds_what_in_finds(cluster) -> None:  # type: ignore[no-untyped-def]
    from recovery_site.lookups import in_ids

    incidents = _history(cluster, 5)
    wanted = [incidents[1].pk, incidents[3].pk, 10**9]
    qs = Recommendation.objects.filter(**in_ids("incident_id", wanted))
    sql, params = qs.query.sql_with_params()
    assert "= ANY(" in sql and len(params) == 1 and params[0] == wanted
    assert sorted(qs.values_list("incident_id", flat=True)) == sorted(
        Recommendation.objects.filter(incident_id__in=wanted).values_list("incident_id", flat=True)
    )
    assert list(Incident.objects.filter(**in_ids("pk", [])).values_list("pk", flat=True)) == []
