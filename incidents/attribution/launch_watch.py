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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from monitoring.detectors.transport import TransportError, parse_transport_error

MAX_JOBS = 4096


@dataclass
class LaunchTrouble:
    """The first transport error of a job before its first step, and the job's latest line since."""

    t: float
    error: TransportError
    last_line_t: float
    bridge: str | None


class LaunchWatch:
    def __init__(self, silence_s: float = 90.0) -> None:
        self.silence_s = silence_s
        self.troubles: dict[str, LaunchTrouble] = {}
        self.raised: set[str] = set()

    def on_line(self, job: str, t: float, line: str, before_first_step: bool) -> bool:
        """Note a job's line; True when it is a transport error (understood: no unexplained line)."""
        if not before_first_step:
            self.troubles.pop(job, None)  # it stepped: whatever failed at start-up was overcome
            return False
        err = parse_transport_error(line)
        trouble = self.troubles.get(job)
        if err is None:
            if trouble is not None and t > trouble.last_line_t:
                trouble.last_line_t = t
            return False
        if trouble is None:
            if len(self.troubles) >= MAX_JOBS:
                self.troubles.pop(next(iter(self.troubles)))
            self.troubles[job] = LaunchTrouble(t, err, t, err.bridge)
        else:
            trouble.last_line_t = max(trouble.last_line_t, t)
            trouble.bridge = trouble.bridge or err.bridge
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
            ]
            for job, tr in self.troubles.items()
        }
        return {"troubles": troubles, "raised": sorted(self.raised)}

    def load_state(self, d: dict[str, Any]) -> None:
        self.troubles = {
            str(job): LaunchTrouble(
                float(t), TransportError(host, component, message, err_bridge), float(last), bridge
            )
            for job, (t, host, component, message, err_bridge, last, bridge) in (
                d.get("troubles") or {}
            ).items()
        }
        self.raised = {str(j) for j in d.get("raised") or []}

    def due(self, now: float) -> list[tuple[str, LaunchTrouble]]:
        """Jobs silent for ``silence_s`` since their latest line after a transport error, or whose
        transport error named a host-local bridge (once each)."""
        if self.silence_s <= 0:
            return []
        return [
            (job, tr)
            for job, tr in self.troubles.items()
            if job not in self.raised and (tr.bridge is not None or now - tr.last_line_t >= self.silence_s)
        ]

    def forget(self, job: str) -> None:
        self.troubles.pop(job, None)
        self.raised.discard(job)


def describe(job: str, now: float, tr: LaunchTrouble) -> str:
    """The stall's evidence line."""
    err = tr.error
    failed = f"its transport failed at start-up on {err.host} ({err.component}: {err.message[:120]})"
    silent = now - tr.last_line_t
    if tr.bridge and silent < 1.0:
        text = f"job {job}: before its first step, {failed}"
    else:
        text = f"job {job}: silent for {silent:.0f} s before its first step, after {failed}"
    if tr.bridge:
        text += (
            f"; {tr.bridge} is a host-local bridge, never routed between nodes: the transport picked "
            "the wrong interface (exclude it: btl_tcp_if_exclude, NCCL_SOCKET_IFNAME)"
        )
    return text
