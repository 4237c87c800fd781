"""Pages about clusters: the overview, a cluster's page, a node's page, with their page data.

They live in actions because the pages combine all three apps (incidents and
recommendations over monitoring's clusters and nodes).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_POST

from actions.choices import ActionKind, RecStatus
from actions.lifecycle import attention
from actions.models import Recommendation
from actions.services import autonomy as ladder
from actions.services import invariant_status
from actions.services.faults import inject_fault as inject
from actions.services.node_track import node_track_context
from actions.services.remediation import node_remediation_context
from actions.services.reports import cluster_readiness
from actions.services.standings import standings, with_needs_approval
from actions.views.autonomy import cluster_panel, node_panel
from actions.views.node_grid import Blame, node_grid, node_tile
from incidents.choices import INCIDENT_ACTIVE
from incidents.models import Incident
from incidents.services import with_merged_into
from incidents.silences import expiring_silences
from monitoring.choices import Autonomy
from monitoring.connections import diagnose_connection
from monitoring.controller_state import blind_since, health
from monitoring.locks import ClusterBusy
from monitoring.models import Cluster, ControllerState, Node
from monitoring.sources.simulated import fault_kinds as simulated_fault_kinds
from recovery_site.decorators import role_required
from recovery_site.roles import Role, has_role


@login_required
def overview(request: HttpRequest) -> HttpResponse:
    return render(request, "monitoring/overview.html", overview_context())


@login_required
def overview_fragment(request: HttpRequest) -> HttpResponse:
    return render(request, "monitoring/_overview_body.html", overview_context())


@login_required
def cluster_detail(request: HttpRequest, pk: int) -> HttpResponse:
    cluster = get_object_or_404(Cluster, pk=pk)
    return render(request, "monitoring/cluster.html", cluster_context(cluster))


@login_required
def node_detail(request: HttpRequest, pk: int) -> HttpResponse:
    node = get_object_or_404(Node.objects.select_related("cluster"), pk=pk)
    return render(request, "monitoring/node.html", node_context(node))


@require_POST
@login_required
def set_autonomy(request: HttpRequest, pk: int) -> HttpResponse:
    """The service checks the role and audits a refusal, like every other ladder verb."""
    cluster = get_object_or_404(Cluster, pk=pk)
    level = request.POST.get("autonomy", "")
    unready = past_readiness(cluster, level) if has_role(request.user, Role.ADMIN) else []
    if unready and request.POST.get("confirm_past_readiness") != "1":
        messages.error(
            request,
            f"Not raised: readiness does not support {level} yet ({'; '.join(unready)}). "
            "Tick “raise past readiness” to do it anyway.",
        )
        return redirect("cluster", pk=cluster.pk)
    try:
        ladder.set_autonomy(
            cluster, level, request.user, timezone.now(), reason=request.POST.get("reason", "")
        )
    except PermissionDenied:
        raise  # the 403 page (templates/403.html) says why
    except ValueError:
        messages.error(request, f"Unknown autonomy level {level!r}.")
    else:
        messages.success(request, f"Autonomy of {cluster.name} is now {cluster.get_autonomy_display()}.")
    return redirect("cluster", pk=cluster.pk)


@require_POST
@role_required(Role.ADMIN)
def test_connection(request: HttpRequest, pk: int) -> HttpResponse:
    """Admins check a cluster's connection step by step (DNS, TCP, host key, auth, sinfo, permission)."""
    cluster = get_object_or_404(Cluster, pk=pk)
    context = cluster_context(cluster)
    context["diagnosis"] = diagnose_connection(cluster)
    return render(request, "monitoring/cluster.html", context)


@require_POST
@role_required(Role.ADMIN)
def inject_fault(request: HttpRequest, pk: int) -> HttpResponse:
    cluster = get_object_or_404(Cluster, pk=pk)
    kind = request.POST.get("kind", "")
    node = request.POST.get("node", "") or None
    try:
        fault = inject(cluster, kind, node, request.user, timezone.now())
    except (ValueError, ClusterBusy) as exc:
        messages.error(request, f"Could not inject: {exc}")
    else:
        messages.success(request, f"Injected {fault['kind']} on {fault.get('node') or 'the cluster'}.")
    return redirect("cluster", pk=cluster.pk)


