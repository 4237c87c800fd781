from django.contrib import admin

from monitoring.models import Cluster, Gpu, Job, Node


@admin.register(Cluster)
class ClusterAdmin(admin.ModelAdmin):
    list_display = ("name", "connection_mode", "autonomy", "created_at")
    fieldsets = (
        (None, {"fields": ("name", "connection_mode", "autonomy", "partitions", "gpus_per_node", "pci_bus_ids")}),
        ("Connection", {"fields": ("ssh_host", "ssh_port", "ssh_user", "ssh_key_path", "known_hosts_path", "slurm_bin_dir", "kernel_log_command")}),
        ("Polling", {"fields": ("poll_interval_s", "log_tail_interval_s", "gpu_sample_interval_s")}),
        ("Guardrails", {"fields": (
            "max_drains_per_hour", "max_partition_drained_pct", "restart_storm_limit", "storm_window_s", "storm_min_jobs",
            "storm_min_nodes", "recommendation_expiry_s", "verification_deadline_s",
        )}),
        # Autonomy per kind, overrides and "back to monitor" change on the cluster page, where they are audited.
        ("Return to service", {"fields": ("auto_return_to_service", "return_healthy_s")}),
        # The remediation autonomy level changes on the cluster page, like the other kinds.
        ("Remediation and qualification", {"fields": (
            "max_reboots_in_flight", "max_partition_rebooting_pct", "reboot_deadline_s", "gpu_reset_available",
            "qualification_command", "node_command_prefix", "qualification_timeout_s", "lemon_incidents",
            "lemon_window_days",
        )}),
    )


@admin.register(Node)
class NodeAdmin(admin.ModelAdmin):
    list_display = ("name", "cluster", "partition", "state", "reason", "drained_by_us", "health")
    list_filter = ("cluster", "partition", "health", "drained_by_us")
    search_fields = ("name", "reason")
    readonly_fields = ("state", "reason", "drained_by_us", "held_as_lemon", "held_reason", "boot_time")


@admin.register(Job)
class JobAdmin(admin.ModelAdmin):
    list_display = ("slurm_id", "cluster", "name", "user", "state", "nodes", "restarts")
    list_filter = ("cluster", "state")
    search_fields = ("slurm_id", "name", "user")


admin.site.register(Gpu)
