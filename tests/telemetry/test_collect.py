"""Getting telemetry off nodes: nvidia-smi over a transport, dcgm-exporter over HTTP, into Redis."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from monitoring.telemetry import fields as F
from monitoring.telemetry.collect import (
    drain_events,
    events_key,
    http_get,
    ingest,
    node_queue,
    nvidia_smi_argv,
    push_events,
    scrape_dcgm_exporters,
    scrape_nvidia_smi,
)
from monitoring.telemetry.window import TelemetryWindow
from tests.telemetry.conftest import capture


@dataclass
class Result:
    rc: int
    stdout: str
    stderr: str = ""


class FakeTransport:
    """Answers nvidia-smi per node the way the Slurm helper's transports do (run → rc/stdout/stderr)."""

    def __init__(self, answers: dict[str, Result | Exception]) -> None:
        self.answers = answers
        self.calls: list[tuple[list[str], float]] = []

    def run(self, argv: Sequence[str], timeout: float) -> Result:
        self.calls.append((list(argv), timeout))
        answer = self.answers[argv[5]]  # ssh -o … -o … <node> nvidia-smi …
        if isinstance(answer, Exception):
            raise answer
        return answer


def test_node_queues_use_the_short_hostname() -> None:
    assert node_queue("gpu-a-001.cluster.local") == "node.gpu-a-001"


def test_nvidia_smi_goes_through_ssh_to_the_node_by_default() -> None:
    argv = nvidia_smi_argv("gpu-a-007")
    assert argv[:6] == ["ssh", "-o", "BatchMode=yes", "-o", "ConnectTimeout=5", "gpu-a-007"]
    assert argv[6] == "nvidia-smi" and argv[-1] == "--format=csv"
    assert nvidia_smi_argv("x", via=None)[0] == "nvidia-smi"


def test_scraping_nvidia_smi_reports_each_failing_node_and_keeps_the_rest() -> None:
    transport = FakeTransport(
        {
            "gpu-h-001": Result(0, capture("h100_query_gpu.csv")),
            "gpu-h-002": Result(
                9, "", "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver."
            ),
            "gpu-h-003": Result(0, "<html>not csv</html>"),
            "gpu-h-004": TimeoutError("ssh timed out"),
        }
    )
    report = scrape_nvidia_smi(transport, ["gpu-h-001", "gpu-h-002", "gpu-h-003", "gpu-h-004"], 50.0)
    assert len(report.events) == 8 and {e["node"] for e in report.events} == {"gpu-h-001"}
    assert report.events[0]["t"] == 50.0
    assert sorted(report.failures) == ["gpu-h-002", "gpu-h-003", "gpu-h-004"]
    assert report.failures["gpu-h-002"].startswith("nvidia-smi exit 9: NVIDIA-SMI has failed")
    assert "ssh timed out" in report.failures["gpu-h-004"]
    assert all(timeout == 20.0 for _, timeout in transport.calls)


def test_scraping_exporters_maps_each_url_to_its_node() -> None:
    scrapes = {"http://gpu-b-001:9400/metrics": capture("b200_dcgm_exporter.txt")}

    def fetch(url: str, timeout: float) -> str:
        if url not in scrapes:
            raise OSError("connection refused")
        return scrapes[url]

    report = scrape_dcgm_exporters(["gpu-b-001", "gpu-b-002"], 7.0, fetch=fetch)
    assert {e["node"] for e in report.events} == {"gpu-b-001"}
    assert report.failures == {"gpu-b-002": "GET http://gpu-b-002:9400/metrics: connection refused"}


def test_a_real_http_scrape(exporter: str) -> None:
    report = scrape_dcgm_exporters(["gpu-b-001"], 1.0, url_template=exporter + "/metrics")
    assert report.failures == {}
    assert by_gpu(report.events)[6][F.CLOCK_THROTTLE_REASONS] == 0x40
    assert "404" in scrape_dcgm_exporters(["x"], 1.0, url_template=exporter + "/nope").failures["x"]
    assert http_get(exporter + "/metrics", 2.0).startswith("# HELP DCGM_FI_DEV_SM_CLOCK")


def by_gpu(events: list[dict]) -> dict[int, dict]:
    return {e["gpu"]: e["fields"] for e in events}


@pytest.mark.redis
def test_events_are_queued_for_the_analyser_and_drained_in_order(real_redis: tuple[Any, str]) -> None:
    client, prefix = real_redis
    events = [
        {"t": float(i), "source": "gpu", "node": "n", "gpu": i, "fields": {F.TEMP: 40 + i}} for i in range(5)
    ]
    push_events(client, "c1", events[:3], prefix=prefix)
    push_events(client, "c1", events[3:], prefix=prefix)
    client.rpush(events_key("c1", prefix), b"not json")
    assert [e["gpu"] for e in drain_events(client, "c1", max_n=2, prefix=prefix)] == [0, 1]
    rest = drain_events(client, "c1", prefix=prefix)
    assert [e["gpu"] for e in rest] == [2, 3, 4]
    assert rest[0]["cluster"] == "c1"
    assert drain_events(client, "c1", prefix=prefix) == []


@pytest.mark.redis
def test_the_event_list_is_capped_if_nobody_drains_it(real_redis: tuple[Any, str]) -> None:
    client, prefix = real_redis
    for i in range(4):
        push_events(
            client,
            "c1",
            [{"t": float(i), "source": "gpu", "node": "n", "gpu": 0, "fields": {}}],
            prefix=prefix,
            max_len=3,
        )
    assert [e["t"] for e in drain_events(client, "c1", prefix=prefix)] == [1.0, 2.0, 3.0]


@pytest.mark.redis
def test_ingest_feeds_both_the_analyser_and_the_charts(real_redis: tuple[Any, str]) -> None:
    client, prefix = real_redis
    report = scrape_dcgm_exporters(
        ["gpu-b-001"], 1_795_000_000.0, fetch=lambda u, t: capture("b200_dcgm_exporter.txt")
    )
    assert ingest(client, "c1", report.events, prefix=prefix) == 8
    assert len(drain_events(client, "c1", prefix=prefix)) == 8
    window = TelemetryWindow(client, prefix=prefix)
    assert window.series("c1", "gpu-b-001", 6, F.SM_CLOCK) == [(1_795_000_000.0, 945)]
    assert ingest(client, "c1", [], prefix=prefix) == 0
