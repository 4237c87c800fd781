"""Verify that a recovery worked, by re-observing the cluster and the job.

A drain is verified when the scheduler shows the node drained; a requeue when the
job runs again without the excluded nodes and prints progress after the requeue.
All verified: the incident is recovered. Past the deadline without that: escalated.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from typing import Any

from django.db.models import Q, QuerySet

from actions.choices import MUTATING_ACTIONS, REC_OPEN, ActionKind, RecStatus, RemediationState
from actions.models import Recommendation, Remediation
from actions.pipeline import Pipeline
from incidents.audit import about_incident, append_audit
from incidents.choices import AuditEvent, IncidentStatus
from incidents.models import AuditRecord, Incident
from incidents.services import transition_incident
from monitoring.detectors.hostlist import expand
from monitoring.sources import Source

PENDING_DECISION = [RecStatus.AWAITING_APPROVAL, RecStatus.APPROVED, RecStatus.EXECUTING]
# A job in one of these states that has not started since the incident was detected is still down.
JOB_DOWN = frozenset({"FAILED", "NODE_FAIL", "TIMEOUT", "PENDING", "REQUEUED"})
RUNS_AGAIN = re.compile(r"job (\S+) runs (?:again|and progresses) on ")


def verified_running(incident: Incident) -> set[str]:
    """The incident's jobs a verification saw running again and progressing (its audit records)."""
    return verified_running_of([incident.pk]).get(incident.pk, set())


def verified_running_of(incident_ids: list[int]) -> dict[int, set[str]]:
    """``verified_running`` of several incidents in one query (the invariants check them all each tick)."""
    notes = AuditRecord.objects.filter(
        incident_id__in=incident_ids, event=AuditEvent.VERIFICATION, outcome="healthy"
    ).values_list("incident_id", "detail")
    out: dict[int, set[str]] = {}
    for inc, d in notes:
        out.setdefault(inc, set()).update(RUNS_AGAIN.findall((d or {}).get("note", "")))
    return out


def jobs_left_down(incident: Incident) -> list[tuple[str, str]]:
    """(job, state) of the incident's jobs that stayed down: not started again since it was detected,
    and never verified running. The node's recovery does not close the job's (issue 23)."""
    from monitoring.models import Job

    ids = [str(j) for j in (incident.jobs or [])]
    if not ids:
        return []
    rows = Job.objects.filter(cluster_id=incident.cluster_id, slurm_id__in=ids).values_list(
        "slurm_id", "state", "started_at"
    )
    return left_down(incident, verified_running(incident), rows)


def jobs_still_since(incident: Incident, skip: set[str]) -> tuple[list[str], list[str]]:
    """Of the incident's running jobs (those in ``skip`` aside): those with no progress since it was
    detected, and a note for each one progressing ("job X runs and progresses on ...", which
    ``verified_running`` reads). A job that was on the faulty node may run on, hung, for minutes."""
    from monitoring.models import Job

    ids = [str(j) for j in (incident.jobs or []) if str(j) not in skip]
    rows = Job.objects.filter(cluster_id=incident.cluster_id, slurm_id__in=ids, state="RUNNING")
    still, moving = [], []
    for j, progress_at, nodes in rows.order_by("slurm_id").values_list(
        "slurm_id", "last_progress_at", "nodes"
    ):
        if progress_at is not None and progress_at > incident.detected_at:
            moving.append(f"job {j} runs and progresses on {nodes}")
        else:
            still.append(j)
    return still, moving


def left_down(
    incident: Incident, seen: set[str], rows: Iterable[tuple[str, str, dt.datetime | None]]
) -> list[tuple[str, str]]:
    """Of the job rows (id, state, started), those of the incident left down (``jobs_left_down``)."""
    ids = {str(j) for j in (incident.jobs or [])}
    return sorted(
        (j, state)
        for j, state, started in rows
        if j in ids
        and j not in seen
        and state in JOB_DOWN
        and (started is None or started <= incident.detected_at)
    )


def restart_coming(incident: Incident, jobs: list[str]) -> bool:
    """A requeue of one of these jobs is still to be decided, running, or done and being verified."""
    waiting = [*REC_OPEN, *PENDING_DECISION, RecStatus.SUCCEEDED]
    return incident.recommendations.filter(
        action=ActionKind.REQUEUE_JOB, job__in=jobs, status__in=waiting
    ).exists()


