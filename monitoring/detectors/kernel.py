"""Kernel-log records: prefixes, PCI bus ids, multi-line driver records, filesystem clients.

A node's kernel log reaches us through ``dmesg`` (``[ 1843.308145] ``), ``dmesg -T``
(``[Tue Mar  5 10:11:12 2024] ``), ``dmesg -e``/``-H`` (util-linux's relative time: ``[Mar  5
10:11] `` on the first line, ``[  +0.000123] `` after it), ``dmesg -d`` (``[ 1843.308145 <
0.000123>] ``), ``dmesg -x`` (``kern  :err   : ``) or the journal
(``Mar 05 10:11:12 host kernel: ``, ``2024-03-05T10:11:12+0000 host kernel: `` with
``-o short-iso``); the message is the same under every prefix, so the prefix is
stripped before anything looks for a PCI bus id (a ``10:11`` in a timestamp is not
a bus).

The NVIDIA driver prints some messages over several kernel lines; the
"fallen off the bus" record of the 535-570 drivers names the GPU only on its
first line::

    NVRM: The NVIDIA GPU 0000:b3:00.0
    NVRM: (PCI ID: 10de:26b5) installed in this system has
    NVRM: fallen off the bus and is not responding to commands.

:class:`KernelRecords` remembers, per node, the bus the last ``NVRM`` line named
and lends it to the ``NVRM`` lines that follow within a couple of seconds.

Filesystem clients (see ``docs/FORMATS.md`` for the source of each): Lustre's
ptlrpc import messages (``Connection to X (at nid) was lost``, ``This client was
evicted by X``, ``operation X to node N failed: rc = -107``; ``Connection
restored`` is the recovery, not a fault), LNet's ``Timed out RDMA``, the sunrpc
client's ``nfs: server S not responding, still trying|timed out`` (``nfs: server S
OK`` is the recovery), GPFS expels and lost membership, BeeGFS communication errors, the CephFS
client's lost monitor session, hung metadata server and refused reconnect.
"""

from __future__ import annotations

import re
from typing import Any

_PREFIX = re.compile(
    r"""^\s*(?:
      \[\s*\+?\d+\.\d+(?:\s*<\s*\d+\.\d+>)?\]\s*
     |\[[A-Z][a-z]{2}\s{1,2}\d{1,2}\s\d\d:\d\d\]\s*
     |\[[A-Z][a-z]{2}\s[A-Z][a-z]{2}\s[\s\d]\d\s\d\d:\d\d:\d\d\s\d{4}\]\s*
     |\d{4}-\d\d-\d\d[T\s]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?\s+(?:\S+\s+kernel:\s*)?
     |[A-Z][a-z]{2}\s[\s\d]?\d\s\d\d:\d\d:\d\d(?:\.\d+)?\s+\S+\s+kernel:\s*
     |kern\s*:\s*[a-z]+\s*:\s*
     |kernel:\s*
    )""",
    re.X,
)
_PCI = re.compile(
    r"(?:PCI:|(?<![\w:.]))((?:[0-9a-fA-F]{4,8}:)?[0-9a-fA-F]{2}:[0-9a-fA-F]{2}(?:\.[0-7])?)(?![\w:])"
)
_PCI_ID = re.compile(r"\(PCI ID:[^)]*\)")
RECORD_S = 2.0  # lines of one driver record arrive within this many seconds


def strip_prefix(line: str) -> str:
    """The kernel message without its dmesg/journal prefixes (several may be stacked)."""
    msg = line
    for _ in range(3):
        m = _PREFIX.match(msg)
        if m is None or m.end() == 0:
            break
        msg = msg[m.end() :]
    return msg.strip()


def pci_of(message: str) -> str | None:
    """The first PCI bus id a prefix-free message names (``0000:5d:00.0``, ``PCI:0000:5d:00``), raw."""
    if "PCI ID" in message:
        message = _PCI_ID.sub("", message)
    m = _PCI.search(message)
    return m.group(1) if m else None


# The kernel's own report of a PCIe link that trained below what its device and slot can do
# (drivers/pci/pci.c, __pcie_print_link_status, since 4.17: "%u.%03u Gb/s available PCIe bandwidth, limited by
# %s x%d link at %s (capable of %u.%03u Gb/s with %s x%d link)"), printed as the device is enumerated.
_LINK_LIMITED = re.compile(
    r"(\d+\.\d+) Gb/s available PCIe bandwidth, limited by (\S+ GT/s) PCIe x(\d+) link at \S+ "
    r"\(capable of (\d+\.\d+) Gb/s with (\S+ GT/s) PCIe x(\d+) link\)"
)
LINK_LIMITED_SHARE = 0.5  # of its capable bandwidth, or less: a link that trained down


def link_limited(message: str) -> tuple[float, str] | None:
    """(the share of its capable bandwidth the link has, what the kernel said) for the kernel's report of a
    device's PCIe link limited below its capability to half or less; None for any other line."""
    if "limited by" not in message:
        return None
    m = _LINK_LIMITED.search(message)
    if m is None:
        return None
    have, could = float(m.group(1)), float(m.group(4))
    if could <= 0 or have / could > LINK_LIMITED_SHARE:
        return None
    return have / could, f"{m.group(2)} x{m.group(3)} where it can run {m.group(5)} x{m.group(6)}"


