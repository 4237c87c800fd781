"""The autonomy ladder and node returns in the UI: thin views over actions.autonomy_services and actions.returns.

The services check roles and audit refusals; the views turn a refusal into a 403
and every other outcome into a message on the page the operator came from.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from actions import autonomy_services as ladder
from actions import returns
from monitoring.models import Cluster, Node


def _back(request: HttpRequest, cluster: Cluster) -> HttpResponse:
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return redirect(target)
    return redirect("cluster", pk=cluster.pk)


def _reason(request: HttpRequest) -> str:
    return request.POST.get("reason", "")[:500]


@require_POST
@login_required
def set_kind_level(request: HttpRequest, pk: int) -> HttpResponse:
    cluster = get_object_or_404(Cluster, pk=pk)
    kind, level = request.POST.get("kind", ""), request.POST.get("level", "")
    try:
        ladder.set_kind_level(cluster, kind, level, request.user, timezone.now(), _reason(request))
    except PermissionDenied as exc:
        return HttpResponseForbidden(str(exc))
    except ValueError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"{kind.capitalize()} autonomy of {cluster.name} is now {level}.")
    return _back(request, cluster)


@require_POST
@login_required
def set_override(request: HttpRequest, pk: int) -> HttpResponse:
    cluster = get_object_or_404(Cluster, pk=pk)
    scope, target = request.POST.get("scope", ""), request.POST.get("target", "").strip()
    kind, level = request.POST.get("kind", ""), request.POST.get("level", "")
    try:
        ladder.set_override(cluster, scope, target, kind, level, request.user, timezone.now(), _reason(request))
    except PermissionDenied as exc:
        return HttpResponseForbidden(str(exc))
    except ValueError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"{kind.capitalize()} autonomy of {scope} {target} is now {level}.")
    return _back(request, cluster)


@require_POST
@login_required
def set_monitor_only(request: HttpRequest, pk: int) -> HttpResponse:
    cluster = get_object_or_404(Cluster, pk=pk)
    on = request.POST.get("on") == "1"
    try:
        ladder.set_monitor_only(cluster, on, request.user, timezone.now(), _reason(request))
    except PermissionDenied as exc:
        return HttpResponseForbidden(str(exc))
    messages.success(request, f"{cluster.name} is back in monitor mode." if on else f"{cluster.name}: autonomy levels apply again.")
    return _back(request, cluster)


@require_POST
@login_required
def return_to_service(request: HttpRequest, pk: int) -> HttpResponse:
    node = get_object_or_404(Node.objects.select_related("cluster"), pk=pk)
    try:
        result = returns.return_to_service(node, request.user, timezone.now(), _reason(request))
    except PermissionDenied as exc:
        return HttpResponseForbidden(str(exc))
    except returns.NotOurs as exc:
        messages.error(request, str(exc))
    else:
        (messages.success if result.ok else messages.error)(request, f"Return to service: {result.outcome}: {result.message}")
    return redirect("node", pk=node.pk)
