"""An InfiniBand port's width and error counters, read from whatever reports them on a node (pure).

The counters are the InfiniBand Architecture's own (the PortCounters attribute: ``SymbolErrorCounter``,
``LinkErrorRecoveryCounter``, ``LinkDownedCounter``, ``PortRcvErrors``, ``LocalLinkIntegrityErrors`` ...), and
every tool that reports them uses those names, each in its own layout: infiniband-diags' perfquery
(``SymbolErrorCounter:...............1128``), ibqueryerrors (``[SymbolErrorCounter == 1128]``), OpenSM's PerfMgr
(``SymbolErrorCounter : 1128 :``, read by ``logs._subnet_manager``), and node agents that log them
(``SymbolErrorCounter=1128``). A port's link width is the IBA's too (1X, 2X, 4X, 8X, 12X: ibstat's and
ibv_devinfo's ``active_width: 4X``; sysfs ``rate``'s ``(4X HDR)``). So the names are read, not any one tool's line.

Two signs of a link failing, both a fault of the node's port or cable, not its job's:

* **A link that trained down**: a port reporting a narrower width than the line says it should run at
  ("expected 4X"), or than the node's own ports reported before. A link retrains at a lower width when lanes
  fail (a cable, a transceiver); the job crosses it at a fraction of its bandwidth, and such a link often
  fails outright later (NVIDIA's InfiniBand cluster guide, "Bad Link/Port").
* **Link errors climbing under the job**: ``LinkDownedCounter`` or ``LinkErrorRecoveryCounter`` rising between
  two reports of the same port (the link went down or retrained while in use), or ``SymbolErrorCounter``
  rising by ``SYMBOL_RISE`` or more (thousands of bad symbols, not a long cable's few).

``PortWatch.feed`` keeps the last counters and width of each port and returns what a line newly shows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# The IBA PortCounters names that count a link's own errors (not congestion, not discards).
LINK_COUNTERS = (
    "SymbolErrorCounter",
    "LinkErrorRecoveryCounter",
    "LinkDownedCounter",
    "PortRcvErrors",
    "PortRcvRemotePhysicalErrors",
    "LocalLinkIntegrityErrors",
    "ExcessiveBufferOverrunErrors",
)
# A rise in these is the link going down or retraining while in use.
RETRAIN_COUNTERS = ("LinkDownedCounter", "LinkErrorRecoveryCounter")
SYMBOL_RISE = 1000  # bad symbols between two reports of a port that are a failing link, not line noise
_COUNTER = re.compile(r"\b(" + "|".join(LINK_COUNTERS) + r")\b\s*(?:[:=]+|\.{2,}|==|\s)\s*\.*\s*(\d+)\b")
_WIDTH = re.compile(r"\b(?:active_)?width[:=]?\s*(\d{1,2})X\b", re.I)
_EXPECTED = re.compile(r"\bexpected:?\s*(\d{1,2})X\b", re.I)
# An RDMA device's name as the kernel's drivers register it (mlx4_0, mlx5_2, hfi1_0, bnxt_re0, irdma1, erdma_0)
_DEVICE = re.compile(r"\b((?:mlx[45]|hfi1|qib|bnxt_re|irdma|erdma|efa|ionic)_?\d+)\b")
_PORT = re.compile(r"\bport[: ]\s*(\d{1,3})\b", re.I)
MAX_PORTS = 65536


@dataclass
class PortSign:
    """What one line newly shows of a port: ``raises`` when it is a failing link on its own."""

    port: str
    text: str
    raises: bool
    data: dict[str, object] = field(default_factory=dict)


@dataclass
class _Port:
    counters: dict[str, int] = field(default_factory=dict)
    narrow: bool = False  # trained down, said already


class PortWatch:
    """Per port of each node: its last counters, and the widest any port of the node reported."""

    def __init__(self) -> None:
        self.ports: dict[str, _Port] = {}
        self.widest: dict[str, int] = {}

    def feed(self, node: str, line: str) -> PortSign | None:
        if "X" not in line and "Counter" not in line and "Errors" not in line:
            return None
        counters = {m.group(1): int(m.group(2)) for m in _COUNTER.finditer(line)}
        w = _WIDTH.search(line)
        if not counters and w is None:
            return None
        dev = _DEVICE.search(line)
        if dev is None and _PORT.search(line) is None:
            return None  # a width or a count of something that is no InfiniBand port
        p = _PORT.search(line[dev.end() :] if dev else line)
        name = f"{dev.group(1) if dev else ''}:{p.group(1) if p else '1'}"
        key = f"{node}|{name}"
        width = int(w.group(1)) if w else None
        e = _EXPECTED.search(line)
        expected = int(e.group(1)) if e else None
        widest = self.widest.get(node)
        if width is not None and (widest is None or width > widest):
            if len(self.widest) >= MAX_PORTS:
                self.widest.pop(next(iter(self.widest)))
            self.widest[node] = width
        port = self.ports.get(key)
        if port is None:
            if len(self.ports) >= MAX_PORTS:
                self.ports.pop(next(iter(self.ports)))
            port = self.ports[key] = _Port()
        before, port.counters = port.counters, {**port.counters, **counters}
        rose = {c: v - before[c] for c, v in counters.items() if c in before and v > before[c]}
        shown = ", ".join(f"{c}={v}" for c, v in counters.items())
        should = expected if expected is not None else widest
        if width is not None and should is not None and width < should and not port.narrow:
            port.narrow = True
            text = f"InfiniBand port {name} runs at width {width}X where it should run {should}X (it trained down)"
            data: dict[str, object] = {"port": name, "width": width, "should": should, "fabric": True}
            return PortSign(name, f"{text}{'; ' + shown if shown else ''}", True, data)
        if width is not None and should is not None and width >= should:
            port.narrow = False
        retrained = [c for c in RETRAIN_COUNTERS if rose.get(c)]
        symbols = rose.get("SymbolErrorCounter", 0)
        if retrained or symbols >= SYMBOL_RISE:
            what = ", ".join(f"{c} +{rose[c]}" for c in rose)
            text = f"InfiniBand port {name}'s link errors climb between reports ({what})"
            return PortSign(name, text, True, {"port": name, "rose": rose, "fabric": True})
        if rose:
            what = ", ".join(f"{c} +{rose[c]}" for c in rose)
            text = f"InfiniBand port {name}'s error counters rose ({what})"
            return PortSign(name, text, False, {"port": name, "rose": rose, "fabric": False})
        return None

    def to_state(self) -> dict[str, object]:
        return {
            "p": {k: [v.counters, v.narrow] for k, v in self.ports.items()},
            "w": dict(self.widest),
        }

    @classmethod
    def from_state(cls, d: dict[str, object]) -> PortWatch:
        w = cls()
        ports = d.get("p")
        if isinstance(ports, dict):
            for k, v in ports.items():
                if isinstance(v, list) and len(v) == 2 and isinstance(v[0], dict):
                    w.ports[str(k)] = _Port({str(c): int(n) for c, n in v[0].items()}, bool(v[1]))
        widest = d.get("w")
        if isinstance(widest, dict):
            w.widest = {str(k): int(v) for k, v in widest.items()}
        return w
