"""Pages for running the controller for real: the Prometheus scrape and the user's API tokens.

``/metrics`` is the Prometheus convention, so the human recovery-metrics page lives at
``/recovery-metrics/`` (URL name ``metrics`` unchanged) and its JSON stays at ``/api/metrics/``.
"""

from __future__ import annotations

import hmac

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from actions.api.auth import create_token, revoke_token
from actions.models import ApiToken
from actions.services import exposition
from actions.services.audit_check import verify_as

LOOPBACK = ("127.0.0.1", "::1")


def scrape_refusal(request: HttpRequest) -> tuple[int, str] | None:
    """(status, one-line reason) when this request may not scrape, else None."""
    token = getattr(settings, "RECOVERY_METRICS_TOKEN", "")
    if token:
        scheme, _, value = request.headers.get("Authorization", "").partition(" ")
        if scheme.lower() == "bearer" and hmac.compare_digest(value.strip().encode(), token.encode()):
            return None
        return 401, "send Authorization: Bearer <RECOVERY_METRICS_TOKEN>"
    if settings.RECOVERY_DEV and request.META.get("REMOTE_ADDR") in LOOPBACK:
        return None  # the demo: Prometheus on the same machine, no setup
    return 403, "set RECOVERY_METRICS_TOKEN to expose /metrics outside a development run on 127.0.0.1"


@require_GET
def prometheus_metrics(request: HttpRequest) -> HttpResponse:
    refused = scrape_refusal(request)
    if refused:
        status, why = refused
        response = HttpResponse(why + "\n", status=status, content_type="text/plain; charset=utf-8")
        if status == 401:
            response["WWW-Authenticate"] = 'Bearer realm="metrics"'
        return response
    body = generate_latest(exposition.registry(timezone.now()))
    return HttpResponse(body, content_type=CONTENT_TYPE_LATEST)


@login_required
def tokens_page(request: HttpRequest) -> HttpResponse:
    tokens = ApiToken.objects.filter(user=request.user)
    # A token just created is shown on this one response, from the session, then forgotten.
    shown = request.session.pop("new_api_token", None)
    return render(request, "actions/tokens.html", {"tokens": tokens, "new_token": shown})


@login_required
@require_POST
def token_create(request: HttpRequest) -> HttpResponse:
    try:
        _, raw = create_token(request.user, request.POST.get("name", ""), timezone.now())
    except ValueError as exc:
        messages.error(request, str(exc))
        return redirect("api-tokens")
    request.session["new_api_token"] = raw
    return redirect("api-tokens")


@login_required
@require_POST
def token_revoke(request: HttpRequest, pk: int) -> HttpResponse:
    if revoke_token(request.user, pk, timezone.now()):
        messages.success(request, "Token revoked: it no longer works.")
    else:
        messages.error(request, "No such active token of yours.")
    return redirect("api-tokens")


@login_required
@require_POST
def audit_verify(request: HttpRequest) -> HttpResponse:
    """Admins: walk the whole chain now, as verify_audit does; the result shows on /audit/ (issue 25)."""
    try:
        report = verify_as(request.user, timezone.now())
    except PermissionDenied as exc:
        return HttpResponseForbidden(str(exc))
    if report.ok:
        messages.success(
            request,
            f"Audit chain OK: {report.checked} records checked, {report.witnessed} witness lines agree.",
        )
    else:
        messages.error(request, f"Audit chain BROKEN after {report.checked} good records: {report.problem}")
    return redirect("audit")
