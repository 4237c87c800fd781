"""The database's answer to "which open recommendations has the world overtaken?" is Python's (issue 26).

The tick's probe asks the database whether the overtaken sweep has anything to do, with the rules
of ``overtaken()`` written as SQL (actions/services/overtaken.py): a recommendation the SQL leaves
out is never superseded, one it adds would make the sweep run for nothing. Whatever recommendations,
jobs and nodes a cluster and its neighbour hold (every action and status, jobs ended or unknown,
nodes drained by us, by someone else or not at all), the SQL candidates must be exactly the open
recommendations ``overtaken()`` gives a reason for. Real PostgreSQL; Hypothesis draws the rows.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from actions.choices import ActionKind, RecStatus
from actions.models import Recommendation
from actions.services import sweeps
from actions.services.overtaken import overtaken, overtaken_candidates, supersede_overtaken
from incidents.models import Incident
from monitoring.models import Cluster, Job, Node

NOW = dt.datetime(2026, 12, 4, 12, 0, tzinfo=dt.UTC)
pytestmark = pytest.mark.django_db

JOB_IDS = ["", "7", "8", "9"]
RULED = [ActionKind.REQUEUE_JOB, ActionKind.DRAIN_NODE, ActionKind.REBOOT_NODE, ActionKind.RESET_GPU]
OPEN = [RecStatus.PROPOSED, RecStatus.AWAITING_APPROVAL, RecStatus.BLOCKED, RecStatus.HELD]
NODE_NAMES = ["", "n1", "n2", "n3"]
job_states = st.sampled_from(["RUNNING", "PENDING", "COMPLETED", "CANCELLED", "FAILED", "REQUEUED"])
node_states = st.sampled_from(
    ["IDLE", "MIXED", "MIXED+DRAIN", "IDLE+DRAIN", "DRAINED", "DOWN+DRAIN", "drain"]
)

world = st.fixed_dictionaries(
    {
        "recs": st.lists(
            st.tuples(
                # the three rules' actions drawn often, every other now and then
                st.one_of(st.sampled_from(RULED), st.sampled_from(list(ActionKind.values))),
                st.one_of(st.sampled_from(OPEN), st.sampled_from(list(RecStatus.values))),
                st.sampled_from(JOB_IDS),
                st.sampled_from(NODE_NAMES),
            ),
            max_size=6,
        ),
        "jobs": st.dictionaries(st.sampled_from(JOB_IDS), job_states),  # "" too: Python counts it unknown
        "nodes": st.dictionaries(st.sampled_from(NODE_NAMES[1:]), st.tuples(node_states, st.booleans())),
    }
)


def populate(cluster: Cluster, w: dict) -> None:
    incident = Incident.objects.create(
        cluster=cluster, key=f"i-{cluster.pk}", category="software", detected_at=NOW
    )
    for action, status, job, node in w["recs"]:
        Recommendation.objects.create(
            incident=incident,
            cluster=cluster,
            action=action,
            status=status,
            job=job,
            node=node,
            created_at=NOW,
        )
    for slurm_id, state in w["jobs"].items():
        Job.objects.create(cluster=cluster, slurm_id=slurm_id, state=state)
    for name, (state, ours) in w["nodes"].items():
        Node.objects.create(cluster=cluster, name=name, state=state, drained_by_us=ours)


def by_python(cluster: Cluster) -> set[int]:
    # As supersede_overtaken looks them up: a recommendation without a job or node names none.
    jobs = {j.slurm_id: j for j in Job.objects.filter(cluster=cluster) if j.slurm_id}
    nodes = {n.name: n for n in Node.objects.filter(cluster=cluster) if n.name}
    open_recs = Recommendation.objects.filter(cluster=cluster, status__in=OPEN)
    return {r.pk for r in open_recs if overtaken(r, jobs, nodes)}


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mine=world, theirs=world)
def test_the_sql_candidates_are_what_overtaken_finds(cluster, mine, theirs) -> None:  # type: ignore[no-untyped-def]
    other = Cluster.objects.get_or_create(name="sim-other", defaults={"partitions": ["batch"]})[0]
    with transaction.atomic():
        populate(cluster, mine)
        populate(other, theirs)  # the neighbour's jobs and nodes share names: they must not count
        for c in (cluster, other):
            expected = by_python(c)
            assert set(overtaken_candidates(c).values_list("pk", flat=True)) == expected
            assert (sweeps.OVERTAKEN in sweeps.due(c, NOW)) == bool(expected)
        transaction.set_rollback(True)


def test_a_recommendation_waiting_for_approval_does_not_make_the_sweep_due(cluster) -> None:  # type: ignore[no-untyped-def]
    """Monitor mode: an open incident's recommendations wait; the sweep has nothing to do until the
    world moves, and then it supersedes exactly what moved."""
    populate(
        cluster,
        {
            "recs": [
                (ActionKind.REQUEUE_JOB, RecStatus.AWAITING_APPROVAL, "7", ""),
                (ActionKind.DRAIN_NODE, RecStatus.AWAITING_APPROVAL, "", "n1"),
            ],
            "jobs": {"7": "RUNNING"},
            "nodes": {"n1": ("MIXED", False)},
        },
    )
    assert sweeps.OVERTAKEN not in sweeps.due(cluster, NOW)
    Job.objects.filter(cluster=cluster, slurm_id="7").update(state="COMPLETED")
    assert sweeps.OVERTAKEN in sweeps.due(cluster, NOW)
    assert supersede_overtaken(cluster, NOW) == 1
    assert sweeps.OVERTAKEN not in sweeps.due(cluster, NOW)
    Node.objects.filter(cluster=cluster, name="n1").update(state="MIXED+DRAIN")  # an admin drained it
    assert supersede_overtaken(cluster, NOW) == 1
    assert set(Recommendation.objects.values_list("status", flat=True)) == {RecStatus.SUPERSEDED}


def test_a_requeue_naming_no_job_is_overtaken_even_beside_a_job_without_an_id(cluster) -> None:  # type: ignore[no-untyped-def]
    populate(
        cluster,
        {
            "recs": [(ActionKind.REQUEUE_JOB, RecStatus.AWAITING_APPROVAL, "", "")],
            "jobs": {"": "RUNNING"},
            "nodes": {},
        },
    )
    assert by_python(cluster) and set(
        overtaken_candidates(cluster).values_list("pk", flat=True)
    ) == by_python(cluster)
