"""Read queries built once a process answer what their querysets answer (issue 26, monitoring/prepared.py).

The tick's reads (where it starts, the highest incident key, the node and running-job rows) are
compiled once with a stand-in cluster id, and each tick swaps its own in. Whatever rows a cluster
and its neighbour hold, each prepared read must return exactly the rows its queryset's
``values_list`` returns for that cluster, converted alike (JSON, times, NULLs): a read that
answered for the stand-in, or the neighbour, or left a value unconverted, would feed the tick
another cluster's state. Real PostgreSQL; Hypothesis draws the rows.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from actions import loop
from incidents.models import Incident
from monitoring import controller_state, services
from monitoring.models import Cluster, ControllerState, Job, Node
from monitoring.prepared import CLUSTER_ID, Prepared, stand_in_time

NOW = dt.datetime(2026, 12, 4, 12, 0, tzinfo=dt.UTC)
pytestmark = pytest.mark.django_db

texts = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=8)
times = st.one_of(st.none(), st.integers(-(10**6), 10**6).map(lambda s: NOW + dt.timedelta(seconds=s)))
steps = st.one_of(st.none(), st.integers(-(2**62), 2**62))
collector = st.dictionaries(
    texts, st.one_of(st.integers(), texts, st.lists(st.integers(), max_size=3)), max_size=3
)

world = st.fixed_dictionaries(
    {
        "state": st.one_of(st.none(), st.tuples(times, collector)),
        "keys": st.lists(
            st.one_of(st.integers(0, 10**12).map(lambda n: f"i-{n}"), texts, st.just("i-"), st.just("i-x9")),
            max_size=6,
            unique=True,
        ),
        "nodes": st.lists(
            st.tuples(texts, st.sampled_from(["IDLE", "MIXED+DRAIN", ""]), texts, st.booleans()), max_size=4
        ),
        "jobs": st.lists(
            st.tuples(st.sampled_from(["RUNNING", "PENDING", "COMPLETED"]), steps, steps), max_size=4
        ),
    }
)


def populate(cluster: Cluster, w: dict, tag: str) -> None:
    if w["state"] is not None:
        ControllerState.objects.create(cluster=cluster, last_tick_at=w["state"][0], collector=w["state"][1])
    for key in w["keys"]:
        Incident.objects.create(cluster=cluster, key=key, category="software", detected_at=NOW)
    for k, (reason, state, partition, ours) in enumerate(w["nodes"]):
        Node.objects.create(
            cluster=cluster,
            name=f"{tag}{k}",
            state=state,
            reason=reason,
            partition=partition,
            drained_by_us=ours,
        )
    for k, (state, step, ckpt) in enumerate(w["jobs"]):
        Job.objects.create(
            cluster=cluster, slurm_id=f"{tag}{k}", state=state, last_step=step, last_checkpoint_step=ckpt
        )


PREPARED = {
    "tick start": (controller_state._TICK_START, controller_state._TICK_START.build),
    "highest keys": (loop._HIGHEST_KEYS, loop._highest_keys),
    "running jobs": (loop._RUNNING_JOBS, loop._running_jobs),
    "nodes": (services._NODES, services._NODES.build),
}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mine=world, theirs=world)
def test_each_prepared_read_returns_what_its_queryset_returns(cluster, mine, theirs) -> None:  # type: ignore[no-untyped-def]
    other = Cluster.objects.get_or_create(name="sim-other", defaults={"partitions": ["batch"]})[0]
    with transaction.atomic():
        populate(cluster, mine, "a")
        populate(other, theirs, "b")
        for c in (cluster, other):
            for name, (prepared, build) in PREPARED.items():
                assert prepared.rows(c.pk) == list(build(c.pk)), name
        transaction.set_rollback(True)


def test_the_tick_reads_agree_with_the_orm_on_a_cluster_with_history(cluster) -> None:  # type: ignore[no-untyped-def]
    """The functions the tick calls: the highest numeric key, the start and the cursors."""
    for key in ("i-9", "i-10", "i-2", "x-99", "i-1x"):
        Incident.objects.create(cluster=cluster, key=key, category="software", detected_at=NOW)
    assert loop.highest_incident_number(cluster) == 10
    assert controller_state.tick_start(cluster) == (None, {})
    ControllerState.objects.create(cluster=cluster, last_tick_at=NOW, collector={"logs": {"7": 240}})
    assert controller_state.tick_start(cluster) == (NOW, {"logs": {"7": 240}})


def test_built_once_then_one_statement_per_call(cluster) -> None:  # type: ignore[no-untyped-def]
    built = []

    def build(cluster_id: int):  # type: ignore[no-untyped-def]
        built.append(cluster_id)
        return Node.objects.filter(cluster_id=cluster_id).values_list("name")

    prepared = Prepared(build, CLUSTER_ID)
    Node.objects.create(cluster=cluster, name="n1")
    with CaptureQueriesContext(connection) as queries:
        assert prepared.rows(cluster.pk) == [("n1",)]
        assert prepared.rows(cluster.pk) == [("n1",)]
    assert built == [CLUSTER_ID] and len(queries) == 2


def test_a_stand_in_the_orm_transformed_is_refused() -> None:
    """A stand-in missing from the compiled parameters cannot be swapped: refused at once."""
    shifted = Prepared(
        lambda cluster_id: Node.objects.filter(cluster_id=cluster_id + 1).values_list("name"), CLUSTER_ID
    )
    with pytest.raises(ValueError, match="not among the compiled parameters"):
        shifted.rows(1)
    when = Prepared(
        lambda t: Node.objects.filter(cluster__created_at__gte=t).values_list("name"), stand_in_time(0)
    )
    assert when.rows(NOW) == []
    with pytest.raises(ValueError, match="IS NULL"):
        when.rows(None)
    with pytest.raises(TypeError):
        when.rows()


def test_the_tick_reads_its_cluster_as_the_orm_does(cluster) -> None:  # type: ignore[no-untyped-def]
    """Every field, converted alike (JSON lists, times, choices), and an absent id is DoesNotExist."""
    other = Cluster.objects.create(name="sim-other", partitions=["a", "b"], pci_bus_ids=["0000:07:00.0"])
    for c in (cluster, other):
        got, want = loop._cluster(c.pk), Cluster.objects.get(pk=c.pk)
        names = [f.attname for f in Cluster._meta.concrete_fields]
        assert [getattr(got, n) for n in names] == [getattr(want, n) for n in names]
        assert not got._state.adding and got._state.db == "default"
    with pytest.raises(Cluster.DoesNotExist):
        loop._cluster(other.pk + 1000)


def test_constants_are_written_in_once_and_only_the_stand_ins_stay_parameters(cluster) -> None:  # type: ignore[no-untyped-def]
    """psycopg caches its parse of a statement only up to 50 parameters; the probe had 57. On PostgreSQL
    every constant is quoted into the SQL once (a quote, a backslash and a ``%`` in one included)."""
    from actions.services import sweeps

    _, params, _ = sweeps._PROBE.sql()
    assert 0 < len(params) <= 50
    assert set(params) <= {CLUSTER_ID, *(stand_in_time(n) for n in range(4))}
    odd = "a%'b\\\\c"
    Node.objects.create(cluster=cluster, name=odd + "1", state="IDLE")
    Node.objects.create(cluster=cluster, name="a%xb1", state="IDLE")

    def build(cluster_id: int):  # type: ignore[no-untyped-def]
        return Node.objects.filter(
            cluster_id=cluster_id, name__startswith=odd, state__in=["IDLE", "MIXED"]
        ).values_list("name")

    prepared = Prepared(build, CLUSTER_ID)
    assert prepared.rows(cluster.pk) == list(build(cluster.pk)) == [(odd + "1",)]
    assert len(prepared.sql()[1]) == 1
