"""The audit log's keyset pages (issue 14): newer/older by seq on the page and the API, with filters.

160 real records on the chain (appended through append_audit), so pages of 50 have
boundaries to cross; the deep-page query's plan is read from PostgreSQL itself.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from incidents.audit import append_audit, audit_batch
from incidents.models import AuditRecord

T0 = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)
N = 160
pytestmark = pytest.mark.django_db
ROW = re.compile(r"<tr><td>(\d+)</td>")


@pytest.fixture
def long_trail():  # type: ignore[no-untyped-def]
    with audit_batch():
        for i in range(N):
            append_audit(
                event="approval" if i % 2 else "detection",
                at=T0 + dt.timedelta(minutes=i),
                cluster="sim-a" if i % 3 == 0 else "sim-b",
                node=f"gpu-{i % 7}",
                action=f"step {i}",
            )
    assert AuditRecord.objects.count() == N


def _expected(**filters: str) -> list[int]:
    return list(AuditRecord.objects.filter(**filters).order_by("-seq").values_list("seq", flat=True))


def _html_pages(client, query: dict[str, str]) -> list[list[int]]:  # type: ignore[no-untyped-def]
    """Follow the page's "older" links from the newest page to the end."""
    pages, params = [], dict(query)
    for _ in range(20):
        html = client.get(reverse("audit"), params).content.decode()
        pages.append([int(s) for s in ROW.findall(html)])
        older = re.search(r'href="\?[^"]*before=(\d+)" id="audit-older"', html)
        if not older:
            return pages
        params = dict(query, before=older.group(1))
    raise AssertionError("the older links never ended")


def _api_pages(client, url: str, key: str = "next") -> list[list[int]]:  # type: ignore[no-untyped-def]
    pages = []
    for _ in range(20):
        body = client.get(url).json()
        pages.append([r["seq"] for r in body["results"]])
        if body[key] is None:
            return pages
        url = body[key]
    raise AssertionError(f"the {key} links never ended")


def test_older_links_on_the_page_return_every_record_once_newest_first(client, viewer, long_trail):  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    pages = _html_pages(client, {})
    assert [len(p) for p in pages] == [50, 50, 50, 10]
    assert [s for p in pages for s in p] == _expected()
    html = client.get(reverse("audit")).content.decode()
    assert f"{N} records</span> in the chain" in html
    assert 'id="audit-newer"' not in html  # the newest page has nothing newer


def test_filtered_pages_cross_their_boundaries_with_the_filters_kept(client, viewer, long_trail):  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    query = {"event": "approval", "cluster": "sim-b"}
    want = _expected(event="approval", cluster="sim-b")
    assert len(want) > 50  # more than one page
    pages = _html_pages(client, query)
    assert [s for p in pages for s in p] == want
    html = client.get(reverse("audit"), {**query, "before": str(pages[0][-1])}).content.decode()
    assert 'href="?cluster=sim-b&amp;event=approval&amp;after=' in html  # the newer link keeps the filters
    assert f"{len(want)} records</span> matching these filters" in html
    api = _api_pages(client, "/api/audit/?event=approval&cluster=sim-b")
    assert [s for p in api for s in p] == want


def test_newer_links_walk_back_to_the_newest_page(client, viewer, long_trail):  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    forward = _api_pages(client, "/api/audit/?node=gpu-3")
    assert [s for p in forward for s in p] == _expected(node="gpu-3")
    oldest = forward[-1][-1]
    # From the oldest record, ?after= pages lead back up; each page is newest first.
    back = _api_pages(client, f"/api/audit/?node=gpu-3&after={oldest}", key="previous")
    assert [s for p in reversed(back) for s in p] == [s for s in _expected(node="gpu-3") if s > oldest]
    unfiltered = _api_pages(client, "/api/audit/?after=0", key="previous")
    assert sorted(s for p in unfiltered for s in p) == list(range(1, N + 1))
    assert all(p == sorted(p, reverse=True) for p in unfiltered)
    html = client.get(reverse("audit"), {"after": "60"}).content.decode()
    assert [int(s) for s in ROW.findall(html)] == list(range(110, 60, -1))
    assert 'href="?&amp;after=110" id="audit-newer"' in html and 'before=61" id="audit-older"' in html


def test_page_links_made_before_keyset_pages_still_show_the_same_records(client, viewer, long_trail):  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    everything = _expected()
    for number in (1, 2, 3):
        html = client.get(reverse("audit"), {"page": str(number)}).content.decode()
        assert [int(s) for s in ROW.findall(html)] == everything[50 * (number - 1) : 50 * number]
        api = client.get("/api/audit/", {"page": str(number)}).json()
        assert [r["seq"] for r in api["results"]] == everything[50 * (number - 1) : 50 * number]
    want = _expected(cluster="sim-b")
    html = client.get(reverse("audit"), {"cluster": "sim-b", "page": "2"}).content.decode()
    assert [int(s) for s in ROW.findall(html)] == want[50:100]
    # Past the end: the oldest records (as Django's paginator gave the last page); junk: the newest.
    past = client.get(reverse("audit"), {"page": "99"}).content.decode()
    assert [int(s) for s in ROW.findall(past)] == everything[-50:]
    assert [int(s) for s in ROW.findall(client.get(reverse("audit"), {"page": "x"}).content.decode())] == (
        everything[:50]
    )


