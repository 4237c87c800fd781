"""Tail job stdout/stderr files by byte offset, through any transport.

Never re-reads from the start: the state remembers the offset, the file's inode and
any partial last line. It copes with what real log files do:

* truncation (``> file``, or a job that reopens it): size fell below our offset ->
  restart at 0;
* rotation (a new file under the same name): inode changed -> restart at 0 of the
  new file;
* a last line still being written: kept until its newline arrives, but flushed
  once it grows past ``partial_cap`` so a writer that never ends a line cannot
  make us buffer without bound;
* binary garbage and 50 KB lines: every line goes through ``clean_line`` (decoded
  with replacement, NULs replaced, capped);
* copytruncate (logrotate copies the file, then truncates it in place, and the job
  writes on): same inode, and by the next poll the size may be past our offset
  again. A fingerprint of the file's head tells: when the first bytes we saw are no
  longer there, or the last bytes we read before our offset are not there either (a job
  that prints the same long banner at every start), it is a new file under the old inode
  -> restart at 0, after the lines written between our last read and the copy, read from
  the copy (``path.1`` or a ``dateext`` name, recognised by those same bytes);
* rotation by rename: before the new file, the old one's unread tail is read from
  where we were (found as ``path.1``, ``path.0`` or logrotate's ``dateext`` name
  ``path-YYYYMMDD`` of today, yesterday or the day before, always with the old
  inode), so a fault line written just before the rotation is not lost. A rotated
  file already compressed (``.gz``, no ``delaycompress``) is not read;
* a job writing faster than one read per tick: the read budget doubles while a
  file is behind (up to ``MAX_BUDGET``) and falls back once it caught up;
* many jobs far behind at once (the controller was down): one tick takes about
  ``TICK_READ_BUDGET`` of output over all of them, least recently read first, and the
  others keep their offsets for the next tick, first in line (:func:`by_turn`).
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import time
from collections.abc import Iterable
from typing import Any

from monitoring.detectors.text import clean_line
from monitoring.transports import FileChunk, RemoteFileMissing, Transport

MAX_READ = 1 << 20  # per poll and file while caught up; the rest comes next tick
# The most one poll reads of one file when far behind: a backlog streams in slices of at most this,
# so catching up costs bounded memory per file and tick (at 64 MiB a large log cost 627 MB), and
# 8 MiB a tick is still far faster than any job writes its log.
MAX_BUDGET = 8 << 20
TICK_READ_BUDGET = 4 * MAX_BUDGET  # about the most one tick holds of all its jobs' output
PARTIAL_CAP = 64 * 1024
HEAD = 512  # bytes of the file's start fingerprinted to recognise copytruncate
MARK = 64  # bytes just before our offset, kept and re-read with each chunk to see the file replaced
ROTATED_SUFFIXES = (".1", ".0")  # logrotate's and Python's RotatingFileHandler's first old file
DATEEXT_DAYS = 3  # logrotate's dateext (-%Y%m%d): today's, yesterday's (dateyesterday) and the day before


def rotated_names(path: str, now: float) -> list[str]:
    """Where the old file may be now: ``.1``/``.0``, then ``-YYYYMMDD`` (and ``-YYYYMMDDHH`` of
    this and the last hour, for hourly rotation) in the host's local time and in UTC."""
    names = [path + s for s in ROTATED_SUFFIXES]
    for tz in (None, dt.UTC):
        at = dt.datetime.fromtimestamp(now, tz)
        names += [path + (at - dt.timedelta(days=d)).strftime("-%Y%m%d") for d in range(DATEEXT_DAYS)]
        names += [path + (at - dt.timedelta(hours=h)).strftime("-%Y%m%d%H") for h in range(2)]
    return list(dict.fromkeys(names))


def new_state(path: str, at_end: bool = False) -> dict[str, Any]:
    """``at_end``: skip what the file already holds (a kernel log's history, or a job
    log found after the controller lost its state) and report only what is appended."""
    return {"path": path, "offset": 0, "inode": None, "partial": "", "at_end": at_end}


