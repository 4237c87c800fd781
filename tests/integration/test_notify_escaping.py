"""Notifications quote job log text; a hostile line can never become a Slack mention or link (issue 13)."""

from __future__ import annotations

import json
import re

import pytest

from actions.services.delivery import redacted as _redacted
from actions.services.notify import notify, payload, slack_escape
from incidents.models import AuditRecord
from tests.integration.http_receiver import Receiver

pytestmark = pytest.mark.django_db(transaction=True)

HOSTILE = (
    "rank 3: RuntimeError: <!channel> <!here> <@U024BE7LH> see <https://evil.example/login|the runbook> "
    '&lt;!everyone&gt; "quoted" \\ \n\t\u2028 </script><script>alert(1)</script> & done'
)
LIVE = re.compile(r"<[!@#]|<https?://(?!recovery\.example/incidents/)")


def test_a_hostile_log_line_reaches_slack_without_a_live_mention_or_link(
    settings, eager_celery, cluster
) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    settings.RECOVERY_BASE_URL = "https://recovery.example"
    with Receiver([200]) as rx:
        settings.RECOVERY_WEBHOOKS = f"slack={rx.url}/services/T0/B0/x"
        notify("escalation", cluster=cluster, incident=12, text=HOSTILE)
        (body,) = rx.bodies
    text = body["text"]
    assert LIVE.search(text) is None
    assert text.count("<") == 1 and text.endswith(" <https://recovery.example/incidents/12/|incident #12>")
    assert "&lt;!channel&gt; &lt;!here&gt; &lt;@U024BE7LH&gt;" in text
    assert "&lt;https://evil.example/login|the runbook&gt;" in text
    assert "&amp;lt;!everyone&amp;gt;" in text and text.count("& ") == 0


def test_a_hostile_log_line_round_trips_exactly_through_the_generic_json_body(
    settings, eager_celery, cluster
) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    with Receiver([200]) as rx:
        settings.RECOVERY_WEBHOOKS = f"json={rx.url}/hook"
        notify("escalation", cluster=cluster, incident=7, text=HOSTILE)
        (body,) = rx.bodies
    assert body["text"] == HOSTILE
    wire = json.dumps(payload(body, "json"))
    assert wire.isascii() and json.loads(wire)["text"] == HOSTILE
    assert "\n" not in wire and "\u2028" not in wire


def test_slack_escaping_is_exactly_the_three_control_characters() -> None:
    assert slack_escape("a & b < c > d | *e* _f_") == "a &amp; b &lt; c &gt; d | *e* _f_"


def test_webhook_credentials_never_reach_the_audit_trail(settings, eager_celery, cluster) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    with Receiver([200]) as rx:
        port = rx.url.rsplit(":", 1)[1]
        settings.RECOVERY_WEBHOOKS = f"json=http://bot:s3cret-pass@127.0.0.1:{port}/hooks/T0/B0/tok3n"
        notify("escalation", cluster=cluster, incident=7, text="x")
    records = list(AuditRecord.objects.filter(action="webhook escalation"))
    assert records and {r.detail["target"] for r in records} == {f"http://127.0.0.1:{port}/…"}
    dumped = json.dumps([r.detail for r in records])
    assert "s3cret" not in dumped and "bot" not in dumped and "tok3n" not in dumped
    assert _redacted("https://u:p@[::1]:8443/x?token=y") == "https://[::1]:8443/…"
