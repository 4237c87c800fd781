"""Prometheus exposition of the controller's own numbers, computed from the database at scrape time.

Why a custom collector and not module-level Counters: the web (daphne) and the Celery
workers are separate processes, often on separate hosts. Counters in one process's
memory would show only what that process did, and restart from zero with it. Every
number here is derived from rows every process shares (incidents, recommendations and
their transitions, the audit trail, the tick heartbeats), so any web process answers
the same, restarts lose nothing, and no multiprocess directory is needed.

The one cost that grows with history, the per-incident latencies and costs, is kept low by
storing the values of settled incidents (closed over an hour ago) in PostgreSQL once
(``SettledIncidentMetrics``), so no cache flush makes a scrape recompute them;
``bench/metrics_scrape_bench.py`` prints what a scrape costs.

Labels stay low-cardinality: cluster, category, action, state, kind, guardrail,
format. Never a node, job or incident id.

What the data does not hold yet, and so is not exported: per-collector lag and errors
(collection runs inside the tick, so ``recovery_collector_lag_seconds`` is the age of
the last successful tick and collection errors are tick errors). Lost GPU-hours and the
effective training time ratio are the recovery-metrics page's own numbers, by the same
functions (``reports.incident_rows`` per incident, ``reports.cluster_recovery`` per
cluster over the page's default window).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Iterator
from typing import Any

from django.db.models import Count, Min, Q
from django.db.models.fields.json import KT
from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
    Metric,
    SummaryMetricFamily,
)
from prometheus_client.registry import Collector, CollectorRegistry

from actions.choices import ActionKind, AutonomyKind, RecStatus
from actions.models import Recommendation, RecommendationTransition, TickStat
from actions.services import reports as insights
from incidents.choices import AuditEvent
from incidents.models import AuditRecord, Incident
from monitoring.choices import Autonomy
from monitoring.models import Cluster

# Seconds: from a second (detection) to two hours (time to resume after a slow requeue).
BUCKETS = (1.0, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0, 600.0, 1800.0, 3600.0, 7200.0)
HISTOGRAMS = {
    "detection_latency_s": ("recovery_detection_latency_seconds", "First fault signal to incident opened."),
    "action_latency_s": (
        "recovery_action_latency_seconds",
        "Incident opened to first drain or requeue issued.",
    ),
    "approval_wait_s": ("recovery_approval_wait_seconds", "Recommendation put to an operator to decided."),
    "time_to_resume_s": (
        "recovery_time_to_resume_seconds",
        "Fault to the job or node verified healthy again.",
    ),
}
LEVEL_VALUE = {Autonomy.MONITOR: 0, Autonomy.APPROVE: 1, Autonomy.AUTO: 2}
GUARDRAILS = ("drain rate", "partition share", "opt-in", "restart budget", "restart storm", "storm breaker")
MAX_INCIDENTS = 20000  # histograms over the newest this many incidents


def guardrail_of(reason: str) -> str:
    """The guardrail a blocked reason names ("drain rate: 4 drains…" -> "drain_rate")."""
    head = (reason or "").split(":", 1)[0].strip().lower()
    return head.replace(" ", "_").replace("-", "_") if head in GUARDRAILS else "other"


def histogram(name: str, doc: str, per_cluster: dict[str, list[float]]) -> HistogramMetricFamily:
    """Cumulative buckets as Prometheus wants them: le="+Inf" equals the count."""
    fam = HistogramMetricFamily(name, doc, labels=["cluster"])
    for cluster, values in sorted(per_cluster.items()):
        counts = [(str(b), float(sum(1 for v in values if v <= b))) for b in BUCKETS]
        fam.add_metric([cluster], counts + [("+Inf", float(len(values)))], sum_value=float(sum(values)))
    return fam


class RecoveryCollector(Collector):
    """Reads the database once per scrape; ``now`` is taken by the caller."""

    def __init__(self, now: dt.datetime) -> None:
        self.now = now

    def collect(self) -> Iterator[Metric]:
        clusters = list(Cluster.objects.order_by("name"))
        yield from self._incidents()
        yield from self._histograms(clusters)
        yield from self._recommendations()
        yield from self._autonomy(clusters)
        yield from self._guardrails(clusters)
        yield from self._ticks(clusters)
        yield from self._webhooks()

    def _incidents(self) -> Iterable[Metric]:
        total = CounterMetricFamily(
            "recovery_incidents", "Incidents opened, by cluster and category.", labels=["cluster", "category"]
        )
        active = GaugeMetricFamily(
            "recovery_incidents_by_status", "Incidents now in each status.", labels=["cluster", "status"]
        )
        by_cat: dict[tuple[str, str], int] = defaultdict(int)
        by_status: dict[tuple[str, str], int] = defaultdict(int)
        for row in Incident.objects.values("cluster__name", "category", "status").annotate(n=Count("id")):
            by_cat[(row["cluster__name"], row["category"])] += row["n"]
            by_status[(row["cluster__name"], row["status"])] += row["n"]
        for labels, n in sorted(by_cat.items()):
            total.add_metric(list(labels), n)
        for labels, n in sorted(by_status.items()):
            active.add_metric(list(labels), n)
        return [total, active]

    def _histograms(self, clusters: list[Cluster]) -> Iterable[Metric]:
        values: dict[str, dict[str, list[float]]] = {k: {c.name: [] for c in clusters} for k in HISTOGRAMS}
        lost_steps: dict[str, float] = {c.name: 0.0 for c in clusters}
        gpu_hours: dict[str, float] = {c.name: 0.0 for c in clusters}
        since = self.now - insights.WINDOWS[insights.DEFAULT_WINDOW]
        in_window = []
        for m in incident_values(self.now):
            cluster = m["cluster"]
            for key in HISTOGRAMS:
                if m[key] is not None:
                    values[key].setdefault(cluster, []).append(float(m[key]))
            if m["lost_steps"] is not None:
                lost_steps[cluster] = lost_steps.get(cluster, 0.0) + m["lost_steps"]
            gpu_hours[cluster] = gpu_hours.get(cluster, 0.0) + (m["lost_gpu_hours"] or 0.0)
            if dt.datetime.fromisoformat(m["detected_at"]) >= since:
                in_window.append(m)
        for key, (name, doc) in HISTOGRAMS.items():
            yield histogram(name, doc, values[key])
        steps = CounterMetricFamily(
            "recovery_lost_progress_steps",
            "Training steps redone after restarts (fault step minus checkpoint step).",
            labels=["cluster"],
        )
        hours = CounterMetricFamily(
            "recovery_lost_gpu_hours",
            "GPU-hours lost to incidents: the job's GPUs x (time since its checkpoint + time until progress again).",
            labels=["cluster"],
        )
        for name in sorted(lost_steps):
            steps.add_metric([name], lost_steps[name])
            hours.add_metric([name], round(gpu_hours[name], 6))
        yield steps
        yield hours
        yield from self._ettr(in_window, clusters, since)

    def _ettr(
        self, rows: list[dict[str, Any]], clusters: list[Cluster], since: dt.datetime
    ) -> Iterable[Metric]:
        """The recovery-metrics page's per-cluster figures over its default window, by the page's own function."""
        ratio = GaugeMetricFamily(
            "recovery_effective_training_time_ratio",
            f"Productive / allocated GPU-time of opted-in jobs over the last {insights.DEFAULT_WINDOW} "
            "(absent: nothing allocated).",
            labels=["cluster"],
        )
        allocated = GaugeMetricFamily(
            "recovery_allocated_gpu_hours",
            f"GPU-hours allocated to opted-in jobs over the last {insights.DEFAULT_WINDOW}.",
            labels=["cluster"],
        )
        for c in insights.cluster_recovery(rows, clusters, since, self.now):
            allocated.add_metric([c["cluster"]], c["allocated_gpu_hours"])
            if c["ettr"] is not None:
                ratio.add_metric([c["cluster"]], c["ettr"])
        return [ratio, allocated]

    def _recommendations(self) -> Iterable[Metric]:
        fam = GaugeMetricFamily(
            "recovery_recommendations",
            "Recommendations in each state.",
            labels=["cluster", "action", "state"],
        )
        rows = Recommendation.objects.values("cluster__name", "action", "status").annotate(n=Count("id"))
        for row in sorted(rows, key=lambda r: (r["cluster__name"], r["action"], r["status"])):
            fam.add_metric([row["cluster__name"], row["action"], row["status"]], row["n"])
        oldest = GaugeMetricFamily(
            "recovery_oldest_awaiting_approval_seconds",
            "Age of the oldest recommendation awaiting an operator (0: none).",
            labels=["cluster"],
        )
        waiting = dict(
            Recommendation.objects.filter(status=RecStatus.AWAITING_APPROVAL)
            .values_list("cluster__name")
            .annotate(t=Min("created_at"))
        )
        for name in sorted(Cluster.objects.values_list("name", flat=True)):
            since = waiting.get(name)
            oldest.add_metric([name], max(0.0, (self.now - since).total_seconds()) if since else 0.0)
        return [fam, oldest]

    def _autonomy(self, clusters: list[Cluster]) -> Iterable[Metric]:
        level = GaugeMetricFamily(
            "recovery_autonomy_level",
            "Effective autonomy per cluster and action kind: "
            "0 monitor, 1 approve, 2 auto (back-to-monitor counts as 0).",
            labels=["cluster", "kind"],
        )
        monitor_only = GaugeMetricFamily(
            "recovery_monitor_only", "1 while the back-to-monitor switch is on.", labels=["cluster"]
        )
        for c in clusters:
            for kind, own in (
                (AutonomyKind.ISOLATION, c.isolation_autonomy),
                (AutonomyKind.RESTART, c.restart_autonomy),
            ):
                value = 0 if c.monitor_only else LEVEL_VALUE.get(own or c.autonomy, 0)
                level.add_metric([c.name, str(kind)], value)
            monitor_only.add_metric([c.name], 1 if c.monitor_only else 0)
        return [level, monitor_only]

    def _guardrails(self, clusters: list[Cluster]) -> Iterable[Metric]:
        blocks = CounterMetricFamily(
            "recovery_guardrail_blocks",
            "Recommendations a guardrail blocked.",
            labels=["cluster", "guardrail"],
        )
        counts: dict[tuple[str, str], int] = defaultdict(int)
        rows = RecommendationTransition.objects.filter(new=RecStatus.BLOCKED).values_list(
            "recommendation__cluster__name", "reason"
        )
        for cluster, reason in rows.iterator():
            counts[(cluster, guardrail_of(reason))] += 1
        for labels, n in sorted(counts.items()):
            blocks.add_metric(list(labels), n)
        trips = CounterMetricFamily(
            "recovery_storm_breaker_trips",
            "Times the storm breaker sent a cluster back to monitor.",
            labels=["cluster"],
        )
        tripped = dict(
            AuditRecord.objects.filter(
                event=AuditEvent.AUTONOMY,
                action="back to monitor",
                detail__reason__startswith="storm breaker",
            )
            .values_list("cluster")
            .annotate(n=Count("id"))
        )
        drains = dict(
            Recommendation.objects.filter(
                action=ActionKind.DRAIN_NODE,
                status__in=[RecStatus.SUCCEEDED, RecStatus.EXECUTING],
                executed_at__gte=self.now - dt.timedelta(hours=1),
            )
            .values_list("cluster__name")
            .annotate(n=Count("id"))
        )
        last_hour = GaugeMetricFamily(
            "recovery_drains_last_hour", "Drains by the controller in the last hour.", labels=["cluster"]
        )
        budget = GaugeMetricFamily(
            "recovery_drain_budget_per_hour", "The drain-rate guardrail's limit.", labels=["cluster"]
        )
        for c in clusters:
            trips.add_metric([c.name], tripped.get(c.name, 0))
            last_hour.add_metric([c.name], drains.get(c.name, 0))
            budget.add_metric([c.name], c.max_drains_per_hour)
        return [blocks, trips, last_hour, budget]

    def _ticks(self, clusters: list[Cluster]) -> Iterable[Metric]:
        stats = {s.cluster_id: s for s in TickStat.objects.all()}
        duration = SummaryMetricFamily(
            "recovery_tick_duration_seconds", "Duration of successful analyser ticks.", labels=["cluster"]
        )
        last = GaugeMetricFamily(
            "recovery_last_successful_tick_timestamp_seconds",
            "Unix time of the last successful tick (0: never).",
            labels=["cluster"],
        )
        lag = GaugeMetricFamily(
            "recovery_collector_lag_seconds",
            "Seconds since the cluster was last collected and analysed successfully (-1: never).",
            labels=["cluster"],
        )
        errors = CounterMetricFamily(
            "recovery_tick_errors", "Ticks that failed (collection or analysis).", labels=["cluster"]
        )
        events = CounterMetricFamily(
            "recovery_collected_events", "Events collected by successful ticks.", labels=["cluster"]
        )
        for c in clusters:
            s = stats.get(c.pk)
            duration.add_metric(
                [c.name], count_value=s.ticks if s else 0, sum_value=s.duration_sum_s if s else 0.0
            )
            at = s.last_success_at if s else None
            last.add_metric([c.name], at.timestamp() if at else 0.0)
            lag.add_metric([c.name], max(0.0, (self.now - at).total_seconds()) if at else -1.0)
            errors.add_metric([c.name], s.errors if s else 0)
            events.add_metric([c.name], s.events if s else 0)
        return [duration, last, lag, errors, events]

    def _webhooks(self) -> Iterable[Metric]:
        delivered = CounterMetricFamily(
            "recovery_webhook_deliveries",
            "Notification attempts a receiver accepted (2xx).",
            labels=["cluster", "format"],
        )
        failed = CounterMetricFamily(
            "recovery_webhook_failures",
            "Notification attempts that failed (each retry counts).",
            labels=["cluster", "format"],
        )
        rows = (
            AuditRecord.objects.filter(
                Q(action__startswith="webhook ") | Q(action__startswith="page "), event=AuditEvent.EXECUTION
            )
            .annotate(fmt=KT("detail__format"))
            .values("cluster", "fmt", "outcome")
            .annotate(n=Count("id"))
        )
        counts: dict[tuple[str, str, str], int] = defaultdict(int)
        for row in rows:
            counts[(row["cluster"], row["fmt"] or "json", row["outcome"])] += row["n"]
        for (cluster, fmt, outcome), n in sorted(counts.items()):
            (delivered if outcome == "delivered" else failed).add_metric([cluster, fmt], n)
        return [delivered, failed]


def incident_values(now: dt.datetime) -> list[dict[str, Any]]:
    """Per incident: cluster, GPUs, costs and metrics, for the newest MAX_INCIDENTS incidents
    (settled ones read from ``SettledIncidentMetrics``: ``reports.incident_values_for``)."""
    light = Incident.objects.order_by("-detected_at").values_list(
        "pk", "status", "resolved_at", "reopen_count"
    )
    return list(insights.incident_values_for(list(light[:MAX_INCIDENTS]), now).values())


def registry(now: dt.datetime) -> CollectorRegistry:
    """A fresh registry per scrape: nothing is kept between scrapes, in any process."""
    reg = CollectorRegistry(auto_describe=False)
    reg.register(RecoveryCollector(now))
    return reg
