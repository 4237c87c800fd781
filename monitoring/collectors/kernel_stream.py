"""Kernel logs pushed by the node agents: one Redis Stream per cluster, read by the tick.

The agent on each node (``python -m monitoring.telemetry.agent --kernel ...``) runs the
same ``kernel.poll`` as SSH fan-out does, on itself, and :func:`push` appends its new lines
to ``<prefix>:kstream:<cluster>`` (``XADD`` with an approximate ``MAXLEN`` backstop) and
stamps its heartbeat in ``<prefix>:kagents:<cluster>`` (node -> ``{"t", "error"}``) every
interval, lines or not. The tick (:func:`read`) reads the stream from the last id it
handled, kept in the collector state that is saved in PostgreSQL when the tick commits.

Why a stream and not a list popped like the GPU events: reading does not remove anything.
A worker killed mid-tick has not saved the id it reached, so the next tick reads the same
entries again (at-least-once; a kernel line seen twice is one more sighting of the same
Xid, a line never seen is a missed fault). What is handled is only ever trimmed by
``MAXLEN``; the state keeps the rank of the last entry read among all ever added
(``entries-added``), so a trim past it is reported with the number of lines lost, and a
stream that restarted empty (``entries-added`` below that rank) is reported too.

No Django here: the agent imports :func:`push` on a node that has only this package.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable, Sequence
from typing import Any

log = logging.getLogger(__name__)

STREAM_KEY = "{prefix}:kstream:{cluster}"
AGENTS_KEY = "{prefix}:kagents:{cluster}"
# Backstop if the tick stops reading: kernel lines are rare (an Xid storm on a few nodes is
# thousands); keep the newest ~200 k entries (tens of MB) rather than let Redis fill up.
STREAM_MAX = 200_000
READ_COUNT = 50_000  # a tick reads at most this many entries; a backlog drains over several ticks
SILENT_AFTER_S = 60.0  # an agent whose heartbeat is older than this is reported (6 default intervals)
_NAMES = 8  # nodes named in one health line before "(+N more)"
_NODE_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._\-]*$")


def stream_key(cluster: str, prefix: str = "recovery") -> str:
    return STREAM_KEY.format(prefix=prefix, cluster=cluster)


def agents_key(cluster: str, prefix: str = "recovery") -> str:
    return AGENTS_KEY.format(prefix=prefix, cluster=cluster)


# --- the agent's side --------------------------------------------------------------------


def push(
    redis: Any,
    cluster: str,
    node: str,
    lines: Sequence[str],
    now: float,
    error: str = "",
    prefix: str = "recovery",
    max_len: int = STREAM_MAX,
) -> int:
    """One node's new lines and its heartbeat, in one MULTI (all or nothing); raises if Redis is away."""
    p = redis.pipeline(transaction=True)
    key = stream_key(cluster, prefix)
    t = repr(float(now))
    for line in lines:
        p.xadd(key, {"node": node, "t": t, "line": line}, maxlen=max_len, approximate=True)
    p.hset(agents_key(cluster, prefix), node, json.dumps({"t": now, "error": error}, separators=(",", ":")))
    p.execute()
    return len(lines)


# --- the tick's side ---------------------------------------------------------------------


def _id(raw: bytes | str | None) -> tuple[int, int]:
    text = raw.decode() if isinstance(raw, bytes) else (raw or "0-0")
    ms, _, seq = text.partition("-")
    return int(ms), int(seq or 0)


def _names(nodes: Sequence[str]) -> str:
    more = f", … (+{len(nodes) - _NAMES} more)" if len(nodes) > _NAMES else ""
    return ", ".join(nodes[:_NAMES]) + more


def _event(fields: dict[bytes, bytes]) -> dict[str, Any] | None:
    try:
        node, line = fields[b"node"].decode(), fields[b"line"].decode("utf-8", errors="replace")
        t = float(fields[b"t"])
    except (KeyError, ValueError):
        return None
    if not _NODE_RE.match(node) or not line:
        return None
    return {"t": t, "source": "kernel", "node": node, "line": line}


# The beat a healthy agent writes (``push`` above): ``{"t":<JSON number>,"error":""}``.
_HEALTHY_BEAT = re.compile(rb'\{"t":(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?),"error":""\}')


