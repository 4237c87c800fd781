"""NCCL and PyTorch ProcessGroupNCCL line shapes, every version we know of.

Each shape below was read from the emitter's source at the tags named in
``docs/FORMATS.md`` (NVIDIA/nccl ``src/transport/net_ib*``, ``src/misc/socket.cc``,
``src/os/linux.cc``; pytorch ``torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp``),
not fitted to one captured line. The wording moved between releases:

* IB completion errors: NCCL <= 2.9 names no peer (``Got completion with error
  12, opcode 0, ...``); 2.10-2.19 add the peer (``from peer 10.0.0.5<43012> with
  error 12, opcode 1, ...``, GIDs from 2.18); 2.20-2.29 print ``status=12
  opcode=1``; 2.30 prints ``status=IBV_WC_RETRY_EXC_ERR(12)``. The peer is
  ``getnameinfo`` output + ``<port>``: IPv4, IPv6 (``fe80::1%ib0``), or a name.
* Socket errors put the peer *before* the error text (``Call to recv from
  10.0.0.5<43012> failed : Connection reset by peer``) or after it
  (``Connection closed by remote peer gpu-a-003<43012>``).
* IB async events: ``Got async event : port error`` (<= 2.19), ``mlx5_0:1 Got
  async event : ...`` (2.20-2.22), ``mlx5_0:1 async fatal event: ...`` / ``Got
  async error event: ...`` / ``Got non-fatal async event: X(n)`` (2.23+).
* PyTorch's work status after a timeout: ``at work: N, last enqueued NCCL work:``
  (2.1-2.4), ``Timeout at NCCL work: N, last enqueued NCCL work:`` (2.2-2.4),
  ``failure detected by watchdog at work sequence id: N PG status: last enqueued
  work: N, last completed work: N`` (2.5+); the heartbeat monitor's ``Heartbeat
  monitor timed out! Process will be terminated`` and ``watchdog got stuck for
  N seconds`` (2.2+) are a rank whose watchdog thread itself hung.
"""

from __future__ import annotations

import re
from typing import Any

# --- NET/IB completion errors -----------------------------------------------------------

_IB_COMPLETION = re.compile(
    r"Got completion (?:from peer (?P<peer>\S+?)<\d+> )?with (?:status=|error )"
    r"(?:(?P<name>[A-Z_]+)\()?(?P<status>\d+)"
)
_LOCAL_GID = re.compile(r"localGid (\S+)")
_HCA = re.compile(r"\bhca ([\w.-]+)")

# --- sockets -----------------------------------------------------------------------------

_SOCK_CALL = re.compile(r"Call to (?:recv from|send to) (?P<peer>\S+?)<\d+> failed ?: ?(?P<err>[^\n]*)")
_SOCK_CLOSED = re.compile(r"closed by remote peer (?P<peer>\S+?)<\d+>")
_SOCK_CONNECT = re.compile(r"[Cc]onnect to (?P<peer>\S+?)<\d+> (?:failed|returned)")

# --- IB async events --------------------------------------------------------------------

_ASYNC = re.compile(
    r"NET/IB\s*:\s*(?:(?P<dev>[\w.-]+):(?P<port>\d+)\s+)?(?:Got\s+)?(?P<sev>non-fatal\s+)?"
    r"async(?:\s+(?:error|fatal))?\s+event(?:\s+on\s+(?P<obj>CQ|QP|SRQ)\b[^:]*)?\s*:\s*(?P<what>[^(\n]+)"
)
# Events that mean the port or adapter is broken; GID table change, port active,
# LID/SM change and client reregister are routine fabric management.
BAD_ASYNC = ("port error", "catastrophic", "fatal", "cq error", "qp", "srq error", "path mig", "device")
# ... of those, the subnet manager's own (verbs' IBV_EVENT_SM_CHANGE, IBV_EVENT_LID_CHANGE,
# IBV_EVENT_CLIENT_REREGISTER, as NCCL's ibvAsyncEventStr names them): a master SM handed over or a re-sweep that
# moved the fabric's addresses, seen by every port at once.
SM_EVENTS = ("sm change", "lid change", "client reregister", "client reregistration")

# --- PyTorch ProcessGroupNCCL ---------------------------------------------------------------

