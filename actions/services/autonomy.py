"""The verbs of the autonomy ladder: read it for a recommendation, change a rung, pull the switch.

Who may do what: operators flip a single node or job (and may pull the "back to
monitor" switch — lowering autonomy is always safe); admins set cluster and
partition levels and release the switch. A refused attempt is audited like a
granted one, so the trail shows who tried.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction

from actions.choices import MUTATING_ACTIONS, AutonomyKind, OverrideScope, RecStatus
from actions.models import AutonomyOverride, Recommendation
from actions.policy.autonomy import ACTION_KIND, Ladder, Resolution, Target, resolve
from actions.services.ceilings import clip_overrides, effective_ceiling
from actions.services.transitions import actor_name, refuse, transition_recommendation
from incidents.audit import append_audit
from incidents.choices import AuditEvent
from monitoring.choices import Autonomy
from monitoring.live import push_after_commit
from monitoring.models import Cluster, Job, Node
from recovery_site.roles import Role, has_role

INHERIT = "inherit"


def ladder_for(cluster: Cluster) -> Ladder:
    """Read fresh from the database: a switch pulled a moment ago must hold at once."""
    row = Cluster.objects.values(
        "autonomy", "monitor_only", *(f"{k}_autonomy" for k in AutonomyKind.values)
    ).get(pk=cluster.pk)
    per_kind = {kind: row[f"{kind}_autonomy"] for kind in AutonomyKind.values if row[f"{kind}_autonomy"]}
    overrides = {
        (o.scope, o.target, o.action_kind): o.level
        for o in AutonomyOverride.objects.filter(cluster_id=cluster.pk)
    }
    return Ladder(
        default=row["autonomy"], monitor_only=row["monitor_only"], per_kind=per_kind, overrides=overrides
    )


def target_of(rec: Recommendation) -> Target | None:
    """The job, nodes and partition a mutating recommendation touches; None for notify/escalate."""
    kind = ACTION_KIND.get(rec.action)
    if kind is None:
        return None
    if rec.job:
        job = Job.objects.filter(cluster=rec.cluster, slurm_id=rec.job).first()
        nodes = tuple(rec.exclude) or ((rec.node,) if rec.node else ())
        return Target(kind=kind, partition=job.partition if job else "", nodes=nodes, job=rec.job)
    node = Node.objects.filter(cluster=rec.cluster, name=rec.node).first()
    return Target(kind=kind, partition=node.partition if node else "", nodes=(rec.node,))


def level_for(rec: Recommendation) -> Resolution:
    target = target_of(rec)
    if target is None:
        return Resolution(Autonomy.AUTO, "notifications need no approval")
    return resolve(ladder_for(rec.cluster), target)


# ---------------------------------------------------------------- changing the ladder


def _audit_change(
    cluster: Cluster,
    user: Any,
    now: dt.datetime,
    action: str,
    outcome: str,
    detail: dict[str, Any],
    **where: str,
) -> None:
    append_audit(
        event=AuditEvent.AUTONOMY,
        at=now,
        actor=actor_name(user),
        cluster=cluster.name,
        action=action[:64],
        outcome=outcome[:64],
        detail=detail,
        **where,
    )
    push_after_commit("cluster", cluster=cluster.pk)


def _require(cluster: Cluster, user: Any, role: Role, now: dt.datetime, attempted: str) -> None:
    if has_role(user, role):
        return
    refuse(user, now, attempted, f"needs the {role.name.lower()} role", cluster=cluster.name)
    raise PermissionDenied(f"this needs the {role.name.lower()} role")


LEVEL_RANK = {Autonomy.MONITOR: 0, Autonomy.APPROVE: 1, Autonomy.AUTO: 2}


def operator_ceiling(cluster: Cluster, kind: str) -> str:
    """The highest level an operator may give one node or job for ``kind`` on this cluster."""
    if kind not in AutonomyKind.values:
        raise ValueError(f"unknown action kind {kind!r}")
    row = Cluster.objects.values("autonomy", f"{kind}_autonomy", f"operator_{kind}_ceiling").get(
        pk=cluster.pk
    )
    return effective_ceiling(row, kind)


def _target_exists(cluster: Cluster, scope: str, target: str) -> bool:
    if scope == OverrideScope.NODE:
        return Node.objects.filter(cluster=cluster, name=target).exists()
    if scope == OverrideScope.JOB:
        return Job.objects.filter(cluster=cluster, slurm_id=target).exists()
    return (
        target in (cluster.partitions or [])
        or Node.objects.filter(cluster=cluster, partition=target).exists()
    )


def _within_ceiling(
    cluster: Cluster, scope: str, target: str, kind: str, level: str, user: Any, now: dt.datetime
) -> None:
    """Operators move a node or job only up to the admin-set ceiling; a refusal is audited (rate-limited)."""
    if level == INHERIT or has_role(user, Role.ADMIN):
        return
    ceiling = operator_ceiling(cluster, kind)
    if LEVEL_RANK[level] <= LEVEL_RANK[ceiling]:
        return
    why = f"operators may set {kind} autonomy at most to {ceiling} on {cluster.name} (an admin sets this ceiling)"
    append_audit(
        event=AuditEvent.REFUSAL,
        at=now,
        actor=getattr(user, "username", None) or "anonymous",
        cluster=cluster.name,
        action=f"set {kind} autonomy of {scope} {target}"[:64],
        outcome="refused",
        detail={"attempted": f"{scope} {target} {kind} -> {level}", "why": why, "ceiling": ceiling},
    )
    raise PermissionDenied(why)


def _check_level(level: str, allow_inherit: bool = True) -> None:
    if level not in Autonomy.values and not (allow_inherit and level == INHERIT):
        raise ValueError(f"unknown autonomy level {level!r}")


def set_autonomy(cluster: Cluster, level: str, user: Any, now: dt.datetime, reason: str = "") -> None:
    """Admins: the cluster's default level (what every kind inherits)."""
    _check_level(level, allow_inherit=False)
    _require(cluster, user, Role.ADMIN, now, "set cluster autonomy")
    with transaction.atomic():
        old = cluster.autonomy
        before = Cluster.objects.filter(pk=cluster.pk).values().get()
        Cluster.objects.filter(pk=cluster.pk).update(autonomy=level)
        cluster.autonomy = level
        clip_overrides(cluster, before, user, now, "dashboard")
        _audit_change(
            cluster,
            user,
            now,
            f"autonomy {old} -> {level}",
            level,
            {"from": old, "to": level, "reason": reason[:500]},
        )


