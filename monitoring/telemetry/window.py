"""Recent GPU samples in Redis, in bounded windows; per-minute rollups for the database.

A 1,000-node cluster of 8-GPU nodes sampled every 10 s makes 800 samples/s,
69 million a day: one database row per raw sample would drown PostgreSQL and
every chart query. So raw samples live only in Redis, per GPU, bounded by both
count and age, and what is kept longer is one row per GPU, field and minute
(:func:`rollup_minutes`, stored by the lead's model).

Layout (``{p}`` = key prefix, default ``recovery``):

* ``{p}:tw:{cluster}:{node}:{gpu}`` — sorted set, score = sample time (epoch s),
  member = the compact sample ``[t,code,value,code,value,…]`` (codes from
  ``fields.FIELD_CODES``). Scored by time, a chart reads exactly its range
  (ZRANGEBYSCORE) and a detector its last N (ZREVRANGE). Re-adding the same
  sample is a no-op, so a retried task cannot double a point.
* ``{p}:tw:{cluster}:gpus`` — hash ``node|gpu`` → time of the last sample:
  the list of GPUs to read for a cluster view, and when each was last heard from.

Writes go in one Lua script call per batch of GPUs (the commands are independent and
idempotent; the script only saves round trips and Python's per-command cost). Each GPU
key is trimmed to ``max_samples``, to ``max_age_s`` behind its newest sample, and
expires when the GPU goes silent.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from monitoring.telemetry import fields as F


@dataclass(frozen=True)
class Sample:
    """One GPU sample as stored (``t`` in epoch seconds)."""

    node: str
    gpu: int
    t: float
    fields: Mapping[str, int | float]


@dataclass(frozen=True)
class MinuteRollup:
    """One field of one GPU over one minute; the shape proposed for the rollup table.

    ``bits`` is the OR of all values for bitmask fields (throttle reasons):
    "was it throttled at any moment of this minute", which min/avg cannot say.
    """

    node: str
    gpu: int
    minute_start: float
    field: str
    min: float
    max: float
    avg: float
    last: float
    count: int
    bits: int | None = None


# KEYS: one window key per GPU, then the cluster's index hash. ARGV: max samples, TTL, then per
# GPU key: how many samples, the exclusive age cutoff "(t", and (score, member) pairs; then the
# index's (field, value) pairs. Exactly what the pipelined commands did, in one round trip.
_ADD_SCRIPT = """
local max_n, ttl = tonumber(ARGV[1]), tonumber(ARGV[2])
local a = 3
for i = 1, #KEYS - 1 do
  local key, n, cutoff = KEYS[i], tonumber(ARGV[a]), ARGV[a + 1]
  a = a + 2
  for _ = 1, n do
    redis.call('ZADD', key, ARGV[a], ARGV[a + 1])
    a = a + 2
  end
  redis.call('ZREMRANGEBYRANK', key, 0, -(max_n + 1))
  redis.call('ZREMRANGEBYSCORE', key, '-inf', cutoff)
  redis.call('EXPIRE', key, ttl)
