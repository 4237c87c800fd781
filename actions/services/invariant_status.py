"""The invariants' last verdict per cluster, for the cluster page: the beat runs ``check_all`` and keeps
what failed; the page only reads it (a check reads the whole history, never on a page load).

The verdict is kept in Redis: it is rebuilt by the next check, so losing it loses nothing but the
red line until then (DESIGN: what may be lost).
"""

from __future__ import annotations

import datetime as dt
import json
import logging
from dataclasses import dataclass

from redis.exceptions import RedisError

from actions.services.invariants import INVARIANT_NAMES, check_all
from monitoring.models import Cluster
from monitoring.redis_store import get_redis, key

# The audit chain is walked by its own witness task (incidents.tasks.witness_audit_head) and by
# ``manage.py verify_audit``; what the pipeline shows against what is stored is the tick's own emission, read
# between ticks (the soak, ``manage.py check_invariants``): beside a tick that has stored a verdict's change
# and not yet saved its memory it would read a difference that is not one. Every other invariant is checked here.
CHECKED = tuple(
    n for n in INVARIANT_NAMES if n not in ("audit_chain_verifies", "every_shown_incident_stored")
)
KEEP_S = 24 * 3600
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Standing:
    """The last check of one cluster: when, how many invariants, and each failure (name, detail)."""

    at: dt.datetime
    checked: int
    failures: tuple[tuple[str, str], ...]


def _key(cluster: Cluster) -> str:
    return key("invariants", cluster.pk)


def refresh(cluster: Cluster, now: dt.datetime) -> Standing:
    """Check the cluster's invariants now and keep the verdict for its page."""
    found = check_all(cluster, now, CHECKED)
    standing = Standing(now, len(CHECKED), tuple((v.name, v.detail) for v in found))
    payload = {"at": now.isoformat(), "checked": standing.checked, "failures": list(standing.failures)}
    try:
        get_redis().set(_key(cluster), json.dumps(payload), ex=KEEP_S)
    except RedisError:
        log.warning("cluster %s: could not keep the invariants' verdict", cluster.name)
    for name, detail in standing.failures:
        log.error("invariant %s failing: %s", name, detail)
    return standing


def last_standing(cluster: Cluster) -> Standing | None:
    """The verdict the last check kept (None: not checked yet, or Redis lost it)."""
    try:
        raw = get_redis().get(_key(cluster))
    except RedisError:
        return None
    if not raw:
        return None
    data = json.loads(raw)
    failures = tuple((str(n), str(d)) for n, d in data.get("failures", []))
    return Standing(dt.datetime.fromisoformat(data["at"]), int(data.get("checked", 0)), failures)
