"""The recovery-metrics page (/recovery-metrics/): a thin view over actions.views.reports (its JSON is in actions/api/views.py)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from actions.evaluation.metrics import METRIC_LABELS, METRIC_NAMES
from actions.services import reports as insights
from monitoring.models import Cluster


def selection(params: Any) -> tuple[Cluster | None, str, str]:
    """(cluster or None for all, cluster name asked for, window key); unknown values fall back, never error."""
    name = (params.get("cluster") or "").strip()
    cluster = Cluster.objects.filter(name=name).first() if name else None
    window = params.get("window") or insights.DEFAULT_WINDOW
    if window not in insights.WINDOWS:
        window = insights.DEFAULT_WINDOW
    return cluster, (cluster.name if cluster else ""), window


@login_required
def metrics_page(request: HttpRequest) -> HttpResponse:
    cluster, name, window = selection(request.GET)
    try:
        page = max(1, int(request.GET.get("page") or 1))
    except ValueError:
        page = 1
    report = insights.metrics_report(cluster, window, timezone.now(), page=page)
    query = f"window={window}" + (f"&cluster={name}" if name else "")
    total, page = report["total"], report["page"]
    pages = max(1, -(-total // insights.PER_PAGE))
    first = (page - 1) * insights.PER_PAGE
    context = {
        "clusters": Cluster.objects.order_by("name"),
        "selected": name,
        "window": window,
        "windows": list(insights.WINDOWS),
        "rows": report["rows"],
        "table": {
            "total": total,
            "first": first + 1 if total else 0,
            "last": min(total, first + insights.PER_PAGE),
            "page": page,
            "pages": pages,
            "capped": report["capped"],
            "max": insights.MAX_WINDOW_INCIDENTS,
        },
        "summary": [(METRIC_LABELS[m], report["summary"][m]) for m in METRIC_NAMES],
        "metric_names": METRIC_NAMES,
        "by_category": report["latency_by_category"],
        "cluster_costs": report["clusters"],
        "json_query": query,
    }
    return render(request, "actions/metrics.html", context)
