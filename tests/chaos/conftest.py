"""A stack of its own for the chaos suite: PostgreSQL, Redis, a Celery worker and a beat, on their own ports.

Nothing here touches the shared services: PostgreSQL is a private cluster (initdb in a
temporary folder, its own port), Redis a private server, so the suite can kill -9 them,
restart Redis empty and stop PostgreSQL without disturbing anyone. The test process
reads the database with psycopg (no Django test database): what it checks is what the
controller wrote.

Short deadlines come from the environment (the same settings production reads), so a
run takes minutes: dispatch 3 s, execution 6 s, lock TTL 3 s, blind after 5 s.
"""

from __future__ import annotations

import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from tests import children

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
DEADLINES = {
    "RECOVERY_DISPATCH_DEADLINE_S": "3",
    "RECOVERY_EXECUTION_DEADLINE_S": "6",
    "RECOVERY_LOCK_TTL_S": "3",
    "RECOVERY_LOCK_WAIT_S": "4",
    "RECOVERY_BLIND_AFTER_S": "5",
    "RECOVERY_SLURM_TIMEOUT_S": "3",
    "CELERY_TASK_SOFT_TIME_LIMIT": "20",
    "CELERY_TASK_TIME_LIMIT": "30",
}
STUCK_AFTER_S = 6 + 3 + 10  # execution deadline + a tick or two + margin: "pending past the deadline"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(what: str, check: Callable[[], Any], timeout: float, every: float = 0.2) -> Any:
    end = time.monotonic() + timeout
    last: Any = None
    while time.monotonic() < end:
        try:
            last = check()
        except Exception as exc:  # a service coming up
            last = exc
        if last and not isinstance(last, Exception):
            return last
        time.sleep(every)
    raise AssertionError(f"timed out after {timeout} s waiting for {what} (last: {last!r})")


def _pg_bin() -> Path:
    root = Path("/usr/lib/postgresql")
    if not root.exists():
        pytest.fail("PostgreSQL server binaries are missing: run scripts/services.sh postgres")
    return (
        root
        / sorted(os.listdir(root), key=lambda v: [int(x) for x in v.split(".") if x.isdigit()])[-1]
        / "bin"
    )