def set_kind_level(
    cluster: Cluster, kind: str, level: str, user: Any, now: dt.datetime, reason: str = ""
) -> None:
    """Admins: the cluster's level for one action kind ("inherit" = follow the cluster default)."""
    if kind not in AutonomyKind.values:
        raise ValueError(f"unknown action kind {kind!r}")
    _check_level(level)
    _require(cluster, user, Role.ADMIN, now, f"set {kind} autonomy")
    field = f"{kind}_autonomy"
    new = "" if level == INHERIT else level
    with transaction.atomic():
        old = getattr(cluster, field) or INHERIT
        before = Cluster.objects.filter(pk=cluster.pk).values().get()
        Cluster.objects.filter(pk=cluster.pk).update(**{field: new})
        setattr(cluster, field, new)
        clip_overrides(cluster, before, user, now, "dashboard")
        _audit_change(
            cluster,
            user,
            now,
            f"{kind} autonomy {old} -> {level}",
            level,
            {"kind": kind, "from": old, "to": level, "reason": reason[:500]},
        )


def set_override(
    cluster: Cluster,
    scope: str,
    target: str,
    kind: str,
    level: str,
    user: Any,
    now: dt.datetime,
    reason: str = "",
) -> None:
    """One partition (admins), node or job (operators) at its own level; "inherit" removes it."""
    if scope not in OverrideScope.values or kind not in AutonomyKind.values or not target:
        raise ValueError(f"unknown override {scope!r} {target!r} {kind!r}")
    _check_level(level)
    needed = Role.ADMIN if scope == OverrideScope.PARTITION else Role.OPERATOR
    _require(cluster, user, needed, now, f"set {kind} autonomy of {scope} {target}")
    if level != INHERIT and not _target_exists(
        cluster, scope, target
    ):  # removing a stale override stays possible
        raise ValueError(f"{cluster.name} has no {scope} {target[:128]!r}")
    _within_ceiling(cluster, scope, target, kind, level, user, now)
    key = {"cluster": cluster, "scope": scope, "target": target, "action_kind": kind}
    with transaction.atomic():
        current = AutonomyOverride.objects.select_for_update().filter(**key).first()
        old = current.level if current else INHERIT
        if level == INHERIT:
            AutonomyOverride.objects.filter(**key).delete()
        else:
            AutonomyOverride.objects.update_or_create(
                **key,
                defaults={
                    "level": level,
                    "set_by": user if getattr(user, "pk", None) else None,
                    "reason": reason[:500],
                    "at": now,
                },
            )
        where = (
            {"node": target}
            if scope == OverrideScope.NODE
            else {"workload": target}
            if scope == OverrideScope.JOB
            else {}
        )
        detail = {
            "scope": scope,
            "target": target,
            "kind": kind,
            "from": old,
            "to": level,
            "reason": reason[:500],
        }
        _audit_change(cluster, user, now, f"{scope} {target} {kind} {old} -> {level}", level, detail, **where)


