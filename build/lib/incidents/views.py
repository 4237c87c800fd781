"""Incident pages and the audit log."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseForbidden,
    StreamingHttpResponse,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from incidents import feedback
from incidents.audit_export import csv_lines, in_chain_order, json_chunks
from incidents.audit_filters import FILTER_NAMES, TIME_FILTERS, parse_filters
from incidents.models import AuditRecord, Incident
from incidents.services import IllegalTransition, dismiss_incident
from incidents.story import incident_story
from recovery_site.decorators import role_required
from recovery_site.roles import Role


def incident_context(incident: Incident) -> dict[str, object]:
    # Pages sit above every app: the incident page also shows what actions/ measured.
    from actions.insights import incident_metrics

    evidence = list(incident.evidence.all())
    recommendations = list(incident.recommendations.select_related("decided_by").order_by("created_at", "id"))
    audit = list(AuditRecord.objects.filter(incident_id=incident.pk).order_by("seq"))
    return {
        "incident": incident,
        "evidence": evidence,
        "transitions": incident.transitions.all(),
        "recommendations": recommendations,
        "audit": audit,
        "story": incident_story(incident, recommendations, audit, [e.text for e in evidence]),
        "metrics": incident_metrics(incident),
        "audit_link": f"{reverse('audit')}?{urlencode({'incident': incident.pk})}",
    }


@login_required
def incident_detail(request: HttpRequest, pk: int) -> HttpResponse:
    incident = get_object_or_404(Incident.objects.select_related("cluster"), pk=pk)
    return render(request, "incidents/incident.html", incident_context(incident))


@login_required
def incident_fragment(request: HttpRequest, pk: int) -> HttpResponse:
    incident = get_object_or_404(Incident.objects.select_related("cluster"), pk=pk)
    return render(request, "incidents/_incident_body.html", incident_context(incident))


@require_POST
@role_required(Role.OPERATOR)
def dismiss(request: HttpRequest, pk: int) -> HttpResponse:
    incident = get_object_or_404(Incident, pk=pk)
    try:
        if dismiss_incident(incident, request.user, request.POST.get("reason", "")[:1000], timezone.now()):
            messages.success(request, "Incident dismissed as a false alarm.")
    except IllegalTransition:
        messages.error(request, f"An incident that is {incident.get_status_display().lower()} cannot be dismissed.")
    return redirect("incident", pk=pk)


@login_required
def audit_log(request: HttpRequest) -> HttpResponse:
    filters = parse_filters(request.GET)
    qs = filters.apply(AuditRecord.objects.all()).order_by("-seq")
    page = Paginator(qs, 50).get_page(request.GET.get("page"))
    query = urlencode(filters.active)
    context = {
        "page": page,
        "filter_fields": [(f, filters.active.get(f, "")) for f in FILTER_NAMES if f not in TIME_FILTERS],
        "time_fields": [(f, filters.active.get(f, "")) for f in TIME_FILTERS],
        "filter_errors": filters.errors,
        "query": query,
        "export_csv": f"{reverse('audit-export', args=['csv'])}?{query}",
        "export_json": f"{reverse('audit-export', args=['json'])}?{query}",
    }
    return render(request, "incidents/audit.html", context)


def _token_user(request: HttpRequest) -> None:
    """Scripts export with the API's token (``Authorization: Token …``), browsers with their session."""
    if request.user.is_authenticated or "HTTP_AUTHORIZATION" not in request.META:
        return
    from rest_framework.authentication import TokenAuthentication
    from rest_framework.exceptions import AuthenticationFailed

    try:
        found = TokenAuthentication().authenticate(request)  # type: ignore[arg-type]
    except AuthenticationFailed:
        return
    if found:
        request.user = found[0]


def audit_export(request: HttpRequest, fmt: str) -> HttpResponse:
    """The filtered trail as a streamed CSV or JSON download, in chain order."""
    _token_user(request)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if fmt not in ("csv", "json"):
        raise Http404("export formats are csv and json")
    filters = parse_filters(request.GET)
    if filters.errors:
        return HttpResponseBadRequest("; ".join(filters.errors), content_type="text/plain")
    records = in_chain_order(filters.apply(AuditRecord.objects.all()))
    if fmt == "csv":
        response = StreamingHttpResponse(csv_lines(records), content_type="text/csv; charset=utf-8")
    else:
        response = StreamingHttpResponse(json_chunks(records), content_type="application/json")
    stamp = timezone.now().strftime("%Y%m%dT%H%M%SZ")
    response["Content-Disposition"] = f'attachment; filename="audit-{stamp}.{fmt}"'
    return response


@require_POST
@login_required
def mark_verdict(request: HttpRequest, pk: int) -> HttpResponse:
    """An operator says whether the verdict was right; a viewer's attempt is refused and audited."""
    incident = get_object_or_404(Incident.objects.select_related("cluster"), pk=pk)
    verdict = request.POST.get("verdict", "")
    try:
        changed = feedback.mark_verdict(incident, request.user, verdict, timezone.now(), request.POST.get("note", "")[:500])
    except PermissionDenied as exc:
        return HttpResponseForbidden(str(exc))
    except ValueError as exc:
        messages.error(request, str(exc))
    else:
        if changed:
            messages.success(request, f"Verdict marked {verdict}.")
    return redirect("incident", pk=pk)
