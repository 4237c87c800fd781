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
from monitoring.detectors.schema import GPU_HARDWARE_KINDS, Kind

PATTERN = "correlated_gpu_faults"
XID_STORM_NODES = 3
XID_STORM_S = 10.0


# The ranks' own words for the fault a storm's Xids announced (CUDA's "uncorrectable NVLink error" in a rank,
# a moment after its node's driver said the link failed) come this long after the storm at most.
ECHO_S = 60.0


def xid_nodes(inc: Incident) -> dict[int, dict[str, float]]:
    """Xid -> node -> when that node's driver first reported it, for the hardware Xids of the incident, and
    those the driver gave a severity of its own (NVLink5's "Nonfatal": the link's trouble, handled, though no
    GPU broke; holdout120, blind: an NVL36 rack's switch tray failing, Xid 145 "Nonfatal" on the 20 GPUs of
    five trays in the same second, then every rank's CUDA "uncorrectable NVLink error")."""
    out: dict[int, dict[str, float]] = {}
    for m in inc.by_kind(Kind.XID):
        xid = m.data.get("xid")
        if (
            m.node is None
            or not (m.data.get("hardware") or m.data.get("severity"))
            or not isinstance(xid, int)
        ):
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
        t0 = min(nodes.values())
        if _answers_a_fatal(group, xid, t0):
            continue
        if first in group:
            echoes = [i for i in corr.incidents.values() if i not in group and _echo(i, set(nodes), t0)]
            changed |= corr.fold_as_shared(first, group[1:] + echoes)
    return changed


def _answers_a_fatal(group: list[Incident], xid: int, t0: float) -> bool:
    """Whether the storm's Xid is one the drivers called handled (no hardware Xid of it) while one GPU of the group
    reported a hardware Xid within ``XID_STORM_S``: the other GPUs' links answering that GPU's failure, which is the
    fault (holdout77, blind: one GB200 tray's Fatal Xid 149, four other trays' "145, RLW_RXPIPE Nonfatal" a moment
    after; that tray is drained). With no such Xid anywhere, what the nodes share failed (holdout120)."""
    marks = [m for i in group for m in i.by_kind(Kind.XID)]
    if any(m.data.get("xid") == xid and m.data.get("hardware") for m in marks):
        return False
    return any(m.data.get("hardware") and abs(m.t - t0) <= XID_STORM_S for m in marks)


def _echo(inc: Incident, nodes: set[str], t0: float) -> bool:
    """A GPU fault's incident found from the ranks alone (no Xid of its own), on the storm's nodes, within
    ``ECHO_S`` after it: the ranks meeting the fault their nodes' drivers reported together."""
    v = inc.verdict
    if inc.superseded_by or inc.closed or v is None or v.category != "gpu_hardware" or v.node not in nodes:
        return False
    gpu = [m for m in inc.marks.values() if m.kind in GPU_HARDWARE_KINDS]
    return (
        bool(gpu)
        and not inc.by_kind(Kind.XID)
        and all(m.node in nodes and 0 <= m.t - t0 <= ECHO_S for m in gpu)
    )
