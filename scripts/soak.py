"""Seeded on-call shifts on the simulator, every named invariant checked from the database (issue 23).

Each seed is one shift on a fresh simulated cluster: the real loop (``run_cluster_tick``) at
simulated speed (2 s steps, as ``tests/integration/sim_clock.Clock``), the simulator's own fault
mix (``SIM_FAULT_MEAN_INTERVAL_S``), and random operator acts through the real service functions
(approve, reject (also with an emptied comment box), dismiss, acknowledge, assign, silence a node, back to monitor, release the
breaker, return to service, an admin's override return, manual reboot and drain); the executions they publish run at the simulated time, as a worker would run
them. After every tick ``actions.services.invariants.check_all`` runs against the database (the
costly checks, the audit chain and the recovery metrics, every ``--heavy-every`` ticks and at the
end of the shift). A violation prints its seed, the simulated time and the acts so far (an
invariant that keeps failing is reported once, until it holds again). It ends with one line:

    soak: seeds=N sim_minutes=M faults=F operator_actions=A invariants=I violations=V

and exits 1 when V > 0. It runs on a throwaway PostgreSQL database and a Redis prefix of its own,
both dropped afterwards:

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/recovery .venv/bin/python scripts/soak.py --seeds 40 --minutes 15 --jobs 2
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import logging
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
T0 = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)
STEP_S = 2.0
HEAVY = ("audit_chain_verifies", "ettr_in_range", "lost_within_allocated", "ettr_page_equals_metrics")


@dataclass
class Shift:
    """One seed's shift: what happened, and what broke."""

    seed: int
    sim_minutes: float = 0.0
    faults: int = 0
    acts: list[str] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    check_s: float = 0.0  # wall seconds spent checking invariants (the rest: the loop and the acts)
    kills: int = 0  # workers killed between ticks holding executions (``--worker-kills``)

    @property
    def operator_actions(self) -> int:
        return len(self.acts) - self.kills


