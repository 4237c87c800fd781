"""Transport errors a job prints while it wires its ranks together, read from the emitter's format (pure).

Open MPI's byte-transfer layers (``opal/mca/btl/``: tcp, openib, uct, vader...) report an error
with ``BTL_ERROR(args)`` (``opal/mca/btl/base/btl_base_error.h``), which prefixes the message
with ``"[%s]%s[%s:%d:%s] "``: the node name, the process name as ``OPAL_NAME_PRINT`` writes it
(``[[jobid,vpid],rank]``; ``[jobid,vpid,rank]`` in the ORTE-era 1.x macro), and the source file,
line and function. So ``[u10-154-66-206][[38971,1],2][btl_tcp_endpoint.c:796:mca_btl_tcp_endpoint_
complete_connect] connect() to 172.17.0.1 failed: Connection refused (111)`` is recognised by
its prefix, whatever the message (the wording varies by component and version). ``mpirun
--tag-output`` may put ``[1,2]<stderr>:`` in front.

A host-local bridge named in the message is a configuration sign: Docker's default bridge
``docker0`` (172.17.0.0/16) and libvirt's ``virbr0`` (192.168.122.0/24) are not routed between
nodes, so a transport that picked one can never connect (horovod#310: exclude it with
``btl_tcp_if_exclude`` / ``NCCL_SOCKET_IFNAME``).

PyTorch's rendezvous store client (``torch/csrc/distributed/c10d/socket.cpp``) warns on each
connection attempt that failed, in every version since 1.10: ``[c10d] The client socket has failed
to connect to [HOST]:PORT (errno: N - strerror).`` (``system error: N - ...`` on Windows; the
glog-style prefix varies: ``[W socket.cpp:601]``, ``[W420 19:27:52.000000000 socket.cpp:764]``),
and from 2.1 ``The client socket has failed to connect to any network address of (HOST, PORT).``
One such line is often a harmless race (rank 0's store not listening yet, an IPv6 address tried
before the IPv4 one); the client retries until its timeout (``--rdzv-timeout``, 900 s by default),
so only failures that go on, or a connection that waited out the kernel's SYN retries
(``ETIMEDOUT``: the endpoint never answered for about two minutes), are trouble
(:mod:`incidents.attribution.launch_watch`). An endpoint whose address no host can have (the
unspecified address, multicast, the reserved 240.0.0.0/4 with the limited broadcast, also written
IPv4-mapped: ``[::ffff:255.255.0.0]``, a netmask given as ``MASTER_ADDR``) is a configuration
error on its face. The exception the client raises at the end (``DistNetworkError: The client
socket has timed out after 900s ...``) is an exception line, left to the exception reader.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass

from monitoring.detectors import nccl

# [node][[jobid,vpid],rank][file.c:line:func] message   (or the 1.x [node][a,b,c][file.c:line:func])
_BTL_ERROR = re.compile(
    r"\[(?P<host>[^\[\]\s]+)\]\[(?:\[\d+,\d+\],\d+|\d+,\d+,\d+)\]"
    r"\[(?P<file>btl_[\w.-]*\.c):\d+:(?P<func>\w+)\]\s*(?P<msg>.*)"
)
_IPV4 = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3})(?![\d.])")
_BRIDGE_IFACE = re.compile(r"\b(docker\d+|virbr\d+)\b")
BRIDGE_NETWORKS = (
    (ipaddress.ip_network("172.17.0.0/16"), "docker0"),  # Docker's default bridge network
    (ipaddress.ip_network("192.168.122.0/24"), "virbr0"),  # libvirt's default NAT network
)


_C10D_CONNECT = re.compile(
    r"\bThe client socket has failed to connect to (?:\[(?P<h1>[^\]\s]*)\]:(?P<p1>\d+)|"
    r"any network address of \((?P<h2>[^,()\s]+), ?(?P<p2>\d+)\))"
    r"(?:[^(]{0,40}\((?:errno|system error): (?P<errno>\d+) - (?P<why>[^)]{0,160})\))?"
)
_EXCEPTION_HEAD = re.compile(r"\w(?:Error|Exception): ")
ETIMEDOUT = 110  # Linux's errno for a connect() that waited out the SYN retries


@dataclass(frozen=True)
class TransportError:
    host: str  # the node that printed it ("" when the line does not say)
    component: str  # the source file, e.g. btl_tcp_endpoint.c
    message: str
    bridge: str | None  # a host-local bridge the message names (by address or by name)
    endpoint: str | None = None  # the rendezvous endpoint a store client could not reach, HOST:PORT
    errno: int | None = None
    unroutable: str | None = None  # why the endpoint's address can be no host's

    @property
    def timed_out(self) -> bool:
        """A connect that waited for an answer that never came (not one refused at once)."""
        return self.errno == ETIMEDOUT or "timed out" in self.message.lower()


def _address(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """An address literal (bracketed or not; IPv4-mapped IPv6 as its IPv4), or None for a name."""
    try:
        addr = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return None
    if isinstance(addr, ipaddress.IPv6Address) and addr.ipv4_mapped is not None:
        return addr.ipv4_mapped
    return addr


def unroutable(host: str) -> str | None:
    """Why an address literal can be no host's (None: it can, or it is a name)."""
    addr = _address(host)
    if addr is None:
        return None
    if addr.is_unspecified:
        return "the unspecified address"
    if addr.is_multicast:
        return "a multicast address"
    if isinstance(addr, ipaddress.IPv4Address) and addr == ipaddress.IPv4Address("255.255.255.255"):
        return "the limited broadcast address"
    if addr.is_reserved:
        return "a reserved address (240.0.0.0/4: a netmask, not a host)"
    return None


