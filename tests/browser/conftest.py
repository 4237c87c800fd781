"""The real stack for browser tests: daphne + a Celery worker with beat, on the test database.

A transactional test commits its data, so the subprocesses (which have their own
connections) see it. Each stack has its own key prefix, Celery queue and channel-layer
prefix in a Redis database no demo uses, and removes only its own keys: a running demo
and another test run's browser tests (in another checkout, at the same time) are never
disturbed. Nothing flushes the database: that wiped a concurrent run's world and queue. Chromium is Debian's, driven by Playwright.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import children

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
# Not 9: runs of older checkouts flush database 9 per test. Shared safely between runs (per-stack names).
BROWSER_REDIS_DB = int(os.environ.get("BROWSER_REDIS_DB", "10"))


def until_page_shows(page, url: str, selector: str, text: str, stack: Stack, timeout: float = 60) -> None:  # type: ignore[no-untyped-def]
    """Reload ``url`` until ``selector`` contains ``text``: for server-rendered parts that no live update refreshes.

    Each load gets a few seconds of Playwright's own waiting (``expect``), so a page that
    is still settling is never read once and judged.
    """
    from playwright.sync_api import expect

    end = time.time() + timeout
    while True:
        page.goto(url)
        try:
            expect(page.locator(selector)).to_contain_text(text, timeout=3_000)
            return
        except AssertionError:
            if time.time() > end:
                pytest.fail(
                    f"{url} never showed {text!r} in {selector} within {timeout} s\n" + stack.logs_tail()
                )


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_http(url: str, timeout: float) -> None:
    end = time.time() + timeout
    while time.time() < end:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {timeout} s")


def _wait_for_db_sessions_to_end(name: str, app: str, timeout: float = 5) -> None:
    """PostgreSQL notices a killed client a moment later; the test database can only be dropped after.

    Only the stack's own sessions (``application_name`` ``app``, set through PGAPPNAME) are waited
    for, and whatever of them is still connected after the grace period is terminated. Never this
    process's: terminating its pool's idle connections (as this did before stop 40) left the next
    tests here 10 s of ``couldn't get a connection``, since psycopg_pool checks the dead ones one by
    one with a growing back-off (the CI run of stop 39 lost four tests to it).
    """
    from django.db import connection

    end = time.time() + timeout
    with connection.cursor() as cur:
        while time.time() < end:
            cur.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND application_name = %s",
                [name, app],
            )
            if cur.fetchone()[0] == 0:
                return
            time.sleep(0.3)
        cur.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s AND application_name = %s",
            [name, app],
        )


class Stack:
    def __init__(
        self, base_url: str, env: dict[str, str], procs: list[subprocess.Popen[bytes]], logs: list[Path]
    ) -> None:
        self.base_url, self.env, self.procs, self.logs = base_url, env, procs, logs

    def logs_tail(self) -> str:
        return "\n".join(
            f"--- {p.name}\n" + p.read_text(errors="replace")[-3000:] for p in self.logs if p.exists()
        )


@pytest.fixture
def live_stack(transactional_db, settings, tmp_path) -> Iterator[Stack]:  # type: ignore[no-untyped-def]
    from django.db import connection

    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: run scripts/services.sh chromium")
    db = connection.settings_dict
    prefix = f"browser-{uuid.uuid4().hex[:8]}"
    redis_url = f"redis://127.0.0.1:6379/{BROWSER_REDIS_DB}"
    settings.RECOVERY_REDIS_PREFIX = prefix
    settings.REDIS_URL = redis_url
    channel_prefix = f"{prefix}:asgi"  # this test's live updates only, whatever else shares the Redis
    queue = (
        f"{prefix}:celery"  # this stack's worker takes this stack's tasks only (beat ticks name cluster ids)
    )
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [redis_url], "prefix": channel_prefix},
        }
    }
    from monitoring.redis_store import get_redis

    get_redis.cache_clear()
    port = _free_port()
    env = dict(os.environ)
    env.update(
        DATABASE_URL=f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        REDIS_URL=redis_url,
        CELERY_BROKER_URL=redis_url,
        RECOVERY_REDIS_PREFIX=prefix,
        RECOVERY_CHANNEL_PREFIX=channel_prefix,
        CELERY_TASK_DEFAULT_QUEUE=queue,
        RECOVERY_DEV="1",
        RECOVERY_TICK_SECONDS="1",
        SIM_FAULT_MEAN_INTERVAL_S="0",
        DJANGO_SETTINGS_MODULE="recovery_site.settings",
        PGAPPNAME=prefix,  # libpq's application_name: the teardown ends this stack's sessions only
    )
    bin_dir = Path(sys.executable).parent
    logs = [tmp_path / "web.log", tmp_path / "worker.log"]
    argvs = [
        [str(bin_dir / "daphne"), "-b", "127.0.0.1", "-p", str(port), "recovery_site.asgi:application"],
        [
            str(bin_dir / "celery"),
            "-A",
            "recovery_site",
            "worker",
            "-B",
            "-l",
            "warning",
            "-c",
            "2",
            "-s",
            str(tmp_path / "beat-schedule"),
            "-Q",
            queue,
        ],
    ]
    procs = [
        children.started(
            subprocess.Popen(
                argv,
                cwd=ROOT,
                env=env,
                stdout=open(log, "wb"),
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # noqa: SIM115
        )
        for argv, log in zip(argvs, logs, strict=True)
    ]
    stack = Stack(f"http://127.0.0.1:{port}", env, procs, logs)
    try:
        _wait_http(stack.base_url + "/login/", 30)
        yield stack
    finally:
        for p in procs:  # the whole process group: Celery's pool children hold DB connections too
            os.killpg(p.pid, signal.SIGTERM)
        for p in procs:
            try:
                p.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait(5)
            children.ended(p)
        _wait_for_db_sessions_to_end(db["NAME"], prefix)
        r = get_redis()
        keys = list(r.scan_iter(f"{prefix}:*")) + list(r.scan_iter(f"_kombu.binding.{prefix}:*"))
        if keys:
            r.delete(*keys)
        get_redis.cache_clear()


@pytest.fixture
def chromium(live_stack, monkeypatch) -> Iterator[object]:  # type: ignore[no-untyped-def]
    """Chromium, set up after the live stack and so torn down before it.

    That order lets each module's connection-closing fixture (which names chromium)
    close the test body's connections before live_stack terminates stray sessions;
    the other way round the next transactional test inherits a terminated connection.
    """
    # Playwright's sync API runs a loop in this thread. monkeypatch puts the switch back afterwards,
    # or the process's later subprocesses inherit it (`check --deploy` then fails on async.E001).
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()
            from django.db import connections

            connections.close_all()  # the test body's connection must not outlive the stack's teardown
