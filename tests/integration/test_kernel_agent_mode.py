"""A cluster whose ``kernel_log_command`` is ``agent``: the tick reads the node agents' stream, never SSH.

The cluster is a local-mode Slurm cluster whose ``sinfo``/``scontrol`` are the chaos tests'
fake commands (real scripts on ``slurm_bin_dir``); the kernel lines come from the real agent
process (``--once``) or ``kernel_stream.push``, into the real Redis; the collector state is
saved in the real PostgreSQL.
"""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from monitoring.collectors import kernel_stream as ks
from monitoring.models import Cluster
from tests.chaos import fake_slurm

pytestmark = [pytest.mark.django_db, pytest.mark.redis]
ROOT = Path(__file__).resolve().parents[2]
NODES = ["gpu-0001", "gpu-0002", "gpu-0003"]
XID = "NVRM: Xid (PCI:0000:5d:00): 79, pid=2345, name=python, GPU has fallen off the bus."


@pytest.fixture
def agent_cluster(tmp_path: Path, redis_ns: str) -> Cluster:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake_slurm.install(bin_dir, NODES)
    return Cluster.objects.create(
        name="kagent",
        connection_mode="local",
        slurm_bin_dir=str(bin_dir),
        kernel_log_command="agent",
        poll_interval_s=1,
        gpus_per_node=8,
        partitions=["batch"],
        pci_bus_ids=["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00"],
    )


def _r() -> Any:
    from monitoring.redis_store import get_redis

    return get_redis()


def _beat(prefix: str, nodes: list[str], now: float) -> None:
    for n in nodes:
        ks.push(_r(), "kagent", n, [], now, prefix=prefix)


def _agent_once(prefix: str, log: Path, state: Path, node: str) -> None:
    from django.conf import settings

    argv = [sys.executable, "-m", "monitoring.telemetry.agent", "--cluster", "kagent", "--node", node]
    argv += ["--redis", settings.REDIS_URL, "--prefix", prefix, "--kernel", f"file:{log}"]
    argv += ["--state-dir", str(state), "--no-gpu", "--once"]
    subprocess.run(argv, cwd=ROOT, check=True, timeout=60, capture_output=True)


def _kernel(events: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(e["node"], e["line"]) for e in events if e["source"] == "kernel"]


def test_a_pushed_xid_becomes_a_kernel_event_once_and_again_after_a_tick_that_died(
    agent_cluster: Cluster, redis_ns: str, tmp_path: Path
) -> None:
    from monitoring.sources.slurm import SlurmSource

    log = tmp_path / "kern-gpu-0002.log"
    log.write_text("")
    _agent_once(redis_ns, log, tmp_path / "state", "gpu-0002")  # first run: the end of the file
    log.write_text(XID + "\n")
    _agent_once(redis_ns, log, tmp_path / "state", "gpu-0002")
    now = time.time()
    _beat(redis_ns, ["gpu-0001", "gpu-0003"], now)

    died = SlurmSource(agent_cluster, now)
    assert _kernel(died.collect(now)) == [("gpu-0002", XID)]
    assert died.source_errors == {}
    # That tick died before saving: the next one reads the same line again (at-least-once).
    src = SlurmSource(agent_cluster, now + 1)
    assert _kernel(src.collect(now + 1)) == [("gpu-0002", XID)]
    assert "nodes" not in src.state["kernel"]  # no node was reached over SSH
    src.save()
    # Saved in PostgreSQL: the next tick, on any worker, starts after it.
    after = SlurmSource(agent_cluster, now + 2)
    assert _kernel(after.collect(now + 2)) == []
    assert after.state["kernel"]["stream"] == src.state["kernel"]["stream"]


def test_the_tick_turns_the_xid_into_an_incident_on_that_node(agent_cluster: Cluster, redis_ns: str) -> None:
    from actions.loop import run_cluster_tick
    from incidents.models import Incident

    now = dt.datetime.now(dt.UTC)
    _beat(redis_ns, NODES, now.timestamp())
    run_cluster_tick(agent_cluster.pk, now)
    ks.push(_r(), "kagent", "gpu-0003", [XID], now.timestamp() + 1, prefix=redis_ns)
    later = now + dt.timedelta(seconds=2)
    run_cluster_tick(agent_cluster.pk, later)
    incidents = list(Incident.objects.filter(cluster=agent_cluster))
    assert incidents, "the Xid pushed by the agent reached no detector"
    assert [(i.culprit_node, i.culprit_gpu) for i in incidents] == [("gpu-0003", 3)], [
        i.__dict__ for i in incidents
    ]


def test_silent_agents_show_on_the_cluster_page_as_the_kernel_source_error(
    agent_cluster: Cluster, redis_ns: str, client: Any, viewer: Any, settings: Any
) -> None:
    from actions.loop import run_cluster_tick
    from monitoring.controller_state import health

    settings.RECOVERY_KERNEL_AGENT_SILENT_S = 30
    now = dt.datetime.now(dt.UTC)
    _beat(redis_ns, ["gpu-0001"], now.timestamp())
    _beat(redis_ns, ["gpu-0002"], now.timestamp() - 120)  # stopped two minutes ago
    run_cluster_tick(agent_cluster.pk, now)
    error = health(agent_cluster, now)["sources"]["kernel logs"]["error"]
    assert error == "kernel agent silent on 2 nodes (no heartbeat for 30 s): gpu-0002, gpu-0003"
    client.force_login(viewer)
    page = client.get(f"/clusters/{agent_cluster.pk}/").content.decode()
    assert f"kernel logs: <code>{error}</code>" in page
    # They come back: the line clears on the next tick.
    _beat(redis_ns, NODES, now.timestamp() + 1)
    run_cluster_tick(agent_cluster.pk, now + dt.timedelta(seconds=1))
    assert health(agent_cluster, now)["sources"]["kernel logs"]["error"] == ""
