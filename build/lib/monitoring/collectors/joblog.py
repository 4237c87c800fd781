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
  with replacement, NULs replaced, capped).
"""

from __future__ import annotations

import base64
from typing import Any

from monitoring.detectors.text import clean_line
from monitoring.transports import FileChunk, RemoteFileMissing, Transport

MAX_READ = 1 << 20  # per poll and file; the rest comes next tick
PARTIAL_CAP = 64 * 1024


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
    transport: Transport, state: dict[str, Any], max_bytes: int = MAX_READ
) -> tuple[list[str], dict[str, Any]]:
    """Read what is new in ``state['path']``; a missing file yields nothing (yet)."""
    try:
        if state.get("at_end"):
            head = transport.read_from(state["path"], 0, 0)
            return [], {**state, "at_end": False, "offset": head.size, "inode": head.inode}
        chunk = transport.read_from(state["path"], int(state.get("offset") or 0), max_bytes)
    except RemoteFileMissing:
        return [], state
    lines, st = consume(state, chunk)
    if st.pop("reset", False):
        chunk = transport.read_from(st["path"], 0, max_bytes)
        lines, st = consume(st, chunk)
    return lines, st


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
