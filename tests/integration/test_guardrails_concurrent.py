"""Guardrails count in-flight and same-tick actions, under the cluster's row lock.

Real PostgreSQL, real threads (each its own connection): N operators clicking Approve
at once cannot pass a budget of N-1, and drains approved in one tick count against the
hourly budget and the partition share before any of them ran.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from actions.choices import RecStatus
from actions.models import Recommendation
from actions.services.recommendations import approve_recommendation
from actions.services.transitions import Conflict
from monitoring.choices import Autonomy
from monitoring.models import Node
from tests.integration.autonomy_helpers import NOW, drain, make_incident, propose

N = 6


def _partition(cluster, size: int) -> None:  # type: ignore[no-untyped-def]
    for i in range(1, size + 1):
        Node.objects.create(cluster=cluster, name=f"gpu-b-{i:03d}", partition="batch", state="ALLOCATED")


def _click_all(recs: list[Recommendation], user) -> list[str]:  # type: ignore[no-untyped-def]
    """Every operator clicks at the same instant; returns each click's outcome."""
    barrier = threading.Barrier(len(recs))
    outcomes: list[str] = []

    def click(rec_id: int) -> None:
        try:
            rec = Recommendation.objects.select_related("incident", "cluster").get(pk=rec_id)
            barrier.wait()
            approve_recommendation(rec, user, NOW, "go")
            outcomes.append("approved")
        except Conflict as exc:
            outcomes.append(f"conflict: {exc}")
        finally:
            connection.close()

    threads = [threading.Thread(target=click, args=(r.pk,)) for r in recs]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return outcomes


@pytest.mark.django_db(transaction=True)
def test_n_simultaneous_approvals_cannot_pass_an_hourly_budget_of_n_minus_1(
    cluster, operator, published_executions
) -> None:  # type: ignore[no-untyped-def]
    # approved, not yet started: executions go to a queue no worker reads (published_executions)
    cluster.autonomy, cluster.max_drains_per_hour, cluster.max_partition_drained_pct = (
        Autonomy.APPROVE,
        N - 1,
        100,
    )
    cluster.save()
    _partition(cluster, 20)
    recs = [
        propose(make_incident(cluster, f"i-{i}", f"gpu-b-{i:03d}", []), drain(f"gpu-b-{i:03d}"))[0]
        for i in range(1, N + 1)
    ]
    assert {r.status for r in recs} == {RecStatus.AWAITING_APPROVAL}
    outcomes = _click_all(recs, operator)
    assert sorted(o.split(":")[0] for o in outcomes) == ["approved"] * (N - 1) + ["conflict"]
    statuses = list(
        Recommendation.objects.filter(pk__in=[r.pk for r in recs]).values_list("status", flat=True)
    )
    assert statuses.count(RecStatus.APPROVED) == N - 1
    assert statuses.count(RecStatus.BLOCKED) == 1
    blocked = Recommendation.objects.get(pk__in=[r.pk for r in recs], status=RecStatus.BLOCKED)
    assert blocked.blocked_reason.startswith("drain rate")


@pytest.mark.django_db(transaction=True)
def test_simultaneous_approvals_cannot_pass_the_partition_share(
    cluster, operator, published_executions
) -> None:  # type: ignore[no-untyped-def]
    # approved, not yet started: executions go to a queue no worker reads (published_executions)
    cluster.autonomy, cluster.max_drains_per_hour, cluster.max_partition_drained_pct = (
        Autonomy.APPROVE,
        100,
        25,
    )
    cluster.save()
    _partition(cluster, 12)  # 25% of 12: three drained at most
    recs = [
        propose(make_incident(cluster, f"i-{i}", f"gpu-b-{i:03d}", []), drain(f"gpu-b-{i:03d}"))[0]
        for i in range(1, N + 1)
    ]
    _click_all(recs, operator)
    statuses = list(
        Recommendation.objects.filter(pk__in=[r.pk for r in recs]).values_list("status", flat=True)
    )
    assert statuses.count(RecStatus.APPROVED) == 3
    assert statuses.count(RecStatus.BLOCKED) == N - 3


@pytest.mark.django_db
def test_drains_approved_in_the_same_tick_count_against_the_budget(cluster, published_executions) -> None:  # type: ignore[no-untyped-def]
    # approved, not yet started: executions go to a queue no worker reads (published_executions)
    cluster.autonomy, cluster.max_drains_per_hour, cluster.max_partition_drained_pct = Autonomy.AUTO, 2, 100
    cluster.save()
    _partition(cluster, 20)
    recs = [
        propose(make_incident(cluster, f"i-{i}", f"gpu-b-{i:03d}", []), drain(f"gpu-b-{i:03d}"))[0]
        for i in range(1, 4)
    ]
    assert [r.status for r in recs] == [RecStatus.APPROVED, RecStatus.APPROVED, RecStatus.BLOCKED]
