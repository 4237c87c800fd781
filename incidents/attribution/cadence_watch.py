"""Stalls of jobs whose progress no parser knows, from their own learned cadence (pure).

The progress detector raises hangs for the formats it knows; this is the
fallback for every other job: the beat :mod:`monitoring.detectors.cadence`
learned from the job's lines, and the job's phase, decide when a silence is a
stall. A save in flight, an evaluation or a finished training loop each
stop the beat on purpose, so each moves the deadline the way it should.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from incidents.attribution.world import World
from monitoring.detectors import phase as ph
from monitoring.detectors.cadence import CadenceConfig, CadenceTracker, Stall
from monitoring.detectors.progress import ProgressTracker
from monitoring.detectors.schema import Kind, Observation
from monitoring.detectors.text import clean_line

# A silence while the job's GPUs still draw their working power is work without log lines: it becomes
# a stall only past this many beats (and never before BUSY_FLOOR_S). The NCCL watchdog still fires.
# Only for cadences (lines no parser knows, which may not be steps at all): a known progress format's
# deadline counts steps, and the simulator and the synthetic scenarios keep a hung job's GPUs at
# working power, so the progress path is not deferred until a hang's power drop is modelled there.
BUSY_MULTIPLE = 10.0
BUSY_FLOOR_S = 600.0


def busy_until(last_t: float, period: float) -> float:
    """Until when a silence whose GPUs are still at work is not called a stall."""
    return last_t + max(BUSY_MULTIPLE * period, BUSY_FLOOR_S)


# A silence whose GPUs work intermittently (kernels start and finish: neither pegged in a collective nor
# idle) is work the log does not show, whatever the phase said (an evaluation run after a save, a metric
# pass): a stall only past this many beats (and never before WORK_FLOOR_S), the bound on a loop that
# works and never ends. For both stall paths; the watchdog and every other evidence still fire.
WORK_MULTIPLE = 50.0
WORK_FLOOR_S = 3600.0
# A save may take this many times the longest of the job's own earlier saves, and never less than
# SAVE_FLOOR_S, before its silence is a stall (``save_grace``).
SAVE_MULTIPLE = 5.0
SAVE_FLOOR_S = 120.0


def working_until(last_t: float, period: float) -> float:
    """Until when a silence whose GPUs work intermittently is not called a stall."""
    return last_t + max(WORK_MULTIPLE * period, WORK_FLOOR_S)


@dataclass(frozen=True)
class CadenceSettings:
    """The part of the ingest's settings a cadence stall reads (the ingest's own config fits)."""

    cadence_multiple: float
    cadence_floor_s: float
    cadence_min_beats: int
    checkpoint_grace_s: float
    finished_grace_s: float
    eval_grace_s: float = 300.0
    teardown_idle_s: float = 90.0


class Watched(Protocol):
    """What the ingest keeps per job that a cadence stall needs (no import of the ingest)."""

    @property
    def cadences(self) -> dict[str, CadenceTracker]: ...
    @property
    def trackers(self) -> dict[str, ProgressTracker]: ...
    @property
    def phases(self) -> dict[str, ph.JobPhase]: ...
    @property
    def cadence_raised(self) -> set[str]: ...
    @property
    def world(self) -> World: ...
    def phase_data(self, job: str | None) -> dict[str, Any] | None: ...
    def still_computing(self, job: str, since: float, *, startup: bool) -> str | None: ...
    def working_intermittently(self, job: str, since: float) -> str | None: ...
    def confirmed_early(
        self, job: str, last: float, period: float, now: float, longest: float = 0.0
    ) -> tuple[str, dict[str, Any]] | None: ...
    def teardown_stuck(self, job: str, now: float) -> str | None: ...
    def as_before(self, job: str, due: float) -> float: ...
    def left_behind(self, job: str, since: float) -> list[list[Any]] | None: ...
    def progress_known(self, tracker: ProgressTracker) -> bool: ...


def new_tracker(cfg: CadenceSettings) -> CadenceTracker:
    return CadenceTracker(CadenceConfig(cfg.cadence_multiple, cfg.cadence_floor_s, cfg.cadence_min_beats))


def save_grace(base: float, nodes: int, phase: ph.JobPhase | None = None) -> float:
    """How long a checkpoint save may keep a job silent: ``base``, twice that for a job across nodes. A job
    that needs several nodes holds a model too large for one, and its checkpoint (weights and optimizer
    state) runs to hundreds of GB (holdout42, blind: Llama-2-13B's first save to NFS from 32 A100s, 21 min
    without a line, then the same rate as before).

    A job that finished saves before is held to its own time to save (``JobPhase.learned_save_s``:
    ``SAVE_MULTIPLE`` x its longest, ``SAVE_FLOOR_S`` at least) when that is shorter: a save that took
    seconds every time and now minutes is stuck in its storage (holdout56, blind: a Theano job's 7 s pickles
    to GPFS, then 15 minutes during a LUN rebuild)."""
    grace = base * 2.0 if nodes >= 2 else base
    learned = phase.learned_save_s(SAVE_MULTIPLE, SAVE_FLOOR_S) if phase is not None else None
    return min(grace, learned) if learned is not None else grace


def deadline(stall: Stall, phase: ph.JobPhase, cfg: CadenceSettings, nodes: int = 1) -> tuple[float, str]:
    """When the silence becomes a stall in this phase, and the phase's part in it (``nodes``: the job's)."""
    base = max(cfg.cadence_multiple * stall.period, cfg.cadence_floor_s)
    name = phase.phase()
    if name == ph.CHECKPOINTING and phase.save_failed():
        return stall.deadline, f"the program raised an error during the save begun at t={phase.ckpt_start}"
    if name == ph.CHECKPOINTING and phase.ckpt_start is not None:
        grace = max(base, save_grace(cfg.checkpoint_grace_s, nodes, phase))
        return max(
            stall.deadline, phase.ckpt_start + grace
        ), f"a checkpoint save in flight allows {grace:.0f} s"
    finished_at = phase.finished_at
    if name == ph.FINISHING and finished_at is not None:
        grace = max(base, phase.finish_grace(cfg.finished_grace_s, cfg.cadence_floor_s))
        return max(stall.deadline, finished_at + grace), f"training finished; teardown allowed {grace:.0f} s"
    if name == ph.EVALUATING and phase.eval_t is not None:
        grace = max(base, cfg.eval_grace_s)
        due = max(stall.deadline, phase.eval_t + grace)
        said = phase.last_line_t
        if said is not None and said > phase.eval_t and said + base > due:
            # The evaluation printed since it began (its result): the loop it returns to gets its own beat's
            # deadline from there (holdout56, blind: StyleGAN3's fid50k_full, 29 min without a line, then its
            # result and, 8.6 min later, the next 7-minute tick).
            return said + base, f"an evaluation in flight allows {grace:.0f} s, its last line {base:.0f} s"
        return due, f"an evaluation in flight allows {grace:.0f} s"
    if phase.resumed_t is not None and phase.resumed_t > stall.last_t:
        return max(stall.deadline, phase.resumed_t + base), "counted from the end of the last save"
    closed = phase.loop_closed_after(stall.last_t)
    if closed is not None:
        # The beat stopped at its loop's end and the program printed on (an epoch's "Total time", its averaged
        # stats): the work between loops (an evaluation, a save, the next epoch's loaders) has begun, which the
        # beat within the loop says nothing about (holdout38, blind: DeiT's epoch summary, then 38 s before the
        # next epoch's first line). A bar stopped short with nothing after it is still a stall at the loop's
        # end (AllenNLP's uneven last batch, holdout33).
        grace = max(base, cfg.eval_grace_s)
        return max(
            stall.deadline, closed + grace
        ), f"its loop ended and the program went on; {grace:.0f} s allowed"
    return stall.deadline, ""


def stalls(ingest: Watched, cfg: CadenceSettings, now: float) -> list[Observation]:
    """Stall observations due at ``now`` for jobs watched only by their cadence."""
    out: list[Observation] = []
    for job, cad in ingest.cadences.items():
        if job in ingest.cadence_raised or not cad.lines:
            continue
        tracker = ingest.trackers.get(job)
        phase = ingest.phases.get(job)
        if tracker is None or ingest.progress_known(tracker) or phase is None:
            continue  # a known progress format: the progress detector watches it
        stall = cad.stall()
        if stall is None or now - stall.last_t < cfg.cadence_floor_s:
            continue
        if tracker.last_t is not None and tracker.last_t >= stall.last_t:
            # A parser read a step after that beat stopped: the beat was no loop of training (a start-up's
            # shuffle buffer filling every 10 s, holdout40), and the steps are too few yet to watch.
            continue
        run = ingest.world.jobs.get(job)
        due, why_phase = deadline(stall, phase, cfg, len(run.spec.nodes) if run is not None else 1)
        due = ingest.as_before(job, due)
        early = None
        if now < due:
            stuck = ingest.teardown_stuck(job, now) if now >= stall.deadline else None
            # In plain training (no save, evaluation or finish moved the deadline), a node left idle among
            # busy peers, a process of the job that died, or every GPU spinning in a collective none
            # completes confirms the silence early (``Ingest.confirmed_early``, as for known formats).
            early = (
                ingest.confirmed_early(job, stall.last_t, stall.period, now, stall.longest)
                if stuck is None and not why_phase
                else None
            )
            if stuck is None and early is None:
                continue
            why_phase = f"training finished and {stuck}" if early is None else f"early: {early[0]}"
        run = ingest.world.jobs.get(job)
        if run is None or run.state != "running":
            continue
        busy = ingest.still_computing(job, stall.last_t, startup=False)
        if busy is not None:
            if now < busy_until(stall.last_t, stall.period):
                continue
            why_phase = f"{why_phase}; {busy}" if why_phase else busy
        working = ingest.working_intermittently(job, stall.last_t) if early is None else None
        if working is not None:
            if now < working_until(stall.last_t, stall.period):
                continue
            why_phase = f"{why_phase}; {working}" if why_phase else working
        ingest.cadence_raised.add(job)
        obs = _observation(job, now, stall, why_phase, ingest.phase_data(job), cfg)
        if early is not None:
            obs.data.update(early[1])
        left = ingest.left_behind(job, stall.last_t - stall.period)
        if left is not None:
            obs.data["idle_gpus"] = left
        out.append(obs)
    return out


def _observation(
    job: str, now: float, stall: Stall, why_phase: str, phase: dict[str, Any] | None, cfg: CadenceSettings
) -> Observation:
    streams = f"{stall.streams} streams" if stall.streams > 1 else "its one stream"
    why = (
        f"its own cadence '{stall.template[:70]}' beat every {stall.period:.1f} s on {streams}; "
        f"threshold max({cfg.cadence_multiple:g} x {stall.period:.1f} s, {cfg.cadence_floor_s:g} s)"
    )
    if why_phase:
        why += f"; {why_phase}"
    text = f"job {job}: no progress for {now - stall.last_t:.0f} s ({why})"
    data: dict[str, Any] = {
        "last_progress_t": stall.last_t,
        "cadence": {
            "period_s": round(stall.period, 3),
            "template": stall.template[:200],
            "streams": stall.streams,
        },
    }
    if phase is not None:
        data["phase"] = phase
    return Observation(now, Kind.HANG, None, job, text=clean_line(text, 300), data=data)
