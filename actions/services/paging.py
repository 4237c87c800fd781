"""Paging that follows the incident's life: PagerDuty Events v2 and Alertmanager-style webhooks.

An incident that needs people (a recommendation awaiting approval, an escalation, a storm
breaker trip) is *triggered*; an operator looking at it *acknowledges* it; recovered or
dismissed, it is *resolved*. One ``dedup_key`` per incident (``recovery/<cluster>/<id>``)
ties the three together in PagerDuty, so an incident is one page, never three.

The wish lives in a ``PageState`` row written in the caller's transaction; a Celery task
per receiver sends only what that receiver has not accepted yet, in order (trigger before
acknowledge before resolve), retried with exponential backoff on 5xx, 429 or no answer,
never on another 4xx (the receiver said the message itself is wrong). Every attempt is an
audit record (``page trigger`` / ``page acknowledge`` / ``page resolve``). Duplicates are
harmless: PagerDuty and Alertmanager receivers deduplicate by key.

The row is also the outbox (issue 29): ``due_at`` says when a sync task should next run (set
with the wish, at each sync's start, pushed back by a retry's backoff), ``gave_up`` which state
each receiver's retries were spent on (or it refused with a 4xx). The beat's
``resend_unsynced`` enqueues the sync again for a page overdue by
``RECOVERY_WEBHOOK_RESEND_AFTER_S`` whose configured receivers still lack its state and have
not given up on it — the process died between the commit and the enqueue, or the broker came
back empty — each resend audited (``page <action>``, outcome ``resent``). Receivers are those
configured now: one removed since is sent nothing; a page with nothing owed leaves the sweep.

Receivers: ``RECOVERY_PAGERDUTY_ROUTING_KEY`` (+ ``RECOVERY_PAGERDUTY_URL``, PagerDuty's
own by default) and ``RECOVERY_ALERTMANAGER_WEBHOOKS`` (comma-separated URLs receiving
Alertmanager's webhook body, version 4: what tools built for Alertmanager accept).
Alertmanager has no acknowledge; such receivers see firing, then resolved.

The existing generic JSON and Slack webhooks (actions/services/notify.py) are unchanged beside these.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from actions.models import PageState, Recommendation
from actions.services.delivery import MAX_ATTEMPTS, backoff_s, incident_url, post, redacted, resend_after_s
from incidents.audit import append_audit
from incidents.choices import AuditEvent, IncidentStatus
from incidents.models import Incident

SYNC = "actions.paging.sync_page"  # the task's registered name (actions/tasks.py)

TRIGGERED, ACKNOWLEDGED, RESOLVED = "triggered", "acknowledged", "resolved"
PAGING_KINDS = (
    "awaiting_approval",
    "escalation",
    "storm_breaker",
)  # what wakes someone; owner notices do not
CLOSED = (IncidentStatus.RECOVERED, IncidentStatus.DISMISSED)
ACTION_OF = {TRIGGERED: "trigger", ACKNOWLEDGED: "acknowledge", RESOLVED: "resolve"}


@dataclass(frozen=True)
class Receiver:
    id: str  # stable name in PageState.sent
    format: str  # "pagerduty" or "alertmanager"
    url: str


def receivers() -> list[Receiver]:
    out = []
    if getattr(settings, "RECOVERY_PAGERDUTY_ROUTING_KEY", ""):
        out.append(Receiver("pagerduty", "pagerduty", settings.RECOVERY_PAGERDUTY_URL))
    for url in getattr(settings, "RECOVERY_ALERTMANAGER_WEBHOOKS", []) or []:
        if urlsplit(url).scheme not in ("http", "https"):
            raise ValueError(f"RECOVERY_ALERTMANAGER_WEBHOOKS: {url!r} is not an http(s) URL")
        out.append(
            Receiver("alertmanager:" + hashlib.sha256(url.encode()).hexdigest()[:10], "alertmanager", url)
        )
    return out


def dedup_key(incident: Incident) -> str:
    return f"recovery/{incident.cluster.name}/{incident.pk}"


def actions_to_send(sent: str | None, wanted: str, fmt: str) -> list[str]:
    """What a receiver that last accepted ``sent`` must be told to show ``wanted`` (pure).

    Nothing is resolved that was never triggered; an acknowledge is skipped where the
    format has none (Alertmanager).
    """
    live = sent in ("trigger", "acknowledge")
    if wanted == RESOLVED:
        return ["resolve"] if live else []
    steps = [] if live else ["trigger"]
    if wanted == ACKNOWLEDGED and sent != "acknowledge" and fmt == "pagerduty":
        steps.append("acknowledge")
    return steps


# ------------------------------------------------------------------ the verbs


def _set_state(
    incident: Incident, state: str, summary: str, now: dt.datetime, allowed_from: tuple[str, ...] | None
) -> bool:
    """Record the wish and schedule delivery after commit; False when there was nothing to change."""
    hooks = receivers()
    if not hooks or incident.pk is None:
        return False
    row, created = PageState.objects.get_or_create(
        incident=incident,
        defaults={
            "dedup_key": dedup_key(incident),
            "state": state,
            "summary": summary[:1024],
            "updated_at": now,
            "due_at": timezone.now(),  # the outbox: the sweep sends it if the enqueue below is lost
        },
    )
    if not created:
        if row.state == state or (allowed_from is not None and row.state not in allowed_from):
            return False
        # a new wish: due now, and every receiver's retries fresh (a page triggered again after a
        # resolve is sent even where the last episode's trigger was given up)
        fields: dict[str, Any] = {"state": state, "updated_at": now, "due_at": timezone.now(), "gave_up": {}}
        if summary:
            fields["summary"] = summary[:1024]
        if not PageState.objects.filter(pk=row.pk, state=row.state).update(**fields):
            return False  # another worker changed it first; its delivery carries the news
    for hook in hooks:
        transaction.on_commit(lambda h=hook: current_app.signature(SYNC, args=(incident.pk, h.id)).delay())
    return True


def trigger(incident: Incident, summary: str, now: dt.datetime) -> bool:
    """Page people about this incident (again, if it was resolved and came back)."""
    return _set_state(incident, TRIGGERED, summary, now, allowed_from=(RESOLVED,))


def acknowledge(incident: Incident, user: Any, now: dt.datetime) -> bool:
    """An operator is on it: PagerDuty stops escalating. Only a triggered page is acknowledged."""
    done = _set_state(incident, ACKNOWLEDGED, "", now, allowed_from=(TRIGGERED,))
    if done:
        append_audit(
            event=AuditEvent.PAGE,
            at=now,
            actor=getattr(user, "username", None),
            cluster=incident.cluster.name,
            incident_id=incident.pk,
            action="page acknowledged",
            outcome=ACKNOWLEDGED,
        )
    return done


def resolve(incident: Incident, now: dt.datetime) -> bool:
    return _set_state(incident, RESOLVED, "", now, allowed_from=(TRIGGERED, ACKNOWLEDGED))


def carry_page(duplicate: Incident, target: Incident, now: dt.datetime) -> bool:
    """A merged duplicate's page becomes its incident's, so one root cause pages people once: the
    incident's own trigger then finds it already paged. When the incident has a page of its own, the
    duplicate's page is resolved at once (not left live until the sweep): one live page per root cause."""
    if PageState.objects.filter(incident=target).exists():
        resolve(duplicate, now)
        return False
    if not PageState.objects.filter(incident=duplicate, state__in=(TRIGGERED, ACKNOWLEDGED)).update(
        incident=target, due_at=timezone.now()
    ):
        return False
    append_audit(
        event=AuditEvent.PAGE,
        at=now,
        cluster=target.cluster.name,
        incident_id=target.pk,
        action=f"page of incident #{duplicate.pk} carried over",
        outcome="merged",
    )
    for hook in receivers():  # a delivery the duplicate's row still owed goes out under the incident
        transaction.on_commit(lambda h=hook: current_app.signature(SYNC, args=(target.pk, h.id)).delay())
    return True


