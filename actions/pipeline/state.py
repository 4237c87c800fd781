"""Serializing a :class:`~actions.pipeline.Pipeline` to JSON-safe dicts and back.

Kept apart from the pipeline so the contract module stays readable. The state
holds what detection needs to continue exactly where it stopped: jobs and
attempts, IPs, node states, history, progress trackers, per-GPU telemetry
memory, incidents with their folded evidence and the verdict each reached, what the pipeline
reported of each (its update: verdict, evidence, recommendations), and what was already reported.
A restore reports those decisions as they were: it never decides an incident again with what the
world learned since (an attempt that failed unexplained stays unexplained, so the lemon verdict of
a later attempt still folds it in). A state written before the decisions were kept has them
decided once more on loading, as it always had.
Per-job peer clock medians are not kept: they rebuild from the next samples. Nor are the lines
nothing explained (``Ingest.unexplained``): like the learned cadences, they rebuild from the next
lines, and what an incident listed was written with its verdict (the database keeps it).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, TypeVar

from actions.pipeline.config import PipelineConfig
from actions.pipeline.update import IncidentUpdate
from incidents.attribution import Correlator, Ingest, World, memory_state
from incidents.attribution.correlate import REPEAT_WINDOW_S, awaits_repeat
from incidents.attribution.world import AttemptRecord, JobRun
from monitoring.detectors.progress import ProgressTracker
from monitoring.detectors.schema import ClusterSpec, HistoryEntry, JobSpec


class Pipeline(Protocol):
    """What (de)serializing needs of :class:`actions.pipeline.Pipeline` (which fits it structurally).

    Typed by a Protocol so this module never imports the pipeline that imports it.
    """

    config: PipelineConfig
    world: World
    corr: Correlator
    ingest: Ingest
    now: float | None
    _emitted: dict[str, str]
    _updates: dict[str, IncidentUpdate]

    def __init__(
        self,
        cluster: ClusterSpec,
        jobs: Iterable[JobSpec] = (),
        history: Iterable[HistoryEntry] = (),
        config: PipelineConfig | None = None,
    ) -> None: ...

    def _assess(self, key: str) -> None: ...


P = TypeVar("P", bound=Pipeline)

VERSION = 1


def _cluster(c: ClusterSpec) -> dict[str, Any]:
    return {
        "name": c.name,
        "nodes": list(c.nodes),
        "gpn": c.gpus_per_node,
        "partition": c.partition,
        "pci": list(c.pci_bus_ids),
        "partitions": {k: list(v) for k, v in c.partitions.items()},
    }


def _cluster_load(d: dict[str, Any]) -> ClusterSpec:
    return ClusterSpec(
        name=str(d["name"]),
        nodes=tuple(d.get("nodes", [])),
        gpus_per_node=int(d.get("gpn", 8)),
        partition=str(d.get("partition", "batch")),
        pci_bus_ids=tuple(d.get("pci", [])),
        partitions={k: tuple(v) for k, v in d.get("partitions", {}).items()},
    )


def dump(p: Pipeline) -> dict[str, Any]:
    w = p.world
    stale = _stale(p)
    corr = _corr_state(p, stale)
    return {
        "v": VERSION,
        "config": p.config.to_dict(),
        "now": p.now,
        "cluster": _cluster(w.cluster),
        "jobs": [run.to_state() for run in w.jobs.values()],
        "ips": w.ips,
        "down": w.down,
        "drained": w.drained_by_others,
        "oos": w.out_of_service,
        "history": [[h.at, h.node, h.verdict, h.category] for h in w.history],
        "own": [list(x) for x in w.own_history],
        "attempts": [[a.job, a.start, a.end, a.outcome, list(a.nodes)] for a in w.attempts_log],
        "trackers": {j: tr.to_state() for j, tr in p.ingest.trackers.items()},
        "telemetry": p.ingest.telemetry.to_state(),
        "pci": p.ingest.learned_pci,
        "corr": corr,
        "emitted": {k: v for k, v in p._emitted.items() if k not in stale},
        "updates": {k: u.to_state() for k, u in p._updates.items() if k not in stale},
        "memory": memory_state.dump(p.ingest),
    }


FORGET_AFTER_S = REPEAT_WINDOW_S  # a closed incident this quiet leaves the live state (the database keeps it)
# ... unless the same program error word for word, or a later attempt stopping at the same step, may still
# open it again (correlate.awaits_repeat): the newest this many of those stay for up to a week. The rules that
# reach back to earlier incidents read only what is kept (correlate.remembered), as a replay does.
KEEP_AWAITING_REPEAT = 256


def _stale(p: Pipeline) -> set[str]:
    now = p.now
    if now is None:
        return set()
    quiet = [inc for inc in p.corr.incidents.values() if inc.closed and now - inc.updated_t > FORGET_AFTER_S]
    awaiting = sorted((inc for inc in quiet if awaits_repeat(inc, now)), key=lambda inc: inc.updated_t)
    kept = {inc.key for inc in awaiting[-KEEP_AWAITING_REPEAT:]}
    return {inc.key for inc in quiet if inc.key not in kept}


def _corr_state(p: Pipeline, stale: set[str]) -> dict[str, Any]:
    """The correlator's state, without incidents long closed: a week-long loop must not grow it forever.

    Only the serialized state forgets them (the live loop round-trips it every
    tick); a replay keeps every incident for its output. The verdict history
    (recurrences, suspects) lives on in the world's ``own_history``.
    """
    state = p.corr.to_state()
    if stale:
        state["i"] = [d for d in state["i"] if d["k"] not in stale]
        state["bj"] = {k: v for k, v in state["bj"].items() if v not in stale}
        state["bn"] = {k: v for k, v in state["bn"].items() if v not in stale}
    return state


def load(cls: type[P], state: dict[str, Any]) -> P:
    if int(state.get("v", 0)) != VERSION:
        raise ValueError(f"unsupported pipeline state version {state.get('v')!r}")
    history = [HistoryEntry(float(a), str(n), str(v), str(c)) for a, n, v, c in state.get("history", [])]
    p = cls(_cluster_load(state["cluster"]), (), history, PipelineConfig.from_dict(state.get("config", {})))
    p.now = state.get("now")
    w = p.world
    for raw in state.get("jobs", []):
        w.jobs[str(raw["id"])] = JobRun.from_state(raw)
    for job in list(w.jobs):
        w.reindex(job)
    p.ingest.pending = {
        job: float(run.spec.started)
        for job, run in w.jobs.items()
        if run.state == "pending" and run.spec.started
    }
    w.ips = dict(state.get("ips", {}))
    w.down = {k: float(v) for k, v in state.get("down", {}).items()}
    w.drained_by_others = dict(state.get("drained", {}))
    w.out_of_service = {str(k): float(v) for k, v in state.get("oos", {}).items()}
    w.own_history = [(float(t), str(n), str(c), str(k)) for t, n, c, k in state.get("own", [])]
    w.attempts_log = [
        AttemptRecord(j, float(s), float(e), o, tuple(n)) for j, s, e, o, n in state.get("attempts", [])
    ]
    p.ingest.trackers = {j: ProgressTracker.from_state(d) for j, d in state.get("trackers", {}).items()}
    for job, run in w.jobs.items():
        if run.state == "running":
            p.ingest.custom.pop(job, None)
            from monitoring.detectors.progress import custom_pattern

            pattern = custom_pattern(run.spec.comment)
            if pattern is not None:
                p.ingest.custom[job] = pattern
    p.ingest.telemetry.load_state(state.get("telemetry", {}))
    p.ingest.learned_pci = {str(k): int(v) for k, v in state.get("pci", {}).items()}
    memory_state.load(p.ingest, state.get("memory") or {})
    p.corr.load_state(state.get("corr", {}))
    _load_decisions(p, state.get("updates") or {})
    p._emitted = dict(state.get("emitted", {}))
    return p


def _load_decisions(p: Pipeline, updates: dict[str, Any]) -> None:
    """Each incident's verdict and update as they were saved. Only an incident the state holds no
    decision for (a state from before they were kept) is assessed now."""
    for key, inc in p.corr.incidents.items():
        saved = updates.get(key)
        if saved is not None and inc.verdict is not None:
            p._updates[key] = IncidentUpdate.from_state(saved)
    for key in [k for k in p.corr.incidents if k not in p._updates]:
        p._assess(key)
