"""The pure pipeline: events in, incidents with recommendations out.

This is the contract the Django side, the simulator and replay all code
against. One ``Pipeline`` per cluster; ``feed(events, now)`` with events in the
``recovery-scenario/1`` schema (absolute epoch ``t``) returns the incidents that
are new or changed. Its whole memory serializes with ``to_state()`` so a Celery
task can load it, feed the events of one tick and save it again. No Django, no
I/O, no clock: ``now`` is always passed in.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from actions.pipeline import state as pipeline_state
from actions.pipeline.config import PipelineConfig
from actions.pipeline.update import IncidentUpdate
from actions.policy import ESCALATE, Decision, JobFacts, recommend
from actions.policy.proposal import Proposal
from incidents.attribution import (
    Assessment,
    Correlator,
    Incident,
    Ingest,
    World,
    assess,
    link_flap,
    merge_budget_ends,
    merge_device_storms,
    merge_kill_storms,
    merge_lemon_attempts,
    merge_repeated_attempts,
    merge_storms,
    merge_wiring_storms,
    self_restart,
)
from incidents.attribution.fs_storms import merge_fs_storms
from incidents.attribution.incident import Verdict
from incidents.attribution.lemon_gpu import merge_lemon_gpu
from incidents.attribution.link_storms import merge_link_storms
from incidents.attribution.node_env import merge_node_environment
from incidents.attribution.node_storms import merge_node_storms
from incidents.attribution.shared_slowdown import merge_room_heat, merge_shared_slowdowns
from incidents.attribution.site_rules import RuleSet
from incidents.attribution.unexplained import Unexplained, for_incident
from incidents.attribution.verdict import awaiting_collective
from incidents.attribution.xid_storms import merge_xid_storms
from monitoring.detectors.schema import ClusterSpec, HistoryEntry, JobSpec

__all__ = ["IncidentUpdate", "Pipeline", "PipelineConfig", "Proposal"]


class Pipeline:
    """Detectors, attribution and policy for one cluster."""

    def __init__(
        self,
        cluster: ClusterSpec,
        jobs: Iterable[JobSpec] = (),
        history: Iterable[HistoryEntry] = (),
        config: PipelineConfig | None = None,
        start: float | None = None,
    ) -> None:
        """``start``: when the record begins; a job listed as starting later is not running until then
        (``Ingest.schedule_job``). Without it every job listed runs from the first feed."""
        self.config = config or PipelineConfig()
        self.world = World(cluster, history=list(history))
        self.corr = Correlator(self.world, self.config.storm_window_s, self.config.incident_close_s)
        self.ingest = Ingest(self.world, self.corr, self.config.detect())
        self.ingest.site_rules = self.config.site_rules
        self.corr.last_progress = self._last_progress
        self.corr.last_step = self._last_step
        self.corr.template_beat = self._template_beat
        self._emitted: dict[str, str] = {}
        self._updates: dict[str, IncidentUpdate] = {}
        self._held: set[str] | None = None  # incidents not shown yet (None: read them from the incidents)
        self.now: float | None = None
        self.skipped = 0  # events a detector choked on (counted, never fatal)
        # Restarts by us per job, from the audit trail (the caller tells them before each feed):
        # the policy's budget counts these, never the restarts the scheduler shows.
        self.restarts_by_us: dict[str, int] = {}
        for job in jobs:
            if start is not None and job.started is not None and job.started > start:
                self.ingest.schedule_job(job)
            else:
                self.ingest.upsert_job(job, job.started)

    # --- live inputs -----------------------------------------------------------------------

    def upsert_job(self, job: JobSpec) -> None:
        """The scheduler reports a job: new, or started again (maybe elsewhere): reset its clocks."""
        self.ingest.upsert_job(job, self.now)

    def note_restarts_by_us(self, counts: Mapping[str, int]) -> None:
        """Each job's restarts by us, as its audit trail counts them (jobs absent: none)."""
        self.restarts_by_us = {str(job): int(n) for job, n in counts.items()}

    def use_site_rules(self, rules: RuleSet) -> None:
        """The rules in force from now on (the loop sets the database's every tick: a pipeline restored
        from a state saved under older rules never keeps them). Lines already read stay as read."""
        if rules != self.config.site_rules:
            self.config = self.config.with_site_rules(rules)
            self.ingest.site_rules = rules

    def add_history(self, entry: HistoryEntry) -> None:
        self.world.history.append(entry)

    def feed(self, events: Iterable[Mapping[str, Any]], now: float) -> list[IncidentUpdate]:
        """Process events (absolute epoch ``t``) and the passage of time up to ``now``."""
        self.now = now
        ingest = self.ingest
        for e in events:
            try:
                ingest.event(e)
            except Exception:  # noqa: BLE001 - one bad event must never stop the loop
                self.skipped += 1
        ingest.tick(now)
        self.corr.close_quiet(now)
        changed, ingest.changed = ingest.changed, set()
        return self._refresh(changed)

    # --- outputs ------------------------------------------------------------------------------

    def _refresh(self, changed: set[str]) -> list[IncidentUpdate]:
        for key in sorted(changed, key=key_order):
            self._assess(key)
        cfg = self.config
        storm = merge_node_storms(
            self.corr,
            self.world,
            cfg.node_storm_window_s,
            cfg.node_storm_min_nodes,
            cfg.node_storm_min_fraction,
            (cfg.node_storm_tight_nodes, cfg.node_storm_tight_s),
        )
        for key in sorted(storm, key=key_order):
            self._assess(key)  # its verdict is infrastructure now: the general storm rule may take it
        storm |= merge_storms(self.corr, self.world, self.config.storm_window_s, self.config.storm_min_jobs)
        storm |= merge_fs_storms(self.corr, self.world, self.config.storm_window_s)
        storm |= merge_kill_storms(self.corr, self.world, self.config.storm_min_jobs)
        storm |= merge_budget_ends(self.corr, changed | storm)
        storm |= merge_device_storms(self.corr, self.world, self.config.storm_min_jobs)
        storm |= merge_wiring_storms(self.corr, self.world)
        storm |= merge_node_environment(self.corr, self.world, changed | storm)
        storm |= merge_lemon_gpu(self.corr, self.world, changed | storm)
        storm |= merge_shared_slowdowns(self.corr, changed | storm)
        storm |= merge_room_heat(self.corr, changed | storm)
        storm |= merge_xid_storms(self.corr, changed | storm)
        storm |= merge_link_storms(self.corr, changed | storm)
        storm |= merge_lemon_attempts(self.corr, changed | storm)
        storm |= merge_repeated_attempts(self.corr, changed | storm)
        for key in sorted(storm, key=key_order):
            self._assess(key)
        shown = self._gate(changed | storm)
        for key in sorted(shown, key=key_order):
            self._assess(key)  # held, shown now: its update says when
        out: list[IncidentUpdate] = []
        # a hold ends on a tick that brought nothing new as often as not: what it shows is emitted now
        for key in sorted(
            set(self._updates) & (changed | storm | shown | self._closed_since()), key=key_order
        ):
            if not self._visible(key):
                continue
            upd = self._updates[key]
            sig = _signature(upd)
            if self._emitted.get(key) != sig:
                self._emitted[key] = sig
                out.append(upd)
        return out

    def _gate(self, keys: set[str]) -> set[str]:
        """Decide which new incidents operators see now (``link_flap``, ``self_restart``): the held ones shown now."""
        shown: set[str] = set()
        now = self.now if self.now is not None else 0.0
        held = (
            {k for k, inc in self.corr.incidents.items() if inc.shown == "held"}
            if self._held is None
            else self._held
        )
        for key in sorted(keys | held, key=key_order):
            inc = self.corr.incidents.get(key)
            if inc is None or inc.superseded_by or inc.shown == "shown":
                held.discard(key)
                continue
            if inc.shown == "withdrawn" and inc.closed:
                continue
            d = link_flap.decide(
                inc, self.world, now, self.ingest.link, self._last_step, self._beat
            ) or self_restart.decide(inc, self.world, now, self.ingest.relaunched.get, self._last_step)
            if d == self_restart.HOLD:
                inc.shown = "held"
                held.add(key)
                continue
            held.discard(key)
            if d == self_restart.WITHDRAW:
                inc.shown, inc.closed = "withdrawn", True
                continue
            if inc.shown in ("held", "withdrawn"):
                inc.shown_at = now
                shown.add(key)
            inc.shown = "shown"
        self._held = held
        return shown

    def settle_holds(self, now: float) -> list[IncidentUpdate]:
        """At the end of a replay, where time stops: every incident still held is shown (or withdrawn, the
        job having stepped since its launcher restarted it), as if ``now`` had come; a hold never hides a
        fault because the record ended."""
        self.now = max(now, self.now or now)
        held = {k for k, inc in self.corr.incidents.items() if inc.shown == "held"}
        shown = self._gate(set())
        for key in sorted(held - shown, key=key_order):
            inc = self.corr.incidents[key]
            if inc.shown == "held":
                inc.shown, inc.shown_at = "shown", self.now
                shown.add(key)
        self._held = None
        for key in sorted(shown, key=key_order):
            self._assess(key)
        return [self._updates[k] for k in sorted(shown, key=key_order) if k in self._updates]

    def _visible(self, key: str) -> bool:
        inc = self.corr.incidents.get(key)
        return inc is None or inc.shown == "shown" or bool(inc.superseded_by)

    def _closed_since(self) -> set[str]:
        keys = set()
        for key, inc in self.corr.incidents.items():
            upd = self._updates.get(key)
            if upd is not None and upd.closed != inc.closed:
                self._updates[key] = replace(upd, closed=inc.closed, superseded_by=inc.superseded_by)
                keys.add(key)
        return keys

    def _assess(self, key: str) -> None:
        inc = self.corr.incidents.get(key)
        if inc is None:
            return
        try:
            a = assess(inc, self.world, self.config.history_window_s)
            self._updates[key] = self._update(inc, a)
        except Exception as exc:  # noqa: BLE001 - keep the last good verdict rather than stop the loop
            self.skipped += 1
            if key not in self._updates:
                # Never assessed: reported anyway, to a person, rather than lost (the controller is
                # blind to what this incident is, and says so).
                unassessed = self._unassessed(inc, exc)
                if unassessed is not None:
                    self._updates[key] = unassessed

    def _unassessed(self, inc: Incident, exc: Exception) -> IncidentUpdate | None:
        """An incident the attribution failed on: its evidence, no verdict of ours, escalated."""
        why = (
            f"the controller could not assess this incident ({type(exc).__name__}: {str(exc)[:120]}); "
            "nothing is done automatically: an operator should read its evidence"
        )
        marks = sorted(inc.marks.values(), key=lambda m: m.t)
        evidence = (why, *(m.text for m in marks[:20] if m.text))
        a = Assessment(Verdict("software", None, None, 0.0, "assessment_failed", ()), evidence, None, None)
        try:
            upd = self._update(inc, a)
        except Exception:  # noqa: BLE001 - as above: nothing more can be said of it
            return None
        return replace(upd, recommendations=(Proposal(ESCALATE, text=why),))

    def _update(self, inc: Incident, a: Assessment) -> IncidentUpdate:
        v = a.verdict
        jobs = tuple(self._affected_jobs(inc, v.node))
        facts = tuple(self._facts(j) for j in jobs)
        summary = a.evidence[0] if a.evidence else v.pattern
        # A hang, or network errors naming no node, in a job that still runs: the watchdog will name the node
        # left behind, or the job ends; a requeue before either may land on the same node, or restart a job
        # its own launcher restarts (holdout36, blind: torchrun's elastic agent restarted its workers after a
        # 6-second link reset and the job trained on; it had been requeued).
        awaiting = (
            v.category in ("hang", "network") and v.node is None and awaiting_collective(inc, self.world)
        )
        repeats = v.pattern != "killed_from_outside"
        recs = recommend(Decision(v.category, v.node, facts, a.suspect_before, summary, awaiting, repeats))
        first = first_signal(inc)
        return IncidentUpdate(
            key=inc.key,
            detected_t=inc.detected_t if inc.shown_at is None else max(inc.detected_t, inc.shown_at),
            updated_t=inc.updated_t,
            category=v.category,
            culprit_node=v.node,
            culprit_gpu=v.gpu,
            confidence=round(v.confidence, 3),
            jobs=jobs,
            evidence=a.evidence,
            pattern=v.pattern,
            recommendations=recs,
            closed=inc.closed,
            recurrence_of=a.recurrence_of,
            superseded_by=inc.superseded_by,
            attempts=tuple((j, inc.attempts.get(j, 0)) for j in jobs),
            first_signal_t=first,
            origin=inc.origin,
            unexplained=self._unexplained(jobs, v.node, inc.detected_t, first),
        )

    def _unexplained(
        self, jobs: tuple[str, ...], node: str | None, detected_t: float, first: float | None
    ) -> tuple[Unexplained, ...]:
        ingest = self.ingest
        failure_t = detected_t if first is None else first
        try:
            return for_incident(
                ingest.unexplained, ingest.unexplained_kernel, self.world, jobs, node, detected_t, failure_t
            )
        except Exception:  # noqa: BLE001 - a display aid must never cost the verdict
            self.skipped += 1
            return ()

    def _affected_jobs(self, inc: Incident, culprit: str | None) -> list[str]:
        jobs = list(inc.jobs)
        if culprit is not None:
            for job in self.world.running_jobs_on(culprit):
                if job not in jobs and self.world.jobs[job].started_t is not None:
                    run = self.world.jobs[job]
                    if (run.started_t or 0.0) <= inc.detected_t:
                        jobs.append(job)
                        inc.attempts.setdefault(job, run.attempt)
        return jobs

    def _facts(self, job: str) -> JobFacts:
        run = self.world.jobs.get(job)
        if run is None:
            return JobFacts(job, "", JobSpec(job).opt_in)
        tracker = self.ingest.trackers.get(job)
        ckpt = tracker.ckpt[1] if tracker is not None and tracker.ckpt else None
        used = self.restarts_by_us.get(job, 0)
        return JobFacts(job, run.spec.user, run.spec.opt_in, used, run.state == "ended", ckpt)

    def incidents(self) -> list[IncidentUpdate]:
        """Current state of every incident (superseded ones excluded)."""
        return [
            u
            for k, u in sorted(self._updates.items(), key=lambda kv: key_order(kv[0]))
            if not u.superseded_by and self._visible(k)
        ]

    def _last_progress(self, job_id: str) -> float | None:
        tr = self.ingest.trackers.get(job_id)
        return tr.last_t if tr is not None else None

    def _beat(self, job_id: str) -> float | None:
        tr = self.ingest.trackers.get(job_id)
        return tr.median_interval() if tr is not None else None

    def _last_step(self, job_id: str) -> float | None:
        phase = self.ingest.phases.get(job_id)
        return phase.last_step_t if phase is not None else self._last_progress(job_id)

    def _template_beat(self, job_id: str, template: str) -> float | None:
        cad = self.ingest.cadences.get(job_id)
        return cad.beat_of(template) if cad is not None else None

    def job_progress(self, job_id: str) -> tuple[float, int] | None:
        tr = self.ingest.trackers.get(job_id)
        if tr is None or tr.last_t is None or tr.last_step is None:
            return None
        return tr.last_t, tr.last_step % 1_000_000_000

    def last_checkpoint(self, job_id: str) -> tuple[float, int] | None:
        tr = self.ingest.trackers.get(job_id)
        return tr.ckpt if tr is not None else None

    def reserve_keys(self, highest: int) -> None:
        """Never hand out an incident key at or below ``highest`` (the database's, when the
        working memory was lost or is older than what was already written)."""
        self.corr.seq = max(self.corr.seq, highest)

    def adopt_key(self, key: str, as_key: str) -> bool:
        """The database already holds incident ``key``'s fault as ``as_key`` (a tick that wrote it
        died before saving this memory, and the same input was read again): take that key."""
        if not self.corr.rename(key, as_key):
            return False
        if key in self._emitted:
            self._emitted[as_key] = self._emitted.pop(key)
        if key in self._updates:
            self._updates[as_key] = self._updates.pop(key)
        for k, upd in list(self._updates.items()):
            if upd.key == key or upd.superseded_by == key or upd.recurrence_of == key:
                self._updates[k] = replace(
                    upd,
                    key=as_key if upd.key == key else upd.key,
                    superseded_by=as_key if upd.superseded_by == key else upd.superseded_by,
                    recurrence_of=as_key if upd.recurrence_of == key else upd.recurrence_of,
                )
        return True

    # --- state ---------------------------------------------------------------------------------

    def to_state(self) -> dict[str, Any]:
        return pipeline_state.dump(self)

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> Pipeline:
        return pipeline_state.load(cls, state)


def first_signal(inc: Incident) -> float | None:
    """The fault's first sign: the earliest observation behind the incident, or, for a slowdown
    (straggler, slow GPU) raised after a run of slow lines or samples, the first of that run."""
    starts = []
    for m in inc.marks.values():
        since = m.data.get("since")
        starts.append(min(m.t, float(since)) if isinstance(since, (int, float)) else m.t)
    return min(starts, default=None)


def key_order(key: str) -> tuple[int, str]:
    tail = key.rsplit("-", 1)[-1]
    return (int(tail), key) if tail.isdigit() else (1 << 60, key)


def _signature(u: IncidentUpdate) -> str:
    """A stable digest of what an operator would see change (survives to_state)."""
    raw = repr(
        (
            u.category,
            u.culprit_node,
            u.culprit_gpu,
            u.confidence,
            u.jobs,
            u.pattern,
            u.recommendations,
            u.evidence,
            u.closed,
            u.superseded_by,
        )
    )
    return hashlib.blake2b(raw.encode("utf-8", "replace"), digest_size=8).hexdigest()