def _setup_environment() -> None:
    """Before Django starts: a Redis prefix of this run only, tasks inline, the dev audit key."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "recovery_site.settings")
    os.environ.setdefault("RECOVERY_DEV", "1")
    os.environ["RECOVERY_REDIS_PREFIX"] = f"soak-{os.getpid()}"  # removed afterwards
    os.environ["RECOVERY_CHANNEL_PREFIX"] = f"soak-{os.getpid()}-asgi"
    os.environ["RECOVERY_RECORD_DIR"] = tempfile.mkdtemp(prefix="soak-record-")  # removed afterwards


# ---------------------------------------------------------------- the people


def make_people() -> dict[str, Any]:
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group

    out = {}
    for name, group in (("otto", "operator"), ("ada", "admin")):
        user, _ = get_user_model().objects.get_or_create(username=name)
        user.groups.add(Group.objects.get_or_create(name=group)[0])
        out[group] = user
    return out


def make_cluster(seed: int, rng: random.Random) -> Any:
    from monitoring.choices import Autonomy, ConnectionMode
    from monitoring.models import Cluster

    return Cluster.objects.create(
        name=f"soak-{seed}",
        connection_mode=ConnectionMode.SIMULATED,
        autonomy=rng.choice([Autonomy.APPROVE, Autonomy.APPROVE, Autonomy.AUTO]),
        remediation_autonomy=Autonomy.APPROVE,
        partitions=["batch", "canary"],
        max_drains_per_hour=10,
        max_partition_drained_pct=50,
    )


# ---------------------------------------------------------------- the operator's acts


def _open_recs(cluster: Any) -> list[Any]:
    from actions.choices import RecStatus
    from actions.models import Recommendation

    qs = Recommendation.objects.filter(cluster=cluster, status=RecStatus.AWAITING_APPROVAL)
    return list(qs.select_related("incident", "cluster").order_by("pk"))


def _active(cluster: Any) -> list[Any]:
    from incidents.choices import INCIDENT_ACTIVE
    from incidents.models import Incident

    return list(Incident.objects.filter(cluster=cluster, status__in=list(INCIDENT_ACTIVE)).order_by("pk"))


def _nodes(cluster: Any, **where: Any) -> list[Any]:
    from monitoring.models import Node

    return list(Node.objects.filter(cluster=cluster, **where).select_related("cluster").order_by("name"))


def acts_for(cluster: Any, people: dict[str, Any]) -> dict[str, Callable[[random.Random, dt.datetime], str]]:
    """Each act picks its target at random among those it applies to; '' when there is none."""
    from actions.lifecycle.node import missing_steps
    from actions.services import actionable, drains, reboots, recommendations, returns
    from actions.services.node_track import track_of
    from incidents import oncall, silences

    op, admin = people["operator"], people["admin"]

    def pick(rng: random.Random, xs: list[Any]) -> Any:
        return rng.choice(xs) if xs else None

    def approve(rng: random.Random, now: dt.datetime) -> str:
        rec = pick(rng, _open_recs(cluster))
        return rec and (
            recommendations.approve_recommendation(rec, op, now) and f"approve #{rec.pk} {rec.action}"
        )

    def reject(rng: random.Random, now: dt.datetime) -> str:
        rec = pick(rng, _open_recs(cluster))
        return rec and (
            recommendations.reject_recommendation(rec, op, now, "soak: not now") and f"reject #{rec.pk}"
        )

    def reject_wiped(rng: random.Random, now: dt.datetime) -> str:
        """Reject with the comment box a live update emptied (issue 23, defect 8): never a rejection
        recorded without a reason (``recommendation_history_follows_its_table`` replays the reason)."""
        rec = pick(rng, _open_recs(cluster))
        return rec and (
            recommendations.reject_recommendation(rec, op, now, "") and f"reject #{rec.pk} with an empty box"
        )

    def dismiss(rng: random.Random, now: dt.datetime) -> str:
        inc = pick(rng, _active(cluster))
        return inc and f"dismiss incident #{inc.pk}: {actionable.dismiss(inc, op, 'soak: false alarm', now)}"

    def acknowledge(rng: random.Random, now: dt.datetime) -> str:
        inc = pick(rng, [i for i in _active(cluster) if not i.acknowledged_by])
        return inc and f"acknowledge incident #{inc.pk}: {oncall.acknowledge_incident(inc, op, now)}"

    def assign(rng: random.Random, now: dt.datetime) -> str:
        inc = pick(rng, _active(cluster))
        return inc and f"assign incident #{inc.pk} to ada: {oncall.assign_incident(inc, op, 'ada', now)}"

    def silence(rng: random.Random, now: dt.datetime) -> str:
        node = pick(rng, _nodes(cluster))
        if node is None:
            return ""
        end = now + dt.timedelta(minutes=rng.choice([2, 5]))
        silences.create_silence(
            cluster, op, starts_at=now, ends_at=end, reason="soak: maintenance", now=now, node=node.name
        )
        return f"silence {node.name} until t+{(end - T0).total_seconds():.0f}s"

    def back_to_monitor(rng: random.Random, now: dt.datetime) -> str:
        cluster.refresh_from_db(fields=["monitor_only"])
        if cluster.monitor_only:
            return ""
        actionable.switch_monitor_only(cluster, True, op, now, reason="soak: look first")
        return "back to monitor"

    def release(rng: random.Random, now: dt.datetime) -> str:
        cluster.refresh_from_db(fields=["monitor_only"])
        if not cluster.monitor_only:
            return ""
        actionable.switch_monitor_only(cluster, False, admin, now, reason="soak: checked")
        return "release the breaker"

    def return_to_service(rng: random.Random, now: dt.datetime) -> str:
        node = pick(rng, _nodes(cluster, drained_by_us=True))
        return node and f"return {node.name}: {returns.return_to_service(node, op, now, 'soak').outcome}"

    def override_return(rng: random.Random, now: dt.datetime) -> str:
        """An admin returns a node we drained, naming the steps its track still misses (audited)."""
        node = pick(rng, _nodes(cluster, drained_by_us=True))
        if node is None:
            return ""
        skipped = sorted(s.value for s in missing_steps(track_of(node))) or ["health check"]
        result = returns.return_to_service(
            node, admin, now, "soak: vendor says fine", override=True, skipped=skipped
        )
        return f"override return {node.name} skipping {', '.join(skipped)}: {result.outcome}"

    def reboot(rng: random.Random, now: dt.datetime) -> str:
        node = pick(rng, _nodes(cluster, drained_by_us=True))
        return node and f"reboot {node.name}: #{reboots.reboot_by_hand(node, op, now, 'soak').pk} approved"

    def drain(rng: random.Random, now: dt.datetime) -> str:
        node = pick(rng, _nodes(cluster, drained_by_us=False, state__in=["IDLE", "ALLOCATED", "MIXED"]))
        return node and f"drain {node.name}: {drains.drain_by_hand(node, op, now, 'soak').outcome}"

    return {
        "approve": approve,
        "reject": reject,
        "reject_wiped": reject_wiped,
        "dismiss": dismiss,
        "acknowledge": acknowledge,
        "assign": assign,
        "silence": silence,
        "back_to_monitor": back_to_monitor,
        "release": release,
        "return_to_service": return_to_service,
        "override_return": override_return,
        "reboot": reboot,
        "drain": drain,
    }


# How often each act is chosen: mostly deciding what awaits, sometimes the heavier hands.
WEIGHTS = {
    "approve": 6,
    "reject": 2,
    "reject_wiped": 0.5,
    "dismiss": 1,
    "acknowledge": 3,
    "assign": 1,
    "silence": 0.5,
    "back_to_monitor": 0.5,
    "release": 2,
    "return_to_service": 2,
    "override_return": 0.5,
    "reboot": 1,
    "drain": 0.5,
}


def refusals() -> tuple[type[BaseException], ...]:
    """What the services answer a click they refuse (a 403, a 409 or a message on the page)."""
    from django.core.exceptions import PermissionDenied

    from actions.services.drains import DrainRefused
    from actions.services.qualification import QualificationFailed
    from actions.services.reboots import RebootRefused
    from actions.services.returns import HeldAsLemon, NotOurs, NotReady
    from actions.services.transitions import Conflict
    from incidents.services import IllegalTransition

    return (
        PermissionDenied,
        Conflict,
        NotOurs,
        NotReady,
        HeldAsLemon,
        QualificationFailed,
        DrainRefused,
        RebootRefused,
        IllegalTransition,
    )


# ---------------------------------------------------------------- the worker, at simulated time


@contextmanager
def simulated_worker() -> Iterator[list[int]]:
    """Execution tasks published (after commit) are kept here by recommendation id, not run by a
    worker's wall clock: the shift runs each at the simulated time (``run_executions``). The
    messages go to a queue of this run's own (no worker consumes it), deleted afterwards."""
    from celery.signals import before_task_publish
    from django.conf import settings

    from actions.services.dispatch import EXECUTE
    from monitoring.redis_store import get_redis
    from recovery_site.celery import app

    queue = f"{settings.RECOVERY_REDIS_PREFIX}:soak-queue"
    sent: list[int] = []

    def seen(sender: str | None = None, body: Any = None, **kw: Any) -> None:
        if sender == EXECUTE:
            sent.append(int(body[0][0]))

    old = app.conf.task_default_queue, app.conf.task_always_eager
    app.conf.task_default_queue, app.conf.task_always_eager = queue, False
    before_task_publish.connect(seen, weak=False)
    try:
        yield sent
    finally:
        before_task_publish.disconnect(seen)
        app.conf.task_default_queue, app.conf.task_always_eager = old
        get_redis().delete(queue, f"_kombu.binding.{queue}", f"_kombu.binding_permanent.{queue}")