def on_notify(kind: str, incident_id: int | None, text: str) -> bool:
    """Hook from actions.services.notify.notify: the notifications that need a person trigger a page."""
    if kind not in PAGING_KINDS or incident_id is None or not receivers():
        return False
    incident = Incident.objects.select_related("cluster").filter(pk=incident_id).first()
    if incident is None or incident.status in CLOSED:
        return False
    return trigger(incident, text, timezone.now())


def resolve_closed(now: dt.datetime) -> int:
    """Resolve the pages of incidents that were recovered or dismissed since (periodic, idempotent).

    One sweep covers every way an incident closes (verification, dismissal, merge) without
    each of them knowing about pagers.
    """
    open_pages = PageState.objects.filter(state__in=(TRIGGERED, ACKNOWLEDGED), incident__status__in=CLOSED)
    return sum(resolve(p.incident, now) for p in open_pages.select_related("incident__cluster"))


def acknowledge_decided(now: dt.datetime) -> int:
    """An operator who acknowledged the incident, or approved or rejected one of its recommendations, has
    seen it: acknowledge the page for them (periodic, idempotent), so nobody else is woken for it."""
    count = 0
    for page in PageState.objects.filter(state=TRIGGERED).select_related("incident__cluster"):
        decided = (
            Recommendation.objects.filter(
                incident_id=page.pk, decided_by__isnull=False, decided_at__gte=page.updated_at
            )
            .select_related("decided_by")
            .order_by("decided_at")
            .first()
        )
        if decided is not None:
            count += acknowledge(page.incident, decided.decided_by, now)
        elif (
            page.incident.acknowledged_by
            and page.incident.acknowledged_at
            and page.incident.acknowledged_at >= page.updated_at
        ):
            # Acknowledged on the incident itself (page or API): the pager hears it too.
            count += acknowledge(page.incident, _Named(page.incident.acknowledged_by), now)
    return count


