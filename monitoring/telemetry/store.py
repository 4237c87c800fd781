"""Where GPU samples go after the analyser tick: the Redis window, the Gpu rows, the minute rollups.

Three stores with three costs. Every sample goes to the Redis window (set-like,
bounded: charts and peer comparisons read it). The database is touched far less:
each Gpu row keeps the newest sample for the node page and the API, rewritten at
most once a minute per node; and one ``GpuMinute`` row per GPU and minute is
what survives the window's hour, for charts of older incidents.

A 1,000-node cluster would rewrite all 8,000 Gpu rows in the same tick if every
node's "minute" began at :00. Each node gets its own phase inside the minute
(a hash of its name), so the writes spread evenly over the minute instead.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import zlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.conf import settings
from django.db import connection
from django.db.models import Subquery

from monitoring.models import Cluster, Gpu, GpuMinute
from monitoring.redis_store import get_redis
from monitoring.telemetry import fields as F
from monitoring.telemetry.window import TelemetryWindow, by_gpu_minute

# Rollups re-read up to this many minutes back after a pause (the window keeps one hour).
MAX_CATCH_UP_MINUTES = 55
PRUNE_BATCH = 20_000


def telemetry_window(redis: Any = None) -> TelemetryWindow:
    """The cluster windows under this deployment's (or this test's) Redis key prefix."""
    prefix = getattr(settings, "RECOVERY_REDIS_PREFIX", "recovery")
    return TelemetryWindow(redis if redis is not None else get_redis(), prefix=prefix)


def _epoch(t: float) -> dt.datetime:
    return dt.datetime.fromtimestamp(t, tz=dt.UTC)


# --- the tick's samples ------------------------------------------------------------------


def record_samples(cluster: Cluster, events: Iterable[Mapping[str, Any]], now: dt.datetime) -> int:
    """Store the tick's ``gpu`` events (others are ignored); returns how many samples were stored.

    Safe to call twice with the same events: the window ignores a sample it holds.
    """
    samples = [ev for ev in events if ev.get("source") == "gpu"]
    if not samples:
        return 0
    window = telemetry_window()
    stored = window.add(cluster.name, samples)
    newest = newest_per_gpu(samples)
    _note_alarms(window, cluster.name, newest)
    _refresh_gpu_rows(window, cluster, newest, now.timestamp())
    return stored


def node_phase_s(node: str) -> int:
    """A node's fixed offset inside the minute, 0–59 s (stable across processes, unlike hash())."""
    return zlib.crc32(node.encode()) % 60