def run_executions(sent: list[int], now: dt.datetime) -> None:
    """What a worker would do with the published executions, at ``now`` (the real function)."""
    from actions.services.execution import execute_recommendation

    while sent:
        execute_recommendation(sent.pop(0), now)


# ---------------------------------------------------------------- one shift


def run_shift(
    seed: int,
    minutes: float,
    people: dict[str, Any],
    *,
    act_chance: float = 0.08,
    heavy_every: int = 30,
    out: Callable[[str], None] = print,
    between_ticks: Callable[[Any, dt.datetime, int], None] | None = None,
    worker_kills: float = 0.0,
    handover: bool = False,
) -> Shift:
    """One seeded shift; each violation printed with the seed, the time and the acts so far.

    ``between_ticks(cluster, now, tick)``, when given, runs after each tick's acts and before its
    checks (the short form in the tests breaks an invariant there, to show the soak reports it).

    ``worker_kills`` is the chance, after each tick, that the worker dies between ticks holding the
    executions published to it: they are lost, as a ``kill -9`` loses a worker's prefetched messages,
    and only the reconciler's outbox (approved, never picked up) can bring them back. Its own random
    stream: the shift's faults and acts are the same with or without kills.

    ``handover``: every tick rebuilds the pipeline (and the simulated world) from the JSON saved in
    Redis, as a tick does when the cluster's last one ran in another worker process: the invariants
    are then checked across what survives the handover, not only across one process's memory."""
    from django.test.utils import override_settings

    from actions.loop import run_cluster_tick
    from actions.services.invariants import INVARIANT_NAMES, check_all
    from monitoring import redis_store
    from monitoring.sources.simulated import load_world

    rng, killer = random.Random(seed), random.Random(f"kill-{seed}")
    cluster = make_cluster(seed, rng)
    acts, refused = acts_for(cluster, people), refusals()
    names, weights = list(WEIGHTS), list(WEIGHTS.values())
    cheap = [n for n in INVARIANT_NAMES if n not in HEAVY]
    shift, failing = Shift(seed), set[str]()
    ticks = int(minutes * 60 / STEP_S)
    now = T0
    # A pager receiver, so incidents are paged as on a real shift (``merged_duplicate_pages_once``):
    # its deliveries are published to the run's own queue, never sent anywhere.
    pager = ["http://127.0.0.1:9/soak-pager"]
    with override_settings(SIM_SEED=seed, RECOVERY_ALERTMANAGER_WEBHOOKS=pager), simulated_worker() as sent:

        def deliver(i: int, now: dt.datetime) -> None:
            """The worker runs what was published to it, unless it is killed holding it first."""
            if sent and worker_kills and killer.random() < worker_kills:
                shift.acts.append(f"t+{i * STEP_S:.0f}s worker killed holding executions {sent}")
                shift.kills += 1
                sent.clear()  # lost with the worker: the reconciler must dispatch them again
            run_executions(sent, now)

        for i in range(1, ticks + 1):
            now = T0 + dt.timedelta(seconds=i * STEP_S)
            if handover:
                changed = restore_changes(cluster)
                if changed and not any(v.startswith("restore_keeps_decisions") for v in shift.violations):
                    shift.violations.append(f"restore_keeps_decisions: {changed}")
                    out(f"VIOLATION seed={seed} t+{i * STEP_S:.0f}s restore_keeps_decisions: {changed}")
                redis_store.forget_kept_states()
            run_cluster_tick(cluster.pk, now)
            deliver(i, now)
            if rng.random() < act_chance:
                verb = rng.choices(names, weights)[0]
                try:
                    did = acts[verb](rng, now)
                except refused as exc:
                    did = f"{verb} refused: {type(exc).__name__}: {str(exc)[:120]}"
                if did:
                    shift.acts.append(f"t+{i * STEP_S:.0f}s {did}")
                deliver(i, now)
            if between_ticks is not None:
                between_ticks(cluster, now, i)
            checked = cheap if i % heavy_every and i != ticks else list(INVARIANT_NAMES)
            t = time.perf_counter()
            found = check_all(cluster, now, checked)
            shift.check_s += time.perf_counter() - t
            for v in found:
                if v.name in failing:
                    continue  # still failing since it was reported: one violation, not one per tick
                shift.violations.append(str(v))
                out(f"VIOLATION seed={seed} t+{i * STEP_S:.0f}s {v}")
                out(f"  acts so far ({len(shift.acts)}): " + ("; ".join(shift.acts) or "none"))
            failing = (failing - set(checked)) | {v.name for v in found}
        world = load_world(cluster, now.timestamp())
    shift.faults = world.fault_n
    shift.sim_minutes = ticks * STEP_S / 60
    return shift


