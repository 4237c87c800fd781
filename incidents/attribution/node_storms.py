"""Many nodes down at once with one reason: one common cause, not N node failures (pure).

Slurm writes a node's reason itself when it sets the node DOWN: "Not responding" when slurmd
missed ``SlurmdTimeout``, "Node unexpectedly rebooted" when a node registers with a boot time
newer than its last contact (``ReturnToService`` below 2), "Kill task failed", "Prolog error";
an administrator or a power-management script writes its own. One node going down is that
node's fault and the per-node path (drain, requeue excluding it) is right. A large share of the
cluster going down within minutes for the *same* reason is not N independent faults: it is a
power, cooling, fabric or maintenance event that no drain fixes, and draining node after node
would empty the cluster. As ``merge_fs_storms`` does for filesystem errors, the per-node
incidents are folded into the first one, which becomes one infrastructure incident (escalate).

The threshold is both a count and a fraction of the cluster (``PipelineConfig.node_storm_*``):
three nodes of a 2,000-node cluster rebooting is chance and stays per node; 30 % of a 10-node
cluster rebooting together is not. Reasons are compared after dropping what Slurm appends per
node (``[slurm@2026-12-02T07:00:00]``, ``boot_time=... last_response=...``) and numbers.
"""

from __future__ import annotations

import re

from incidents.attribution.correlate import Correlator
from incidents.attribution.incident import Incident
from incidents.attribution.world import World
from monitoring.detectors.schema import Kind

PATTERN = "correlated_node_failures"
_STAMP = re.compile(r"\[[^\]]*\]|\S+=\S*|\d+")


def reason_key(reason: str) -> str:
    """A node-down reason with its per-node details dropped: what many nodes can share."""
    return " ".join(_STAMP.sub(" ", reason or "").lower().split()).strip(" :;,.-")


def _down_nodes(inc: Incident) -> dict[str, str]:
    """Node -> reason key of the incident's Slurm node-down marks."""
    return {
        m.node: reason_key(str(m.data.get("reason") or ""))
        for m in inc.marks.values()
        if m.kind == Kind.NODE_DOWN and m.node is not None
    }


def _candidate(inc: Incident) -> bool:
    v = inc.verdict
    if inc.superseded_by or v is None or not _down_nodes(inc):
        return False
    return v.pattern == PATTERN or (v.category == "node_failure" and v.pattern == Kind.NODE_DOWN)


def _reason(inc: Incident) -> str | None:
    """The one reason an incident's nodes went down for (None: several)."""
    reasons = set(_down_nodes(inc).values())
    return reasons.pop() if len(reasons) == 1 else None


def cluster_size(world: World) -> int:
    """The cluster's node count: its spec, else every node seen so far."""
    return len(world.cluster.nodes) or len(set(world.node_jobs) | set(world.down) | set(world.out_of_service))


def is_node_storm(inc: Incident) -> bool:
    """Whether ``merge_node_storms`` made this incident (its nodes went down together)."""
    return inc.forced_category == "infrastructure" and len(_down_nodes(inc)) >= 2 and _reason(inc) is not None


def storm_line(inc: Incident, world: World) -> str:
    """The analysis line an operator reads on the merged incident."""
    nodes = _down_nodes(inc)
    times = [m.t for m in inc.marks.values() if m.kind == Kind.NODE_DOWN]
    size = cluster_size(world)
    share = f" of {size} ({100 * len(nodes) / size:.0f} %)" if size else ""
    span = max(times) - min(times) if times else 0.0
    return (
        f"common cause: {len(nodes)} nodes{share} went down within {span:.0f} s with the same reason "
        f"({_reason(inc) or 'none given'}): one infrastructure event, not {len(nodes)} node failures"
    )


def merge_node_storms(
    corr: Correlator, world: World, window_s: float, min_nodes: int, min_fraction: float
) -> set[str]:
    """Fold node-down incidents with one reason within ``window_s`` into the first, above the threshold."""
    if min_nodes <= 0:
        return set()
    cands = sorted((i for i in corr.incidents.values() if _candidate(i)), key=lambda i: i.detected_t)
    size = cluster_size(world)
    changed: set[str] = set()
    for n, first in enumerate(cands):
        reason = _reason(first)
        if first.superseded_by or reason is None:
            continue
        seen, group = set(_down_nodes(first)), [first]
        for other in cands[n + 1 :]:
            if other.superseded_by or other.detected_t - first.detected_t > window_s:
                continue
            nodes = set(_down_nodes(other))
            if _reason(other) != reason or nodes <= seen:
                continue
            group.append(other)
            seen |= nodes
        if len(seen) < min_nodes or (size and len(seen) / size < min_fraction):
            continue
        if len(group) < 2 and first.forced_category == "infrastructure":
            continue  # already merged, nothing new
        first.forced_category = "infrastructure"
        for other in group[1:]:
            corr.supersede(first, other)
            changed.add(other.key)
        changed.add(first.key)
        _forget_node_verdicts(world, {inc.key for inc in group})
    return changed


def _forget_node_verdicts(world: World, keys: set[str]) -> None:
    """The per-node verdicts these incidents recorded were wrong: no node is suspect because of them."""
    world.own_history = [entry for entry in world.own_history if entry[3] not in keys]
