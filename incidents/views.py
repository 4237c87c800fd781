"""The audit log and its export, judging an incident, and an incident's GPU chart data.

The incident page itself shows recommendations and metrics too, so it lives in
actions/views/incidents.py (a page lives in the lowest app that owns all its data).
"""

from __future__ import annotations

import time
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    JsonResponse,
    StreamingHttpResponse,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from incidents import services as feedback
from incidents.audit.export import csv_lines, in_chain_order, json_chunks
from incidents.audit.filters import FILTER_NAMES, TIME_FILTERS, parse_filters
from incidents.audit.paging import CursorError, audit_window, count_text
from incidents.audit.state import chain_state
from incidents.models import AuditRecord, Incident
from monitoring.telemetry import charts
from monitoring.views import json_login_required


@login_required
def audit_log(request: HttpRequest) -> HttpResponse:
    """The trail newest first, in keyset pages (``?before=``/``?after=`` a seq; see incidents.audit.paging)."""
    filters = parse_filters(request.GET)
    qs = filters.apply(AuditRecord.objects.all())
    status = 200
    try:
        window = audit_window(qs, request.GET, filtered=bool(filters.active))
    except CursorError as exc:
        filters.errors.append(str(exc))
        window, status = audit_window(qs, {}, filtered=bool(filters.active)), 400
    query = urlencode(filters.active)
    context = {
        "window": window,
        "total": count_text(window),
        "filtered": bool(filters.active),
        "filter_fields": [(f, filters.active.get(f, "")) for f in FILTER_NAMES if f not in TIME_FILTERS],
        "time_fields": [(f, filters.active.get(f, "")) for f in TIME_FILTERS],
        "filter_errors": filters.errors,
        "query": query,
        "export_csv": f"{reverse('audit-export', args=['csv'])}?{query}",
        "export_json": f"{reverse('audit-export', args=['json'])}?{query}",
        "chain": chain_state(),
    }
    return render(request, "incidents/audit.html", context, status=status)


def _token_user(request: HttpRequest) -> None:
    """Scripts export with the API's token (``Authorization: Token …`` or ``Bearer …``), browsers with
    their session. The API's own authentication classes decide (the session one aside)."""
    if request.user.is_authenticated or "HTTP_AUTHORIZATION" not in request.META:
        return
    from rest_framework.authentication import SessionAuthentication
    from rest_framework.exceptions import AuthenticationFailed
    from rest_framework.settings import api_settings

    for auth in api_settings.DEFAULT_AUTHENTICATION_CLASSES:
        if issubclass(auth, SessionAuthentication):
            continue
        try:
            found = auth().authenticate(request)
        except AuthenticationFailed:
            return
        if found:
            request.user = found[0]
            return


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
        changed = feedback.mark_verdict(
            incident, request.user, verdict, timezone.now(), request.POST.get("note", "")[:500]
        )
    except PermissionDenied:
        raise  # the 403 page (templates/403.html) says why
    except ValueError as exc:
        messages.error(request, str(exc))
    else:
        if changed:
            messages.success(request, f"Verdict marked {verdict}.")
    return redirect("incident", pk=pk)


@require_GET
@json_login_required
def incident_gpu_telemetry(request: HttpRequest, pk: int) -> JsonResponse:
    """The culprit GPU against its own job's peers, ``?around=`` minutes either side of detection (10)."""
    incident = get_object_or_404(Incident.objects.select_related("cluster"), pk=pk)
    raw = request.GET.get("around", "10")
    allowed = [str(m) for m in charts.INCIDENT_RANGES_MIN]
    if raw not in allowed:
        return JsonResponse({"detail": f"around must be one of {', '.join(allowed)} minutes"}, status=400)
    return JsonResponse(charts.incident_chart(incident, time.time(), around_s=60.0 * int(raw)))