def restore_changes(cluster: Any) -> str | None:
    """What a pipeline restored from the saved JSON decides differently from the one this process kept
    (issue 24: a restore re-decided closed incidents with what the world learned since, so lemon-node's
    earlier attempts got the lemon's name). Each kept incident's verdict, evidence, recommendations and
    folding must come back as they were; the lines nothing explained rebuild from the next lines."""
    from dataclasses import replace

    from actions.pipeline import Pipeline
    from monitoring import redis_store

    name = redis_store.key("pipeline", cluster.state_id)
    kept = redis_store.kept_state(name)
    raw = redis_store.unwrap_state(redis_store.get_redis().get(name))
    if not isinstance(kept, Pipeline) or not raw:
        return None
    restored = Pipeline.from_state(json.loads(raw))
    differ = [
        k
        for k, u in restored._updates.items()
        if k in kept._updates and replace(u, unexplained=()) != replace(kept._updates[k], unexplained=())
    ]
    return f"incidents {', '.join(sorted(differ))} decided anew on restore" if differ else None


def soak_line(shifts: list[Shift], invariants: int) -> str:
    return (
        f"soak: seeds={len(shifts)} sim_minutes={sum(s.sim_minutes for s in shifts):.0f} "
        f"faults={sum(s.faults for s in shifts)} operator_actions={sum(s.operator_actions for s in shifts)} "
        f"invariants={invariants} violations={sum(len(s.violations) for s in shifts)}"
    )


