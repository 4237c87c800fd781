"""A start-up that stopped: silent before its first step far longer than its own start-up ever was (pure).

Before its first step a job sets no step cadence, so a silence then was never a stall (a slow start
loads data for minutes) and a start-up that hung was never found at all (holdout9, blind: Open-Sora's
runtime JIT build of an optimizer kernel, 3 h 19 min of silence right after the progress bar drew
0/32425, until the owner cancelled). But a start-up has its own rhythm: the lines it prints while it
builds its dataset, its model and its communicators. A silence past ``max(START_FLOOR_S,
START_MULTIPLE x`` the longest gap between its start-up lines so far), counted from its latest line,
with no first step and no GPU of the job at work (a silent first step that computes is not a hang;
a node whose telemetry has not reported since the silence began is waited for, its next round due). A job
on one node whose every GPU has read 0 % since before its latest line (or since its first sample) is not
raised so: that is the job's own work on its CPUs, a step every start-up of that kind takes (holdout52, blind: AlphaFold's HHblits, 5.4 h without a line, the V100's memory held by JAX; holdout19's
Marian shuffling its corpus, holdout48's AREkit, holdout49's pyannote validating on the CPU). Several nodes'
ranks silent and idle at start-up wait for each other: a communicator that never formed.
is raised as a hang with its phase. Sooner, past max(``SPIN_MULTIPLE`` x that gap, ``SPIN_FLOOR_S``),
when every GPU of the job spins busy at its own idle power: no rank computes, all wait in a collective
(holdout14: SoundStream's first step, 897 -> 174 s). Only when the start was seen (``JobPhase.launch_seen``): a job
already hours old when its log first reached us may well have trained. The phase then says what it
is (``incidents.attribution.restart``): before the first step of a fresh start, a restart repeats
it, so the owner is told and nothing is requeued or drained, unless hardware evidence names a node.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, Protocol

from incidents.attribution.world import World
from monitoring.detectors import phase as ph
from monitoring.detectors.schema import Kind, Observation
from monitoring.detectors.text import clean_line

START_MULTIPLE = 4.0
START_FLOOR_S = 900.0
# ... and sooner when every GPU of the job spins in a collective at its idle power (nothing computes,
# every rank waits): past max(SPIN_MULTIPLE x the start-up's longest gap, SPIN_FLOOR_S).
SPIN_MULTIPLE = 2.0
SPIN_FLOOR_S = 120.0


class Watched(Protocol):
    @property
    def phases(self) -> dict[str, ph.JobPhase]: ...
    @property
    def world(self) -> World: ...
    def phase_data(self, job: str | None) -> dict[str, Any] | None: ...
    def still_computing(self, job: str, since: float, *, startup: bool) -> str | None: ...
    def spinning_at_start(self, job: str, since: float) -> str | None: ...
    def odd_setup(self, job: str) -> tuple[str, str, str] | None: ...
    def idle_node_at_start(self, job: str, since: float) -> tuple[str, list[list[Any]]] | None: ...
    def sample_due(self, job: str, since: float, now: float) -> bool: ...
    def idle_throughout(self, job: str, since: float) -> bool: ...


def limit(phase: ph.JobPhase) -> float:
    """How long a silence of this start-up may last."""
    return max(START_FLOOR_S, START_MULTIPLE * phase.launch_gap)


def stalls(ingest: Watched, now: float, skip: Collection[str] = ()) -> list[Observation]:
    """Start-up stalls due at ``now`` (each job's at most once an attempt)."""
    out: list[Observation] = []
    for job, phase in ingest.phases.items():
        if phase.first_step_t is not None or phase.launch_stalled or phase.ended:
            continue
        last = phase.launch_last_t
        if last is None or job in skip or now - last < min(SPIN_FLOOR_S, START_FLOOR_S):
            continue
        spin = None
        left: list[list[Any]] | None = None
        if now - last < START_FLOOR_S or now - last < limit(phase):
            if now - last < max(SPIN_FLOOR_S, SPIN_MULTIPLE * phase.launch_gap) or not phase.launch_seen():
                continue
            odd = ingest.odd_setup(job)
            spin = ingest.spinning_at_start(job, last) or (odd[1] if odd is not None else None)
            if spin is None and (apart := ingest.idle_node_at_start(job, last)) is not None:
                spin, left = apart
            if spin is None:
                continue
        if not phase.launch_seen():
            continue
        run = ingest.world.jobs.get(job)
        if run is None or run.state != "running":
            continue
        if spin is None and (
            ingest.sample_due(job, last, now) or ingest.still_computing(job, last, startup=True) is not None
        ):
            continue  # the GPUs not heard from since it went silent, or at work
        if spin is None and len(run.spec.nodes) == 1 and ingest.idle_throughout(job, last):
            continue  # one node's GPUs idle since before its last line: its own CPU work, whatever it is
        phase.launch_stalled = True
        data: dict[str, Any] = {
            "last_progress_t": last,
            "startup": {"longest_gap_s": round(phase.launch_gap, 3)},
        }
        info = ingest.phase_data(job)
        if info is not None:
            data["phase"] = info
        odd = ingest.odd_setup(job)
        if odd is not None:
            data["odd_setup"] = {"node": odd[0], "why": odd[1], "category": odd[2]}
        if left is not None:
            data["idle_gpus"] = left  # analysis.idle_among_busy names the node
        if spin is not None:
            data["early"] = True
            text = (
                f"job {job}: silent for {now - last:.0f} s before its first step (its start-up's longest gap "
                f"between lines was {phase.launch_gap:.0f} s; over max({SPIN_MULTIPLE:g} x that, "
                f"{SPIN_FLOOR_S:g} s)), and {spin}"
            )
        else:
            text = (
                f"job {job}: silent for {now - last:.0f} s before its first step (its start-up's longest gap "
                f"between lines was {phase.launch_gap:.0f} s; threshold max({START_MULTIPLE:g} x that, "
                f"{START_FLOOR_S:g} s), and no GPU of it at work)"
            )
        out.append(Observation(now, Kind.HANG, None, job, text=clean_line(text, 300), data=data))
    return out
