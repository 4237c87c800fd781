"""A rest cluster as code (apply), and its Test connection when nothing answers or no token is set.

The live half (a real slurmrestd) is tests/slurm/test_restd_live.py; these need only PostgreSQL.
"""

from __future__ import annotations

import io
import socket
from pathlib import Path

import pytest
import yaml
from django.core.management import call_command

from actions.executors import executor_for
from monitoring.connections import client_for, diagnose_connection
from monitoring.models import Cluster
from monitoring.slurm.rest import NoCommands, RestSlurmClient

pytestmark = pytest.mark.django_db


def _apply(tmp_path: Path, connection: dict[str, object]) -> str:
    spec = tmp_path / "clusters.yaml"
    spec.write_text(yaml.safe_dump({"clusters": [{"name": "k8s", "connection": connection}]}))
    out = io.StringIO()
    call_command("apply", str(spec), "--as", "ada", stdout=out, stderr=io.StringIO())
    return out.getvalue()


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_apply_sets_a_rest_connection_and_twice_changes_nothing(admin_user, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    conn = {
        "mode": "rest",
        "url": "https://slurm-api.example:6820",
        "rest_user": "slurm",
        "jwt_key": "/etc/recovery/slurm/jwt.key",
        "ca_file": "/etc/recovery/slurm/ca.pem",
        "kernel_log_command": "agent",
    }
    first = _apply(tmp_path, conn)
    assert "~ k8s.rest_url: '' -> 'https://slurm-api.example:6820'" in first
    c = Cluster.objects.get(name="k8s")
    assert (c.connection_mode, c.rest_user, c.rest_jwt_key_path, c.rest_ca_path, c.rest_token_path) == (
        "rest",
        "slurm",
        "/etc/recovery/slurm/jwt.key",
        "/etc/recovery/slurm/ca.pem",
        "",
    )
    assert _apply(tmp_path, conn) == "no changes\n"
    client = client_for(c)
    assert isinstance(client, RestSlurmClient) and isinstance(client.transport, NoCommands)
    assert client_for(c) is client  # one client per cluster and worker: its token and version are reused


def test_test_connection_of_a_rest_cluster_stops_at_the_step_that_failed(tmp_path: Path) -> None:
    key = tmp_path / "jwt.key"
    key.write_bytes(b"k" * 32)
    c = Cluster.objects.create(
        name="rest-down",
        connection_mode="rest",
        rest_url=f"http://127.0.0.1:{_closed_port()}",
        rest_user="root",
        rest_jwt_key_path=str(key),
    )
    diag = diagnose_connection(c)
    assert [(s["name"], s["ok"]) for s in diag["steps"]] == [("dns", True), ("tcp", False)]
    assert not diag["ok"]
    c.rest_url, c.rest_jwt_key_path = "http://no-such-host.invalid:6820", str(key)
    c.save()
    assert [(s["name"], s["ok"]) for s in diagnose_connection(c)["steps"]] == [("dns", False)]
    c.rest_jwt_key_path = ""
    c.save()
    steps = diagnose_connection(c)["steps"]
    assert steps == [
        {"name": "token", "ok": False, "detail": "give exactly one of a JWT key file or a token file"}
    ]


def test_a_rest_cluster_without_a_command_channel_fails_a_health_check_and_a_gpu_reset_without_running_anything(
    tmp_path: Path,
) -> None:
    key = tmp_path / "jwt.key"
    key.write_bytes(b"k" * 32)
    c = Cluster.objects.create(
        name="rest-nocmd",
        connection_mode="rest",
        rest_url=f"http://127.0.0.1:{_closed_port()}",
        rest_jwt_key_path=str(key),
        qualification_command="/usr/bin/true {node}",
    )
    check = executor_for(c).run_check("node1", 0.0)
    assert check.rc == 255 and "no command channel" in check.output
