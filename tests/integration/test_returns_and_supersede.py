"""Nodes come back to service only when we drained them; the world moving supersedes open recommendations;
two operators approving at once execute once."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from django.db import connection
from django.urls import reverse

from actions.choices import RecStatus
from actions.executors.simulated import SimulatorExecutor
from actions.models import Recommendation
from actions.services.execution import execute_recommendation
from actions.services.overtaken import supersede_overtaken
from actions.services.recommendations import approve_recommendation
from actions.services.returns import auto_return_nodes
from actions.services.transitions import Conflict
from incidents.models import AuditRecord
from monitoring.choices import Autonomy
from monitoring.models import Job, Node
from monitoring.sources.simulated import load_world, locked_world
from tests.integration.autonomy_helpers import (
    NOW,
    drain,
    make_incident,
    make_job,
    make_nodes,
    propose,
    requeue,
)

pytestmark = [pytest.mark.redis]


def _world_state(cluster, name: str) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    n = next(n for n in load_world(cluster, NOW.timestamp()).nodes() if n["name"] == name)
    return n["state"], n.get("reason") or ""


@pytest.fixture
def sim(db, cluster, redis_ns, settings):  # type: ignore[no-untyped-def]
    settings.SIM_FAULT_MEAN_INTERVAL_S = 0
    make_nodes(cluster)
    return cluster


def _drained_by_us(cluster, name: str):  # type: ignore[no-untyped-def]
    SimulatorExecutor(cluster).drain(name, "recovery: incident 1 - GPU hardware (xid:79)", NOW.timestamp())
    Node.objects.filter(cluster=cluster, name=name).update(
        state="DRAIN", reason="recovery: incident 1", drained_by_us=True
    )
    return Node.objects.get(cluster=cluster, name=name)


def test_an_operator_returns_a_node_we_drained_once_its_health_check_passed(sim, operator, client) -> None:  # type: ignore[no-untyped-def]
    sim.qualification_command = "dcgmi diag -r 1"
    sim.save()
    node = _drained_by_us(sim, "gpu-a-003")
    client.force_login(operator)
    resp = client.post(reverse("node-return", args=[node.pk]), {"reason": "GPU swapped"})
    assert resp.status_code == 302
    assert "DRAIN" not in _world_state(sim, "gpu-a-003")[0]
    node.refresh_from_db()
    assert node.drained_by_us is False
    record = AuditRecord.objects.get(event="execution", node="gpu-a-003")
    assert (record.actor, record.outcome, record.detail["reason"]) == (
        "otto",
        "done",
        "GPU swapped; passed its health check",
    )


def test_without_a_health_check_an_operator_cannot_return_a_node_we_drained(sim, operator, client) -> None:  # type: ignore[no-untyped-def]
    node = _drained_by_us(sim, "gpu-a-003")
    client.force_login(operator)
    resp = client.post(reverse("node-return", args=[node.pk]), {"reason": "GPU swapped"}, follow=True)
    assert "no health check is configured for this cluster" in resp.content.decode()
    assert "DRAIN" in _world_state(sim, "gpu-a-003")[0]
    assert not AuditRecord.objects.filter(event="execution").exists()
    assert AuditRecord.objects.get(event="refusal", node="gpu-a-003").actor == "otto"


def test_a_node_drained_by_someone_else_is_never_resumed(sim, operator, client) -> None:  # type: ignore[no-untyped-def]
    with locked_world(sim, NOW.timestamp()) as world:
        world.drain("gpu-a-004", "NHC: check_fs_mount: /lustre not mounted", NOW.timestamp())
    Node.objects.filter(cluster=sim, name="gpu-a-004").update(
        state="DRAIN", reason="NHC: check_fs_mount: /lustre not mounted"
    )
    node = Node.objects.get(cluster=sim, name="gpu-a-004")
    client.force_login(operator)
    client.post(reverse("node-return", args=[node.pk]), {"reason": "looks fine"})
    state, reason = _world_state(sim, "gpu-a-004")
    assert "DRAIN" in state and reason == "NHC: check_fs_mount: /lustre not mounted"
    assert "not drained by this controller" in client.get(reverse("node", args=[node.pk])).content.decode()
    assert not AuditRecord.objects.filter(event="execution").exists()
    assert AuditRecord.objects.get(event="refusal", node="gpu-a-004").actor == "otto"
    # The executor refuses it as well, should anything ever ask it to.
    result = SimulatorExecutor(sim).resume("gpu-a-004", NOW.timestamp())
    assert result.outcome == "superseded" and "not ours to resume" in result.message
    assert "DRAIN" in _world_state(sim, "gpu-a-004")[0]


def test_a_viewer_cannot_return_a_node(sim, viewer, client) -> None:  # type: ignore[no-untyped-def]
    node = _drained_by_us(sim, "gpu-a-003")
    client.force_login(viewer)
    assert client.post(reverse("node-return", args=[node.pk])).status_code == 403
    assert "DRAIN" in _world_state(sim, "gpu-a-003")[0]
    assert AuditRecord.objects.get(event="refusal").actor == "vera"


def _drain_done(
    cluster, node: str, minutes_ago: int, category: str = "network", pattern: str = "nccl:ib"
) -> None:  # type: ignore[no-untyped-def]
    inc = make_incident(cluster, f"i-{node}", node, [], at=NOW - dt.timedelta(minutes=minutes_ago + 1))
    inc.status, inc.category, inc.pattern = "recovered", category, pattern
    inc.save()
    at = NOW - dt.timedelta(minutes=minutes_ago)
    Recommendation.objects.create(
        incident=inc,
        cluster=cluster,
        action="drain_node",
        node=node,
        status="succeeded",
        created_at=at,
        executed_at=at,
    )


def test_a_quiet_node_returns_by_itself_where_an_admin_enabled_it(sim) -> None:  # type: ignore[no-untyped-def]
    sim.auto_return_to_service, sim.return_healthy_s = True, 600
    sim.save()
    _drained_by_us(sim, "gpu-a-003")
    _drained_by_us(sim, "gpu-a-004")
    _drain_done(sim, "gpu-a-003", minutes_ago=30)
    _drain_done(sim, "gpu-a-004", minutes_ago=5)  # not quiet long enough yet
    # Blamed for its GPU (Xid 79): without a configured check a quiet spell is not enough.
    _drained_by_us(sim, "gpu-a-001")
    _drain_done(sim, "gpu-a-001", minutes_ago=30, category="gpu_hardware", pattern="xid:79")
    assert auto_return_nodes(sim, NOW) == ["gpu-a-003"]
    assert "DRAIN" not in _world_state(sim, "gpu-a-003")[0]
    assert "DRAIN" in _world_state(sim, "gpu-a-004")[0]
    assert "DRAIN" in _world_state(sim, "gpu-a-001")[0]
    record = AuditRecord.objects.get(event="execution", node="gpu-a-003")
    assert record.actor_type == "system" and record.detail["reason"].startswith("health check passed")


def test_no_automatic_return_unless_enabled_or_while_an_incident_blames_the_node(sim) -> None:  # type: ignore[no-untyped-def]
    _drained_by_us(sim, "gpu-a-003")
    _drain_done(sim, "gpu-a-003", minutes_ago=30)
    assert auto_return_nodes(sim, NOW) == []
    sim.auto_return_to_service = True
    sim.save()
    make_incident(sim, "i-again", "gpu-a-003", [], at=NOW - dt.timedelta(minutes=40))  # still open
    assert auto_return_nodes(sim, NOW) == []
    assert "DRAIN" in _world_state(sim, "gpu-a-003")[0]
    assert not AuditRecord.objects.filter(event="execution").exists()


def test_open_recommendations_the_world_overtook_are_superseded(db, cluster) -> None:  # type: ignore[no-untyped-def]
    cluster.autonomy = Autonomy.APPROVE
    cluster.save()
    make_nodes(cluster)
    make_job(cluster, "4101", "gpu-a-[001-002]")
    make_job(cluster, "4102", "gpu-a-[003-004]")
    inc = make_incident(cluster, "i-1", "gpu-a-002", ["4101", "4102"])
    recs = propose(inc, drain("gpu-a-002"), requeue("4101", "gpu-a-002"), requeue("4102", "gpu-a-002"))
    assert {r.status for r in recs} == {RecStatus.AWAITING_APPROVAL}
    Job.objects.filter(cluster=cluster, slurm_id="4101").update(state="CANCELLED")
    Node.objects.filter(cluster=cluster, name="gpu-a-002").update(
        state="DRAIN", reason="admin: RMA", drained_by_us=False
    )
    assert supersede_overtaken(cluster, NOW) == 2
    by_id = {r.pk: r for r in Recommendation.objects.all()}
    assert by_id[recs[0].pk].status == RecStatus.SUPERSEDED
    assert (
        by_id[recs[0].pk].transitions.last().reason
        == "the world moved: node gpu-a-002 was drained by someone else (admin: RMA)"
    )
    assert by_id[recs[1].pk].status == RecStatus.SUPERSEDED
    assert (
        by_id[recs[1].pk].transitions.last().reason == "the world moved: job 4101 already ended (CANCELLED)"
    )
    assert by_id[recs[2].pk].status == RecStatus.AWAITING_APPROVAL  # job 4102 still needs it


@pytest.mark.django_db(transaction=True)
def test_two_operators_approving_at_once_execute_once(
    cluster, redis_ns, settings, operator, admin_user, published_executions
) -> None:  # type: ignore[no-untyped-def]
    settings.SIM_FAULT_MEAN_INTERVAL_S = 0
    cluster.autonomy = Autonomy.APPROVE
    cluster.save()
    make_nodes(cluster)
    sent = published_executions
    [rec] = propose(make_incident(cluster, "i-1", "gpu-a-003", []), drain("gpu-a-003"))
    outcomes: list[str] = []
    barrier = threading.Barrier(2)

    def click(user, fn) -> None:  # type: ignore[no-untyped-def]
        try:
            mine = Recommendation.objects.select_related("incident", "cluster").get(pk=rec.pk)
            barrier.wait()
            fn(mine, user)
            outcomes.append("ok")
        except Conflict:
            outcomes.append("conflict")
        finally:
            connection.close()  # each thread has its own connection: two real sessions

    approve = lambda r, u: approve_recommendation(r, u, NOW, "bad GPU")  # noqa: E731
    threads = [threading.Thread(target=click, args=(u, approve)) for u in (operator, admin_user)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(outcomes) == ["conflict", "ok"]
    assert sent == [rec.pk]
    assert AuditRecord.objects.filter(event="approval", recommendation_id=rec.pk).count() == 1
    # Two workers handed the same task (a retry, a duplicate delivery) still drain once.
    runners = [
        threading.Thread(target=lambda: (execute_recommendation(rec.pk, NOW), connection.close()))
        for _ in range(2)
    ]
    for t in runners:
        t.start()
    for t in runners:
        t.join(60)
    rec.refresh_from_db()
    assert rec.status == RecStatus.SUCCEEDED
    assert rec.transitions.filter(new=RecStatus.EXECUTING).count() == 1
    assert AuditRecord.objects.filter(event="execution", recommendation_id=rec.pk).count() == 1
