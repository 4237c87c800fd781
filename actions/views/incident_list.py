"""One set of incident filters for the list page and the REST API (the audit filters' lesson, for incidents).

``GET /incidents/?status=open&cluster=a&node=gpu-a-003&job=4101&needs_approval=true``
and ``GET /api/incidents/?…`` take the same parameters and select the same rows.
It lives in actions because "needs approval" is a recommendation's state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from django.db.models import Q, QuerySet, TextField
from django.db.models.functions import Cast

from actions.services.standings import with_needs_approval
from incidents.audit.filters import parse_time
from incidents.choices import INCIDENT_ACTIVE, Category, IncidentStatus
from incidents.models import Incident

SORTS = {
    "newest": ("-detected_at", "-id"),
    "oldest": ("detected_at", "id"),
    "status": ("status", "-detected_at"),
    "cluster": ("cluster__name", "-detected_at"),
    "category": ("category", "-detected_at"),
    "confidence": ("-confidence", "-detected_at"),
    "updated": ("-updated_at", "-id"),
}
TRUE, FALSE = ("1", "true", "yes", "on"), ("0", "false", "no", "off", "")
PARAMS = (
    "q",
    "cluster",
    "status",
    "category",
    "node",
    "job",
    "assignee",
    "needs_approval",
    "silenced",
    "from",
    "to",
    "sort",
)
ACTIVE = "active"  # status=active: open, mitigating or escalated


@dataclass
class IncidentFilter:
    active: dict[str, str] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    q: Q = field(default_factory=Q)
    needs_approval: bool | None = None
    text: str = ""
    order: tuple[str, ...] = SORTS["newest"]

    def apply(self, qs: QuerySet[Incident]) -> QuerySet[Incident]:
        qs = with_needs_approval(qs).filter(self.q)
        if self.needs_approval is not None:
            qs = qs.filter(needs_approval=self.needs_approval)
        if self.text:
            qs = qs.annotate(jobs_text=Cast("jobs", TextField())).filter(_search(self.text))
        return qs.order_by(*self.order)


def _search(text: str) -> Q:
    q = (
        Q(culprit_node__icontains=text)
        | Q(pattern__icontains=text)
        | Q(jobs_text__contains=text)
        | Q(cluster__name__icontains=text)
    )
    q |= Q(category__in=[c for c, label in Category.choices if text.lower() in label.lower()])
    digits = text.lstrip("#")
    return q | Q(pk=int(digits)) if digits.isdigit() and len(digits) < 12 else q


def _flag(value: str, name: str, errors: list[str]) -> bool | None:
    v = value.strip().lower()
    if v in TRUE:
        return True
    if v in FALSE[:-1]:
        return False
    errors.append(f"{name} must be true or false, not {value!r}")
    return None


def parse_incident_filters(params: Mapping[str, str]) -> IncidentFilter:
    """Read the query string; a bad value is a one-line error and that filter is ignored."""
    f = IncidentFilter()
    get = {k: (params.get(k) or "").strip() for k in PARAMS}
    f.active = {k: v for k, v in get.items() if v}
    if get["cluster"]:
        f.q &= Q(cluster__name=get["cluster"])
    if get["status"]:
        wanted = [s.strip().lower() for s in get["status"].split(",") if s.strip()]
        by_label = {label.lower(): value for value, label in IncidentStatus.choices}
        states = set()
        for s in wanted:
            if s == ACTIVE:
                states |= set(INCIDENT_ACTIVE)
            elif s in IncidentStatus.values or s in by_label:
                states.add(by_label.get(s, s))
            else:
                f.errors.append(f"unknown status {s!r} (use {', '.join(IncidentStatus.values)} or active)")
        if states:
            f.q &= Q(status__in=sorted(states))
    if get["category"]:
        by_label = {label.lower(): value for value, label in Category.choices}
        cat = by_label.get(get["category"].lower(), get["category"])
        if cat in Category.values:
            f.q &= Q(category=cat)
        else:
            f.errors.append(f"unknown category {get['category']!r}")
    if get["node"]:
        f.q &= Q(culprit_node=get["node"])
    if get["job"]:
        f.q &= Q(pk__in=incidents_of_job(get["job"]))
    if get["assignee"]:
        f.q &= Q(assignee=get["assignee"]) | Q(acknowledged_by=get["assignee"])
    if get["needs_approval"]:
        f.needs_approval = _flag(get["needs_approval"], "needs_approval", f.errors)
    if get["silenced"]:
        silenced = _flag(get["silenced"], "silenced", f.errors)
        if silenced is not None:
            f.q &= Q(silenced_by__isnull=not silenced)
    for name, lookup, upper in (("from", "detected_at__gte", False), ("to", "detected_at__lt", True)):
        if get[name]:
            try:
                f.q &= Q(**{lookup: parse_time(get[name], upper=upper)})
            except ValueError:
                f.errors.append(f"{name}: {get[name]!r} is not a date or date-time (e.g. 2026-11-29 10:05)")
    if get["sort"]:
        if get["sort"] in SORTS:
            f.order = SORTS[get["sort"]]
        else:
            f.errors.append(f"unknown sort {get['sort']!r} (use {', '.join(SORTS)})")
    f.text = get["q"][:200]
    return f


def incidents_of_job(job: str) -> QuerySet[Incident]:
    """JSON containment differs by backend (SQLite demo, PostgreSQL): match the quoted id in the JSON text."""
    token = '"' + job.replace('"', "") + '"'
    return Incident.objects.annotate(jt=Cast("jobs", TextField())).filter(jt__contains=token).values("pk")
