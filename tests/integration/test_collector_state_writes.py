"""The collector's state is written whole, or all but the scheduler's snapshot when that did not
change (issue 26: a 2,000-node cluster's snapshot is ~100 kB of JSON, serialised and written every
tick). Either way the row afterwards holds exactly what the tick had."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from monitoring.controller_state import save_collector_state, tick_start
from monitoring.models import ControllerState

pytestmark = pytest.mark.django_db

TEXT = st.text(st.characters(blacklist_characters="\x00"), max_size=8)  # jsonb holds no NUL, either way
SNAPSHOTS = st.dictionaries(
    st.sampled_from([f"node-{i:04d}" for i in range(6)]),
    st.fixed_dictionaries(
        {
            "state": st.sampled_from(["IDLE", "ALLOCATED", "DOWN+NOT_RESPONDING"]),
            "reason": TEXT,
        }
    ),
    max_size=4,
)
STATES = st.fixed_dictionaries(
    {"slurm": st.fixed_dictionaries({"nodes": SNAPSHOTS, "jobs": st.just({})})},
    optional={
        "logs": st.dictionaries(st.sampled_from(["7", "8", "9"]), st.integers(0, 10**9), max_size=3),
        "kernel": st.fixed_dictionaries({"stream": TEXT}),
    },
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ticks=st.lists(st.tuples(STATES, st.booleans()), min_size=1, max_size=6))
def test_the_row_holds_what_the_tick_had(cluster, ticks) -> None:  # type: ignore[no-untyped-def]
    ControllerState.objects.filter(cluster=cluster).delete()
    for data, same_snapshot in ticks:
        read = tick_start(cluster)[1]
        if same_snapshot and "slurm" in read:  # this tick's scheduler said what the row holds
            data = {**data, "slurm": json.loads(json.dumps(read["slurm"]))}
        unchanged = ("slurm",) if "slurm" in read and data["slurm"] == read["slurm"] else ()
        if set(read) - set(data):
            unchanged = ()  # the source writes it whole when it dropped a key (SlurmSource.save)
        save_collector_state(cluster, data, unchanged=unchanged)
        assert tick_start(cluster)[1] == json.loads(json.dumps(data))


def test_an_unchanged_snapshot_is_not_sent_again(cluster) -> None:  # type: ignore[no-untyped-def]
    snapshot = {
        "nodes": {f"gpu-{i:04d}": {"state": "ALLOCATED", "reason": ""} for i in range(50)},
        "jobs": {},
    }
    save_collector_state(cluster, {"slurm": snapshot, "logs": {"7": 1}})
    with CaptureQueriesContext(connection) as sent:
        save_collector_state(cluster, {"slurm": snapshot, "logs": {"7": 2}}, unchanged=("slurm",))
    if connection.vendor == "postgresql":
        assert not any("gpu-0049" in q["sql"] for q in sent.captured_queries), sent.captured_queries
    assert tick_start(cluster)[1] == {"slurm": snapshot, "logs": {"7": 2}}
