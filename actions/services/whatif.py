"""What if, from the database side: the cluster's current settings with changes applied, the live incidents, the record."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import yaml

from actions.evaluation import whatif as core
from actions.pipeline import PipelineConfig
from actions.policy.autonomy import Ladder
from actions.services.autonomy import ladder_for
from actions.services.record import read_cluster
from incidents.models import Incident
from monitoring.models import Cluster
from monitoring.vocabulary import LEVELS

DURATION = re.compile(r"^(\d+(?:\.\d+)?)([smhd])$")
UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
GUARDRAILS = ("max_drains_per_hour", "max_partition_drained_pct")


class BadChange(ValueError):
    """A what-if change that is not a level, a guardrail or a detector threshold."""


def parse_since(text: str) -> dt.timedelta:
    m = DURATION.match(text.strip())
    if not m:
        raise BadChange(f"--since must look like 30m, 12h or 14d, not {text!r}")
    return dt.timedelta(seconds=float(m.group(1)) * UNITS[m.group(2)])


def load_changes(path: Path) -> dict[str, Any]:
    """A YAML file: ``autonomy: {default, isolation, restart}``, ``guardrails: {...}``, ``detectors: {...}``."""
    data = yaml.safe_load(Path(path).read_text()) or {}
    if not isinstance(data, dict):
        raise BadChange(f"{path}: expected a mapping at the top")
    return data


def settings_for(cluster: Cluster, changes: Mapping[str, Any]) -> core.Settings:
    """The cluster's settings as they are now, with ``changes`` applied (validated, one-line errors)."""
    ladder = ladder_for(cluster)
    auto = dict(changes.get("autonomy") or {})
    for k, v in auto.items():
        if k not in ("default", "isolation", "restart") or v not in LEVELS:
            raise BadChange(
                f"autonomy: {k}={v!r}: keys are default/isolation/restart, levels {'/'.join(LEVELS)}"
            )
    per_kind = {**ladder.per_kind, **{k: v for k, v in auto.items() if k != "default"}}
    ladder = Ladder(
        default=auto.get("default", ladder.default),
        monitor_only=False if auto else ladder.monitor_only,
        per_kind=per_kind,
        overrides=ladder.overrides,
    )
    guard = dict(changes.get("guardrails") or {})
    for k, v in guard.items():
        if k not in GUARDRAILS or not isinstance(v, int) or v < 0:
            raise BadChange(f"guardrails: {k}={v!r}: keys are {', '.join(GUARDRAILS)}, values whole numbers")
    det = dict(changes.get("detectors") or {})
    fields = PipelineConfig.__dataclass_fields__
    for k, v in det.items():
        if k not in fields or not isinstance(v, (int, float)) or isinstance(v, bool):
            raise BadChange(f"detectors: {k}={v!r}: keys are {', '.join(fields)}, values numbers")
    return core.Settings(
        ladder=ladder,
        max_drains_per_hour=guard.get("max_drains_per_hour", cluster.max_drains_per_hour),
        max_partition_drained_pct=guard.get("max_partition_drained_pct", cluster.max_partition_drained_pct),
        config=replace(
            PipelineConfig(storm_min_jobs=cluster.storm_min_jobs, storm_window_s=cluster.storm_window_s),
            **det,
        ),
    )


def actual_incidents(cluster: Cluster, since: dt.datetime, until: dt.datetime) -> list[core.Actual]:
    rows = Incident.objects.filter(
        cluster=cluster,
        detected_at__gte=since - dt.timedelta(seconds=core.MATCH_WINDOW_S),
        detected_at__lte=until,
    ).prefetch_related("recommendations")
    out = []
    for inc in rows.order_by("detected_at"):
        executed = tuple(
            (r.action, r.node if r.action == "drain_node" else r.job)
            for r in inc.recommendations.all()
            if r.executed_at is not None and r.action in ("drain_node", "requeue_job")
        )
        out.append(
            core.Actual(
                inc.pk,
                inc.category,
                inc.culprit_node or None,
                inc.detected_at.timestamp(),
                inc.operator_verdict,
                executed,
            )
        )
    return out


def run_whatif(
    cluster: Cluster, since: dt.timedelta, changes: Mapping[str, Any], now: dt.datetime
) -> core.Report:
    start = now - since
    records = read_cluster(cluster.name, start, now)
    return core.whatif(records, settings_for(cluster, changes), actual_incidents(cluster, start, now))


def describe(changes: Mapping[str, Any]) -> str:
    """ "isolation in auto, max_drains_per_hour 8": the changes in words, for the page and the report."""
    parts = [f"{k} in {v}" for k, v in (changes.get("autonomy") or {}).items()]
    parts += [
        f"{k} {v}"
        for k, v in {**(changes.get("guardrails") or {}), **(changes.get("detectors") or {})}.items()
    ]
    return ", ".join(parts) or "the current settings"
