"""A job's page: its incidents and restarts as one story, progress and checkpoints, its autonomy override.

Linked from every incident row by the job's Slurm id. "Recovered" is only shown as
healthy when the job itself is: an incident marked recovered whose job is failed or
gone says so, instead of a green badge.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from actions.choices import ActionKind, OverrideScope, RecStatus
from actions.models import AutonomyOverride, Recommendation
from actions.policy.autonomy import KINDS, Target, resolve
from actions.services.autonomy import ladder_for
from actions.services.restarts import job_budget
from actions.views.autonomy import LEVEL_CHOICES
from actions.views.incident_list import incidents_of_job, with_needs_approval
from incidents.choices import IncidentStatus
from incidents.models import AuditRecord, Incident
from monitoring.models import Cluster, Job

HEALTHY_STATES = {"RUNNING", "COMPLETED"}


def job_verdict(incident: Incident, job: Job | None) -> str:
    """What the job page says about an incident's outcome, from the job's own state."""
    if incident.status != IncidentStatus.RECOVERED:
        return incident.get_status_display()
    if job is None:
        return "Recovered (job no longer known)"
    if job.state in HEALTHY_STATES:
        return "Recovered: job healthy"
    return f"Marked recovered, but the job is {job.state.lower()}"


def job_context(cluster: Cluster, slurm_id: str) -> dict[str, Any]:
    job = Job.objects.filter(cluster=cluster, slurm_id=slurm_id).first()
    incidents = list(
        with_needs_approval(Incident.objects.filter(cluster=cluster, pk__in=incidents_of_job(slurm_id)))
        .select_related("cluster", "silenced_by")
        .order_by("detected_at")
    )
    restarts = list(
        Recommendation.objects.filter(cluster=cluster, job=slurm_id, action=ActionKind.REQUEUE_JOB)
        .exclude(status=RecStatus.SUPERSEDED)
        .select_related("incident", "decided_by")
        .order_by("created_at")
    )
    events = list(AuditRecord.objects.filter(cluster=cluster.name, workload=slurm_id).order_by("seq")[:300])
    where = {
        "partition": job.partition if job else "",
        "nodes": tuple(job.node_list) if job else (),
        "job": slurm_id,
    }
    rungs = ladder_for(cluster)
    return {
        "cluster": cluster,
        "slurm_id": slurm_id,
        "job": job,
        "incidents": [(i, job_verdict(i, job)) for i in incidents],
        "restarts": restarts,
        # The same count the policy's "budget is spent (n/m)" and the restart guardrail use.
        "budget": job_budget(cluster, slurm_id, job),
        "events": events,
        "levels": [(kind, resolve(rungs, Target(kind=kind, **where))) for kind in KINDS],
        "overrides": list(
            AutonomyOverride.objects.filter(cluster=cluster, scope=OverrideScope.JOB, target=slurm_id)
        ),
        "level_choices": LEVEL_CHOICES,
        "kinds": [(k, k) for k in KINDS],
    }


@login_required
def job_detail(request: HttpRequest, pk: int, slurm_id: str) -> HttpResponse:
    cluster = get_object_or_404(Cluster, pk=pk)
    return render(request, "actions/job.html", job_context(cluster, slurm_id))


@login_required
def job_fragment(request: HttpRequest, pk: int, slurm_id: str) -> HttpResponse:
    cluster = get_object_or_404(Cluster, pk=pk)
    return render(request, "actions/_job_body.html", job_context(cluster, slurm_id))
