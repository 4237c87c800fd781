"""What if, from the database side: the cluster's current settings with changes applied, the live incidents, the record."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import logging
import re
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import yaml
from celery import current_app
from django.conf import settings
from redis.exceptions import RedisError

from actions.evaluation import readiness
from actions.evaluation import whatif as core
from actions.pipeline import PipelineConfig
from actions.pipeline.config import NUMERIC
from actions.policy.autonomy import ACTION_KIND, Ladder
from actions.services.autonomy import ladder_for
from actions.services.record import read_cluster, recorded_bytes
from incidents.models import Incident
from incidents.site_rules import rule_set_for
from monitoring.models import Cluster
from monitoring.redis_store import get_redis
from monitoring.redis_store import key as redis_key
from monitoring.vocabulary import LEVELS

log = logging.getLogger(__name__)
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
    fields = NUMERIC
    for k, v in det.items():
        if k not in fields or not isinstance(v, (int, float)) or isinstance(v, bool):
            raise BadChange(f"detectors: {k}={v!r}: keys are {', '.join(fields)}, values numbers")
    return core.Settings(
        ladder=ladder,
        max_drains_per_hour=guard.get("max_drains_per_hour", cluster.max_drains_per_hour),
        max_partition_drained_pct=guard.get("max_partition_drained_pct", cluster.max_partition_drained_pct),
        config=replace(
            PipelineConfig(
                storm_min_jobs=cluster.storm_min_jobs,
                storm_window_s=cluster.storm_window_s,
                site_rules=rule_set_for(cluster),  # the rules the loop applies now
            ),
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


# ---------------------------------------------------------------- readiness: the replay one rung up


def next_rungs(cluster: Cluster, levels: Mapping[str, str]) -> dict[str, str]:
    """Per replayed action kind, the level above the one in force (none at auto)."""
    out = {}
    for scope in readiness.REPLAYED:
        nxt = readiness.next_level(levels.get(scope, cluster.autonomy))
        if nxt is not None:
            out[scope] = nxt
    return out


def _summaries(replay: Mapping[str, Any], rungs: Mapping[str, str]) -> dict[str, readiness.WhatIf]:
    """The stored replay judged by operators' verdicts as they stand now (read fresh: one query)."""
    ids = {m for _, _, m in replay["actions"] if m is not None}
    verdicts = dict(Incident.objects.filter(pk__in=ids).values_list("pk", "operator_verdict"))
    out = {}
    for scope, level in rungs.items():
        mine = [(outcome, verdicts.get(m, "")) for kind, outcome, m in replay["actions"] if kind == scope]
        acted = [
            v for outcome, v in mine if outcome == ("executed" if level == "auto" else "awaiting_approval")
        ]
        out[scope] = readiness.WhatIf(
            level=level,
            days=replay["days"],
            acted=len(acted),
            confirmed=acted.count("confirmed"),
            false=acted.count("false"),
            blocked=sum(1 for outcome, _ in mine if outcome == "blocked"),
            incidents=replay["incidents"],
        )
    return out


def replay_one_rung_up(cluster: Cluster, now: dt.datetime, rungs: Mapping[str, str]) -> dict[str, Any] | None:
    """Replay the recorded window once with every replayed kind one rung up; None when nothing is recorded.

    Keeps what verdicts do not change (each action's kind, outcome and matched live
    incident), so a verdict marked later is heard without replaying.
    """
    start = now - dt.timedelta(days=float(settings.RECOVERY_RECORD_RETENTION_DAYS))
    records = read_cluster(cluster.name, start, now)
    if not rungs or not records:
        return None
    report = core.whatif(
        records, settings_for(cluster, {"autonomy": rungs}), actual_incidents(cluster, start, now)
    )
    return {
        "days": max(0.0, now.timestamp() - float(records[0]["t"])) / 86400,  # the stretch actually recorded
        "incidents": len(report.detections),
        "actions": [[str(ACTION_KIND.get(a.action, "")), a.outcome, a.matched] for a in report.actions],
    }