def _heartbeats(raw: dict[bytes, bytes]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for k, v in raw.items():
        # Most beats are a healthy agent's, read without the JSON parser (a 2,000-node tick reads
        # 2,000 of them; issue 26); anything else goes through it.
        m = _HEALTHY_BEAT.fullmatch(v)
        beat = {"t": float(m[1]), "error": ""} if m is not None else beat_from_json(v)
        if beat is not None:
            out[k.decode()] = beat
    return out


def beat_from_json(v: bytes) -> dict[str, Any] | None:
    """A heartbeat read by the JSON parser: its time and error, or None when it is no heartbeat."""
    try:
        beat = json.loads(v)
        return {"t": float(beat["t"]), "error": str(beat.get("error") or "")}
    except (ValueError, KeyError, TypeError):
        return None


def agent_problems(
    beats: dict[str, dict[str, Any]],
    expected: Iterable[str],
    known: set[str],
    now: float,
    silent_after: float = SILENT_AFTER_S,
) -> list[str]:
    """What the heartbeats say is wrong: silent agents, agents that cannot read, unknown names."""
    silent, failing = [], []
    for node in sorted(expected):
        beat = beats.get(node)
        if beat is None or now - beat["t"] > silent_after:
            silent.append(node)
        elif beat["error"]:
            failing.append(f"{node} ({beat['error'][:120]})")
    out = []
    if silent:
        out.append(
            f"kernel agent silent on {len(silent)} node{'s' if len(silent) > 1 else ''} "
            f"(no heartbeat for {silent_after:g} s): {_names(silent)}"
        )
    if failing:
        out.append(f"kernel agent cannot read the log on {len(failing)}: {_names(failing)}")
    strangers = sorted(n for n, b in beats.items() if n not in known and now - b["t"] <= silent_after)
    if strangers:
        out.append(f"kernel agents push for nodes Slurm does not know (--node?): {_names(strangers)}")
    return out


def read(
    redis: Any,
    cluster: str,
    state: dict[str, Any] | None,
    expected: Iterable[str],
    known: Iterable[str],
    now: float,
    prefix: str = "recovery",
    count: int = READ_COUNT,
    silent_after: float = SILENT_AFTER_S,
) -> tuple[list[dict[str, Any]], dict[str, Any], list[str]]:
    """Kernel events pushed since ``state["id"]``, at most ``count``; the next state; problems.

    ``expected``: the nodes whose agents should be beating (up, not down); ``known``: every
    node of the cluster. The state is ``{"id": last id read, "pos": its rank by entries-added}``;
    nothing here writes the stream, so until the caller saves the new state the same entries
    are read again.
    """
    st = dict(state or {})
    last: str | None = st.get("id")
    pos = int(st.get("pos", 0))  # the last entry read is the pos-th ever added to this stream
    skey, akey = stream_key(cluster, prefix), agents_key(cluster, prefix)
    pipe = redis.pipeline(transaction=True)  # one snapshot: info, entries and heartbeats agree
    pipe.xinfo_stream(skey)
    pipe.xrange(skey, min=f"({last}" if last else "-", max="+", count=count)
    pipe.hgetall(akey)
    info, entries, raw_beats = pipe.execute(raise_on_error=False)
    if isinstance(info, Exception):  # no such key: no agent pushed a line since Redis started
        info = None
    if isinstance(entries, Exception) or isinstance(raw_beats, Exception):
        raise entries if isinstance(entries, Exception) else raw_beats
    problems: list[str] = []
    restarted = False
    added = int(info["entries-added"]) if info else 0
    # Only MAXLEN ever removes entries, from the front: the first one left is this one, by count.
    first = added - (int(info["length"]) if info else 0) + 1
    start = max(pos + 1, first)
    if last is not None:
        went_back = info is not None and _id(info["last-generated-id"]) < _id(last)
        if added < pos or went_back:
            problems.append(
                "kernel stream restarted empty (Redis restarted without its data?): "
                "lines the agents pushed before it and not yet read are lost"
            )
            start = first
            restarted = True
            if went_back:  # the new stream's ids are below the saved one: read it from its start
                entries = redis.xrange(skey, min="-", max="+", count=count)
        elif first > pos + 1:
            problems.append(
                f"kernel stream trimmed past the last entry read: {first - pos - 1} lines "
                f"were never read (a backlog over its MAXLEN; the tick read too little or too late)"
            )
    else:
        start = first
    events = [ev for _, fields in entries if (ev := _event(fields)) is not None]
    if entries:
        st["id"] = entries[-1][0].decode()
    elif restarted:
        # Gone and nothing new yet: forget the old id. A new stream's first id can equal it (the same
        # millisecond), and reading after it would skip that entry; the next read starts at the first.
        st.pop("id", None)
    st["pos"] = start - 1 + len(entries) if entries else added  # nothing after it: all read
    if len(entries) >= count:
        log.info("cluster %s: kernel stream backlog, read %d entries this tick", cluster, len(entries))
    known_set = set(known)
    problems += agent_problems(_heartbeats(raw_beats), expected, known_set, now, silent_after)
    return events, st, problems