LEVEL_RANK = {Autonomy.MONITOR: 0, Autonomy.APPROVE: 1, Autonomy.AUTO: 2}


def past_readiness(cluster: Cluster, level: str) -> list[str]:
    """What readiness says against raising the cluster to ``level`` (empty: not a raise, or ready)."""
    if LEVEL_RANK.get(level, -1) <= LEVEL_RANK.get(cluster.autonomy, 0):
        return []
    return [r.text for r in cluster_readiness(cluster, timezone.now()) if r.kind == "action" and not r.ready]


# ---------------------------------------------------------------- page data


def _blamed(qs: QuerySet[Incident]) -> dict[int, dict[str, Blame]]:
    """Per cluster, each blamed node's newest active incident (pk and category only: light)."""
    out: dict[int, dict[str, Blame]] = {}
    rows = (
        qs.filter(status__in=list(INCIDENT_ACTIVE))
        .exclude(culprit_node="")
        .order_by("detected_at")  # the newest last, so it wins
        .values_list("cluster_id", "culprit_node", "pk", "category")
    )
    for cluster_id, node, pk, category in rows:
        out.setdefault(cluster_id, {})[node] = Blame(pk, category)
    return out


# Rows per overview section: beyond them the section says "showing N of M" and links to the
# full, filterable list (bench/overview_bench.py: 2,000 active incidents took ~850 ms and
# 1.4 MB per page and per live push when every one was a row).
OVERVIEW_ROWS = 100
# Beyond this many nodes a cluster's overview grid draws only the nodes that are not healthy
# (each partition still counts all of its nodes); the cluster page draws every node.
OVERVIEW_GRID_NODES = 512
# Beyond this many clusters the overview draws the cards (health and node grid, a query or two and
# up to 512 tiles each) of this many only: those that need a look first (an active incident blames
# one of their nodes, held back to monitor, blind), then by name; the fleet page has every cluster
# in one table (bench/fleet_bench.py: 50 cards took 2.0 s).
OVERVIEW_CLUSTER_CARDS = 10


def _cards(blamed: dict[int, dict[str, Blame]], now: dt.datetime) -> tuple[list[Cluster], int, list[Cluster]]:
    """The clusters the overview draws a card for, how many it leaves to the fleet page, and the
    held ones (every one of them is named in the held section, card or not)."""
    clusters = list(Cluster.objects.all())
    held = [c for c in clusters if c.monitor_only]
    if len(clusters) <= OVERVIEW_CLUSTER_CARDS:
        return clusters, 0, held
    states = {
        s.cluster_id: s for s in ControllerState.objects.only("cluster_id", "last_tick_at", "failing_since")
    }
    look = {
        c.pk
        for c in clusters
        if c.pk in blamed or c.monitor_only or blind_since(states.get(c.pk), c, now) is not None
    }
    first = sorted(clusters, key=lambda c: (c.pk not in look, c.name))[:OVERVIEW_CLUSTER_CARDS]
    shown = {c.pk for c in first}
    return [c for c in clusters if c.pk in shown], len(clusters) - len(first), held


def _section(qs: QuerySet[Incident], rows: int = OVERVIEW_ROWS, total: int | None = None) -> dict[str, Any]:
    """The first ``rows`` of a section and how many there are in all (``total`` when the caller
    counted them already): nothing is hidden silently."""
    shown = list(qs[:rows])
    if total is None:
        total = len(shown) if len(shown) < rows else qs.count()
    return {"rows": shown, "total": total, "more": total - len(shown)}


def _standing_section(
    active_qs: QuerySet[Incident], ids: list[int], known: dict[int, Incident], rows: int = OVERVIEW_ROWS
) -> dict[str, Any]:
    """A section of one standing: its ids come from the tally in the list's order, so only the first
    ``rows`` are read as rows and the total is their count (no ``IN`` over every open incident:
    10,000 open incidents made that the overview's slowest query). Rows another section read
    already (``known``: the newest active ones, often the same incidents) are not read again."""
    first = ids[:rows]
    missing = [pk for pk in first if pk not in known]
    read = {i.pk: i for i in active_qs.filter(pk__in=missing)} if missing else {}
    shown = [i for pk in first if (i := known.get(pk) or read.get(pk)) is not None]
    return {"rows": shown, "total": len(ids), "more": len(ids) - len(shown)}


