"""Pages about clusters: the overview, a cluster's page, its autonomy toggle, fault injection."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from actions import dashboard as services
from monitoring.choices import Autonomy
from monitoring.models import Cluster, Node
from recovery_site.decorators import role_required
from recovery_site.roles import Role


@login_required
def overview(request: HttpRequest) -> HttpResponse:
    return render(request, "monitoring/overview.html", services.overview_context())


@login_required
def overview_fragment(request: HttpRequest) -> HttpResponse:
    return render(request, "monitoring/_overview_body.html", services.overview_context())


@login_required
def cluster_detail(request: HttpRequest, pk: int) -> HttpResponse:
    cluster = get_object_or_404(Cluster, pk=pk)
    return render(request, "monitoring/cluster.html", services.cluster_context(cluster))


@login_required
def node_detail(request: HttpRequest, pk: int) -> HttpResponse:
    node = get_object_or_404(Node.objects.select_related("cluster"), pk=pk)
    return render(request, "monitoring/node.html", services.node_context(node))


@require_POST
@role_required(Role.ADMIN)
def set_autonomy(request: HttpRequest, pk: int) -> HttpResponse:
    cluster = get_object_or_404(Cluster, pk=pk)
    level = request.POST.get("autonomy", "")
    if level not in Autonomy.values:
        messages.error(request, f"Unknown autonomy level {level!r}.")
    else:
        services.set_autonomy(cluster, level, request.user, timezone.now(), reason=request.POST.get("reason", ""))
        messages.success(request, f"Autonomy of {cluster.name} is now {cluster.get_autonomy_display()}.")
    return redirect("cluster", pk=cluster.pk)


@require_POST
@role_required(Role.ADMIN)
def test_connection(request: HttpRequest, pk: int) -> HttpResponse:
    """Admins check a cluster's connection step by step (DNS, TCP, host key, auth, sinfo, permission)."""
    cluster = get_object_or_404(Cluster, pk=pk)
    context = services.cluster_context(cluster)
    context["diagnosis"] = services.diagnose_connection(cluster)
    return render(request, "monitoring/cluster.html", context)


@require_POST
@role_required(Role.ADMIN)
def inject_fault(request: HttpRequest, pk: int) -> HttpResponse:
    cluster = get_object_or_404(Cluster, pk=pk)
    kind = request.POST.get("kind", "")
    node = request.POST.get("node", "") or None
    try:
        fault = services.inject_fault(cluster, kind, node, request.user, timezone.now())
    except ValueError as exc:
        messages.error(request, f"Could not inject: {exc}")
    else:
        messages.success(request, f"Injected {fault['kind']} on {fault.get('node') or 'the cluster'}.")
    return redirect("cluster", pk=cluster.pk)
