"""Webhook notifications: incidents awaiting approval, escalations, storm-breaker trips.

Configured by ``RECOVERY_WEBHOOKS``: comma-separated URLs, each optionally prefixed by
its format, ``slack=https://hooks.slack.com/services/…`` or ``json=https://…``. A
plain URL gets the generic JSON body, unless it is a Slack-style hooks URL, which gets
``{"text": …}`` (what Slack, Mattermost and most chat tools accept).

``notify`` only enqueues, after the surrounding transaction commits: a rolled-back
approval must not page anyone. A Celery task posts each webhook; a failure is retried
with exponential backoff, a bounded number of times, and every attempt — delivered or
failed, with its HTTP status — is an audit record, so "were we told?" has an answer.

Every message has a ``WebhookDelivery`` row, written with it before anything is sent, and
its key travels as the ``Idempotency-Key`` header (and ``delivery`` in the JSON body). The
delivery task claims the row before posting and marks it delivered after a 2xx, so two
tasks for one key never both post. On behalf of a recommendation the key is the message's
own (recommendation, kind, text, receiver): a notice the reconciler runs again after a
crash finds the row and sends nothing new. Any other message (an escalation after a failed
health check, a storm-breaker trip) gets a key of its own call: a delivery that a kill -9
left unacknowledged, handed out again by the broker, carries the same key, and the one
repeat a crash between the receiver's 2xx and our mark can cause is the receiver's to drop.

The row is also the outbox (issue 29): it keeps the JSON body and a fingerprint of the
receiver (sha256 of format + URL, never the URL, whose path is the receiver's secret), and
when the delivery task is next due. A message whose enqueue was lost — the process died
between the commit and the ``on_commit`` enqueue, or the broker came back empty — would
otherwise never go out: nothing re-runs an escalation or a storm-breaker trip. The beat's
``resend_undelivered`` enqueues again every row that is undelivered, not claimed (or its claim
is stale), not given up, and overdue by ``RECOVERY_WEBHOOK_RESEND_AFTER_S`` (longer than the
broker's visibility timeout, so a message a dead worker held is redelivered by the broker, not
enqueued twice), to the configured webhook with that fingerprint; a receiver removed from
``RECOVERY_WEBHOOKS`` since is sent nothing. A delivery whose last retry failed is marked given
up and never resent. Each resend is audited like the attempts. A duplicate enqueue (a broker
slower than the grace period) is harmless: the claim lets one of them post.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from actions.models import WebhookDelivery
from actions.services import paging
from actions.services.delivery import (
    MAX_ATTEMPTS,
    TIMEOUT_S,
    backoff_s,
    incident_url,
    post,
    redacted,
    resend_after_s,
)
from incidents.audit import append_audit
from incidents.choices import AuditEvent
from incidents.models import Incident
from incidents.silences import silence_for

__all__ = [
    "MAX_ATTEMPTS",
    "backoff_s",
    "deliver_once",
    "notify",
    "parse_webhooks",
    "payload",
    "post",
    "resend_after_s",
    "resend_undelivered",
]

KINDS = ("awaiting_approval", "escalation", "owner_notice", "storm_breaker")
FORMATS = ("json", "slack")
DELIVER = "actions.notify.deliver_webhook"  # the task's registered name (actions/tasks.py)


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


def build_message(
    kind: str,
    *,
    cluster: str,
    text: str,
    incident: int | None,
    recommendation: int | None,
    url: str | None,
    at: dt.datetime,
) -> dict[str, Any]:
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
    title = {
        "awaiting_approval": "Awaiting approval",
        "escalation": "Escalation",
        "owner_notice": "Owner notified",
        "storm_breaker": "Storm breaker tripped",
    }
    kind = title.get(message["kind"], message["kind"])
    line = f"[{slack_escape(message['cluster'])}] {slack_escape(kind)}: {slack_escape(message['text'])}"
    if message.get("url"):
        url = slack_escape(message["url"]).replace("|", "%7C")
        line += f" <{url}|incident #{int(message['incident'])}>"
    return {"text": line}


def notify(kind: str, *, cluster: Any, incident: Any = None, recommendation: Any = None, text: str) -> int:
    """Queue one message per configured webhook, sent after commit. Returns how many were queued.

    ``cluster`` is a Cluster or its name; ``incident`` / ``recommendation`` objects or ids.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown notification kind {kind!r}")
    if kind != "storm_breaker" and _silenced(incident):
        return 0  # a maintenance window pages nobody (a storm breaker trip is about the whole cluster)
    paging.on_notify(kind, getattr(incident, "pk", incident), text)  # PagerDuty / Alertmanager, by incident
    hooks = configured_webhooks()
    if not hooks:
        return 0
    inc_id = getattr(incident, "pk", incident)
    message = build_message(
        kind,
        cluster=getattr(cluster, "name", cluster) or "",
        text=text[:2000],
        incident=inc_id,
        recommendation=getattr(recommendation, "pk", recommendation),
        url=incident_url(inc_id),
        at=timezone.now(),
    )
    rec_id = message["recommendation"]
    queued = 0
    for hook in hooks:
        # Every message has its delivery row, written before the send: on behalf of a recommendation
        # its key is the message's own (a notice run again after a crash finds it); otherwise a key
        # of this one call, carried in the queued message, so a delivery the broker hands out again
        # after a kill -9 goes out with the same Idempotency-Key (the receiver drops the repeat).
        key = (
            delivery_key(rec_id, kind, message["text"], hook) if rec_id is not None else secrets.token_hex(20)
        )
        body = {**message, "delivery": key}
        now = message_at(message)
        row, created = WebhookDelivery.objects.get_or_create(
            key=key,
            defaults={
                "recommendation_id": rec_id,
                "kind": kind,
                "created_at": now,
                # the outbox: enough to send it again if the enqueue below is lost (no URL stored)
                "body": body,
                "receiver": receiver_fingerprint(hook),
                "due_at": now,
            },
        )
        if not created:
            if row.delivered_at is not None:
                continue  # told already (a notice run again after a crash): never twice
            # enqueued now, not the sweeper's; a notice run again asks for fresh retries
            WebhookDelivery.objects.filter(pk=row.pk).update(due_at=now, gave_up_at=None)
        transaction.on_commit(
            lambda h=hook, b=body: current_app.signature(DELIVER, args=(h.url, h.format, b)).delay()
        )
        queued += 1
    return queued


