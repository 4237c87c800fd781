"""What the detectors learned of each job, as JSON: it survives a tick run by another process (pure).

A fleet's ticks land on whichever worker process is free, so most ticks rebuild the pipeline from
the state it saved to Redis. What is not in that state is forgotten at every such handover: each
job's phase (started, stepped, finished training, a save in flight), its learned output cadence,
the launch watchers. Forgotten, a stall is found late or not at all, and a teardown hang after
training finished reads as a hang to requeue (``manage.py evaluate --handover`` measures it).
The progress trackers, telemetry windows and incidents were already in the state; this adds the rest
that decides verdicts. The lines nothing explained stay in memory only: they are shown, not decided on.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from incidents.attribution.launch_watch import LaunchTrouble
from incidents.attribution.start_skew import _Start
from monitoring.detectors.cadence import Beat, CadenceTracker, Stream
from monitoring.detectors.phase import JobPhase
from monitoring.detectors.transport import TransportError

if TYPE_CHECKING:
    from incidents.attribution.ingest import Ingest

_PHASE_FIELDS: tuple[str, ...] = JobPhase.__slots__


def dump(ingest: Ingest) -> dict[str, Any]:
    return {
        "phases": {job: {f: getattr(ph, f) for f in _PHASE_FIELDS} for job, ph in ingest.phases.items()},
        "previous": ingest.previous_phase,
        "cadences": {job: _tracker(tr) for job, tr in ingest.cadences.items()},
        "cadence_raised": sorted(ingest.cadence_raised),
        "launch": {
            "troubles": {
                job: [
                    tr.t,
                    tr.error.host,
                    tr.error.component,
                    tr.error.message,
                    tr.error.bridge,
                    tr.last_line_t,
                    tr.bridge,
                ]
                for job, tr in ingest.launch.troubles.items()
            },
            "raised": sorted(ingest.launch.raised),
        },
        "skew": {
            "jobs": {
                job: [
                    st.started,
                    _finite(st.last_t),
                    [[task, t, text] for task, (t, text) in st.streams.items()],
                    {tpl: [[task, t] for task, t in firsts.items()] for tpl, firsts in st.firsts.items()},
                ]
                for job, st in ingest.skew.jobs.items()
            },
            "raised": sorted(ingest.skew.raised),
        },
    }


def load(ingest: Ingest, state: dict[str, Any]) -> None:
    """Restore what :func:`dump` wrote (a state without it, from an older version, restores nothing)."""
    for job, values in (state.get("phases") or {}).items():
        ph = JobPhase(None)
        for name in _PHASE_FIELDS:
            if name in values:
                setattr(ph, name, values[name])
        ingest.phases[str(job)] = ph
    ingest.previous_phase = {str(k): dict(v) for k, v in (state.get("previous") or {}).items()}
    for job, raw in (state.get("cadences") or {}).items():
        ingest.cadences[str(job)] = _tracker_load(ingest, raw)
    ingest.cadence_raised = {str(j) for j in state.get("cadence_raised") or []}
    launch = state.get("launch") or {}
    for job, (t, host, component, message, err_bridge, last_line_t, bridge) in (
        launch.get("troubles") or {}
    ).items():
        error = TransportError(host, component, message, err_bridge)
        ingest.launch.troubles[str(job)] = LaunchTrouble(float(t), error, float(last_line_t), bridge)
    ingest.launch.raised = {str(j) for j in launch.get("raised") or []}
    skew = state.get("skew") or {}
    for job, (started, last_t, streams, firsts) in (skew.get("jobs") or {}).items():
        st = ingest.skew.jobs[str(job)] = _Start(float(started))
        st.last_t = float("-inf") if last_t is None else float(last_t)
        st.streams = {int(task): (float(t), str(text)) for task, t, text in streams}
        st.firsts = {str(tpl): {int(task): float(t) for task, t in pairs} for tpl, pairs in firsts.items()}
    ingest.skew.raised = {str(j) for j in skew.get("raised") or []}


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def _tracker(tr: CadenceTracker) -> list[Any]:
    return [
        tr.lines,
        tr.last_t,
        [
            [
                key,
                [
                    [
                        b.template,
                        b.last_t,
                        b.count,
                        b.intervals,
                        list(b.last_numbers),
                        b.grew,
                        b.fell,
                        b.learned,
                        b.stale,
                    ]
                    for b in stream.beats.values()
                ],
                list(stream.beats),
            ]
            for key, stream in tr.streams.items()
        ],
    ]


def _tracker_load(ingest: Ingest, raw: list[Any]) -> CadenceTracker:
    from incidents.attribution import cadence_watch

    tr = cadence_watch.new_tracker(ingest.cadence_cfg)
    lines, last_t, streams = raw
    tr.lines = int(lines)
    tr.last_t = None if last_t is None else float(last_t)
    for key, beats, keys in streams:
        stream = Stream()
        for k, (template, b_last, count, intervals, numbers, grew, fell, learned, stale) in zip(
            keys, beats, strict=True
        ):
            stream.beats[str(k)] = Beat(
                str(template),
                float(b_last),
                int(count),
                [float(x) for x in intervals],
                tuple(float(x) for x in numbers),
                [int(x) for x in grew],
                [int(x) for x in fell],
                None if learned is None else float(learned),
                bool(stale),
            )
        tr.streams[None if key is None else int(key)] = stream
    tr._dirty = True  # noqa: SLF001 - the stall is recomputed from the restored beats
    return tr
