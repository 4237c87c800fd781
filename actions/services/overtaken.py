"""Open recommendations the world has overtaken are superseded, not left to be approved.

Between a recommendation and its approval the cluster moves on: the job finished
or was cancelled, someone else drained the node, or a node waiting for its reboot was
resumed by someone else (a technician, an admin's scontrol). The job recovering is not
such a move for a reboot: that is the job's track, not the node's. Approving then would act on a
world that no longer exists, so each tick marks such recommendations superseded
(history row and audit record, like every other transition).
"""

from __future__ import annotations

import datetime as dt

from django.db.models import Exists, OuterRef, Q, QuerySet

from actions.choices import REC_OPEN, ActionKind, RecStatus
from actions.models import Recommendation
from actions.services.qualification import REMEDIATION_ACTIONS
from actions.services.transitions import transition_recommendation
from monitoring.models import Cluster, Job, Node

ENDED = {"COMPLETED", "CANCELLED"}


def overtaken(rec: Recommendation, jobs: dict[str, Job], nodes: dict[str, Node]) -> str | None:
    """Why this open recommendation no longer fits the world, or None."""
    if rec.action == ActionKind.REQUEUE_JOB:
        job = jobs.get(rec.job)
        if job is None:
            return f"job {rec.job} is no longer known to the scheduler"
        if job.state in ENDED:
            return f"job {rec.job} already ended ({job.state})"
    if rec.action == ActionKind.DRAIN_NODE:
        node = nodes.get(rec.node)
        if node is not None and node.drained_by_someone_else:
            return f"node {rec.node} was drained by someone else ({node.reason or node.state})"
    if rec.action in REMEDIATION_ACTIONS:
        # The node's track, not the job's: only the node leaving our hands ends its remedy unrun.
        node = nodes.get(rec.node)
        if node is not None and not node.drained_by_us:
            return f"node {rec.node} is no longer drained by us ({node.state}: {node.reason or 'no reason'})"
    return None


def overtaken_candidates(cluster: Cluster) -> QuerySet[Recommendation]:
    """The open recommendations :func:`overtaken` finds overtaken, asked of the database.

    The same rules in SQL, so that the tick's probe (services/sweeps.py) finds the sweep due only
    when something was overtaken, not whenever a recommendation waits for its approval (in monitor
    mode that is every tick of a cluster with an open incident). :func:`overtaken` still gives
    each one's reason; ``tests/integration/test_overtaken_candidates.py`` holds the two equal.
    (Slurm's states are ASCII: the database's upper case and Python's agree on them.)
    """
    jobs = Job.objects.filter(cluster=OuterRef("cluster"), slurm_id=OuterRef("job"))
    nodes = Node.objects.filter(cluster=OuterRef("cluster"), name=OuterRef("node"))
    requeue = Q(action=ActionKind.REQUEUE_JOB) & (
        Q(job="") | ~Exists(jobs) | Exists(jobs.filter(state__in=sorted(ENDED)))
    )
    drain = Q(action=ActionKind.DRAIN_NODE) & Exists(
        nodes.filter(state__icontains="DRAIN", drained_by_us=False)
    )
    remedy = Q(action__in=sorted(REMEDIATION_ACTIONS)) & Exists(nodes.filter(drained_by_us=False))
    return Recommendation.objects.filter(cluster=cluster, status__in=sorted(REC_OPEN)).filter(
        requeue | drain | remedy
    )


def supersede_overtaken(cluster: Cluster, now: dt.datetime) -> int:
    open_recs = list(overtaken_candidates(cluster).select_related("incident", "cluster"))
    if not open_recs:
        return 0
    jobs = {
        j.slurm_id: j
        for j in Job.objects.filter(cluster=cluster, slurm_id__in={r.job for r in open_recs if r.job})
    }
    nodes = {
        n.name: n
        for n in Node.objects.filter(cluster=cluster, name__in={r.node for r in open_recs if r.node})
    }
    n = 0
    for rec in open_recs:
        why = overtaken(rec, jobs, nodes)
        if why:
            n += transition_recommendation(
                rec, RecStatus.SUPERSEDED, at=now, reason=f"the world moved: {why}"
            )
    return n
