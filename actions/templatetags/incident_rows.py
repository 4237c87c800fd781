"""``{% incident_rows rows empty %}``: the rows of an incident table (overview sections, the incident list).

The overview draws up to three tables of 100 incidents; as a template loop each row cost ~120 µs
(twelve variable lookups, two ``{% url %}`` tags, the ``when`` filter), ~25 ms of the page
(issue 14). The same markup is written here in Python, value for value as the template wrote it
(escaped the same way; tests/integration/test_incident_rows.py renders both and compares).
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

from django import template
from django.urls import reverse
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from actions.templatetags.oncall_tags import when

register = template.Library()

_PK = 987654321


def incident_url_template() -> str:
    """The incident page's URL, escaped, with ``{}`` where the incident's id goes (one ``reverse`` a table)."""
    return escape(reverse("incident", args=[_PK])).replace(str(_PK), "{}")


_NEEDS = '<span class="status needs" title="a recommendation awaits approval">needs approval</span>'


def _row(i: Any, incident_url: str) -> str:
    pk = i.pk
    cluster = i.cluster
    needs = bool(getattr(i, "needs_approval", False))
    jobs = ", ".join(
        f'<a href="{escape(reverse("job", args=[cluster.pk, j]))}">{escape(str(j))}</a>' for j in i.jobs or ()
    )
    merged = getattr(i, "merged_into", None)
    if merged:
        status = f'Merged into <a href="{incident_url.format(merged)}">#{escape(str(merged))}</a>'
    else:
        status = escape(str(i.get_status_display()))
    silenced = ""
    if i.silenced_by_id:
        reason = getattr(i.silenced_by, "reason", "")
        silenced = f'<span class="status silenced" title="{escape(str(reason))}">silenced</span>'
    on = i.assignee or i.acknowledged_by
    who = escape(on) if on else '<span class="muted">nobody</span>'
    st = escape(str(i.status))
    return (
        f'\n<tr class="s-{st}{" needs-approval" if needs else ""}" data-incident="{pk}">\n'
        f'  <td><a href="{incident_url.format(pk)}">#{pk}</a></td>\n'
        f"  <td>{when(i.detected_at)}</td>\n"
        f"  <td>{escape(cluster.name)}</td>\n"
        f"  <td>{escape(i.blamed)}</td>\n"
        f'  <td class="jobs">{jobs}</td>\n'
        f'  <td><span class="status st-{st}">{status}</span>\n'
        f"    {_NEEDS if needs else ''}\n"
        f"    {silenced}</td>\n"
        f'  <td class="who-on" data-on="{escape(on)}">{who}</td>\n'
        "</tr>\n"
    )


@register.simple_tag
def incident_rows(rows: Iterable[Any], empty: str = "") -> SafeString:
    """Each incident's ``<tr>``; with none, one row saying ``empty`` (default "No incidents.")."""
    incident_url = incident_url_template()
    html = "".join(_row(i, incident_url) for i in rows or ())
    if not html:
        # as ``{{ empty|default:"No incidents." }}``: a literal from a template is safe already
        html = (
            f'\n<tr><td colspan="7" class="muted">{conditional_escape(empty or "No incidents.")}</td></tr>\n'
        )
    return mark_safe(html)  # noqa: S308 (every value above is escaped)
