"""The incident page and its live fragment: evidence, timeline, recommendations, the story, metrics.

It lives in actions because it shows recommendations and what actions measured, over
incidents' own data. Template names stay ``incidents/…``.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseNotFound
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from actions.services.export import NothingRecorded, export_zip, scenario_name
from actions.services.reports import incident_metrics
from incidents.models import AuditRecord, Incident, unexplained_rows
from incidents.story import incident_story, status_label
from monitoring.telemetry import charts


def incident_context(incident: Incident) -> dict[str, object]:
    evidence = list(incident.evidence.all())
    recommendations = list(incident.recommendations.select_related("decided_by").order_by("created_at", "id"))
    audit = list(AuditRecord.objects.filter(incident_id=incident.pk).order_by("seq"))
    return {
        "incident": incident,
        "evidence": evidence,
        "unexplained": unexplained_rows(incident),
        "transitions": incident.transitions.all(),
        "recommendations": recommendations,
        "audit": audit,
        "story": incident_story(incident, recommendations, audit, [e.text for e in evidence]),
        "status_label": status_label(incident, audit),
        "metrics": incident_metrics(incident),
        "audit_link": f"{reverse('audit')}?{urlencode({'incident': incident.pk})}",
    }


@login_required
def incident_detail(request: HttpRequest, pk: int) -> HttpResponse:
    incident = get_object_or_404(Incident.objects.select_related("cluster"), pk=pk)
    context = incident_context(incident)
    context["chart_job"] = charts.own_job(incident)[0]
    context["chart_ranges"] = charts.incident_ranges()
    return render(request, "incidents/incident.html", context)


@login_required
def incident_fragment(request: HttpRequest, pk: int) -> HttpResponse:
    incident = get_object_or_404(Incident.objects.select_related("cluster"), pk=pk)
    return render(request, "incidents/_incident_body.html", incident_context(incident))


@login_required
def incident_scenario(request: HttpRequest, pk: int) -> HttpResponse:
    """The incident as a recovery-scenario/1 folder in a zip: add it to scenarios/ and `evaluate` runs it."""
    incident = get_object_or_404(Incident.objects.select_related("cluster"), pk=pk)
    try:
        data = export_zip(incident)
    except NothingRecorded as e:
        return HttpResponseNotFound(str(e), content_type="text/plain; charset=utf-8")
    response = HttpResponse(data, content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="{scenario_name(incident)}.zip"'
    return response
