"""``{% telemetry_coverage_panel cluster %}``: which detectors this cluster's telemetry lets fire.

A tag rather than a context variable, so the cluster page shows it with one line
and no change to its view.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils import timezone

from monitoring.telemetry.coverage import COUNTERS_CSV, OFF, ON
from monitoring.telemetry.coverage_store import cluster_coverage

register = template.Library()


@register.inclusion_tag("monitoring/_telemetry_coverage.html")
def telemetry_coverage_panel(cluster: Any) -> dict[str, Any]:
    coverage = cluster_coverage(cluster, timezone.now())
    return {
        "coverage": coverage,
        "blind": [c for c in coverage if c.detector and c.status != ON],
        "gpus": coverage[0].gpus if coverage else 0,
        "counters_csv": COUNTERS_CSV,
        "off": OFF,
    }