def bridge_of(text: str) -> str | None:
    """The host-local bridge a text names: ``docker0``/``virbr0`` by name or by default network."""
    m = _BRIDGE_IFACE.search(text)
    if m:
        return m.group(1)
    for ip in _IPV4.findall(text):
        try:
            addr = ipaddress.ip_address(ip)
        except ValueError:
            continue
        for net, name in BRIDGE_NETWORKS:
            if addr in net:
                return f"{name} ({ip})"
    return None


def loopback_of(peer: str) -> str | None:
    """``lo (ADDR)`` when an address is the loopback (127.0.0.0/8, ::1), which only its own host reaches."""
    addr = _address(peer)
    return f"lo ({peer})" if addr is not None and addr.is_loopback else None


def parse_nccl_loopback(line: str) -> TransportError | None:
    """NCCL's socket WARN about a connection to a loopback address (``Connect to 127.0.0.1<43213> failed``,
    ``socketStartConnect: Connect to 127.0.0.1<...>``, ``Net : Connection closed by remote peer 127.0.0.1<...>``):
    in a job of several nodes, the ranks wire to each other through an interface only their own host has
    (``NCCL_SOCKET_IFNAME=lo``, or no other interface found), a configuration no restart mends. None for any other
    line, and for a socket error to a routed address (a peer that went away: the fault's, read elsewhere)."""
    if "NCCL WARN" not in line or ("127." not in line and "::1" not in line):
        return None
    body = line[line.index("NCCL WARN") :]
    sock = nccl.socket_error(body)
    if sock is None:
        return None
    peer, what = sock
    lo = loopback_of(peer)
    if lo is None:
        return None
    head = line[: line.index("NCCL WARN")].split()
    # the "host:pid:tid" of NCCL's prefix
    host = next((w.split(":", 1)[0] for w in head if w.count(":") == 2), "")
    return TransportError(host, "NCCL socket", f"{what} to {peer}", lo)


def parse_c10d_connect(line: str) -> TransportError | None:
    """A c10d store client's failed connection attempt (a warning line, not the final exception)."""
    if "client socket" not in line:
        return None
    m = _C10D_CONNECT.search(line[:800])
    if m is None or _EXCEPTION_HEAD.search(line[: m.start()]):
        return None
    host = m.group("h1") if m.group("h1") is not None else m.group("h2")
    port = m.group("p1") or m.group("p2")
    errno = int(m.group("errno")) if m.group("errno") else None
    why = (m.group("why") or "").strip()
    endpoint = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    message = f"errno {errno} - {why}" if errno is not None else "no network address of it answered"
    return TransportError("", "c10d socket", message, bridge_of(host), endpoint, errno, unroutable(host))


def parse_transport_error(line: str) -> TransportError | None:
    """An Open MPI BTL error line, by its ``BTL_ERROR`` prefix, or a c10d store client's failed
    connection (``parse_c10d_connect``); None for anything else."""
    if "[btl_" not in line:
        return parse_c10d_connect(line)  # the cheap scans most lines stop at
    m = _BTL_ERROR.search(line[:600])
    if m is None:
        return None
    msg = m.group("msg").strip()
    return TransportError(m.group("host"), m.group("file"), msg, bridge_of(msg))
