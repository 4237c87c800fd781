"""Owners' jobs killed one after another on one GPU by the driver's application-class Xids: that GPU (pure).

An Xid of NVIDIA's RESTART_APP bucket (13's graphics exception, 31's page fault, 8's channel timeout...) is
the application's unless hardware evidence stands beside it (``xid``): one job dying so is its program. The
same GPU killing the jobs of two owners or more so within ``WINDOW_S``, whatever the Xid and whatever each
program printed, is that evidence: programs that share nothing but the device fail on it alike (holdout40,
blind: four Caffe jobs of three owners dying on GPU 0 of a GTX Titan over three hours, with Xids 13, 31, 13
and 8 and four different CUDA errors, while the same code ran on another node; the fix was the GPU's fan).
The incidents fold into the first, which names the GPU (a ``LEMON_GPU`` mark): GPU hardware, the node drained,
the jobs requeued elsewhere. Xid 43 (a GPU that stopped processing, as a program's device-side assert or its
kill leaves it) and a program's own exception (not a CUDA error) beside the Xid are the programs': they are
not counted. One owner twice is that owner's program.
"""

from __future__ import annotations

from incidents.attribution.correlate import Correlator
from incidents.attribution.incident import Incident, Mark
from incidents.attribution.world import World
from monitoring.detectors.schema import Kind, Observation

PATTERN = "lemon_gpu"
# Jobs land on a free GPU minutes to hours apart; each meets the failing device as it runs.
WINDOW_S = 6 * 3600.0
# What a program's own misuse of the device leaves behind, whatever GPU it runs on.
_PROGRAM_XIDS = frozenset({43})


# How CUDA runtime errors read in the frameworks' words, beside the coded forms logs reads (``cuda_error``):
# PyTorch's C10_CUDA_CHECK ("CUDA error: an illegal memory access was encountered"), its older THCudaCheck
# ("cuda runtime error (77) : ..."), the driver API's names (CUDA_ERROR_ILLEGAL_ADDRESS).
_CUDA_WORDS = ("CUDA error", "cuda runtime error", "CUDA_ERROR_")


def _cuda_error(data: dict[str, object]) -> bool:
    """Whether an exception is a CUDA error (the device's report), not the program's own."""
    message = str(data.get("message") or "").lstrip()
    return data.get("cuda_error") is not None or message.startswith(_CUDA_WORDS)


def _app_xid(inc: Incident) -> Mark | None:
    """The incident's first application-class Xid on a known GPU, when its Xids name that GPU alone (on
    several, the program or the node is common, not one device) and nothing of the program's own (an
    exception other than a CUDA error) stands beside it."""
    for m in inc.by_kind(Kind.EXCEPTION):
        if isinstance(m.data, dict) and not _cuda_error(m.data):
            return None
    xids = [
        m
        for m in inc.by_kind(Kind.XID)
        if not m.data.get("hardware") and m.node is not None and m.data.get("xid") not in _PROGRAM_XIDS
    ]
    if not xids or any(m.gpu is None for m in xids) or len({(m.node, m.gpu) for m in xids}) > 1:
        return None
    return xids[0]


def _candidate(inc: Incident) -> Mark | None:
    v = inc.verdict
    if inc.superseded_by or v is None:
        return None
    if v.pattern != PATTERN and (v.node is not None or v.category != "software"):
        return None
    return _app_xid(inc)


def named_gpu(inc: Incident) -> tuple[str, int] | None:
    """The node and GPU ``merge_lemon_gpu`` found the incident's jobs' failures on."""
    for m in inc.by_kind(Kind.LEMON_GPU):
        if m.node is not None and m.gpu is not None:
            return m.node, m.gpu
    return None


def merge_lemon_gpu(corr: Correlator, world: World, touched: set[str]) -> set[str]:
    """Fold application-class Xid failures of two owners' jobs on one GPU into the first. Looked for only
    when one of the ``touched`` incidents is such a failure: the later failure is what completes a group."""
    if not any((inc := corr.incidents.get(k)) is not None and _candidate(inc) for k in touched):
        return set()
    cands: list[tuple[Incident, Mark]] = []
    for inc in corr.incidents.values():
        m = _candidate(inc)
        if m is not None:
            cands.append((inc, m))
    cands.sort(key=lambda c: c[1].t)
    changed: set[str] = set()
    for n, (first, m0) in enumerate(cands):
        if first.superseded_by:
            continue
        where = (m0.node, m0.gpu)
        group = [first] + [
            o
            for o, m in cands[n + 1 :]
            if not o.superseded_by and (m.node, m.gpu) == where and m.t - m0.t <= WINDOW_S
        ]
        jobs = {j for inc in group for j in inc.jobs}
        users = {world.jobs[j].spec.user for j in jobs if j in world.jobs and world.jobs[j].spec.user}
        if len(users) < 2 or (named_gpu(first) is not None and len(group) < 2):
            continue
        node, gpu = m0.node, m0.gpu
        assert node is not None and gpu is not None
        if named_gpu(first) is None:
            text = (
                f"{node} GPU {gpu}: jobs of {len(users)} owners were killed on it by the driver's "
                "application-class Xids: programs that share only the device fail on it alike"
            )
            last = max(m.t for g in group if (m := _app_xid(g)) is not None)
            first.add(
                Observation(last, Kind.LEMON_GPU, node, None, gpu, text=text, data={"jobs": sorted(jobs)})
            )
        for other in group[1:]:
            corr.supersede(first, other)
            changed.add(other.key)
        changed.add(first.key)
    return changed