# ---------------------------------------------------------------- the run

LINE = re.compile(
    r"^soak: seeds=(\d+) sim_minutes=(\d+) faults=(\d+) operator_actions=(\d+) invariants=(\d+) violations=(\d+)$"
)


def _args_kept(argv: list[str]) -> list[str]:
    """The arguments each process is given again: all but how many processes and which seeds."""
    out, skip = [], False
    for a in argv:
        if skip:
            skip = False
        elif a in ("--jobs", "--seeds", "--first-seed"):
            skip = True
        elif not a.startswith(("--jobs=", "--seeds=", "--first-seed=")):
            out.append(a)
    return out


def in_parallel(args: argparse.Namespace, argv: list[str]) -> int:
    """The seeds split over ``--jobs`` processes of this script (each its own database and Redis
    prefix); what each printed, then one line summing theirs."""
    per = [args.seeds // args.jobs + (1 if i < args.seeds % args.jobs else 0) for i in range(args.jobs)]
    first, procs = args.first_seed, []
    for n in (n for n in per if n):
        log = tempfile.TemporaryFile("w+")
        cmd = [sys.executable, __file__, "--seeds", str(n), "--first-seed", str(first), *_args_kept(argv)]
        procs.append((subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, text=True), log))
        first += n
    totals = [0] * 6
    for proc, log in procs:
        proc.wait()
        log.seek(0)
        for line in log:
            m = LINE.match(line.strip())
            if m is None:
                print(line, end="", flush=True)
            else:
                totals = [t + int(x) for t, x in zip(totals, m.groups(), strict=True)]
                totals[4] = int(m.group(5))  # the same invariants in every process
        log.close()
    seeds, minutes, faults, acts, invariants, violations = totals
    print(
        f"soak: seeds={seeds} sim_minutes={minutes} faults={faults} operator_actions={acts} "
        f"invariants={invariants} violations={violations}"
    )
    return 1 if violations or any(p.returncode for p, _ in procs) else 0


