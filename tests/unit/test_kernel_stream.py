"""The kernel stream the node agents push to, read by the tick (real Redis, a key prefix per test)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from monitoring.collectors import kernel_stream as ks

XID = "NVRM: Xid (PCI:0000:5d:00): 79, pid=123, GPU has fallen off the bus."
NODES = ["gpu-0001", "gpu-0002", "gpu-0003"]


@pytest.fixture
def r(redis_ns: str) -> Any:
    from monitoring.redis_store import get_redis

    return get_redis()


def _read(r: Any, prefix: str, state: Any, now: float = 100.0, **kw: Any) -> Any:
    return ks.read(r, "c1", state, expected=NODES, known=NODES, now=now, prefix=prefix, **kw)


def _beat_all(r: Any, prefix: str, now: float = 100.0) -> None:
    for n in NODES:
        ks.push(r, "c1", n, [], now, prefix=prefix)


def test_lines_come_out_in_order_once_and_the_id_is_kept(r: Any, redis_ns: str) -> None:
    ks.push(r, "c1", "gpu-0002", ["boot", XID], 99.5, prefix=redis_ns)
    _beat_all(r, redis_ns)
    events, st, problems = _read(r, redis_ns, None)
    assert events == [
        {"t": 99.5, "source": "kernel", "node": "gpu-0002", "line": "boot"},
        {"t": 99.5, "source": "kernel", "node": "gpu-0002", "line": XID},
    ]
    assert problems == []
    # The state survives the trip through PostgreSQL's JSON; the next read starts after it.
    st = json.loads(json.dumps(st))
    ks.push(r, "c1", "gpu-0001", ["later"], 100.5, prefix=redis_ns)
    events, st2, _ = _read(r, redis_ns, st)
    assert [e["line"] for e in events] == ["later"]
    assert _read(r, redis_ns, st2)[0] == []
    # Until the tick saves the new state, the same entries are read again (at-least-once).
    assert [e["line"] for e in _read(r, redis_ns, st)[0]] == ["later"]


def test_a_read_is_bounded_and_a_backlog_drains_over_several_reads(r: Any, redis_ns: str) -> None:
    ks.push(r, "c1", "gpu-0001", [f"line {i}" for i in range(25)], 99.0, prefix=redis_ns)
    _beat_all(r, redis_ns)
    seen: list[str] = []
    st = None
    reads = 0
    while True:
        events, st, problems = _read(r, redis_ns, st, count=10)
        assert problems == [] and len(events) <= 10
        if not events:
            break
        reads += 1
        seen += [e["line"] for e in events]
    assert reads == 3 and seen == [f"line {i}" for i in range(25)]


def test_a_trim_past_the_saved_id_is_reported(r: Any, redis_ns: str) -> None:
    ks.push(r, "c1", "gpu-0001", ["read"], 99.0, prefix=redis_ns)
    _beat_all(r, redis_ns)
    _, st, _ = _read(r, redis_ns, None)
    ks.push(r, "c1", "gpu-0001", [f"unread {i}" for i in range(10)], 99.1, prefix=redis_ns)
    r.xtrim(ks.stream_key("c1", redis_ns), maxlen=3, approximate=False)  # the MAXLEN backstop, exactly
    events, st, problems = _read(r, redis_ns, st)
    assert [e["line"] for e in events] == ["unread 7", "unread 8", "unread 9"]
    assert problems == [
        "kernel stream trimmed past the last entry read: 7 lines were never read "
        "(a backlog over its MAXLEN; the tick read too little or too late)"
    ]
    # Said once: the next read is past the trim.
    assert _read(r, redis_ns, st)[2] == []


def test_a_trim_of_entries_already_read_is_no_gap(r: Any, redis_ns: str) -> None:
    ks.push(r, "c1", "gpu-0001", [f"l{i}" for i in range(10)], 99.0, prefix=redis_ns)
    _beat_all(r, redis_ns)
    _, st, _ = _read(r, redis_ns, None)
    r.xtrim(ks.stream_key("c1", redis_ns), maxlen=2, approximate=False)
    assert _read(r, redis_ns, st)[2] == []


def test_silent_failing_and_unknown_agents_are_named(r: Any, redis_ns: str) -> None:
    ks.push(r, "c1", "gpu-0001", [], 100.0, prefix=redis_ns)  # fresh
    ks.push(r, "c1", "gpu-0002", [], 10.0, prefix=redis_ns)  # 90 s old: silent
    ks.push(r, "c1", "gpu-0009", [], 100.0, prefix=redis_ns)  # a name Slurm does not know
    # gpu-0003 never pushed anything
    _, _, problems = _read(r, redis_ns, None, silent_after=60)
    assert problems[0] == "kernel agent silent on 2 nodes (no heartbeat for 60 s): gpu-0002, gpu-0003"
    assert problems[1] == "kernel agents push for nodes Slurm does not know (--node?): gpu-0009"
    ks.push(r, "c1", "gpu-0002", [], 100.0, error="journalctl: Permission denied", prefix=redis_ns)
    ks.push(r, "c1", "gpu-0003", [], 100.0, prefix=redis_ns)
    _, _, problems = _read(r, redis_ns, None, silent_after=60)
    assert problems[0] == "kernel agent cannot read the log on 1: gpu-0002 (journalctl: Permission denied)"
    # A down node is not expected to beat.
    events, _, problems = ks.read(
        r, "c1", None, expected=["gpu-0001"], known=NODES, now=500.0, prefix=redis_ns
    )
    assert problems == ["kernel agent silent on 1 node (no heartbeat for 60 s): gpu-0001"]


def test_many_silent_nodes_make_one_short_line() -> None:
    nodes = [f"gpu-{i:04d}" for i in range(2000)]
    problems = ks.agent_problems({}, nodes, set(nodes), now=100.0)
    assert len(problems) == 1 and problems[0].endswith("gpu-0007, … (+1992 more)")
    assert problems[0].startswith("kernel agent silent on 2000 nodes")


def test_a_redis_that_restarted_empty_is_reported_and_new_lines_still_come(r: Any, redis_ns: str) -> None:
    # What a Redis restarted without its data looks like to the reader: our keys are gone.
    ks.push(r, "c1", "gpu-0001", ["before"], 99.0, prefix=redis_ns)
    _beat_all(r, redis_ns)
    _, st, _ = _read(r, redis_ns, None)
    r.delete(ks.stream_key("c1", redis_ns), ks.agents_key("c1", redis_ns))
    events, st, problems = _read(r, redis_ns, st)
    assert events == []
    assert problems[0].startswith("kernel stream restarted empty")
    assert problems[1].startswith("kernel agent silent on 3 nodes")  # no heartbeat either yet
    # The agents push again: nothing new is skipped, and the reset is not said twice.
    ks.push(r, "c1", "gpu-0002", [XID], 100.0, prefix=redis_ns)
    _beat_all(r, redis_ns)
    events, st, problems = _read(r, redis_ns, st)
    assert [e["line"] for e in events] == [XID] and problems == []


def test_a_new_stream_with_ids_below_the_saved_one_is_read_from_its_start(r: Any, redis_ns: str) -> None:
    _beat_all(r, redis_ns)
    key = ks.stream_key("c1", redis_ns)
    r.xadd(key, {"node": "gpu-0001", "t": "99", "line": "old"}, id="9000000000000-0")
    _, st, _ = _read(r, redis_ns, None)
    r.delete(key)  # restarted, and the new server's clock is behind the old ids
    ks.push(r, "c1", "gpu-0001", ["after the restart"], 100.0, prefix=redis_ns)
    events, st, problems = _read(r, redis_ns, st)
    assert [e["line"] for e in events] == ["after the restart"]
    assert problems[0].startswith("kernel stream restarted empty")


def test_entries_that_are_not_kernel_lines_are_skipped(r: Any, redis_ns: str) -> None:
    _beat_all(r, redis_ns)
    key = ks.stream_key("c1", redis_ns)
    r.xadd(key, {"node": "gpu-0001; rm -rf /", "t": "99", "line": "x"})
    r.xadd(key, {"node": "gpu-0001", "t": "not a time", "line": "x"})
    r.xadd(key, {"junk": "1"})
    ks.push(r, "c1", "gpu-0001", ["good"], 99.0, prefix=redis_ns)
    events, st, _ = _read(r, redis_ns, None)
    assert [e["line"] for e in events] == ["good"]
    assert st["id"] == r.xrevrange(key, count=1)[0][0].decode()


def test_a_trim_in_the_middle_of_a_backlog_counts_the_lines_lost(r: Any, redis_ns: str) -> None:
    ks.push(r, "c1", "gpu-0001", [f"line {i}" for i in range(25)], 99.0, prefix=redis_ns)
    _beat_all(r, redis_ns)
    events, st, _ = _read(r, redis_ns, None, count=10)
    assert events[-1]["line"] == "line 9"
    r.xtrim(ks.stream_key("c1", redis_ns), maxlen=5, approximate=False)
    events, st, problems = _read(r, redis_ns, st, count=10)
    assert [e["line"] for e in events] == [f"line {i}" for i in range(20, 25)]
    assert problems[0].startswith("kernel stream trimmed past the last entry read: 10 lines were never read")


def test_a_restarted_stream_whose_first_id_equals_the_saved_one_is_read(r: Any, redis_ns: str) -> None:
    # The agents push again within the same millisecond as the last line before the restart: the new
    # stream's first id is the saved one. It must be read, not skipped as "already handled".
    _beat_all(r, redis_ns)
    key = ks.stream_key("c1", redis_ns)
    r.xadd(key, {"node": "gpu-0001", "t": "99", "line": "before"}, id="5000-0")
    _, st, _ = _read(r, redis_ns, None)
    r.delete(key)
    _, st, problems = _read(r, redis_ns, st)
    assert problems[0].startswith("kernel stream restarted empty")
    r.xadd(key, {"node": "gpu-0002", "t": "100", "line": XID}, id="5000-0")
    events, st, problems = _read(r, redis_ns, st)
    assert [e["line"] for e in events] == [XID] and problems == []


def _heartbeats_by_json(raw: dict[bytes, bytes]) -> dict[str, dict[str, object]]:
    """What every beat read as JSON says (the reader's fast path for healthy beats must agree)."""
    return {k.decode(): b for k, v in raw.items() if (b := ks.beat_from_json(v)) is not None}


_beats = st.one_of(
    st.floats(allow_nan=False, allow_infinity=False).map(
        lambda t: json.dumps({"t": t, "error": ""}, separators=(",", ":")).encode()
    ),
    st.integers(-(10**12), 10**12).map(lambda t: b'{"t":%d,"error":""}' % t),
    st.tuples(st.floats(allow_nan=False), st.text(max_size=20)).map(
        lambda te: json.dumps({"t": te[0], "error": te[1]}).encode()
    ),
    st.sampled_from(
        [b'{"t":1_000,"error":""}', b'{"t":nan,"error":""}', b'{"t":1e5,"error":""}', b'{"t": 5}']
    ),
    st.binary(max_size=30),
)


@given(st.dictionaries(st.sampled_from([b"n1", b"n2", b"n3", b"n4"]), _beats))
def test_heartbeats_read_fast_say_what_json_says(raw: dict[bytes, bytes]) -> None:
    assert ks._heartbeats(raw) == _heartbeats_by_json(raw)
