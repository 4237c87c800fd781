"""An admin puts the canary partition's isolation in auto through the page; a canary fault drains at once
while a batch fault waits for an operator.

Everything is real: daphne, a Celery worker and beat ticking the simulator, PostgreSQL, Redis, Chromium.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import expect

from actions.choices import RecStatus
from actions.models import Recommendation
from monitoring.choices import Autonomy
from monitoring.models import Job, Node
from tests.browser.conftest import until_page_shows

pytestmark = [pytest.mark.browser, pytest.mark.redis]


@pytest.fixture(autouse=True)
def _close_test_connections(live_stack, chromium) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """This test's own connections go before live_stack's teardown (see test_node_charts.py).

    It names live_stack too, so that it is set up after it and torn down before it:
    an autouse fixture naming only chromium would set chromium up before live_stack,
    and close the connections only after live_stack had terminated them, leaving
    the next transactional test a dead connection.
    """
    yield
    from django.db import connections

    connections.close_all()


def _until(what: str, check: Callable[[], object], stack, timeout: float = 90) -> object:  # type: ignore[no-untyped-def]
    end = time.time() + timeout
    while time.time() < end:
        found = check()
        if found:
            return found
        time.sleep(0.5)
    pytest.fail(f"timed out waiting for {what}\n" + stack.logs_tail())


def _busy_node(cluster, partition: str) -> str:  # type: ignore[no-untyped-def]
    job = (
        Job.objects.filter(cluster=cluster, state="RUNNING", partition=partition)
        .exclude(nodes="")
        .order_by("slurm_id")
        .first()
    )
    return job.node_list[0] if job else ""


def _drain_of(cluster, node: str) -> Recommendation | None:  # type: ignore[no-untyped-def]
    return Recommendation.objects.filter(cluster=cluster, action="drain_node", node=node).first()


def test_admin_raises_the_canary_to_auto_and_only_canary_faults_drain_by_themselves(
    live_stack, chromium, cluster, admin_user
) -> None:  # type: ignore[no-untyped-def]
    from django.utils import timezone

    from actions.services.faults import inject_fault

    cluster.autonomy = Autonomy.APPROVE
    cluster.save()
    _until(
        "the simulated cluster's nodes",
        lambda: Node.objects.filter(cluster=cluster).count() >= 32,
        live_stack,
        60,
    )
    canary = _until("a busy canary node", lambda: _busy_node(cluster, "canary"), live_stack, 60)
    batch = _until("a busy batch node", lambda: _busy_node(cluster, "batch"), live_stack, 60)

    page = chromium.new_page()
    page.goto(live_stack.base_url + "/login/")
    page.fill("input[name=username]", "ada")
    page.fill("input[name=password]", "ada")
    page.click("button[type=submit]")
    page.wait_for_url(live_stack.base_url + "/")
    page.goto(f"{live_stack.base_url}/clusters/{cluster.pk}/")
    form = page.locator("#override-form")
    form.locator("select[name=scope]").select_option("partition")
    form.locator("input[name=target]").fill("canary")
    form.locator("select[name=kind]").select_option("isolation")
    form.locator("select[name=level]").select_option("auto")
    form.locator("input[name=reason]").fill("canary proves the controller first")
    form.locator("button[type=submit]").click()
    page.wait_for_selector("tr[data-override='partition:canary:isolation']", timeout=15_000)
    expect(page.locator("tr[data-override='partition:canary:isolation']")).to_contain_text(
        "auto", timeout=15_000
    )

    inject_fault(cluster, "xid79", canary, None, timezone.now())
    inject_fault(cluster, "xid79", batch, None, timezone.now())

    _until(
        f"the canary drain of {canary} to succeed",
        lambda: (r := _drain_of(cluster, canary)) and r.status == RecStatus.SUCCEEDED,
        live_stack,
    )
    waiting = _until(f"the batch drain of {batch}", lambda: _drain_of(cluster, batch), live_stack)
    assert Node.objects.get(cluster=cluster, name=canary).drained_by_us is True
    # Two more completed ticks (the old fixed 3 s was about that): the batch drain must still wait for a person.
    from actions.models import TickStat

    ticked = TickStat.objects.get(cluster=cluster).ticks
    _until("two more ticks", lambda: TickStat.objects.get(cluster=cluster).ticks >= ticked + 2, live_stack)
    waiting.refresh_from_db()
    assert waiting.status == RecStatus.AWAITING_APPROVAL
    assert Node.objects.get(cluster=cluster, name=batch).drained_by_us is False
    assert waiting.transitions.get(new=RecStatus.AWAITING_APPROVAL).reason == "approve: cluster default"

    page.goto(f"{live_stack.base_url}/incidents/{waiting.incident_id}/")
    page.wait_for_selector(f"tr[data-rec='{waiting.pk}'].rs-awaiting_approval", timeout=15_000)
    node = Node.objects.get(cluster=cluster, name=canary)
    # The page says "drained by this controller" once the next tick has synced Slurm's reason for the drain:
    # reload until it does, never read the page once (the database can be a tick ahead of what was rendered).
    until_page_shows(
        page, f"{live_stack.base_url}/nodes/{node.pk}/", "body", "drained by this controller", live_stack
    )
    expect(page.locator("#return-form")).to_have_count(1, timeout=15_000)
    page.screenshot(
        path=os.environ.get("SCREENSHOT_TO", str(live_stack.logs[0].parent / "canary.png")),
        full_page=True,
        timeout=120_000,
    )
