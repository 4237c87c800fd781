"""The what-if page beside the autonomy controls (admins): "with isolation in auto for the last 14 days: …"."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from actions.evaluation.export import iso
from actions.services.whatif import BadChange, describe, parse_since, run_whatif
from monitoring.models import Cluster
from monitoring.vocabulary import LEVELS
from recovery_site.roles import Role, has_role

SINCE_CHOICES = ("1h", "24h", "7d", "14d")


@login_required
def whatif_page(request: HttpRequest, pk: int) -> HttpResponse:
    if not has_role(request.user, Role.ADMIN):
        return HttpResponseForbidden("only admins may run what-if replays")
    cluster = get_object_or_404(Cluster, pk=pk)
    since = request.GET.get("since") or "14d"
    auto = {k: v for k in ("isolation", "restart") if (v := request.GET.get(k)) in LEVELS}
    changes = {"autonomy": auto}
    context = {
        "cluster": cluster,
        "since": since,
        "since_choices": SINCE_CHOICES,
        "levels": LEVELS,
        "chosen": auto,
    }
    if auto:
        try:
            report = run_whatif(cluster, parse_since(since), changes, timezone.now())
        except BadChange as e:
            context["error"] = str(e)
        else:
            context |= {
                "report": report,
                "rows": [(iso(a.t), a) for a in report.actions],
                "summary": report.summary(),
                "described": describe(changes),
            }
    return render(request, "actions/whatif.html", context)
