"""A real cluster whose GPUs are polled (dcgm-exporter or nvidia-smi) gets samples on its own schedule.

Nothing is patched: the cluster's ``telemetry_source`` and ``dcgm_exporter_url`` are model
fields, the beat task finds the due clusters, and the scrape reaches a real HTTP exporter.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from celery import current_app

from monitoring import tasks
from monitoring.choices import ConnectionMode, TelemetrySource
from monitoring.models import Cluster, Node
from monitoring.redis_store import get_redis
from monitoring.telemetry.collect import drain_events

pytestmark = [pytest.mark.django_db, pytest.mark.redis]


@pytest.fixture
def eager() -> Iterator[None]:
    """Run sent tasks in-process (Celery's own switch), so the test sees what a worker would do."""
    conf = current_app.conf
    before = conf.task_always_eager
    conf.task_always_eager = True
    yield
    conf.task_always_eager = before


def _cluster(name: str, source: str, **fields: Any) -> Cluster:
    cluster = Cluster.objects.create(
        name=name, connection_mode=ConnectionMode.SSH, telemetry_source=source, **fields
    )
    for node in ("gpu-b-001", "gpu-b-002"):
        Node.objects.create(cluster=cluster, name=node)
    return cluster


def test_a_dcgm_exporter_cluster_is_scraped_once_per_interval(
    redis_ns: str, exporter: str, eager: None
) -> None:
    _cluster(
        "prod-b",
        TelemetrySource.DCGM_EXPORTER,
        dcgm_exporter_url=exporter + "/metrics?node={node}",
        gpu_sample_interval_s=60,
    )
    assert tasks.scrape_due_clusters() == 1
    events = drain_events(get_redis(), "prod-b", prefix=redis_ns)
    assert len(events) == 16 and sorted({e["node"] for e in events}) == ["gpu-b-001", "gpu-b-002"]
    assert tasks.scrape_due_clusters() == 0  # not due again within its interval
    assert drain_events(get_redis(), "prod-b", prefix=redis_ns) == []


def test_agent_fed_silent_and_simulated_clusters_are_never_scraped(
    redis_ns: str, eager: None, cluster: Cluster
) -> None:
    _cluster("agents", TelemetrySource.NVML)
    _cluster("dark", TelemetrySource.NONE)
    assert tasks.scrape_due_clusters() == 0


def test_a_new_cluster_defaults_to_node_agents_and_the_ssh_hop() -> None:
    c = Cluster.objects.create(name="fresh")
    assert c.telemetry_source == TelemetrySource.NVML
    assert tasks.hop_of(c) == ("ssh", "-o", "BatchMode=yes", "-o", "ConnectTimeout=5", "{node}")
    c.nvidia_smi_hop = ""
    assert tasks.hop_of(c) is None
