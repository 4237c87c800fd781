"""The autonomy ladder, node returns and drains in the UI: thin views over actions.services.autonomy, .returns and .drains.

The services check roles and audit refusals; the views turn a refusal into a 403
and every other outcome into a message on the page the operator came from.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from actions.choices import AutonomyKind, OverrideScope
from actions.models import AutonomyOverride
from actions.policy.autonomy import KINDS, Target, resolve
from actions.services import actionable, drains, reboots, returns
from actions.services import autonomy as ladder
from actions.services.autonomy import INHERIT, ladder_for
from actions.services.qualification import QualificationFailed
from actions.services.transitions import Conflict
from monitoring.choices import Autonomy
from monitoring.models import Cluster, Node

LEVEL_CHOICES = [(INHERIT, "Inherit"), *Autonomy.choices]


def _forms() -> dict[str, Any]:
    return {"level_choices": LEVEL_CHOICES, "kinds": AutonomyKind.choices, "scopes": OverrideScope.choices}


def cluster_panel(cluster: Cluster) -> dict[str, Any]:
    """The cluster's level per kind (after the switch), its overrides, and what they can target."""
    rungs = ladder_for(cluster)
    return {
        "ladder": {
            **_forms(),
            "levels": [(kind, resolve(rungs, Target(kind=kind))) for kind in KINDS],
            "overrides": list(AutonomyOverride.objects.filter(cluster=cluster).select_related("set_by")),
            "partitions": sorted(
                set(cluster.nodes.values_list("partition", flat=True)) | set(cluster.partitions or [])
            ),
            "active_jobs": list(
                cluster.jobs.filter(state__in=["RUNNING", "PENDING", "REQUEUED"]).values_list(
                    "slurm_id", flat=True
                )
            ),
        }
    }


def node_panel(node: Node) -> dict[str, Any]:
    """What a drain of this node would do now, and the node's own overrides."""
    rungs = ladder_for(node.cluster)
    target = {"partition": node.partition, "nodes": (node.name,)}
    return {
        "ladder": {
            **_forms(),
            "levels": [(kind, resolve(rungs, Target(kind=kind, **target))) for kind in KINDS],
            "overrides": list(
                AutonomyOverride.objects.filter(
                    cluster=node.cluster, scope=OverrideScope.NODE, target=node.name
                )
            ),
        }
    }


# ---------------------------------------------------------------- views


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
    except PermissionDenied:
        raise  # the 403 page (templates/403.html) says why
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
        ladder.set_override(
            cluster, scope, target, kind, level, request.user, timezone.now(), _reason(request)
        )
    except PermissionDenied:
        raise  # the 403 page (templates/403.html) says why
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
        approvable, expired = actionable.switch_monitor_only(
            cluster, on, request.user, timezone.now(), _reason(request)
        )
    except PermissionDenied:
        raise  # the 403 page (templates/403.html) says why
    held = (
        f" {approvable} held action(s) now await approval, {expired} expired as stale."
        if approvable or expired
        else ""
    )
    messages.success(
        request,
        f"{cluster.name} is back in monitor mode."
        if on
        else f"{cluster.name}: autonomy levels apply again.{held}",
    )
    return _back(request, cluster)


@require_POST
@login_required
def return_to_service(request: HttpRequest, pk: int) -> HttpResponse:
    node = get_object_or_404(Node.objects.select_related("cluster"), pk=pk)
    try:
        override = request.POST.get("override") == "1"
        result = returns.return_to_service(
            node,
            request.user,
            timezone.now(),
            _reason(request),
            override=override,
            skipped=request.POST.getlist("skip"),
        )
    except PermissionDenied:
        raise  # the 403 page (templates/403.html) says why
    except (returns.NotOurs, returns.HeldAsLemon, returns.NotReady, QualificationFailed) as exc:
        messages.error(request, str(exc))
    else:
        (messages.success if result.ok else messages.error)(
            request, f"Return to service: {result.outcome}: {result.message}"
        )
    return redirect("node", pk=node.pk)


@require_POST
@login_required
def drain_node(request: HttpRequest, pk: int) -> HttpResponse:
    """Drain again: an operator takes a node out of service by hand (guardrails apply, audited)."""
    node = get_object_or_404(Node.objects.select_related("cluster"), pk=pk)
    try:
        result = drains.drain_by_hand(node, request.user, timezone.now(), _reason(request))
    except PermissionDenied:
        raise  # the 403 page (templates/403.html) says why
    except drains.DrainRefused as exc:
        messages.error(request, str(exc))
    else:
        (messages.success if result.ok else messages.error)(
            request, f"Drain: {result.outcome}: {result.message}"
        )
    return redirect("node", pk=node.pk)


@require_POST
@login_required
def reboot_node(request: HttpRequest, pk: int) -> HttpResponse:
    """Reboot: an operator decides the node's remedy by hand (our remedy's path: guardrails, health check, return)."""
    node = get_object_or_404(Node.objects.select_related("cluster"), pk=pk)
    try:
        rec = reboots.reboot_by_hand(node, request.user, timezone.now(), _reason(request))
    except PermissionDenied:
        raise  # the 403 page (templates/403.html) says why
    except (reboots.RebootRefused, Conflict) as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            f"Reboot of {node.name} approved (recommendation #{rec.pk}): the health check follows the new boot.",
        )
    return redirect("node", pk=node.pk)
