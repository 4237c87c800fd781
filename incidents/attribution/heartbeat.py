"""Heartbeat-monitor reports carry no SeqNum: the node whose ranks did not report is the suspect.

PyTorch's ProcessGroupNCCL runs a heartbeat monitor beside each rank's watchdog thread. When the
watchdog stops beating for ``TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC`` the monitor logs and aborts the
process (read in ``torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp``, ``heartbeatMonitor()``):

* 2.2 (pytorch/pytorch 0007e752): ``[Rank N] NCCL monitor thread timeout. ...`` and ``[Rank N]
  monitoring thread detects no heartbeat and will finally kill the process!``;
* 2.3-2.5: ``logPrefix()`` + ``Heartbeat monitor timed out! Process will be terminated after
  dumping debug info. workMetaList_.size()=N``, then ``ProcessGroupNCCL's watchdog got stuck for N
  seconds ...``; the prefix is ``[PG 0 Rank N]`` (2.3), ``[PG 0 (default_pg) Rank N]`` (2.4, which
  also logs ``First PG on this rank that detected no heartbeat of its watchdog.``) and ``[PG ID 0
  PG GUID 0(default_pg) Rank N]`` (2.5+).

None of these names a collective, so the "who is behind on SeqNum" reading of a watchdog timeout
(``analysis.missing_from_collective``) has nothing to compare. What is left is who *reported*:
every live rank's monitor fires (a rank waiting on a peer that vanished has its abort or its CUDA
calls hang as well), while the ranks of a node that died, froze or lost its fabric print nothing.
So when every rank of the job reported except ranks that all sit on one node, that node is where
the job's collective was left waiting; missing ranks on two or more nodes (a log that kept only
some ranks' lines, a torn-down job) or no missing rank at all name no node.

A job of two nodes is left to ``analysis.stuck_watchdog``: "the node that reported" and "the node
that did not" are the same evidence read two ways, and nothing here tells which is the broken one.
"""

from __future__ import annotations

from incidents.attribution.analysis import Suspect, rank_nodes
from incidents.attribution.incident import Incident
from incidents.attribution.world import World
from monitoring.detectors.hostlist import compress

MIN_NODES = 3  # one silent node against at least two reporting ones


def silent_node(inc: Incident, world: World, job: str) -> Suspect | None:
    """The one node holding every rank of ``job`` whose heartbeat monitor did not report."""
    reported = inc.stalled.get(job) or {}
    run = world.jobs.get(job)
    if run is None or len(run.spec.nodes) < MIN_NODES or len(reported) < 2:
        return None
    tpn = run.spec.tasks_per_node
    if max(reported) >= len(run.spec.nodes) * tpn:
        return None  # ranks beyond the job's stated layout: where the missing ones ran is a guess
    per_node = rank_nodes(world, job, reported)
    if per_node is None:
        return None
    short = [n for n, rs in per_node.items() if len(rs) < tpn]
    if len(short) != 1:
        return None
    node = short[0]
    missing = tpn - len(per_node[node])
    others = [n for n in per_node if n != node]
    why = (
        f"heartbeat monitor timed out on every rank of {compress(others)}; "
        f"{missing} of {tpn} rank(s) of {node} never reported: the job waited on {node}"
    )
    return Suspect(node, None, 0.7, why)
