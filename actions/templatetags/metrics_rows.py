"""``{% metrics_rows rows %}``: the per-incident rows of the recovery-metrics table.

100 rows of fifteen values each took ~6 ms a page as a template loop (issue 14). Each value is
rendered here as ``{{ value }}`` renders it (``localize``, then ``conditional_escape``: Django's own
functions), ``|default_if_none:"–"`` and ``|default:"–"`` as those filters do;
tests/integration/test_incident_rows.py renders both ways and compares.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template
from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from actions.templatetags.incident_rows import incident_url_template
from actions.templatetags.oncall_tags import when

register = template.Library()

DASH = "–"


def _v(value: Any) -> str:
    """As ``{{ value }}`` renders a value that is not a datetime."""
    return conditional_escape(str(localize(value)))


def _none(value: Any) -> str:
    return DASH if value is None else _v(value)


def _row(r: dict[str, Any], incident_url: str) -> str:
    m = r["metrics"]
    status = _v(r["status"])
    return (
        "<tr>\n"
        f'    <td><a href="{incident_url.format(r["id"])}">#{_v(r["id"])}</a></td><td>{_v(r["cluster"])}</td>'
        f"<td>{when(r['detected_at'])}</td><td>{_v(r['category'])} on {_v(r['culprit'])} "
        f"<small>{_v(r['pattern'])}</small></td>\n"
        f'    <td><span class="status st-{status}">{status}</span></td>'
        f"<td>{_v(r['verdict']) if r['verdict'] else DASH}</td>\n"
        f"    <td>{_none(m.detection_latency_s)}</td><td>{_none(m.action_latency_s)}</td>"
        f"<td>{_none(m.approval_wait_s)}</td><td>{_none(m.time_to_resume_s)}</td>"
        f"<td>{_none(m.lost_steps)}</td><td>{_none(r['lost_gpu_hours'])}</td>\n"
        "  </tr>"
    )


@register.simple_tag
def metrics_rows(rows: Iterable[dict[str, Any]]) -> SafeString:
    incident_url = incident_url_template()
    html = "".join(_row(r, incident_url) for r in rows or ())
    return mark_safe(html or '<tr><td colspan="12" class="muted">No incidents in this period.</td></tr>')  # noqa: S308
