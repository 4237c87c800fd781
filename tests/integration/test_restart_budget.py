"""Issue 23, defect 5, through the whole loop on the simulator (real PostgreSQL and Redis).

A job's restarts by us were counted two ways: the policy counted the restarts the pipeline
saw (a requeue seen as pending, then running: two) and the job page another number, so the
policy said "budget is spent (3/2)" while the job page said "Restarts by us: 1". Both now
read the audit trail (actions.lifecycle.budget), and this test counts the trail itself.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest

from actions.choices import RecStatus
from actions.models import Recommendation
from actions.services.execution import execute_recommendation
from actions.services.recommendations import approve_recommendation
from incidents.models import AuditRecord, Incident
from monitoring.choices import Autonomy
from monitoring.models import Cluster, Job
from monitoring.sources.simulated import inject, locked_world
from tests.integration.sim_clock import Clock, busy_batch_job

pytestmark = [pytest.mark.django_db, pytest.mark.redis]

SPENT = re.compile(r"budget is spent \((\d+)/(\d+)\)")


def _approve_and_run_requeues(cluster: Cluster, operator, now: dt.datetime) -> int:  # type: ignore[no-untyped-def]
    n = 0
    pending = Recommendation.objects.filter(cluster=cluster, status=RecStatus.AWAITING_APPROVAL)
    for rec in pending.order_by("id"):
        approve_recommendation(rec, operator, now, "bad node")
        execute_recommendation(rec.pk, now)
        n += rec.action == "requeue_job"
    return n


def _fail_the_job(cluster: Cluster, clock: Clock, job: Job, operator) -> Incident:  # type: ignore[no-untyped-def]
    """A GPU falls off the bus under the job; the operator approves what the controller proposes."""
    job.refresh_from_db()
    before = set(Incident.objects.filter(cluster=cluster).values_list("pk", flat=True))
    inject(cluster, "xid79", job.node_list[0], clock.now.timestamp())
    clock.run(cluster, 20)
    [incident] = Incident.objects.filter(cluster=cluster).exclude(pk__in=before)
    _approve_and_run_requeues(cluster, operator, clock.now)
    clock.run(cluster, 40)  # the job is requeued, pending, running again: the pipeline sees it start
    return incident


def test_the_job_page_and_the_policy_count_the_same_restarts_by_us(
    cluster, clock, operator, client, viewer
) -> None:  # type: ignore[no-untyped-def]
    cluster.autonomy = Autonomy.APPROVE
    cluster.save()
    job = busy_batch_job(cluster)
    with locked_world(cluster, clock.now.timestamp()) as world:  # the owner allows two restarts
        world.job_table[job.slurm_id].comment = '{"recovery": {"max_requeues": 2}}'
    clock.run(cluster, 4)

    incidents = [_fail_the_job(cluster, clock, job, operator) for _ in range(3)]

    ours = AuditRecord.objects.filter(
        cluster=cluster.name, workload=job.slurm_id, event="execution", outcome="succeeded"
    ).filter(action__startswith="requeue_job")
    client.force_login(viewer)
    html = client.get(f"/clusters/{cluster.pk}/jobs/{job.slurm_id}/").content.decode()
    shown = re.search(r"Restarts by us</th><td[^>]*>(\d+)", html)
    assert shown is not None
    assert int(shown.group(1)) == ours.count()  # the page counts the audit trail
    said = [
        SPENT.search(r.text).groups()  # type: ignore[union-attr]
        for r in Recommendation.objects.filter(incident__in=incidents, job=job.slurm_id)
        if SPENT.search(r.text)
    ]
    assert said, "the third failure should find the budget spent"
    assert {(int(a), int(b)) for a, b in said} == {(ours.count(), 2)}  # and so does the policy
    assert ours.count() <= 2  # never more restarts than the budget


def test_the_budget_invariants_hold_on_the_database_and_name_a_job_restarted_past_its_budget(cluster) -> None:  # type: ignore[no-untyped-def]
    from actions.services.restarts import budget_violations, job_budget
    from tests.integration.autonomy_helpers import done_requeue, make_incident, make_job, make_nodes

    make_nodes(cluster)
    make_job(cluster, "4101", "gpu-a-[001-002]")  # allows 2 requeues
    inc = make_incident(cluster, "i-1", "gpu-a-002", ["4101"])
    done_requeue(inc, "4101", 500, minutes_ago=50)
    done_requeue(inc, "4101", 700, minutes_ago=20)
    assert budget_violations(cluster) == []
    assert job_budget(cluster, "4101").shown == "2/2"
    done_requeue(inc, "4101", 900, minutes_ago=5)  # e.g. requeued past the guardrail by hand
    assert budget_violations(cluster) == ["sim-t: job 4101: restarted 3 times by us, its budget allows 2"]


def test_a_requeue_that_found_the_job_already_pending_restarted_nothing(cluster) -> None:  # type: ignore[no-untyped-def]
    from actions.services.restarts import job_budget
    from tests.integration.autonomy_helpers import done_requeue, make_incident, make_job, make_nodes

    make_nodes(cluster)
    make_job(cluster, "4101", "gpu-a-[001-002]")
    first = make_incident(cluster, "i-1", "gpu-a-002", ["4101"])
    second = make_incident(cluster, "i-2", "gpu-a-002", ["4101"])  # the same failure, seen twice
    done_requeue(first, "4101", 500, minutes_ago=3)
    done_requeue(second, "4101", 500, minutes_ago=3, result="already: already pending, excluding gpu-a-002")
    assert job_budget(cluster, "4101").shown == "1/2"
