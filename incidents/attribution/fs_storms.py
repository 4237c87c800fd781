"""Two jobs, disjoint nodes, kernel filesystem evidence on both: one shared-infrastructure incident.

The same holds for two jobs whose steps slurmstepd could not even start, with the same error from
the nodes' own setup (a noexec spool directory, a missing mount): one site configuration.

The general storm rule (``merge_storms``) needs three unexplained failures,
because two jobs failing together can be chance. A filesystem client on each
side saying so in its own kernel log (MDT/OST connection lost, evicted, NFS
server not responding) is not chance: the storage they share is the cause, and
restarting either job into it would only fail again. Incidents naming two
different filesystems (a Lustre fsname, an NFS server) stay apart.

Two incidents are near when they were detected within the window, or when the kernel's own
evidence of each began within it: a job with a slow cadence is found stalled minutes after a
fast one, although its clients lost the storage in the same second (a public FSx for Lustre
thread: the two jobs' incidents 526 s apart, the MDT lost on all four nodes within 3 s).
"""

from __future__ import annotations

from incidents.attribution.correlate import Correlator
from incidents.attribution.incident import Incident, Mark
from incidents.attribution.world import World
from monitoring.detectors.schema import Kind

MIN_JOBS = 2


def _fs_names(inc: Incident) -> set[str]:
    names = {str(m.data.get("name") or "") for m in inc.marks.values() if m.kind == Kind.FS_KERNEL}
    names |= {f"launch:{m.data.get('error')}" for m in _launch_marks(inc)}
    return names


def _launch_marks(inc: Incident) -> list[Mark]:
    return [m for m in inc.marks.values() if m.kind == Kind.LAUNCH_ERROR and m.data.get("site")]


def _candidate(inc: Incident) -> bool:
    v = inc.verdict
    if inc.superseded_by or inc.closed or v is None or v.category != "infrastructure":
        return False
    return any(m.kind == Kind.FS_KERNEL for m in inc.marks.values()) or bool(_launch_marks(inc))


def _fs_began(inc: Incident) -> float:
    """When the kernel's filesystem evidence (or the site's launch error) of ``inc`` began."""
    ts = [m.t for m in inc.marks.values() if m.kind == Kind.FS_KERNEL] + [m.t for m in _launch_marks(inc)]
    return min(ts, default=inc.detected_t)


def _nodes(world: World, inc: Incident) -> set[str]:
    out: set[str] = set()
    for job in inc.jobs:
        run = world.jobs.get(job)
        if run is not None:
            out.update(run.spec.nodes)
    return out


def _same_fs(a: set[str], b: set[str]) -> bool:
    named_a, named_b = a - {""}, b - {""}
    return not named_a or not named_b or bool(named_a & named_b)


def merge_fs_storms(corr: Correlator, world: World, window_s: float) -> set[str]:
    """Fold kernel-filesystem incidents of disjoint jobs within ``window_s`` into the first."""
    cands = sorted((i for i in corr.incidents.values() if _candidate(i)), key=lambda i: i.detected_t)
    began = {i.key: _fs_began(i) for i in cands}
    changed: set[str] = set()
    for n, first in enumerate(cands):
        if first.superseded_by:
            continue
        seen, names, group = _nodes(world, first), _fs_names(first), [first]
        for other in cands[n + 1 :]:
            near = (
                other.detected_t - first.detected_t <= window_s
                or abs(began[other.key] - began[first.key]) <= window_s
            )
            if other.superseded_by or not near:
                continue
            nodes, other_names = _nodes(world, other), _fs_names(other)
            if nodes & seen or not _same_fs(names, other_names):
                continue
            group.append(other)
            seen |= nodes
            names |= other_names
        if len({j for inc in group for j in inc.jobs}) < MIN_JOBS or len(group) < 2:
            continue
        first.forced_category = "infrastructure"
        for other in group[1:]:
            corr.supersede(first, other)
            changed.add(other.key)
        changed.add(first.key)
    return changed
