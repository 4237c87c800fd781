"""View guards: every page needs login; mutating endpoints name the role they need."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden

from recovery_site.roles import Role, has_role


def role_required(role: Role) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    def wrap(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @functools.wraps(view)
        @login_required
        def inner(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not has_role(request.user, role):
                return HttpResponseForbidden(f"This needs the {role.name.lower()} role.")
            return view(request, *args, **kwargs)

        return inner

    return wrap