def delivery_key(rec_id: int, kind: str, text: str, hook: Webhook) -> str:
    """The idempotency key of one message for one recommendation to one receiver."""
    raw = "\x1f".join((str(rec_id), kind, text, hook.format, hook.url))
    return hashlib.sha256(raw.encode()).hexdigest()[:40]


def receiver_fingerprint(hook: Webhook) -> str:
    """Who a stored message is for, without the URL (its path is the receiver's secret)."""
    return hashlib.sha256(f"{hook.format}\x1f{hook.url}".encode()).hexdigest()


def message_at(message: dict[str, Any]) -> dt.datetime:
    return dt.datetime.fromisoformat(message["at"])


def _silenced(incident: Any) -> bool:
    if incident is None:
        return False
    if not isinstance(incident, Incident):
        incident = Incident.objects.filter(pk=incident).select_related("cluster").first()
        if incident is None:
            return False
    return silence_for(incident, timezone.now()) is not None


CLAIM_STALE_S = 2 * TIMEOUT_S + 5  # a claimer that died mid-post frees its row after this


def deliver_once(url: str, fmt: str, message: dict[str, Any], attempt: int) -> bool:
    """One attempt, audited whatever happens. True when the receiver said 2xx, or when the
    message was delivered (or is being delivered) by another attempt already."""
    key = message.get("delivery") or ""
    if key and not _claim(key):
        append_audit(
            event=AuditEvent.EXECUTION,
            at=timezone.now(),
            cluster=message.get("cluster", ""),
            incident_id=message.get("incident"),
            recommendation_id=message.get("recommendation"),
            action=f"webhook {message['kind']}",
            outcome="not sent again",
            detail={"attempt": attempt, "target": redacted(url), "reason": _why_not(key)},
        )
        return True
    status, reason = post(url, payload(message, fmt), idempotency_key=key)
    ok = status is not None and 200 <= status < 300
    if key:
        now = timezone.now()
        if ok:
            done: dict[str, Any] = {"delivered_at": now}
        elif attempt >= MAX_ATTEMPTS:
            done = {"claimed_at": None, "gave_up_at": now}  # the sweeper leaves it: failed is failed
        else:  # the task's retry runs after its backoff: the sweeper waits for it
            done = {"claimed_at": None, "due_at": now + dt.timedelta(seconds=backoff_s(attempt))}
        WebhookDelivery.objects.filter(key=key).update(**done)
    append_audit(
        event=AuditEvent.EXECUTION,
        at=timezone.now(),
        cluster=message.get("cluster", ""),
        incident_id=message.get("incident"),
        recommendation_id=message.get("recommendation"),
        action=f"webhook {message['kind']}",
        outcome="delivered" if ok else "failed",
        detail={
            "http_status": status,
            "attempt": attempt,
            "max_attempts": MAX_ATTEMPTS,
            "format": fmt,
            "target": redacted(url),
            "reason": "" if ok else reason,
        },
    )
    return ok


