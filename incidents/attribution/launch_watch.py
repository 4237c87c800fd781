"""A job that could not wire its transport at start-up and went silent (pure).

Before its first step a job sets no cadence, so no silence of it is a stall (a slow start
loads data for minutes). But a transport that reported it could not connect
(:mod:`monitoring.detectors.transport`) and a job silent since is a launch that hangs in its
initialisation (``hvd.init()``, ``MPI_Init``, the first collective): it is raised after
``silence_s`` of silence counted from the job's latest line. A transport error that names a
host-local bridge (docker0, virbr0: never routed between nodes) needs no silence to confirm it:
the transport was pointed at an interface no peer can reach, so it is raised at once. The phase
then says what it is
(``incidents.attribution.restart``): before the first step of a fresh start, a restart
repeats it, so the owner is told and nothing is requeued or drained. A bridge the
transport's line names (docker0, virbr0) is said in the evidence: the configuration to fix.

PyTorch's rendezvous store client warns on each failed connection attempt; one is often a
harmless race, so its trouble begins only once it is confirmed: failures to the same endpoint
``C10D_CONFIRM_S`` apart (the client kept retrying), one that waited out the kernel's SYN
retries (ETIMEDOUT: the endpoint never answered), or an endpoint whose address no host can have,
which, like a bridge, needs no silence: the rendezvous address itself is misconfigured. A
transport error repeating is the same failure, not the job at work: only the job's other lines
count as activity.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from monitoring.detectors.transport import TransportError, parse_nccl_loopback, parse_transport_error

MAX_JOBS = 4096
C10D_CONFIRM_S = 30.0


@dataclass
class LaunchTrouble:
    """The first transport error of a job before its first step, and the job's latest line since."""

    t: float
    error: TransportError
    last_line_t: float
    bridge: str | None

    @property
    def at_once(self) -> bool:
        """The error names a configuration no silence needs to confirm."""
        return self.bridge is not None or self.error.unroutable is not None


class LaunchWatch:
    def __init__(self, silence_s: float = 90.0) -> None:
        self.silence_s = silence_s
        self.troubles: dict[str, LaunchTrouble] = {}
        self.raised: set[str] = set()
        # A store client's first failed attempt, not yet confirmed: job -> (t, endpoint, last line t).
        self.pending: dict[str, tuple[float, str, float]] = {}

    def on_line(self, job: str, t: float, line: str, before_first_step: bool, nodes: int = 1) -> bool:
        """Note a job's line; True when it is a transport error (understood: no unexplained line).

        ``nodes``: how many nodes the job spans; NCCL wiring ranks of several nodes over the loopback
        (``parse_nccl_loopback``) is a configuration at once, as a host-local bridge is."""
        if not before_first_step:
            self.troubles.pop(job, None)  # it stepped: whatever failed at start-up was overcome
            self.pending.pop(job, None)
            return False
        err = parse_transport_error(line)
        if err is None and nodes >= 2 and "NCCL WARN" in line:
            err = parse_nccl_loopback(line)
        trouble = self.troubles.get(job)
        if err is None:
            if trouble is not None and t > trouble.last_line_t:
                trouble.last_line_t = t
            seen = self.pending.get(job)
            if seen is not None and t > seen[2]:
                self.pending[job] = (seen[0], seen[1], t)
            return False
        if trouble is not None:  # the same failure again: not the job at work
            trouble.bridge = trouble.bridge or err.bridge
            return True
        first_t, last_line_t = t, t
        if err.endpoint is not None and err.bridge is None and err.unroutable is None and not err.timed_out:
            seen = self.pending.get(job)
            if seen is None or seen[1] != err.endpoint:
                if len(self.pending) >= MAX_JOBS:
                    self.pending.pop(next(iter(self.pending)))
                self.pending[job] = (t, err.endpoint, t)
                return True
            if t - seen[0] < C10D_CONFIRM_S:
                return True  # retrying, maybe the race of a store not listening yet
            first_t, last_line_t = seen[0], seen[2]
        self.pending.pop(job, None)
        if len(self.troubles) >= MAX_JOBS:
            self.troubles.pop(next(iter(self.troubles)))
        self.troubles[job] = LaunchTrouble(first_t, err, last_line_t, err.bridge)
        return True

    def to_state(self) -> dict[str, Any]:
        troubles = {
            job: [
                tr.t,
                tr.error.host,
                tr.error.component,
                tr.error.message,
                tr.error.bridge,
                tr.last_line_t,
                tr.bridge,
                tr.error.endpoint,
                tr.error.errno,
                tr.error.unroutable,
            ]
            for job, tr in self.troubles.items()
        }
        pending = {job: list(v) for job, v in self.pending.items()}
        return {"troubles": troubles, "raised": sorted(self.raised), "pending": pending}

    def load_state(self, d: dict[str, Any]) -> None:
        self.troubles = {}
        for job, row in (d.get("troubles") or {}).items():
            t, host, component, message, err_bridge, last, bridge = row[:7]
            endpoint, errno, bad = (list(row[7:10]) + [None, None, None])[:3]  # older states: 7 fields
            err = TransportError(host, component, message, err_bridge, endpoint, errno, bad)
            self.troubles[str(job)] = LaunchTrouble(float(t), err, float(last), bridge)
        self.raised = {str(j) for j in d.get("raised") or []}
        self.pending = {
            str(job): (float(t), str(endpoint), float(last))
            for job, (t, endpoint, last) in (d.get("pending") or {}).items()
        }

    def due(self, now: float) -> list[tuple[str, LaunchTrouble]]:
        """Jobs silent for ``silence_s`` since their latest line after a transport error, or whose
        transport error named a host-local bridge (once each)."""
        if self.silence_s <= 0:
            return []
        return [
            (job, tr)
            for job, tr in self.troubles.items()
            if job not in self.raised and (tr.at_once or now - tr.last_line_t >= self.silence_s)
        ]

    def forget(self, job: str) -> None:
        self.troubles.pop(job, None)
        self.pending.pop(job, None)
        self.raised.discard(job)


def describe(job: str, now: float, tr: LaunchTrouble) -> str:
    """The stall's evidence line."""
    err = tr.error
    if err.endpoint is not None:
        failed = f"its rendezvous store client could not reach {err.endpoint} ({err.message[:120]})"
    else:
        failed = f"its transport failed at start-up on {err.host} ({err.component}: {err.message[:120]})"
    silent = now - tr.last_line_t
    if tr.at_once and silent < 1.0:
        text = f"job {job}: before its first step, {failed}"
    else:
        text = f"job {job}: silent for {silent:.0f} s before its first step, after {failed}"
    if tr.bridge and tr.bridge.startswith("lo "):
        text += (
            f"; {tr.bridge} is the loopback interface, which no other node of the job can reach: NCCL was "
            "pointed at it (NCCL_SOCKET_IFNAME=lo) or found no other; set NCCL_SOCKET_IFNAME to a routed interface"
        )
    elif tr.bridge:
        text += (
            f"; {tr.bridge} is a host-local bridge, never routed between nodes: the transport picked "
            "the wrong interface (exclude it: btl_tcp_if_exclude, NCCL_SOCKET_IFNAME)"
        )
    if err.unroutable:
        text += (
            f"; that address is {err.unroutable}, no host's: the rendezvous address (MASTER_ADDR, "
            "--rdzv-endpoint, init_method) is misconfigured"
        )
    return text
