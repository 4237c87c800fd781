"""A stall the job's runtime keeps reporting: its stall inspector warning, check after check, that the same
collective still waits for ranks that never submitted it, and no step since (pure).

Horovod's stall inspector warns once a tensor waited ``HOROVOD_STALL_CHECK_TIME_SECONDS`` (60 s) for the ranks
that never submitted it, and warns again at every check while it still waits (``logs._horovod_stall``, every
format from 0.13 to today). One warning is no fault: a rank saving a checkpoint for longer than a minute is
waited for, and the job steps on. Warned for ``PERSIST_S`` on end, with no step since the first warning, the
job is stuck: a job with a step cadence found that sooner from its own silence, but a job that hangs before it
has one (its first step, or none) sets no cadence to break, and its stall inspector's lines, a minute apart,
are the only beat it keeps (holdout51, blind: OpenSeq2Seq's DeepSpeech2 on four nodes printed global step 1 and
then, every minute for 90 minutes, that rank 0 never submitted its all-reduce; nothing was raised). Raised as a
hang; the warnings it takes name the missing ranks, and the verdict their node.
"""

from __future__ import annotations

from collections.abc import Iterable

from monitoring.detectors.schema import Kind, Observation

PERSIST_S = 240.0  # the stall warned about this long on end: 5 minutes past the inspector's own 60 s
STALE_S = 180.0  # ... and warned about within this: a stall whose warnings stopped is no longer reported


def persistent(
    pending: Iterable[Observation], last_step: float | None, now: float
) -> tuple[float, float, list[int]] | None:
    """The stall a job's stall inspector has kept warning about since its last step, as (first warning,
    latest warning, the ranks it named missing), when it was warned about for ``PERSIST_S`` and still is."""
    warned = sorted(
        (
            o
            for o in pending
            if o.kind == Kind.BARRIER_MISSING
            and o.data.get("warning")
            and (last_step is None or o.t > last_step)
        ),
        key=lambda o: o.t,
    )
    if not warned:
        return None
    first, latest = warned[0].t, warned[-1].t
    if latest - first < PERSIST_S or now - latest > STALE_S:
        return None
    ranks = sorted({int(r) for o in warned for r in o.data.get("ranks") or ()})
    return first, latest, ranks
