"""A viewer opens /recovery-metrics/ and Chromium draws the recovery plots from /api/metrics/, names escaped.

Real daphne, real Celery worker, plotly.js served by this server.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterator

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.redis]
HOSTILE = "<img src=x onerror=window.pwned=1>"


@pytest.fixture(autouse=True)
def _close_test_connections(chromium) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """This test's own connections go before live_stack's teardown (see test_node_charts.py)."""
    yield
    from django.db import connections

    connections.close_all()


def _incidents(cluster) -> list[int]:  # type: ignore[no-untyped-def]
    """Two recovered incidents from the last hour: resumed after 300 s and 120 s."""
    from django.utils import timezone

    from actions.models import Recommendation
    from incidents.audit import append_audit
    from incidents.models import Incident

    t0 = timezone.now() - dt.timedelta(hours=1)
    ids = []
    for i, (node, resume) in enumerate([("gpu-a-003", 300), (HOSTILE, 120)]):
        start = t0 + dt.timedelta(minutes=10 * i)
        inc = Incident.objects.create(
            cluster=cluster,
            key=f"m-{i}",
            category="gpu_hardware",
            culprit_node=node,
            culprit_gpu=1,
            confidence=0.9,
            pattern="xid:79",
            jobs=[str(4100 + i)],
            status="recovered",
            first_signal_at=start,
            detected_at=start + dt.timedelta(seconds=30),
        )
        Recommendation.objects.create(
            incident=inc,
            cluster=cluster,
            action="requeue_job",
            job=str(4100 + i),
            status="succeeded",
            text="requeue; a restart loses 25 steps since the checkpoint at step 100",
            created_at=start + dt.timedelta(seconds=30),
            executed_at=start + dt.timedelta(seconds=45),
        )
        append_audit(
            event="verification",
            at=start + dt.timedelta(seconds=resume),
            cluster=cluster.name,
            incident_id=inc.pk,
            action="verify recovery",
            outcome="healthy",
            detail={"note": "ok"},
        )
        ids.append(inc.pk)
    return ids


def test_the_metrics_page_draws_latencies_and_resume_times(live_stack, chromium, cluster, viewer) -> None:  # type: ignore[no-untyped-def]
    _incidents(cluster)
    page = chromium.new_page()
    page.goto(live_stack.base_url + "/login/")
    page.fill("input[name=username]", "vera")
    page.fill("input[name=password]", "vera")
    page.click("button[type=submit]")
    page.wait_for_url(live_stack.base_url + "/")
    page.goto(f"{live_stack.base_url}/recovery-metrics/?cluster={cluster.name}&window=24h")
    try:
        page.wait_for_function(
            "() => { const p = document.querySelector('#metrics-charts[data-drawn] [data-panel=resume].js-plotly-plot');"
            " return p && p.data && p.data[0].y.length === 2; }",  # data-drawn: every panel and the status are done
            timeout=30_000,
        )
    except Exception:
        pytest.fail("no resume-time plot on /recovery-metrics/\n" + live_stack.logs_tail())
    got = page.evaluate(
        "() => { const q = n => document.querySelector('#metrics-charts [data-panel=' + n + ']');"
        " return {boxes: q('latency').data.map(t => [t.type, t.y.length]), resume: q('resume').data[0].y,"
        " text: q('resume').data[0].text, lost: q('lost').data[0].x, pwned: window.pwned === 1,"
        " status: document.querySelector('.metrics-status').hidden}; }"
    )
    assert got["boxes"] == [["box", 2], ["box", 2], ["box", 0], ["box", 2]]  # no approvals were asked
    assert sorted(got["resume"]) == [120, 300]
    assert any("&lt;img" in t for t in got["text"]) and got["pwned"] is False
    assert got["lost"] == [25, 25]
    assert got["status"] is True
    page.screenshot(
        path=os.environ.get("SCREENSHOT_TO", str(live_stack.logs[0].parent / "metrics.png")),
        full_page=True,
        timeout=120_000,
    )
