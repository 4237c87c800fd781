"""How long one Prometheus scrape of /metrics takes, against a database of N incidents.

Every number on /metrics is computed from rows at scrape time (actions/views/exposition.py), so
the scrape's cost grows with history. This builds a throwaway test database (PostgreSQL
when DATABASE_URL says so, else SQLite), fills it with N incidents (each with a drain and a
requeue that waited for approval, evidence and a verification record), and times scrapes.

    RECOVERY_DEV=1 DATABASE_URL=postgres://postgres@127.0.0.1:5432/recovery .venv/bin/python bench/metrics_scrape_bench.py [--incidents 2000 5000] [--scrapes 5]
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "recovery_site.settings")
os.environ.setdefault("RECOVERY_DEV", "1")
os.environ["RECOVERY_REDIS_PREFIX"] = (
    f"bench-metrics-{os.getpid()}"  # its own Redis keys, flushed between scrapes and removed afterwards
)

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402


def fill(n: int, start: int) -> None:
    from actions.models import Recommendation, RecommendationTransition
    from incidents.models import Evidence, Incident
    from monitoring.models import Cluster, Job

    cluster, _ = Cluster.objects.get_or_create(name="bench", defaults={"partitions": ["batch"]})
    t0 = dt.datetime(2026, 11, 1, tzinfo=dt.UTC)
    cats = ["gpu_hardware", "network", "hang", "node_failure", "software"]
    incs = Incident.objects.bulk_create(
        Incident(
            cluster=cluster,
            key=f"i-{start + i}",
            category=cats[i % 5],
            culprit_node=f"gpu-{i % 64:03d}",
            jobs=[str(1000 + i % 50)],
            first_signal_at=t0 + dt.timedelta(minutes=i),
            detected_at=t0 + dt.timedelta(minutes=i, seconds=20),
            status="recovered",
            resolved_at=t0 + dt.timedelta(minutes=i, seconds=320),
        )
        for i in range(n)
    )
    Job.objects.bulk_create(
        [Job(cluster=cluster, slurm_id=str(1000 + j), nodes="gpu-[000-003]") for j in range(50)],
        ignore_conflicts=True,
    )
    Evidence.objects.bulk_create(Evidence(incident=inc, position=0, text="Xid 79 on GPU 3") for inc in incs)
    recs = []
    for inc in incs:
        for action in ("drain_node", "requeue_job"):
            recs.append(
                Recommendation(
                    incident=inc,
                    cluster=cluster,
                    action=action,
                    node=inc.culprit_node,
                    status="succeeded",
                    created_at=inc.detected_at,
                    decided_at=inc.detected_at + dt.timedelta(seconds=90),
                    executed_at=inc.detected_at + dt.timedelta(seconds=91),
                    text="requeue from step 1200; a restart loses 40 steps since the checkpoint at step 1200",
                )
            )
    recs = Recommendation.objects.bulk_create(recs)
    RecommendationTransition.objects.bulk_create(
        RecommendationTransition(
            recommendation=r, old="proposed", new="awaiting_approval", actor="controller", at=r.created_at
        )
        for r in recs
    )


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--incidents", type=int, nargs="+", default=[500, 2000, 5000])
    p.add_argument("--scrapes", type=int, default=3)
    args = p.parse_args()
    setup_test_environment()
    old = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        from django.test import Client
        from django.test.utils import override_settings

        have = 0
        print(f"database: {connection.vendor}")
        for n in sorted(args.incidents):
            fill(n - have, have)
            have = n
            with override_settings(RECOVERY_METRICS_TOKEN="", RECOVERY_DEV=True):
                client = Client()
                t = time.perf_counter()
                client.get("/metrics")
                cold = time.perf_counter() - t
                _flush_redis()  # what a Redis restart or FLUSHALL does to any cache
                t = time.perf_counter()
                client.get("/metrics")
                flushed = time.perf_counter() - t
                times, size = [], 0
                for _ in range(args.scrapes):
                    t = time.perf_counter()
                    body = client.get("/metrics").content
                    times.append(time.perf_counter() - t)
                    size = len(body)
            print(
                f"{n:>6} incidents (all settled): first scrape {cold * 1000:8.1f} ms (computes the new ones), "
                f"first after a Redis flush {flushed * 1000:7.1f} ms, then median {sorted(times)[len(times) // 2] * 1000:7.1f} ms, best {min(times) * 1000:7.1f} ms, {size} bytes"
            )
    finally:
        connection.creation.destroy_test_db(old, verbosity=0)
        _flush_redis()
    return 0


def _flush_redis() -> None:
    from monitoring.redis_store import get_redis

    r = get_redis()
    keys = list(r.scan_iter(os.environ["RECOVERY_REDIS_PREFIX"] + ":*"))
    if keys:
        r.delete(*keys)


if __name__ == "__main__":
    sys.exit(main())
