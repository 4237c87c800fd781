"""The analyser lock: short-lived, renewed while held, freed within seconds when its holder dies.

Real Redis. A dead holder is a lock acquired and never renewed nor released (what a
``kill -9`` leaves); a waiting caller reports busy instead of failing.
"""

from __future__ import annotations

import json
import time

import pytest
from celery import current_app
from django.core.management import CommandError, call_command

from monitoring.locks import ClusterBusy, analyser_lock, holding
from tests.waiting import never_within

pytestmark = [pytest.mark.django_db, pytest.mark.redis]


def test_a_dead_ticks_lock_frees_within_its_short_ttl(cluster, redis_ns, settings) -> None:  # type: ignore[no-untyped-def]
    settings.RECOVERY_LOCK_TTL_S = 1.0
    dead = analyser_lock(cluster.pk, wait=None)
    assert dead.acquire(blocking=False)  # then the process is killed: no renewal, no release
    with holding(cluster.pk, wait=0) as held:
        assert held is None  # still held right after
    deadline = time.monotonic() + 1.3  # the TTL and a margin: the lock must be free by then
    while True:
        with holding(cluster.pk, wait=0) as held:
            if held is not None:
                break
        assert time.monotonic() < deadline, "the dead tick's lock outlived its TTL"
        time.sleep(0.05)


def test_a_running_tick_keeps_its_lock_past_the_ttl_by_renewing_it(cluster, redis_ns, settings) -> None:  # type: ignore[no-untyped-def]
    settings.RECOVERY_LOCK_TTL_S = 0.6
    with holding(cluster.pk, wait=0) as held:
        assert held is not None

        def lost() -> str:
            if held.lost:
                return "the tick says it lost its lock"
            return (
                "another worker took it"
                if analyser_lock(cluster.pk, wait=None).acquire(blocking=False)
                else ""
            )

        never_within(1.5, "a renewing tick's lock was lost (1.5 s is over two TTLs)", lost, every=0.1)
    assert analyser_lock(cluster.pk, wait=None).acquire(blocking=False)  # released at the end


def test_a_caller_that_waits_past_its_limit_is_told_busy(cluster, redis_ns, settings) -> None:  # type: ignore[no-untyped-def]
    settings.RECOVERY_LOCK_WAIT_S = 0.2
    with holding(cluster.pk, wait=0):
        with pytest.raises(ClusterBusy, match="busy"):
            with holding(cluster.pk, wait=0.2):
                pass


def test_simulate_inject_says_busy_and_injects_nothing_while_a_tick_holds_the_world(
    cluster, redis_ns, settings
) -> None:  # type: ignore[no-untyped-def]
    from incidents.models import AuditRecord

    settings.RECOVERY_LOCK_WAIT_S = 0.2
    with holding(cluster.pk, wait=0):
        with pytest.raises(CommandError, match=r"^busy: cluster sim-t is busy; try again$"):
            call_command("simulate", "inject", "xid79", "--cluster", "sim-t")
    assert not AuditRecord.objects.filter(event="fault_injected").exists()


def test_celery_hands_back_a_killed_workers_message_and_bounds_every_task() -> None:
    conf = current_app.conf
    assert conf.task_acks_late is True
    assert conf.task_reject_on_worker_lost is True
    assert conf.task_soft_time_limit < conf.task_time_limit
    # Redis redelivers an unacked message only after the visibility timeout: it must outlast a task.
    assert conf.broker_transport_options["visibility_timeout"] > conf.task_time_limit
    assert json.dumps(conf.broker_transport_options)  # plain data, as kombu expects