# The audit action of an admin's release of the switch (the storm breaker counts from the last one).
RELEASE_ACTION = "release back to monitor"


def set_monitor_only(cluster: Cluster, on: bool, user: Any, now: dt.datetime, reason: str = "") -> bool:
    """The "back to monitor" switch. Operators may pull it, only admins release it.

    ``user`` None is the controller itself (the storm breaker). Returns False when
    the switch already was in that position (nothing audited twice).
    """
    if user is not None:
        _require(
            cluster,
            user,
            Role.OPERATOR if on else Role.ADMIN,
            now,
            "back to monitor" if on else RELEASE_ACTION,
        )
    with transaction.atomic():
        changed = Cluster.objects.filter(pk=cluster.pk, monitor_only=not on).update(
            monitor_only=on, monitor_only_reason=reason[:500] if on else ""
        )
        cluster.monitor_only, cluster.monitor_only_reason = on, (reason[:500] if on else "")
        if not changed:
            return False
        action = "back to monitor" if on else RELEASE_ACTION
        _audit_change(
            cluster,
            user,
            now,
            action,
            "monitor" if on else "levels restored",
            {"monitor_only": on, "reason": reason[:500]},
        )
        if on:
            _stop_automatic(cluster, f"back to monitor: {reason}" if reason else "back to monitor", now)
    return True


def _stop_automatic(cluster: Cluster, why: str, now: dt.datetime) -> int:
    """Mutating actions approved by the ladder (no person decided them) and not yet started are held.

    Held, not ended: releasing the switch routes them again (``actionable.reroute_held``).
    What an operator approved stays approved: that was a person's decision.
    Notifications and escalations still go out.
    """
    pending = Recommendation.objects.filter(
        cluster=cluster, status=RecStatus.APPROVED, decided_by__isnull=True, action__in=list(MUTATING_ACTIONS)
    ).select_related("incident", "cluster")
    return sum(transition_recommendation(rec, RecStatus.HELD, at=now, reason=why) for rec in pending)


def overrides_of(cluster: Cluster) -> list[AutonomyOverride]:
    return list(AutonomyOverride.objects.filter(cluster=cluster).select_related("set_by"))
