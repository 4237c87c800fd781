"""The on-call workflow in a real browser: live updates that respect what an operator types, the overview
that hides no open incident, and an acknowledgement another operator sees live.

Everything is real: daphne serving pages and the websocket, a Celery worker and beat ticking the simulator,
PostgreSQL, Redis, Chromium. Every check is a Playwright ``expect`` that waits; the page is never read once.
Set ONCALL_SCREENSHOTS=<dir> to keep screenshots of the pages for the docs.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from actions.choices import RecStatus
from actions.models import Recommendation
from incidents.models import Incident
from monitoring.choices import Autonomy
from monitoring.models import Job, Node

pytestmark = [pytest.mark.browser, pytest.mark.redis]
WAIT = 60_000


@pytest.fixture(autouse=True)
def _close_test_connections(live_stack, chromium) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """This test's own connections go before live_stack's teardown (see test_canary_autonomy.py)."""
    yield
    from django.db import connections

    connections.close_all()


@pytest.fixture
def second_operator(db, django_user_model):  # type: ignore[no-untyped-def]
    from django.contrib.auth.models import Group

    user = django_user_model.objects.create_user(username="olga", password="olga")
    user.groups.add(Group.objects.get_or_create(name="operator")[0])
    return user


def _shot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    folder = os.environ.get("ONCALL_SCREENSHOTS")
    if folder:
        os.makedirs(folder, exist_ok=True)
        page.screenshot(path=os.path.join(folder, f"{name}.png"))


def _login(browser, base_url: str, name: str):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    context.set_default_timeout(WAIT)  # two shared cores: daphne, a worker and Chromium take their time
    context.set_default_navigation_timeout(WAIT)
    page = context.new_page()
    page.goto(base_url + "/login/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", name)
    page.click("button[type=submit]")
    expect(page).to_have_url(base_url + "/", timeout=WAIT)
    expect(page.locator("#live-status.on")).to_be_visible(timeout=WAIT)
    return page


def _incident(cluster, key: str, node: str, job: str, status: str = "open", minutes: int = 0) -> Incident:  # type: ignore[no-untyped-def]
    from django.utils import timezone

    return Incident.objects.create(
        cluster=cluster,
        key=key,
        category="gpu_hardware",
        culprit_node=node,
        culprit_gpu=2,
        confidence=0.9,
        pattern="xid:79",
        jobs=[job],
        status=status,
        detected_at=timezone.now() - dt.timedelta(minutes=60 - minutes),
    )


def _awaiting_drain(cluster) -> tuple[Incident, Recommendation]:  # type: ignore[no-untyped-def]
    from django.utils import timezone

    from actions.services.recommendations import sync_recommendations

    cluster.autonomy = Autonomy.APPROVE
    cluster.save()
    for n in range(1, 9):
        Node.objects.get_or_create(
            cluster=cluster, name=f"zz-{n:03d}", defaults={"partition": "maint", "state": "MIXED"}
        )
    incident = _incident(cluster, "live-1", "zz-003", "9101")
    sync_recommendations(incident, [{"action": "drain_node", "node": "zz-003"}], timezone.now())
    rec = Recommendation.objects.get(incident=incident, action="drain_node")
    assert rec.status == RecStatus.AWAITING_APPROVAL
    return incident, rec


def test_an_operator_typing_a_comment_loses_nothing_while_live_updates_arrive(
    live_stack, chromium, cluster, operator, second_operator
) -> None:  # type: ignore[no-untyped-def]
    incident, rec = _awaiting_drain(cluster)
    otto = _login(chromium, live_stack.base_url, "otto")
    olga = _login(chromium, live_stack.base_url, "olga")
    otto.goto(f"{live_stack.base_url}/incidents/{incident.pk}/")
    expect(otto.locator("#live-status.on")).to_be_visible(timeout=WAIT)
    box = otto.locator(f"tr[data-rec='{rec.pk}'] form[action$='/reject/'] input[name=comment]")
    box.click()
    box.press_sequentially("node is in a burn-in ", delay=20)

    # Another operator acts: the incident changes and a live update reaches otto's page mid-sentence.
    olga.goto(f"{live_stack.base_url}/incidents/{incident.pk}/")
    olga.locator("#ack-button").click()
    expect(otto.locator("#incident-assignee")).to_have_text("olga", timeout=WAIT)

    box.press_sequentially("test until Friday", delay=20)
    expect(box).to_have_value("node is in a burn-in test until Friday")
    expect(box).to_be_focused()
    otto.locator(f"tr[data-rec='{rec.pk}'] button.reject").click()
    expect(otto.locator(f"tr[data-rec='{rec.pk}'].rs-rejected")).to_be_visible(timeout=WAIT)
    expect(otto.locator(f"tr[data-rec='{rec.pk}']")).to_contain_text("node is in a burn-in test until Friday")
    rec.refresh_from_db()
    assert rec.decision_comment == "node is in a burn-in test until Friday"


def test_the_overview_with_40_incidents_shows_every_open_one(live_stack, chromium, cluster, viewer) -> None:  # type: ignore[no-untyped-def]
    opened = [
        _incident(
            cluster,
            f"many-{n}",
            f"zz-{n:03d}",
            str(7000 + n),
            status="mitigating" if n == 0 else "open",
            minutes=n,
        )
        for n in range(40)
    ]
    for n in range(12):
        _incident(cluster, f"done-{n}", "zz-900", str(8000 + n), status="recovered", minutes=40 + n)
    page = _login(chromium, live_stack.base_url, "vera")
    rows = page.locator("#incident-table tbody tr[data-incident]")
    expect(rows).to_have_count(40, timeout=WAIT)
    expect(page.locator("#stat-open")).to_have_text("40")
    expect(page.locator(f"#incident-table tr[data-incident='{opened[0].pk}']")).to_contain_text(
        "Mitigating"
    )  # the oldest stays
    _shot(page, "overview")
    page.goto(f"{live_stack.base_url}/incidents/?status=active&sort=oldest")
    expect(page.locator("#incident-list tbody tr[data-incident]")).to_have_count(40, timeout=WAIT)
    expect(page.locator("#incident-count")).to_have_text("40 incidents")
    _shot(page, "incident-list")


def test_acknowledging_shows_the_name_to_a_second_operator_live(
    live_stack, chromium, cluster, operator, second_operator
) -> None:  # type: ignore[no-untyped-def]
    incident, _ = _awaiting_drain(cluster)
    olga = _login(chromium, live_stack.base_url, "olga")  # watches the overview
    row = olga.locator(f"#incident-table tr[data-incident='{incident.pk}'] td.who-on")
    expect(row).to_have_text("nobody", timeout=WAIT)
    otto = _login(chromium, live_stack.base_url, "otto")
    otto.goto(f"{live_stack.base_url}/incidents/{incident.pk}/")
    otto.locator("#ack-button").click()
    expect(otto.locator("#incident-acked-by")).to_have_text("otto", timeout=WAIT)
    expect(row).to_have_text("otto", timeout=WAIT)  # no reload: pushed live
    expect(olga.locator(f"#needs-you tr[data-incident='{incident.pk}'] td.who-on")).to_have_text("otto")


def test_screenshots_of_the_job_page_and_a_silence(live_stack, chromium, cluster, operator) -> None:  # type: ignore[no-untyped-def]
    from django.utils import timezone

    from incidents.silences import create_silence

    Job.objects.create(
        cluster=cluster,
        slurm_id="9555",
        name="llama-70b-pretrain",
        user="mlteam",
        partition="maint",
        state="RUNNING",
        nodes="zz-[015-017,021]",
        restarts=1,
        last_step=156,
        last_checkpoint_step=150,
        last_progress_at=timezone.now(),
        last_checkpoint_at=timezone.now() - dt.timedelta(minutes=4),
        started_at=timezone.now() - dt.timedelta(hours=3),
    )
    _incident(cluster, "job-1", "zz-012", "9555", status="recovered", minutes=20)
    otto = _login(chromium, live_stack.base_url, "otto")
    otto.goto(f"{live_stack.base_url}/clusters/{cluster.pk}/jobs/9555/")
    expect(otto.locator("#job-state")).to_have_text("RUNNING", timeout=WAIT)
    expect(otto.locator("#job-story li[data-incident]")).to_have_count(1)
    expect(otto.locator("#job-story")).to_contain_text("Recovered: job healthy")
    _shot(otto, "job")
    now = timezone.now()
    create_silence(
        cluster,
        operator,
        starts_at=now,
        ends_at=now + dt.timedelta(minutes=45),
        reason="DIMM swap, ticket OPS-1234",
        now=now,
        node="zz-012",
    )
    otto.goto(f"{live_stack.base_url}/silences/")
    expect(otto.locator("#silences tr.silence-active")).to_have_count(1, timeout=WAIT)
    expect(otto.locator("#expiring")).to_contain_text("zz-012")
    _shot(otto, "silence")
