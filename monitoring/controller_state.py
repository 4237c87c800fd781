"""The controller's durable memory and its health, per cluster, in the database.

Redis holds only what may be lost (the pipeline's working memory, telemetry windows,
locks, queues). Collector offsets and cursors live here, so a Redis restarted empty
costs no re-read; and the tick records here when it last saw the cluster and what
each source last said, so operators know when the controller is blind.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Collection
from typing import Any

from django.conf import settings
from django.db import connection, transaction

from monitoring.models import Cluster, ControllerState
from monitoring.prepared import CLUSTER_ID, Prepared
from monitoring.redis_store import get_redis, key


def state_for(cluster: Cluster) -> ControllerState:
    obj, _ = ControllerState.objects.get_or_create(cluster=cluster)
    return obj


_TICK_START = Prepared(
    lambda cluster_id: ControllerState.objects.filter(cluster_id=cluster_id).values_list(
        "last_tick_at", "collector"
    )[:1],
    CLUSTER_ID,
)


def tick_start(cluster: Cluster) -> tuple[dt.datetime | None, dict[str, Any]]:
    """What a tick starts from, in one read: when the last tick finished, and the collector's cursors."""
    row = _TICK_START.first(cluster.pk)
    return (row[0], row[1] or {}) if row else (None, {})


def load_collector_state(cluster: Cluster, data: dict[str, Any] | None = None) -> dict[str, Any]:
    """Offsets and cursors from the database (once: from the Redis key older versions used).

    ``data``: the collector column already read this tick (:func:`tick_start`)."""
    if data is None:
        data = ControllerState.objects.filter(cluster=cluster).values_list("collector", flat=True).first()
    if data:
        return dict(data)
    try:
        raw = get_redis().get(key("collect", cluster.state_id))
    except Exception:  # Redis down: the database said nothing yet, start from the top of the files
        raw = None
    return json.loads(raw) if raw else {}


def save_collector_state(cluster: Cluster, data: dict[str, Any], unchanged: Collection[str] = ()) -> None:
    """The collector's offsets and cursors, whole; one UPDATE once the row exists (update_or_create
    locks, reads and writes it: issue 26).

    ``unchanged``: top-level keys whose value is what this tick read from the row (under the
    cluster's lock). On PostgreSQL they are not sent again: the other keys are merged into the row
    (``||``). The scheduler's snapshot of a 2,000-node cluster is ~100 kB of JSON that seldom
    changes; it was serialised, quoted and written every tick."""
    rest = {k: v for k, v in data.items() if k not in unchanged}
    if unchanged and connection.vendor == "postgresql" and len(rest) < len(data):
        table = connection.ops.quote_name(ControllerState._meta.db_table)
        with connection.cursor() as cur:
            cur.execute(
                f"UPDATE {table} SET collector = CASE WHEN jsonb_typeof(collector) = 'object' "  # noqa: S608 (name quoted, values bound)
                "THEN collector ELSE '{}'::jsonb END || %s::jsonb WHERE cluster_id = %s",
                [json.dumps(rest), cluster.pk],
            )
            if cur.rowcount == 1:
                return
    if not ControllerState.objects.filter(cluster=cluster).update(collector=data):
        ControllerState.objects.update_or_create(cluster=cluster, defaults={"collector": data})


def note_tick_ok(
    cluster: Cluster, now: dt.datetime, sources: dict[str, dict[str, Any]] | None = None
) -> None:
    """A tick that collected and analysed: the controller sees this cluster as of ``now``.

    Each source's entry is merged into what it said before (an error keeps the source's last
    ``ok_at``)."""
    if connection.vendor == "postgresql" and _tick_ok_in_one_statement(cluster, now, sources or {}):
        return
    _tick_ok_locked(cluster, now, sources)


def _tick_ok_locked(cluster: Cluster, now: dt.datetime, sources: dict[str, dict[str, Any]] | None) -> None:
    """:func:`note_tick_ok` on any database, and for the first tick (which creates the row)."""
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


def _tick_ok_in_one_statement(cluster: Cluster, now: dt.datetime, sources: dict[str, dict[str, Any]]) -> bool:
    """:func:`note_tick_ok` as one UPDATE, the sources merged by PostgreSQL (issue 26: the locked
    read and the write were two round trips every tick). False when the row does not exist yet."""
    obj = "CASE WHEN jsonb_typeof({0}) = 'object' THEN {0} ELSE '{{}}'::jsonb END"
    merged = obj.format("sources")
    params: list[Any] = [now, now]
    if sources:
        pair = "%s::text, " + obj.format("sources -> %s::text") + " || %s::jsonb"
        merged += " || jsonb_build_object(" + ", ".join([pair] * len(sources)) + ")"
        for name, info in sources.items():
            params += [name, name, name, json.dumps(info)]
    table = connection.ops.quote_name(ControllerState._meta.db_table)
    with connection.cursor() as cur:
        cur.execute(
            f"UPDATE {table} SET last_tick_at = %s, last_collected_at = %s, failing_since = NULL, "  # noqa: S608 (names quoted, values bound)
            f"blind_notified_at = NULL, sources = {merged} WHERE cluster_id = %s",
            [*params, cluster.pk],
        )
        return cur.rowcount == 1


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
