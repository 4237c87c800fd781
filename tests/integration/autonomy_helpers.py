"""A small hand-made cluster for the autonomy and guardrail tests: rows only, no simulator."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from actions.models import Recommendation
from actions.services.recommendations import sync_recommendations
from actions.services.transitions import transition_recommendation
from incidents.models import Incident
from monitoring.models import Cluster, Job, Node

NOW = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)
OPT_IN = json.dumps({"recovery": {"max_requeues": 2, "checkpoint_dir": "/ckpt/4101"}})


def make_nodes(cluster: Cluster) -> None:
    for i in range(1, 5):
        Node.objects.create(cluster=cluster, name=f"gpu-a-{i:03d}", partition="batch", state="ALLOCATED")
    for i in range(29, 33):
        Node.objects.create(cluster=cluster, name=f"gpu-a-{i:03d}", partition="canary", state="ALLOCATED")


def make_job(
    cluster: Cluster,
    slurm_id: str,
    nodes: str,
    *,
    partition: str = "batch",
    comment: str = OPT_IN,
    ckpt: int | None = 900,
) -> Job:
    return Job.objects.create(
        cluster=cluster,
        slurm_id=slurm_id,
        name=f"train-{slurm_id}",
        partition=partition,
        nodes=nodes,
        state="FAILED",
        comment=comment,
        last_step=1000,
        last_progress_at=NOW - dt.timedelta(seconds=10),
        last_checkpoint_step=ckpt,
        last_checkpoint_at=(NOW - dt.timedelta(seconds=300)) if ckpt is not None else None,
    )


def make_incident(cluster: Cluster, key: str, node: str, jobs: list[str], at: dt.datetime = NOW) -> Incident:
    return Incident.objects.create(
        cluster=cluster,
        key=key,
        category="gpu_hardware",
        culprit_node=node,
        culprit_gpu=3,
        confidence=0.9,
        pattern="xid:79",
        jobs=jobs,
        detected_at=at,
    )


def propose(incident: Incident, *specs: dict[str, Any], now: dt.datetime = NOW) -> list[Recommendation]:
    created = sync_recommendations(incident, list(specs), now)
    return list(Recommendation.objects.filter(pk__in=[r.pk for r in created]).order_by("id"))


def drain(node: str) -> dict[str, Any]:
    return {"action": "drain_node", "node": node}


def requeue(job: str, exclude: str) -> dict[str, Any]:
    return {"action": "requeue_job", "job": job, "exclude": [exclude], "text": f"requeue excluding {exclude}"}


def done_requeue(
    incident: Incident, job: str, ckpt: int | None, minutes_ago: int, result: str = "done: requeued"
) -> Recommendation:
    """A requeue of ours that ran: its row and, as every execution writes it, its audit record
    (a job's restarts by us are counted from the audit trail, actions.lifecycle.budget)."""
    at = NOW - dt.timedelta(minutes=minutes_ago)
    rec = Recommendation.objects.create(
        incident=incident,
        cluster=incident.cluster,
        action="requeue_job",
        job=job,
        exclude=[],
        status="executing",
        created_at=at,
        executed_at=at,
        checkpoint_step=ckpt,
    )
    assert transition_recommendation(rec, "succeeded", at=at, reason=result, finished_at=at)
    return rec