_WORK_STATUS = re.compile(
    r"at (?:NCCL )?work(?: sequence id)?:?\s*(?P<seq>\d+)[^\n]*?"
    r"last enqueued (?:NCCL )?work:\s*(?P<enq>-?\d+)[^\n]*?last completed (?:NCCL )?work:\s*(?P<done>-?\d+)"
)
_DUMP_STATUS = re.compile(
    r"[Ll]ast enqueued (?:NCCL )?work:\s*(?P<enq>-?\d+)[^\n]*?last completed (?:NCCL )?work:\s*(?P<done>-?\d+)"
)
# The heartbeat monitor's own words, per release of ProcessGroupNCCL.cpp's heartbeatMonitor():
# 2.2 "NCCL monitor thread timeout" / "monitoring thread detects no heartbeat" (pytorch 0007e752);
# 2.3+ "Heartbeat monitor timed out!" and "watchdog got stuck for N seconds"; 2.4+ also "First PG
# on this rank that detected no heartbeat of its watchdog." Each is printed by the rank whose
# watchdog stopped beating (incidents/attribution/heartbeat.py reads who did not print one).
HEARTBEAT_WORDS = (
    "Heartbeat monitor timed out",
    "watchdog got stuck for",
    "NCCL monitor thread timeout",
    "monitoring thread detects no heartbeat",
    "detected no heartbeat of its watchdog",
)
_STUCK_FOR = re.compile(r"got stuck for (\d+) seconds")
# ProcessGroupNCCL's heartbeat monitor (2.3+) prints how many collectives the rank had enqueued and
# not yet seen complete: "Heartbeat monitor timed out! ... workMetaList_.size()=N".
_PENDING = re.compile(r"workMetaList_\.size\(\)\s*=\s*(\d+)")


def normalize_peer(raw: str) -> str:
    """One spelling per address: no brackets, no IPv6 scope, IPv4-mapped IPv6 as IPv4, lower case."""
    peer = raw.strip("[]")
    if "%" in peer:
        peer = peer.split("%", 1)[0]
    low = peer.lower()
    if low.startswith("::ffff:") and low.count(".") == 3:
        return low[7:]
    return low if ":" in low else peer


def ib_completion(body: str) -> dict[str, Any] | None:
    """Fields of a NET/IB completion error of any NCCL version; ``peer`` is "" before 2.10."""
    m = _IB_COMPLETION.search(body)
    if m is None:
        return None
    data: dict[str, Any] = {"peer": normalize_peer(m.group("peer") or ""), "status": int(m.group("status"))}
    if m.group("name"):
        data["status_name"] = m.group("name")
    g = _LOCAL_GID.search(body)
    if g:
        local = normalize_peer(g.group(1))
        if local.count(".") == 3:
            data["local_ip"] = local  # RoCE v2 / IPoIB-mapped GID: the reporter's own address
        else:
            data["local_gid"] = local  # an IB link-local GID (fe80::<GUID>) names a port, not a host
    h = _HCA.search(body)
    if h:
        data["hca"] = h.group(1)
    return data


def socket_error(body: str) -> tuple[str, str] | None:
    """``(peer, what)`` of a socket failure, the peer printed before or after the error text."""
    m = _SOCK_CALL.search(body)
    if m:
        return normalize_peer(m.group("peer")), m.group("err").strip() or "socket call failed"
    m = _SOCK_CLOSED.search(body)
    if m:
        return normalize_peer(m.group("peer")), "connection closed by remote peer"
    m = _SOCK_CONNECT.search(body)
    if m:
        return normalize_peer(m.group("peer")), "connect failed"
    return None


def async_event(body: str) -> tuple[str | None, str, bool] | None:
    """``(port, event, bad)`` of an IB async event line of any NCCL version."""
    m = _ASYNC.search(body)
    if m is None:
        return None
    event = m.group("what").strip().rstrip(".").lower()
    port = f"{m.group('dev')}:{m.group('port')}" if m.group("dev") else None
    fatal = "async fatal event" in body
    bad = fatal or (not m.group("sev") and any(b in event for b in BAD_ASYNC))
    return port, event, bad


def work_status(body: str) -> dict[str, int] | None:
    """``{seq, completed}`` from a watchdog status line (2.1-2.9 spellings); garbage counters dropped."""
    m = _WORK_STATUS.search(body)
    if m is None:
        return None
    seq, enq, done = int(m.group("seq")), int(m.group("enq")), int(m.group("done"))
    # PyTorch 2.2 sometimes printed an uninitialised "last completed" (76280750235782912): ignore it.
    if done > max(seq, enq) or done < -1:
        return {"seq": seq}
    return {"seq": seq, "completed": done}


def dump_status(body: str) -> dict[str, int] | None:
    """The counters of "Received a dump signal due to a collective timeout from this local rank"."""
    m = _DUMP_STATUS.search(body)
    if m is None:
        return None
    enq, done = int(m.group("enq")), int(m.group("done"))
    if done > enq or done < -1:
        return None
    return {"seq": done + 1, "completed": done}


def pending_work(body: str) -> int | None:
    """Collectives a rank had in flight when its heartbeat monitor fired (None when not printed)."""
    m = _PENDING.search(body)
    return int(m.group(1)) if m else None


def heartbeat_timeout(body: str) -> int | None:
    """Seconds the watchdog was stuck (0 when the line does not say), or None if not a heartbeat line."""
    if not any(w in body for w in HEARTBEAT_WORDS):
        return None
    m = _STUCK_FOR.search(body)
    return int(m.group(1)) if m else 0
