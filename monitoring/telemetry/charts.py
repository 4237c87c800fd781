"""Chart data for the node page and the incident page, as plain JSON-ready dicts.

Recent data comes from the Redis window (raw samples, 10 s apart); when the
window no longer holds the range — an incident from last week — the
``GpuMinute`` rollups stand in (one point a minute: the average, or for the
throttle bitmask whether a slowdown bit was set at any moment of it).

An incident's job may span hundreds of nodes. The culprit and the other GPUs
of its node are drawn one line each; the job's other GPUs (its own job only, as it
was allocated at detection — never idle GPUs or another job's) are summarised per
time step as median and min–max band, which is what the eye compares anyway
and keeps the answer small. Job peers are read from at most ``MAX_PEER_NODES`` nodes.
"""

from __future__ import annotations

import datetime as dt
import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from monitoring.detectors.hostlist import expand
from monitoring.models import Gpu, GpuMinute, Job, Node
from monitoring.telemetry import fields as F
from monitoring.telemetry.store import telemetry_window
from monitoring.telemetry.window import Sample, decode
from monitoring.vocabulary import Category

CHART_FIELDS: tuple[str, ...] = (
    F.TEMP,
    F.POWER_USAGE,
    F.SM_CLOCK,
    F.GPU_UTIL,
    F.ECC_DBE_VOL_TOTAL,
    F.CLOCK_THROTTLE_REASONS,
)
# A network incident (NVLink, PCIe, the fabric behind a GPU) is drawn with the link's own error
# counters first, then what the job did with the GPU: its temperature and clocks say nothing of a link.
NETWORK_CHART_FIELDS: tuple[str, ...] = (
    F.NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL,
    F.PCIE_REPLAY_COUNTER,
    F.GPU_UTIL,
    F.POWER_USAGE,
)
MAX_PEER_NODES = 64
INCIDENT_HALF_WIDTH_S = 600.0
# The incident chart's time-range picker: minutes either side of detection.
INCIDENT_RANGES_MIN: tuple[int, ...] = (5, 10, 30, 60, 180)
Series = dict[str, list[Any]]


def chart_fields(category: str | None) -> tuple[str, ...]:
    """The panels an incident of this category is drawn with."""
    return NETWORK_CHART_FIELDS if category == Category.NETWORK else CHART_FIELDS


def field_meta(fields: Sequence[str] = CHART_FIELDS) -> list[dict[str, str]]:
    """What the client needs to title each panel; the throttle panel shows 1 while a slowdown bit is set."""
    out = []
    for name in fields:
        info = F.FIELDS[name]
        label, unit = info.label, info.unit
        if name == F.CLOCK_THROTTLE_REASONS:
            label, unit = "Slowdown throttle (HW slowdown, thermal, power brake)", "on/off"
        out.append({"key": info.short, "label": label, "unit": unit})
    return out


def _point(name: str, value: int | float) -> int | float:
    if name == F.CLOCK_THROTTLE_REASONS:
        return 1 if int(value) & F.THROTTLE_FAULT_MASK else 0
    return value


def _empty(fields: Sequence[str]) -> dict[str, Series]:
    out: dict[str, Series] = {F.FIELDS[n].short: {"t": [], "v": []} for n in fields}
    if F.CLOCK_THROTTLE_REASONS in fields:
        out[F.FIELDS[F.CLOCK_THROTTLE_REASONS].short]["text"] = []
    return out


