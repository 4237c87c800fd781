"""The fleet page: every cluster in one sortable, filterable table (actions.services.fleet).

The table's rows are drawn here in Python, each cell escaped as the template would have: at 50
clusters a template loop cost two thirds of the page (some 2,000 variable lookups and filters),
the string building a few milliseconds. The page around them stays a template (actions/fleet.html).
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import Truncator

from actions.services.fleet import SORTS, STATUS_ORDER, FleetFilter, FleetRow, fleet_rows, fleet_totals
from actions.templatetags.oncall_tags import when
from monitoring.choices import Autonomy

COLUMNS = [  # (sort key, heading)
    ("name", "Cluster"),
    ("status", "Status"),
    ("last_tick", "Last tick"),
    ("needs_you", "Needs you"),
    ("open", "Open"),
    ("incidents_24h", "Incidents 24 h"),
    ("nodes", "Nodes"),
    ("drained", "Drained"),
    ("lemons", "Lemons"),
    ("ready", "Verdicts"),
]


def _verdict_html(v: dict[str, object]) -> str:
    replay = "; the what-if replay is on the cluster page" if v["next"] else ""
    ready = f" ready for {escape(v['next'])}" if v["ready"] else ""
    return (
        f'<span data-kind="{escape(v["kind"])}" data-ready="{"yes" if v["ready"] else "no"}" '
        f'title="{escape(v["text"])}{replay}">{escape(v["kind"])} {v["confirmed"]}/{v["judged"]}{ready}</span>'
    )


def _row_html(r: FleetRow, cluster_prefix: str, incidents_url: str) -> str:
    """One cluster's ``<tr>``: what the fleet table's cells say, escaped as ``{{ }}`` escapes."""
    name = escape(r.name)
    status = escape(r.status)
    seen = f"<b>blind</b> since {when(r.blind_since)}" if r.blind else escape(r.status.replace("_", ""))
    if r.last_error:
        seen += f"<br><code>{escape(Truncator(r.last_error).chars(120))}</code>"
    tick = f"{when(r.last_tick_at)} ({r.lag_s} s)" if r.last_tick_at else "never"
    needs = (
        f'<a href="{incidents_url}?cluster={name}&amp;status=active">{r.needs_you}</a>'
        if r.needs_you
        else "0"
    )
    by_us = f" ({r.drained_by_us} by us)" if r.drained_by_us else ""
    why = escape(r.held_why)
    held = " held" if r.held else ""
    held_note = f"<br><small>{why}</small>" if r.held else ""
    mode = escape(r.mode)
    return (
        f'<tr data-cluster="{name}" data-status="{status}">\n'
        f'  <td><a href="{cluster_prefix}{r.id}/">{name}</a></td>\n'
        f'  <td class="status-{status}">{seen}</td>\n'
        f"  <td>{tick}</td>\n"
        f"  <td>{needs}</td>\n"
        f"  <td>{r.open_incidents}</td>\n"
        f"  <td>{r.incidents_24h}</td>\n"
        f"  <td>{r.nodes}</td>\n"
        f"  <td>{r.drained}{by_us}</td>\n"
        f"  <td>{r.lemons}</td>\n"
        f'  <td class="verdicts">{"<br>".join(_verdict_html(v) for v in r.verdicts)}</td>\n'
        f'  <td><span class="badge a-{mode}{held}" data-effective-mode="{mode}" title="{why}">'
        f"{escape(r.mode_label)}</span>{held_note}</td>\n"
        "</tr>"
    )


def table_rows(rows: list[FleetRow]) -> SafeString:
    """The fleet table's body: a row per cluster, or the one saying none matches."""
    if not rows:
        return mark_safe('<tr><td colspan="11">No cluster matches.</td></tr>')
    # /clusters/<pk>/ for every row from one reverse(): its pk is the path's last segment
    cluster_prefix = escape(reverse("cluster", args=[0]).removesuffix("0/"))
    incidents_url = escape(reverse("incidents-page"))
    return mark_safe("".join(_row_html(r, cluster_prefix, incidents_url) for r in rows))  # noqa: S308 (escaped above)


@login_required
def fleet_page(request: HttpRequest) -> HttpResponse:
    try:
        flt = FleetFilter.from_query(request.GET)
    except ValueError as exc:
        return HttpResponse(str(exc), status=400, content_type="text/plain; charset=utf-8")
    rows = fleet_rows(timezone.now(), flt)
    return render(
        request,
        "actions/fleet.html",
        {
            "rows": rows,
            "table_rows": table_rows(rows),
            "totals": fleet_totals(rows),
            "flt": flt,
            "columns": [(k, label, k in SORTS) for k, label in COLUMNS],
            "statuses": list(STATUS_ORDER),
            "modes": [v for v, _ in Autonomy.choices],
        },
    )
