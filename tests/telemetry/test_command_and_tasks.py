"""`manage.py telemetry`, the Celery tasks (run eagerly, real Redis) and the standalone agent."""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from monitoring import tasks
from monitoring.telemetry import agent
from monitoring.telemetry import fields as F
from monitoring.telemetry.collect import drain_events
from monitoring.telemetry.nvml import NvmlSampler
from tests.telemetry.conftest import FIXTURES, capture
from tests.telemetry.fake_nvml import FakeNvml, h100, h100_node


def run(*args: str, stdin: str | None = None, monkeypatch: pytest.MonkeyPatch | None = None) -> str:
    out = io.StringIO()
    if stdin is not None and monkeypatch is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    call_command("telemetry", *args, stdout=out)
    return out.getvalue()


def test_parse_prints_one_json_array_of_events() -> None:
    out = run(
        "parse",
        "--format",
        "nvidia-smi",
        str(FIXTURES / "h100_query_gpu.csv"),
        "--node",
        "gpu-h-001",
        "--json",
    )
    events = json.loads(out)
    assert len(events) == 8 and events[5]["fields"][F.CLOCK_THROTTLE_REASONS] == 128
    assert {(e["t"], e["source"], e["node"]) for e in events} == {(0.0, "gpu", "gpu-h-001")}


def test_parse_reads_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    out = run(
        "parse",
        "--format",
        "dcgm-exporter",
        "-",
        "--node",
        "b",
        "--json",
        stdin=capture("b200_dcgm_exporter_t1.txt"),
        monkeypatch=monkeypatch,
    )
    assert json.loads(out)[2]["fields"][F.ECC_DBE_VOL_TOTAL] == 1


def test_parse_of_garbage_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(CommandError, match="not a valid dcgm-exporter capture: no DCGM_FI_"):
        run(
            "parse",
            "--format",
            "dcgm-exporter",
            "-",
            "--node",
            "n",
            "--json",
            stdin="<html>",
            monkeypatch=monkeypatch,
        )
    with pytest.raises(CommandError, match="cannot read"):
        run("parse", "--format", "nvidia-smi", "/nonexistent/file.csv", "--node", "n", "--json")
    with pytest.raises(CommandError, match="--node is required"):
        run("parse", "--format", "nvidia-smi", str(FIXTURES / "h100_query_gpu.csv"))


def test_nvml_without_a_driver_says_so() -> None:
    if NvmlSampler(node="x").sample(0.0):
        pytest.skip("this machine has NVML")
    with pytest.raises(CommandError, match="NVML unavailable"):
        run("nvml", "--json")


@pytest.fixture
def task_redis(
    real_redis: tuple[Any, str], monkeypatch: pytest.MonkeyPatch, settings: Any
) -> tuple[Any, str]:
    """The tasks' Redis is the test's client, under the test's private prefix."""
    client, prefix = real_redis
    settings.RECOVERY_REDIS_PREFIX = prefix
    monkeypatch.setattr(tasks, "_redis", lambda: client)
    monkeypatch.setattr(tasks, "_samplers", {})
    return client, prefix


@pytest.mark.redis
def test_sample_node_gpus_pushes_one_event_per_gpu(task_redis: tuple[Any, str]) -> None:
    client, prefix = task_redis
    tasks._samplers["gpu-h-001"] = NvmlSampler(node="gpu-h-001", nvml=h100_node(**{"5": {"throttle": 0x80}}))
    assert tasks.sample_node_gpus.apply(args=["c1", "gpu-h-001"]).get() == 8
    events = drain_events(client, "c1", prefix=prefix)
    assert [e["gpu"] for e in events] == list(range(8))
    assert events[5]["fields"][F.CLOCK_THROTTLE_REASONS] == 0x80 and events[5]["cluster"] == "c1"


@pytest.mark.redis
def test_sample_node_gpus_without_nvml_records_the_state_once_and_pushes_nothing(
    task_redis: tuple[Any, str],
) -> None:
    client, prefix = task_redis
    fake = FakeNvml([h100(0)], library_missing=True)
    sampler = NvmlSampler(
        node="n1",
        nvml=fake,
        on_unavailable=lambda u: tasks.report_nvml_status(client, "c1", "n1", u, prefix=prefix),
    )
    tasks._samplers["n1"] = sampler
    assert [tasks.sample_node_gpus.apply(args=["c1", "n1"]).get() for _ in range(3)] == [0, 0, 0]
    status = json.loads(client.hget(f"{prefix}:telemetry:nvml:c1", "n1"))
    assert status["state"] == "unavailable" and status["code"] == 12
    assert drain_events(client, "c1", prefix=prefix) == []


def test_the_agent_prints_events_once(capsys: pytest.CaptureFixture[str]) -> None:
    args = agent.parse_args(["--cluster", "c1", "--node", "gpu-h-001", "--once", "--print"])
    assert agent.run(args, sampler=NvmlSampler(node="gpu-h-001", nvml=h100_node())) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 8 and json.loads(lines[0])["node"] == "gpu-h-001"


@pytest.mark.django_db
@pytest.mark.redis
def test_scrape_cluster_telemetry_reads_every_exporter_of_a_real_cluster(
    task_redis: tuple[Any, str], exporter: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from monitoring.choices import ConnectionMode
    from monitoring.models import Cluster, Node

    client, prefix = task_redis
    cluster = Cluster.objects.create(
        name="prod-b",
        connection_mode=ConnectionMode.SSH,
        telemetry_source="dcgm-exporter",
        dcgm_exporter_url=exporter + "/metrics?node={node}",
    )
    for name in ("gpu-b-001", "gpu-b-002"):
        Node.objects.create(cluster=cluster, name=name)
    assert tasks.scrape_cluster_telemetry.apply(args=[cluster.pk]).get() == 16
    events = drain_events(client, "prod-b", prefix=prefix)
    assert sorted({e["node"] for e in events}) == ["gpu-b-001", "gpu-b-002"]


@pytest.mark.django_db
def test_a_simulated_cluster_is_not_scraped(cluster: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tasks, "_redis", lambda: pytest.fail("no Redis write expected"))
    assert tasks.scrape_cluster_telemetry.apply(args=[cluster.pk]).get() == 0


@pytest.mark.django_db
def test_an_agent_fed_cluster_is_not_scraped(monkeypatch: pytest.MonkeyPatch) -> None:
    from monitoring.choices import ConnectionMode
    from monitoring.models import Cluster

    c = Cluster.objects.create(name="prod-c", connection_mode=ConnectionMode.LOCAL)
    monkeypatch.setattr(tasks, "scrape_dcgm_exporters", lambda *a, **k: pytest.fail("no scrape expected"))
    assert tasks.scrape_cluster(c, 0.0).events == []
