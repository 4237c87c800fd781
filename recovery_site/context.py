"""Template context shared by every page: the user's role, for showing or hiding buttons."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from recovery_site.roles import Role, role_of


def roles(request: HttpRequest) -> dict[str, Any]:
    role = role_of(getattr(request, "user", None))
    return {
        "role_name": role.name.lower(),
        "is_operator": role >= Role.OPERATOR,
        "is_admin": role >= Role.ADMIN,
    }
