"""Celery tasks for GPU telemetry. Thin: the work is in collect.py, nvml.py and the parsers.

* ``monitoring.telemetry.sample_node_gpus(cluster, node)`` — runs ON the GPU
  node, in a worker consuming queue ``node.<hostname>``
  (``celery -A recovery_site worker -Q node.$(hostname -s) -c 1``). Beat sends it
  every ``gpu_sample_interval_s`` with ``queue=node_queue(node)``.
* ``monitoring.telemetry.scrape_cluster_telemetry(cluster_id)`` — runs on any
  worker; for clusters without node agents: nvidia-smi over the cluster's
  transport, or dcgm-exporter over HTTP, per ``Cluster.telemetry_source``.
* ``monitoring.telemetry.rollup_telemetry()`` — beat, every minute: one
  ``GpuMinute`` row per GPU for each complete minute, then retention.

Both are idempotent (window writes are set-like) and never raise for a node
that cannot be read: that is reported, and the next tick tries again.
"""

from __future__ import annotations

import importlib
import json
import logging
import socket
import time
from typing import Any

from celery import shared_task

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


def _transport_for(cluster: Any) -> Any:
    """The cluster's transport from monitoring/transports.py (run(argv, timeout) → .rc/.stdout/.stderr)."""
    transports = importlib.import_module("monitoring.transports")
    for name in ("transport_for", "open_transport", "for_cluster"):
        factory = getattr(transports, name, None)
        if factory is not None:
            return factory(cluster)
    raise RuntimeError("monitoring.transports has no transport_for(cluster)")


def scrape_cluster(cluster: Any, now: float) -> ScrapeReport:
    """One scrape of every node of ``cluster`` per its ``telemetry_source``; [] for agent-fed clusters."""
    source = getattr(cluster, "telemetry_source", "") or "nvml"
    nodes = list(cluster.nodes.values_list("name", flat=True))
    if source == "dcgm-exporter":
        url = getattr(cluster, "dcgm_exporter_url", "") or DEFAULT_DCGM_URL
        return scrape_dcgm_exporters(nodes, now, url_template=url)
    if source == "nvidia-smi":
        return scrape_nvidia_smi(_transport_for(cluster), nodes, now, pci_bus_ids=cluster.pci_bus_ids or ())
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
