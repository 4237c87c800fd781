from django.contrib import admin
from django.utils import timezone

from actions.models import Recommendation
from actions.services.cluster_settings import audit_settings_change, snapshot
from monitoring.choices import ConnectionMode
from monitoring.models import Cluster
from recovery_site.roles import Role, has_role


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


@admin.register(Cluster)
class ClusterAdmin(admin.ModelAdmin):
    list_display = ("name", "connection_mode", "autonomy", "created_at")
    fieldsets = (
        (
            None,
            {"fields": ("name", "connection_mode", "autonomy", "partitions", "gpus_per_node", "pci_bus_ids")},
        ),
        (
            "Connection",
            {
                "fields": (
                    "ssh_host",
                    "ssh_port",
                    "ssh_user",
                    "ssh_key_path",
                    "known_hosts_path",
                    "slurm_bin_dir",
                    "kernel_log_command",
                )
            },
        ),
        (
            "REST API (rest mode)",
            {"fields": ("rest_url", "rest_user", "rest_jwt_key_path", "rest_token_path", "rest_ca_path")},
        ),
        ("Polling", {"fields": ("poll_interval_s", "log_tail_interval_s", "gpu_sample_interval_s")}),
        ("GPU telemetry", {"fields": ("telemetry_source", "dcgm_exporter_url", "nvidia_smi_hop")}),
        (
            "Guardrails",
            {
                "fields": (
                    "max_drains_per_hour",
                    "max_partition_drained_pct",
                    "restart_storm_limit",
                    "storm_window_s",
                    "storm_min_jobs",
                    "storm_min_nodes",
                    "recommendation_expiry_s",
                    "verification_deadline_s",
                )
            },
        ),
        # Autonomy per kind, overrides and "back to monitor" change on the cluster page, where they are audited.
        ("Return to service", {"fields": ("auto_return_to_service", "return_healthy_s")}),
        # The remediation autonomy level changes on the cluster page, like the other kinds.
        (
            "Remediation and qualification",
            {
                "fields": (
                    "max_reboots_in_flight",
                    "max_partition_rebooting_pct",
                    "reboot_deadline_s",
                    "gpu_reset_available",
                    "qualification_command",
                    "node_command_prefix",
                    "qualification_timeout_s",
                    "lemon_incidents",
                    "lemon_window_days",
                )
            },
        ),
        (
            "Operator override ceilings",
            {
                "fields": (
                    "operator_isolation_ceiling",
                    "operator_restart_ceiling",
                    "operator_remediation_ceiling",
                )
            },
        ),
    )

    def has_add_permission(self, request):  # type: ignore[no-untyped-def]
        return has_role(request.user, Role.ADMIN) and super().has_add_permission(request)

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return has_role(request.user, Role.ADMIN) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False  # it would cascade to the cluster's incidents and recommendations

    def get_changeform_initial_data(self, request):  # type: ignore[no-untyped-def]
        """A cluster added by hand is a real one: the simulator is never the default here."""
        return {"connection_mode": ConnectionMode.SSH, **super().get_changeform_initial_data(request)}

    def save_model(self, request, obj, form, change):  # type: ignore[no-untyped-def]
        """Through the audited path: every changed field is an audit record (the admin runs this in one transaction)."""
        before = snapshot(obj.pk if change else None)
        super().save_model(request, obj, form, change)
        audit_settings_change(obj, before, request.user, timezone.now(), via="admin")
