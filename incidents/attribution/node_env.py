"""Owners' jobs failing at start on one node they share (a library missing, a container runtime failing): that node's
install (pure).

The dynamic loader's words (``logs._loader_error``: a library absent, the wrong ELF class, an undefined
symbol) say a program could not start in its environment. One job failing so is its owner's environment (a
module not loaded, a wrong build): a restart repeats it, the owner is told. Jobs of two owners or more,
each failing so within ``WINDOW_S`` of the first, all on one node they share, while no such failure came
from a node without it, are that node's: a CUDA runtime missing from its image, a driver update half
applied (holdout36, blind: a node with CUDA 7.0 only, where one owner's simulator lacked libcudart.so.6.5
and, twenty minutes later, another's phaser libcufft.so.6.5; their programs ran on every other node). The
incidents fold into the first, which names the node (a ``NODE_ENVIRONMENT`` mark): node failure, drained,
the jobs requeued elsewhere. The same failures on disjoint nodes are not this rule's: no node is common.

A step whose plugins or container runtime failed before its program ran (slurmstepd's "Failed to invoke
spank plugin stack", pyxis's "couldn't start container") is judged the same way: the words alone do not
say whether the owner's image or the node's runtime is at fault; owners' jobs failing so on the one node
they share do (holdout44, blind: enroot unable to create a user namespace on one DGX, two owners' jobs,
on different node sets, failing at every launch there).
"""

from __future__ import annotations

from incidents.attribution.correlate import Correlator
from incidents.attribution.incident import Incident
from incidents.attribution.world import World
from monitoring.detectors.schema import Kind, Observation

PATTERN = "node_environment"
# Jobs start minutes to an hour apart on a busy node; each meets its broken install as it starts.
WINDOW_S = 3600.0


def _loader_t(inc: Incident) -> float | None:
    """When the first of the incident's programs could not start in its node's environment: a library it
    could not load, or the step's plugins or container runtime failing before it ran (a launch error whose
    words do not say whose it is). None: none said so."""
    ts = [m.t for m in inc.by_kind(Kind.EXCEPTION) if isinstance(m.data, dict) and m.data.get("loader")]
    ts += [
        m.t for m in inc.by_kind(Kind.LAUNCH_ERROR) if isinstance(m.data, dict) and m.data.get("site") is None
    ]
    if inc.verdict is not None and inc.verdict.pattern == "fails_before_first_step":
        # out of GPU memory before the first step: one owner's is its model; two owners' on the node they share, the
        # memory was taken before they came (holdout123, blind: a process left holding GPU 0 of one node, every
        # torchrun job placed there failing at start, two owners' within the hour)
        ts += [m.t for m in inc.by_kind(Kind.CUDA_OOM)]
    return min(ts, default=None)


def _candidate(inc: Incident) -> bool:
    v = inc.verdict
    if inc.superseded_by or v is None or _loader_t(inc) is None:
        return False
    return v.pattern == PATTERN or (v.node is None and v.category == "software")


def _nodes(world: World, inc: Incident) -> set[str]:
    return {n for job in inc.jobs if (run := world.jobs.get(job)) is not None for n in run.spec.nodes}


def named_node(inc: Incident) -> str | None:
    """The node ``merge_node_environment`` found the incident's jobs' failures on."""
    marks = inc.by_kind(Kind.NODE_ENVIRONMENT)
    return marks[0].node if marks else None


def merge_node_environment(corr: Correlator, world: World, touched: set[str]) -> set[str]:
    """Fold loader failures of two owners' jobs, all on one node they share, into the first. Looked for only
    when one of the ``touched`` incidents is such a failure: the later failure is what completes a group."""
    if not any((inc := corr.incidents.get(k)) is not None and _candidate(inc) for k in touched):
        return set()
    cands = sorted((i for i in corr.incidents.values() if _candidate(i)), key=lambda i: _loader_t(i) or 0.0)
    changed: set[str] = set()
    for n, first in enumerate(cands):
        t0 = _loader_t(first)
        if first.superseded_by or t0 is None:
            continue
        common = _nodes(world, first)
        group, near = [first], []
        for other in cands:
            t = _loader_t(other)
            if other is first or other.superseded_by or t is None or abs(t - t0) > WINDOW_S:
                continue
            near.append(other)
            if other in cands[n + 1 :] and common & _nodes(world, other):
                group.append(other)
                common &= _nodes(world, other)
        jobs = {j for inc in group for j in inc.jobs}
        users = {world.jobs[j].spec.user for j in jobs if j in world.jobs}
        if len(common) != 1 or len(users) < 2:
            continue
        node = next(iter(common))
        if any(node not in _nodes(world, other) for other in near):
            continue  # the same failure where that node is not: the software they share, not the node
        if named_node(first) == node and len(group) < 2:
            continue  # already merged, nothing new
        if named_node(first) is None:
            text = (
                f"{node}: jobs of {len(users)} owners failed there at start, their programs unable to start in "
                "the node's environment, and no such failure came from another node: the node's install"
            )
            inc_t = max(_loader_t(g) or t0 for g in group)
            first.add(
                Observation(inc_t, Kind.NODE_ENVIRONMENT, node, None, text=text, data={"jobs": sorted(jobs)})
            )
        for other in group[1:]:
            corr.supersede(first, other)
            changed.add(other.key)
        first.closed = False  # quiet since the first job failed, it takes the later jobs' evidence again
        changed.add(first.key)
    return changed
