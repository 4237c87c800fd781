"""Owners' jobs on disjoint nodes slowing together, nothing failing: something they share (pure).

Each job's own beat (``cadence.CadenceTracker.slowdown``: a line printed every N steps printed further
apart) says how fast it goes, whatever its format. One job slowing is its own business (a longer
sequence, a slower phase); jobs of two owners or more, on nodes none of them shares, slowing within
``ingest.SLOW_GROUP_S`` of each other share only what is outside their nodes: the filesystem they read,
the storage network (holdout40, blind: a DeePMD job array saturating BeeGFS, another owner's DeePMD run
and a third's ResNet losing half their speed at once, no error anywhere). ``Ingest._shared_slowdown``
names the group on each job's observation; the incidents fold into the first, infrastructure: no node is
drained, no job requeued (a restart reads from the same storage), the operators are told.
"""

from __future__ import annotations

from incidents.attribution.correlate import Correlator
from incidents.attribution.incident import Incident
from monitoring.detectors.schema import Kind

PATTERN = "shared_slowdown"
SAME_GROUP_S = 600.0  # slowdowns whose groups began this close are one


def _group(inc: Incident) -> float | None:
    """The earliest onset of the group the incident's slowdown was named in (None: none)."""
    gs = [float(m.data["group"]) for m in inc.by_kind(Kind.SHARED_SLOWDOWN) if "group" in m.data]
    return min(gs, default=None)


def _candidate(inc: Incident) -> bool:
    v = inc.verdict
    return not inc.superseded_by and _group(inc) is not None and (v is None or v.node is None)


def merge_shared_slowdowns(corr: Correlator, touched: set[str]) -> set[str]:
    """Fold the incidents of one group of slowed jobs into the first, as infrastructure. Looked for only
    when one of the ``touched`` incidents holds such a slowdown."""
    if not any((inc := corr.incidents.get(k)) is not None and _candidate(inc) for k in touched):
        return set()
    cands = sorted((i for i in corr.incidents.values() if _candidate(i)), key=lambda i: _group(i) or 0.0)
    changed: set[str] = set()
    for n, first in enumerate(cands):
        g0 = _group(first)
        if first.superseded_by or g0 is None:
            continue
        if first.forced_category != "infrastructure":
            first.forced_category = "infrastructure"
            changed.add(first.key)
        for other in cands[n + 1 :]:
            g = _group(other)
            if other.superseded_by or g is None or g - g0 > SAME_GROUP_S:
                continue
            corr.supersede(first, other)
            changed |= {first.key, other.key}
    return changed
