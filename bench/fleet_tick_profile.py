"""Profile one cluster's tick per node (issue 26): a synthetic local-mode Slurm cluster of ``--nodes``
nodes (bench/fleet_world.py), ticked in this process; the first ``--warm`` ticks apart, then
``--ticks`` timed ticks (CPU per node), the last one under pyinstrument.

``--cold`` drops this process's in-memory pipeline before each tick, as when the previous tick of
the cluster ran on another worker (the shared tick queue): the pipeline is then read back from
its JSON in Redis.

    RECOVERY_DEV=1 DATABASE_URL=postgres://postgres@127.0.0.1:5432/recovery .venv/bin/python bench/fleet_tick_profile.py --nodes 2000 [--cold] [--html /tmp/tick.html]
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "recovery_site.settings")
os.environ.setdefault("RECOVERY_DEV", "1")
os.environ["RECOVERY_REDIS_PREFIX"] = f"bench-tickprof-{os.getpid()}"
os.environ["CELERY_TASK_ALWAYS_EAGER"] = "1"

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402
from fleet_world import PCI_BUS_IDS, SyntheticCluster  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--nodes", type=int, default=2000)
    ap.add_argument("--warm", type=int, default=2)
    ap.add_argument("--ticks", type=int, default=5)
    ap.add_argument("--cold", action="store_true")
    ap.add_argument("--html", help="write pyinstrument's HTML report here")
    ap.add_argument(
        "--queries", action="store_true", help="the last tick's SQL: count and time by the step that sent it"
    )
    args = ap.parse_args()
    setup_test_environment()
    old = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        with tempfile.TemporaryDirectory(prefix="tick-profile-") as tmp:
            _run(args, Path(tmp))
    finally:
        connection.creation.destroy_test_db(old, verbosity=0)
        from monitoring.redis_store import get_redis

        r = get_redis()
        keys = list(r.scan_iter(os.environ["RECOVERY_REDIS_PREFIX"] + ":*"))
        if keys:
            r.delete(*keys)
    return 0


class QueryLog:
    """A Django execute wrapper: each query's wall time, by the tick step (a function of actions/,
    monitoring/ or incidents/ called from actions/loop.py) that sent it."""

    def __init__(self) -> None:
        self.by_step: dict[str, list[float]] = {}

    def __call__(self, execute, sql, params, many, context):  # type: ignore[no-untyped-def]
        t0 = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            took = time.perf_counter() - t0
            self.by_step.setdefault(self._step(), []).append(took)

    @staticmethod
    def _step() -> str:
        frames = traceback.extract_stack()
        for k in range(len(frames) - 1, -1, -1):  # the innermost: _tick within run_cluster_tick
            frame = frames[k]
            if frame.filename.endswith("actions/loop.py") and frame.name in ("_tick", "run_cluster_tick"):
                for inner in frames[k + 1 :]:
                    if str(ROOT) in inner.filename and "/.venv/" not in inner.filename:
                        return f"{Path(inner.filename).relative_to(ROOT)}:{inner.name}"
                return f"actions/loop.py:{frame.name}"
        return "elsewhere"

    def report(self) -> str:
        rows = sorted(self.by_step.items(), key=lambda kv: -len(kv[1]))
        total = sum(len(v) for v in self.by_step.values())
        lines = [
            f"queries in the last tick: {total}, {sum(map(sum, self.by_step.values())) * 1000:.1f} ms wall"
        ]
        lines += [f"{len(v):4d} {sum(v) * 1000:7.1f} ms  {step}" for step, v in rows]
        return "\n".join(lines)


def _run(args: argparse.Namespace, root: Path) -> None:
    from pyinstrument import Profiler

    from actions.loop import run_cluster_tick
    from monitoring import redis_store
    from monitoring.choices import Autonomy, ConnectionMode, TelemetrySource
    from monitoring.collectors import kernel_stream as ks
    from monitoring.models import Cluster

    world = SyntheticCluster(root, "prof", args.nodes, job_nodes=16, first_job=1000, now=time.time())
    world.install()
    cluster = Cluster.objects.create(
        name="prof",
        connection_mode=ConnectionMode.LOCAL,
        slurm_bin_dir=str(world.dir / "bin"),
        kernel_log_command="agent",
        telemetry_source=TelemetrySource.NONE,
        autonomy=Autonomy.MONITOR,
        partitions=["batch"],
        pci_bus_ids=PCI_BUS_IDS,
    )
    r = redis_store.get_redis()
    cpu = []
    for i in range(args.warm + args.ticks):
        now = time.time()
        world.progress()
        pipe = r.pipeline(transaction=False)
        world.heartbeats(pipe, ks.agents_key("prof", os.environ["RECOVERY_REDIS_PREFIX"]), now)
        pipe.execute()
        if args.cold:
            redis_store.forget_kept_states()
        last = i == args.warm + args.ticks - 1
        profiler = Profiler() if last and not args.queries else None
        queries = QueryLog() if last and args.queries else None
        c0, w0 = time.process_time(), time.perf_counter()
        if profiler:
            profiler.start()
        with connection.execute_wrapper(queries) if queries else contextlib.nullcontext():
            run_cluster_tick(cluster.pk, dt.datetime.fromtimestamp(now, dt.UTC))
        if profiler:
            profiler.stop()
        c, w = time.process_time() - c0, time.perf_counter() - w0
        print(
            f"tick {i + 1}: cpu {c * 1000:.0f} ms ({c * 1000 / args.nodes:.3f} ms/node), wall {w * 1000:.0f} ms"
        )
        if i >= args.warm:
            cpu.append(c)
    print(
        f"timed ticks: CPU median {sorted(cpu)[len(cpu) // 2] * 1000 / args.nodes:.3f} ms per node (profiled tick included)"
    )
    if queries:
        print(queries.report())
    if profiler:
        print(profiler.output_text(unicode=False, color=False, show_all=False)[:12000])
        if args.html:
            Path(args.html).write_text(profiler.output_html())


if __name__ == "__main__":
    sys.exit(main())