end
local index = KEYS[#KEYS]
while a < #ARGV do
  redis.call('HSET', index, ARGV[a], ARGV[a + 1])
  a = a + 2
end
redis.call('EXPIRE', index, ttl)
return 0
"""
ADD_CHUNK = 2000  # GPUs per script call: Redis runs a script alone, so keep each one short


def encode(t: float, fields: Mapping[str, Any]) -> str:
    """``[t,code,value,…]``: about 60 bytes for a full sample instead of ~500 as an event."""
    flat: list[Any] = [round(float(t), 3)]
    for name, value in fields.items():
        if isinstance(value, bool) or not isinstance(value, int | float):
            continue
        code = _CODES.get(name)
        if code is None:
            canonical = F.canonical_field(name)
            code = F.FIELD_CODES.get(canonical, canonical)
            if len(_CODES) < 4096:  # names come from exporters: a few dozen in practice
                _CODES[name] = code
        flat.append(code)
        flat.append(value)
    return json.dumps(flat, separators=(",", ":"))


_CODES: dict[str, int | str] = {}  # field name as sent -> its code (or canonical name)


def decode(member: str | bytes) -> tuple[float, dict[str, int | float]]:
    flat = json.loads(member)
    it = iter(flat[1:])
    out: dict[str, int | float] = {}
    for code, value in zip(it, it, strict=False):
        name = F.CODE_FIELDS.get(code, str(code)) if isinstance(code, int) else code
        out[name] = value
    return float(flat[0]), out


class TelemetryWindow:
    """Bounded per-GPU windows of recent samples in Redis; see the module docstring."""

    def __init__(
        self, redis: Any, prefix: str = "recovery", max_samples: int = 360, max_age_s: float = 3600.0
    ) -> None:
        self.redis = redis
        self.prefix = prefix
        self.max_samples = max_samples
        self.max_age_s = max_age_s

    # --- keys -------------------------------------------------------------------
    def gpu_key(self, cluster: str, node: str, gpu: int) -> str:
        return f"{self.prefix}:tw:{cluster}:{node}:{gpu}"

    def index_key(self, cluster: str) -> str:
        return f"{self.prefix}:tw:{cluster}:gpus"

    # --- writes -----------------------------------------------------------------
    def add(self, cluster: str, events: Iterable[Mapping[str, Any]]) -> int:
        """Store ``gpu`` events (absolute ``t``); other sources are ignored. Returns samples stored.

        One script call per ``ADD_CHUNK`` GPUs does every ZADD, trim and EXPIRE inside
        Redis: a 2,000-node tick has ~3,000 samples, and four pipelined commands per
        sample cost more Python time than everything else the tick did with them.
        """
        per_gpu: dict[tuple[str, int], list[tuple[float, str]]] = {}
        n = 0
        for ev in events:
            if ev.get("source") != "gpu":
                continue
            node, gpu, t = ev.get("node"), ev.get("gpu"), ev.get("t")
            if not isinstance(node, str) or not isinstance(gpu, int) or not isinstance(t, int | float):
                continue
            per_gpu.setdefault((node, gpu), []).append((float(t), encode(t, ev.get("fields") or {})))
            n += 1
        if not per_gpu:
            return 0
        ttl = int(self.max_age_s * 2) + 60
        script = self.redis.register_script(_ADD_SCRIPT)
        items = list(per_gpu.items())
        for i in range(0, len(items), ADD_CHUNK):
            keys: list[str] = []
            argv: list[Any] = [self.max_samples, ttl]
            index: list[Any] = []
            for (node, gpu), samples in items[i : i + ADD_CHUNK]:
                newest = max(t for t, _ in samples)
                keys.append(self.gpu_key(cluster, node, gpu))
                argv.append(len(samples))
                argv.append(f"({newest - self.max_age_s}")
                for t, member in samples:
                    argv.append(t)
                    argv.append(member)
                index.append(f"{node}|{gpu}")
                index.append(newest)
            keys.append(self.index_key(cluster))
            script(keys=keys, args=argv + index)
        return n

    def forget(self, cluster: str, node: str | None = None) -> None:
        """Drop a node's windows (or the whole cluster's)."""
        gpus = [k for k in self.gpus(cluster) if node is None or k[0] == node]
        if not gpus:
            return
        pipe = self.redis.pipeline(transaction=False)
        for n, g in gpus:
            pipe.delete(self.gpu_key(cluster, n, g))
            pipe.hdel(self.index_key(cluster), f"{n}|{g}")
        pipe.execute()

    # --- reads ------------------------------------------------------------------
    def gpus(self, cluster: str) -> dict[tuple[str, int], float]:
        """Every GPU with a window, and the time of its newest sample."""
        raw = self.redis.hgetall(self.index_key(cluster))
        out: dict[tuple[str, int], float] = {}
        for k, v in raw.items():
            k = k.decode() if isinstance(k, bytes) else k
            node, _, gpu = k.rpartition("|")
            if gpu.isdigit():
                out[(node, int(gpu))] = float(v)
        return out

    def samples(
        self, cluster: str, node: str, gpu: int, since: float | None = None, until: float | None = None
    ) -> list[Sample]:
        """Samples with ``since <= t <= until``, oldest first."""
        lo = "-inf" if since is None else since
        hi = "+inf" if until is None else until
        members = self.redis.zrangebyscore(self.gpu_key(cluster, node, gpu), lo, hi)
        return [Sample(node, gpu, *decode(m)) for m in members]

    def series(
        self,
        cluster: str,
        node: str,
        gpu: int,
        field: str,
        since: float | None = None,
        until: float | None = None,
    ) -> list[tuple[float, int | float]]:
        """``(t, value)`` points of one field for a chart, oldest first; samples without it are skipped."""
        name = F.canonical_field(field)
        return [
            (s.t, s.fields[name]) for s in self.samples(cluster, node, gpu, since, until) if name in s.fields
        ]

    def chart(
        self,
        cluster: str,
        node: str,
        gpu: int,
        fields: Iterable[str],
        since: float | None = None,
        until: float | None = None,
    ) -> dict[str, dict[str, Any]]:
        """Several fields of one GPU from ONE read, ready for a plot: per field ``label``, ``unit``, ``t``, ``v``."""
        names = [F.canonical_field(f) for f in fields]
        out: dict[str, dict[str, Any]] = {}
        for name in names:
            info = F.FIELDS.get(name)
            out[name] = {
                "label": info.label if info else name,
                "unit": info.unit if info else "",
                "t": [],
                "v": [],
            }
        for s in self.samples(cluster, node, gpu, since, until):
            for name in names:
                if name in s.fields:
                    out[name]["t"].append(s.t)
                    out[name]["v"].append(s.fields[name])
        return out

    def recent(self, cluster: str, node: str, gpu: int, n: int = 1) -> list[Sample]:
        """The last ``n`` samples of one GPU, oldest first (what a detector compares)."""
        members = self.redis.zrevrange(self.gpu_key(cluster, node, gpu), 0, max(n, 1) - 1)
        return [Sample(node, gpu, *decode(m)) for m in reversed(members)]

    def recent_all(self, cluster: str, n: int = 1) -> dict[tuple[str, int], list[Sample]]:
        """The last ``n`` samples of every GPU of the cluster in one round trip (peer comparisons, heatmaps)."""
        keys = sorted(self.gpus(cluster))
        if not keys:
            return {}
        pipe = self.redis.pipeline(transaction=False)
        for node, gpu in keys:
            pipe.zrevrange(self.gpu_key(cluster, node, gpu), 0, max(n, 1) - 1)
        out: dict[tuple[str, int], list[Sample]] = {}
        for (node, gpu), members in zip(keys, pipe.execute(), strict=True):
            if members:
                out[(node, gpu)] = [Sample(node, gpu, *decode(m)) for m in reversed(members)]
        return out

    def rollup(self, cluster: str, minute_start: float) -> list[MinuteRollup]:
        """Rollups of one closed minute ``[minute_start, minute_start + 60)`` for every GPU of the cluster."""
        keys = sorted(self.gpus(cluster))
        if not keys:
            return []
        pipe = self.redis.pipeline(transaction=False)
        for node, gpu in keys:
            pipe.zrangebyscore(self.gpu_key(cluster, node, gpu), minute_start, f"({minute_start + 60}")
        samples = [
            Sample(node, gpu, *decode(m))
            for (node, gpu), members in zip(keys, pipe.execute(), strict=True)
            for m in members
        ]
        return rollup_minutes(samples)


def _as_sample(item: Sample | Mapping[str, Any]) -> Sample | None:
    if isinstance(item, Sample):
        return item
    if item.get("source", "gpu") != "gpu":
        return None
    node, gpu, t = item.get("node"), item.get("gpu"), item.get("t")
    if not isinstance(node, str) or not isinstance(gpu, int) or not isinstance(t, int | float):
        return None
    return Sample(node, gpu, float(t), item.get("fields") or {})


def rollup_minutes(samples: Iterable[Sample | Mapping[str, Any]]) -> list[MinuteRollup]:
    """Per GPU, field and minute (UTC-aligned, ``floor(t / 60) * 60``): min, max, avg, last, count.

    Accepts stored :class:`Sample` objects or ``gpu`` events. ``last`` is the
    value of the latest sample in the minute whatever the input order. Pure.
    Sorted by node, GPU, minute, field.
    """
    acc: dict[tuple[str, int, float, str], list[float]] = defaultdict(list)
    last: dict[tuple[str, int, float, str], tuple[float, float]] = {}
    for item in samples:
        s = _as_sample(item)
        if s is None:
            continue
        minute = (s.t // 60) * 60
        for name, value in s.fields.items():
            if isinstance(value, bool) or not isinstance(value, int | float):
                continue
            key = (s.node, s.gpu, minute, F.canonical_field(name))
            acc[key].append(value)
            if key not in last or s.t >= last[key][0]:
                last[key] = (s.t, value)
    out = []
    for key in sorted(acc):
        values = acc[key]
        info = F.FIELDS.get(key[3])
        bits = None
        if info is not None and info.kind == "bitmask":
            bits = 0
            for v in values:
                bits |= int(v)
        out.append(
            MinuteRollup(
                node=key[0],
                gpu=key[1],
                minute_start=key[2],
                field=key[3],
                min=min(values),
                max=max(values),
                avg=sum(values) / len(values),
                last=last[key][1],
                count=len(values),
                bits=bits,
            )
        )
    return out


@dataclass(frozen=True)
class GpuMinute:
    """All rollups of one GPU for one minute: the proposed database row (one per GPU per minute).

    ``stats`` maps the field's short name (``fields.FieldInfo.short``, e.g.
    ``sm_clock``) to ``{"min", "max", "avg", "last", "count"}`` (+ ``"bits"`` for
    the throttle bitmask). One row per GPU-minute instead of one per field
    keeps a 1,000-node cluster at 11.5 M rows a day rather than 150 M.
    """

    node: str
    gpu: int
    minute_start: float
    stats: dict[str, dict[str, float]]


def by_gpu_minute(rollups: Iterable[MinuteRollup]) -> list[GpuMinute]:
    """Pivot per-field rollups into one :class:`GpuMinute` per GPU and minute (order kept)."""
    rows: dict[tuple[str, int, float], dict[str, dict[str, float]]] = {}
    for r in rollups:
        info = F.FIELDS.get(r.field)
        stat: dict[str, float] = {"min": r.min, "max": r.max, "avg": r.avg, "last": r.last, "count": r.count}
        if r.bits is not None:
            stat["bits"] = r.bits
        rows.setdefault((r.node, r.gpu, r.minute_start), {})[info.short if info else r.field] = stat
    return [GpuMinute(node, gpu, minute, stats) for (node, gpu, minute), stats in rows.items()]
