"""Many nodes down (or drained by someone else) at once with one reason: one common cause (pure).

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
three nodes of a 2,000-node cluster rebooting within ten minutes is chance and stays per node; 30 %
of a 10-node cluster rebooting together is not. Nor are three nodes within a minute, whatever the
cluster's size (``node_storm_tight_*``): nodes fail a few times a day even in a large cluster, so a
second and a third independent failure within the same minute would be a one-in-tens-of-thousands
coincidence, while a rack's power, a switch or a firewall pushed to every node (holdout16, blind:
three nodes not responding within 3 s after a site's firewall change) does exactly that. Two nodes
within a minute stay per node: coincidences of two happen. Reasons are compared after dropping what Slurm appends per
node (``[slurm@2026-12-02T07:00:00]``, ``boot_time=... last_response=...``) and numbers.

The same holds for nodes *drained* by someone else with one reason: slurmctld drains a node whose
prolog or epilog failed ("Prolog error", "Epilog error") or whose processes would not die ("Kill
task failed"), and a site's health checker (NHC) drains with its own words. One such drain is that
node's; many within minutes for the same reason is the prolog, the health check's dependency or the
shared mount behind them, and the job that failed at launch on one of them is not the application's.
Those nodes often carry no incident of their own (their jobs were requeued held, or none ran): the
nodes are counted from the scheduler's state (``World.drained_by_others``), and the incident of a
job that failed on one of them is given a mark for each, so its page names them all.
"""

from __future__ import annotations

import re

from incidents.attribution.correlate import Correlator
from incidents.attribution.incident import Incident
from incidents.attribution.world import World
from monitoring.detectors.schema import Kind, Observation

PATTERN = "correlated_node_failures"
_STAMP = re.compile(r"\[[^\]]*\]|\S+=\S*|\d+")


def reason_key(reason: str) -> str:
    """A node-down reason with its per-node details dropped: what many nodes can share."""
    return " ".join(_STAMP.sub(" ", reason or "").lower().split()).strip(" :;,.-")


OUT_KINDS = (Kind.NODE_DOWN, Kind.NODE_DRAINED)
# A node-failure verdict from the node lost to the scheduler (its down state, srun's "Node failure on N", the job's
# NODE_FAIL), not from the host's own record (a panic, an MCE): what a shared cause takes many nodes by.
_LOST = frozenset({Kind.NODE_DOWN, Kind.NODE_FAILURE_LINE, Kind.JOB_NODE_FAIL})
# A job failure nothing explains but a node someone else drained: a storm of such drains may take it.
_UNEXPLAINED = frozenset({"job_failed", "unexplained"})


def _down_nodes(inc: Incident) -> dict[str, str]:
    """Node -> reason key of the incident's Slurm node-down marks (and drains by someone else)."""
    return {
        m.node: reason_key(str(m.data.get("reason") or ""))
        for m in inc.marks.values()
        if m.kind in OUT_KINDS and m.node is not None
    }


def _candidate(inc: Incident) -> bool:
    v = inc.verdict
    if inc.superseded_by or v is None or not _down_nodes(inc):
        return False
    if v.pattern == PATTERN or (v.category == "node_failure" and v.pattern in _LOST):
        return True
    return v.pattern in _UNEXPLAINED and bool(inc.by_kind(Kind.NODE_DRAINED))


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
    times = [m.t for m in inc.marks.values() if m.kind in OUT_KINDS]
    size = cluster_size(world)
    share = f" of {size} ({100 * len(nodes) / size:.0f} %)" if size else ""
    span = max(times) - min(times) if times else 0.0
    went = "went down" if inc.by_kind(Kind.NODE_DOWN) else "were drained by someone else"
    asked = (
        ", each after shutting down in order (asked to: a provider taking capacity back, a script, a person)"
        if asked_together([inc])
        else ""
    )
    return (
        f"common cause: {len(nodes)} nodes{share} {went} within {span:.0f} s with the same reason "
        f"({_reason(inc) or 'none given'}){asked}: one infrastructure event, not {len(nodes)} node failures"
    )


def _drained_alike(world: World, reason: str, around: float, window_s: float) -> dict[str, float]:
    """Nodes the scheduler shows drained by someone else for ``reason`` (its key), within the window."""
    out = {}
    for node, why in world.drained_by_others.items():
        t = world.out_of_service.get(node)
        if t is not None and abs(t - around) <= window_s and reason_key(why) == reason:
            out[node] = t
    return out


def _mark_drains(inc: Incident, world: World, nodes: dict[str, float]) -> None:
    """One mark per node of the storm the incident does not name yet (never twice: marks fold by node)."""
    have = _down_nodes(inc)
    for node, t in sorted(nodes.items(), key=lambda kv: kv[1]):
        if node not in have:
            reason = world.drained_by_others.get(node, "")
            text = f"slurm: node {node} drained by someone else: {reason}"[:300]
            inc.add(Observation(t, Kind.NODE_DRAINED, node, None, text=text, data={"reason": reason}))


