"""Ticks that survive a worker (issue 26): one shared tick queue that every worker takes.

Two real Celery workers (subprocesses) on the real Redis broker and this test's PostgreSQL
database, both started the plain way (``-Q <default queue>``): they subscribe the shared tick
queue by themselves. The test plays the beat (``tick_all_clusters`` every 0.3 s). One worker is
killed with SIGKILL in the middle of a tick; every cluster, the one it was ticking included,
is ticked again by the other within three poll intervals, and no cluster is ever ticked by two
workers at once (the per-cluster lock).
"""

from __future__ import annotations

import datetime as dt
import os
import re
import signal
import subprocess
import sys
import threading
import uuid
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.db import connection

from actions.tasks import tick_queue
from monitoring.choices import Autonomy, ConnectionMode
from monitoring.models import Cluster, ControllerState
from tests.waiting import until

ROOT = Path(__file__).resolve().parents[2]
CELERY = Path(sys.executable).parent / "celery"
INTERVAL_S = 3.0  # each cluster's poll interval
LOCK_TTL_S = 2.0  # the workers' RECOVERY_LOCK_TTL_S: a killed tick's lock frees within it


def test_every_clusters_ticks_go_to_the_one_shared_queue(settings) -> None:  # type: ignore[no-untyped-def]
    settings.CELERY_TASK_DEFAULT_QUEUE = "celery"
    assert tick_queue() == "celery-ticks"


def _started_with(*names: str):  # type: ignore[no-untyped-def]
    """What a worker started with ``-Q names`` holds: the app's real Queues, selected."""
    from celery import current_app
    from kombu import Queue

    queues = current_app.amqp.Queues([Queue(n) for n in names])
    queues.select(list(names))
    return SimpleNamespace(app=SimpleNamespace(amqp=SimpleNamespace(queues=queues)))


def test_a_worker_on_the_default_queue_takes_the_ticks_and_a_node_agent_does_not(settings) -> None:  # type: ignore[no-untyped-def]
    from recovery_site.celery import take_ticks_too

    settings.CELERY_TASK_DEFAULT_QUEUE = "celery"
    general, agent = _started_with("celery"), _started_with("node.gpu-0001")
    take_ticks_too("w@h", general)
    take_ticks_too("a@gpu-0001", agent)
    assert sorted(general.app.amqp.queues.consume_from) == ["celery", "celery-ticks"]
    assert sorted(agent.app.amqp.queues.consume_from) == ["node.gpu-0001"]


@pytest.mark.redis
@pytest.mark.django_db
def test_the_dispatch_sends_the_stalest_first_and_a_tick_may_wait_its_clusters_interval(
    redis_ns, settings
) -> None:  # type: ignore[no-untyped-def]
    """When the workers fall behind, the clusters at the back of the queue must not always be the
    same ones (their ticks expiring each round): never ticked first, then the oldest last tick."""
    import base64
    import json

    from celery import current_app

    from actions.tasks import tick_all_clusters
    from monitoring.redis_store import get_redis

    queue = f"t26-{uuid.uuid4().hex[:8]}"
    settings.CELERY_TASK_DEFAULT_QUEUE = queue
    now = dt.datetime.now(dt.UTC)
    fresh, never, stale = (
        Cluster.objects.create(name=n, connection_mode=ConnectionMode.SIMULATED, poll_interval_s=30)
        for n in ("fresh", "never", "stale")
    )
    ControllerState.objects.create(cluster=fresh, last_tick_at=now - dt.timedelta(seconds=31))
    ControllerState.objects.create(cluster=stale, last_tick_at=now - dt.timedelta(hours=1))
    eager = current_app.conf.task_always_eager
    current_app.conf.task_always_eager = False
    r = get_redis()
    try:
        assert tick_all_clusters() == 3
        sent = [json.loads(m) for m in reversed(r.lrange(f"{queue}-ticks", 0, -1))]  # LPUSHed
    finally:
        current_app.conf.task_always_eager = eager
        r.delete(f"{queue}-ticks", *r.scan_iter(f"_kombu.binding.{queue}*"))
    assert [json.loads(base64.b64decode(m["body"]))[0] for m in sent] == [[never.pk], [stale.pk], [fresh.pk]]
    waits = [dt.datetime.fromisoformat(m["headers"]["expires"]) - now for m in sent]
    assert all(29 <= w.total_seconds() <= 40 for w in waits), waits  # the interval, not 5 s


def _database_url() -> str:
    d = connection.settings_dict
    auth = d["USER"] + (f":{d['PASSWORD']}" if d.get("PASSWORD") else "")
    return f"postgres://{auth}@{d['HOST'] or '127.0.0.1'}:{d['PORT'] or 5432}/{d['NAME']}"