def compute_readiness_whatif(
    cluster: Cluster, now: dt.datetime, levels: Mapping[str, str]
) -> dict[str, readiness.WhatIf]:
    """The replay one rung up, judged by today's verdicts; {} when nothing is recorded."""
    rungs = next_rungs(cluster, levels)
    replay = replay_one_rung_up(cluster, now, rungs)
    return _summaries(replay, rungs) if replay else {}


def _cache_key(cluster: Cluster, rungs: Mapping[str, str]) -> str:
    """Changes with what the replay depends on: the rungs replayed and the guardrails."""
    sig = json.dumps(
        [
            sorted(rungs.items()),
            cluster.max_drains_per_hour,
            cluster.max_partition_drained_pct,
            cluster.created_at.isoformat(),  # another database's cluster with this pk is another cluster
        ]
    )
    return redis_key("readiness-whatif", cluster.pk, hashlib.sha256(sig.encode()).hexdigest()[:16])


def _cache_s() -> int:
    return max(1, int(settings.RECOVERY_READINESS_WHATIF_CACHE_S))


def refresh_readiness_whatif(cluster: Cluster, now: dt.datetime) -> dict[str, Any] | None:
    """Replay one rung up from the cluster's levels now and keep it (the beat task runs this every period)."""
    levels = {k: v for k in readiness.REPLAYED if (v := getattr(cluster, f"{k}_autonomy", ""))}
    rungs = next_rungs(cluster, levels)
    replay = replay_one_rung_up(cluster, now, rungs)
    _keep(cluster, rungs, replay)
    return replay


def _keep(cluster: Cluster, rungs: Mapping[str, str], replay: dict[str, Any] | None) -> None:
    try:  # kept for two periods: the next refresh replaces it before it expires
        get_redis().set(_cache_key(cluster, rungs), json.dumps(replay), ex=2 * _cache_s())
    except RedisError:
        log.warning("cluster %s: could not keep the readiness replay", cluster.name, exc_info=True)


def readiness_whatif(
    cluster: Cluster, now: dt.datetime, levels: Mapping[str, str]
) -> dict[str, readiness.WhatIf]:
    """The replay one rung up, from the cache the beat task keeps warm, judged by today's verdicts.

    A replay of days of records takes minutes (``test_whatif_demo`` prints the cost of 30
    recorded minutes); the readiness panel is drawn on every cluster page. So the replay
    is kept in Redis per cluster, rungs and guardrails, refreshed every
    ``RECOVERY_READINESS_WHATIF_CACHE_S`` by ``actions.readiness.refresh_whatif``, and
    verdicts are applied at read time (a new verdict shows at once). Only a cache miss
    (a level or guardrail changed since the last refresh, or no Redis) replays here.
    """
    rungs = next_rungs(cluster, levels)
    try:
        raw = get_redis().get(_cache_key(cluster, rungs))
    except RedisError:
        raw = None
    if raw is not None:
        replay = json.loads(raw)
    elif recorded_bytes(cluster.name) > int(settings.RECOVERY_READINESS_INLINE_MAX_BYTES):
        _queue_refresh(cluster, rungs)  # days of records: minutes of replay, never inside a page view
        return {scope: readiness.pending_whatif(level) for scope, level in rungs.items()}
    else:
        replay = replay_one_rung_up(cluster, now, rungs)
        _keep(cluster, rungs, replay)
    return _summaries(replay, rungs) if replay else {}


REFRESH = "actions.readiness.refresh_whatif"


def _queue_refresh(cluster: Cluster, rungs: Mapping[str, str]) -> None:
    """Ask a worker to replay this cluster, once per period however many pages ask (a Redis claim)."""
    try:
        if not get_redis().set(_cache_key(cluster, rungs) + ":queued", "1", nx=True, ex=_cache_s()):
            return
        current_app.signature(REFRESH, args=(cluster.pk,)).delay()
    except Exception:  # no broker: the beat's next refresh computes it anyway
        log.warning("cluster %s: could not queue the readiness replay", cluster.name, exc_info=True)
