"""Approve and reject: thin views over actions.services (which check the role and audit)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.views.decorators.http import require_POST

from actions import services
from actions.models import Recommendation


def _decide(request: HttpRequest, pk: int, verb: str) -> HttpResponse:
    rec = get_object_or_404(Recommendation.objects.select_related("incident", "cluster"), pk=pk)
    comment = request.POST.get("comment", "")[:2000]
    decide = services.approve_recommendation if verb == "approve" else services.reject_recommendation
    try:
        decide(rec, request.user, timezone.now(), comment)
    except PermissionDenied as exc:
        return HttpResponseForbidden(str(exc))
    except services.Conflict as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"{rec} {'approved' if verb == 'approve' else 'rejected'}.")
    return redirect("incident", pk=rec.incident_id)


@require_POST
@login_required
def approve(request: HttpRequest, pk: int) -> HttpResponse:
    return _decide(request, pk, "approve")


@require_POST
@login_required
def reject(request: HttpRequest, pk: int) -> HttpResponse:
    return _decide(request, pk, "reject")
