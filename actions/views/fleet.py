"""The fleet page: every cluster in one sortable, filterable table (actions.services.fleet)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from actions.services.fleet import SORTS, STATUS_ORDER, FleetFilter, fleet_rows, fleet_totals
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
            "totals": fleet_totals(rows),
            "flt": flt,
            "columns": [(k, label, k in SORTS) for k, label in COLUMNS],
            "statuses": list(STATUS_ORDER),
            "modes": [v for v, _ in Autonomy.choices],
        },
    )