def test_a_bad_cursor_is_a_clear_400_not_a_500(client, viewer, long_trail):  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    page = client.get(reverse("audit"), {"before": "abc<script>"})
    assert page.status_code == 400
    html = page.content.decode()
    assert "before must be a record&#x27;s seq (a whole number), not &#x27;abc&lt;script&gt;&#x27;" in html
    assert "abc<script>" not in html
    both = client.get(reverse("audit"), {"before": "10", "after": "5"})
    assert both.status_code == 400 and "either before or after, not both" in both.content.decode()
    api = client.get("/api/audit/", {"after": "-3"})
    assert api.status_code == 400
    assert api.json() == {"cursor": ["after must be a record's seq (a whole number), not '-3'"]}
    assert client.get("/api/audit/", {"before": "9" * 40}).status_code == 400


def test_a_filtered_count_past_the_bound_says_more_than(client, viewer, long_trail, settings):  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    settings.RECOVERY_AUDIT_COUNT_BOUND = 20
    body = client.get("/api/audit/", {"cluster": "sim-b"}).json()
    assert body["count"] is None and body["count_more_than"] == 20
    assert len(body["results"]) == 50
    assert (
        "more than 20 records</span> matching"
        in client.get(reverse("audit"), {"cluster": "sim-b"}).content.decode()
    )
    small = client.get("/api/audit/", {"cluster": "sim-a", "node": "gpu-0"}).json()
    assert (
        small["count"] == len(_expected(cluster="sim-a", node="gpu-0")) and small["count_more_than"] is None
    )
    # Unfiltered, the chain head's seq is the total: exact, no count taken.
    assert client.get("/api/audit/").json()["count"] == N


def _plan(sql: str, params) -> str:  # type: ignore[no-untyped-def]
    with connection.cursor() as cur:
        cur.execute("SET LOCAL enable_seqscan = off")
        cur.execute("SET LOCAL enable_bitmapscan = off")
        try:
            cur.execute("EXPLAIN " + sql, params)
            return "\n".join(row[0] for row in cur.fetchall())
        finally:
            cur.execute("RESET enable_seqscan")
            cur.execute("RESET enable_bitmapscan")


def _page_queries(client, params: dict[str, str]) -> list[str]:  # type: ignore[no-untyped-def]
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(reverse("audit"), params).status_code == 200
    return [q["sql"] for q in ctx.captured_queries if '"incidents_auditrecord"' in q["sql"]]


def test_a_deep_page_is_an_index_range_scan_with_no_offset_and_no_full_count(client, viewer, long_trail):  # type: ignore[no-untyped-def]
    """The queries the page really runs for an old ?page=3 link, explained by PostgreSQL."""
    client.force_login(viewer)
    queries = _page_queries(client, {"page": "3"})
    assert not [q for q in queries if "OFFSET" in q.upper() or "COUNT(" in q.upper()], queries
    page_sql = next(q for q in queries if '"seq" <' in q and "ORDER BY" in q)
    plan = _plan(page_sql, None)
    assert "Index Scan Backward using incidents_auditrecord_seq_key" in plan, plan
    assert "Sort" not in plan, plan


def test_a_cluster_and_event_page_uses_their_index(client, viewer, long_trail):  # type: ignore[no-untyped-def]
    # A trail where the pair is rare among the newest records (3,000 approvals of another
    # cluster after it), analyzed: the plan then rests on this trail's statistics, not on whatever another test left in
    # the worker's database (it flipped to the seq index in a full parallel run). Rows written
    # directly: only the plan is looked at here, never the chain.
    AuditRecord.objects.bulk_create(
        AuditRecord(
            seq=10_000 + i,
            at=T0,
            actor_type="system",
            actor="t",
            event="approval",
            cluster="sim-a",
            prev_hash="0" * 64,
            hash=f"{i:064x}",
        )
        for i in range(3000)
    )
    with connection.cursor() as cur:
        cur.execute("ANALYZE incidents_auditrecord")
    qs = AuditRecord.objects.filter(cluster="sim-b", event="approval", seq__lt=20_000).order_by("-seq")[:51]
    sql, params = qs.query.sql_with_params()
    plan = _plan(sql, params)
    assert "audit_cluster_event_seq_idx" in plan, plan
    with connection.cursor() as cur:
        cur.execute("SELECT stxname FROM pg_statistic_ext WHERE stxname = 'audit_cluster_event_stats'")
        assert cur.fetchone() is not None  # the planner knows which cluster/event pairs occur
