"""The controller's durable memory and its health, per cluster, in the database.

Redis holds only what may be lost (the pipeline's working memory, telemetry windows,
locks, queues). Collector offsets and cursors live here, so a Redis restarted empty
costs no re-read; and the tick records here when it last saw the cluster and what
each source last said, so operators know when the controller is blind.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from django.conf import settings
from django.db import transaction

from monitoring.models import Cluster, ControllerState
from monitoring.redis_store import get_redis, key


def state_for(cluster: Cluster) -> ControllerState:
    obj, _ = ControllerState.objects.get_or_create(cluster=cluster)
    return obj


def load_collector_state(cluster: Cluster) -> dict[str, Any]:
    """Offsets and cursors from the database (once: from the Redis key older versions used)."""
    data = ControllerState.objects.filter(cluster=cluster).values_list("collector", flat=True).first()
    if data:
        return dict(data)
    try:
        raw = get_redis().get(key("collect", cluster.state_id))
    except Exception:  # Redis down: the database said nothing yet, start from the top of the files
        raw = None
    return json.loads(raw) if raw else {}


def save_collector_state(cluster: Cluster, data: dict[str, Any]) -> None:
    ControllerState.objects.update_or_create(cluster=cluster, defaults={"collector": data})


def note_tick_ok(
    cluster: Cluster, now: dt.datetime, sources: dict[str, dict[str, Any]] | None = None
) -> None:
    """A tick that collected and analysed: the controller sees this cluster as of ``now``."""
    with transaction.atomic():
        st = ControllerState.objects.select_for_update().filter(cluster=cluster).first() or state_for(cluster)
        st.last_tick_at = st.last_collected_at = now
        st.failing_since = None
        st.blind_notified_at = None
        merged = dict(st.sources or {})
        for name, info in (sources or {}).items():
            merged[name] = {**merged.get(name, {}), **info}
        st.sources = merged
        st.save(
            update_fields=[
                "last_tick_at",
                "last_collected_at",
                "failing_since",
                "blind_notified_at",
                "sources",
            ]
        )


def note_tick_failed(cluster: Cluster, now: dt.datetime, error: str, source: str = "tick") -> ControllerState:
    """A tick that could not see the cluster: keep the error verbatim and since when."""
    with transaction.atomic():
        st = ControllerState.objects.select_for_update().filter(cluster=cluster).first() or state_for(cluster)
        st.failing_since = st.failing_since or now
        st.last_error, st.last_error_at = error[:4000], now
        sources = dict(st.sources or {})
        sources[source] = {**sources.get(source, {}), "error": error[:2000], "error_at": now.isoformat()}
        st.sources = sources
        st.save(update_fields=["failing_since", "last_error", "last_error_at", "sources"])
    return st


def blind_since(st: ControllerState | None, cluster: Cluster, now: dt.datetime) -> dt.datetime | None:
    """Since when the controller has not seen this cluster, once that is past the threshold."""
    threshold = dt.timedelta(seconds=max(float(settings.RECOVERY_BLIND_AFTER_S), 3 * cluster.poll_interval_s))
    if st is None or st.last_tick_at is None:
        return (
            st.failing_since
            if st is not None and st.failing_since and now - st.failing_since > threshold
            else None
        )
    if now - st.last_tick_at > threshold:
        return st.last_tick_at
    return None


def health(cluster: Cluster, now: dt.datetime) -> dict[str, Any]:
    """The controller's view of one cluster, for pages and the API (plain data)."""
    st = ControllerState.objects.filter(cluster=cluster).first()
    since = blind_since(st, cluster, now)
    return {
        "last_tick_at": st.last_tick_at.isoformat() if st and st.last_tick_at else None,
        "last_collected_at": st.last_collected_at.isoformat() if st and st.last_collected_at else None,
        "lag_s": round((now - st.last_tick_at).total_seconds(), 1) if st and st.last_tick_at else None,
        "blind": since is not None,
        "blind_since": since.isoformat() if since else None,
        "failing_since": st.failing_since.isoformat() if st and st.failing_since else None,
        "last_error": st.last_error if st else "",
        "last_error_at": st.last_error_at.isoformat() if st and st.last_error_at else None,
        "sources": dict(st.sources or {}) if st else {},
    }
