"""The pipeline's memory and the simulated world are handed from one tick to the next in-process
while Redis still holds what this worker saved; any other write wins (issue 14)."""

from __future__ import annotations

import datetime as dt
import json
import uuid

import pytest

from actions.loop import _restore_pipeline, run_cluster_tick, save_pipeline
from actions.pipeline import Pipeline
from monitoring.detectors.schema import ClusterSpec
from monitoring.redis_store import get_redis, key, load_state, save_state
from monitoring.sources.simulated import load_world, save_world

NOW = dt.datetime(2026, 12, 1, 12, 0, tzinfo=dt.UTC)


@pytest.mark.redis
def test_the_saver_gets_its_own_object_back_once_and_others_get_the_stored_json(redis_ns):
    name = key("handover-test")
    obj = {"n": 1}
    save_state(name, json.dumps(obj), obj)
    assert load_state(name) == (obj, None)  # the same object, no parse
    mine, raw = load_state(name)  # taken out by the first load: the next one parses
    assert mine is None and json.loads(raw) == {"n": 1}


@pytest.mark.redis
@pytest.mark.parametrize("how", ["other writer", "legacy plain json", "deleted"])
def test_any_other_write_to_the_key_wins_over_the_kept_object(redis_ns, how):
    name = key("handover-test")
    save_state(name, json.dumps({"n": 1}), {"n": 1})
    if how == "other writer":  # another worker saved after us: a different generation
        get_redis().set(name, b"@" + b"f" * 32 + b"\n" + b'{"n": 2}')
    elif how == "legacy plain json":
        get_redis().set(name, b'{"n": 2}')
    else:  # Redis lost it (restarted empty, or the key was dropped)
        get_redis().delete(name)
    mine, raw = load_state(name)
    assert mine is None
    assert (json.loads(raw) if raw else None) == (None if how == "deleted" else {"n": 2})


@pytest.mark.django_db
@pytest.mark.redis
def test_a_world_changed_by_someone_else_is_read_back_not_the_kept_one(cluster, redis_ns, settings):
    """Given the tick's saved world kept in-process, when another holder (an executor, a fault
    injection on another worker) saves a changed world, then the next load sees that change."""
    settings.SIM_FAULT_MEAN_INTERVAL_S = 0
    t = NOW.timestamp()
    run_cluster_tick(cluster.pk, NOW)
    ours = load_world(cluster, t)
    node = ours.nodes()[0]["name"]
    save_world(cluster, ours)
    # another process: it parses the stored state, drains a node and saves under its own generation
    state_key = key("sim", cluster.state_id)
    other = type(ours).from_state(json.loads(get_redis().get(state_key)[34:]))
    other.node_table[node].drain = True
    other.node_table[node].reason = "someone else"
    get_redis().set(
        state_key, b"@" + uuid.uuid4().hex.encode() + b"\n" + json.dumps(other.to_state()).encode()
    )
    seen = load_world(cluster, t)
    assert seen is not ours
    assert seen.node_table[node].reason == "someone else"


@pytest.mark.redis
def test_a_kept_pipeline_is_the_one_saved_and_a_deleted_key_means_lost_memory(cluster, redis_ns):
    p = Pipeline(ClusterSpec(cluster.name, ("gpu-a-0001",)))
    save_pipeline(cluster, p)
    assert _restore_pipeline(cluster) is p
    save_pipeline(cluster, p)
    get_redis().delete(key("pipeline", cluster.state_id))
    assert _restore_pipeline(cluster) is None


@pytest.mark.redis
def test_a_process_keeps_a_bounded_number_of_objects_the_least_recently_saved_dropped(redis_ns):
    import monitoring.redis_store as rs

    rs._saved.clear()
    names = [key(f"handover-{i}") for i in range(rs.KEEP_STATES + 3)]
    for n in names:
        save_state(n, "{}", {"name": n})
    assert len(rs._saved) == rs.KEEP_STATES
    assert load_state(names[0]) == (None, b"{}")  # dropped: read back from Redis
    assert load_state(names[-1]) == ({"name": names[-1]}, None)
