from django.contrib import admin

from actions.models import Recommendation


@admin.register(Recommendation)
class RecommendationAdmin(admin.ModelAdmin):
    """Read-only: decisions go through the dashboard, where roles and guardrails apply."""

    list_display = ("id", "incident", "action", "node", "job", "status", "created_at")
    list_filter = ("cluster", "action", "status")
    readonly_fields = [f.name for f in Recommendation._meta.fields]

    def has_add_permission(self, request):  # type: ignore[no-untyped-def]
        return False

    def has_delete_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False
