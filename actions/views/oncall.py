"""The on-call pages and verbs: the incident list, dismiss, acknowledge, assign, silences.

Thin: the services check roles and audit (refusals too); these views turn a refusal
into a 403, a bad value into a message, and everything else into a redirect back.
"""

from __future__ import annotations

import datetime as dt
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from actions.services import actionable, paging
from actions.views.incident_list import SORTS, parse_incident_filters
from incidents import oncall, silences
from incidents.audit.filters import parse_time
from incidents.choices import Category, IncidentStatus
from incidents.models import Incident, Silence
from incidents.services import IllegalTransition, with_merged_into
from monitoring.models import Cluster
from recovery_site.decorators import role_required
from recovery_site.roles import Role

PAGE_SIZE = 50


def _back(request: HttpRequest, fallback: str, *args: object) -> HttpResponse:
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return redirect(target)
    return redirect(fallback, *args)


def list_context(request: HttpRequest) -> dict[str, object]:
    filters = parse_incident_filters(request.GET)
    qs = filters.apply(Incident.objects.select_related("cluster", "silenced_by"))
    page = Paginator(qs, PAGE_SIZE).get_page(request.GET.get("page"))
    return {
        "page": page,
        "incidents": with_merged_into(page.object_list),  # a merged duplicate's row says into which
        "filters": filters.active,
        "filter_errors": filters.errors,
        "query": urlencode(filters.active),
        "clusters": Cluster.objects.values_list("name", flat=True),
        "statuses": [("active", "Active (open, mitigating, escalated)"), *IncidentStatus.choices],
        "categories": Category.choices,
        "sorts": list(SORTS),
    }


@login_required
def incident_list(request: HttpRequest) -> HttpResponse:
    return render(request, "incidents/list.html", list_context(request))


@login_required
def incident_list_fragment(request: HttpRequest) -> HttpResponse:
    return render(request, "incidents/_list_body.html", list_context(request))


@login_required
def held_banner_fragment(request: HttpRequest) -> HttpResponse:
    """The red "held in monitor" banners, re-fetched live on every page."""
    return render(
        request, "monitoring/_held_banner.html", {"held": Cluster.objects.filter(monitor_only=True)}
    )


@require_POST
@role_required(Role.OPERATOR)
def dismiss(request: HttpRequest, pk: int) -> HttpResponse:
    incident = get_object_or_404(Incident.objects.select_related("cluster"), pk=pk)
    try:
        if actionable.dismiss(incident, request.user, request.POST.get("reason", "")[:1000], timezone.now()):
            messages.success(request, "Incident dismissed as a false alarm; its recommendations ended.")
    except IllegalTransition:
        messages.error(
            request, f"An incident that is {incident.get_status_display().lower()} cannot be dismissed."
        )
    return redirect("incident", pk=pk)


@require_POST
@login_required
def acknowledge(request: HttpRequest, pk: int) -> HttpResponse:
    incident = get_object_or_404(Incident.objects.select_related("cluster"), pk=pk)
    try:
        if oncall.acknowledge_incident(incident, request.user, timezone.now(), request.POST.get("note", "")):
            paging.acknowledge(incident, request.user, timezone.now())  # PagerDuty stops escalating now
            messages.success(request, f"You acknowledged incident #{pk}.")
    except PermissionDenied:
        raise  # the 403 page (templates/403.html) says why
    return _back(request, "incident", pk)


@require_POST
@login_required
def assign(request: HttpRequest, pk: int) -> HttpResponse:
    incident = get_object_or_404(Incident.objects.select_related("cluster"), pk=pk)
    who = request.POST.get("assignee", "")[:150].strip()
    if not who and not request.POST.get("unassign"):
        # An empty box is no instruction: unassigning takes its own button, never a wiped field.
        messages.error(
            request, "Type a username to assign the incident to (or press Unassign); nothing changed."
        )
        return _back(request, "incident", pk)
    try:
        if oncall.assign_incident(incident, request.user, who, timezone.now(), request.POST.get("note", "")):
            messages.success(request, f"Incident #{pk} assigned to {who or 'nobody'}.")
    except PermissionDenied:
        raise  # the 403 page (templates/403.html) says why
    except ValueError as exc:
        messages.error(request, str(exc))
    return _back(request, "incident", pk)


# ---------------------------------------------------------------- silences


def silences_context(now: dt.datetime) -> dict[str, object]:
    return {
        "active": list(silences.active_silences(None, now)),
        "expiring": list(silences.expiring_silences(now)),
        "upcoming": list(
            Silence.objects.filter(starts_at__gt=now, ended_early_at__isnull=True).select_related("cluster")
        ),
        "past": list(Silence.objects.filter(ends_at__lte=now).select_related("cluster")[:20])
        + list(
            Silence.objects.filter(ended_early_at__isnull=False, ends_at__gt=now).select_related("cluster")[
                :20
            ]
        ),
        "clusters": Cluster.objects.all(),
        "now": now,
        "users": get_user_model().objects.filter(is_active=True).values_list("username", flat=True),
    }


@login_required
def silence_list(request: HttpRequest) -> HttpResponse:
    return render(request, "incidents/silences.html", silences_context(timezone.now()))


def _when(value: str, default: dt.datetime) -> dt.datetime:
    """A typed time (UTC unless it says otherwise) or the default."""
    return parse_time(value, upper=False) if value.strip() else default


@require_POST
@login_required
def silence_create(request: HttpRequest) -> HttpResponse:
    now = timezone.now()
    post = request.POST
    cluster = get_object_or_404(Cluster, name=post.get("cluster", ""))
    try:
        starts = _when(post.get("starts_at", ""), now)
        hours = float(post.get("hours") or 0)
        ends = _when(post.get("ends_at", ""), starts + dt.timedelta(hours=hours))
        silence = silences.create_silence(
            cluster,
            request.user,
            starts_at=starts,
            ends_at=ends,
            reason=post.get("reason", ""),
            now=now,
            partition=post.get("partition", ""),
            node=post.get("node", ""),
            job=post.get("job", ""),
            pattern=post.get("pattern", ""),
        )
    except PermissionDenied:
        raise  # the 403 page (templates/403.html) says why
    except ValueError as exc:
        messages.error(request, f"Silence not created: {exc}")
    else:
        messages.success(request, f"Silence #{silence.pk} for {silence.scope_label} created.")
    return _back(request, "silences")


@require_POST
@login_required
def silence_end(request: HttpRequest, pk: int) -> HttpResponse:
    silence = get_object_or_404(Silence.objects.select_related("cluster"), pk=pk)
    try:
        now = timezone.now()
        if silences.end_silence(silence, request.user, now):
            actionable.release_ended_silences(silence.cluster, now, actor=request.user)
            messages.success(request, f"Silence #{pk} ended; what it held is routed again.")
    except PermissionDenied:
        raise  # the 403 page (templates/403.html) says why
    return _back(request, "silences")
