"""The audit trail filtered by cluster, job, node, incident, actor and time, on the page, the API and the exports."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json

import pytest
from django.urls import reverse

from incidents.audit import append_audit, record_hash

T0 = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)
pytestmark = pytest.mark.django_db


@pytest.fixture
def trail():  # type: ignore[no-untyped-def]
    """Four records over an hour on two clusters; one carries a job name a spreadsheet would run."""
    append_audit(
        event="detection",
        at=T0,
        cluster="sim-a",
        workload="4101",
        node="gpu-a-003",
        incident_id=7,
        pattern="xid:79",
        attribution={"culprit_node": "gpu-a-003"},
        action="open incident",
        outcome="open",
    )
    append_audit(
        event="approval",
        at=T0 + dt.timedelta(minutes=5),
        actor="otto",
        cluster="sim-a",
        workload="4101",
        node="gpu-a-003",
        incident_id=7,
        action="drain_node gpu-a-003",
        outcome="approved",
    )
    append_audit(
        event="execution",
        at=T0 + dt.timedelta(minutes=30),
        cluster="sim-a",
        workload="=cmd|' /C calc'!A0",
        node="gpu-a-009",
        incident_id=8,
        action="@SUM(1+1)",
        outcome="-succeeded",
        detail={"why": "+x"},
    )
    append_audit(
        event="detection",
        at=T0 + dt.timedelta(minutes=59),
        cluster="sim-b",
        workload="900",
        node="gpu-b-001",
        incident_id=9,
        action="open incident",
        outcome="open",
    )


def _csv(response) -> list[list[str]]:  # type: ignore[no-untyped-def]
    body = b"".join(response.streaming_content).decode()
    return list(csv.reader(io.StringIO(body)))


def _json(response) -> list[dict]:  # type: ignore[no-untyped-def]
    return json.loads(b"".join(response.streaming_content))


def test_the_csv_export_streams_the_filtered_records_with_every_column(client, viewer, trail) -> None:  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    response = client.get(reverse("audit-export", args=["csv"]), {"cluster": "sim-a", "job": "4101"})
    assert response.status_code == 200 and response.streaming
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"].startswith('attachment; filename="audit-')
    rows = _csv(response)
    assert rows[0] == [
        "seq",
        "at",
        "actor_type",
        "actor",
        "event",
        "cluster",
        "workload",
        "node",
        "incident",
        "recommendation",
        "pattern",
        "action",
        "outcome",
        "attribution",
        "detail",
        "prev_hash",
        "hash",
        "key_id",
    ]
    assert [(r[0], r[3], r[4], r[8], r[11]) for r in rows[1:]] == [
        ("1", "controller", "detection", "7", "open incident"),
        ("2", "otto", "approval", "7", "drain_node gpu-a-003"),
    ]
    assert rows[1][1] == "2026-11-29T10:00:00.000000+00:00"
    assert rows[1][13] == '{"culprit_node":"gpu-a-003"}'
    assert rows[2][15] == rows[1][16]  # the chain shows: each record names its predecessor's hash


def test_csv_cells_that_a_spreadsheet_would_run_are_neutralised(client, viewer, trail) -> None:  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    rows = _csv(client.get(reverse("audit-export", args=["csv"]), {"incident": "8"}))
    assert len(rows) == 2
    row = dict(zip(rows[0], rows[1], strict=True))
    assert (row["workload"], row["action"], row["outcome"]) == (
        "'=cmd|' /C calc'!A0",
        "'@SUM(1+1)",
        "'-succeeded",
    )
    assert row["detail"] == '{"why":"+x"}'  # JSON starts with a brace: nothing to neutralise


def test_the_json_export_keeps_raw_values_and_the_hashes_recompute(client, viewer, trail) -> None:  # type: ignore[no-untyped-def]
    from incidents.models import AuditRecord

    client.force_login(viewer)
    response = client.get(reverse("audit-export", args=["json"]), {"node": "gpu-a-009"})
    assert response["Content-Type"] == "application/json"
    records = _json(response)
    assert [(r["seq"], r["workload"], r["action"], r["detail"]) for r in records] == [
        (3, "=cmd|' /C calc'!A0", "@SUM(1+1)", {"why": "+x"})
    ]
    from incidents.audit.keys import keyring

    rec = AuditRecord.objects.get(seq=3)
    secret = keyring().secret(records[0]["key_id"])
    assert records[0]["hash"] == record_hash(records[0]["prev_hash"], rec, secret) == rec.hash


def test_time_filters_bound_the_page_the_api_and_the_exports_alike(client, viewer, trail) -> None:  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    query = {"from": "2026-11-29T10:05", "to": "2026-11-29T10:30"}
    assert [r["seq"] for r in _json(client.get(reverse("audit-export", args=["json"]), query))] == [2, 3]
    assert [r["seq"] for r in client.get("/api/audit/", query).json()["results"]] == [3, 2]
    html = client.get(reverse("audit"), query).content.decode()
    assert "drain_node gpu-a-003" in html and "open incident" not in html
    assert 'href="/audit/export.csv?from=2026-11-29T10%3A05&amp;to=2026-11-29T10%3A30"' in html
    day = _json(client.get(reverse("audit-export", args=["json"]), {"to": "2026-11-29", "cluster": "sim-b"}))
    assert [r["seq"] for r in day] == [4]
    assert _json(client.get(reverse("audit-export", args=["json"]), {"to": "2026-11-28"})) == []


def test_the_api_filters_by_actor_incident_and_older_parameter_names(client, viewer, trail) -> None:  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    assert [r["seq"] for r in client.get("/api/audit/", {"actor": "otto"}).json()["results"]] == [2]
    assert [r["seq"] for r in client.get("/api/audit/", {"incident": "9"}).json()["results"]] == [4]
    assert [
        r["seq"]
        for r in client.get("/api/audit/", {"incident_id": "7", "workload": "4101"}).json()["results"]
    ] == [2, 1]
    bad = client.get("/api/audit/", {"from": "last tuesday"})
    assert bad.status_code == 400
    assert "from must be a date" in bad.json()["filters"][0]


def test_a_bad_filter_is_refused_by_the_export_and_shown_on_the_page(client, viewer, trail) -> None:  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    assert client.get(reverse("audit-export", args=["csv"]), {"incident": "x"}).status_code == 400
    assert client.get("/audit/export.xlsx").status_code == 404
    html = client.get(reverse("audit"), {"incident": "x"}).content.decode()
    assert "Ignored: incident must be a number, not &#x27;x&#x27;" in html


def test_exports_need_a_login(client, trail) -> None:  # type: ignore[no-untyped-def]
    response = client.get(reverse("audit-export", args=["csv"]))
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_a_script_exports_with_its_api_token(client, viewer, trail) -> None:  # type: ignore[no-untyped-def]
    from django.utils import timezone

    from actions.api.auth import create_token

    _, raw = create_token(viewer, "export", timezone.now())
    response = client.get(
        reverse("audit-export", args=["json"]), {"actor": "otto"}, HTTP_AUTHORIZATION=f"Token {raw}"
    )
    assert [r["seq"] for r in _json(response)] == [2]
    assert (
        client.get(reverse("audit-export", args=["json"]), HTTP_AUTHORIZATION="Token wrong").status_code
        == 302
    )
