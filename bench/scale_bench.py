"""Scale bench (issue 14): ticks at 32 / 1,000 / 2,000 simulated nodes, pages and list APIs on a
year-like history, and audit appends with 8 writers, against a throwaway PostgreSQL database.

It seeds its own data: N incidents over 90 days and 4 clusters (each with evidence, a
recommendation and its transitions), M audit records on a valid hash chain; the tick
clusters are built by the simulator itself (SIM_NODES). ``--scale`` shrinks the history
(1.0 = 100k incidents and 1M audit records; the default 0.05 runs in a few minutes on a
small machine). Prints a table and ends with one line:

    scale: nodes=<n> tick_p95_ms=<n> interval_ms=<n> pages_p95_ms_max=<n> worst_page=<path> audit_appends_per_s=<n> tick_cpu_p95_ms=<n>

(``tick_p95_ms`` is wall time, ``tick_cpu_p95_ms`` the process's CPU time: on a shared machine
the second is the steadier figure.)

    RECOVERY_DEV=1 DATABASE_URL=postgres://postgres@127.0.0.1:5432/recovery .venv/bin/python bench/scale_bench.py [--scale 1] [--nodes 32 1000 2000] [--ticks 10] [--parts ticks pages audit]

No number is asserted: the bench prints what it measured.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "recovery_site.settings")
os.environ.setdefault("RECOVERY_DEV", "1")
os.environ["RECOVERY_REDIS_PREFIX"] = f"bench-scale-{os.getpid()}"  # removed afterwards
os.environ.setdefault("CELERY_TASK_ALWAYS_EAGER", "1")  # no worker in the bench: tasks run inline


def _ensure_database() -> None:
    """Before Django starts (its connection pool opens at once): make sure the database that
    DATABASE_URL names exists, or the one ``--keep-db NAME`` names (then DATABASE_URL points at it)."""
    from urllib.parse import urlsplit, urlunsplit

    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        return
    parts = urlsplit(url)
    if "--keep-db" in sys.argv[:-1]:
        parts = parts._replace(path="/" + sys.argv[sys.argv.index("--keep-db") + 1])
        os.environ["DATABASE_URL"] = urlunsplit(parts)
    name = parts.path.lstrip("/")
    import psycopg
    from psycopg import sql

    with psycopg.connect(urlunsplit(parts._replace(path="/postgres")), autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone() is None:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


_ensure_database()

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import override_settings, setup_test_environment  # noqa: E402

# The history ends now, so the 24 h and 7 d windows of the metrics page hold a day's and a week's share.
T0 = dt.datetime.now(dt.UTC).replace(microsecond=0) - dt.timedelta(days=90)
BATCH = 5000


def p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, int(round(0.95 * len(xs))) - 1))] if xs else 0.0


def _cluster(name: str):  # type: ignore[no-untyped-def]
    from monitoring.choices import Autonomy, ConnectionMode
    from monitoring.models import Cluster

    return Cluster.objects.create(
        name=name,
        connection_mode=ConnectionMode.SIMULATED,
        autonomy=Autonomy.MONITOR,
        partitions=["batch", "canary"],
        max_drains_per_hour=10,
        max_partition_drained_pct=50,
    )


def seed_history(n_incidents: int, n_audit: int) -> None:
    from actions.models import Recommendation, RecommendationTransition
    from incidents.audit import record_hash
    from incidents.models import AuditHead, AuditRecord, Evidence, Incident, IncidentTransition

    clusters = [_cluster(f"hist-{i}") for i in range(4)]
    cats = ["gpu_hardware", "network", "hang", "node_failure", "software"]
    statuses = ["recovered"] * 17 + ["dismissed", "open", "escalated"]
    rec_status = {
        "recovered": "succeeded",
        "dismissed": "rejected",
        "open": "awaiting_approval",
        "escalated": "proposed",
    }
    span_s = 90 * 86400
    for start in range(0, n_incidents, BATCH):
        rows = []
        for i in range(start, min(n_incidents, start + BATCH)):
            at = T0 + dt.timedelta(seconds=span_s * i / max(1, n_incidents))
            st = statuses[i % len(statuses)]
            rows.append(
                Incident(
                    cluster=clusters[i % 4],
                    key=f"h-{i}",
                    category=cats[i % 5],
                    culprit_node=f"gpu-a-{i % 2000 + 1:04d}",
                    jobs=[str(5000 + i % 400)],
                    first_signal_at=at,
                    detected_at=at + dt.timedelta(seconds=20),
                    status=st,
                    resolved_at=at + dt.timedelta(seconds=320) if st in ("recovered", "dismissed") else None,
                    confidence=0.9,
                    pattern="xid-79",
                )
            )
        incs = Incident.objects.bulk_create(rows)
        Evidence.objects.bulk_create(Evidence(incident=x, position=0, text="Xid 79 on GPU 3") for x in incs)
        IncidentTransition.objects.bulk_create(
            IncidentTransition(incident=x, old="", new="open", actor="controller", at=x.detected_at)
            for x in incs
        )
        recs = Recommendation.objects.bulk_create(
            Recommendation(
                incident=x,
                cluster=x.cluster,
                action="drain_node",
                node=x.culprit_node,
                status=rec_status[x.status],
                created_at=x.detected_at,
                executed_at=x.detected_at + dt.timedelta(seconds=91) if x.status == "recovered" else None,
                text="drain the node",
            )
            for x in incs
        )
        RecommendationTransition.objects.bulk_create(
            RecommendationTransition(
                recommendation=r, old="proposed", new=r.status, actor="controller", at=r.created_at
            )
            for r in recs
        )
    head, _ = AuditHead.objects.get_or_create(pk=1)
    prev, seq = head.hash, head.seq
    events = ["detection", "verdict", "recommendation", "approval"]
    for start in range(0, n_audit, BATCH):
        rows = []
        for i in range(start, min(n_audit, start + BATCH)):
            seq += 1
            rec = AuditRecord(
                seq=seq,
                at=T0 + dt.timedelta(seconds=90 * 86400 * i / max(1, n_audit)),
                actor_type="system",
                actor="controller",
                event=events[i % 4],
                cluster=f"hist-{i % 4}",
                workload=str(5000 + i % 400),
                node=f"gpu-a-{i % 2000 + 1:04d}",
                incident_id=None,
                prev_hash=prev,
                attribution={},
                detail={},
            )
            rec.hash = prev = record_hash(prev, rec)
            rows.append(rec)
        AuditRecord.objects.bulk_create(rows)
    AuditHead.objects.filter(pk=1).update(seq=seq, hash=prev)
    # A database a year old has planner statistics (autovacuum's ANALYZE): without them the planner
    # takes 10,000 active incidents for 1 and the overview ran a 2.5 s nested loop.
    with connection.cursor() as cur:
        cur.execute("ANALYZE")


def run_ticks(n_nodes: int, ticks: int, interval_s: float) -> dict[str, float]:
    from actions.loop import run_cluster_tick
    from monitoring.models import Node

    with override_settings(SIM_NODES=n_nodes):
        from monitoring.models import Cluster

        # A kept database (--keep-db) already has the cluster of an earlier run: tick it again.
        cluster = Cluster.objects.filter(name=f"scale-{n_nodes}").first() or _cluster(f"scale-{n_nodes}")
        now = dt.datetime.now(dt.UTC).replace(microsecond=0)
        wall, cpu = [], []
        first = first_cpu = 0.0
        for i in range(ticks + 1):
            w0, c0 = time.perf_counter(), time.process_time()
            run_cluster_tick(cluster.id, now)
            w, c = time.perf_counter() - w0, time.process_time() - c0
            if i == 0:
                first, first_cpu = w, c  # creates every node, GPU and job row: reported apart
            else:
                wall.append(w)
                cpu.append(c)
            now += dt.timedelta(seconds=interval_s)
    return {
        "cluster": cluster.id,
        "nodes": Node.objects.filter(cluster=cluster).count(),
        "first_ms": first * 1000,
        "first_cpu_ms": first_cpu * 1000,
        "wall_p50_ms": statistics.median(wall) * 1000,
        "wall_p95_ms": p95(wall) * 1000,
        "cpu_p50_ms": statistics.median(cpu) * 1000,
        "cpu_p95_ms": p95(cpu) * 1000,
    }


def time_pages(paths: list[str], repeats: int) -> list[tuple[str, float, float, int]]:
    from django.contrib.auth.models import Group, User
    from django.test import Client

    user = User.objects.filter(username="bench-admin").first() or User.objects.create_user(
        username="bench-admin", password="x"
    )
    user.groups.add(Group.objects.get_or_create(name="admin")[0])
    client = Client()
    client.force_login(user)
    rows = []
    for path in paths:
        status = client.get(path).status_code  # warm: templates, caches
        times = []
        for _ in range(repeats):
            t = time.perf_counter()
            client.get(path)
            times.append((time.perf_counter() - t) * 1000)
        rows.append((path, statistics.median(times), p95(times), status))
    return rows


def audit_appends_per_s(writers: int, per_writer: int, batch: int = 1) -> float:
    """Records/s with ``writers`` threads (own connections); ``batch`` > 1: that many appends per
    transaction in one ``audit_batch`` (as a tick writes a verdict's records), 1: one at a time."""
    from django.db import connections, transaction

    from incidents.audit import append_audit, audit_batch

    at = dt.datetime.now(dt.UTC)

    def work() -> None:
        try:
            for start in range(0, per_writer, batch):
                if batch == 1:
                    append_audit(event="detection", at=at, cluster="bench", detail={"i": start})
                    continue
                with transaction.atomic(), audit_batch():
                    for i in range(start, min(per_writer, start + batch)):
                        append_audit(event="detection", at=at, cluster="bench", detail={"i": i})
        finally:
            connections.close_all()

    threads = [threading.Thread(target=work) for _ in range(writers)]
    t = time.perf_counter()
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return writers * per_writer / (time.perf_counter() - t)


def page_paths(ticks: dict[int, dict[str, float]], nodes: list[int], n_audit: int) -> list[str]:
    """Every page and list API, on the biggest tick cluster when there is one."""
    from django.db.models import Count

    from incidents.models import Incident
    from monitoring.models import Cluster, Node

    big = (
        int(ticks[max(nodes)]["cluster"])
        if ticks
        else Cluster.objects.annotate(n=Count("nodes"))
        .order_by("-n", "id")
        .values_list("id", flat=True)
        .first()
    )
    node = Node.objects.filter(cluster_id=big).order_by("id").first()
    inc = Incident.objects.order_by("-detected_at").first()
    # A cluster with a history (readiness tallies its incidents) beside the big live one.
    hist = Cluster.objects.annotate(n=Count("incidents")).order_by("-n", "id").values_list(
        "id", "name"
    ).first() or (big, "")
    deep = max(1, n_audit // 50 // 2)
    old_day = (dt.datetime.now(dt.UTC) - dt.timedelta(days=60)).date().isoformat()
    return [
        "/",
        f"/clusters/{big}/",
        f"/clusters/{hist[0]}/",
        f"/nodes/{node.id if node else 0}/",
        "/incidents/",
        f"/incidents/{inc.id if inc else 0}/",
        "/recovery-metrics/?window=24h",
        "/recovery-metrics/?window=7d",
        f"/recovery-metrics/?window=7d&cluster={hist[1]}",
        "/audit/",
        f"/audit/?page={deep}",
        "/audit/?event=approval&cluster=hist-1",
        f"/audit/?from={old_day}&to={old_day}",  # a day two months back
        f"/audit/?before={max(1, n_audit // 3)}",  # an older page by keyset
        "/api/incidents/",
        "/api/recommendations/",
        "/api/recommendations/?status=awaiting_approval",
        "/api/audit/",
        "/api/nodes/",
        "/api/clusters/",
    ]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--scale", type=float, default=0.05, help="history size: 1.0 = 100k incidents, 1M audit records"
    )
    ap.add_argument("--nodes", type=int, nargs="+", default=[32, 1000, 2000])
    ap.add_argument("--ticks", type=int, default=5, help="timed ticks per size, after the first")
    ap.add_argument(
        "--repeats", type=int, default=20, help="timed requests per page (p95 of 10 would be the slowest one)"
    )
    ap.add_argument("--writers", type=int, default=8)
    ap.add_argument("--appends", type=int, default=250, help="audit appends per writer")
    ap.add_argument("--batch", type=int, default=25, help="audit appends per batch (the batched run)")
    ap.add_argument(
        "--parts",
        nargs="+",
        choices=["ticks", "pages", "audit"],
        default=["ticks", "pages", "audit"],
        help="measure only these (the history is seeded for pages and audit)",
    )
    ap.add_argument(
        "--keep-db",
        metavar="NAME",
        help="use (and keep) this database instead of a throwaway one: migrated, seeded only when it "
        "holds no incidents yet, so page timings can be repeated without seeding again",
    )
    args = ap.parse_args()
    parts = set(args.parts)
    if connection.vendor != "postgresql":
        print(
            "scale bench: set DATABASE_URL to a PostgreSQL server (it creates and drops its own test database)"
        )
        return 2
    setup_test_environment()
    old = connection.settings_dict["NAME"]
    if args.keep_db:
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
    else:
        connection.creation.create_test_db(verbosity=0, autoclobber=True)
    interval_s = float(settings.RECOVERY_TICK_SECONDS)
    try:
        n_inc, n_audit = int(100_000 * args.scale), int(1_000_000 * args.scale)
        from incidents.models import Incident

        if parts & {"pages", "audit"} and not Incident.objects.exists():
            t = time.perf_counter()
            seed_history(n_inc, n_audit)
            print(f"seeded {n_inc} incidents and {n_audit} audit records in {time.perf_counter() - t:.1f} s")
        ticks = {}
        if "ticks" in parts:
            print(
                f"\n{'nodes':>6} {'node rows':>9} {'first tick ms':>14} {'first cpu ms':>13} {'wall p50 ms':>12} "
                f"{'wall p95 ms':>12} {'cpu p50 ms':>11} {'cpu p95 ms':>11}"
            )
            for n in args.nodes:
                r = ticks[n] = run_ticks(n, args.ticks, interval_s)
                print(
                    f"{n:>6} {r['nodes']:>9} {r['first_ms']:>14.0f} {r['first_cpu_ms']:>13.0f} "
                    f"{r['wall_p50_ms']:>12.0f} {r['wall_p95_ms']:>12.0f} {r['cpu_p50_ms']:>11.0f} {r['cpu_p95_ms']:>11.0f}"
                )
        rows: list[tuple[str, float, float, int]] = []
        if "pages" in parts:
            # Pages are served by the web process, never the worker that ticked: drop what the
            # ticks handed over in memory (a 2,000-node world and pipeline) before timing them.
            from monitoring import redis_store
            from recovery_site.heap import freeze_startup_heap

            redis_store.forget_kept_states()
            freeze_startup_heap()  # as recovery_site/asgi.py does in the web process
            rows = time_pages(page_paths(ticks, args.nodes, n_audit), args.repeats)
            print(f"\n{'page':<48} {'p50 ms':>8} {'p95 ms':>8} status")
            for path, med, p, status in rows:
                print(f"{path:<48} {med:>8.0f} {p:>8.0f} {status}")
        rate = 0.0
        if "audit" in parts:
            single = audit_appends_per_s(args.writers, args.appends)
            print(f"\naudit appends: {single:.0f} records/s with {args.writers} writers, one per transaction")
            rate = audit_appends_per_s(args.writers, args.appends * 4, args.batch)
            print(
                f"audit appends: {rate:.0f} records/s with {args.writers} writers, "
                f"batches of {args.batch} (audit_batch)"
            )
        biggest = max(args.nodes)
        tick = ticks.get(biggest, {})
        worst = max(rows, key=lambda r: r[2]) if rows else ("-", 0.0, 0.0, 0)
        print(
            f"\nscale: nodes={biggest} tick_p95_ms={tick.get('wall_p95_ms', 0):.0f} interval_ms={interval_s * 1000:.0f} "
            f"pages_p95_ms_max={worst[2]:.0f} worst_page={worst[0]} audit_appends_per_s={rate:.0f} "
            f"tick_cpu_p95_ms={tick.get('cpu_p95_ms', 0):.0f}"
        )
    finally:
        if not args.keep_db:
            connection.creation.destroy_test_db(old, verbosity=0)
        from monitoring.redis_store import get_redis

        r = get_redis()
        keys = list(r.scan_iter(os.environ["RECOVERY_REDIS_PREFIX"] + ":*"))
        if keys:
            r.delete(*keys)
    return 0


if __name__ == "__main__":
    sys.exit(main())
