"""Paging people when the audit trail fails its check (issue 25).

Incidents' pages (actions.services.paging) are keyed by incident, and a broken audit trail
has none, so it has a page of its own, an ``AuditPage`` row with its own ``dedup_key``:
``recovery/audit/<when the trail was first found broken>``, one per episode. The first failed
check after a good one (or none) triggers it; the hourly checks that find the trail still
broken send nothing new (and would carry the same key if they did, so PagerDuty and
Alertmanager keep one alert); the first good check resolves it. A trail that breaks again
later is a new episode and a new page.

Delivery is as for incidents: the same receivers (``RECOVERY_PAGERDUTY_ROUTING_KEY``,
``RECOVERY_ALERTMANAGER_WEBHOOKS``), after commit, a Celery task per receiver sending only
what it has not accepted yet, retried with backoff on 5xx, 429 or no answer, every attempt an
audit record (``page trigger`` / ``page resolve`` with the dedup key).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from typing import Any

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from actions.models import AuditPage
from actions.services.paging import (
    RESOLVED,
    TRIGGERED,
    Receiver,
    actions_to_send,
    iso,
    post_audited,
    receivers,
)

SYNC = "actions.paging.sync_audit_page"  # the task's registered name (actions/tasks.py)
SOURCE = "recovery-controller audit trail"


def dedup_key(broken_since: dt.datetime) -> str:
    return f"recovery/audit/{broken_since.astimezone(dt.UTC):%Y%m%dT%H%M%SZ}"


def _deliver(page: AuditPage, hooks: list[Receiver]) -> None:
    for hook in hooks:
        transaction.on_commit(lambda h=hook: current_app.signature(SYNC, args=(page.pk, h.id)).delay())


def trigger(report: Any, by: str, broken_since: dt.datetime | None, now: dt.datetime) -> bool:
    """Page about a newly failed check; False when no receiver is configured or it was paged already."""
    hooks = receivers()
    if not hooks:
        return False
    page, created = AuditPage.objects.get_or_create(
        dedup_key=dedup_key(broken_since or now),
        defaults={
            "state": TRIGGERED,
            "summary": f"audit trail verification FAILED ({by}): {report.problem}"[:1024],
            "detail": {
                "problem": report.problem,
                "broken_seq": report.broken_seq,
                "checked": report.checked,
                "witnessed": report.witnessed,
                "by": by,
            },
            "opened_at": broken_since or now,
            "updated_at": now,
        },
    )
    if not created:
        return False  # this episode was paged already: one page, however many checks find it
    _deliver(page, hooks)
    return True


def resolve(now: dt.datetime) -> int:
    """The trail holds again: resolve every audit page still open."""
    hooks = receivers()
    count = 0
    for page in AuditPage.objects.filter(state=TRIGGERED):
        if AuditPage.objects.filter(pk=page.pk, state=TRIGGERED).update(state=RESOLVED, updated_at=now):
            _deliver(page, hooks)
            count += 1
    return count


# ------------------------------------------------------------------ the wire


def pagerduty_body(page: AuditPage, action: str) -> dict[str, Any]:
    body: dict[str, Any] = {
        "routing_key": settings.RECOVERY_PAGERDUTY_ROUTING_KEY,
        "event_action": action,
        "dedup_key": page.dedup_key,
    }
    if action == "trigger":
        body["payload"] = {
            "summary": page.summary,
            "source": SOURCE,
            "severity": "critical",
            "component": "audit trail",
            "group": "audit",
            "class": "audit_chain_broken",
            "timestamp": iso(page.opened_at),
            "custom_details": page.detail,
        }
        url = audit_url()
        if url:
            body["links"] = [{"href": url, "text": "audit trail"}]
    return body


def alertmanager_body(page: AuditPage, action: str) -> dict[str, Any]:
    labels = {"alertname": "RecoveryAuditTrailBroken", "severity": "critical", "component": "audit"}
    status = "resolved" if action == "resolve" else "firing"
    alert = {
        "status": status,
        "labels": labels,
        "annotations": {"summary": page.summary, "problem": str(page.detail.get("problem", ""))},
        "startsAt": iso(page.opened_at),
        "endsAt": iso(page.updated_at) if status == "resolved" else "0001-01-01T00:00:00Z",
        "generatorURL": audit_url() or "",
        "fingerprint": hashlib.sha256(page.dedup_key.encode()).hexdigest()[:16],
    }
    return {
        "version": "4",
        "groupKey": page.dedup_key,
        "truncatedAlerts": 0,
        "status": status,
        "receiver": "recovery-controller",
        "groupLabels": {"alertname": labels["alertname"]},
        "commonLabels": labels,
        "commonAnnotations": alert["annotations"],
        "externalURL": (getattr(settings, "RECOVERY_BASE_URL", "") or ""),
        "alerts": [alert],
    }


def audit_url() -> str | None:
    base = (getattr(settings, "RECOVERY_BASE_URL", "") or "").rstrip("/")
    return f"{base}/audit/" if base else None


def send_one(page: AuditPage, hook: Receiver, action: str, attempt: int) -> tuple[bool, bool]:
    """One attempt, audited. (accepted, worth retrying)."""
    now = timezone.now()
    body = pagerduty_body(page, action) if hook.format == "pagerduty" else alertmanager_body(page, action)
    return post_audited(hook, body, action, attempt, page.dedup_key, now, cluster="audit")


def sync_once(page_id: int, receiver_id: str, attempt: int) -> str:
    """Send one receiver what it has not accepted yet of this audit page. "done", "retry" or "failed"."""
    hook = next((r for r in receivers() if r.id == receiver_id), None)
    page = AuditPage.objects.filter(pk=page_id).first()
    if hook is None or page is None:
        return "done"
    for action in actions_to_send(page.sent.get(receiver_id), page.state, hook.format):
        ok, retry = send_one(page, hook, action, attempt)
        if not ok:
            return "retry" if retry else "failed"
        with transaction.atomic():
            row = AuditPage.objects.select_for_update().get(pk=page.pk)
            row.sent = {**row.sent, receiver_id: action}
            row.save(update_fields=["sent"])
            page.sent = row.sent
    return "done"
