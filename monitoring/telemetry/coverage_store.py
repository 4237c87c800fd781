"""The fields a cluster's GPUs actually report, counted from the Gpu rows; and the coverage they give.

Each Gpu row keeps its GPU's newest sample (store.py rewrites it once a node-minute),
so "which fields arrive" is a read of those rows, not of the Redis window: the
cluster page, the API and the readiness panel all see the same answer, and a
GPU silent for longer than ``max_age_s`` no longer counts.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter

from monitoring.models import Cluster, Gpu
from monitoring.telemetry import fields as F
from monitoring.telemetry.coverage import Coverage, telemetry_coverage

MAX_AGE_S = 15 * 60


def cluster_field_counts(
    cluster: Cluster, now: dt.datetime, max_age_s: float = MAX_AGE_S
) -> tuple[Counter[str], int]:
    """(GPUs reporting each field, GPUs reporting anything) among samples newer than ``max_age_s``."""
    since = now - dt.timedelta(seconds=max_age_s)
    samples = Gpu.objects.filter(node__cluster=cluster, last_sample_at__gte=since).values_list(
        "last_sample", flat=True
    )
    counts: Counter[str] = Counter()
    gpus = 0
    for fields in samples.iterator(chunk_size=2000):
        if not isinstance(fields, dict) or not fields:
            continue
        gpus += 1
        counts.update({F.canonical_field(name) for name in fields})
    return counts, gpus


def cluster_coverage(cluster: Cluster, now: dt.datetime) -> list[Coverage]:
    counts, gpus = cluster_field_counts(cluster, now)
    return telemetry_coverage(counts, gpus)
