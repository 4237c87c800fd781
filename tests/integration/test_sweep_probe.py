"""The tick's one probe query agrees with the sweeps it skips (issue 26, actions/services/sweeps.py).

The probe is compiled once per process from the sweeps' own querysets with stand-in values, and
each tick puts its cluster and times in their places. Whatever rows a cluster and its neighbour
hold (any status, action, time, silence or remedy state), the probe must name exactly the sweeps
whose candidate sets ``exists()`` finds non-empty: a sweep it wrongly skips leaves a promise
unkept (an approved action never re-dispatched). Real PostgreSQL; Hypothesis draws the rows.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from actions.choices import ActionKind, RecStatus, RemediationState
from actions.models import Recommendation, Remediation
from actions.services import sweeps
from incidents.choices import IncidentStatus
from incidents.models import Incident, Silence
from monitoring.models import Cluster, Node

NOW = dt.datetime(2026, 12, 4, 12, 0, tzinfo=dt.UTC)
pytestmark = pytest.mark.django_db

# Times around every cutoff the sweeps use (dispatch and execution deadlines, the verification
# deadline, a silence's end): seconds before or after NOW.
offsets = st.sampled_from([None, -86_400, -3_600, -1_000, -301, -299, -120, -60, -1, 0, 1, 600])


def at(offset: int | None) -> dt.datetime | None:
    return None if offset is None else NOW + dt.timedelta(seconds=offset)


incident_rows = st.tuples(st.sampled_from(list(IncidentStatus.values)), offsets)
rec_rows = st.tuples(
    st.integers(0, 3),  # which incident it belongs to
    st.sampled_from(list(ActionKind.values)),
    st.sampled_from(list(RecStatus.values)),
    offsets,  # dispatched_at
    offsets,  # executed_at
    st.sampled_from([None, *RemediationState.values]),  # its remediation row, if any
)
node_rows = st.tuples(st.booleans(), st.booleans())  # drained by us, held as a lemon
silence_rows = st.tuples(st.sampled_from([-60, 0, 60]), offsets, offsets)  # ends, ended early, released

world = st.fixed_dictionaries(
    {
        "incidents": st.lists(incident_rows, min_size=1, max_size=4),
        "recs": st.lists(rec_rows, max_size=6),
        "nodes": st.lists(node_rows, max_size=3),
        "silences": st.lists(silence_rows, max_size=2),
    }
)


def populate(cluster: Cluster, w: dict, tag: str) -> None:
    incidents = [
        Incident.objects.create(
            cluster=cluster,
            key=f"{tag}-{i}",
            status=status,
            category="gpu_hardware",
            detected_at=NOW - dt.timedelta(hours=1),
            resolved_at=at(resolved),
        )
        for i, (status, resolved) in enumerate(w["incidents"])
    ]
    for k, (which, action, status, dispatched, executed, remedy) in enumerate(w["recs"]):
        rec = Recommendation.objects.create(
            incident=incidents[which % len(incidents)],
            cluster=cluster,
            action=action,
            node=f"{tag}-n{k}",
            status=status,
            created_at=NOW - dt.timedelta(hours=1),
            dispatched_at=at(dispatched),
            executed_at=at(executed),
        )
        if remedy is not None:
            Remediation.objects.create(
                recommendation=rec,
                cluster=cluster,
                node=rec.node,
                action=ActionKind.REBOOT_NODE,
                state=remedy,
                issued_at=NOW - dt.timedelta(minutes=5),
                deadline=NOW + dt.timedelta(minutes=5),
            )
    for k, (ours, lemon) in enumerate(w["nodes"]):
        Node.objects.create(cluster=cluster, name=f"{tag}-node{k}", drained_by_us=ours, held_as_lemon=lemon)
    for ends, early, released in w["silences"]:
        Silence.objects.create(
            cluster=cluster,
            starts_at=NOW - dt.timedelta(hours=2),
            ends_at=NOW + dt.timedelta(seconds=ends),
            ended_early_at=at(early),
            released_at=at(released),
            reason="maintenance",
            created_by="alice",
            created_at=NOW - dt.timedelta(hours=2),
        )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mine=world, theirs=world)
def test_the_probe_names_exactly_the_sweeps_with_candidates(cluster, mine, theirs) -> None:  # type: ignore[no-untyped-def]
    other = Cluster.objects.get_or_create(name="sim-other", defaults={"partitions": ["batch"]})[0]
    with transaction.atomic():
        populate(cluster, mine, "a")
        populate(other, theirs, "b")  # the neighbour's rows must never make this cluster's sweeps due
        for c in (cluster, other):
            assert sweeps.due(c, NOW) == sweeps.due_by_querysets(c, NOW)
        transaction.set_rollback(True)


def test_a_quiet_cluster_sends_one_probe_and_no_sweep_query(cluster) -> None:  # type: ignore[no-untyped-def]
    """Nothing in flight: every sweep is skipped, and the one query asked is the probe."""
    Incident.objects.create(
        cluster=cluster, key="done", status=IncidentStatus.RECOVERED, category="software", detected_at=NOW
    )
    sw = sweeps.Sweeps(sweeps.due(cluster, NOW))
    with CaptureQueriesContext(connection) as queries:
        for name in (sweeps.OVERTAKEN, sweeps.UNDISPATCHED, sweeps.MITIGATING, sweeps.SETTLE):
            sw.run((name,), lambda: pytest.fail("a sweep ran with nothing to look at"))
    assert sw.skipped == [sweeps.OVERTAKEN, sweeps.UNDISPATCHED, sweeps.MITIGATING, sweeps.SETTLE]
    assert len(queries) == 0


def test_once_a_sweep_acts_every_later_sweep_runs(cluster) -> None:  # type: ignore[no-untyped-def]
    """What one sweep did may give the next work in the same tick: nothing after it is skipped."""
    incident = Incident.objects.create(
        cluster=cluster, key="i-1", status=IncidentStatus.OPEN, category="software", detected_at=NOW
    )
    Recommendation.objects.create(
        incident=incident,
        cluster=cluster,
        action=ActionKind.REQUEUE_JOB,
        job="7",
        status=RecStatus.APPROVED,
        created_at=NOW,
        dispatched_at=None,
    )
    due = sweeps.due(cluster, NOW)
    assert due == {sweeps.UNDISPATCHED}
    sw = sweeps.Sweeps(due)
    ran = []
    sw.run((sweeps.OVERTAKEN,), lambda: ran.append("overtaken"))
    sw.run((sweeps.UNDISPATCHED,), lambda: ran.append("reconcile") or 0, acted=lambda _: False)
    sw.run((sweeps.MITIGATING,), lambda: ran.append("verify"))
    assert ran == ["reconcile"]  # it found nothing to change: the next, with nothing due, is skipped
    sw.run((sweeps.UNDISPATCHED,), lambda: 1)  # this time it changed something
    sw.run((sweeps.MITIGATING,), lambda: ran.append("verify"))
    sw.run((sweeps.SILENCES,), lambda: ran.append("silences"))
    assert ran == ["reconcile", "verify", "silences"]
    assert sw.needed(sweeps.IN_FLIGHT)
