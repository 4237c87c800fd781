"""The incident tables' rows (and the recovery-metrics table's) are written in Python (``{% incident_rows %}``, issue 14: ~25 ms of the
overview as a template loop). They must stay the very markup the template loop wrote: each kind of
row (needs approval, silenced with a reason to escape, merged duplicate, assigned or acknowledged or
nobody, several jobs, odd characters) rendered both ways and compared character for character."""

from __future__ import annotations

import datetime as dt

import pytest
from django.template import Context, Template
from django.template.loader import render_to_string
from django.utils import timezone

from actions.services.standings import with_needs_approval
from incidents.choices import IncidentStatus
from incidents.models import Incident, Silence
from incidents.services import with_merged_into
from tests.integration.autonomy_helpers import NOW, make_incident

pytestmark = pytest.mark.django_db

# templates/incidents/_incident_rows.html as it was while a template loop (before issue 14's step).
LOOP = """{% load oncall_tags %}{% for i in rows %}
<tr class="s-{{ i.status }}{% if i.needs_approval %} needs-approval{% endif %}" data-incident="{{ i.pk }}">
  <td><a href="{% url 'incident' i.pk %}">#{{ i.pk }}</a></td>
  <td>{{ i.detected_at|when }}</td>
  <td>{{ i.cluster.name }}</td>
  <td>{{ i.blamed }}</td>
  <td class="jobs">{% for j in i.jobs %}<a href="{% url 'job' i.cluster.pk j %}">{{ j }}</a>{% if not forloop.last %}, {% endif %}{% endfor %}</td>
  <td><span class="status st-{{ i.status }}">{% if i.merged_into %}Merged into <a href="{% url 'incident' i.merged_into %}">#{{ i.merged_into }}</a>{% else %}{{ i.get_status_display }}{% endif %}</span>
    {% if i.needs_approval %}<span class="status needs" title="a recommendation awaits approval">needs approval</span>{% endif %}
    {% if i.silenced_by_id %}<span class="status silenced" title="{{ i.silenced_by.reason }}">silenced</span>{% endif %}</td>
  <td class="who-on" data-on="{{ i.assignee|default:i.acknowledged_by }}">{% if i.assignee %}{{ i.assignee }}{% elif i.acknowledged_by %}{{ i.acknowledged_by }}{% else %}<span class="muted">nobody</span>{% endif %}</td>
</tr>
{% empty %}
<tr><td colspan="7" class="muted">{{ empty|default:"No incidents." }}</td></tr>
{% endfor %}
"""


def _both(rows, empty: str | None = None) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    """(the template loop's rows, the rows written now), both given ``empty`` as the pages give it:
    a template literal in ``{% include ... with %}``."""
    literal = "" if empty is None else f' empty="{empty}"'
    old = Template("{% with rows=rows" + literal + " %}" + LOOP + "{% endwith %}")
    new = Template('{% include "incidents/_incident_rows.html" with rows=rows' + literal + " %}")
    return old.render(Context({"rows": rows})), new.render(Context({"rows": rows}))


@pytest.fixture
def incidents(cluster, operator):  # type: ignore[no-untyped-def]
    from actions.models import Recommendation

    make_incident(cluster, "r-1", "gpu-a-001", ["4101"])
    needs = make_incident(
        cluster, "r-2", "gpu-a-002", ["4102", "77_[1-3]", "a&b"], at=NOW + dt.timedelta(seconds=5)
    )
    Recommendation.objects.create(
        incident=needs,
        cluster=cluster,
        action="drain_node",
        node="gpu-a-002",
        status="awaiting_approval",
        text="x",
        created_at=NOW,
    )
    silence = Silence.objects.create(
        cluster=cluster,
        node="gpu-a-003",
        starts_at=NOW,
        ends_at=NOW + dt.timedelta(hours=1),
        reason='DIMM <swap> & "reseat"',
        created_by="otto",
        created_at=NOW,
    )
    silenced = make_incident(cluster, "r-3", "gpu-a-003", [], at=NOW + dt.timedelta(seconds=9))
    Incident.objects.filter(pk=silenced.pk).update(silenced_by=silence, acknowledged_by="o'brien <b>")
    assigned = make_incident(cluster, "r-4", "<node&1>", ["4104"], at=NOW + dt.timedelta(seconds=12))
    Incident.objects.filter(pk=assigned.pk).update(
        assignee="ann & co", acknowledged_by="bob", status=IncidentStatus.ESCALATED
    )
    first = make_incident(cluster, "r-5", "gpu-a-005", [], at=NOW + dt.timedelta(seconds=15))
    dup = make_incident(cluster, "r-6", "gpu-a-005", [], at=NOW + dt.timedelta(seconds=16))
    from incidents.models import IncidentTransition

    Incident.objects.filter(pk=dup.pk).update(status=IncidentStatus.DISMISSED)
    IncidentTransition.objects.create(
        incident=dup,
        old="open",
        new="dismissed",
        actor="controller",
        at=NOW,
        reason=f"same root cause as incident #{first.pk}: merged",
    )
    return cluster


