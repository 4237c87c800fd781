"""A job killed from outside: the scheduler's FAILED with a kill signal and nothing of the program's own (pure).

A program that fails says something first: an exception, an error, a crash record, a collective's timeout. A
job whose step the scheduler reports FAILED with signal 9 or 15 (``0:9``; a shell's exit 137 or 143 alike) and
whose program said nothing died by another's hand: an operator's ``kill``, a site's job killer, a health check,
the host's OOM killer under another name. Whether a restart repeats it is not shown
(:mod:`incidents.attribution.restart`); several owners' jobs on disjoint nodes killed so within half an hour are
one thing outside them all (:func:`incidents.attribution.storms.merge_kill_storms`).
"""

from __future__ import annotations

import re

from incidents.attribution.incident import Incident
from monitoring.detectors.schema import Kind

KILL_SIGNALS = {9: "SIGKILL", 15: "SIGTERM"}
# The "<exit>:<signal>" pair Slurm reports; a shell's 128+N is the same kill, one level down.
_EXIT_CODE = re.compile(r"^\s*(\d+):(\d+)\s*$")
# What a job's own failure shows; a job that showed none of it died of something else's hand.
_OWN = frozenset(
    {
        Kind.EXCEPTION,
        Kind.CUDA_OOM,
        Kind.HOST_OOM,
        Kind.FS_ERROR,
        Kind.XID,
        Kind.NCCL_TIMEOUT,
        Kind.NCCL_REMOTE_ERROR,
        Kind.WATCHDOG_STUCK,
        Kind.LAUNCH_ERROR,
        Kind.PROCESS_CRASH,
    }
)


def kill_signal(inc: Incident) -> int | None:
    """The signal that killed the incident's job from outside, when that is all there is to it: the
    scheduler's FAILED with signal 9 or 15 (``0:9``; a shell's exit 137 or 143 alike), and nothing of the
    program's own (no exception, no error, no crash record)."""
    if any(m.kind in _OWN for m in inc.marks.values()):
        return None
    for m in inc.by_kind(Kind.JOB_FAILED):
        got = _EXIT_CODE.match(str(m.data.get("exit_code") or ""))
        if got is None:
            continue
        status, signal = int(got.group(1)), int(got.group(2))
        if signal in KILL_SIGNALS and status == 0:
            return signal
        if signal == 0 and status - 128 in KILL_SIGNALS:
            return status - 128
    return None
