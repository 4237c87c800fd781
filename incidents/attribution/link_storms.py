"""Network ports lost on many nodes in the same seconds: the switch they share, not as many bad links (pure).

A node's own port (its adapter, its cable, its transceiver) fails on its own schedule: two nodes losing their link
within the same seconds is rare, three or more is not chance. What takes them down together sits above them: the
leaf switch they hang from rebooting or wedged, a pause storm through it, a rail's firmware pushed at once. Its
ports come back when it does; draining the nodes repairs nothing, and a job requeued without one of them lands on
the same switch. ``LINK_STORM_NODES`` nodes or more whose own words (the kernel's "Link down", "NETDEV WATCHDOG
... transmit queue timed out", NCCL's "port error" on its local port) came within ``LINK_STORM_S`` of each other
fold into one infrastructure incident: escalate, no drain, no requeue into it (holdout126, blind: a pause storm
under one RoCE leaf, six nodes' mlx5 transmit queues timing out within 2.3 s, two owners' jobs failing a minute
later; holdout127: a rail-3 leaf rebooting, "Link down" on four nodes within 0.3 s, two owners' expert-parallel
jobs failing; each job's first node was drained and each job requeued without it). One node's port, or two
nodes', stays their own, and so do ports lost under one job's failure alone (``STORM_JOBS``).

The same holds for a node's own disk: local disks do not fail together either. The node's own filesystem failing
(``LOCAL_FS_FAILURE``: XFS's "Log I/O Error", ext4 aborting its journal, the block layer's I/O errors) on three nodes
or more within ``DISK_STORM_S`` under two jobs or more is the storage behind what looked local (holdout130, blind:
an iSCSI SAN's controller failing over, every node's scratch LUN offline within two seconds; each of eight nodes was
drained for its "own" disk).

Every word counted is about the reporter's own port (the kernel's netdev, NCCL's local device): a dead node's
peers blaming it over the fabric (``ib_blame``) count for nothing here.
"""

from __future__ import annotations

from incidents.attribution.correlate import Correlator
from incidents.attribution.incident import Incident
from monitoring.detectors.schema import Kind

PATTERN = "correlated_link_loss"
DISK_PATTERN = "correlated_local_disk_loss"
LINK_STORM_NODES = 3
LINK_STORM_S = 10.0
# The filesystems on a vanished block device fail as each next writes to it: within seconds to a minute.
DISK_STORM_S = 60.0
# Jobs failing on it: a switch under the jobs' fabric fails every job through it. Ports lost on many nodes
# under one job's failure may be another network's (holdout76, blind: a management switch's firmware upgrade
# downing every node's management port for 41 s while the jobs on eight of them ran on, and one job dying of
# its own node's InfiniBand port, lf-010's, which stayed down).
STORM_JOBS = 2
# The node's own part each storm is about: its mark, the window its nodes' words fall in, the verdicts it takes.
PARTS = {
    Kind.IB_PORT_ERROR: (LINK_STORM_S, PATTERN, frozenset({"network", "infrastructure"})),
    Kind.LOCAL_FS_FAILURE: (DISK_STORM_S, DISK_PATTERN, frozenset({"node_failure", "infrastructure"})),
}


def port_nodes(inc: Incident, kind: str = Kind.IB_PORT_ERROR) -> dict[str, float]:
    """Node -> when it first reported its own part (``kind``: its port, its disk) lost, among the incident's marks."""
    out: dict[str, float] = {}
    for m in inc.by_kind(kind):
        if m.node is not None:
            out[m.node] = min(m.t, out.get(m.node, m.t))
    return out


def _together(nodes: dict[str, float], window_s: float = LINK_STORM_S) -> dict[str, float] | None:
    """The first run of ``LINK_STORM_NODES`` or more nodes within ``window_s`` (None: none)."""
    times = sorted(nodes.items(), key=lambda kv: kv[1])
    n = LINK_STORM_NODES
    for i in range(len(times) - n + 1):
        if times[i + n - 1][1] - times[i][1] <= window_s:
            t0 = times[i][1]
            return {node: t for node, t in times[i:] if t - t0 <= window_s}
    return None


def storm_part(inc: Incident) -> tuple[str, dict[str, float]] | None:
    """The part lost together on the incident's nodes, and those nodes (None: none)."""
    for kind, (window_s, _, _) in PARTS.items():
        nodes = _together(port_nodes(inc, kind), window_s)
        if nodes is not None:
            return kind, nodes
    return None


def is_link_storm(inc: Incident) -> bool:
    """Whether ``merge_link_storms`` made this incident."""
    return inc.forced_category == "infrastructure" and storm_part(inc) is not None


def storm_pattern(inc: Incident) -> str:
    found = storm_part(inc)
    return PARTS[found[0]][1] if found is not None else PATTERN


def storm_line(inc: Incident) -> str:
    kind, nodes = storm_part(inc) or (Kind.IB_PORT_ERROR, {})
    span = max(nodes.values()) - min(nodes.values()) if nodes else 0.0
    shown = ", ".join(sorted(nodes)[:6]) + (", ..." if len(nodes) > 6 else "")
    if kind == Kind.LOCAL_FS_FAILURE:
        return (
            f"common cause: {len(nodes)} nodes' own filesystems failed within {span:.1f} s ({shown}): local disks do "
            "not fail together; the storage behind them does (a SAN, its network, a shared shelf), not as many bad disks"
        )
    return (
        f"common cause: {len(nodes)} nodes lost their own network port within {span:.1f} s ({shown}): ports do "
        "not fail together; the switch they share does (a reboot, a pause storm, its firmware), not as many bad links"
    )


def _candidate(inc: Incident, kind: str) -> bool:
    v = inc.verdict
    if inc.superseded_by or v is None:
        return False
    return v.category in PARTS[kind][2] and bool(port_nodes(inc, kind))


def merge_link_storms(corr: Correlator, touched: set[str]) -> set[str]:
    """For each part of ``PARTS``: fold the incidents whose nodes lost it on ``LINK_STORM_NODES`` nodes within its
    window into the first, as infrastructure. Looked for only when a ``touched`` incident is a candidate."""
    changed: set[str] = set()
    for kind, (window_s, _, _) in PARTS.items():
        if not any((inc := corr.incidents.get(k)) is not None and _candidate(inc, kind) for k in touched):
            continue
        seen = {i.key: port_nodes(i, kind) for i in corr.incidents.values() if _candidate(i, kind)}
        began = {k: min(nodes.values()) for k, nodes in seen.items()}
        for group in corr.groups_by_start(began, window_s):
            nodes: dict[str, float] = {}
            for i in group:
                for node, t in seen[i.key].items():
                    nodes[node] = min(t, nodes.get(node, t))
            if _together(nodes, window_s) is None or len({job for i in group for job in i.jobs}) < STORM_JOBS:
                continue
            changed |= corr.fold_as_shared(group[0], group[1:])
    return changed