class PrivatePostgres:
    """initdb + pg_ctl on a temporary folder and port; stop() is an immediate shutdown (a crash)."""

    def __init__(self) -> None:
        self.bin, self.port = _pg_bin(), free_port()
        self.base = Path(tempfile.mkdtemp(prefix="chaos-pg-"))
        self.data, self.log = self.base / "data", self.base / "pg.log"
        self.as_postgres = os.geteuid() == 0  # PostgreSQL refuses to run as root
        if self.as_postgres:
            pw = pwd.getpwnam("postgres")
            os.chown(self.base, pw.pw_uid, pw.pw_gid)
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8")
        self.start()

    def _run(self, tool: str, *args: str) -> None:
        argv = [str(self.bin / tool), *args]
        if self.as_postgres:
            argv = ["runuser", "-u", "postgres", "--", *argv]
        subprocess.run(argv, check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        opts = (
            f"-p {self.port} -k {self.base} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100"
        )
        self._run("pg_ctl", "-D", str(self.data), "-o", opts, "-l", str(self.log), "-w", "-t", "60", "start")

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def url(self, db: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{db}"

    def connect(self, db: str = "postgres") -> psycopg.Connection[Any]:
        return psycopg.connect(
            host="127.0.0.1", port=self.port, user="postgres", dbname=db, autocommit=True, connect_timeout=3
        )

    def destroy(self) -> None:
        try:
            self.stop()
        except Exception:
            pass
        shutil.rmtree(self.base, ignore_errors=True)


class PrivateRedis:
    def __init__(self, base: Path) -> None:
        self.port, self.base = free_port(), base
        self.proc: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        """A fresh server on the same port: nothing kept (what a restart without persistence leaves)."""
        redis_server = shutil.which("redis-server") or pytest.fail(
            "redis-server is missing: run scripts/services.sh redis"
        )
        self.proc = subprocess.Popen(
            [
                redis_server,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=open(self.base / "redis.log", "ab"),
            stderr=subprocess.STDOUT,  # noqa: SIM115
        )
        wait_for("redis", lambda: socket.create_connection(("127.0.0.1", self.port), 0.5).close() or True, 15)

    def kill(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(10)
            self.proc = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"


@pytest.fixture(scope="session")
def pg() -> Iterator[PrivatePostgres]:
    server = PrivatePostgres()
    try:
        template = "chaos_template"
        with server.connect() as c:
            c.execute(f"CREATE DATABASE {template}")
        env = {
            **os.environ,
            "DATABASE_URL": server.url(template),
            "RECOVERY_DEV": "1",
            "DJANGO_SETTINGS_MODULE": "recovery_site.settings",
        }
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True, timeout=300
        )
        subprocess.run(
            [sys.executable, "manage.py", "seed_demo", "--autonomy", "auto"],
            cwd=ROOT,
            env=env,
            check=True,
            timeout=120,
            capture_output=True,
        )
        yield server
    finally:
        server.destroy()


class Stack:
    """One test's controller: its own database (from the migrated template), Redis, worker and beat."""

    def __init__(self, pg: PrivatePostgres, base: Path) -> None:
        self.pg, self.base = pg, base
        self.db = f"chaos_{uuid.uuid4().hex[:10]}"
        with pg.connect() as c:
            c.execute(f"CREATE DATABASE {self.db} TEMPLATE chaos_template")
        self.redis = PrivateRedis(base)
        self.bin_dir = base / "bin"  # fake Slurm commands, when a test puts some there
        self.bin_dir.mkdir()
        self.env = {
            **os.environ,
            "DATABASE_URL": pg.url(self.db),
            "REDIS_URL": self.redis.url,
            "CELERY_BROKER_URL": self.redis.url,
            "RECOVERY_REDIS_PREFIX": "chaos",
            "RECOVERY_DEV": "1",
            "RECOVERY_TICK_SECONDS": "1",
            "SIM_FAULT_MEAN_INTERVAL_S": "0",
            "DJANGO_SETTINGS_MODULE": "recovery_site.settings",
            "PATH": f"{self.bin_dir}:{os.environ.get('PATH', '')}",
            **DEADLINES,
        }
        self.workers: list[subprocess.Popen[bytes]] = []
        self.beat: subprocess.Popen[bytes] | None = None
        self.kills = 0

    # --- processes ---------------------------------------------------------------------------------
    def _spawn(self, name: str, argv: list[str]) -> subprocess.Popen[bytes]:
        log = open(self.base / f"{name}.log", "ab")  # noqa: SIM115
        return children.started(  # stopped even if pytest itself is killed (tests/children.py)
            subprocess.Popen(
                argv, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        )

    def start_worker(self) -> None:
        """One more worker (production runs several: killing one leaves the others working)."""
        n = len(self.workers) + self.kills
        self.workers.append(
            self._spawn(
                f"worker{n}",
                [
                    str(BIN / "celery"),
                    "-A",
                    "recovery_site",
                    "worker",
                    "-l",
                    "info",
                    "-c",
                    "2",
                    "-Q",
                    "celery",
                    "--without-gossip",
                    "--without-mingle",
                    "--without-heartbeat",
                    "-n",
                    f"chaos{n}@%h",
                ],
            )
        )

    def start_beat(self) -> None:
        self.beat = self._spawn(
            "beat",
            [
                str(BIN / "celery"),
                "-A",
                "recovery_site",
                "beat",
                "-l",
                "warning",
                "-s",
                str(self.base / "beat-schedule"),
            ],
        )

    def kill9_worker(self) -> None:
        """kill -9 of the oldest worker: the main process and its pool children, no chance to clean up."""
        victim = self.workers.pop(0)
        os.killpg(victim.pid, signal.SIGKILL)
        victim.wait(10)
        children.ended(victim)
        self.kills += 1

    def stop(self) -> None:
        for p in (*self.workers, self.beat):
            if p is not None and p.poll() is None:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait(10)
            if p is not None:
                children.ended(p)
        self.redis.kill()

    def manage(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )

    def logs(self) -> str:
        return "\n".join(
            f"--- {p.name}\n{p.read_text(errors='replace')[-4000:]}" for p in sorted(self.base.glob("*.log"))
        )

    # --- reading what the controller wrote ----------------------------------------------------------------
    def sql(self, query: str, *params: Any) -> list[tuple[Any, ...]]:
        with self.pg.connect(self.db) as c:
            return list(c.execute(query, params).fetchall())

    def one(self, query: str, *params: Any) -> Any:
        rows = self.sql(query, *params)
        return rows[0][0] if rows else None


@pytest.fixture
def stack(pg: PrivatePostgres, tmp_path: Path) -> Iterator[Stack]:
    s = Stack(pg, tmp_path)
    try:
        yield s
    finally:
        s.stop()
        with pg.connect() as c:
            c.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (s.db,))
            c.execute(f"DROP DATABASE IF EXISTS {s.db}")
