"""Site rules as code: export every rule to a file, change it under review, apply it back.

``manage.py site_rules export rules.yaml`` writes each rule's version in force; ``manage.py
site_rules apply rules.yaml --as ada [--dry-run]`` plans the changes the file asks for and, unless
it is a dry run, makes them through the same verbs the rules page uses (``incidents.site_rules``:
admin role checked, a new version each, every change audited). The file's shape::

    site_rules:
      - id: 3              # an existing rule; absent: a new one
        version: 2         # the version the file was written from (a newer one in the database: refused)
        scope: gpu-east    # a cluster's name; "" or absent: every cluster (an existing rule keeps its own)
        pattern: "nvme\\d+: I/O \\d+ QID \\d+ timeout"
        kind: nvme_timeout
        category: node_failure
        blame: node
        source: kernel
        raises: true
        enabled: true
        note: "our NVMe scratch disks; see INC-1432"

Applying the file it was exported to changes nothing. A rule missing from the file is left as it is
(rules are disabled, never deleted: their versions explain past verdicts). Each new or edited rule
is tried first over the recorded incidents (``what_if``), and the plan says what it would have
matched. Nothing is written unless every entry of the file is valid.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from incidents import site_rules as services
from incidents.attribution import site_rules as pure
from incidents.models import SiteRule, SiteRuleVersion
from monitoring.models import Cluster

KEYS = {
    "id",
    "version",
    "scope",
    "pattern",
    "kind",
    "category",
    "blame",
    "source",
    "raises",
    "enabled",
    "note",
}
DRAFT_KEYS = ("pattern", "kind", "category", "blame", "source", "raises", "note")


class SpecError(ValueError):
    """The file asks for something that cannot be: nothing was changed."""


@dataclass
class Change:
    verb: str  # "create", "edit", "enable", "disable"
    draft: services.Draft | None
    rule: SiteRule | None
    cluster: Cluster | None
    expected: int
    what: str
    hits: list[services.WhatIfHit] = field(default_factory=list)

    def line(self) -> str:
        tried = ""
        if self.verb in ("create", "edit"):
            decides = sum(1 for h in self.hits if h.decides)
            tried = f"; what-if: would have matched {len(self.hits)} recorded incident(s), deciding {decides}"
        return f"{self.verb} {self.what}{tried}"


@dataclass
class Plan:
    changes: list[Change]

    @property
    def empty(self) -> bool:
        return not self.changes

    def lines(self) -> list[str]:
        return [c.line() for c in self.changes]


def export() -> dict[str, Any]:
    """Every rule's version in force, in the file's shape (ids and versions included)."""
    out = []
    rules = SiteRule.objects.select_related("cluster").order_by("pk")
    current = {
        (v.rule_id, v.version): v
        for v in SiteRuleVersion.objects.filter(rule__in=rules).order_by("rule_id", "version")
    }
    for rule in rules:
        row = current.get((rule.pk, rule.version))
        if row is None:
            continue
        out.append(
            {
                "id": rule.pk,
                "version": rule.version,
                "scope": rule.cluster.name if rule.cluster else "",
                "pattern": row.pattern,
                "kind": row.kind,
                "category": row.category,
                "blame": row.blame,
                "source": row.source,
                "raises": row.raises,
                "enabled": row.enabled,
                "note": row.note,
            }
        )
    return {"site_rules": out}


def _draft(entry: dict[str, Any], n: int) -> services.Draft:
    for key in ("pattern", "kind", "category", "blame"):
        if not isinstance(entry.get(key), str) or not entry[key]:
            raise SpecError(f"entry {n}: '{key}' is required (a string)")
    if not isinstance(entry.get("source", "job"), str):
        raise SpecError(f"entry {n}: 'source' must be a string")
    if not isinstance(entry.get("raises", False), bool):
        raise SpecError(f"entry {n}: 'raises' must be true or false")
    if not isinstance(entry.get("note", ""), str):
        raise SpecError(f"entry {n}: 'note' must be a string")
    draft = services.Draft(
        pattern=entry["pattern"],
        kind=entry["kind"].strip(),
        category=entry["category"],
        blame=entry["blame"],
        source=entry.get("source", "job"),
        raises=entry.get("raises", False),
        note=entry.get("note", "") or "",
    )
    try:
        draft.value(int(entry.get("id") or 0))
    except pure.RuleError as exc:
        raise SpecError(f"entry {n}: {exc}") from exc
    return draft


def _same(row: SiteRuleVersion, draft: services.Draft) -> bool:
    return all(getattr(row, k) == getattr(draft, k) for k in DRAFT_KEYS if k != "note") and (
        row.note == draft.note.strip()
    )


def plan(spec: Any, user: Any) -> Plan:
    """The changes ``spec`` asks for (validated whole, each new or edited rule tried with what-if)."""
    if not isinstance(spec, dict) or not isinstance(spec.get("site_rules"), list):
        raise SpecError("the file must hold a 'site_rules' list")
    extra = set(spec) - {"site_rules"}
    if extra:
        raise SpecError(f"unknown top-level key(s): {', '.join(sorted(map(str, extra)))}")
    changes: list[Change] = []
    seen: set[int] = set()
    for n, entry in enumerate(spec["site_rules"], start=1):
        if not isinstance(entry, dict):
            raise SpecError(f"entry {n}: a mapping of the rule's fields")
        unknown = set(entry) - KEYS
        if unknown:
            raise SpecError(f"entry {n}: unknown key(s) {', '.join(sorted(map(str, unknown)))}")
        enabled = entry.get("enabled", True)
        if not isinstance(enabled, bool):
            raise SpecError(f"entry {n}: 'enabled' must be true or false")
        draft = _draft(entry, n)
        rid = entry.get("id")
        if rid is None:
            scope = entry.get("scope") or ""
            if not isinstance(scope, str):
                raise SpecError(f"entry {n}: 'scope' must be a cluster's name or empty")
            cluster = Cluster.objects.filter(name=scope).first() if scope else None
            if scope and cluster is None:
                raise SpecError(f"entry {n}: no cluster named {scope!r}")
            if not enabled:
                raise SpecError(f"entry {n}: a new rule starts enabled (create it, then disable it)")
            c = Change(
                "create", draft, None, cluster, 0, f"a new rule '{draft.kind}' on {scope or 'every cluster'}"
            )
            c.hits = services.what_if(user, draft.value(), cluster)
            changes.append(c)
            continue
        if type(rid) is not int or rid in seen:
            raise SpecError(f"entry {n}: 'id' must be a rule's number, once in the file")
        seen.add(rid)
        rule = SiteRule.objects.select_related("cluster").filter(pk=rid).first()
        if rule is None:
            raise SpecError(f"entry {n}: no site rule #{rid}")
        version = entry.get("version", rule.version)
        if type(version) is not int or version != rule.version:
            raise SpecError(
                f"entry {n}: site rule #{rid} is at version {rule.version}, the file was written from "
                f"version {version}: export again and redo the change"
            )
        scope = entry.get("scope")
        if scope is not None and (scope or "") != (rule.cluster.name if rule.cluster else ""):
            raise SpecError(f"entry {n}: a rule's scope cannot change (create a new rule, disable this one)")
        row = SiteRuleVersion.objects.get(rule=rule, version=rule.version)
        expected = rule.version
        if not _same(row, draft):
            c = Change(
                "edit",
                draft,
                rule,
                rule.cluster,
                expected,
                f"site rule #{rid} (v{expected} -> v{expected + 1})",
            )
            c.hits = services.what_if(user, draft.value(rid, expected + 1), rule.cluster)
            changes.append(c)
            expected += 1
        if enabled != row.enabled:
            verb = "enable" if enabled else "disable"
            changes.append(Change(verb, None, rule, rule.cluster, expected, f"site rule #{rid}"))
    return Plan(changes)


def apply(p: Plan, user: Any, now: dt.datetime) -> int:
    """Make the plan's changes (all or none); each is role-checked and audited by its verb."""
    with transaction.atomic():
        for c in p.changes:
            if c.verb == "create":
                assert c.draft is not None
                services.create_rule(user, c.draft, cluster=c.cluster, now=now)
            elif c.verb == "edit":
                assert c.rule is not None and c.draft is not None
                services.edit_rule(c.rule, user, c.draft, expected_version=c.expected, now=now)
            else:
                assert c.rule is not None
                services.set_enabled(c.rule, user, c.verb == "enable", expected_version=c.expected, now=now)
    return len(p.changes)
