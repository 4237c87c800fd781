"""The verbs of incidents: open or update one from a verdict, move it between states, judge it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any, Protocol

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction

from incidents import lifecycle as incident_life
from incidents.attribution.unexplained import Unexplained
from incidents.audit import about_incident, append_audit
from incidents.audit.refusal import actor_name, refuse
from incidents.choices import AuditEvent, IncidentStatus
from incidents.choices import Category as IncidentCategory
from incidents.models import Evidence, Incident, IncidentTransition
from incidents.silences import silence_for
from monitoring.live import push_after_commit
from monitoring.models import Cluster, Job
from recovery_site.roles import Role, has_role


class VerdictUpdate(Protocol):
    """What this module needs from the pipeline's output (actions.pipeline.IncidentUpdate fits).

    The consumer defines the seam, so incidents never imports the actions app above it.
    """

    @property
    def key(self) -> str: ...
    @property
    def detected_t(self) -> float: ...
    @property
    def category(self) -> str: ...
    @property
    def culprit_node(self) -> str | None: ...
    @property
    def culprit_gpu(self) -> int | None: ...
    @property
    def confidence(self) -> float: ...
    @property
    def jobs(self) -> tuple[str, ...]: ...
    @property
    def evidence(self) -> tuple[str, ...]: ...
    @property
    def pattern(self) -> str: ...
    @property
    def first_signal_t(self) -> float | None: ...
    @property
    def unexplained(self) -> tuple[Unexplained, ...]: ...


class IllegalTransition(Exception):
    pass


def epoch_to_dt(t: float) -> dt.datetime:
    return dt.datetime.fromtimestamp(t, tz=dt.UTC)


def _attribution(upd: VerdictUpdate) -> dict[str, object]:
    return {
        "category": upd.category,
        "culprit_node": upd.culprit_node,
        "culprit_gpu": upd.culprit_gpu,
        "confidence": round(upd.confidence, 3),
        "jobs": list(upd.jobs),
        "evidence": list(upd.evidence)[:20],
    }


def transition_incident(
    incident: Incident, new: str, *, at: dt.datetime, actor: str | None = None, reason: str = ""
) -> bool:
    """Guarded status change; False when another worker changed it first."""
    old = incident.status
    if new == old:
        return False
    refused = incident_life.refusal(
        incident_life.Move(
            incident_life.Status(old), incident_life.Status(new), incident_life.actor_of(actor or ""), reason
        )
    )
    if refused:
        raise IllegalTransition(f"incident {incident.pk}: {old} -> {new}: {refused}")
    with transaction.atomic():
        fields: dict[str, object] = {"status": new}
        if new in (IncidentStatus.RECOVERED, IncidentStatus.DISMISSED):
            fields["resolved_at"] = at
        if new == IncidentStatus.OPEN and old in (IncidentStatus.RECOVERED, IncidentStatus.ESCALATED):
            incident.reopen_count += 1
            fields["reopen_count"] = incident.reopen_count
        updated = Incident.objects.filter(pk=incident.pk, status=old).update(**fields)
        if not updated:
            return False  # another worker got there first
        for k, v in fields.items():
            setattr(incident, k, v)
        IncidentTransition.objects.create(
            incident=incident, old=old, new=new, actor=actor or "controller", reason=reason, at=at
        )
        append_audit(
            event=AuditEvent.STATUS,
            at=at,
            actor=actor,
            **about_incident(incident),
            action=f"incident {old} -> {new}",
            outcome=new,
            detail={"reason": reason},
        )
        push_after_commit("incident", id=incident.pk, cluster=incident.cluster_id)
    return True


def _replace_evidence(incident: Incident, lines: tuple[str, ...]) -> None:
    Evidence.objects.filter(incident=incident).delete()
    Evidence.objects.bulk_create(
        Evidence(incident=incident, position=i, text=line) for i, line in enumerate(lines[:200])
    )


def apply_incident_update(
    cluster: Cluster, upd: VerdictUpdate, now: dt.datetime, fingerprint: str = ""
) -> tuple[Incident, bool]:
    """Create or refresh the incident behind a pipeline verdict; audit what changed.

    ``fingerprint`` is the fault's identity (``fault_fingerprint``): a verdict under a key the
    database does not know, for a fault it already holds, refreshes that incident (get or create
    in one transaction, the unique constraint deciding between two writers).

    Returns (incident, verdict_changed) where verdict_changed is True when it is new
    or its category or culprit moved (so recommendations must be re-derived).
    """
    with transaction.atomic():
        incident = Incident.objects.filter(cluster=cluster, key=upd.key).first()
        if incident is None and fingerprint:
            incident = Incident.objects.filter(cluster=cluster, fingerprint=fingerprint).first()
        if incident is None:
            try:
                with transaction.atomic():
                    return _open_incident(cluster, upd, now, fingerprint), True
            except IntegrityError:
                incident = Incident.objects.filter(cluster=cluster, fingerprint=fingerprint).first()
                if incident is None or not fingerprint:
                    raise
        return incident, _revise_verdict(incident, upd, now)


def same_faults(cluster: Cluster, fingerprints: dict[str, str]) -> dict[str, str]:
    """For verdict keys the database does not hold (key -> fingerprint), the key under which it
    already holds the same fault: what a tick that died before saving its memory had written."""
    wanted = {key: fp for key, fp in fingerprints.items() if fp}
    if not wanted:
        return {}
    known = set(Incident.objects.filter(cluster=cluster, key__in=list(wanted)).values_list("key", flat=True))
    by_fp = dict(
        Incident.objects.filter(cluster=cluster, fingerprint__in=list(wanted.values())).values_list(
            "fingerprint", "key"
        )
    )
    return {
        key: by_fp[fp] for key, fp in wanted.items() if key not in known and fp in by_fp and by_fp[fp] != key
    }


def _job_nodes(cluster: Cluster, jobs: Iterable[str], known: dict[str, str]) -> dict[str, str]:
    """The hostlist of each job as it runs now, for jobs not yet snapshotted (kept as they were)."""
    missing = [str(j) for j in jobs if str(j) not in known]
    if not missing:
        return known  # the common case on every tick: no query
    found = Job.objects.filter(cluster=cluster, slurm_id__in=missing).values_list("slurm_id", "nodes")
    return {**known, **{j: n for j, n in found if n}}


def _open_incident(cluster: Cluster, upd: VerdictUpdate, now: dt.datetime, fingerprint: str) -> Incident:
    incident = Incident.objects.create(
        cluster=cluster,
        key=upd.key,
        fingerprint=fingerprint,
        category=upd.category,
        culprit_node=upd.culprit_node or "",
        culprit_gpu=upd.culprit_gpu,
        confidence=upd.confidence,
        pattern=upd.pattern[:128],
        jobs=list(upd.jobs),
        job_nodes=_job_nodes(cluster, upd.jobs, {}),
        detected_at=epoch_to_dt(upd.detected_t),
        first_signal_at=_first_signal(upd),
        unexplained=[u.to_dict() for u in upd.unexplained],
    )
    _replace_evidence(incident, upd.evidence)
    silence_for(incident, now)  # recorded all the same; marked so pages say why nothing happens
    IncidentTransition.objects.create(
        incident=incident, old="", new=IncidentStatus.OPEN, actor="controller", reason="detected", at=now
    )
    append_audit(
        event=AuditEvent.DETECTION,
        at=now,
        cluster=cluster.name,
        workload=upd.jobs[0] if upd.jobs else "",
        node=upd.culprit_node or "",
        incident_id=incident.pk,
        pattern=upd.pattern,
        attribution=_attribution(upd),
        action="open incident",
        outcome=IncidentStatus.OPEN,
    )
    push_after_commit("incident", id=incident.pk, cluster=cluster.pk, new=True)
    return incident


def report_by_hand(cluster: Cluster, node: str, name: str, reason: str, now: dt.datetime) -> Incident:
    """An operator's own report that a node is bad, opened when they reboot a node no incident blames
    (the node page's Reboot after their own Drain): the node's remedy needs an incident to belong to,
    as every remedy of ours does, so the track, the guardrails, the health check and the story treat it
    like any other. Node failure is the operator's suspicion, at their own confidence; no job is named
    (the job's track is not theirs to open), nothing is paged (the one who would be paged opened it)."""
    said = f"{name}: {reason}" if reason else f"{name} gave no reason"
    pattern = f"reported by {name} on the node page"[:128]
    incident = Incident.objects.create(
        cluster=cluster,
        key=f"hand-{node}-{int(now.timestamp())}"[:64],
        category=IncidentCategory.NODE_FAILURE,
        culprit_node=node,
        confidence=1.0,
        pattern=pattern,
        detected_at=now,
        first_signal_at=now,
    )
    _replace_evidence(incident, (said[:1000],))
    IncidentTransition.objects.create(
        incident=incident, old="", new=IncidentStatus.OPEN, actor=name, reason=pattern, at=now
    )
    append_audit(
        event=AuditEvent.DETECTION,
        at=now,
        actor=name,
        cluster=cluster.name,
        node=node,
        incident_id=incident.pk,
        pattern=pattern,
        attribution={"category": incident.category, "culprit_node": node, "by_hand": True},
        action="open incident",
        outcome=IncidentStatus.OPEN,
        detail={"reason": reason[:500]},
    )
    push_after_commit("incident", id=incident.pk, cluster=cluster.pk, new=True)
    return incident


def _revise_verdict(incident: Incident, upd: VerdictUpdate, now: dt.datetime) -> bool:
    """Refresh the incident from a newer verdict; True when its category or culprit moved."""
    changed = (incident.category, incident.culprit_node or None, incident.culprit_gpu) != (
        upd.category,
        upd.culprit_node,
        upd.culprit_gpu,
    )
    incident.category = upd.category
    incident.culprit_node = upd.culprit_node or ""
    incident.culprit_gpu = upd.culprit_gpu
    incident.confidence = upd.confidence
    incident.pattern = upd.pattern[:128]
    incident.jobs = list(upd.jobs)
    incident.job_nodes = _job_nodes(incident.cluster, upd.jobs, incident.job_nodes or {})
    fields = ["category", "culprit_node", "culprit_gpu", "confidence", "pattern", "jobs", "job_nodes"]
    if upd.unexplained:
        # None listed is no news: a pipeline whose memory was lost (another worker, Redis emptied)
        # knows no lines; the ones listed when the lines were known stay.
        incident.unexplained = [u.to_dict() for u in upd.unexplained]
        fields.append("unexplained")
    incident.save(update_fields=[*fields, "updated_at"])
    _replace_evidence(incident, upd.evidence)
    if changed:
        append_audit(
            event=AuditEvent.VERDICT,
            at=now,
            cluster=incident.cluster.name,
            workload=upd.jobs[0] if upd.jobs else "",
            node=upd.culprit_node or "",
            incident_id=incident.pk,
            pattern=upd.pattern,
            attribution=_attribution(upd),
            action="revise verdict",
            outcome=incident.status,
        )
    push_after_commit("incident", id=incident.pk, cluster=incident.cluster_id)
    return changed


def _first_signal(upd: VerdictUpdate) -> dt.datetime | None:
    t = upd.first_signal_t
    return epoch_to_dt(t) if t else None


def dismiss_incident(incident: Incident, user: object, reason: str, now: dt.datetime) -> bool:
    return transition_incident(
        incident, IncidentStatus.DISMISSED, at=now, actor=actor_name(user), reason=reason
    )


# ---------------------------------------------------------------- operator feedback
# Verdicts marked confirmed or false are what readiness (actions/evaluation/readiness.py)
# counts before anyone raises a cluster's autonomy, so marking one is audited like an
# approval, and a refused attempt leaves a refusal record just as a refused approval does.

VERDICTS = ("confirmed", "false")
ACTION = "operator verdict"


def _audit_verdict(
    incident: Incident, event: str, *, at: dt.datetime, actor: str, outcome: str, detail: dict[str, Any]
) -> None:
    append_audit(
        event=event,
        at=at,
        actor=actor,
        **about_incident(incident),
        attribution={
            "category": incident.category,
            "culprit_node": incident.culprit_node,
            "culprit_gpu": incident.culprit_gpu,
        },
        action=ACTION,
        outcome=outcome,
        detail=detail,
    )


def mark_verdict(incident: Incident, user: Any, verdict: str, now: dt.datetime, note: str = "") -> bool:
    """Record an operator's judgement; False when it was already that (nothing written)."""
    name = actor_name(user) or "anonymous"
    if not has_role(user, Role.OPERATOR):
        refuse(
            user,
            now,
            f"mark verdict {verdict}"[:64],
            "insufficient role",
            cluster=incident.cluster.name,
            action=ACTION,
            incident_id=incident.pk,
            node=incident.culprit_node,
            workload=(incident.jobs or [""])[0],
            pattern=incident.pattern,
        )
        raise PermissionDenied("only operators and admins may mark verdicts")
    if verdict not in VERDICTS:
        raise ValueError(f"verdict must be one of {', '.join(VERDICTS)}")
    with transaction.atomic():
        old = (
            Incident.objects.select_for_update()
            .values_list("operator_verdict", flat=True)
            .get(pk=incident.pk)
        )
        if old == verdict:
            return False
        Incident.objects.filter(pk=incident.pk).update(operator_verdict=verdict)
        incident.operator_verdict = verdict
        _audit_verdict(
            incident,
            AuditEvent.VERDICT,
            at=now,
            actor=name,
            outcome=verdict,
            detail={"from": old or "unjudged", "note": note},
        )
        push_after_commit("incident", id=incident.pk, cluster=incident.cluster_id)
    return True


def with_merged_into(incidents: Iterable[Incident]) -> list[Incident]:
    """The incidents, each dismissed duplicate given ``merged_into`` (the incident it was merged into,
    from its dismissal's reason, as its own page says it), so list rows say "Merged into #N" and not
    "Dismissed". One query for the whole list."""
    from incidents.story import MERGED

    rows = list(incidents)
    dismissed = [i.pk for i in rows if i.status == IncidentStatus.DISMISSED]
    reasons = dict(
        IncidentTransition.objects.filter(incident_id__in=dismissed, new=IncidentStatus.DISMISSED)
        .order_by("at", "id")
        .values_list("incident_id", "reason")
    )  # the last dismissal of each wins
    for i in rows:
        m = MERGED.search(reasons.get(i.pk, "") or "")
        i.merged_into = int(m["into"]) if m else None  # type: ignore[attr-defined]
    return rows