def row_minute(node: str, t: float) -> int:
    """Which of the node's own minutes ``t`` falls in; its Gpu rows are rewritten when this changes."""
    return int((t + node_phase_s(node)) // 60)


def newest_per_gpu(
    samples: Iterable[Mapping[str, Any]],
) -> dict[tuple[str, int], tuple[float, dict[str, Any]]]:
    """The latest ``(t, fields)`` of each GPU among ``samples`` (events in any order)."""
    newest: dict[tuple[str, int], tuple[float, dict[str, Any]]] = {}
    for ev in samples:
        node, gpu, t = ev.get("node"), ev.get("gpu"), ev.get("t")
        if not isinstance(node, str) or not isinstance(gpu, int) or not isinstance(t, int | float):
            continue
        if (node, gpu) not in newest or t >= newest[(node, gpu)][0]:
            fields = {F.canonical_field(k): v for k, v in (ev.get("fields") or {}).items() if _finite(v)}
            newest[(node, gpu)] = (float(t), fields)
    return newest


def _finite(value: Any) -> bool:
    """Numbers JSON (and PostgreSQL's jsonb) can hold: no NaN or infinity from a broken sensor."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _rows_key(window: TelemetryWindow, cluster: str) -> str:
    return f"{window.prefix}:tw:{cluster}:row-minute"


Newest = dict[tuple[str, int], tuple[float, dict[str, Any]]]


def _refresh_gpu_rows(window: TelemetryWindow, cluster: Cluster, newest: Newest, now: float) -> int:
    """Write ``Gpu.last_sample``/``last_sample_at`` for the nodes whose own minute turned; one UPDATE."""
    nodes = sorted({node for node, _ in newest})
    if not nodes:
        return 0
    key = _rows_key(window, cluster.name)
    written = window.redis.hmget(key, nodes)
    minute = {n: row_minute(n, now) for n in nodes}
    due = [n for n, w in zip(nodes, written, strict=True) if w is None or int(w) != minute[n]]
    if not due:
        return 0
    rows = Gpu.objects.filter(node__cluster=cluster, node__name__in=due).values_list(
        "pk", "node__name", "index"
    )
    changed = [(pk, *newest[(n, i)]) for pk, n, i in rows if (n, i) in newest]
    write_last_samples(changed)
    pipe = window.redis.pipeline(transaction=False)
    pipe.hset(key, mapping={n: minute[n] for n in due})
    pipe.expire(key, 3600)
    pipe.execute()
    return len(changed)


def write_last_samples(rows: Sequence[tuple[int, float, dict[str, Any]]], chunk: int = 5000) -> None:
    """Set ``last_sample``/``last_sample_at`` of many Gpu rows: ``(pk, t, fields)``.

    On PostgreSQL one ``UPDATE … FROM jsonb_to_recordset(%s)`` per chunk, the rows sent as
    ONE JSON parameter: Django's bulk_update builds a CASE per row and field (~1 ms a row
    in Python), and even ``VALUES`` with three parameters a row cost ~30 µs a row to
    adapt, 100 ms for a 2,000-node tick whose GPUs all reported. Elsewhere (the SQLite
    demo) bulk_update is fast enough.
    """
    if connection.vendor != "postgresql":
        objs = [
            Gpu(pk=pk, last_sample=fields, last_sample_at=_epoch(t), field_names=field_names_of(fields))
            for pk, t, fields in rows
        ]
        Gpu.objects.bulk_update(objs, ["last_sample", "last_sample_at", "field_names"], batch_size=500)
        return
    table = connection.ops.quote_name(Gpu._meta.db_table)
    with connection.cursor() as cur:
        for i in range(0, len(rows), chunk):
            payload = json.dumps(
                [[pk, t, fields, field_names_of(fields)] for pk, t, fields in rows[i : i + chunk]]
            )
            cur.execute(
                f"UPDATE {table} AS g SET last_sample = v.r->2, last_sample_at = to_timestamp((v.r->>1)::float8), "
                "field_names = v.r->>3 "
                "FROM (SELECT jsonb_array_elements(%s::jsonb) AS r) AS v WHERE g.id = (v.r->>0)::bigint",
                [payload],
            )


def field_names_of(fields: dict[str, Any]) -> str:
    """What ``Gpu.field_names`` holds for a sample: its names, sorted, comma-joined."""
    return ",".join(sorted(fields)) if isinstance(fields, dict) else ""


# --- minute rollups ----------------------------------------------------------------------


def rollup_cluster(cluster: Cluster, minute_start: dt.datetime) -> int:
    """Write (or rewrite) one ``GpuMinute`` per GPU for the minute starting at ``minute_start``.

    Idempotent: rolling a minute again — with a late sample now in the window —
    replaces the row's stats. GPUs the database does not know are skipped.
    """
    start = minute_start.timestamp()
    rows = by_gpu_minute(telemetry_window().rollup(cluster.name, start - start % 60))
    if not rows:
        return 0
    ids = {
        (n, i): pk
        for pk, n, i in Gpu.objects.filter(node__cluster=cluster).values_list("pk", "node__name", "index")
    }
    objs = [
        GpuMinute(gpu_id=ids[(r.node, r.gpu)], minute=_epoch(r.minute_start), stats=r.stats)
        for r in rows
        if (r.node, r.gpu) in ids
    ]
    GpuMinute.objects.bulk_create(
        objs, update_conflicts=True, unique_fields=["gpu", "minute"], update_fields=["stats"], batch_size=1000
    )
    return len(objs)


def minutes_to_roll(
    last_rolled: float | None, now: float, max_back: int = MAX_CATCH_UP_MINUTES
) -> list[float]:
    """Minute starts (epoch s) to roll up now: every complete minute since the last one rolled.

    The last minute rolled is rolled once more, because a sample collected just
    before :00 reaches the window only with the next tick. After a long pause,
    only what the window can still hold is tried. Pure.
    """
    last_complete = now - now % 60 - 60
    first = last_complete - 60 if last_rolled is None else min(last_rolled, last_complete)
    first = max(first, last_complete - 60 * (max_back - 1))
    return [first + 60 * k for k in range(int((last_complete - first) // 60) + 1)]


def roll_up_recent(cluster: Cluster, now: dt.datetime) -> int:
    """Roll up the complete minutes this cluster has not had rolled up yet; returns rows written."""
    window = telemetry_window()
    marker = f"{window.prefix}:tw:{cluster.name}:rolled"
    raw = window.redis.get(marker)
    minutes = minutes_to_roll(float(raw) if raw is not None else None, now.timestamp())
    written = sum(rollup_cluster(cluster, _epoch(m)) for m in minutes)
    window.redis.set(marker, minutes[-1], ex=2 * 3600)
    return written


def prune_rollups(before: dt.datetime, batch: int = PRUNE_BATCH) -> int:
    """Delete rollups of minutes before ``before``, in batches so no statement holds locks for long."""
    deleted = 0
    while True:
        ids = GpuMinute.objects.filter(minute__lt=before).values("pk")[:batch]
        n, _ = GpuMinute.objects.filter(pk__in=Subquery(ids)).delete()
        deleted += n
        if n < batch:
            return deleted


# --- live health hint ----------------------------------------------------------------------


def gpu_alarm(fields: Mapping[str, Any]) -> str:
    """``"ecc"`` (broken memory), ``"throttled"`` (a slowdown reason set) or ``""`` for one sample."""
    dbe = fields.get(F.ECC_DBE_VOL_TOTAL)
    if (isinstance(dbe, int | float) and dbe > 0) or fields.get(F.ROW_REMAP_FAILURE) == 1:
        return "ecc"
    mask = fields.get(F.CLOCK_THROTTLE_REASONS, fields.get(F.CLOCKS_EVENT_REASONS))
    if isinstance(mask, int | float) and int(mask) & F.THROTTLE_FAULT_MASK:
        return "throttled"
    return ""


def _alarms_key(window: TelemetryWindow, cluster: str) -> str:
    return f"{window.prefix}:tw:{cluster}:alarms"


def _note_alarms(window: TelemetryWindow, cluster: str, newest: Newest) -> None:
    """Keep a small hash of the GPUs in alarm (``node|gpu`` → ``alarm|t``), set and cleared per sample.

    Reading it is one HGETALL of a few entries, where scanning every GPU's
    window would take a second for 8,000 GPUs: cheap enough for every overview refresh.
    """
    key = _alarms_key(window, cluster)
    held = {k.decode() if isinstance(k, bytes) else k for k in window.redis.hkeys(key)}
    raised: dict[str, str] = {}
    cleared: list[str] = []
    for (node, gpu), (t, fields) in newest.items():
        alarm, field = gpu_alarm(fields), f"{node}|{gpu}"
        if alarm:
            raised[field] = f"{alarm}|{t}"
        elif field in held:
            cleared.append(field)
    if not raised and not cleared:
        return
    pipe = window.redis.pipeline(transaction=False)
    if raised:
        pipe.hset(key, mapping=raised)
    if cleared:
        pipe.hdel(key, *cleared)
    pipe.expire(key, 3600)
    pipe.execute()


def node_gpu_alarms(cluster: str, now: float, max_age_s: float = 60.0) -> dict[str, str]:
    """Per node, its worst GPU right now (``ecc`` over ``throttled``); healthy nodes are left out.

    One small Redis read for the whole cluster, so the overview grid can colour a
    node before any incident is raised. An alarm older than ``max_age_s`` (the GPU
    went silent) no longer counts.
    """
    window = telemetry_window()
    worst: dict[str, str] = {}
    for raw_field, raw_value in window.redis.hgetall(_alarms_key(window, cluster)).items():
        field = raw_field.decode() if isinstance(raw_field, bytes) else raw_field
        value = raw_value.decode() if isinstance(raw_value, bytes) else raw_value
        node = field.rpartition("|")[0]
        alarm, _, t = value.partition("|")
        if now - float(t or 0) > max_age_s:
            continue
        if alarm == "ecc" or node not in worst:
            worst[node] = alarm
    return worst