def overview_context() -> dict[str, Any]:
    active_qs = (
        with_needs_approval(Incident.objects.filter(status__in=list(INCIDENT_ACTIVE)))
        .select_related("cluster", "silenced_by")
        .order_by("-detected_at")
    )
    by_standing = standings(active_qs)  # every open incident in exactly one standing: their count
    active = _section(active_qs, total=sum(len(ids) for ids in by_standing.values()))
    known = {i.pk: i for i in active["rows"]}
    needs_you = _standing_section(active_qs, by_standing[attention.Standing.NEEDS_YOU], known)
    held = _standing_section(active_qs, by_standing[attention.Standing.HELD], known)
    # The grid colours every node an active incident blames: all of them, in a light query.
    blamed = _blamed(Incident.objects.all())
    cards, not_drawn, held_clusters = _cards(blamed, timezone.now())
    clusters = [
        {
            "cluster": cluster,
            "grid": node_grid(cluster, blamed.get(cluster.pk, {}), only_unhealthy_over=OVERVIEW_GRID_NODES),
            "health": health(cluster, timezone.now()),
        }
        for cluster in cards
    ]
    awaiting = Recommendation.objects.filter(status=RecStatus.AWAITING_APPROVAL).count()
    drained = Node.objects.filter(drained_by_us=True).count()
    running = Cluster.objects.aggregate(n=Count("jobs", filter=Q(jobs__state="RUNNING")))["n"]
    recent = with_merged_into(
        Incident.objects.exclude(status__in=list(INCIDENT_ACTIVE))
        .select_related("cluster")
        .order_by("-detected_at")[:10]
    )
    return {
        "clusters": clusters,
        "clusters_not_drawn": not_drawn,  # past OVERVIEW_CLUSTER_CARDS: on the fleet page
        "held_clusters": held_clusters,
        "active": active,
        "active_incidents": active["rows"],
        "needs": needs_you,
        "needs_you": needs_you["rows"],
        "held": held,  # shown with why: the cluster's back-to-monitor reason
        "standing": {s.value: len(ids) for s, ids in by_standing.items()},
        "recent_incidents": recent,
        "expiring_silences": list(expiring_silences(timezone.now())),
        "headline": {
            "open_incidents": active["total"],  # every active incident, shown or not
            "awaiting_approval": awaiting,
            "drained_by_us": drained,
            "jobs_running": running,
        },
    }


def _node_options(cluster: Cluster) -> SafeString:
    """The inject form's node choices as one escaped string: 2,000 model instances and a template
    loop over them cost the cluster page ~20 ms (issue 14); the names alone, in the same order."""
    names = cluster.nodes.order_by("name").values_list("name", flat=True)
    return mark_safe("".join(f'<option value="{escape(n)}">{escape(n)}</option>' for n in names))  # noqa: S308


def cluster_context(cluster: Cluster) -> dict[str, Any]:
    fault_kinds: list[tuple[str, str]] = []
    if cluster.is_simulated:
        fault_kinds = simulated_fault_kinds()
    return {
        "cluster": cluster,
        "invariants": invariant_status.last_standing(cluster),
        "grid": node_grid(cluster, _blamed(cluster.incidents.all()).get(cluster.pk, {})),
        "jobs": cluster.jobs.order_by("-started_at")[:100],
        "node_options": _node_options(cluster) if cluster.is_simulated else "",
        "autonomy_levels": Autonomy.choices,
        "fault_kinds": fault_kinds,
        "drains": Recommendation.objects.filter(
            cluster=cluster, action=ActionKind.DRAIN_NODE, status=RecStatus.SUCCEEDED
        ).count(),
        "health": health(cluster, timezone.now()),
        **cluster_panel(cluster),
    }


def node_context(node: Node) -> dict[str, Any]:
    incidents = Incident.objects.filter(cluster=node.cluster, culprit_node=node.name).order_by(
        "-detected_at"
    )[:20]
    mine = _blamed(Incident.objects.filter(cluster=node.cluster, culprit_node=node.name))
    tile = node_tile(node, mine.get(node.cluster_id, {}).get(node.name))  # the very facts of its tile
    return {
        "node": node,
        "gpus": node.gpus.all(),
        "incidents": incidents,
        "tile": tile,
        **node_panel(node),
        **node_remediation_context(node),
        **node_track_context(node),
    }
