"""Cumulative roles: viewer < operator < admin.

A user's role is the highest of the groups they are in; superusers are admins.
Every mutating endpoint asks ``has_role(user, Role.OPERATOR)`` or ``ADMIN``.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any


class Role(IntEnum):
    NONE = 0
    VIEWER = 1
    OPERATOR = 2
    ADMIN = 3


GROUP_NAMES = {"viewer": Role.VIEWER, "operator": Role.OPERATOR, "admin": Role.ADMIN}


def role_of(user: Any) -> Role:
    if user is None or not getattr(user, "is_authenticated", False):
        return Role.NONE
    if user.is_superuser:
        return Role.ADMIN
    cached = getattr(user, "_recovery_role", None)
    if cached is not None:
        return cached
    names = set(user.groups.values_list("name", flat=True))
    role = max((GROUP_NAMES[n] for n in names if n in GROUP_NAMES), default=Role.VIEWER)
    user._recovery_role = role
    return role


def has_role(user: Any, needed: Role) -> bool:
    return role_of(user) >= needed
