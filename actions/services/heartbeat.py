"""Each analyser tick leaves a heartbeat in PostgreSQL: when it last succeeded, how long it took.

Prometheus scrapes any web process; the ticks run in Celery workers on other hosts.
Keeping the heartbeat in the database (one ``TickStat`` row per cluster, bumped with
``F()`` so that concurrent workers never lose a count) is what makes ``/metrics``
agree across processes with no shared memory. A blind controller (no successful tick
for minutes) is then visible from the outside, which is the one failure it cannot
report about itself.
"""

from __future__ import annotations

import datetime as dt
import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.db.models import F

from actions.models import TickStat

log = logging.getLogger(__name__)


def _bump(cluster_id: int, **changes: Any) -> None:
    """One UPDATE on the cluster's row; the row is created first only the first time (issue 26)."""
    if not TickStat.objects.filter(cluster_id=cluster_id).update(**changes):
        TickStat.objects.get_or_create(cluster_id=cluster_id)
        TickStat.objects.filter(cluster_id=cluster_id).update(**changes)


def record_success(cluster_id: int, duration_s: float, events: int, now: dt.datetime) -> None:
    _bump(
        cluster_id,
        ticks=F("ticks") + 1,
        duration_sum_s=F("duration_sum_s") + duration_s,
        last_duration_s=duration_s,
        events=F("events") + max(0, events),
        last_success_at=now,
    )


def record_error(cluster_id: int, error: BaseException, now: dt.datetime) -> None:
    text = f"{type(error).__name__}: {error}".replace("\n", " ")[:500]
    _bump(cluster_id, errors=F("errors") + 1, last_error_at=now, last_error=text)


@contextmanager
def timed(cluster_id: int, now: dt.datetime) -> Iterator[list[Any]]:
    """Time one tick. The caller appends the tick's report to the yielded list on success.

    An exception is counted and re-raised: the heartbeat never hides a failure.
    A tick that returned nothing (another worker held the lock) records nothing.
    """
    started = time.monotonic()
    box: list[Any] = []
    try:
        yield box
    except Exception as exc:
        try:
            record_error(cluster_id, exc, now)
        except Exception:  # e.g. the database itself failed: never mask the tick's own error
            log.warning("cluster %s: could not record the tick error", cluster_id, exc_info=True)
        raise
    if box and box[0] is not None:
        record_success(cluster_id, round(time.monotonic() - started, 6), getattr(box[0], "events", 0), now)
