"""Issue 23, defect 3: released by an admin, the storm breaker tripped again 11 s later on the
same two jobs. Now each failure counts once, and only failures after the release count
(actions.lifecycle.breaker). Through the whole loop on the simulator, then on rows only.
"""

from __future__ import annotations

import datetime as dt

import pytest

from actions.services.actionable import switch_monitor_only
from actions.services.storm import check_storm_breaker
from incidents.choices import IncidentStatus
from incidents.models import AuditRecord, Incident
from monitoring.choices import Autonomy
from monitoring.models import Cluster
from monitoring.sources.simulated import inject
from tests.integration.autonomy_helpers import NOW, make_incident, make_nodes
from tests.integration.sim_clock import Clock, busy_batch_job

pytestmark = [pytest.mark.django_db, pytest.mark.redis]


def _storm_then_release(cluster: Cluster, clock: Clock, admin_user) -> int:  # type: ignore[no-untyped-def]
    cluster.autonomy = Autonomy.AUTO
    cluster.save()
    job = busy_batch_job(cluster)
    inject(cluster, "lustre", job.node_list[0], clock.now.timestamp())
    for _ in range(100):
        clock.run(cluster, 2)
        cluster.refresh_from_db()
        if cluster.monitor_only:
            break
    assert cluster.monitor_only and cluster.monitor_only_reason.startswith("storm breaker:")
    switch_monitor_only(cluster, False, admin_user, clock.now, reason="the filesystem is back")
    return Incident.objects.filter(cluster=cluster).count()


def test_a_released_breaker_does_not_trip_again_on_the_failures_it_already_counted(
    cluster, clock, admin_user
) -> None:  # type: ignore[no-untyped-def]
    seen = _storm_then_release(cluster, clock, admin_user)
    clock.run(cluster, 30)  # the same failures are still inside the 120 s window
    cluster.refresh_from_db()
    assert Incident.objects.filter(cluster=cluster).count() == seen  # no new failure
    assert cluster.monitor_only is False, cluster.monitor_only_reason
    trips = AuditRecord.objects.filter(event="autonomy", cluster=cluster.name, action="back to monitor")
    assert trips.count() == 1


# ---------------------------------------------------------------- the breaker on rows only


@pytest.fixture
def storm(cluster):  # type: ignore[no-untyped-def]
    cluster.autonomy = Autonomy.AUTO
    cluster.storm_min_jobs, cluster.storm_min_nodes = 0, 2
    cluster.save()
    make_nodes(cluster)
    make_incident(cluster, "i-1", "gpu-a-001", [])
    make_incident(cluster, "i-2", "gpu-a-002", [], at=NOW + dt.timedelta(seconds=2))
    assert check_storm_breaker(cluster, NOW + dt.timedelta(seconds=3)) is not None
    return cluster


def test_after_a_release_only_failures_after_it_trip_the_breaker_and_only_they_are_escalated(
    storm, admin_user
) -> None:  # type: ignore[no-untyped-def]
    released = NOW + dt.timedelta(seconds=10)
    switch_monitor_only(storm, False, admin_user, released, reason="checked: two real GPU faults")
    assert check_storm_breaker(storm, released + dt.timedelta(seconds=11)) is None  # defect 3: no re-trip
    first = set(storm.incidents.values_list("status", flat=True))

    make_incident(storm, "i-3", "gpu-a-003", [], at=released + dt.timedelta(seconds=20))
    assert check_storm_breaker(storm, released + dt.timedelta(seconds=21)) is None  # one new: not a storm
    make_incident(storm, "i-4", "gpu-a-004", [], at=released + dt.timedelta(seconds=25))
    why = check_storm_breaker(storm, released + dt.timedelta(seconds=26))
    assert why == "storm breaker: 2 nodes blamed at once (gpu-a-003, gpu-a-004)"
    statuses = dict(storm.incidents.values_list("key", "status"))
    assert {statuses["i-3"], statuses["i-4"]} == {IncidentStatus.ESCALATED}
    assert {statuses["i-1"], statuses["i-2"]} == first  # counted once, by the first trip


def test_a_release_through_the_admin_form_counts_as_a_release(storm) -> None:  # type: ignore[no-untyped-def]
    from actions.services.cluster_settings import audit_settings_change, snapshot

    before = snapshot(storm.pk)
    Cluster.objects.filter(pk=storm.pk).update(monitor_only=False, monitor_only_reason="")
    audit_settings_change(storm, before, None, NOW + dt.timedelta(seconds=10), via="admin")
    assert check_storm_breaker(storm, NOW + dt.timedelta(seconds=20)) is None


def test_the_breaker_invariants_hold_on_the_database_before_and_after_a_release(storm, admin_user) -> None:  # type: ignore[no-untyped-def]
    from actions.services.storm import breaker_violations

    assert breaker_violations(storm, NOW + dt.timedelta(seconds=5)) == []
    released = NOW + dt.timedelta(seconds=10)
    switch_monitor_only(storm, False, admin_user, released, reason="checked")
    assert breaker_violations(storm, released + dt.timedelta(seconds=11)) == []