def consume(
    state: dict[str, Any], chunk: FileChunk, partial_cap: int = PARTIAL_CAP
) -> tuple[list[str], dict[str, Any]]:
    """Pure step: given what was read at ``state['offset']``, return complete lines and
    the next state. Split from I/O so every edge case is a unit test."""
    st = dict(state)
    partial = base64.b64decode(st.get("partial") or "")
    offset = int(st.get("offset") or 0)
    rotated = st.get("inode") is not None and chunk.inode is not None and chunk.inode != st["inode"]
    if rotated or chunk.size < offset:
        # Caller must re-read from 0; what we held belonged to the old file.
        st.update(offset=0, inode=chunk.inode, partial="")
        return [], st | {"reset": True}
    st.pop("reset", None)
    buf = partial + chunk.data
    *complete, rest = buf.split(b"\n")
    lines = [clean_line(raw) for raw in complete]
    if len(rest) > partial_cap:
        lines.append(clean_line(rest))
        rest = b""
    st.update(
        offset=offset + len(chunk.data), inode=chunk.inode, partial=base64.b64encode(rest).decode("ascii")
    )
    return lines, st


def read_lines(
    transport: Transport,
    state: dict[str, Any],
    max_bytes: int = MAX_READ,
    max_budget: int = MAX_BUDGET,
    now: float | None = None,
) -> tuple[list[str], dict[str, Any]]:
    """Read what is new in ``state['path']``; a missing file yields nothing (yet).
    ``now`` dates a rotated file's ``dateext`` name (the wall clock when not given)."""
    budget = max(max_bytes, min(int(state.get("budget") or max_bytes), max_budget))
    try:
        if state.get("at_end"):
            head = transport.read_from(state["path"], 0, HEAD)
            return [], {
                **state,
                "at_end": False,
                "offset": head.size,
                "inode": head.inode,
                **_fingerprint(head.data),
            }
        chunk, replaced = _read_after_mark(transport, state["path"], state, budget)
        tail: list[str] = []
        when = time.time() if now is None else now
        if replaced or _copytruncated(transport, state, chunk):
            tail = _copied_tail(transport, state, budget, when)
            state = {**state, "offset": 0, "partial": "", "inode": None, "mark": ""}
            chunk = transport.read_from(state["path"], 0, budget)
        elif _rotated(state, chunk):
            tail = _rotated_tail(transport, state, budget, when)
    except RemoteFileMissing:
        return [], state
    start = int(state.get("offset") or 0)
    lines, st = consume(state, chunk)
    if st.pop("reset", False):  # truncated in place (copytruncate, shorter than our offset) or rotated
        if not tail and not _rotated(state, chunk):
            tail = _copied_tail(transport, state, budget, when)
        start = 0
        chunk = transport.read_from(st["path"], 0, budget)
        lines, st = consume(st, chunk)
    if start == 0 and chunk.data:
        st.update(_fingerprint(chunk.data[:HEAD]))
    kept = b"" if start == 0 else base64.b64decode(state.get("mark") or "")
    st["mark"] = base64.b64encode((kept + chunk.data)[-MARK:]).decode("ascii")
    behind = chunk.size - int(st["offset"])
    st["budget"] = min(budget * 2, max_budget) if behind > 0 else max_bytes
    return tail + lines, st


def _fingerprint(head: bytes) -> dict[str, Any]:
    return {"head": hashlib.sha256(head).hexdigest()[:32], "head_len": len(head)} if head else {}


