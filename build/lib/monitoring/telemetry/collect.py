"""Getting telemetry off the nodes and into Redis; the functions the Celery tasks call.

Three ways in, one way out:

* NVML agent on each node (``sample_node_gpus`` on queue ``node.<hostname>``),
* ``nvidia-smi --query-gpu`` run over the cluster's transport (``ssh node …``),
* a dcgm-exporter scrape over HTTP (``http://<node>:9400/metrics``),

all become ``gpu`` events that :func:`ingest` appends to the cluster's event
list (``recovery:events:<cluster>``, JSON lines, drained by the analyser tick
with :func:`drain_events`) and to the per-GPU window (window.py) for charts.

Functions take their collaborators (transport, fetch function, Redis client) as
arguments and the time as ``now``, so tests drive them without a cluster.
"""

from __future__ import annotations

import json
import logging
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol

from monitoring.telemetry.dcgm_exporter import parse_dcgm_exporter
from monitoring.telemetry.fields import TelemetryParseError
from monitoring.telemetry.nvidia_smi import parse_nvidia_smi, query_argv
from monitoring.telemetry.window import TelemetryWindow

log = logging.getLogger(__name__)

EVENTS_KEY = "{prefix}:events:{cluster}"
# Backstop if the analyser stops draining: ~1 h of 800 samples/s would be 2.9 M
# lines; keep the newest 500 k rather than let Redis run out of memory.
EVENTS_MAX = 500_000
DEFAULT_DCGM_URL = "http://{node}:9400/metrics"
SSH_TO_NODE: tuple[str, ...] = ("ssh", "-o", "BatchMode=yes", "-o", "ConnectTimeout=5", "{node}")
MAX_SCRAPE_BYTES = 8 * 1024 * 1024


def node_queue(node: str) -> str:
    """The Celery queue of a node's agent: ``node.<hostname>`` (short name, as Slurm names nodes)."""
    return f"node.{node.split('.')[0]}"


def events_key(cluster: str, prefix: str = "recovery") -> str:
    return EVENTS_KEY.format(prefix=prefix, cluster=cluster)


# --- the way out ----------------------------------------------------------------------


def push_events(
    redis: Any,
    cluster: str,
    events: Sequence[Mapping[str, Any]],
    prefix: str = "recovery",
    max_len: int = EVENTS_MAX,
    pipe: Any = None,
) -> int:
    """Append events (each tagged with its cluster) to the cluster's list, one JSON object per item."""
    if not events:
        return 0
    own = pipe is None
    p = redis.pipeline(transaction=False) if own else pipe
    key = events_key(cluster, prefix)
    p.rpush(key, *(json.dumps({**ev, "cluster": cluster}, separators=(",", ":")) for ev in events))
    p.ltrim(key, -max_len, -1)
    if own:
        p.execute()
    return len(events)


def drain_events(
    redis: Any, cluster: str, max_n: int = 100_000, prefix: str = "recovery"
) -> list[dict[str, Any]]:
    """Take up to ``max_n`` oldest events off the list atomically (MULTI: LRANGE + LTRIM).

    Lines that are not JSON objects are dropped with a warning, never fatal.
    """
    key = events_key(cluster, prefix)
    pipe = redis.pipeline(transaction=True)
    pipe.lrange(key, 0, max_n - 1)
    pipe.ltrim(key, max_n, -1)
    raw, _ = pipe.execute()
    out = []
    for line in raw:
        try:
            ev = json.loads(line)
        except ValueError:
            log.warning("dropping unreadable event line from %s: %.120r", key, line)
            continue
        if isinstance(ev, dict):
            out.append(ev)
    return out


def ingest(
    redis: Any,
    cluster: str,
    events: Sequence[Mapping[str, Any]],
    window: TelemetryWindow | None = None,
    prefix: str = "recovery",
) -> int:
    """Events → the analyser's list and the chart window."""
    if not events:
        return 0
    push_events(redis, cluster, events, prefix=prefix)
    (window or TelemetryWindow(redis, prefix=prefix)).add(cluster, events)
    return len(events)


# --- nvidia-smi over a transport ---------------------------------------------------------