def _together(group: list[Incident], n: int, seconds: float) -> bool:
    """Whether ``n`` of the group's nodes went down within ``seconds`` (each node's first mark)."""
    first: dict[str, float] = {}
    for inc in group:
        for m in inc.marks.values():
            if m.kind in OUT_KINDS and m.node is not None:
                first[m.node] = min(m.t, first.get(m.node, m.t))
    times = sorted(first.values())
    return n > 0 and any(times[i + n - 1] - times[i] <= seconds for i in range(len(times) - n + 1))


# Nodes that each shut down in order (logind's "System is powering down", Ingest._ORDERLY) before Slurm lost them, two
# or more within this long: the shutdowns were asked for together (a cloud taking Spot capacity back, a power-capping
# or maintenance script), one event, however few. One such node stays its own (holdout52, blind: one Spot instance
# stopped under its job, drained and the job requeued without it).
ASKED_S = 600.0


def asked_together(group: list[Incident], seconds: float = ASKED_S) -> bool:
    """Whether two nodes or more of the group went down after their own orderly shutdowns, within ``seconds``
    (holdout102, blind: two owners' Spot p4d nodes powered off 38 s apart, "Power key pressed", then each
    "Not responding"; each had been drained and its job requeued as a broken host)."""
    asked: dict[str, float] = {}
    for inc in group:
        for m in inc.by_kind(Kind.NODE_DOWN):
            if m.node is None:
                continue
            if not isinstance(m.data.get("orderly_t"), (int, float)):
                return False  # a node that did not shut down in order: a failure of its own
            asked[m.node] = min(float(m.data["orderly_t"]), asked.get(m.node, float("inf")))
    return len(asked) >= 2 and max(asked.values()) - min(asked.values()) <= seconds


def merge_node_storms(
    corr: Correlator,
    world: World,
    window_s: float,
    min_nodes: int,
    min_fraction: float,
    tight: tuple[int, float],
) -> set[str]:
    """Fold node-down incidents with one reason within ``window_s`` into the first, above the threshold:
    ``min_nodes`` and ``min_fraction`` of the cluster, or ``tight`` = (n, s): n nodes within s seconds."""
    if min_nodes <= 0:
        return set()
    tight_nodes, tight_s = tight
    cands = sorted((i for i in corr.incidents.values() if _candidate(i)), key=lambda i: i.detected_t)
    size = cluster_size(world)
    changed: set[str] = set()
    for n, first in enumerate(cands):
        reason = _reason(first)
        if first.superseded_by or reason is None:
            continue
        seen, group = set(_down_nodes(first)), [first]
        drains: dict[str, float] = {}
        if first.by_kind(Kind.NODE_DRAINED) and not first.by_kind(Kind.NODE_DOWN):
            drains = _drained_alike(world, reason, first.detected_t, window_s)
            seen |= set(drains)
        for other in cands[n + 1 :]:
            if other.superseded_by or other.detected_t - first.detected_t > window_s:
                continue
            nodes = set(_down_nodes(other))
            if _reason(other) != reason or nodes <= seen:
                continue
            group.append(other)
            seen |= nodes
        together = _together(group, tight_nodes, tight_s) or asked_together(group)
        if not together and (len(seen) < min_nodes or (size and len(seen) / size < min_fraction)):
            continue
        if (
            len(group) < 2
            and first.forced_category == "infrastructure"
            and set(drains) <= set(_down_nodes(first))
        ):
            continue  # already merged, nothing new
        first.forced_category = "infrastructure"
        _mark_drains(first, world, drains)
        for other in group[1:]:
            corr.supersede(first, other)
            changed.add(other.key)
        changed.add(first.key)
        _forget_node_verdicts(world, {inc.key for inc in group})
        earlier = _shared_cause_before(corr, world, first, seen, window_s)
        if earlier is not None:
            corr.supersede(earlier, first)  # the same event, seen first in its jobs' failures
            changed.add(earlier.key)
    return changed


def _shared_cause_before(
    corr: Correlator, world: World, storm: Incident, nodes: set[str], window_s: float
) -> Incident | None:
    """An open infrastructure incident of the last ``window_s`` whose jobs ran on the storm's nodes: the
    event showed first in those jobs (holdout18, blind: three jobs lost the Slurm controller's address,
    then their four nodes stopped responding: one event, not two incidents)."""
    for inc in reversed(list(corr.incidents.values())):
        if inc is storm or inc.closed or inc.superseded_by or storm.detected_t - inc.updated_t > window_s:
            continue
        v = inc.verdict
        if inc.forced_category != "infrastructure" and (v is None or v.category != "infrastructure"):
            continue
        ran = {n for job in inc.jobs if (run := world.jobs.get(job)) is not None for n in run.spec.nodes}
        if ran & nodes and inc.detected_t <= storm.detected_t:
            return inc
    return None


def _forget_node_verdicts(world: World, keys: set[str]) -> None:
    """The per-node verdicts these incidents recorded were wrong: no node is suspect because of them."""
    world.own_history = [entry for entry in world.own_history if entry[3] not in keys]
