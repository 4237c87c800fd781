"""An operator sees a new incident appear live, opens it, approves, and sees it succeed.

Everything is real: daphne serving the pages and the websocket, a Celery worker and
beat running the analyser ticks over the simulator, PostgreSQL, Redis, Chromium.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from monitoring.choices import Autonomy
from monitoring.models import Node

pytestmark = [pytest.mark.browser, pytest.mark.redis]


@pytest.fixture(autouse=True)
def _close_test_connections(chromium) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """This test's own connections go before live_stack's teardown (see test_node_charts.py);
    without it the teardown flush can meet a terminated connection after another browser test."""
    yield
    from django.db import connections

    connections.close_all()


def _login(page, base_url: str, name: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(base_url + "/login/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", name)
    page.click("button[type=submit]")
    page.wait_for_url(base_url + "/")


def _wait_for_world(cluster, stack, timeout: float = 60) -> None:  # type: ignore[no-untyped-def]
    end = time.time() + timeout
    while time.time() < end:
        if Node.objects.filter(cluster=cluster).count() >= 32:
            return
        time.sleep(0.5)
    pytest.fail("the analyser never synced the simulated cluster's nodes\n" + stack.logs_tail())


def test_operator_approves_a_live_incident(live_stack, chromium, cluster, operator) -> None:  # type: ignore[no-untyped-def]
    from django.utils import timezone

    from actions.services.faults import inject_fault

    cluster.autonomy = Autonomy.APPROVE
    cluster.save()
    _wait_for_world(cluster, live_stack)
    page = chromium.new_page()
    _login(page, live_stack.base_url, "otto")
    page.wait_for_selector("#live-status.on", timeout=15_000)
    expect(page.locator("tr[data-incident]")).to_have_count(0, timeout=15_000)

    fault = inject_fault(cluster, "xid79", None, None, timezone.now())

    try:
        page.wait_for_selector("tr[data-incident]", timeout=60_000)  # no reload: pushed live
    except Exception:
        pytest.fail("no incident appeared on the overview\n" + live_stack.logs_tail())
    expect(page.locator("tr[data-incident]").first).to_contain_text(fault["node"], timeout=30_000)
    page.locator("tr[data-incident] a").first.click()
    page.wait_for_selector("button.approve")
    first = page.locator("tr.rs-awaiting_approval").first
    rec_id = first.get_attribute("data-rec")
    first.locator("button.approve").click()
    try:
        page.wait_for_selector(f"tr[data-rec='{rec_id}'].rs-succeeded", timeout=60_000)
    except Exception:
        pytest.fail("the approved recommendation did not succeed\n" + live_stack.logs_tail())
    page.screenshot(
        path=os.environ.get("SCREENSHOT_TO", str(live_stack.logs[0].parent / "incident.png")),
        full_page=True,
        timeout=120_000,
    )
