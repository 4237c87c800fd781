"""Celery tasks of the monitoring app (GPU telemetry). Thin: the work is in telemetry/collect.py, nvml.py and the parsers.

* ``monitoring.telemetry.sample_node_gpus(cluster, node)`` — runs ON the GPU
  node, in a worker consuming queue ``node.<hostname>``
  (``celery -A recovery_site worker -Q node.$(hostname -s) -c 1``). Beat sends it
  every ``gpu_sample_interval_s`` with ``queue=node_queue(node)``.
* ``monitoring.telemetry.scrape_cluster_telemetry(cluster_id)`` — runs on any
  worker; for clusters without node agents: nvidia-smi over the cluster's
  transport, or dcgm-exporter over HTTP, per ``Cluster.telemetry_source``.
* ``monitoring.telemetry.scrape_due_clusters()`` — beat, every few seconds: sends
  ``scrape_cluster_telemetry`` for each real cluster whose source is polled, once per
  ``gpu_sample_interval_s``.
* ``monitoring.telemetry.rollup_telemetry()`` — beat, every minute: one
  ``GpuMinute`` row per GPU for each complete minute, then retention.

Both are idempotent (window writes are set-like) and never raise for a node
that cannot be read: that is reported, and the next tick tries again.
"""

from __future__ import annotations

import json
import logging
import shlex
import socket
import time
from typing import Any

from celery import shared_task

from monitoring.choices import SCRAPED_TELEMETRY, TelemetrySource
from monitoring.connections import transport_for
from monitoring.telemetry.collect import (
    DEFAULT_DCGM_URL,
    ScrapeReport,
    ingest,
    scrape_dcgm_exporters,
    scrape_nvidia_smi,
)
from monitoring.telemetry.nvml import NvmlSampler, NvmlUnavailable

log = logging.getLogger(__name__)

NVML_STATUS_KEY = "{prefix}:telemetry:nvml:{cluster}"
# One sampler per worker process: NVML is initialised once, and "unavailable" is reported once.
_samplers: dict[str, NvmlSampler] = {}


def _redis() -> Any:
    from monitoring.redis_store import get_redis

    return get_redis()


def _prefix() -> str:
    from django.conf import settings

    return getattr(settings, "RECOVERY_REDIS_PREFIX", "recovery")


def report_nvml_status(
    redis: Any, cluster: str, node: str, unavailable: NvmlUnavailable | None, prefix: str = "recovery"
) -> None:
    """Record (on change only) whether NVML works on a node, for the dashboard's node page."""
    key = NVML_STATUS_KEY.format(prefix=prefix, cluster=cluster)
    if unavailable is None:
        redis.hdel(key, node)
    else:
        redis.hset(
            key,
            node,
            json.dumps(
                {
                    "state": "unavailable",
                    "reason": unavailable.reason,
                    "code": unavailable.code,
                    "since": unavailable.since,
                }
            ),
        )


def sampler_for(cluster: str, node: str, redis: Any) -> NvmlSampler:
    sampler = _samplers.get(node)
    if sampler is None:
        sampler = NvmlSampler(
            node=node, on_unavailable=lambda u: report_nvml_status(redis, cluster, node, u, prefix=_prefix())
        )
        _samplers[node] = sampler
    return sampler


@shared_task(name="monitoring.telemetry.sample_node_gpus", ignore_result=True)
def sample_node_gpus(cluster: str, node: str | None = None) -> int:
    """Sample this node's GPUs through NVML and ingest the events; 0 while NVML is unavailable."""
    node = node or socket.gethostname().split(".")[0]
    redis = _redis()
    sampler = sampler_for(cluster, node, redis)
    was_unavailable = sampler.unavailable is not None
    events = sampler.sample(time.time())
    if was_unavailable and sampler.unavailable is None:
        report_nvml_status(redis, cluster, node, None, prefix=_prefix())
    return ingest(redis, cluster, events, prefix=_prefix())


def hop_of(cluster: Any) -> tuple[str, ...] | None:
    """The argv prefix that reaches a node from the transport host (``ssh {node}`` by default); None: run as is."""
    hop = (cluster.nvidia_smi_hop or "").strip()
    return tuple(shlex.split(hop)) if hop else None


def scrape_cluster(cluster: Any, now: float) -> ScrapeReport:
    """One scrape of every node of ``cluster`` per its ``telemetry_source``; nothing for agent-fed clusters."""
    nodes = list(cluster.nodes.values_list("name", flat=True))
    if cluster.telemetry_source == TelemetrySource.DCGM_EXPORTER:
        return scrape_dcgm_exporters(nodes, now, url_template=cluster.dcgm_exporter_url or DEFAULT_DCGM_URL)
    if cluster.telemetry_source == TelemetrySource.NVIDIA_SMI:
        return scrape_nvidia_smi(
            transport_for(cluster), nodes, now, pci_bus_ids=cluster.pci_bus_ids or (), via=hop_of(cluster)
        )
    return ScrapeReport()  # "nvml": node agents push; "none": no telemetry


@shared_task(name="monitoring.telemetry.scrape_cluster_telemetry", ignore_result=True)
def scrape_cluster_telemetry(cluster_id: int) -> int:
    """Scrape a cluster's GPU telemetry (nvidia-smi or dcgm-exporter) and ingest it."""
    from monitoring.models import Cluster

    cluster = Cluster.objects.get(pk=cluster_id)
    if cluster.is_simulated:
        return 0  # the simulator emits its own gpu events
    report = scrape_cluster(cluster, time.time())
    if report.failures:
        sample = "; ".join(f"{n}: {why}" for n, why in list(report.failures.items())[:5])
        log.warning(
            "cluster %s: GPU telemetry unreadable on %d node(s): %s",
            cluster.name,
            len(report.failures),
            sample,
        )
    return ingest(_redis(), cluster.name, report.events, prefix=_prefix())


@shared_task(name="monitoring.telemetry.scrape_due_clusters", ignore_result=True)
def scrape_due_clusters() -> int:
    """Beat, every few seconds: send the scrape of each real cluster whose telemetry is polled and due.

    Each cluster is scraped every ``gpu_sample_interval_s``; a key that lives that long
    marks "recently scraped" (SET NX, so two beats cannot double it).
    """
    from monitoring.models import Cluster
    from monitoring.redis_store import key

    due = 0
    rows = Cluster.objects.filter(telemetry_source__in=list(SCRAPED_TELEMETRY)).exclude(
        connection_mode="simulated"
    )
    for cluster_id, interval in rows.values_list("pk", "gpu_sample_interval_s"):
        if _redis().set(key("scrape-due", cluster_id), 1, nx=True, px=max(1000, int(interval * 1000))):
            scrape_cluster_telemetry.apply_async((cluster_id,), expires=max(5.0, 2 * interval))
            due += 1
    return due


@shared_task(name="monitoring.telemetry.rollup_telemetry", ignore_result=True)
def rollup_telemetry() -> int:
    """Per-minute rollups of every cluster's window, then retention. Idempotent; beat runs it each minute.

    Retention is ``TELEMETRY_ROLLUP_RETENTION_DAYS`` (default 14).
    """
    import datetime as dt

    from django.conf import settings
    from django.utils import timezone

    from monitoring.models import Cluster
    from monitoring.telemetry.store import prune_rollups, roll_up_recent

    now = timezone.now()
    written = sum(roll_up_recent(cluster, now) for cluster in Cluster.objects.all())
    days = getattr(settings, "TELEMETRY_ROLLUP_RETENTION_DAYS", 14)
    prune_rollups(now - dt.timedelta(days=days))
    return written