class KernelRecords:
    """Per node, the GPU bus the driver's current multi-line record is about."""

    __slots__ = ("last",)

    def __init__(self) -> None:
        self.last: dict[str, tuple[str, float]] = {}

    def feed(self, node: str, t: float, line: str) -> str:
        """The line to parse: an ``NVRM`` line that names no bus borrows its record's bus."""
        if "NVRM" not in line:
            return line
        msg = strip_prefix(line)
        bus = pci_of(msg.split("NVRM", 1)[1])
        if bus is not None:
            self.last[node] = (bus, t)
            if len(self.last) > 100_000:
                self.last.clear()
            return line
        held = self.last.get(node)
        if held is None or not 0 <= t - held[1] <= RECORD_S:
            return line
        self.last[node] = (held[0], t)  # the record goes on: its next line may come later still
        rest = msg.split("NVRM", 1)[1].lstrip(": ")
        return f"NVRM: GPU {held[0]}: {rest}"

    def to_state(self) -> dict[str, list[Any]]:
        """The records still open: a handover inside a record keeps its bus (a restore at any tick)."""
        return {node: [bus, t] for node, (bus, t) in self.last.items()}

    def load_state(self, d: dict[str, Any]) -> None:
        self.last = {str(node): (str(bus), float(t)) for node, (bus, t) in (d or {}).items()}


# --- filesystem clients ---------------------------------------------------------------------

_LUSTRE_TARGET = re.compile(r"([A-Za-z0-9_]+)-(?:MDT|OST|MGS)[0-9a-fA-F]{0,4}")
_LUSTRE_NID = re.compile(r"(\d+\.\d+\.\d+\.\d+@\w+)")
_NFS_SERVER = re.compile(r"\b(?:nfs|lockd|nfsv4|rpcbind): server (\S+) not responding")
_LUSTRE_BAD = (
    "was lost",
    "evicted",
    "failed: rc = ",
    "Timed out RDMA",
    "Request sent has timed out",
    "Request sent has failed due to network error",
    "Timed out tx",
)
_CEPH_MDS_HUNG = re.compile(r"\bmds\d+ hung\b")
_GPFS_CLUSTER = re.compile(r"Lost membership in cluster (\S+)")
_GPFS_BAD = ("expel", "Lost membership", "Disk failure", "unmounted", "Unmount", "[E]", "[X]")


_NFS_SERVER_OK = re.compile(r"\b(?:nfs|lockd|nfsv4): server (\S+) OK\b")


def fs_recovered(message: str) -> tuple[str, str] | None:
    """The sunrpc client's own word that a server it had lost answers again (``nfs: server S OK``, after its
    ``not responding, still trying``): ``(fs, server)``, else None."""
    m = _NFS_SERVER_OK.search(message) if " OK" in message else None
    return ("nfs", m.group(1).rstrip(",")) if m else None


def recoverable(fs: dict[str, Any]) -> bool:
    """A loss the client itself reports the end of (``fs_recovered``): an NFS server not responding, which its
    client keeps trying and says when it answers (a blip of seconds to a minute is common and harmless)."""
    return fs.get("fs") == "nfs" and fs.get("what") == "server not responding"


def fs_client(message: str) -> dict[str, Any] | None:
    """A filesystem client error in a prefix-free kernel message, or None (recoveries included)."""
    if "Lustre" in message or "LNet" in message:
        if "restored" in message or not any(w in message for w in _LUSTRE_BAD):
            return None
        tgt = _LUSTRE_TARGET.search(message)
        nid = _LUSTRE_NID.search(message)
        what = (
            "evicted"
            if "evicted" in message
            else "connection lost"
            if "was lost" in message
            else "rpc failed"
        )
        return {"fs": "lustre", "name": tgt.group(1) if tgt else (nid.group(1) if nid else ""), "what": what}
    if "server" in message and "not responding" in message:
        m = _NFS_SERVER.search(message)
        if m is None:
            return None
        return {"fs": "nfs", "name": m.group(1).rstrip(","), "what": "server not responding"}
    if "Lost membership in cluster" in message:
        # IBM Storage Scale's own wording (mmfs.log, and syslog at the default systemLogLevel
        # "error" as an [E] message); it names the cluster whose file systems are unmounted.
        m = _GPFS_CLUSTER.search(message)
        return {"fs": "gpfs", "name": m.group(1).rstrip(".") if m else "", "what": "lost membership"}
    if "GPFS" in message or "mmfs" in message:
        if not any(w in message for w in _GPFS_BAD):
            return None
        return {"fs": "gpfs", "name": "", "what": "expelled" if "xpel" in message else "error"}
    if "ceph: " in message:
        # The kernel's CephFS client (fs/ceph, net/ceph): a monitor session lost (mon_client.c
        # reopen_session), a metadata server whose session outlived its lease (mds_client.c delayed_work,
        # "mds%d hung"), a reconnect the MDS refused (the client was evicted). An OSD socket closed, stale
        # caps and a session the MDS closed and the client reconnected are routine churn, not faults.
        if "session lost, hunting for new mon" in message:
            what = "monitor session lost"
        elif "reconnect denied" in message:
            what = "reconnect denied"
        elif _CEPH_MDS_HUNG.search(message):
            what = "metadata server hung"
        else:
            return None
        return {"fs": "ceph", "name": "", "what": what}
    if "BeeGFS" in message or "beegfs" in message:
        if "rror" not in message and "unreachable" not in message:
            return None
        return {"fs": "beegfs", "name": "", "what": "communication error"}
    return None
