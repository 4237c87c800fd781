"""On-call template helpers: one date format everywhere, the effective mode badge, the held-in-monitor banner.

``{{ t|when }}`` renders ``2026-11-29 10:00:03 UTC · 4 min ago`` inside a ``<time>``
(the absolute time in UTC with its zone, then the age), so every page reads the same.
``{% mode_badge cluster %}`` shows the mode that actually holds: "back to monitor"
(an operator's switch or the storm breaker) beats the cluster's level.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import template
from django.utils import timezone
from django.utils.html import format_html

from incidents.audit.state import latest as latest_check
from monitoring.models import Cluster

register = template.Library()


def age(delta: dt.timedelta) -> str:
    s = int(delta.total_seconds())
    future = s < 0
    s = abs(s)
    if s < 60:
        text = f"{s} s"
    elif s < 3600:
        text = f"{s // 60} min"
    elif s < 86400:
        text = f"{s // 3600} h {s % 3600 // 60} min"
    else:
        text = f"{s // 86400} d {s % 86400 // 3600} h"
    return f"in {text}" if future else f"{text} ago"


def _moment(value: dt.datetime | str | float | None) -> dt.datetime | None:
    """A datetime, an ISO string (the controller's health) or epoch seconds (a node's boot time)."""
    if isinstance(value, dt.datetime) or not value:
        return value or None
    try:
        return dt.datetime.fromtimestamp(float(value), dt.UTC)
    except (TypeError, ValueError):
        pass
    try:
        at = dt.datetime.fromisoformat(str(value))
    except ValueError:
        return None
    return at if at.tzinfo else at.replace(tzinfo=dt.UTC)


@register.filter
def boot(value: str | float | None) -> str:
    """A node's boot time (epoch seconds as the scheduler gives it) as a person reads it."""
    if value in (None, ""):
        return "—"
    try:
        if float(value) <= 0:  # type: ignore[arg-type]
            return "since the start"
    except (TypeError, ValueError):
        return str(value)
    return when(value)


@register.filter
def when(value: dt.datetime | str | float | None) -> str:
    value = _moment(value)
    if not value:
        return ""
    utc = value.astimezone(dt.UTC)
    return format_html(
        '<time datetime="{}" title="{}">{} <span class="age">· {}</span></time>',
        utc.isoformat(),
        utc.strftime("%Y-%m-%d %H:%M:%S UTC"),
        utc.strftime("%Y-%m-%d %H:%M:%S UTC"),
        age(timezone.now() - utc),
    )


def effective_mode(cluster: Cluster) -> tuple[str, str, str]:
    """(css level, label, why) of the mode that holds now."""
    if cluster.monitor_only:
        return (
            "monitor",
            "Monitor (held: back to monitor)",
            cluster.monitor_only_reason or "an operator pulled the switch",
        )
    return cluster.autonomy, cluster.get_autonomy_display(), ""


@register.simple_tag
def mode_badge(cluster: Cluster) -> str:
    level, label, why = effective_mode(cluster)
    held = " held" if why else ""
    return format_html(
        '<span class="badge a-{}{}" data-effective-mode="{}" title="{}">{}</span>',
        level,
        held,
        level,
        why,
        label,
    )


@register.inclusion_tag("incidents/_audit_banner.html")
def audit_banner() -> dict[str, Any]:
    """The red banner on every page while the newest check of the audit trail failed (issue 25)."""
    last = latest_check()
    return {"broken": last if last is not None and not last.ok else None}


@register.inclusion_tag("monitoring/_held_banner.html")
def held_banner() -> dict[str, Any]:
    return {"held": list(Cluster.objects.filter(monitor_only=True).only("pk", "name", "monitor_only_reason"))}
