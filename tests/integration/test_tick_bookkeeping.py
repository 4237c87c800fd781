"""The tick's own bookkeeping in fewer round trips (issue 26) says what it said before.

``note_tick_ok`` is one UPDATE on PostgreSQL, each source's entry merged by the database; the
locked read-and-write it replaced is still the path for the first tick and for other databases.
Both must leave the same row, whatever the sources said before (an error keeps the last ``ok_at``).
"""

from __future__ import annotations

import datetime as dt

import pytest

from actions.models import TickStat
from actions.services import heartbeat
from monitoring.controller_state import (
    _tick_ok_locked,
    load_collector_state,
    note_tick_ok,
    save_collector_state,
    tick_start,
)
from monitoring.models import Cluster, ControllerState

T0 = dt.datetime(2026, 12, 4, 12, 0, tzinfo=dt.UTC)
pytestmark = pytest.mark.django_db

OK = {"error": "", "ok_at": "2026-12-04T12:00:00+00:00", "lag_s": 0.0}
# Each tick's report of its sources; the second says the job logs failed, the third that they are back.
REPORTS = [
    {"scheduler": OK, "job logs": OK, "kernel logs": OK},
    {"scheduler": OK, "job logs": {"error": "Permission denied: 'slurm-7.out'", "error_at": "x"}},
    {"job logs": {**OK, "ok_at": "2026-12-04T12:01:00+00:00"}, "kernel logs": {"error": "agent gone"}},
    {},
]


def _row(cluster: Cluster) -> dict:
    return ControllerState.objects.filter(cluster=cluster).values(
        "last_tick_at", "last_collected_at", "failing_since", "blind_notified_at", "sources"
    )[0]


def test_the_one_statement_tick_ok_leaves_the_row_the_locked_write_left(cluster) -> None:  # type: ignore[no-untyped-def]
    other = Cluster.objects.create(name="sim-other", partitions=["batch"])
    for c in (cluster, other):  # a row from before: a failing cluster, odd leftovers in its sources
        ControllerState.objects.create(
            cluster=c,
            failing_since=T0,
            blind_notified_at=T0,
            sources={"tick": {"error": "boom"}, "job logs": {"ok_at": "earlier", "lag_s": 3.0}, "odd": 5},
        )
    for k, report in enumerate(REPORTS):
        now = T0 + dt.timedelta(seconds=10 * k)
        note_tick_ok(cluster, now, report)  # PostgreSQL: the one UPDATE
        _tick_ok_locked(other, now, report)
        assert _row(cluster) == _row(other)
    assert _row(cluster)["sources"]["job logs"] == {
        "ok_at": "2026-12-04T12:01:00+00:00",
        "lag_s": 0.0,
        "error": "",
        "error_at": "x",
    }
    assert _row(cluster)["failing_since"] is None


def test_the_first_tick_creates_its_rows(cluster) -> None:  # type: ignore[no-untyped-def]
    assert tick_start(cluster) == (None, {})
    note_tick_ok(cluster, T0, {"scheduler": OK})
    save_collector_state(cluster, {"logs": {"7": 120}})
    save_collector_state(cluster, {"logs": {"7": 240}})
    assert tick_start(cluster) == (T0, {"logs": {"7": 240}})
    assert load_collector_state(cluster, tick_start(cluster)[1]) == {"logs": {"7": 240}}
    assert ControllerState.objects.filter(cluster=cluster).count() == 1

    heartbeat.record_success(cluster.pk, 0.25, 3, T0)
    heartbeat.record_success(cluster.pk, 0.5, 2, T0)
    heartbeat.record_error(cluster.pk, RuntimeError("slurmctld\nunreachable"), T0)
    stat = TickStat.objects.get(cluster=cluster)
    assert (stat.ticks, stat.duration_sum_s, stat.events, stat.errors) == (2, 0.75, 5, 1)
    assert stat.last_error == "RuntimeError: slurmctld unreachable"