def _claim(key: str) -> bool:
    """Take the row for one posting (guarded update); False when delivered or another attempt holds it."""
    now = timezone.now()
    stale = now - dt.timedelta(seconds=CLAIM_STALE_S)
    if not WebhookDelivery.objects.filter(key=key).exists():
        return True  # no row (written before this feature): send as before
    return bool(
        WebhookDelivery.objects.filter(key=key, delivered_at__isnull=True)
        .filter(Q(claimed_at__isnull=True) | Q(claimed_at__lt=stale))
        .update(claimed_at=now, due_at=now)
    )


def _why_not(key: str) -> str:
    row = WebhookDelivery.objects.filter(key=key).first()
    if row is not None and row.delivered_at is not None:
        return f"already delivered at {row.delivered_at.isoformat()}"
    return "another attempt is sending it"


# ------------------------------------------------------------------ the outbox sweeper

RESEND = "actions.notify.resend_undelivered"  # the beat task's registered name (actions/tasks.py)


def resend_undelivered(now: dt.datetime, limit: int = 200) -> int:
    """Enqueue again every message whose delivery task never came (the outbox sweep; beat).

    A row is resent when it is undelivered, not given up, not claimed (or its claim is stale),
    and its delivery task was due more than ``resend_after_s()`` ago: the process died between
    the commit and the enqueue, or the broker lost the message. The claim in ``deliver_once``
    keeps a resend that races a late original from posting twice. Returns how many were enqueued.
    """
    hooks = {receiver_fingerprint(h): h for h in configured_webhooks()}
    overdue = now - dt.timedelta(seconds=resend_after_s())
    stale = now - dt.timedelta(seconds=CLAIM_STALE_S)
    waiting = (
        WebhookDelivery.objects.filter(
            delivered_at__isnull=True, gave_up_at__isnull=True, body__isnull=False, due_at__lt=overdue
        )
        .filter(Q(claimed_at__isnull=True) | Q(claimed_at__lt=stale))
        .order_by("due_at", "pk")[:limit]
    )
    sent = 0
    for row in waiting:
        body = dict(row.body or {})
        hook = hooks.get(row.receiver)
        with transaction.atomic():
            mine = WebhookDelivery.objects.filter(pk=row.pk, due_at=row.due_at, delivered_at__isnull=True)
            if hook is None:  # the receiver was removed from RECOVERY_WEBHOOKS: nobody to send it to
                if not mine.update(gave_up_at=now):
                    continue
                outcome, target = "not sent: receiver no longer configured", ""
            else:
                if not mine.update(due_at=now):  # another sweep took it
                    continue
                transaction.on_commit(
                    lambda h=hook, b=body: current_app.signature(DELIVER, args=(h.url, h.format, b)).delay()
                )
                outcome, target = "resent", redacted(hook.url)
                sent += 1
            append_audit(
                event=AuditEvent.EXECUTION,
                at=now,
                cluster=body.get("cluster", ""),
                incident_id=body.get("incident"),
                recommendation_id=body.get("recommendation"),
                action=f"webhook {row.kind}",
                outcome=outcome,
                detail={
                    "target": target,
                    "reason": f"undelivered, no delivery task since {row.due_at.isoformat() if row.due_at else '?'}",
                    "delivery": row.key,
                },
            )
    return sent
