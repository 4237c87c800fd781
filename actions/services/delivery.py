"""Sending one JSON body to one receiver, and what every sender shares: backoff, redaction, links.

A leaf both the webhooks (notify.py) and the pagers (paging.py) build on, so neither imports the other's internals.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings

MAX_ATTEMPTS = 5
BACKOFF_BASE_S = 10.0
TIMEOUT_S = 10.0


def backoff_s(attempt: int, base: float | None = None) -> float:
    """Seconds to wait after failed attempt ``attempt`` (1-based): base, 2·base, 4·base…"""
    b = float(getattr(settings, "RECOVERY_WEBHOOK_BACKOFF_S", BACKOFF_BASE_S) if base is None else base)
    return b * 2 ** (attempt - 1)


def resend_after_s() -> float:
    """How long a message (a webhook, a page) may wait for its delivery task before the outbox
    sweep enqueues it again (``RECOVERY_WEBHOOK_RESEND_AFTER_S``).

    Longer than the broker's visibility timeout: a message a killed worker held unacknowledged
    is redelivered by the broker by then, and the sweep does not enqueue it a second time.
    """
    default = float(settings.CELERY_BROKER_TRANSPORT_OPTIONS.get("visibility_timeout", 90)) + 30.0
    return float(getattr(settings, "RECOVERY_WEBHOOK_RESEND_AFTER_S", None) or max(120.0, default))


def post(url: str, body: dict[str, Any], idempotency_key: str = "") -> tuple[int | None, str]:
    """POST JSON; (HTTP status or None when nothing answered, short reason).

    ``idempotency_key`` goes out as the ``Idempotency-Key`` header: the same message sent
    again (a crash between the receiver's 2xx and our record of it) carries the same key.
    """
    data = json.dumps(body).encode()
    headers = {"Content-Type": "application/json", "User-Agent": "recovery-controller"}
    if idempotency_key:
        headers["Idempotency-Key"] = idempotency_key
    req = urllib.request.Request(url, data=data, method="POST", headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=TIMEOUT_S) as resp:  # noqa: S310 - the scheme is checked when parsed
            return resp.status, "ok"
    except urllib.error.HTTPError as exc:
        return exc.code, exc.reason if isinstance(exc.reason, str) else str(exc.reason)
    except (urllib.error.URLError, OSError) as exc:
        return None, str(getattr(exc, "reason", exc))[:200]


def redacted(url: str) -> str:
    """Webhook URLs carry their secret in the path (and maybe user:password@): the trail keeps scheme and host."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    host = f"[{host}]" if ":" in host else host
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{host}{port}/…"


def incident_url(incident_id: int | None) -> str | None:
    base = (getattr(settings, "RECOVERY_BASE_URL", "") or "").rstrip("/")
    return f"{base}/incidents/{incident_id}/" if base and incident_id else None
