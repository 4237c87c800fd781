"""Approve and reject: thin views over actions.services.recommendations (which check the role and audit).

A refused decision (the incident closed, someone decided first, a guardrail) answers 409 with a
page saying why, as the API does; it never looks like a success.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from actions.models import Recommendation
from actions.services import recommendations as services
from actions.services.transitions import Conflict


def _decide(request: HttpRequest, pk: int, verb: str) -> HttpResponse:
    rec = get_object_or_404(Recommendation.objects.select_related("incident", "cluster"), pk=pk)
    comment = request.POST.get("comment", "")[:2000]
    decide = services.approve_recommendation if verb == "approve" else services.reject_recommendation
    try:
        decide(rec, request.user, timezone.now(), comment)
    except PermissionDenied:
        raise  # the 403 page (templates/403.html) says why
    except services.NeedsReason as exc:
        messages.error(request, f"Not rejected: {exc}.")
        return redirect("incident", pk=rec.incident_id)
    except Conflict as exc:
        # The same answer as the API: 409, and a page that says why and that nothing ran.
        rec.refresh_from_db()
        context = {"rec": rec, "verb": verb, "why": str(exc)}
        return render(request, "actions/conflict.html", context, status=409)
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