@dataclass(frozen=True)
class _Named:
    """Who acknowledged, as the audit trail names them (the incident keeps only the name)."""

    username: str


def follow_lifecycle(now: dt.datetime) -> tuple[int, int]:
    """(acknowledged, resolved): the periodic sweep that keeps pagers in step with incidents."""
    return acknowledge_decided(now), resolve_closed(now)


# ------------------------------------------------------------------ the wire


def iso(at: dt.datetime) -> str:
    return at.astimezone(dt.UTC).isoformat().replace("+00:00", "Z")


def pagerduty_body(page: PageState, incident: Incident, action: str) -> dict[str, Any]:
    body: dict[str, Any] = {
        "routing_key": settings.RECOVERY_PAGERDUTY_ROUTING_KEY,
        "event_action": action,
        "dedup_key": page.dedup_key,
    }
    if action == "trigger":
        body["payload"] = {
            "summary": (page.summary or incident.blamed)[:1024],
            "source": incident.cluster.name,
            "severity": "critical" if incident.status == IncidentStatus.ESCALATED else "error",
            "component": incident.culprit_node or None,
            "group": incident.category,
            "class": incident.pattern or None,
            "timestamp": iso(incident.detected_at),
            "custom_details": {
                "incident": incident.pk,
                "status": incident.status,
                "jobs": list(incident.jobs or []),
                "confidence": round(incident.confidence, 3),
            },
        }
        url = incident_url(incident.pk)
        if url:
            body["links"] = [{"href": url, "text": f"incident #{incident.pk}"}]
    return body


def alertmanager_body(page: PageState, incident: Incident, action: str, now: dt.datetime) -> dict[str, Any]:
    """Alertmanager's webhook message (version 4), one alert per incident."""
    labels = {
        "alertname": "RecoveryIncident",
        "cluster": incident.cluster.name,
        "category": incident.category,
        "severity": "critical" if incident.status == IncidentStatus.ESCALATED else "error",
        "incident": str(incident.pk),
    }
    status = "resolved" if action == "resolve" else "firing"
    alert = {
        "status": status,
        "labels": labels,
        "annotations": {
            "summary": page.summary or incident.blamed,
            "culprit": incident.culprit_label,
        },
        "startsAt": iso(incident.detected_at),
        "endsAt": iso(incident.resolved_at or now) if status == "resolved" else "0001-01-01T00:00:00Z",
        "generatorURL": incident_url(incident.pk) or "",
        "fingerprint": hashlib.sha256(page.dedup_key.encode()).hexdigest()[:16],
    }
    return {
        "version": "4",
        "groupKey": page.dedup_key,
        "truncatedAlerts": 0,
        "status": status,
        "receiver": "recovery-controller",
        "groupLabels": {"incident": str(incident.pk)},
        "commonLabels": labels,
        "commonAnnotations": alert["annotations"],
        "externalURL": (getattr(settings, "RECOVERY_BASE_URL", "") or ""),
        "alerts": [alert],
    }


def _receiver(receiver_id: str) -> Receiver | None:
    return next((r for r in receivers() if r.id == receiver_id), None)


def send_one(
    page: PageState, incident: Incident, hook: Receiver, action: str, attempt: int
) -> tuple[bool, bool]:
    """One attempt, audited. (accepted, worth retrying)."""
    now = timezone.now()
    body = (
        pagerduty_body(page, incident, action)
        if hook.format == "pagerduty"
        else alertmanager_body(page, incident, action, now)
    )
    return post_audited(
        hook,
        body,
        action,
        attempt,
        page.dedup_key,
        now,
        cluster=incident.cluster.name,
        node=incident.culprit_node,
        incident_id=incident.pk,
    )


