"""API tokens in the admin: listed by owner with only a short prefix; the key is shown once, on creation.

DRF's own TokenAdmin lists every key in plain text, which turns a read of the admin
(or a screenshot of it) into API access as anyone.
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

    def get_readonly_fields(self, request: Any, obj: Any = None) -> tuple[str, ...]:
        return ("user", "key_prefix", "created") if obj else ()

    def get_fields(self, request: Any, obj: Any = None) -> tuple[str, ...]:
        return ("user", "key_prefix", "created") if obj else ("user",)

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False  # a token is created or deleted, never edited

    def save_model(self, request: Any, obj: Any, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        if not change:  # the only time anyone sees it: the user stores it now
            messages.warning(request, f"API token for {obj.user}: {obj.key} (copy it now; it is not shown again)")


admin.site.unregister(TokenProxy)
admin.site.register(TokenProxy, HiddenTokenAdmin)