def _read_after_mark(
    transport: Transport, path: str, state: dict[str, Any], budget: int
) -> tuple[FileChunk, bool]:
    """What follows our offset, read together with the bytes just before it (no extra round trip);
    True when those bytes are not the ones we read: the file was replaced under its name."""
    offset = int(state.get("offset") or 0)
    mark = base64.b64decode(state.get("mark") or "")
    m = len(mark) if 0 < len(mark) <= offset else 0
    chunk = transport.read_from(path, offset - m, budget + m)
    if not m:
        return chunk, False
    replaced = chunk.size >= offset and not _rotated(state, chunk) and chunk.data[:m] != mark
    return FileChunk(chunk.data[m:], chunk.size, chunk.inode), replaced


def _copied_tail(transport: Transport, state: dict[str, Any], budget: int, now: float) -> list[str]:
    """After copytruncate, the lines written between our last read and the copy: found in the copy
    (a new file under a rotated name) that holds the very bytes we read before our offset."""
    offset, head_len = int(state.get("offset") or 0), int(state.get("head_len") or 0)
    if not offset or not state.get("mark") or not head_len:
        return []
    for name in rotated_names(state["path"], now):
        try:
            copy, replaced = _read_after_mark(transport, name, {**state, "inode": None}, budget)
            if replaced or copy.size < offset:
                continue
            head = transport.read_from(name, 0, head_len)
        except RemoteFileMissing:
            continue
        if _fingerprint(head.data).get("head") != state.get("head"):
            continue
        lines, st = consume({**state, "inode": None}, copy)
        rest = base64.b64decode(st.get("partial") or "")
        return lines + ([clean_line(rest)] if rest else [])  # the copy is done: its last line too
    return []


def _copytruncated(transport: Transport, state: dict[str, Any], chunk: FileChunk) -> bool:
    """Same inode, grown past our offset again, but its first bytes are not the ones we read."""
    offset, head_len = int(state.get("offset") or 0), int(state.get("head_len") or 0)
    if not head_len or offset == 0 or chunk.size < offset or _rotated(state, chunk):
        return False
    head = transport.read_from(state["path"], 0, head_len)
    return _fingerprint(head.data).get("head") != state.get("head")


def _rotated(state: dict[str, Any], chunk: FileChunk) -> bool:
    return state.get("inode") is not None and chunk.inode is not None and chunk.inode != state["inode"]


def _rotated_tail(transport: Transport, state: dict[str, Any], budget: int, now: float) -> list[str]:
    """The old file's unread tail, when it can be found under its rotated name."""
    for name in rotated_names(state["path"], now):
        try:
            old = transport.read_from(name, int(state.get("offset") or 0), budget)
        except RemoteFileMissing:
            continue
        if old.inode == state["inode"]:
            lines, st = consume(state, old)
            rest = base64.b64decode(st.get("partial") or "")
            return lines + ([clean_line(rest)] if rest else [])  # the old file is done: its last line too
    return []


def by_turn(states: dict[str, Any], jobs: Iterable[str]) -> list[str]:
    """Jobs least recently read first: one the tick's budget left unread is first the next tick."""
    return sorted(jobs, key=lambda j: (float((states.get(j) or {}).get("read_at") or 0.0), j))


def size_of(events: list[dict[str, Any]]) -> int:
    """Bytes of output the events hold (what a tick keeps in memory for them)."""
    return sum(len(e["line"]) + 1 for e in events)


def poll(
    transport: Transport,
    job_id: str,
    paths: list[str],
    state: dict[str, Any] | None,
    now: float,
    max_bytes: int = MAX_READ,
    start_at_end: bool = False,
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Events from a job's log files (stdout and stderr may be the same file: read once).

    ``state`` is ``{"files": {path: file_state}}``; pass None the first time. A file seen
    for the first time is read from its start unless ``start_at_end``.
    """
    files = dict((state or {}).get("files", {}))
    events: list[dict[str, Any]] = []
    for path in dict.fromkeys(p for p in paths if p and p != "/dev/null"):
        lines, files[path] = read_lines(
            transport, files.get(path) or new_state(path, start_at_end), max_bytes
        )
        events.extend({"t": now, "source": "joblog", "job": str(job_id), "line": ln} for ln in lines)
    return events, {"files": files}
