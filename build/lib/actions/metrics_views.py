"""The recovery-metrics page (/recovery-metrics/) and its JSON (/api/metrics/): thin views over actions.insights."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.decorators import api_view
from rest_framework.request import Request
from rest_framework.response import Response

from actions import insights
from actions.metrics import METRIC_LABELS, METRIC_NAMES
from monitoring.models import Cluster


def _selection(params: Any) -> tuple[Cluster | None, str, str]:
    """(cluster or None for all, cluster name asked for, window key); unknown values fall back, never error."""
    name = (params.get("cluster") or "").strip()
    cluster = Cluster.objects.filter(name=name).first() if name else None
    window = params.get("window") or insights.DEFAULT_WINDOW
    if window not in insights.WINDOWS:
        window = insights.DEFAULT_WINDOW
    return cluster, (cluster.name if cluster else ""), window


@login_required
def metrics_page(request: HttpRequest) -> HttpResponse:
    cluster, name, window = _selection(request.GET)
    report = insights.metrics_report(cluster, window, timezone.now())
    query = f"window={window}" + (f"&cluster={name}" if name else "")
    context = {
        "clusters": Cluster.objects.order_by("name"),
        "selected": name,
        "window": window,
        "windows": list(insights.WINDOWS),
        "rows": report["rows"],
        "summary": [(METRIC_LABELS[m], report["summary"][m]) for m in METRIC_NAMES],
        "metric_names": METRIC_NAMES,
        "json_query": query,
    }
    return render(request, "actions/metrics.html", context)


@extend_schema(
    parameters=[
        OpenApiParameter("cluster", str, description="cluster name; all clusters when absent"),
        OpenApiParameter("window", str, enum=list(insights.WINDOWS), description="how far back: 24h (default) or 7d"),
    ],
    responses={200: dict},
)
@api_view(["GET"])
def metrics_api(request: Request) -> Response:
    """Recovery metrics per incident and their summary (count, mean, median, p90, max) over a window."""
    cluster, name, window = _selection(request.query_params)
    report = insights.metrics_report(cluster, window, timezone.now())
    return Response({"cluster": name or None, "window": window} | insights.report_json(report))
