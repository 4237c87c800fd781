"""``{% readiness_panel cluster %}``: the readiness partial, self-contained.

A tag rather than a context variable so any page that has a cluster (its own page,
the metrics page) can show the panel with one line and no change to its view.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils import timezone

from actions.evaluation import readiness
from actions.services.reports import cluster_readiness
from monitoring.telemetry.coverage import blind_detectors
from monitoring.telemetry.coverage_store import cluster_coverage

register = template.Library()


@register.inclusion_tag("actions/_readiness.html")
def readiness_panel(cluster: Any) -> dict[str, Any]:
    return {
        "cluster": cluster,
        "readiness": cluster_readiness(cluster, timezone.now()),
        "min_judged": readiness.MIN_JUDGED,
        "min_precision_pct": round(readiness.MIN_PRECISION * 100),
        "min_replayed": readiness.MIN_REPLAYED,
        # A detector its telemetry cannot feed proves nothing by its silence.
        "telemetry_blind": blind_detectors(cluster_coverage(cluster, timezone.now())),
    }
