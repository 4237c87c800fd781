"""Site rules: the verbs (create, edit, disable, enable), the what-if, and the rules a tick loads.

An admin turns a line nothing explained into a rule (``incidents.attribution.site_rules`` is
the pure part: the value, its validation, its matching, its verdict). Every change is a new
version row under one :class:`~incidents.models.SiteRule`, written with its audit record in
one transaction, by admins only; a refused attempt is audited too (``refuse``). Before a rule
applies, :func:`what_if` runs it over the recorded incidents' stored lines nothing explained
and says which incidents it would have matched and what it would have said.
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import F, Q

from incidents.attribution import site_rules as pure
from incidents.audit import append_audit
from incidents.audit.refusal import actor_name, refuse
from incidents.choices import AuditEvent
from incidents.models import Incident, SiteRule, SiteRuleVersion, culprit_label, unexplained_rows
from monitoring.models import Cluster
from monitoring.prepared import CLUSTER_ID, model_rows
from recovery_site.roles import Role, has_role

log = logging.getLogger(__name__)

WHATIF_INCIDENTS = 2000  # the most recent incidents a what-if reads (their stored lines only)


class RuleConflict(ValueError):
    """The rule changed since the form was loaded (another admin's edit): nothing was written."""


@dataclass(frozen=True)
class Draft:
    """What the form says of a rule: the fields a version carries besides its id and number."""

    pattern: str
    kind: str
    category: str
    blame: str
    source: str = "job"
    raises: bool = False
    note: str = ""

    def value(self, rule_id: int = 0, version: int = 1) -> pure.SiteRule:
        """The pure rule; ``RuleError`` (a ValueError) says what is wrong, in words for the form."""
        if len(self.note) > 500:
            raise pure.RuleError("the note is at most 500 characters")
        return pure.SiteRule(
            rule_id, version, self.pattern, self.kind, self.category, self.blame, self.source, self.raises
        )


# ------------------------------------------------------------------ what a tick and an export load


def _in_force(cluster_id: int) -> Any:
    # The cluster's own first (its id sorts before the global rules' NULL), then by rule.
    return SiteRuleVersion.objects.filter(
        Q(rule__cluster_id=cluster_id) | Q(rule__cluster__isnull=True),
        version=F("rule__version"),
        enabled=True,
    ).order_by(F("rule__cluster_id").asc(nulls_last=True), "rule_id")


# Read every tick by every cluster's loop: the SQL is built once a process (monitoring/prepared.py).
_IN_FORCE = model_rows(SiteRuleVersion, _in_force, CLUSTER_ID)


def rule_set_for(cluster: Cluster) -> pure.RuleSet:
    """The rules in force for the cluster now: its own enabled rules, then the global ones."""
    return _rule_set(_IN_FORCE(cluster.pk))


def rules_as_of(cluster: Cluster, at: dt.datetime) -> pure.RuleSet:
    """The rules that were in force for the cluster at ``at`` (for an export: what decided then)."""
    rows = (
        SiteRuleVersion.objects.filter(Q(rule__cluster=cluster) | Q(rule__cluster__isnull=True))
        .filter(created_at__lte=at)
        .select_related("rule")
        .order_by("rule_id", "-version")
    )
    latest: dict[int, SiteRuleVersion] = {}
    for v in rows:
        latest.setdefault(v.rule_id, v)
    current = [v for v in latest.values() if v.enabled]
    return _rule_set(sorted(current, key=lambda v: (v.rule.cluster_id is None, v.rule_id)))


def _rule_set(rows: list[SiteRuleVersion]) -> pure.RuleSet:
    rules = []
    for row in rows[: pure.MAX_RULES]:
        try:
            rules.append(row.value())
        except pure.RuleError:  # a row written under other limits must not stop the loop
            log.warning("site rule #%s v%s no longer validates; skipped", row.rule_id, row.version)
    return pure.RuleSet(rules)


# ------------------------------------------------------------------ the verbs


def _require_admin(user: Any, now: dt.datetime, attempted: str, cluster: Cluster | None) -> None:
    if not has_role(user, Role.ADMIN):
        why = "site rules need the admin role"
        refuse(user, now, attempted, why, cluster=cluster.name if cluster else "")
        raise PermissionDenied(why)


def _audit(row: SiteRuleVersion, now: dt.datetime, action: str, before: SiteRuleVersion | None) -> None:
    rule = row.rule
    detail: dict[str, Any] = {
        "rule": row.value().to_dict(),
        "enabled": row.enabled,
        "scope": rule.scope_label,
    }
    if row.note:
        detail["note"] = row.note
    if before is not None:
        detail["before"] = {**before.value().to_dict(), "enabled": before.enabled}
    append_audit(
        event=AuditEvent.SITE_RULE,
        at=now,
        actor=row.created_by,
        cluster=rule.cluster.name if rule.cluster else "",
        incident_id=row.from_incident_id,
        pattern=row.value().pattern_name,
        action=f"{action} site rule #{rule.pk}"[:64],
        outcome=f"version {row.version}",
        detail=detail,
    )


def create_rule(
    user: Any, draft: Draft, *, cluster: Cluster | None, now: dt.datetime, incident: Incident | None = None
) -> SiteRuleVersion:
    """A new rule, version 1, enabled; ``cluster`` None: every cluster."""
    _require_admin(user, now, "create site rule", cluster)
    draft.value()  # validate before anything is written
    who = actor_name(user) or "anonymous"
    with transaction.atomic():
        rule = SiteRule.objects.create(cluster=cluster, version=1, created_by=who, created_at=now)
        row = _write(rule, 1, draft, enabled=True, who=who, now=now, incident=incident)
        _audit(row, now, "create", None)
    return row


def edit_rule(
    rule: SiteRule, user: Any, draft: Draft, *, expected_version: int, now: dt.datetime
) -> SiteRuleVersion:
    """A new version with the draft's fields (the rule keeps its enabled state)."""
    _require_admin(user, now, "edit site rule", rule.cluster)
    draft.value(rule.pk)
    return _next_version(rule, user, draft, None, expected_version, now, "edit")


def set_enabled(
    rule: SiteRule, user: Any, enabled: bool, *, expected_version: int, now: dt.datetime
) -> SiteRuleVersion:
    """Disable (or enable again) a rule: a new version, the same fields."""
    verb = "enable" if enabled else "disable"
    _require_admin(user, now, f"{verb} site rule", rule.cluster)
    return _next_version(rule, user, None, enabled, expected_version, now, verb)


def _next_version(
    rule: SiteRule,
    user: Any,
    draft: Draft | None,
    enabled: bool | None,
    expected: int,
    now: dt.datetime,
    verb: str,
) -> SiteRuleVersion:
    who = actor_name(user) or "anonymous"
    with transaction.atomic():
        # The guarded update: nothing updated means another admin's change came first.
        if not SiteRule.objects.filter(pk=rule.pk, version=expected).update(version=expected + 1):
            raise RuleConflict(
                f"site rule #{rule.pk} changed since you loaded it (now version "
                f"{SiteRule.objects.get(pk=rule.pk).version}); reload it and make your change again"
            )
        before = SiteRuleVersion.objects.select_related("rule__cluster").get(rule=rule, version=expected)
        if draft is None:
            draft = Draft(
                before.pattern, before.kind, before.category, before.blame, before.source, before.raises
            )
        on = before.enabled if enabled is None else enabled
        rule.version = expected + 1
        row = _write(rule, expected + 1, draft, enabled=on, who=who, now=now, incident=before.from_incident)
        _audit(row, now, verb, before)
    return row


def _write(
    rule: SiteRule,
    version: int,
    draft: Draft,
    *,
    enabled: bool,
    who: str,
    now: dt.datetime,
    incident: Incident | None,
) -> SiteRuleVersion:
    return SiteRuleVersion.objects.create(
        rule=rule,
        version=version,
        pattern=draft.pattern,
        kind=draft.kind,
        category=draft.category,
        blame=draft.blame,
        source=draft.source,
        raises=draft.raises,
        enabled=enabled,
        note=draft.note.strip(),
        created_by=who,
        created_at=now,
        from_incident=incident,
    )


# ------------------------------------------------------------------ what-if


def stored_lines(incident: Incident) -> list[dict[str, Any]]:
    """The incident's stored lines nothing explained, as ``unexplained_rows`` keeps them (same order)."""
    return [
        u for u in incident.unexplained or () if isinstance(u, dict) and isinstance(u.get("t"), (int, float))
    ]


def draft_from_line(incident: Incident, index: int) -> Draft | None:
    """The form's first draft for the incident's ``index``-th listed line: its template as the pattern."""
    lines = stored_lines(incident)
    if not 0 <= index < len(lines):
        return None
    u = lines[index]
    source = "kernel" if u.get("source") == "kernel" else "job"
    blame = "node" if source == "kernel" else "job"
    category = "node_failure" if source == "kernel" else "software"
    return Draft(pure.suggest_pattern(str(u.get("line", ""))), "", category, blame, source)


@dataclass(frozen=True)
class WhatIfHit:
    """One recorded incident the candidate rule would have matched, and what it would have said."""

    incident: Incident
    lines: tuple[dict[str, Any], ...]  # its stored lines the rule matches (unexplained_rows' shape)
    decides: bool  # no built-in rule explained it: the rule's verdict would replace the fallback
    would_say: str


def what_if(
    user: Any, candidate: pure.SiteRule, cluster: Cluster | None, limit: int = WHATIF_INCIDENTS
) -> list[WhatIfHit]:
    """Run the candidate over the recorded incidents' stored lines nothing explained (the cluster's,
    or every cluster's for a global rule), newest first. Reads only; admins only."""
    if not has_role(user, Role.ADMIN):
        raise PermissionDenied("site rules need the admin role")
    rows = Incident.objects.select_related("cluster").exclude(unexplained=[]).order_by("-detected_at")
    if cluster is not None:
        rows = rows.filter(cluster=cluster)
    hits = []
    for inc in rows[:limit]:
        raw = stored_lines(inc)
        matched = [
            row
            for u, row in zip(raw, unexplained_rows(inc), strict=False)
            if u.get("source") == candidate.source and candidate.matches(str(u.get("line", "")))
        ]
        if matched:
            hits.append(_hit(inc, candidate, matched, raw))
    return hits


def _hit(
    inc: Incident, rule: pure.SiteRule, matched: list[dict[str, Any]], raw: list[dict[str, Any]]
) -> WhatIfHit:
    weak = inc.pattern in pure.FALLBACK_PATTERNS or inc.pattern.startswith("site_rule:")
    first = next(u for u in raw if rule.matches(str(u.get("line", ""))) and u.get("source") == rule.source)
    node = str(first.get("node") or "") if rule.blame in ("node", "gpu") else ""
    blamed = culprit_label(node, None) if rule.blame in ("node", "gpu") else f"the {rule.blame}"
    if weak:
        says = f"{rule.category}, blames {blamed} (was {inc.category}, {inc.pattern})"
    else:
        says = f"stays {inc.category} ({inc.pattern}): a built-in rule decided it; the line becomes evidence"
    return WhatIfHit(inc, tuple(matched), weak, says)
