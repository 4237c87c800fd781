"""State that survives Redis: incident identity, collector offsets, and the record that memory was lost.

Real PostgreSQL and Redis; the simulator stands in for Slurm. "Redis lost the working
memory" is staged by deleting the pipeline's key, exactly what a Redis restarted empty
leaves for it.
"""

from __future__ import annotations

import json

import pytest

from actions.loop import highest_incident_number
from incidents.models import AuditRecord, Incident
from monitoring.controller_state import load_collector_state, save_collector_state
from monitoring.models import ControllerState, Job
from monitoring.redis_store import get_redis, key
from monitoring.sources.simulated import inject
from tests.integration.sim_clock import T0

pytestmark = [pytest.mark.django_db, pytest.mark.redis]


def _busy_nodes(cluster) -> list[str]:  # type: ignore[no-untyped-def]
    jobs = Job.objects.filter(cluster=cluster, state="RUNNING").order_by("slurm_id")
    return [j.node_list[0] for j in jobs]


def _snapshot(inc: Incident) -> tuple:  # type: ignore[type-arg]
    inc.refresh_from_db()
    return (
        inc.key,
        inc.category,
        inc.culprit_node,
        inc.culprit_gpu,
        list(inc.jobs),
        inc.detected_at,
        inc.pattern,
    )


def test_after_the_working_memory_is_lost_a_new_fault_opens_a_new_incident_and_old_ones_stay_unchanged(
    cluster, clock
) -> None:  # type: ignore[no-untyped-def]
    first, second = _busy_nodes(cluster)[:2]
    inject(cluster, "xid79", first, clock.now.timestamp())
    clock.run(cluster, 20)
    old = Incident.objects.get(cluster=cluster)
    before = _snapshot(old)
    # Redis restarts empty: the pipeline's memory is gone
    get_redis().delete(key("pipeline", cluster.state_id))
    inject(cluster, "xid79", second, clock.now.timestamp())
    clock.run(cluster, 20)
    new = Incident.objects.filter(cluster=cluster).exclude(pk=old.pk).get()
    assert new.key != old.key
    assert int(new.key[2:]) > int(old.key[2:])
    assert new.culprit_node == second
    assert _snapshot(old) == before
    lost = AuditRecord.objects.filter(event="controller", outcome="lost working memory")
    assert lost.count() == 1
    assert lost.get().cluster == cluster.name


def test_the_first_tick_ever_records_no_lost_memory(cluster, clock) -> None:  # type: ignore[no-untyped-def]
    assert not AuditRecord.objects.filter(event="controller").exists()
    assert ControllerState.objects.get(cluster=cluster).last_tick_at == clock.now


def test_incident_numbers_are_read_from_the_database_whatever_the_key_lengths(cluster) -> None:  # type: ignore[no-untyped-def]
    for k in ("i-9", "i-10", "i-2", "storm-3"):
        Incident.objects.create(cluster=cluster, key=k, category="hang", detected_at=T0)
    assert highest_incident_number(cluster) == 10


def test_collector_offsets_live_in_the_database_and_survive_an_empty_redis(cluster, redis_ns) -> None:  # type: ignore[no-untyped-def]
    offsets = {
        "logs": {
            "4101": [
                {
                    "path": "/var/log/job-4101.out",
                    "offset": 123456,
                    "inode": 77,
                    "partial": "",
                    "at_end": True,
                }
            ]
        },
        "kernel": {"gpu-a-001": {"cursor": "s=abc;i=42"}},
    }
    save_collector_state(cluster, offsets)
    for k in get_redis().scan_iter(f"{redis_ns}:*"):  # Redis restarted empty (this test's namespace)
        get_redis().delete(k)
    assert load_collector_state(cluster) == offsets


def test_offsets_an_older_version_kept_in_redis_are_taken_over_once(cluster, redis_ns) -> None:  # type: ignore[no-untyped-def]
    legacy = {"logs": {"7": [{"path": "/x", "offset": 9}]}}
    get_redis().set(key("collect", cluster.state_id), json.dumps(legacy))
    assert load_collector_state(cluster) == legacy
    save_collector_state(cluster, {"logs": {}})
    assert load_collector_state(cluster) == {"logs": {}}
