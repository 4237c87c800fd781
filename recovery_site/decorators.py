"""View guards: every page needs login; mutating endpoints name the role they need."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse

from recovery_site.roles import Role, has_role


def _audit_refusal(request: HttpRequest, role: Role) -> None:
    """A refused mutation is on the trail like a granted one (append_audit rate-limits each actor)."""
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return
    from django.utils import timezone

    from incidents.audit import append_audit
    from incidents.choices import AuditEvent

    append_audit(
        event=AuditEvent.REFUSAL,
        at=timezone.now(),
        actor=request.user.get_username() or "anonymous",
        action=f"{request.method} {request.path}"[:64],
        outcome="refused",
        detail={
            "attempted": f"{request.method} {request.path[:200]}",
            "why": f"needs the {role.name.lower()} role",
        },
    )


def role_required(role: Role) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    def wrap(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @functools.wraps(view)
        @login_required
        def inner(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not has_role(request.user, role):
                _audit_refusal(request, role)
                raise PermissionDenied(f"This needs the {role.name.lower()} role.")
            return view(request, *args, **kwargs)

        return inner

    return wrap
