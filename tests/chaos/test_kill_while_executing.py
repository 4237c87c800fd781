"""kill -9 of the worker while a drain is ``executing``, landed deterministically.

A cluster in auto mode whose Slurm is the fake in ``tests/chaos/fake_slurm.py``: its
``scontrol update State=DRAIN`` stops at a gate file, so the worker is caught inside the
executor every time (the fake says so by writing ``blocked``), not by luck. First the
worker dies inside a tick (held in the inventory read, the cluster's lock taken): the
lock frees in seconds. Then two moments of a drain:
before Slurm took the drain (the reconciler sees the node up and runs the drain once
more) and after (it sees our drain and finishes the recommendation without a second
``scontrol update``). Last, a drain approved while every worker is dead, its message lost:
the reconciler sends it again once. Each asserts from the database and from the fake's own log of the
drains it took: 0 double drains, 0 recommendations past the reconciler's deadline, 0
audit records lost, the loop resumed within seconds.
"""

from __future__ import annotations

import json
import time

import pytest
import redis

from tests.chaos import fake_slurm
from tests.chaos import invariants as inv
from tests.chaos.conftest import DEADLINES, Stack, wait_for

pytestmark = pytest.mark.chaos
CLUSTER = "fake-slurm"
NODES = [
    f"f{i}" for i in range(1, 9)
]  # eight in the partition; the share guardrail at 50 % passes two drains
RESUME_WITHIN_S = 30.0

STAGE = """
import json
from django.utils import timezone
from actions.models import Recommendation
from actions.services.recommendations import sync_recommendations
from incidents.models import Incident
from monitoring.models import Cluster
c = Cluster.objects.get(name={cluster!r})
now = timezone.now()
inc = Incident.objects.create(cluster=c, key={key!r}, category='gpu_hardware', culprit_node={node!r},
    culprit_gpu=3, confidence=0.9, pattern='chaos: staged GPU fault', jobs=[], detected_at=now)
sync_recommendations(inc, [{{'action': 'drain_node', 'node': {node!r}}}], now)
rec = Recommendation.objects.get(incident=inc, action='drain_node')
print(json.dumps({{'rec': rec.pk, 'status': rec.status}}))
"""


def _fake_cluster(s: Stack) -> None:
    fake_slurm.install(s.bin_dir, NODES)
    made = s.manage(
        "shell",
        "-c",
        (
            "from monitoring.models import Cluster; "
            f"Cluster.objects.create(name={CLUSTER!r}, connection_mode='local', "
            f"slurm_bin_dir={str(s.bin_dir)!r}, poll_interval_s=1, autonomy='auto', max_partition_drained_pct=50)"
        ),
    )
    assert made.returncode == 0, made.stderr[-2000:]
    s.start_worker()
    s.start_beat()
    wait_for(
        "the fake cluster's nodes in the inventory",
        lambda: (
            s.one(
                "SELECT count(*) FROM monitoring_node n JOIN monitoring_cluster c ON c.id = n.cluster_id "
                "WHERE c.name = %s",
                CLUSTER,
            )
            == len(NODES)
        ),
        120,
        0.5,
    )


def _kill_inside_the_drain(s: Stack, gate: str, node: str, key: str) -> dict[str, float]:
    """Approve a drain, wait until the worker is inside ``scontrol update``, kill -9 it, restart it."""
    (s.bin_dir / "blocked").unlink(missing_ok=True)
    (s.bin_dir / gate).write_text("held by the chaos test\n")
    out = s.manage("shell", "-c", STAGE.format(cluster=CLUSTER, key=key, node=node))
    assert out.returncode == 0, out.stderr[-2000:]
    rec = int(json.loads(out.stdout.strip().splitlines()[-1])["rec"])
    try:
        wait_for("the worker inside scontrol update", lambda: (s.bin_dir / "blocked").exists(), 60, 0.01)
    except AssertionError as exc:
        row = s.sql("SELECT status, blocked_reason, result FROM actions_recommendation WHERE id = %s", rec)
        raise AssertionError(f"{exc}: {row}\n{s.logs()}") from None
    status = s.one("SELECT status FROM actions_recommendation WHERE id = %s", rec)
    assert status == "executing", status
    killed_at = inv.db_now(s)
    t0 = time.monotonic()
    while s.workers:
        s.kill9_worker()
    (s.bin_dir / gate).unlink()  # the retry, if any, goes through
    s.start_worker()
    resume = inv.wait_resumed(s, killed_at, 120, cluster=CLUSTER)
    wait_for(
        "the recommendation settled by the reconciler",
        # one read: two reads could see "approved" then "executing" (the retry starting between them)
        # and pass on a recommendation that is still executing
        lambda: (
            s.one("SELECT status FROM actions_recommendation WHERE id = %s", rec)
            not in ("executing", "approved")
        ),
        90,
        0.2,
    )
    settled = time.monotonic() - t0
    return {"rec": rec, "resume": resume, "settled": settled}


def _kill_inside_a_tick(s: Stack) -> float:
    """Hold the tick in its inventory read, kill -9 the worker there; seconds until a tick ran again."""
    (s.bin_dir / "blocked").unlink(missing_ok=True)
    (s.bin_dir / "block-inventory").write_text("held by the chaos test\n")
    wait_for("the worker inside a tick", lambda: (s.bin_dir / "blocked").exists(), 60, 0.01)
    cluster_id = s.one("SELECT id FROM monitoring_cluster WHERE name = %s", CLUSTER)
    lock = redis.Redis(host="127.0.0.1", port=s.redis.port).get(f"chaos:lock:{cluster_id}")
    assert lock is not None, "the tick holds the cluster's lock while it reads the inventory"
    killed_at = inv.db_now(s)
    while s.workers:
        s.kill9_worker()
    (s.bin_dir / "block-inventory").unlink()
    s.start_worker()
    return inv.wait_resumed(s, killed_at, 120, cluster=CLUSTER)


