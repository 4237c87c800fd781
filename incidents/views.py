"""Incident pages and the audit log."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from incidents.models import AuditRecord, Incident
from incidents.services import IllegalTransition, dismiss_incident
from recovery_site.decorators import role_required
from recovery_site.roles import Role

AUDIT_FILTERS = ("cluster", "workload", "node", "incident_id", "actor", "event")


def incident_context(incident: Incident) -> dict[str, object]:
    return {
        "incident": incident,
        "evidence": incident.evidence.all(),
        "transitions": incident.transitions.all(),
        "recommendations": incident.recommendations.select_related("decided_by").order_by("created_at", "id"),
        "audit": AuditRecord.objects.filter(incident_id=incident.pk).order_by("seq"),
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
    qs = AuditRecord.objects.all().order_by("-seq")
    active = {}
    for f in AUDIT_FILTERS:
        value = request.GET.get(f, "").strip()
        if value:
            if f == "incident_id" and not value.isdigit():
                continue
            qs = qs.filter(**{f: value})
            active[f] = value
    page = Paginator(qs, 50).get_page(request.GET.get("page"))
    context = {
        "page": page,
        "filter_fields": [(f, active.get(f, "")) for f in AUDIT_FILTERS],
        "query": urlencode(active),
    }
    return render(request, "incidents/audit.html", context)
