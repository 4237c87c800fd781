"""API tokens in the admin: listed by owner with only a short prefix; the key is shown once, on creation.

DRF's own TokenAdmin lists every key in plain text, which turns a read of the admin
(or a screenshot of it) into API access as anyone. A token's own pages (view, change,
delete confirmation, history) all print ``str(token)``, which is the key, so they are
closed; revoke or replace a token with ``manage.py drf_create_token -r USER``.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from rest_framework.authtoken.admin import TokenAdmin
from rest_framework.authtoken.models import TokenProxy


def masked(token: Any) -> str:
    return f"{token.key[:4]}…" if token.key else ""


class HiddenTokenAdmin(TokenAdmin):
    list_display = ("key_prefix", "user", "created")
    fields = ("user",)

    @admin.display(description="key")
    def key_prefix(self, obj: Any) -> str:
        return masked(obj)

    def has_view_permission(self, request: Any, obj: Any = None) -> bool:
        return obj is None and super().has_view_permission(request)

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def save_model(self, request: Any, obj: Any, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        if not change:  # the only time anyone sees it: the user stores it now
            messages.warning(
                request, f"API token for {obj.user}: {obj.key} (copy it now; it is not shown again)"
            )


admin.site.unregister(TokenProxy)
admin.site.register(TokenProxy, HiddenTokenAdmin)