def test_rows_are_the_markup_the_template_loop_wrote(incidents, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(timezone, "now", lambda: NOW + dt.timedelta(minutes=7))  # the ages alike
    rows = with_merged_into(
        with_needs_approval(Incident.objects.all())
        .select_related("cluster", "silenced_by")
        .order_by("-detected_at")
    )
    old, new = _both(rows, "Nothing waits for a person.")
    assert "Merged into" in new and "needs approval" in new and "silenced" in new and "&amp; co" in new
    assert new == old
    # rows without the list's extras (no needs_approval, no merged_into, silenced_by read lazily)
    plain = list(Incident.objects.order_by("pk"))
    assert _both(plain)[1] == _both(plain)[0]


def test_no_rows_say_so_as_before() -> None:
    for empty in (None, "", "No active incidents: the clusters look healthy."):
        old, new = _both([], empty)
        assert new == old
    assert "No incidents." in _both([])[1]
    assert render_to_string("incidents/_incident_rows.html", {"rows": []}).count("<tr>") == 1


# templates/actions/metrics.html's per-incident rows as they were while a template loop.
METRICS_LOOP = """{% load oncall_tags %}{% for r in rows %}<tr>
    <td><a href="{% url 'incident' r.id %}">#{{ r.id }}</a></td><td>{{ r.cluster }}</td><td>{{ r.detected_at|when }}</td><td>{{ r.category }} on {{ r.culprit }} <small>{{ r.pattern }}</small></td>
    <td><span class="status st-{{ r.status }}">{{ r.status }}</span></td><td>{{ r.verdict|default:"–" }}</td>
    <td>{{ r.metrics.detection_latency_s|default_if_none:"–" }}</td><td>{{ r.metrics.action_latency_s|default_if_none:"–" }}</td><td>{{ r.metrics.approval_wait_s|default_if_none:"–" }}</td><td>{{ r.metrics.time_to_resume_s|default_if_none:"–" }}</td><td>{{ r.metrics.lost_steps|default_if_none:"–" }}</td><td>{{ r.lost_gpu_hours|default_if_none:"–" }}</td>
  </tr>{% empty %}<tr><td colspan="12" class="muted">No incidents in this period.</td></tr>{% endfor %}"""


def test_metrics_rows_are_the_markup_the_template_loop_wrote(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from actions.evaluation.metrics import IncidentMetrics

    monkeypatch.setattr(timezone, "now", lambda: NOW + dt.timedelta(minutes=7))
    rows = [
        {
            "id": 100000 + n,
            "cluster": ["hist-0", "a<b>&c"][n % 2],
            "detected_at": NOW - dt.timedelta(hours=n),
            "category": "gpu_hardware",
            "culprit": ["gpu-a-0001 GPU 3", 'x"y'][n % 2],
            "pattern": ["xid-79", "<nccl>"][n % 2],
            "status": ["recovered", "open"][n % 2],
            "verdict": ["", "confirmed", "f&alse"][n % 3],
            "metrics": IncidentMetrics(*values),
            "lost_gpu_hours": hours,
        }
        for n, (values, hours) in enumerate(
            [
                ((20.0, 91.0, None, 320.5, 5), 0.123),
                ((None, None, None, None, None), None),
                ((0.0, 0, 1e-05, 1234567.891, 10**9), 0.0),
                ((2.5e-07, 12.345, 7200.0, 3.0, 0), 16.0),
            ]
        )
    ]
    for shown in (rows, []):
        old = Template(METRICS_LOOP).render(Context({"rows": shown}))
        new = Template("{% load metrics_rows %}{% metrics_rows rows %}").render(Context({"rows": shown}))
        assert new == old
        assert not shown or ("a&lt;b&gt;&amp;c" in new and "0.00001" in new and "–" in new)