def post_audited(
    hook: Receiver, body: dict[str, Any], action: str, attempt: int, key: str, now: dt.datetime, **where: Any
) -> tuple[bool, bool]:
    """One delivery attempt of a page (an incident's or the audit trail's) and its audit record, where
    ``where`` places it (cluster, node, incident). (accepted, worth retrying)."""
    status, reason = post(hook.url, body)
    ok = status is not None and 200 <= status < 300
    retry = not ok and (status is None or status == 429 or status >= 500)
    append_audit(
        event=AuditEvent.EXECUTION,
        at=now,
        action=f"page {action}",
        outcome="delivered" if ok else "failed",
        detail={
            "format": hook.format,
            "http_status": status,
            "attempt": attempt,
            "max_attempts": MAX_ATTEMPTS,
            "dedup_key": key,
            "target": redacted(hook.url),
            "reason": "" if ok else reason,
        },
        **where,
    )
    return ok, retry


def sync_once(incident_id: int, receiver_id: str, attempt: int) -> str:
    """Send one receiver what it has not accepted yet. "done", "retry" or "failed"."""
    hook = _receiver(receiver_id)
    page = PageState.objects.select_related("incident__cluster").filter(pk=incident_id).first()
    if hook is None or page is None:
        return "done"  # unconfigured since, or the incident is gone
    PageState.objects.filter(pk=page.pk, due_at__isnull=False).update(due_at=timezone.now())  # running
    for action in actions_to_send(page.sent.get(receiver_id), page.state, hook.format):
        ok, retry = send_one(page, page.incident, hook, action, attempt)
        if not ok:
            if retry and attempt < MAX_ATTEMPTS:  # the task's retry comes after its backoff: the sweep waits
                due = timezone.now() + dt.timedelta(seconds=backoff_s(attempt))
                PageState.objects.filter(pk=page.pk).update(due_at=due)
            else:  # retries spent, or the receiver refused it: the sweep does not send this state again
                with transaction.atomic():
                    row = PageState.objects.select_for_update().get(pk=page.pk)
                    row.gave_up = {**row.gave_up, receiver_id: page.state}
                    row.save(update_fields=["gave_up"])
            return "retry" if retry else "failed"
        with transaction.atomic():
            row = PageState.objects.select_for_update().get(pk=page.pk)
            row.sent = {**row.sent, receiver_id: action}
            row.save(update_fields=["sent"])
            page.sent = row.sent
    return "done"


# ------------------------------------------------------------------ the outbox sweep


def resend_unsynced(now: dt.datetime, limit: int = 200) -> int:
    """Enqueue again the sync of every page a receiver was not told about (beat; issue 29).

    The wish is written in the caller's transaction and its sync task enqueued after the commit:
    a process that dies in between, or a broker that comes back empty, would leave the page
    never sent. A page overdue by ``resend_after_s()`` (longer than the broker's visibility
    timeout) whose configured receivers still lack its state, and have not given up on it, is
    enqueued again, each resend audited. A page with nothing owed leaves the sweep (``due_at``
    cleared) until its state changes. Returns how many syncs were enqueued.
    """
    hooks = receivers()
    overdue = now - dt.timedelta(seconds=resend_after_s())
    pages = (
        PageState.objects.filter(due_at__lt=overdue).select_related("incident__cluster").order_by("due_at")
    )
    enqueued = 0
    for page in pages[:limit]:
        owed = [
            (hook, steps[0])
            for hook in hooks
            if (steps := actions_to_send(page.sent.get(hook.id), page.state, hook.format))
            and page.gave_up.get(hook.id) != page.state
        ]
        with transaction.atomic():
            mine = PageState.objects.filter(pk=page.pk, due_at=page.due_at, state=page.state)
            if not mine.update(due_at=now if owed else None):
                continue  # changed since it was read: its own sync carries the news
            for hook, action in owed:
                transaction.on_commit(
                    lambda h=hook, p=page.pk: current_app.signature(SYNC, args=(p, h.id)).delay()
                )
                append_audit(
                    event=AuditEvent.EXECUTION,
                    at=now,
                    cluster=page.incident.cluster.name,
                    node=page.incident.culprit_node,
                    incident_id=page.pk,
                    action=f"page {action}",
                    outcome="resent",
                    detail={
                        "format": hook.format,
                        "dedup_key": page.dedup_key,
                        "target": redacted(hook.url),
                        "reason": f"not synced since {page.due_at.isoformat() if page.due_at else '?'}",
                    },
                )
                enqueued += 1
    return enqueued
