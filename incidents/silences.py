"""Silences (maintenance windows): the controller records what it sees there but acts on nothing and pages nobody.

Operators drain nodes for maintenance and do not want a controller acting on them
meanwhile. A silence matches by cluster and, where given, partition, node, job and
pattern (a substring of the detection pattern, case-insensitive), between its start
and end. Operators create silences for a node or a job; a cluster-wide, partition
or pattern silence can quiet many nodes at once, so it needs an admin. Creating and
ending one is audited; a refused attempt too.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q, QuerySet

from incidents.audit import append_audit
from incidents.audit.refusal import actor_name, refuse
from incidents.choices import AuditEvent
from incidents.models import Incident, Silence
from monitoring.live import push_after_commit
from monitoring.models import Cluster, Job, Node
from recovery_site.roles import Role, has_role

MAX_DURATION = dt.timedelta(days=14)
EXPIRING_WITHIN = dt.timedelta(hours=1)


def active_silences(cluster: Cluster | None, now: dt.datetime) -> QuerySet[Silence]:
    qs = Silence.objects.filter(
        starts_at__lte=now, ends_at__gt=now, ended_early_at__isnull=True
    ).select_related("cluster")
    return qs.filter(cluster=cluster) if cluster is not None else qs


def expiring_silences(now: dt.datetime) -> QuerySet[Silence]:
    """Active silences that end within the hour: shown so nobody is surprised when paging resumes."""
    return active_silences(None, now).filter(ends_at__lte=now + EXPIRING_WITHIN).order_by("ends_at")


def _partitions_of(incident: Incident) -> set[str]:
    parts = set(
        Job.objects.filter(cluster=incident.cluster, slurm_id__in=incident.jobs).values_list(
            "partition", flat=True
        )
    )
    if incident.culprit_node:
        parts |= set(
            Node.objects.filter(cluster=incident.cluster, name=incident.culprit_node).values_list(
                "partition", flat=True
            )
        )
    return {p for p in parts if p}


def matches(silence: Silence, incident: Incident) -> bool:
    if silence.cluster_id != incident.cluster_id:
        return False
    if silence.node and silence.node != incident.culprit_node:
        return False
    if silence.job and silence.job not in incident.jobs:
        return False
    if silence.pattern and silence.pattern.lower() not in (incident.pattern or "").lower():
        return False
    return not silence.partition or silence.partition in _partitions_of(incident)


def silence_for(incident: Incident, now: dt.datetime) -> Silence | None:
    """The active silence covering this incident now, if any; marks the incident silenced by it."""
    found = next(
        (
            s
            for s in active_silences(incident.cluster, now).filter(_could_match(incident))
            if matches(s, incident)
        ),
        None,
    )
    if found is not None and incident.silenced_by_id != found.pk:
        Incident.objects.filter(pk=incident.pk).update(silenced_by=found)
        incident.silenced_by = found
        push_after_commit("incident", id=incident.pk, cluster=incident.cluster_id)
    return found


def _could_match(incident: Incident) -> Q:
    return (Q(node="") | Q(node=incident.culprit_node)) & (Q(job="") | Q(job__in=list(incident.jobs)))


# ---------------------------------------------------------------- creating and ending


def _audit(
    silence: Silence, actor: str, now: dt.datetime, action: str, outcome: str, detail: dict[str, Any]
) -> None:
    append_audit(
        event=AuditEvent.SILENCE,
        at=now,
        actor=actor,
        cluster=silence.cluster.name,
        node=silence.node,
        workload=silence.job,
        pattern=silence.pattern,
        action=action[:64],
        outcome=outcome[:64],
        detail=detail,
    )
    push_after_commit("cluster", cluster=silence.cluster_id)


def create_silence(
    cluster: Cluster,
    user: Any,
    *,
    starts_at: dt.datetime,
    ends_at: dt.datetime,
    reason: str,
    now: dt.datetime,
    partition: str = "",
    node: str = "",
    job: str = "",
    pattern: str = "",
) -> Silence:
    silence = Silence(
        cluster=cluster,
        partition=partition.strip(),
        node=node.strip(),
        job=job.strip(),
        pattern=pattern.strip(),
        starts_at=starts_at,
        ends_at=ends_at,
        reason=reason.strip()[:500],
        created_at=now,
    )
    needed = Role.ADMIN if silence.cluster_wide else Role.OPERATOR
    if not has_role(user, needed):
        why = (
            "a cluster-wide, partition or pattern silence needs the admin role"
            if needed == Role.ADMIN
            else "insufficient role"
        )
        refuse(
            user, now, "create silence", why, cluster=cluster.name, node=silence.node, workload=silence.job
        )
        raise PermissionDenied(why)
    if not silence.reason:
        raise ValueError("a silence needs a reason")
    if ends_at <= starts_at:
        raise ValueError("a silence must end after it starts")
    if ends_at - starts_at > MAX_DURATION:
        raise ValueError(f"a silence lasts at most {MAX_DURATION.days} days")
    if ends_at <= now:
        raise ValueError("that silence would already be over")
    silence.created_by = actor_name(user) or "anonymous"
    with transaction.atomic():
        silence.save()
        _audit(
            silence,
            silence.created_by,
            now,
            f"create silence #{silence.pk}",
            "silenced",
            {
                "scope": silence.scope_label,
                "starts_at": starts_at.isoformat(),
                "ends_at": ends_at.isoformat(),
                "reason": silence.reason,
            },
        )
    return silence


def end_silence(silence: Silence, user: Any, now: dt.datetime) -> bool:
    """End a silence early (same role as creating it). False when it was already over."""
    needed = Role.ADMIN if silence.cluster_wide else Role.OPERATOR
    if not has_role(user, needed):
        refuse(
            user,
            now,
            "end silence",
            "insufficient role",
            cluster=silence.cluster.name,
            node=silence.node,
            workload=silence.job,
        )
        raise PermissionDenied("insufficient role to end this silence")
    with transaction.atomic():
        if not Silence.objects.filter(pk=silence.pk, ended_early_at__isnull=True, ends_at__gt=now).update(
            ended_early_at=now
        ):
            return False
        silence.ended_early_at = now
        _audit(
            silence,
            actor_name(user) or "anonymous",
            now,
            f"end silence #{silence.pk}",
            "ended",
            {"scope": silence.scope_label},
        )
    return True
