"""Admin pages of the monitoring app: the scheduler's view, read-only.

The Cluster admin lives in actions/admin.py: its saves go through the audited settings
service of the actions app, which this app may not import.
"""

from django.contrib import admin

from monitoring.models import Gpu, Job, Node


class ReadOnlyAdmin(admin.ModelAdmin):
    """The scheduler's view, cached: the admin shows it, Slurm (and the audited verbs) change it."""

    def has_add_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_delete_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


@admin.register(Node)
class NodeAdmin(ReadOnlyAdmin):
    list_display = ("name", "cluster", "partition", "state", "reason", "drained_by_us", "health")
    list_filter = ("cluster", "partition", "health", "drained_by_us")
    search_fields = ("name", "reason")
    readonly_fields = ("state", "reason", "drained_by_us", "held_as_lemon", "held_reason", "boot_time")


@admin.register(Job)
class JobAdmin(ReadOnlyAdmin):
    list_display = ("slurm_id", "cluster", "name", "user", "state", "nodes", "restarts")
    list_filter = ("cluster", "state")
    search_fields = ("slurm_id", "name", "user")


admin.site.register(Gpu, ReadOnlyAdmin)