def _in_a_tick(log: Path) -> bool:
    """The solo worker received a tick it has not finished: it is inside it now."""
    text = log.read_text(errors="replace")
    received = len(re.findall(r"Task actions\.tasks\.tick_cluster\[[^\]]+\] received", text))
    done = len(re.findall(r"Task actions\.tasks\.tick_cluster\[[^\]]+\] (succeeded|raised)", text))
    return received > done


def _gaps(seen: dict[int, list[dt.datetime]], since: dt.datetime) -> dict[int, float]:
    """Per cluster, the longest time between two completed ticks around and after ``since``."""
    out = {}
    for cluster_id, ticks in seen.items():
        before = [t for t in ticks if t <= since][-1:]
        after = [t for t in ticks if t > since]
        points = before + after
        out[cluster_id] = max(
            ((b - a).total_seconds() for a, b in zip(points, points[1:], strict=False)), default=float("inf")
        )
    return out


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_tick_leaves_no_cluster_unwatched(redis_ns, settings, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from celery import current_app

    queue = f"t26-{uuid.uuid4().hex[:8]}"
    settings.CELERY_TASK_DEFAULT_QUEUE = queue
    clusters = [
        Cluster.objects.create(
            name=f"q-{i}",
            connection_mode=ConnectionMode.SIMULATED,
            autonomy=Autonomy.MONITOR,
            partitions=["batch", "canary"],
            poll_interval_s=INTERVAL_S,
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
        "RECOVERY_LOCK_TTL_S": str(LOCK_TTL_S),
        "RECOVERY_RECORD_DIR": str(tmp_path / "record"),
        "SIM_NODES": "8",
        "SIM_FAULT_MEAN_INTERVAL_S": "0",
        "RECOVERY_DEV": "1",
    }
    logs = {name: tmp_path / f"{name}.log" for name in ("a", "b")}
    workers = {}
    stop = threading.Event()

    def beat() -> None:  # the beat's dispatch, as often as the real one would run it
        while not stop.wait(0.3):
            current_app.send_task("actions.tasks.tick_all_clusters", queue=queue)

    try:
        for name, log_path in logs.items():
            log = open(log_path, "wb")  # noqa: SIM115
            workers[name] = subprocess.Popen(
                [str(CELERY), "-A", "recovery_site", "worker", "-l", "info", "-c", "1", "-P", "solo"]
                + ["-Q", queue, "-n", f"{name}-{queue}@%h"]  # the default queue only, as documented
                + ["--without-gossip", "--without-mingle", "--without-heartbeat"],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        until(
            "both workers ready",
            lambda: all("ready." in p.read_text(errors="replace") for p in logs.values()),
            120,
        )
        dispatcher = threading.Thread(target=beat, daemon=True)
        dispatcher.start()

        seen: dict[int, list[dt.datetime]] = {c.pk: [] for c in clusters}

        def watch() -> None:
            for cluster_id, at in ControllerState.objects.filter(cluster__in=clusters).values_list(
                "cluster_id", "last_tick_at"
            ):
                if at is not None and (not seen[cluster_id] or seen[cluster_id][-1] != at):
                    seen[cluster_id].append(at)

        def both_ticked() -> bool:
            watch()
            return all(
                len(re.findall(r"tick_cluster\[[^\]]+\] succeeded", p.read_text(errors="replace"))) >= 2
                for p in logs.values()
            )

        until("both workers running ticks", both_ticked, 120, every=0.1)
        until("worker a inside a tick", lambda: watch() or _in_a_tick(logs["a"]), 60, every=0.01)
        os.killpg(workers["a"].pid, signal.SIGKILL)
        killed_at = dt.datetime.now(dt.UTC)
        workers["a"].wait(10)

        def all_ticked_twice_since_the_kill() -> bool:
            watch()
            return all(sum(1 for t in ticks if t > killed_at) >= 2 for ticks in seen.values())

        until("every cluster ticked twice since the kill", all_ticked_twice_since_the_kill, 60, every=0.1)
        gaps = _gaps(seen, killed_at)
        text = {n: p.read_text(errors="replace")[-3000:] for n, p in logs.items()}
        assert max(gaps.values()) <= 3 * INTERVAL_S, (gaps, text)
        assert "tick_cluster" in text["b"]
    finally:
        stop.set()
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
        stale = list(r.scan_iter(f"{queue}*")) + list(r.scan_iter(f"_kombu.binding.{queue}*"))
        if stale:
            r.delete(*stale)
