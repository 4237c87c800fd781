"""Per-node kernel logs (Xid lines live here), read through the cluster's transport.

Three ways to read a node's kernel log, chosen per cluster:

* ``journalctl`` (default): ``journalctl -k -o short-iso --show-cursor`` with
  ``--after-cursor`` from the second poll on, so nothing is read twice;
* ``command``: any command printing the log (``dmesg -T``); without a cursor we
  remember the last line emitted and emit only what follows it;
* ``file``: a plain file per node (``/var/log/kern-{node}.log``, or the test cluster's
  fake logs), tailed by byte offset exactly like job logs.

Or not at all from here: ``agent`` means each node's agent (``monitoring.telemetry.agent
--kernel``) runs this same poll on itself and pushes the lines to a Redis Stream the tick
reads (``kernel_stream.py``); for hundreds of nodes and more. In SSH fan-out, ``poll``
reads ``workers`` nodes at a time (``RECOVERY_KERNEL_POLL_WORKERS``).

Commands reach the node through ``node_prefix``: by default ``ssh <node> ...`` run on
the login node (in SSH mode that hop is itself over our SSH connection, i.e. the login
node is the jump host; credentials for node access are the login node's, as an admin's
would be). Set it to ``[]`` when the controller runs on the node itself.
"""

from __future__ import annotations

import re
import shlex
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from monitoring.collectors import joblog
from monitoring.detectors.text import clean_line
from monitoring.transports import Transport, TransportError

_NODE_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._\-]*$")
_CURSOR = "-- cursor: "
DEFAULT_PREFIX = ("ssh", "-o", "BatchMode=yes", "-o", "ConnectTimeout=5", "{node}")


@dataclass(frozen=True)
class KernelSource:
    mode: str = "journalctl"  # journalctl | command | file
    command: tuple[str, ...] = ("journalctl", "-k", "-o", "short-iso", "--no-pager", "--show-cursor")
    since: str = "-10min"  # first journalctl poll: how far back to look
    path_template: str = "/var/log/kern-{node}.log"
    start_at_end: bool = True  # file mode: history before the first poll is not news
    node_prefix: tuple[str, ...] = DEFAULT_PREFIX
    timeout: float = 20.0


AGENT = "agent"  # the setting that says: the nodes' agents push their kernel logs (kernel_stream.py)


def uses_agent(setting: str) -> bool:
    """``kernel_log_command = "agent"``: read the cluster's kernel stream, never SSH to the nodes."""
    return setting.strip() == AGENT


def source_from_setting(setting: str, node_prefix: tuple[str, ...] | None = None) -> KernelSource:
    """The cluster's ``kernel_log_command`` setting -> a source.

    ``""`` -> journalctl (default); ``"file:/var/log/kern-{node}.log"`` -> file mode;
    ``"journalctl -k ..."`` -> journalctl with those arguments (cursor options added);
    anything else (``"dmesg -T"``) -> command mode. Parsed with ``shlex.split``: it becomes
    an argument list, never a shell string.
    """
    prefix = DEFAULT_PREFIX if node_prefix is None else node_prefix
    setting = setting.strip()
    if uses_agent(setting):
        raise ValueError("kernel_log_command 'agent' names no command: the node agents push the log")
    if not setting:
        return KernelSource(node_prefix=prefix)
    if setting.startswith("file:"):
        return KernelSource(mode="file", path_template=setting[len("file:") :])
    argv = tuple(shlex.split(setting))
    if argv[0].endswith("journalctl"):
        if "--show-cursor" not in argv:
            argv += ("--show-cursor",)
        return KernelSource(mode="journalctl", command=argv, node_prefix=prefix)
    return KernelSource(mode="command", command=argv, node_prefix=prefix)


def _sub(parts: tuple[str, ...], node: str) -> list[str]:
    return [p.replace("{node}", node) for p in parts]


def _after_last(lines: list[str], last: str | None) -> list[str]:
    """dmesg-style output has no cursor: keep what follows the last line we emitted."""
    if last is None:
        return lines
    for i in range(len(lines) - 1, -1, -1):
        if lines[i] == last:
            return lines[i + 1 :]
    return lines  # ring buffer rolled past it (or reboot): everything is new


def _poll_command(
    transport: Transport, node: str, src: KernelSource, st: dict[str, Any]
) -> tuple[list[str], dict[str, Any]]:
    argv = _sub(src.node_prefix, node) + _sub(src.command, node)
    journal = src.mode == "journalctl"
    if journal:
        argv += ["--after-cursor", st["cursor"]] if st.get("cursor") else ["--since", src.since]
    res = transport.run(argv, timeout=src.timeout)
    if not res.ok:
        return [], {**st, "error": clean_line(res.stderr, 500)}
    lines = [clean_line(x) for x in res.stdout.splitlines()]
    st = {k: v for k, v in st.items() if k != "error"}
    if journal:
        if lines and lines[-1].startswith(_CURSOR):
            st["cursor"] = lines.pop()[len(_CURSOR) :].strip()
        return [ln for ln in lines if not ln.startswith("-- No entries --")], st
    new = _after_last(lines, st.get("last"))
    if lines:
        st["last"] = lines[-1]
    return new, st


def _poll_node(
    transport: Transport, node: str, src: KernelSource, st: dict[str, Any]
) -> tuple[list[str], dict[str, Any]]:
    """One node's new lines and its next state; a transport failure is kept in the state."""
    st = dict(st)
    try:
        if src.mode == "file":
            fst = st.get("file") or joblog.new_state(
                src.path_template.replace("{node}", node), src.start_at_end
            )
            lines, st["file"] = joblog.read_lines(transport, fst)
        else:
            lines, st = _poll_command(transport, node, src, st)
    except TransportError as exc:
        lines, st["error"] = [], clean_line(str(exc), 500)
    return lines, st


def poll(
    transport: Transport,
    nodes: list[str],
    src: KernelSource,
    state: dict[str, Any] | None,
    now: float,
    workers: int = 1,
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Kernel events for ``nodes``; ``state`` is ``{"nodes": {node: per-node state}}``.

    A node that cannot be reached keeps its state (with ``error``) and yields nothing,
    so one dead node never stops the others from being read. ``workers`` > 1 reads that
    many nodes at a time (threads: each read is a command or a file read waiting on I/O);
    events come out in the order of ``nodes`` whatever order the reads finish in.
    Other keys of ``state`` are kept as they are.
    """
    per = dict((state or {}).get("nodes", {}))
    todo = [n for n in nodes if _NODE_RE.match(n)]

    def one(node: str) -> tuple[list[str], dict[str, Any]]:
        return _poll_node(transport, node, src, per.get(node) or {})

    if workers > 1 and len(todo) > 1:
        with ThreadPoolExecutor(
            max_workers=min(workers, len(todo)), thread_name_prefix="kernel-poll"
        ) as pool:
            results = list(pool.map(one, todo))
    else:
        results = [one(n) for n in todo]
    events: list[dict[str, Any]] = []
    for node, (lines, st) in zip(todo, results, strict=True):
        per[node] = st
        events.extend({"t": now, "source": "kernel", "node": node, "line": ln} for ln in lines if ln)
    return events, {**(state or {}), "nodes": per}


def errors(state: dict[str, Any] | None, nodes: list[str]) -> dict[str, str]:
    """The nodes among ``nodes`` whose last read failed, with the error (for the source's health line)."""
    per = (state or {}).get("nodes", {})
    return {n: str(per[n]["error"]) for n in nodes if (per.get(n) or {}).get("error")}
