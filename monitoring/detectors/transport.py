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
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass

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


@dataclass(frozen=True)
class TransportError:
    host: str  # the node that printed it
    component: str  # the source file, e.g. btl_tcp_endpoint.c
    message: str
    bridge: str | None  # a host-local bridge the message names (by address or by name)


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


def parse_transport_error(line: str) -> TransportError | None:
    """An Open MPI BTL error line, by its ``BTL_ERROR`` prefix; None for anything else."""
    if "[btl_" not in line:
        return None  # the one cheap scan most lines stop at
    m = _BTL_ERROR.search(line[:600])
    if m is None:
        return None
    msg = m.group("msg").strip()
    return TransportError(m.group("host"), m.group("file"), msg, bridge_of(msg))
