"""Site rules' pages: the list with versions, the form (from an incident's line nothing explained,
or to edit a rule) with its what-if preview, and disable/enable. Thin: the verbs and the what-if
are ``incidents.site_rules``'; admins only (the services check and audit, the pages 403)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from incidents import site_rules as services
from incidents.attribution.site_rules import RuleError
from incidents.choices import Category, SiteRuleBlame, SiteRuleSource
from incidents.models import Incident, SiteRule, SiteRuleVersion
from monitoring.models import Cluster
from recovery_site.roles import Role, has_role


def _admin_only(request: HttpRequest) -> None:
    if not has_role(request.user, Role.ADMIN):
        raise PermissionDenied("site rules need the admin role")


@login_required
def rule_list(request: HttpRequest) -> HttpResponse:
    rules = SiteRule.objects.select_related("cluster").prefetch_related("versions")
    rows = [(r, list(r.versions.all())) for r in rules]
    return render(request, "actions/site_rules.html", {"rules": [(r, vs[0], vs) for r, vs in rows if vs]})


def _draft(post: Any) -> services.Draft:
    return services.Draft(
        pattern=post.get("pattern", ""),
        kind=post.get("kind", "").strip(),
        category=post.get("category", ""),
        blame=post.get("blame", ""),
        source=post.get("source", "job"),
        raises=post.get("raises") == "on",
        note=post.get("note", ""),
    )


def _digest(draft: services.Draft, scope: str) -> str:
    """What was previewed: "apply" writes only the rule whose what-if the admin saw."""
    raw = json.dumps([draft.__dict__, scope], sort_keys=True)
    return hashlib.sha256(raw.encode()).hexdigest()[:32]


def _form(
    request: HttpRequest, ctx: dict[str, Any], status: int = 200, hits: list[Any] | None = None
) -> HttpResponse:
    ctx |= {
        "categories": Category.choices,
        "blames": SiteRuleBlame.choices,
        "sources": SiteRuleSource.choices,
        "clusters": Cluster.objects.order_by("name"),
        "hits": hits,
    }
    return render(request, "actions/site_rule_form.html", ctx, status=status)


@login_required
def rule_new(request: HttpRequest) -> HttpResponse:
    """From an incident's line (``?incident=ID&line=N``): the form pre-filled with the line's template."""
    source = request.POST if request.method == "POST" else request.GET
    incident = None
    if source.get("incident", "").isdigit():
        incident = get_object_or_404(Incident.objects.select_related("cluster"), pk=int(source["incident"]))
    if request.method != "POST":
        _admin_only(request)
        index = int(source["line"]) if source.get("line", "").isdigit() else -1
        draft = services.draft_from_line(incident, index) if incident is not None else None
        draft = draft or services.Draft("", "", "software", "job")
        scope = incident.cluster.name if incident is not None else ""
        return _form(request, {"draft": draft, "incident": incident, "scope": scope, "rule": None})
    return _post(request, None, incident)


@login_required
def rule_edit(request: HttpRequest, pk: int) -> HttpResponse:
    rule = get_object_or_404(SiteRule.objects.select_related("cluster"), pk=pk)
    current = SiteRuleVersion.objects.get(rule=rule, version=rule.version)
    if request.method != "POST":
        _admin_only(request)
        draft = services.Draft(
            current.pattern, current.kind, current.category, current.blame, current.source, current.raises
        )
        ctx = {"draft": draft, "incident": current.from_incident, "scope": rule.scope_label, "rule": rule}
        return _form(request, ctx | {"expected_version": rule.version})
    return _post(request, rule, current.from_incident)


def _post(request: HttpRequest, rule: SiteRule | None, incident: Incident | None) -> HttpResponse:
    """Preview (the what-if) or apply: a bad field re-shows the form with what was typed and why."""
    now = timezone.now()
    post = request.POST
    draft = _draft(post)
    scope = rule.scope_label if rule is not None else post.get("scope", "")
    cluster = rule.cluster if rule is not None else Cluster.objects.filter(name=scope).first()
    expected = int(post["expected_version"]) if post.get("expected_version", "").isdigit() else 0
    ctx: dict[str, Any] = {"draft": draft, "incident": incident, "scope": scope, "rule": rule}
    ctx["expected_version"] = expected
    try:
        if rule is None and scope and cluster is None:
            raise RuleError(f"no cluster named {scope!r}; choose one, or every cluster")
        candidate = draft.value(rule.pk if rule else 0, expected + 1 if rule else 1)
        if post.get("action") == "apply" and post.get("previewed") == _digest(draft, scope):
            return _apply(request, rule, draft, cluster, incident, expected, now)
        if post.get("action") == "apply":
            messages.warning(
                request, "The rule changed since its preview: check what it would do, then apply."
            )
        hits = services.what_if(request.user, candidate, cluster)
    except (RuleError, services.RuleConflict) as exc:
        messages.error(request, f"Site rule not saved: {exc}")
        return _form(request, ctx, status=400)
    return _form(request, ctx | {"previewed": _digest(draft, scope)}, hits=hits)


def _apply(
    request: HttpRequest,
    rule: SiteRule | None,
    draft: services.Draft,
    cluster: Cluster | None,
    incident: Incident | None,
    expected: int,
    now: Any,
) -> HttpResponse:
    if rule is None:
        row = services.create_rule(request.user, draft, cluster=cluster, now=now, incident=incident)
    else:
        row = services.edit_rule(rule, request.user, draft, expected_version=expected, now=now)
    messages.success(request, f"Site rule #{row.rule_id} version {row.version} applies from the next tick.")
    return redirect("site-rules")


@require_POST
@login_required
def rule_enabled(request: HttpRequest, pk: int) -> HttpResponse:
    """Disable (``enabled=0``) or enable again: a new version either way."""
    rule = get_object_or_404(SiteRule.objects.select_related("cluster"), pk=pk)
    post = request.POST
    expected = int(post["expected_version"]) if post.get("expected_version", "").isdigit() else -1
    enabled = post.get("enabled") == "1"
    try:
        row = services.set_enabled(rule, request.user, enabled, expected_version=expected, now=timezone.now())
    except services.RuleConflict as exc:
        messages.error(request, str(exc))
    else:
        word = "enabled" if row.enabled else "disabled"
        messages.success(request, f"Site rule #{rule.pk} {word} (version {row.version}).")
    return redirect("site-rules")