def series_from_samples(samples: Iterable[Sample], fields: Sequence[str] = CHART_FIELDS) -> dict[str, Series]:
    """Per chart field ``{"t": [...], "v": [...]}`` (and ``"text"`` for throttle reasons), oldest first."""
    out = _empty(fields)
    for s in samples:
        for name in fields:
            value = s.fields.get(name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                continue
            short = F.FIELDS[name].short
            out[short]["t"].append(s.t)
            out[short]["v"].append(_point(name, value))
            if name == F.CLOCK_THROTTLE_REASONS:
                out[short]["text"].append(", ".join(F.throttle_reasons(value)) or "none")
    return out


def series_from_rollups(rows: Iterable[GpuMinute], fields: Sequence[str] = CHART_FIELDS) -> dict[str, Series]:
    """The same shape from minute rollups: the minute's average (throttle: any slowdown bit during it)."""
    out = _empty(fields)
    for row in rows:
        t = row.minute.timestamp()
        for name in fields:
            short = F.FIELDS[name].short
            stat = row.stats.get(short)
            if not isinstance(stat, dict):
                continue
            if name == F.CLOCK_THROTTLE_REASONS:
                bits = int(stat.get("bits", stat.get("last")) or 0)
                out[short]["t"].append(t)
                out[short]["v"].append(_point(name, bits))
                out[short]["text"].append(", ".join(F.throttle_reasons(bits)) or "none")
            elif isinstance(stat.get("avg"), int | float):
                out[short]["t"].append(t)
                out[short]["v"].append(round(stat["avg"], 2))
    return out


def window_series(
    cluster: str,
    gpus: Sequence[tuple[str, int]],
    since: float,
    until: float,
    fields: Sequence[str] = CHART_FIELDS,
) -> dict[tuple[str, int], dict[str, Series]]:
    """Series of many GPUs from the Redis window in one round trip."""
    window = telemetry_window()
    pipe = window.redis.pipeline(transaction=False)
    for node, gpu in gpus:
        pipe.zrangebyscore(window.gpu_key(cluster, node, gpu), since, until)
    return {
        (node, gpu): series_from_samples((Sample(node, gpu, *decode(m)) for m in members), fields)
        for (node, gpu), members in zip(gpus, pipe.execute(), strict=True)
    }


def rollup_series(
    gpus: Sequence[Gpu], since: float, until: float, fields: Sequence[str] = CHART_FIELDS
) -> dict[tuple[str, int], dict[str, Series]]:
    """Series of many GPUs from the rollup table (one query)."""
    rows: dict[int, list[GpuMinute]] = defaultdict(list)
    qs = GpuMinute.objects.filter(
        gpu__in=[g.pk for g in gpus],
        minute__gte=dt.datetime.fromtimestamp(since - since % 60, tz=dt.UTC),
        minute__lte=dt.datetime.fromtimestamp(until, tz=dt.UTC),
    ).order_by("minute")
    for row in qs:
        rows[row.gpu_id].append(row)
    return {(g.node.name, g.index): series_from_rollups(rows[g.pk], fields) for g in gpus}


def _has_points(series: Iterable[dict[str, Series]]) -> bool:
    return any(s["t"] for per_gpu in series for s in per_gpu.values())


def gpu_series(
    cluster: str, gpus: Sequence[Gpu], since: float, until: float, fields: Sequence[str] = CHART_FIELDS
) -> tuple[str, dict[tuple[str, int], dict[str, Series]]]:
    """``("window" | "rollup", series per GPU)``: the window when it holds the range, else the rollups.

    A range longer than the window's hour goes to the rollups at once: a day at
    one point a minute, rather than only the last hour at full resolution.
    """
    if until - since <= telemetry_window().max_age_s:
        got = window_series(cluster, [(g.node.name, g.index) for g in gpus], since, until, fields)
        if _has_points(got.values()):
            return "window", got
    return "rollup", rollup_series(gpus, since, until, fields)


def node_chart(node: Node, now: float, minutes: int) -> dict[str, Any]:
    """Every GPU of one node over the last ``minutes``."""
    since = now - 60 * minutes
    gpus = list(Gpu.objects.filter(node=node).select_related("node").order_by("index"))
    source, series = gpu_series(node.cluster.name, gpus, since, now)
    return {
        "cluster": node.cluster.name,
        "node": node.name,
        "since": since,
        "until": now,
        "zone": "UTC",
        "source": source,
        "fields": field_meta(),
        "gpus": [
            {"node": g.node.name, "gpu": g.index, "series": series[(g.node.name, g.index)]} for g in gpus
        ],
    }


def band(
    per_gpu: Iterable[dict[str, Series]], step_s: float, fields: Sequence[str] = CHART_FIELDS
) -> dict[str, Series]:
    """Per field and time step (``step_s`` buckets): median, min and max over the GPUs. Pure."""
    buckets: dict[str, dict[float, list[float]]] = defaultdict(lambda: defaultdict(list))
    for series in per_gpu:
        for short, s in series.items():
            for t, v in zip(s["t"], s["v"], strict=True):
                buckets[short][t - t % step_s].append(v)
    out: dict[str, Series] = {}
    for short in (F.FIELDS[n].short for n in fields):
        steps = sorted(buckets[short])
        values = [buckets[short][t] for t in steps]
        out[short] = {
            "t": [t + step_s / 2 for t in steps],
            "median": [statistics.median(v) for v in values],
            "min": [min(v) for v in values],
            "max": [max(v) for v in values],
        }
    return out


def incident_ranges() -> list[tuple[str, str]]:
    """(value, label) of each choice of the incident chart's range picker."""
    return [(str(m), f"±{m} min" if m < 60 else f"±{m // 60} h") for m in INCIDENT_RANGES_MIN]


def own_job(incident: Any) -> tuple[str | None, list[str]]:
    """The blamed GPU's own job and its nodes *when the incident was detected*.

    One root cause may hit several jobs; the blamed GPU belongs to one of them, the one
    whose nodes held the culprit node (else the first). Nodes come from the snapshot the
    incident took at detection (a requeued job runs elsewhere since), else from the job now.
    Allocations are whole nodes, as the detectors assume: a node runs one job's ranks.
    """
    jobs = [str(j) for j in incident.jobs or []]
    if not jobs:
        return None, []
    snapshot: dict[str, str] = dict(getattr(incident, "job_nodes", None) or {})
    missing = [j for j in jobs if j not in snapshot]
    if missing:
        for job in Job.objects.filter(cluster=incident.cluster, slurm_id__in=missing):
            snapshot[job.slurm_id] = job.nodes
    nodes_of = {j: expand(snapshot[j]) if snapshot.get(j) else [] for j in jobs}
    mine = next((j for j in jobs if incident.culprit_node in nodes_of[j]), jobs[0])
    return mine, nodes_of[mine]


def incident_gpus(incident: Any) -> tuple[list[Gpu], list[Gpu], list[Gpu]]:
    """(culprit GPUs, the culprit node's other GPUs, the other GPUs of the same job).

    Peers are the blamed GPU's own job's GPUs only: never an idle GPU, never another
    job's (``own_job``). The culprit node's other GPUs count only when the job ran there.
    Without a culprit GPU every GPU of the culprit node is a culprit line.
    """
    cluster = incident.cluster
    node_gpus = list(
        Gpu.objects.filter(node__cluster=cluster, node__name=incident.culprit_node)
        .select_related("node")
        .order_by("index")
    )
    culprit = [g for g in node_gpus if incident.culprit_gpu is None or g.index == incident.culprit_gpu]
    _, job_nodes = own_job(incident)
    same_node = [g for g in node_gpus if g not in culprit] if incident.culprit_node in job_nodes else []
    others = [n for n in job_nodes if n != incident.culprit_node][:MAX_PEER_NODES]
    peers = list(
        Gpu.objects.filter(node__cluster=cluster, node__name__in=others)
        .select_related("node")
        .order_by("node__name", "index")
    )
    return culprit, same_node, peers


def incident_chart(incident: Any, now: float, around_s: float = INCIDENT_HALF_WIDTH_S) -> dict[str, Any]:
    """The culprit GPU against its own job's other GPUs, ``around_s`` either side of detection."""
    detected = incident.detected_at.timestamp()
    since, until = detected - around_s, min(detected + around_s, now)
    culprit, same_node, peers = incident_gpus(incident)
    job, _ = own_job(incident)
    fields = chart_fields(incident.category)
    source, series = gpu_series(incident.cluster.name, [*culprit, *same_node, *peers], since, until, fields)
    marks = [{"t": detected, "label": "detected"}]
    if incident.first_signal_at and since < incident.first_signal_at.timestamp() < detected:
        marks.insert(0, {"t": incident.first_signal_at.timestamp(), "label": "first signal"})

    def lines(gpus: Sequence[Gpu]) -> list[dict[str, Any]]:
        return [{"node": g.node.name, "gpu": g.index, "series": series[(g.node.name, g.index)]} for g in gpus]

    peer_nodes = sorted({g.node.name for g in peers})
    return {
        "incident": incident.pk,
        "cluster": incident.cluster.name,
        "culprit": {"node": incident.culprit_node, "gpu": incident.culprit_gpu},
        "job": job,
        "since": since,
        "until": until,
        "around_s": around_s,
        "zone": "UTC",  # the pages' one time zone (the ``when`` filter): axes say it too
        "source": source,
        "marks": marks,
        "fields": field_meta(fields),
        "culprit_gpus": lines(culprit),
        "node_peers": lines(same_node),
        "job_peers": {
            "job": job,
            "nodes": len(peer_nodes),
            "gpus": len(peers),
            "series": band(
                (series[(g.node.name, g.index)] for g in peers),
                60.0 if source == "rollup" else 10.0,
                fields,
            ),
        },
    }
