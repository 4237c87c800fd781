from django.contrib import admin

from incidents.models import AuditRecord, Incident


@admin.register(Incident)
class IncidentAdmin(admin.ModelAdmin):
    list_display = ("id", "cluster", "category", "culprit_node", "culprit_gpu", "status", "detected_at")
    list_filter = ("cluster", "category", "status")
    readonly_fields = [f.name for f in Incident._meta.fields]

    def has_add_permission(self, request):  # type: ignore[no-untyped-def]
        return False

    def has_delete_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False  # incidents close through their state machine, which audits it; deleting would erase the story


@admin.register(AuditRecord)
class AuditRecordAdmin(admin.ModelAdmin):
    """Read-only: the audit trail has no update or delete path, here included."""

    list_display = ("seq", "at", "actor", "event", "cluster", "workload", "node", "action", "outcome")
    list_filter = ("event", "cluster", "actor_type")
    search_fields = ("workload", "node", "actor", "action")

    def has_add_permission(self, request):  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_delete_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False