def down_words(down: list[tuple[str, str]]) -> str:
    return ", ".join(f"job {j} stayed {state}" for j, state in down) + " (not restarted)"


def _check_drain(node: str, states: dict[str, str]) -> tuple[bool, str]:
    state = states.get(node, "")
    if "DRAIN" in state.upper():
        return True, f"node {node} is drained ({state})"
    return False, f"node {node} is not drained yet ({state or 'unknown'})"


def _check_requeue(
    job_id: str, exclude: list[str], since: dt.datetime, source: Source, pipeline: Pipeline
) -> tuple[bool, str]:
    job = next((j for j in source.jobs() if j.id == job_id), None)
    if job is None or job.state != "RUNNING":
        return False, f"job {job_id} is not running again yet ({job.state if job else 'not in the queue'})"
    nodes = set(expand(job.nodes))
    bad = nodes & set(exclude)
    if bad:
        return False, f"job {job_id} restarted on excluded node(s) {', '.join(sorted(bad))}"
    progress = pipeline.job_progress(job_id)
    if progress is None or progress[0] <= since.timestamp():
        return False, f"job {job_id} runs on {job.nodes} but has printed no progress since the requeue"
    return (
        True,
        f"job {job_id} runs again on {job.nodes} (without {', '.join(exclude) or 'no exclusions'}) and progressed to step {progress[1]}",
    )


def mitigating(cluster: object) -> QuerySet[Incident]:
    """The incidents whose actions are being verified (what :func:`verify_mitigations` looks at)."""
    return Incident.objects.filter(cluster=cluster, status=IncidentStatus.MITIGATING)


def recovered_since(cluster: object, now: dt.datetime) -> dt.datetime:
    """Recoveries after this are still within the cluster's verification deadline."""
    return now - dt.timedelta(seconds=cluster.verification_deadline_s)  # type: ignore[attr-defined]


def reopen_candidates(cluster: object, recent: dt.datetime) -> QuerySet[Incident]:
    """Incidents a failed restart can reopen: recovered since ``recent`` (:func:`recovered_since`), or mitigating."""
    # Still mitigating counts too: a job that dies again 30 s after its requeue is this incident again.
    return Incident.objects.filter(cluster=cluster).filter(
        Q(status=IncidentStatus.RECOVERED, resolved_at__gte=recent) | Q(status=IncidentStatus.MITIGATING)
    )


def verify_mitigations(cluster: object, pipeline: Pipeline, source: Source, now: dt.datetime) -> int:
    """Close mitigating incidents whose actions are seen to have worked; return how many."""
    states = {n.name: n.state for n in source.nodes()}
    recovered = 0
    for incident in mitigating(cluster).select_related("cluster"):
        # A reboot/GPU reset is verified by its own boot and health check (services/remediation.py).
        recs = incident.recommendations.filter(action__in=list(MUTATING_ACTIONS)).exclude(
            action__in=[ActionKind.REBOOT_NODE, ActionKind.RESET_GPU]
        )
        if recs.filter(status__in=PENDING_DECISION).exists():
            continue
        done = list(recs.filter(status=RecStatus.SUCCEEDED))
        returned = set(  # drained, rebooted, checked and back in service: the drain did its job
            Remediation.objects.filter(
                recommendation__incident=incident, state=RemediationState.RETURNED
            ).values_list("node", flat=True)
        )
        notes, ok = [], True
        for rec in done:
            if rec.action == ActionKind.DRAIN_NODE and rec.node in returned:
                good, note = True, f"node {rec.node} was drained, remediated and returned to service"
            elif rec.action == ActionKind.DRAIN_NODE:
                good, note = _check_drain(rec.node, states)
            else:
                good, note = _check_requeue(
                    rec.job, list(rec.exclude), rec.finished_at or rec.created_at, source, pipeline
                )
            ok &= good
            notes.append(note)
        requeued = {r.job for r in done if r.action == ActionKind.REQUEUE_JOB}
        down = [(j, st) for j, st in jobs_left_down(incident) if j not in requeued] if ok and done else []
        if down:  # the node's track is done; the job's is not: no "recovered" while it stays down
            ok = False
            notes.append(down_words(down))
        elif ok and done:  # a job left running must be seen progressing since the fault (not hung on it)
            still, moving = jobs_still_since(incident, requeued)
            ok = not still
            notes += (
                moving if ok else [f"job {j} runs but made no progress since the incident" for j in still]
            )
        note = "; ".join(notes)
        if ok and done:
            recovered += _close(incident, IncidentStatus.RECOVERED, note, now)
        elif done and _past_deadline(done, incident, now):
            _close(incident, IncidentStatus.ESCALATED, f"still abnormal after recovery: {note}", now)
    return recovered