class CommandResult(Protocol):
    rc: int
    stdout: str
    stderr: str


class Transport(Protocol):
    """What monitoring/transports.py provides (local or SSH to the cluster's head node)."""

    def run(self, argv: Sequence[str], timeout: float) -> CommandResult: ...


@dataclass
class ScrapeReport:
    events: list[dict[str, object]] = field(default_factory=list)
    failures: dict[str, str] = field(default_factory=dict)  # node → why, in one line


def _one_line(text: str | bytes | None) -> str:
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    lines = [ln.strip() for ln in (text or "").splitlines() if ln.strip()]
    return lines[0][:200] if lines else ""


def nvidia_smi_argv(node: str, via: Sequence[str] | None = SSH_TO_NODE) -> list[str]:
    """nvidia-smi for ``node``: through ``ssh node`` by default, or run as is (``via=None``) on the node itself."""
    prefix = [part.format(node=node) for part in via] if via else []
    return [*prefix, *query_argv()]


def scrape_nvidia_smi(
    transport: Transport,
    nodes: Iterable[str],
    now: float,
    *,
    pci_bus_ids: Sequence[str] = (),
    via: Sequence[str] | None = SSH_TO_NODE,
    timeout: float = 20.0,
    workers: int = 1,
) -> ScrapeReport:
    """Run the documented ``--query-gpu`` on each node; a node that fails is reported, not fatal."""

    def one(node: str) -> tuple[str, list[dict[str, object]] | str]:
        try:
            result = transport.run(nvidia_smi_argv(node, via), timeout=timeout)
        except Exception as exc:  # transport errors (SSH down, timeout) are per node
            return node, f"transport: {exc}"
        if result.rc != 0:
            return (
                node,
                f"nvidia-smi exit {result.rc}: {_one_line(result.stderr) or _one_line(result.stdout)}",
            )
        try:
            return node, parse_nvidia_smi(result.stdout, node, now, pci_bus_ids=pci_bus_ids)
        except TelemetryParseError as exc:
            return node, str(exc)

    return _gather(one, nodes, workers)


# --- dcgm-exporter over HTTP ---------------------------------------------------------------


def http_get(url: str, timeout: float) -> str:
    """GET a scrape (plain urllib: no dependency for one request)."""
    req = urllib.request.Request(url, headers={"Accept": "text/plain"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:  # noqa: S310 (operator-configured URL)
        body: bytes = resp.read(MAX_SCRAPE_BYTES + 1)
    if len(body) > MAX_SCRAPE_BYTES:
        raise TelemetryParseError(f"scrape larger than {MAX_SCRAPE_BYTES} bytes: {url}")
    return body.decode("utf-8", errors="replace")


def scrape_dcgm_exporters(
    nodes: Iterable[str],
    now: float,
    *,
    url_template: str = DEFAULT_DCGM_URL,
    fetch: Callable[[str, float], str] = http_get,
    timeout: float = 5.0,
    workers: int = 32,
) -> ScrapeReport:
    """Scrape each node's exporter in parallel; ``url_template`` has ``{node}``."""

    def one(node: str) -> tuple[str, list[dict[str, object]] | str]:
        url = url_template.format(node=node)
        try:
            text = fetch(url, timeout)
        except (OSError, urllib.error.URLError, TelemetryParseError) as exc:
            return node, f"GET {url}: {exc}"
        try:
            return node, parse_dcgm_exporter(text, node, now)
        except TelemetryParseError as exc:
            return node, str(exc)

    return _gather(one, nodes, workers)


def _gather(
    one: Callable[[str], tuple[str, list[dict[str, object]] | str]], nodes: Iterable[str], workers: int
) -> ScrapeReport:
    report = ScrapeReport()
    nodes = list(nodes)
    if workers <= 1 or len(nodes) <= 1:
        results = [one(n) for n in nodes]
    else:
        with ThreadPoolExecutor(max_workers=min(workers, len(nodes))) as pool:
            results = list(pool.map(one, nodes))
    for node, outcome in results:
        if isinstance(outcome, str):
            report.failures[node] = outcome
        else:
            report.events.extend(outcome)
    return report
