"""A README command typed in another terminal reaches the running demo, or says in one line that none runs.

The demo leaves where it is in a file (``recovery_site.demo_env.write_demo_env``, as
scripts/demo.py writes var/demo.env); here the file is the test's own and points at the
test's PostgreSQL database and a Redis prefix of its own. Each command is a real
``manage.py`` process with none of the demo's variables and no RECOVERY_DEV.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core.management import CommandError, call_command
from django.db import connection

from incidents.choices import AuditEvent
from incidents.models import AuditRecord
from monitoring.sources.simulated import load_world, save_world
from recovery_site import demo_env
from recovery_site.demo_env import FILE_VARIABLE, WHERE, write_demo_env

ROOT = Path(__file__).resolve().parents[2]


def manage(demo_file: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``manage.py`` as typed in another terminal: nothing in its environment says where the demo is."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in (*WHERE, "RECOVERY_DEV", "DEBUG", "SECRET_KEY", "RECOVERY_AUDIT_KEY_FILE")
    }
    env[FILE_VARIABLE] = str(demo_file)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def one_line_error(res: subprocess.CompletedProcess[str]) -> str:
    assert res.returncode == 1, res.stderr
    assert res.stdout == ""
    assert "Traceback" not in res.stderr
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1, res.stderr
    return lines[0]


def database_url() -> str:
    d = connection.settings_dict
    auth = d["USER"] + (f":{d['PASSWORD']}" if d.get("PASSWORD") else "")
    return f"postgres://{auth}@{d['HOST'] or '127.0.0.1'}:{d['PORT'] or 5432}/{d['NAME']}"


def exited_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", ""])
    proc.wait(timeout=30)
    return proc.pid


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)  # the command's own process must see the cluster row
def test_simulate_inject_from_another_terminal_lands_in_the_running_demos_world(
    cluster, redis_ns, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    # Given a demo whose worker has saved its world, and the file it leaves saying where it is
    save_world(cluster, load_world(cluster, time.time()))
    demo_file = tmp_path / "demo.env"
    write_demo_env(
        demo_file,
        {
            "REDIS_URL": django_settings.REDIS_URL,
            "RECOVERY_REDIS_PREFIX": redis_ns,
            "CELERY_TASK_DEFAULT_QUEUE": f"{redis_ns}-queue",
            "RECOVERY_CHANNEL_PREFIX": f"{redis_ns}-asgi",
            "DATABASE_URL": database_url(),
            "RECOVERY_DEV": "1",
            "RECOVERY_AUDIT_DEV_KEY_FILE": str(tmp_path / "audit.key"),
            "RECOVERY_SECRET_KEY_FILE": str(tmp_path / "secret_key"),
        },
        url="http://127.0.0.1:8000/",
    )

    # When an operator injects a fault from another terminal, without RECOVERY_DEV
    res = manage(demo_file, "simulate", "inject", "xid79", "--cluster", "sim-t")

    # Then it is in the world the demo's worker reads next tick, and audited in the demo's database
    assert res.returncode == 0, res.stderr
    printed = json.loads(res.stdout)
    world = load_world(cluster, time.time())
    assert [f["id"] for f in world.faults() if f["origin"] == "injected"] == [printed["id"]]
    assert world.faults()[-1]["node"] == printed["node"]
    injected = AuditRecord.objects.get(event=AuditEvent.FAULT_INJECTED)
    assert (injected.cluster, injected.node) == ("sim-t", printed["node"])
    # and the demo's audit trail verifies from there too, with the demo's key and no RECOVERY_DEV
    verified = manage(demo_file, "verify_audit")
    assert (verified.returncode, verified.stderr) == (0, "")
    assert verified.stdout.startswith("audit chain OK: 1 records checked")


def test_simulate_inject_with_no_demo_running_says_so_in_one_line(tmp_path) -> None:  # type: ignore[no-untyped-def]
    line = one_line_error(manage(tmp_path / "demo.env", "simulate", "inject", "xid79"))

    assert line == (
        f"CommandError: the demo is not running (no {tmp_path / 'demo.env'}): start it with `make demo`"
        " (or `.venv/bin/python scripts/demo.py`) in another terminal"
    )


def test_simulate_inject_after_the_demo_died_says_it_is_not_running(tmp_path) -> None:  # type: ignore[no-untyped-def]
    demo_file = tmp_path / "demo.env"
    pid = exited_pid()
    write_demo_env(demo_file, {"REDIS_URL": "redis://127.0.0.1:1/0", "RECOVERY_DEV": "1"}, pid=pid)

    line = one_line_error(manage(demo_file, "simulate", "inject", "xid79"))

    assert line == (
        f"CommandError: the demo is not running ({demo_file} was left by pid {pid}, which has exited):"
        " start it with `make demo` (or `.venv/bin/python scripts/demo.py`) in another terminal"
    )


@pytest.mark.django_db
def test_verify_audit_with_no_demo_and_no_key_says_both_in_one_line(settings, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    # Given a terminal without RECOVERY_DEV or an audit key, where manage.py found no running demo
    monkeypatch.delenv("RECOVERY_DEV")
    settings.RECOVERY_AUDIT_KEY_FILE = settings.RECOVERY_AUDIT_KEY = ""
    monkeypatch.setattr(demo_env, "_state", demo_env.current())  # put back afterwards
    demo_env.apply({FILE_VARIABLE: str(tmp_path / "demo.env")})

    with pytest.raises(CommandError) as caught:
        call_command("verify_audit")

    assert str(caught.value) == (
        "RECOVERY_AUDIT_KEY_FILE (or RECOVERY_AUDIT_KEY) must be set: audit records are authenticated"
        f" with it; the demo is not running (no {tmp_path / 'demo.env'}): start it with `make demo`"
        " (or `.venv/bin/python scripts/demo.py`) in another terminal"
    )


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_simulate_inject_into_a_redis_where_no_world_runs_injects_nothing(
    cluster, redis_ns, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    # Given the environment names a Redis prefix where no worker ever saved a world
    env = {k: v for k, v in os.environ.items() if k not in ("RECOVERY_DEV", "DEBUG", "SECRET_KEY")}
    env.update(
        DATABASE_URL=database_url(),
        RECOVERY_REDIS_PREFIX=redis_ns,
        RECOVERY_DEV="1",
        RECOVERY_AUDIT_DEV_KEY_FILE=str(tmp_path / "audit.key"),
        RECOVERY_SECRET_KEY_FILE=str(tmp_path / "secret_key"),
    )

    res = subprocess.run(
        [sys.executable, "manage.py", "simulate", "inject", "xid79", "--cluster", "sim-t"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )

    # Then one line, no phantom world and no audit record of a fault nobody will see
    line = one_line_error(res)
    assert line.startswith(f"CommandError: no simulated world for sim-t under the key {redis_ns}:sim:")
    assert f"(key prefix {redis_ns!r}): no worker runs this cluster there (the environment sets " in line
    from monitoring.redis_store import get_redis

    assert list(get_redis().scan_iter(f"{redis_ns}:*")) == []
    assert not AuditRecord.objects.filter(event=AuditEvent.FAULT_INJECTED).exists()


def test_simulate_inject_into_a_cluster_that_does_not_exist_names_those_that_do(cluster) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(CommandError) as caught:
        call_command("simulate", "inject", "xid79", "--cluster", "sim-x")

    assert str(caught.value) == "no simulated cluster named 'sim-x' (there are: sim-t)"
    assert not AuditRecord.objects.filter(event=AuditEvent.FAULT_INJECTED).exists()
