"""The hot queries have the indexes they need (issue 14), checked on the real PostgreSQL.

With a handful of rows the planner rightly prefers a sequential scan, so each query is
explained with sequential scans disabled: if a matching index exists PostgreSQL uses it,
and the plan names it. The querysets are the ones the pages and services run.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection

from actions.choices import RecStatus
from actions.models import Recommendation
from incidents.choices import INCIDENT_ACTIVE, AuditEvent, IncidentStatus
from incidents.models import AuditRecord, Incident
from monitoring.vocabulary import ActionKind

NOW = dt.datetime(2026, 12, 1, 12, 0, tzinfo=dt.UTC)


def _plan(qs) -> str:  # type: ignore[no-untyped-def]
    with connection.cursor() as cur:
        cur.execute("SET LOCAL enable_seqscan = off")
        cur.execute("SET LOCAL enable_bitmapscan = off")
        try:
            return str(qs.explain())
        finally:
            cur.execute("RESET enable_seqscan")
            cur.execute("RESET enable_bitmapscan")


@pytest.mark.django_db
def test_recent_incidents_window_uses_the_detected_at_index():
    plan = _plan(Incident.objects.filter(detected_at__gte=NOW - dt.timedelta(days=7)))
    assert "incident_detected_idx" in plan or "incident_status_detected_idx" in plan, plan


@pytest.mark.django_db
def test_incidents_by_status_newest_first_use_the_status_detected_index():
    plan = _plan(Incident.objects.filter(status=IncidentStatus.OPEN).order_by("-detected_at")[:50])
    assert "incident_status_detected_idx" in plan, plan


@pytest.mark.django_db
def test_a_clusters_active_incidents_use_the_cluster_status_index(cluster):
    plan = _plan(cluster.incidents.filter(status__in=list(INCIDENT_ACTIVE)))
    assert "incident_cluster_status_idx" in plan, plan


@pytest.mark.django_db
def test_recommendations_by_status_in_created_order_use_their_index():
    plan = _plan(
        Recommendation.objects.filter(status=RecStatus.AWAITING_APPROVAL).order_by("created_at")[:50]
    )
    assert "rec_status_created_idx" in plan, plan


@pytest.mark.django_db
def test_the_drain_budget_count_uses_the_budget_index(cluster):
    # Rows of the same cluster that the budget does not count, and statistics about them: with
    # an empty, never analysed table the cluster index costs the same and may be chosen instead.
    inc = Incident.objects.create(
        cluster=cluster,
        key="b",
        category="hang",
        culprit_node="n",
        confidence=0.5,
        pattern="p",
        detected_at=NOW,
    )
    Recommendation.objects.bulk_create(
        Recommendation(incident=inc, cluster=cluster, action=ActionKind.REQUEUE_JOB, text="x", created_at=NOW)
        for _ in range(2000)
    )
    with connection.cursor() as cur:
        cur.execute("ANALYZE actions_recommendation")
    qs = Recommendation.objects.filter(
        cluster=cluster,
        action=ActionKind.DRAIN_NODE,
        status__in=[RecStatus.SUCCEEDED, RecStatus.EXECUTING],
        executed_at__gte=NOW - dt.timedelta(hours=1),
    ).order_by()  # the guardrail counts it: no ordering (with one, the created-order index competes)
    assert "rec_budget_idx" in _plan(qs), _plan(qs)


@pytest.mark.django_db
def test_the_audit_log_filtered_by_event_newest_first_uses_the_event_index():
    plan = _plan(AuditRecord.objects.filter(event=AuditEvent.RECOMMENDATION).order_by("-seq")[:50])
    assert "audit_event_seq_idx" in plan, plan


@pytest.mark.django_db
def test_without_a_filter_the_audit_log_does_not_pick_the_event_index():
    """Negative: the newest-first page without filters walks the seq index, not the event one."""
    plan = _plan(AuditRecord.objects.order_by("-seq")[:50])
    assert "audit_event_seq_idx" not in plan, plan


@pytest.mark.django_db
def test_the_recommendations_list_in_created_order_uses_its_index_without_a_sort():
    """The list API's own queryset, first page: 50 rows off rec_created_id_idx, not a sort of all."""
    from actions.api.views import RecommendationViewSet

    plan = _plan(RecommendationViewSet.queryset.all()[:50])
    assert "rec_created_id_idx" in plan, plan
    assert "Sort" not in plan, plan
    assert "incidents_incident" not in plan, plan  # the incident's id is on the row: no join
