"""How long the overview (and its live fragment) takes with N active incidents.

The overview lists what needs a person first, then active incidents; the live
fragment is re-fetched by every open browser on each change. This builds a throwaway
test database (PostgreSQL when DATABASE_URL says so, else SQLite), fills one cluster of
64 nodes with N active incidents (one in ten with a drain awaiting approval, one in
twenty escalated), and times logged-in GETs of ``/`` and ``/fragments/overview/``.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/recovery .venv/bin/python bench/overview_bench.py [--incidents 40 500 2000] [--gets 3]
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "recovery_site.settings")
os.environ.setdefault("RECOVERY_DEV", "1")
os.environ["RECOVERY_REDIS_PREFIX"] = f"bench-overview-{os.getpid()}"

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

STATUSES = ["open", "mitigating", "open", "escalated", "open"]


def fill(n: int, start: int) -> None:
    from actions.models import Recommendation
    from incidents.models import Incident
    from monitoring.models import Cluster, Node

    cluster, created = Cluster.objects.get_or_create(name="bench", defaults={"partitions": ["batch"]})
    if created:
        Node.objects.bulk_create(
            Node(cluster=cluster, name=f"gpu-{i:03d}", partition="batch", state="ALLOCATED")
            for i in range(64)
        )
    t0 = dt.datetime.now(dt.UTC) - dt.timedelta(hours=6)
    incs = Incident.objects.bulk_create(
        Incident(
            cluster=cluster,
            key=f"i-{k}",
            category="gpu_hardware",
            culprit_node=f"gpu-{k % 64:03d}",
            culprit_gpu=k % 8,
            confidence=0.9,
            pattern="xid:79",
            jobs=[str(1000 + k % 50)],
            detected_at=t0 + dt.timedelta(seconds=k),
            status="escalated" if k % 20 == 0 else STATUSES[k % 5],
        )
        for k in range(start, start + n)
    )
    Recommendation.objects.bulk_create(
        Recommendation(
            incident=inc,
            cluster=cluster,
            action="drain_node",
            node=inc.culprit_node,
            status="awaiting_approval",
            created_at=inc.detected_at,
            expires_at=inc.detected_at + dt.timedelta(days=1),
        )
        for k, inc in enumerate(incs, start)
        if k % 10 == 0
    )


def count_queries(client, url: str) -> int:  # type: ignore[no-untyped-def]
    seen: list[str] = []

    def note(run, sql, *rest):  # type: ignore[no-untyped-def]
        seen.append(sql)
        return run(sql, *rest)

    with connection.execute_wrapper(note):
        client.get(url)
    return len(seen)


def timed(client, url: str, gets: int) -> tuple[float, float, int]:  # type: ignore[no-untyped-def]
    times, size = [], 0
    for _ in range(gets):
        t = time.perf_counter()
        resp = client.get(url)
        times.append(time.perf_counter() - t)
        assert resp.status_code == 200, resp.status_code
        size = len(resp.content)
    return statistics.median(times) * 1000, min(times) * 1000, size


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--incidents", type=int, nargs="+", default=[40, 500, 2000])
    p.add_argument("--gets", type=int, default=3)
    args = p.parse_args()
    setup_test_environment()
    old = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        from django.contrib.auth.models import Group, User
        from django.test import Client

        user = User.objects.create_user("bench", password="bench")
        user.groups.add(Group.objects.get_or_create(name="viewer")[0])
        client = Client()
        client.force_login(user)
        have = 0
        print(f"database: {connection.vendor}")
        for n in sorted(args.incidents):
            fill(n - have, have)
            have = n
            client.get("/")  # warm caches (templates, readiness)
            queries = count_queries(client, "/")
            page = timed(client, "/", args.gets)
            frag = timed(client, "/fragments/overview/", args.gets)
            print(
                f"{n:>6} active incidents: overview median {page[0]:8.1f} ms (best {page[1]:8.1f}), "
                f"{page[2] / 1024:7.0f} KiB, {queries} queries; "
                f"live fragment median {frag[0]:8.1f} ms, {frag[2] / 1024:7.0f} KiB"
            )
    finally:
        connection.creation.destroy_test_db(old, verbosity=0)
        from monitoring.redis_store import get_redis

        r = get_redis()
        keys = list(r.scan_iter(os.environ["RECOVERY_REDIS_PREFIX"] + ":*"))
        if keys:
            r.delete(*keys)
    return 0


if __name__ == "__main__":
    sys.exit(main())
