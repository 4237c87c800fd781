"""A failed audit check pages people once, under its own dedup key, against real HTTP receivers (issue 25).

An audit failure has no incident, so incidents' pages (keyed by incident) cannot carry it: it
gets ``recovery/audit/<when it broke>``. The hourly checks that find the trail still broken
page nobody again; the first good check resolves the page; a later break is a new page.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest
from django.db import connection, connections

from actions.models import AuditPage
from actions.services.audit_check import BEAT, check_trail
from incidents.audit import append_audit
from incidents.choices import AuditEvent
from incidents.models import AuditRecord
from tests.integration.http_receiver import Receiver

T0 = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)
HOUR = dt.timedelta(hours=1)
pytestmark = pytest.mark.django_db(transaction=True)  # pages go out after commit: real commits


@pytest.fixture(autouse=True)
def _fresh_connection() -> None:
    connections.close_all()


@pytest.fixture
def eager_celery(settings) -> Iterator[None]:  # type: ignore[no-untyped-def]
    from recovery_site.celery import app

    settings.RECOVERY_WEBHOOK_BACKOFF_S = 0.001
    settings.RECOVERY_WEBHOOKS = ""
    settings.RECOVERY_PAGERDUTY_ROUTING_KEY = ""
    settings.RECOVERY_ALERTMANAGER_WEBHOOKS = []
    settings.RECOVERY_BASE_URL = "https://recovery.example"
    old = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = old


@pytest.fixture
def trail(db) -> None:  # type: ignore[no-untyped-def]
    for i in range(3):
        append_audit(event=AuditEvent.APPROVAL, at=T0 + dt.timedelta(seconds=i), actor="otto", action="drain")


def _set_actor_of_seq_2(actor: str) -> None:
    with connection.cursor() as cur:
        cur.execute("UPDATE incidents_auditrecord SET actor = %s WHERE seq = 2", [actor])


def _page_records() -> list[tuple[str, str, int | None, int, str]]:
    rows = AuditRecord.objects.filter(event="execution", action__startswith="page ").order_by("seq")
    return [
        (r.action, r.outcome, r.detail["http_status"], r.detail["attempt"], r.detail["dedup_key"])
        for r in rows
    ]


def test_a_broken_trail_pages_once_under_its_own_key_and_resolves_when_it_holds_again(
    settings, eager_celery, trail
) -> None:  # type: ignore[no-untyped-def]
    with Receiver([]) as pd, Receiver([]) as am, Receiver([]) as hook:
        settings.RECOVERY_PAGERDUTY_ROUTING_KEY = "R0UT1NGKEY"
        settings.RECOVERY_PAGERDUTY_URL = f"{pd.url}/v2/enqueue"
        settings.RECOVERY_ALERTMANAGER_WEBHOOKS = [f"{am.url}/alerts"]
        settings.RECOVERY_WEBHOOKS = f"json={hook.url}/hook"
        _set_actor_of_seq_2("vera")  # someone with the database re-attributes an approval
        for hour in range(3):  # the beat's hourly checks: all find it broken
            assert not check_trail(BEAT, T0 + hour * HOUR).ok
        assert [b["event_action"] for b in pd.bodies] == ["trigger"]
        assert [b["status"] for b in am.bodies] == ["firing"]
        assert [(b["kind"], b["cluster"]) for b in hook.bodies] == [("escalation", "audit")]

        _set_actor_of_seq_2("otto")  # put back (e.g. restored from a backup): the next check holds
        assert check_trail(BEAT, T0 + 3 * HOUR).ok
        assert check_trail(BEAT, T0 + 4 * HOUR).ok
        assert [b["event_action"] for b in pd.bodies] == ["trigger", "resolve"]
        assert [b["status"] for b in am.bodies] == ["firing", "resolved"]

        _set_actor_of_seq_2("mallory")  # broken again later: a new episode, a new page
        assert not check_trail(BEAT, T0 + 5 * HOUR).ok
        assert not check_trail(BEAT, T0 + 6 * HOUR).ok

    first, second = "recovery/audit/20261129T100000Z", "recovery/audit/20261129T150000Z"
    assert [(b["event_action"], b["dedup_key"]) for b in pd.bodies] == [
        ("trigger", first),
        ("resolve", first),
        ("trigger", second),
    ]
    trigger = pd.bodies[0]
    assert trigger["routing_key"] == "R0UT1NGKEY" and set(pd.paths) == {"/v2/enqueue"}
    assert trigger["payload"]["severity"] == "critical" and trigger["payload"]["group"] == "audit"
    assert trigger["payload"]["summary"].startswith(
        "audit trail verification FAILED (the beat): record seq 2 was altered"
    )
    assert "record seq 2 was altered" in trigger["payload"]["custom_details"]["problem"]
    assert trigger["links"] == [{"href": "https://recovery.example/audit/", "text": "audit trail"}]
    assert [b["groupKey"] for b in am.bodies] == [first, first, second]
    assert am.bodies[0]["alerts"][0]["labels"]["alertname"] == "RecoveryAuditTrailBroken"
    assert am.bodies[0]["alerts"][0]["fingerprint"] == am.bodies[1]["alerts"][0]["fingerprint"]
    assert [b["kind"] for b in hook.bodies] == ["escalation", "escalation"]  # one per episode
    assert [(r[0], r[1], r[4]) for r in _page_records() if r[4] == first] == [
        ("page trigger", "delivered", first),
        ("page trigger", "delivered", first),
        ("page resolve", "delivered", first),
        ("page resolve", "delivered", first),
    ]  # PagerDuty and Alertmanager, each told once of each
    assert list(AuditPage.objects.order_by("pk").values_list("dedup_key", "state")) == [
        (first, "resolved"),
        (second, "triggered"),
    ]
    assert "R0UT1NGKEY" not in str(list(AuditRecord.objects.values_list("detail", flat=True)))


def test_an_audit_page_the_receiver_refused_is_retried_and_still_pages_once(
    settings, eager_celery, trail
) -> None:  # type: ignore[no-untyped-def]
    with Receiver([503, 202]) as pd:
        settings.RECOVERY_PAGERDUTY_ROUTING_KEY, settings.RECOVERY_PAGERDUTY_URL = "k", pd.url
        _set_actor_of_seq_2("vera")
        for hour in range(3):
            check_trail(BEAT, T0 + hour * HOUR)
        assert [b["event_action"] for b in pd.bodies] == ["trigger", "trigger"]
        assert pd.bodies[0] == pd.bodies[1]
    key = "recovery/audit/20261129T100000Z"
    assert _page_records() == [
        ("page trigger", "failed", 503, 1, key),
        ("page trigger", "delivered", 202, 2, key),
    ]
    assert AuditPage.objects.get().sent == {"pagerduty": "trigger"}


def test_without_receivers_a_broken_trail_keeps_no_page(settings, eager_celery, trail) -> None:  # type: ignore[no-untyped-def]
    _set_actor_of_seq_2("vera")
    assert not check_trail(BEAT, T0).ok
    assert not AuditPage.objects.exists() and _page_records() == []
