"""nvidia-smi telemetry over both real transports (local and the real sshd), scheduled like production.

The only stand-in is ``nvidia-smi`` itself (there is no GPU here): a script that prints
a capture of the documented ``--query-gpu ... --format=csv`` output. It is reached through
the cluster's configured hop (``nvidia_smi_hop``), as ``ssh {node}`` would reach it.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from monitoring import tasks
from monitoring.choices import ConnectionMode, TelemetrySource
from monitoring.models import Cluster as ClusterRow
from monitoring.models import Node
from monitoring.redis_store import get_redis
from monitoring.telemetry.collect import drain_events

pytestmark = [pytest.mark.slurm, pytest.mark.django_db, pytest.mark.redis]
CAPTURE = Path(__file__).resolve().parents[1] / "fixtures" / "telemetry" / "h100_query_gpu.csv"


def _executable(path: Path, text: str) -> None:
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


@pytest.fixture
def node_bin(tmp_path: Path) -> Path:
    """A fake nvidia-smi, and a hop that runs a command "on" a node with it on PATH."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    os.chmod(tmp_path, 0o755)
    _executable(
        bin_dir / "nvidia-smi",
        f'#!/bin/sh\ncase "$*" in *--query-gpu=*--format=csv*) exec cat {CAPTURE} ;; esac\necho "unexpected: $*" >&2; exit 2\n',
    )
    _executable(bin_dir / "on-node", f'#!/bin/sh\nNODE="$1"; shift; PATH="{bin_dir}:$PATH" exec "$@"\n')
    return bin_dir


@pytest.fixture(params=["local", "ssh"])
def polled(request, slurm_cluster, redis_ns, node_bin) -> Iterator[ClusterRow]:  # type: ignore[no-untyped-def]
    from recovery_site.celery import app

    env, ssh = slurm_cluster.env, request.param == "ssh"
    row = ClusterRow.objects.create(
        name=f"smi-{request.param}",
        connection_mode=ConnectionMode.SSH if ssh else ConnectionMode.LOCAL,
        ssh_host=env["RECOVERY_SSH_HOST"] if ssh else "",
        ssh_port=int(env["RECOVERY_SSH_PORT"]) if ssh else 22,
        ssh_user=env["RECOVERY_SSH_USER"] if ssh else "",
        ssh_key_path=env["RECOVERY_SSH_KEY"] if ssh else "",
        known_hosts_path=env["RECOVERY_SSH_KNOWN_HOSTS"] if ssh else "",
        telemetry_source=TelemetrySource.NVIDIA_SMI,
        nvidia_smi_hop=f"{node_bin}/on-node {{node}}",
        gpu_sample_interval_s=60,
    )
    for name in ("node1", "node2"):
        Node.objects.create(cluster=row, name=name)
    app.conf.task_always_eager = True
    yield row
    app.conf.task_always_eager = False


def test_nvidia_smi_samples_arrive_on_schedule_over_the_transport(polled: ClusterRow, redis_ns: str) -> None:
    assert tasks.scrape_due_clusters() == 1
    events = drain_events(get_redis(), polled.name, prefix=redis_ns)
    assert sorted({(e["node"], e["gpu"]) for e in events}) == [
        (n, g) for n in ("node1", "node2") for g in range(8)
    ]
    assert tasks.scrape_due_clusters() == 0
