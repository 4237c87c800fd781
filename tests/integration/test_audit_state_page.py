"""The chain's state on /audit/, the Verify button, and the red banner on every page (issue 25)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.urls import reverse

from incidents.audit import append_audit
from incidents.choices import AuditEvent
from incidents.models import AuditRecord

NOW = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)
pytestmark = pytest.mark.django_db


@pytest.fixture
def trail():  # type: ignore[no-untyped-def]
    for i in range(3):
        append_audit(
            event=AuditEvent.APPROVAL, at=NOW + dt.timedelta(seconds=i), actor="otto", action="drain"
        )


def _tamper() -> None:
    with connection.cursor() as cur:
        cur.execute("UPDATE incidents_auditrecord SET actor = 'vera' WHERE seq = 2")


def test_an_admin_verifies_from_the_audit_page_and_the_page_shows_it(client, admin_user, trail) -> None:  # type: ignore[no-untyped-def]
    client.force_login(admin_user)
    page = client.get(reverse("audit")).content.decode()
    assert "never verified yet" in page and 'id="audit-verify"' in page
    resp = client.post(reverse("audit-verify"), follow=True)
    html = resp.content.decode()
    assert "Audit chain OK: 3 records checked" in html and "by ada: <b>OK</b>" in html
    check = AuditRecord.objects.get(event="audit_check")
    assert (check.actor, check.outcome) == ("ada", "ok")


def test_a_viewer_may_not_press_verify(client, viewer, trail) -> None:  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    assert 'id="audit-verify"' not in client.get(reverse("audit")).content.decode()
    assert client.post(reverse("audit-verify")).status_code == 403
    assert AuditRecord.objects.filter(event="refusal", actor="vera").exists()


def test_a_failed_check_is_a_red_banner_on_every_page(client, viewer, trail) -> None:  # type: ignore[no-untyped-def]
    _tamper()
    for _ in range(2):
        with pytest.raises(CommandError, match="record seq 2 was altered"):
            call_command("verify_audit")
    # Its one escalation and one page, at real HTTP receivers: tests/integration/test_audit_page.py.
    client.force_login(viewer)
    for name in ("overview", "audit", "incidents-page"):
        html = client.get(reverse(name)).content.decode()
        assert 'id="audit-broken-banner"' in html and "record seq 2 was altered" in html, name
    assert "by verify_audit (command): <b>BROKEN</b>" in client.get(reverse("audit")).content.decode()
