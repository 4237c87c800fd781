"""Webhook notifications: incidents awaiting approval, escalations, storm-breaker trips.

Configured by ``RECOVERY_WEBHOOKS``: comma-separated URLs, each optionally prefixed by
its format, ``slack=https://hooks.slack.com/services/…`` or ``json=https://…``. A
plain URL gets the generic JSON body, unless it is a Slack-style hooks URL, which gets
``{"text": …}`` (what Slack, Mattermost and most chat tools accept).

``notify`` only enqueues, after the surrounding transaction commits: a rolled-back
approval must not page anyone. A Celery task posts each webhook; a failure is retried
with exponential backoff, a bounded number of times, and every attempt — delivered or
failed, with its HTTP status — is an audit record, so "were we told?" has an answer.
"""

from __future__ import annotations

import datetime as dt
import json
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from celery import shared_task
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from incidents.audit import append_audit
from incidents.choices import AuditEvent

KINDS = ("awaiting_approval", "escalation", "owner_notice", "storm_breaker")
FORMATS = ("json", "slack")
MAX_ATTEMPTS = 5
BACKOFF_BASE_S = 10.0
TIMEOUT_S = 10.0


@dataclass(frozen=True)
class Webhook:
    url: str
    format: str  # "json" or "slack"


def looks_like_slack(url: str) -> bool:
    return urlsplit(url).hostname in ("hooks.slack.com", "hooks.slack-gov.com")


def parse_webhooks(value: str) -> list[Webhook]:
    """``"slack=https://a, https://b"`` -> two webhooks; unknown prefixes are refused loudly."""
    hooks = []
    for item in (value or "").split(","):
        item = item.strip()
        if not item:
            continue
        fmt, sep, url = item.partition("=")
        if not sep or "://" in fmt:
            fmt, url = "", item
        fmt = fmt.strip().lower()
        if fmt and fmt not in FORMATS:
            raise ValueError(f"RECOVERY_WEBHOOKS: unknown format {fmt!r} (use slack= or json=)")
        url = url.strip()
        if urlsplit(url).scheme not in ("http", "https"):
            raise ValueError(f"RECOVERY_WEBHOOKS: {url!r} is not an http(s) URL")
        hooks.append(Webhook(url, fmt or ("slack" if looks_like_slack(url) else "json")))
    return hooks


def configured_webhooks() -> list[Webhook]:
    return parse_webhooks(getattr(settings, "RECOVERY_WEBHOOKS", "") or "")


def backoff_s(attempt: int, base: float | None = None) -> float:
    """Seconds to wait after failed attempt ``attempt`` (1-based): base, 2·base, 4·base…"""
    b = float(getattr(settings, "RECOVERY_WEBHOOK_BACKOFF_S", BACKOFF_BASE_S) if base is None else base)
    return b * 2 ** (attempt - 1)


def build_message(kind: str, *, cluster: str, text: str, incident: int | None, recommendation: int | None,
                  url: str | None, at: dt.datetime) -> dict[str, Any]:
    return {
        "kind": kind,
        "cluster": cluster,
        "incident": incident,
        "recommendation": recommendation,
        "text": text,
        "url": url,
        "at": at.astimezone(dt.UTC).isoformat(),
    }


def slack_escape(text: str) -> str:
    """Slack mrkdwn's three control characters: quoted text can then never be a
    ``<!channel>`` mention, a ``<@U…>`` ping or a disguised ``<https://evil|docs>`` link."""
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def payload(message: dict[str, Any], fmt: str) -> dict[str, Any]:
    """What goes on the wire: the message itself (json.dumps escapes it), or Slack's one-field form."""
    if fmt != "slack":
        return message
    title = {"awaiting_approval": "Awaiting approval", "escalation": "Escalation", "owner_notice": "Owner notified",
             "storm_breaker": "Storm breaker tripped"}
    kind = title.get(message["kind"], message["kind"])
    line = f"[{slack_escape(message['cluster'])}] {slack_escape(kind)}: {slack_escape(message['text'])}"
    if message.get("url"):
        url = slack_escape(message["url"]).replace("|", "%7C")
        line += f" <{url}|incident #{int(message['incident'])}>"
    return {"text": line}


def _incident_url(incident_id: int | None) -> str | None:
    base = (getattr(settings, "RECOVERY_BASE_URL", "") or "").rstrip("/")
    return f"{base}/incidents/{incident_id}/" if base and incident_id else None


def notify(kind: str, *, cluster: Any, incident: Any = None, recommendation: Any = None, text: str) -> int:
    """Queue one message per configured webhook, sent after commit. Returns how many were queued.

    ``cluster`` is a Cluster or its name; ``incident`` / ``recommendation`` objects or ids.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown notification kind {kind!r}")
    hooks = configured_webhooks()
    if not hooks:
        return 0
    inc_id = getattr(incident, "pk", incident)
    message = build_message(
        kind, cluster=getattr(cluster, "name", cluster) or "", text=text[:2000], incident=inc_id,
        recommendation=getattr(recommendation, "pk", recommendation), url=_incident_url(inc_id), at=timezone.now(),
    )
    for hook in hooks:
        transaction.on_commit(lambda h=hook: deliver_webhook.delay(h.url, h.format, message))
    return len(hooks)


def post(url: str, body: dict[str, Any]) -> tuple[int | None, str]:
    """POST JSON; (HTTP status or None when nothing answered, short reason)."""
    data = json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method="POST", headers={"Content-Type": "application/json", "User-Agent": "recovery-controller"})
    try:
        with urllib.request.urlopen(req, timeout=TIMEOUT_S) as resp:  # noqa: S310 - the scheme is checked when parsed
            return resp.status, "ok"
    except urllib.error.HTTPError as exc:
        return exc.code, exc.reason if isinstance(exc.reason, str) else str(exc.reason)
    except (urllib.error.URLError, OSError) as exc:
        return None, str(getattr(exc, "reason", exc))[:200]


def _redacted(url: str) -> str:
    """Webhook URLs carry their secret in the path (and maybe user:password@): the trail keeps scheme and host."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    host = f"[{host}]" if ":" in host else host
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{host}{port}/…"


def deliver_once(url: str, fmt: str, message: dict[str, Any], attempt: int) -> bool:
    """One attempt, audited whatever happens. True when the receiver said 2xx."""
    status, reason = post(url, payload(message, fmt))
    ok = status is not None and 200 <= status < 300
    append_audit(
        event=AuditEvent.EXECUTION,
        at=timezone.now(),
        cluster=message.get("cluster", ""),
        incident_id=message.get("incident"),
        recommendation_id=message.get("recommendation"),
        action=f"webhook {message['kind']}",
        outcome="delivered" if ok else "failed",
        detail={"http_status": status, "attempt": attempt, "max_attempts": MAX_ATTEMPTS, "format": fmt,
                "target": _redacted(url), "reason": "" if ok else reason},
    )
    return ok


@shared_task(name="actions.notify.deliver_webhook", bind=True, ignore_result=True, max_retries=MAX_ATTEMPTS - 1)
def deliver_webhook(self: Any, url: str, fmt: str, message: dict[str, Any]) -> bool:
    attempt = self.request.retries + 1
    if deliver_once(url, fmt, message, attempt):
        return True
    if attempt >= MAX_ATTEMPTS:
        return False  # given up; the failed records say so
    raise self.retry(countdown=backoff_s(attempt))
