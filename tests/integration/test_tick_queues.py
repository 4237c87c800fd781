"""Many clusters over many workers (issue 14): each cluster's ticks go to its own queue.

Two real Celery workers (subprocesses) on the real Redis broker and this test's PostgreSQL
database, each subscribed to one tick queue; the first also takes the default queue, where
the beat's ``tick_all_clusters`` lands and routes every cluster's tick. Four clusters, three
rounds: every tick runs exactly once and each worker runs the ticks of its own clusters.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.db import connection

from actions.models import TickStat
from actions.tasks import tick_queue
from monitoring.choices import Autonomy, ConnectionMode
from monitoring.models import Cluster
from tests.waiting import never_within

ROOT = Path(__file__).resolve().parents[2]
CELERY = Path(sys.executable).parent / "celery"
ROUNDS = 3


def test_without_the_setting_ticks_use_the_default_queue(settings) -> None:  # type: ignore[no-untyped-def]
    settings.RECOVERY_TICK_QUEUES = 0
    assert tick_queue(7) is None
    settings.RECOVERY_TICK_QUEUES = 3
    settings.CELERY_TASK_DEFAULT_QUEUE = "celery"
    assert [tick_queue(i) for i in (6, 7, 8)] == ["celery-ticks-0", "celery-ticks-1", "celery-ticks-2"]


def _wait(condition, timeout: float) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.3)


def _database_url() -> str:
    d = connection.settings_dict
    auth = d["USER"] + (f":{d['PASSWORD']}" if d.get("PASSWORD") else "")
    return f"postgres://{auth}@{d['HOST'] or '127.0.0.1'}:{d['PORT'] or 5432}/{d['NAME']}"


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_two_workers_split_the_clusters_and_every_tick_runs_once(redis_ns, settings, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from celery import current_app

    queue = f"t14-{uuid.uuid4().hex[:8]}"
    settings.CELERY_TASK_DEFAULT_QUEUE = queue
    settings.RECOVERY_TICK_QUEUES = 2
    clusters = [
        Cluster.objects.create(
            name=f"q-{i}",
            connection_mode=ConnectionMode.SIMULATED,
            autonomy=Autonomy.MONITOR,
            partitions=["batch", "canary"],
            poll_interval_s=0.5,
        )
        for i in range(4)
    ]
    env = {
        **os.environ,
        "DATABASE_URL": _database_url(),
        "DB_POOL": "0",
        "RECOVERY_REDIS_PREFIX": redis_ns,
        "CELERY_TASK_DEFAULT_QUEUE": queue,
        "CELERY_TASK_ALWAYS_EAGER": "0",
        "RECOVERY_TICK_QUEUES": "2",
        "RECOVERY_RECORD_DIR": str(tmp_path / "record"),
        "SIM_NODES": "8",
        "SIM_FAULT_MEAN_INTERVAL_S": "0",
        "RECOVERY_DEV": "1",
    }
    queues = {"a": f"{queue},{queue}-ticks-0", "b": f"{queue}-ticks-1"}
    workers = {}
    try:
        for name, subscribed in queues.items():
            log = open(tmp_path / f"{name}.log", "wb")  # noqa: SIM115
            workers[name] = subprocess.Popen(
                [str(CELERY), "-A", "recovery_site", "worker", "-l", "info", "-c", "1", "-P", "solo"]
                + ["-Q", subscribed, "-n", f"{name}-{queue}@%h"]
                + ["--without-gossip", "--without-mingle", "--without-heartbeat"],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        _wait(
            lambda: all("ready." in (tmp_path / f"{n}.log").read_text(errors="replace") for n in workers), 120
        )

        def ticks() -> dict[int, int]:
            return dict(TickStat.objects.filter(cluster__in=clusters).values_list("cluster_id", "ticks"))

        for r in range(1, ROUNDS + 1):
            time.sleep(0.6)  # past the clusters' poll interval: every cluster is due again
            current_app.send_task("actions.tasks.tick_all_clusters", queue=queue)
            _wait(lambda r=r: len(ticks()) == 4 and min(ticks().values()) >= r, 60)
        # A duplicate tick (one cluster ticked twice in a round) would show up within this window.
        never_within(
            2.0, "a cluster ticked more often than it was due", lambda: max(ticks().values()) > ROUNDS
        )
        done = ticks()
        logs = {name: (tmp_path / f"{name}.log").read_text(errors="replace") for name in workers}
        assert done == {c.pk: ROUNDS for c in clusters}, logs
        ran = {
            name: len(re.findall(r"Task actions\.tasks\.tick_cluster\[[^\]]+\] succeeded", text))
            for name, text in logs.items()
        }
        shard0 = sum(1 for c in clusters if c.pk % 2 == 0)
        assert ran == {"a": ROUNDS * shard0, "b": ROUNDS * (4 - shard0)}, logs
        assert ran["a"] > 0 and ran["b"] > 0
    finally:
        for p in workers.values():
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGTERM)
                try:
                    p.wait(20)
                except subprocess.TimeoutExpired:
                    os.killpg(p.pid, signal.SIGKILL)
                    p.wait(10)
        from monitoring.redis_store import get_redis

        r = get_redis()
        stale = list(r.scan_iter(f"{queue}*"))
        if stale:
            r.delete(*stale)
