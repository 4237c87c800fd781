"""When the controller cannot see a cluster: record why, and tell on-call once it is blind.

A failed tick keeps its error verbatim on the cluster's ControllerState (pages and the
API show it). Once no tick has succeeded for ``RECOVERY_BLIND_AFTER_S`` the escalation
webhooks are called directly from here — not through the queue, which may be the very
thing that is down — once per outage, each attempt audited by ``notify.deliver_once``.
"""

from __future__ import annotations

import datetime as dt
import logging

from actions.services import notify
from monitoring.controller_state import blind_since, note_tick_failed
from monitoring.models import Cluster, ControllerState

log = logging.getLogger(__name__)


def source_of(exc: BaseException) -> str:
    """Which part failed, in the operator's words."""
    name = f"{type(exc).__module__}.{type(exc).__name__}".lower()
    if "redis" in name or "kombu" in name:
        return "redis"
    if "slurm" in name or "transport" in name or "ssh" in name or "paramiko" in name:
        return "scheduler"
    if "psycopg" in name or "django.db" in name:
        return "database"
    return "tick"


def note_blind_tick(cluster_id: int, now: dt.datetime, exc: BaseException) -> None:
    cluster = Cluster.objects.get(pk=cluster_id)
    error = f"{type(exc).__name__}: {exc}"
    state = note_tick_failed(cluster, now, error, source_of(exc))
    since = blind_since(state, cluster, now)
    if since is None or state.blind_notified_at is not None:
        return
    claimed = ControllerState.objects.filter(pk=state.pk, blind_notified_at__isnull=True).update(
        blind_notified_at=now
    )
    if claimed:
        send_blind_notice(cluster, since, error, now)


def send_blind_notice(cluster: Cluster, since: dt.datetime, error: str, now: dt.datetime) -> int:
    text = f"controller blind on {cluster.name} since {since.isoformat(timespec='seconds')}: {error}"
    message = notify.build_message(
        "escalation",
        cluster=cluster.name,
        text=text[:2000],
        incident=None,
        recommendation=None,
        url=None,
        at=now,
    )
    sent = 0
    for hook in notify.configured_webhooks():
        try:
            sent += notify.deliver_once(hook.url, hook.format, message, 1)
        except Exception:  # a receiver that is down must not stop the tick from recording
            log.warning("blind notice to %s failed", hook.url, exc_info=True)
    return sent