def _commit_without_waiting_for_disk(connection: Any) -> None:
    """The soak's database is thrown away at the end: its commits need not wait for the WAL's fsync
    (about 1-2 ms each here, a dozen per tick). Every transaction stays atomic and each connection
    reads what was committed; only a server crash could lose the last commits, and with them the
    soak run, never anything else. New connections get it; the pool is reopened to make them new."""
    name = connection.settings_dict["NAME"]
    with connection.cursor() as cursor:
        cursor.execute(f'ALTER DATABASE "{name}" SET synchronous_commit = off')
    if os.environ.get("SOAK_PREPARED", "1") == "1":
        # Bind parameters server-side and prepare a statement run 5 times on a connection: the tick
        # and the checks send the same few dozen queries every 2 simulated seconds.
        connection.settings_dict["OPTIONS"].update(server_side_binding=True, prepare_threshold=5)
    connection.close()
    if hasattr(connection, "close_pool"):
        connection.close_pool()
    with connection.cursor() as cursor:
        cursor.execute("SHOW synchronous_commit")
        assert cursor.fetchone()[0] == "off"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=40)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--minutes", type=float, default=15.0, help="simulated minutes per seed")
    ap.add_argument("--fault-interval", type=float, default=90.0, help="SIM_FAULT_MEAN_INTERVAL_S")
    ap.add_argument("--act-chance", type=float, default=0.08, help="chance of an operator act per tick")
    ap.add_argument("--heavy-every", type=int, default=30, help="ticks between audit-chain/metrics checks")
    ap.add_argument("--show-acts", action="store_true", help="print every shift's operator acts")
    ap.add_argument(
        "--worker-kills",
        type=float,
        default=0.0,
        help="chance per tick that the worker dies between ticks holding the executions published to it",
    )
    ap.add_argument(
        "--handover",
        action="store_true",
        help="every tick rebuilds the pipeline from Redis, as when the last tick ran in another process",
    )
    ap.add_argument("--jobs", type=int, default=1, help="processes, each on its own database and seeds")
    args = ap.parse_args()
    if args.jobs > 1:
        return in_parallel(args, sys.argv[1:])
    _setup_environment()
    import django

    django.setup()
    logging.getLogger("celery.app.trace").setLevel(logging.WARNING)  # one line per inline task otherwise
    from django.conf import settings
    from django.db import connection
    from django.test.utils import override_settings, setup_test_environment

    from actions.services.invariants import INVARIANT_NAMES
    from monitoring.redis_store import get_redis

    if connection.vendor != "postgresql":
        print("soak: set DATABASE_URL to a PostgreSQL server (it creates and drops its own database)")
        return 2
    setup_test_environment()
    old = connection.settings_dict["NAME"]
    connection.settings_dict["TEST"]["NAME"] = f"soak_{os.getpid()}"  # never a test run's database
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    _commit_without_waiting_for_disk(connection)
    shifts: list[Shift] = []
    started = time.perf_counter()
    try:
        with override_settings(SIM_FAULT_MEAN_INTERVAL_S=args.fault_interval):
            people = make_people()
            for seed in range(args.first_seed, args.first_seed + args.seeds):
                t = time.perf_counter()
                shift = run_shift(
                    seed,
                    args.minutes,
                    people,
                    act_chance=args.act_chance,
                    heavy_every=args.heavy_every,
                    out=lambda line: print(line, flush=True),
                    worker_kills=args.worker_kills,
                    handover=args.handover,
                )
                shifts.append(shift)
                if args.show_acts:
                    print("\n".join(f"  {a}" for a in shift.acts))
                took = time.perf_counter() - t
                print(
                    f"seed {seed}: {shift.sim_minutes:.0f} sim min in {took:.0f} s "
                    f"({took / max(shift.sim_minutes, 1e-9):.1f} s per sim min, {shift.check_s:.0f} s of it checking), "
                    f"faults={shift.faults} "
                    f"acts={shift.operator_actions} worker_kills={shift.kills} violations={len(shift.violations)}",
                    flush=True,
                )
    finally:
        connection.creation.destroy_test_db(old, verbosity=0)
        r = get_redis()
        keys = list(r.scan_iter(settings.RECOVERY_REDIS_PREFIX + "*"))
        if keys:
            r.delete(*keys)
        shutil.rmtree(os.environ["RECOVERY_RECORD_DIR"], ignore_errors=True)
    print(f"soak took {time.perf_counter() - started:.0f} s wall")
    print(soak_line(shifts, len(INVARIANT_NAMES)))
    return 1 if any(s.violations for s in shifts) else 0


if __name__ == "__main__":
    sys.exit(main())
