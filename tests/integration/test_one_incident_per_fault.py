"""One incident per fault across a crash: a tick that dies after the incident row is committed,
before its working memory (the pipeline's and the simulated world's, both in Redis) is saved,
makes the next tick read the same events again; it must find the same incident, not open a
second one under a new key. A new fault after Redis lost everything still opens a new one.

The crash is a real exception inside the real tick, right after the incidents of its verdicts
were committed (``record_progress`` is the tick's next step): everything after it (the saved
pipeline, the saved world, the collector's cursors) is not written, as under a ``kill -9``.
What counts is what the world saw: incidents per injected fault, drain commands carried out,
requeues the simulated scheduler counted, notices at a real HTTP receiver.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest

from actions import loop
from actions.choices import RecStatus
from actions.models import Recommendation
from actions.services import dispatch
from actions.services.execution import execute_recommendation
from actions.services.recommendations import approve_recommendation
from incidents.models import Incident
from monitoring.choices import Autonomy
from monitoring.models import Job
from monitoring.redis_store import get_redis, key
from monitoring.sources.simulated import inject, load_world
from tests.integration.http_receiver import Receiver
from tests.integration.sim_clock import Clock, busy_batch_job

pytestmark = [pytest.mark.django_db, pytest.mark.redis]


class Crash(RuntimeError):
    """The worker died here."""


@pytest.fixture
def receiver(settings, eager_celery, monkeypatch) -> Iterator[Receiver]:  # type: ignore[no-untyped-def]
    """Webhooks delivered in-process to a real HTTP receiver; executions are left to ``_tick``
    (at the test's clock: an eager task would run them at the wall clock's time)."""
    monkeypatch.setattr(dispatch, "enqueue_execution", lambda rec_id: True)
    with Receiver([]) as rx:
        settings.RECOVERY_WEBHOOKS = f"json={rx.url}/hook"
        yield rx


def _tick(cluster, clock: Clock, capture, operator=None) -> None:  # type: ignore[no-untyped-def]
    """One tick; then on-call approves what waits for them (when there is one), and the worker's
    side: what was approved is executed, what was sent is delivered."""
    clock.now += dt.timedelta(seconds=2)
    with capture(execute=True):
        try:
            loop.run_cluster_tick(cluster.pk, clock.now)
        except Crash:
            pass
    if operator is not None:
        with capture(execute=True):
            for rec in Recommendation.objects.filter(cluster=cluster, status=RecStatus.AWAITING_APPROVAL):
                approve_recommendation(rec, operator, clock.now, "on-call approves what the page shows")
    for _ in range(3):  # what execution itself approves (a remediation after a drain) runs too
        approved = list(Recommendation.objects.filter(cluster=cluster, status=RecStatus.APPROVED))
        if not approved:
            break
        with capture(execute=True):
            for rec in approved:
                execute_recommendation(rec.pk, clock.now)


def _crash_at_the_first_incident(monkeypatch, cluster) -> list[int]:  # type: ignore[no-untyped-def]
    """The first tick that commits an incident dies right after it; later ticks run whole."""
    crashed: list[int] = []
    real = loop.record_progress

    def record_progress(c, pipeline):  # type: ignore[no-untyped-def]
        if not crashed and Incident.objects.filter(cluster=cluster).exists():
            crashed.append(Incident.objects.filter(cluster=cluster).count())
            raise Crash("kill -9 after the incident row, before the working memory was saved")
        real(c, pipeline)

    monkeypatch.setattr(loop, "record_progress", record_progress)
    return crashed


def _drains_done(cluster, node: str) -> int:  # type: ignore[no-untyped-def]
    """Drain commands the scheduler took (a second one on a drained node reads "already")."""
    return Recommendation.objects.filter(
        cluster=cluster, action="drain_node", node=node, result__startswith="scontrol update"
    ).count()


def _run(cluster, clock: Clock, capture, seconds: float, operator=None) -> None:  # type: ignore[no-untyped-def]
    end = clock.now + dt.timedelta(seconds=seconds)
    while clock.now < end:
        _tick(cluster, clock, capture, operator)


@pytest.fixture
def auto(cluster, clock):  # type: ignore[no-untyped-def]
    cluster.autonomy = Autonomy.AUTO
    cluster.save()
    return cluster


def test_a_crash_after_the_incident_row_keeps_one_incident_one_drain_and_one_requeue_per_fault(
    auto, clock, monkeypatch, django_capture_on_commit_callbacks, receiver, operator
) -> None:  # type: ignore[no-untyped-def]
    job = busy_batch_job(auto)
    node = job.node_list[1]
    restarts_before = _world_restarts(auto, clock, job.slurm_id)
    crashed = _crash_at_the_first_incident(monkeypatch, auto)
    inject(auto, "xid79", node, clock.now.timestamp())
    _run(auto, clock, django_capture_on_commit_callbacks, 90, operator)
    assert crashed == [1], "the crash must have hit the tick that opened the incident"
    seen = {
        "incidents": Incident.objects.filter(cluster=auto, culprit_node=node).count(),
        "drains": _drains_done(auto, node),
        "requeues": _world_restarts(auto, clock, job.slurm_id) - restarts_before,
        "reboot proposals": Recommendation.objects.filter(
            cluster=auto, action__in=["reboot_node", "reset_gpu"], node=node
        ).count(),
        "approvals asked": sum(b["kind"] == "awaiting_approval" for b in receiver.bodies),
    }
    # asked to approve: the requeue (no checkpoint yet) and the reboot, once each
    assert seen == {"incidents": 1, "drains": 1, "requeues": 1, "reboot proposals": 1, "approvals asked": 2}
    assert Incident.objects.filter(cluster=auto).count() == 1


def test_a_crash_after_an_incident_row_sends_its_owner_one_notice(
    auto, clock, monkeypatch, django_capture_on_commit_callbacks, receiver
) -> None:  # type: ignore[no-untyped-def]
    job = busy_batch_job(auto)
    crashed = _crash_at_the_first_incident(monkeypatch, auto)
    inject(auto, "software_exception", job.node_list[0], clock.now.timestamp())
    _run(auto, clock, django_capture_on_commit_callbacks, 60)
    assert crashed == [1]
    assert Incident.objects.filter(cluster=auto).count() == 1
    notices = [b for b in receiver.bodies if b["kind"] == "owner_notice"]
    assert len(notices) == 1, [b["text"] for b in receiver.bodies]
    assert notices[0]["incident"] == Incident.objects.get(cluster=auto).pk


def test_a_new_fault_after_redis_lost_everything_still_opens_a_new_incident(
    auto, clock, monkeypatch, django_capture_on_commit_callbacks, receiver
) -> None:  # type: ignore[no-untyped-def]
    first_job, second_job = Job.objects.filter(cluster=auto, state="RUNNING").order_by("slurm_id")[:2]
    node, other = first_job.node_list[1], second_job.node_list[1]
    inject(auto, "xid79", node, clock.now.timestamp())
    _run(auto, clock, django_capture_on_commit_callbacks, 30)
    first = Incident.objects.get(cluster=auto)
    get_redis().delete(key("pipeline", auto.state_id))  # the working memory is gone, the world is not
    inject(auto, "xid79", other, clock.now.timestamp())
    _run(auto, clock, django_capture_on_commit_callbacks, 30)
    assert list(
        Incident.objects.filter(cluster=auto).values_list("culprit_node", flat=True).order_by("pk")
    ) == [
        node,
        other,
    ]
    assert Incident.objects.exclude(pk=first.pk).get().key != first.key


def _world_restarts(cluster, clock: Clock, job: str) -> int:  # type: ignore[no-untyped-def]
    world = load_world(cluster, clock.now.timestamp())
    return int(next(j for j in world.jobs() if str(j["id"]) == job).get("restarts", 0))