def _lost_while_approved(s: Stack, node: str, key: str) -> dict[str, float]:
    """Every worker dead, a drain approved, its message gone from the queue (what a kill -9
    between the approval's commit and its enqueue leaves, or of the worker that held it
    unacked until the visibility timeout): the reconciler must send it again, once."""
    while s.workers:
        s.kill9_worker()
    out = s.manage("shell", "-c", STAGE.format(cluster=CLUSTER, key=key, node=node))
    assert out.returncode == 0, out.stderr[-2000:]
    rec = int(json.loads(out.stdout.strip().splitlines()[-1])["rec"])
    assert s.one("SELECT status FROM actions_recommendation WHERE id = %s", rec) == "approved"
    r = redis.Redis(host="127.0.0.1", port=s.redis.port)
    lost = [
        raw
        for raw in r.lrange("celery", 0, -1)
        if json.loads(raw)["headers"]["task"] == "actions.tasks.execute_recommendation"
    ]
    assert len(lost) == 1 and all(r.lrem("celery", 1, raw) == 1 for raw in lost)
    t0 = time.monotonic()
    s.start_worker()
    wait_for(
        "the approved drain carried out by the reconciler",
        lambda: s.one("SELECT status FROM actions_recommendation WHERE id = %s", rec) == "succeeded",
        90,
        0.2,
    )
    return {"rec": rec, "settled": time.monotonic() - t0}


def test_kill_9_while_a_drain_is_executing_finishes_or_retries_it_exactly_once(stack: Stack) -> None:
    _fake_cluster(stack)
    deadline = float(DEADLINES["RECOVERY_EXECUTION_DEADLINE_S"])

    # 0. killed inside a tick, holding the cluster's lock: the lock frees in seconds, no escalation
    in_tick = _kill_inside_a_tick(stack)
    assert in_tick < RESUME_WITHIN_S
    assert stack.one("SELECT count(*) FROM actions_recommendation") == 0  # nothing decided, nothing left

    # 1. killed before Slurm took the drain: the node is up, the reconciler retries once
    before = _kill_inside_the_drain(stack, "block-before-apply", "f1", "i-1")
    rec = stack.sql(
        "SELECT status, execution_attempts, result FROM actions_recommendation WHERE id = %s", before["rec"]
    )[0]
    assert rec[0] == "succeeded" and rec[1] == 2, rec
    retried = stack.one(
        "SELECT count(*) FROM actions_recommendationtransition WHERE recommendation_id = %s "
        "AND old = 'executing' AND new = 'approved'",
        before["rec"],
    )
    assert retried == 1

    # 2. killed after Slurm took it: the reconciler sees our drain and finishes, no second update
    after = _kill_inside_the_drain(stack, "block-after-apply", "f2", "i-2")
    rec = stack.sql(
        "SELECT status, execution_attempts, result FROM actions_recommendation WHERE id = %s", after["rec"]
    )[0]
    assert rec[0] == "succeeded" and rec[1] == 1 and rec[2].startswith("reconciled:"), rec

    # 3. approved, its message lost with the worker: re-dispatched once, drained once
    approved = _lost_while_approved(stack, "f3", "i-3")
    rec = stack.sql(
        "SELECT status, dispatch_attempts, execution_attempts FROM actions_recommendation WHERE id = %s",
        approved["rec"],
    )[0]
    assert rec == ("succeeded", 1, 1), rec
    redispatched = stack.one(
        "SELECT count(*) FROM incidents_auditrecord WHERE recommendation_id = %s AND outcome = 're-dispatched'",
        approved["rec"],
    )
    assert redispatched == 1

    taken = fake_slurm.drains(stack.bin_dir)
    assert sorted(taken) == ["f1", "f2", "f3"], f"Slurm took these drains: {taken}"  # 0 double drains
    assert all(fake_slurm.drained(stack.bin_dir, n) for n in ("f1", "f2", "f3"))
    inv.settle(stack, 60)
    figures = inv.Figures(
        "kill -9 worker inside a tick, while approved, while executing (before / after Slurm took the drain)",
        inv.records_lost(stack),
        len(taken) - len(set(taken)),
        inv.stuck(stack, 0),
        None,
        max(before["resume"], after["resume"]),
    )
    print("\n" + figures.row())
    print(
        f"\nexecuting -> settled by the reconciler (restart included): before {before['settled']:.1f} s, "
        f"after {after['settled']:.1f} s (execution deadline {deadline:g} s); "
        f"tick resumed {before['resume']:.1f} s / {after['resume']:.1f} s; "
        f"killed inside a tick (lock held): ticking again after {in_tick:.1f} s (lock TTL "
        f"{DEADLINES['RECOVERY_LOCK_TTL_S']} s, worker start included); approved with its message lost: "
        f"drained {approved['settled']:.1f} s after a worker started (dispatch deadline "
        f"{DEADLINES['RECOVERY_DISPATCH_DEADLINE_S']} s)"
    )
    assert (figures.records_lost, figures.double_actions, figures.stuck_recs) == (0, 0, 0), stack.logs()
    assert max(before["settled"], after["settled"]) < deadline + RESUME_WITHIN_S
    assert max(before["resume"], after["resume"]) < RESUME_WITHIN_S
    assert inv.audit_chain_ok(stack)