def _past_deadline(done: list, incident: Incident, now: dt.datetime) -> bool:
    last = max((r.finished_at or r.created_at) for r in done)
    return (now - last).total_seconds() > incident.cluster.verification_deadline_s


def _close(incident: Incident, status: str, note: str, now: dt.datetime) -> int:
    if not transition_incident(incident, status, at=now, reason=note):
        return 0
    type(incident).objects.filter(pk=incident.pk).update(verification_note=note[:4000])
    append_audit(
        event=AuditEvent.VERIFICATION,
        at=now,
        **about_incident(incident),
        action="verify recovery",
        outcome="healthy" if status == IncidentStatus.RECOVERED else "still abnormal",
        detail={"note": note},
    )
    return 1 if status == IncidentStatus.RECOVERED else 0


FAILED_AGAIN = {"FAILED", "NODE_FAIL", "TIMEOUT"}


def reopen_failed_restarts(cluster: object, now: dt.datetime) -> int:
    """Reopen a recovered incident whose restarted job fails again before the verification deadline.

    A restart that dies again a few minutes later was not a recovery: the incident
    goes back to open (reopen_count + 1, history and audit) so that people look at it.
    """
    from monitoring.models import Job

    reopened = 0
    for incident in reopen_candidates(cluster, recovered_since(cluster, now)).select_related("cluster"):
        deadline = dt.timedelta(seconds=incident.cluster.verification_deadline_s)
        for rec in incident.recommendations.filter(
            action=ActionKind.REQUEUE_JOB, status=RecStatus.SUCCEEDED, finished_at__gte=now - deadline
        ):
            job = Job.objects.filter(cluster=incident.cluster, slurm_id=rec.job).first()
            if incident.status == IncidentStatus.MITIGATING:
                why = _failed_since_requeue(incident, rec, job)
            else:
                why = _failed_again(incident, rec.job, job.state if job else "")
            if why and _reopen(
                incident, f"job {rec.job} {why} within {deadline.total_seconds():.0f} s of its restart", now
            ):
                reopened += 1
                break
    return reopened


def _failed_again(incident: Incident, job_id: str, state: str) -> str | None:
    if state in FAILED_AGAIN:
        return f"failed again ({state})"
    since = incident.resolved_at or incident.detected_at
    later = (
        Incident.objects.filter(cluster=incident.cluster, detected_at__gt=since)
        .exclude(pk=incident.pk)
        .order_by("detected_at")
    )
    newer = next(
        (i for i in later if job_id in i.jobs), None
    )  # JSON containment differs by backend (SQLite demo)
    return f"was hit again (incident #{newer.pk}, {newer.get_category_display()})" if newer else None


def _failed_since_requeue(incident: Incident, rec: Recommendation, job: Any) -> str | None:
    """While mitigating: the requeued job ran again and failed, or a newer incident hit it after the requeue.

    Only a run that started after the requeue counts: the row may still show the failure that caused it.
    """
    finished = rec.finished_at
    started = getattr(job, "started_at", None)
    if job is not None and job.state in FAILED_AGAIN and started and finished and started >= finished:
        return f"failed again ({job.state}) after its restart"
    later = (
        Incident.objects.filter(cluster=incident.cluster, detected_at__gt=finished)
        .exclude(pk=incident.pk)
        .order_by("detected_at")
    )
    newer = next((i for i in later if rec.job in i.jobs), None)
    return (
        f"was hit again after its restart (incident #{newer.pk}, {newer.get_category_display()})"
        if newer
        else None
    )


def _reopen(incident: Incident, note: str, now: dt.datetime) -> bool:
    words = (
        "failed again after recovery"
        if incident.status == IncidentStatus.RECOVERED
        else "failed again while mitigating"
    )
    if not transition_incident(incident, IncidentStatus.OPEN, at=now, reason=f"{words}: {note}"):
        return False
    type(incident).objects.filter(pk=incident.pk).update(verification_note=f"{words}: {note}"[:4000])
    append_audit(
        event=AuditEvent.VERIFICATION,
        at=now,
        **about_incident(incident),
        action="verify recovery",
        outcome="failed again",
        detail={"note": note, "reopen_count": incident.reopen_count},
    )
    return True
