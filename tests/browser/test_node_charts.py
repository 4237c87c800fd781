"""A viewer opens a node page of the live simulated cluster and sees its GPUs' telemetry drawn.

Everything is real: the Celery worker ticks the simulator every second, the tick
records its GPU samples (monitoring.telemetry.store.record_samples), daphne
serves the page, the chart JSON and plotly.js, and Chromium draws them.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest

from monitoring.models import Gpu, Node

pytestmark = [pytest.mark.browser, pytest.mark.redis]


@pytest.fixture(autouse=True)
def _close_test_connections(chromium) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """Close this test's own database connections before live_stack's teardown runs.

    Under Playwright the test body holds its connection in another context than
    live_stack's teardown, which then terminates it as a stray session; the next
    test would fail on the dead connection ("terminating connection due to
    administrator command"). Set up after ``chromium``, this is torn down first.
    """
    yield
    from django.db import connections

    connections.close_all()


def _login(page, base_url: str, name: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(base_url + "/login/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", name)
    page.click("button[type=submit]")
    page.wait_for_url(base_url + "/")


def _wait_for_samples(cluster, stack, every_gpu: bool = False, timeout: float = 90) -> Node:  # type: ignore[no-untyped-def]
    """A node whose GPUs have been sampled (the simulator samples each node every 10 s); or wait for all of them."""
    end = time.time() + timeout
    while time.time() < end:
        gpus = Gpu.objects.filter(node__cluster=cluster)
        sampled = gpus.filter(last_sample_at__isnull=False).select_related("node").first()
        if sampled is not None and (not every_gpu or not gpus.filter(last_sample_at__isnull=True).exists()):
            return sampled.node
        time.sleep(0.5)
    pytest.fail(
        "GPU samples did not reach the database: is record_samples wired into the tick?\n" + stack.logs_tail()
    )


def test_a_node_page_draws_its_gpu_telemetry(live_stack, chromium, cluster, viewer) -> None:  # type: ignore[no-untyped-def]
    node = _wait_for_samples(cluster, live_stack)
    page = chromium.new_page()
    _login(page, live_stack.base_url, "vera")
    page.goto(f"{live_stack.base_url}/nodes/{node.pk}/")

    try:
        page.wait_for_function(
            # Every panel drawn, one trace per GPU, each GPU's SM clock sampled: the charts refresh
            # themselves every 30 s, so a page drawn before the last GPU's sample catches up.
            "() => { const ps = Array.from(document.querySelectorAll('#gpu-charts[data-drawn] .js-plotly-plot'));"
            " const sm = ps.find(p => p.dataset.field === 'sm_clock');"
            " return ps.length === 6 && ps.every(p => p.data && p.data.length === 8)"
            " && sm && sm.data.every(t => t.x.length > 0); }",
            timeout=75_000,
        )
    except Exception:
        pytest.fail("no Plotly chart with data points on the node page\n" + live_stack.logs_tail())
    plots = page.evaluate(
        "() => Array.from(document.querySelectorAll('#gpu-charts .js-plotly-plot')).map(p =>"
        " ({field: p.dataset.field, traces: p.data.length, points: p.data.reduce((n, t) => n + t.x.length, 0)}))"
    )
    assert [p["field"] for p in plots] == ["temp", "power", "sm_clock", "util", "ecc_dbe", "throttle"]
    assert all(p["traces"] == 8 for p in plots)  # one line per GPU
    assert plots[2]["points"] >= 8  # every GPU's SM clock has at least one sample
    assert page.evaluate("() => typeof window.Plotly") == "object"  # loaded from this server
    page.screenshot(
        path=os.environ.get("SCREENSHOT_TO", str(live_stack.logs[0].parent / "node-charts.png")),
        full_page=True,
        timeout=120_000,  # a slow machine takes a while: an artefact, not the assertion
    )


def test_an_incident_page_draws_the_culprit_against_its_peers(live_stack, chromium, cluster, viewer) -> None:  # type: ignore[no-untyped-def]
    from django.utils import timezone

    from actions.services.faults import inject_fault
    from incidents.models import Incident

    _wait_for_samples(cluster, live_stack, every_gpu=True)  # the culprit has samples from before the fault
    fault = inject_fault(cluster, "xid79", None, None, timezone.now())
    end = time.time() + 120
    incident = None
    while incident is None and time.time() < end:
        incident = Incident.objects.filter(cluster=cluster, culprit_node=fault["node"]).first()
        time.sleep(1)
    if incident is None:
        pytest.fail(f"no incident on {fault['node']} after an Xid 79\n" + live_stack.logs_tail())
    page = chromium.new_page()
    _login(page, live_stack.base_url, "vera")
    page.goto(f"{live_stack.base_url}/incidents/{incident.pk}/")

    try:
        page.wait_for_function(
            "() => { const p = document.querySelector('#incident-charts[data-drawn] [data-field=sm_clock].js-plotly-plot');"
            " return p && p.data && p.data.some(t => /blamed/.test(t.name) && t.x.length > 0); }",
            timeout=30_000,
        )
    except Exception:
        pytest.fail("no culprit trace on the incident page\n" + live_stack.logs_tail())
    clock = page.evaluate(
        "() => { const p = document.querySelector('#incident-charts [data-field=sm_clock]');"
        " return {names: p.data.map(t => t.name || ''), marks: (p.layout.shapes || []).length,"
        " legend: p.layout.showlegend, axis: p.layout.xaxis.title.text,"
        " legendItems: p.querySelectorAll('.legend .traces').length}; }"
    )
    assert any("(blamed)" in n for n in clock["names"])
    assert any(n.endswith(", other nodes: median") for n in clock["names"]) or len(clock["names"]) > 1
    assert clock["marks"] >= 1  # the detection time is marked
    assert clock["legend"] is True and clock["legendItems"] >= 1  # a legend is drawn
    assert clock["axis"] == "time (UTC)"
    # The range picker asks for a wider window and redraws.
    before = page.evaluate("() => ({drawn: document.getElementById('incident-charts').dataset.drawn})")
    page.select_option("select[data-range-for=incident-charts]", "60")
    page.wait_for_function(
        "(b) => { const el = document.getElementById('incident-charts');"
        " return /around=60/.test(el.dataset.chartUrl) && el.dataset.drawn !== b.drawn; }",
        arg=before,
        timeout=30_000,
    )
    asked = page.evaluate(
        "async () => (await (await fetch(document.getElementById('incident-charts').dataset.chartUrl,"
        " {credentials: 'same-origin'})).json()).around_s"
    )
    assert asked == 3600  # what the redrawn panels were drawn from: ±1 h around detection
    page.screenshot(
        path=os.environ.get("SCREENSHOT_TO", str(live_stack.logs[0].parent / "incident-charts.png")).replace(
            ".png", "-incident.png"
        ),
        full_page=True,
        timeout=120_000,  # a slow machine takes a while: an artefact, not the assertion
    )
