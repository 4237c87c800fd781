"""What the controller knows about each cluster: its nodes, GPUs and jobs.

Rows here are a cache of the scheduler's view plus our own judgement (health);
the scheduler stays the source of truth for states, the audit trail for decisions.
"""

from __future__ import annotations

from django.db import models

from monitoring.choices import (
    JOB_ACTIVE_STATES,
    Autonomy,
    ConnectionMode,
    JobState,
    NodeHealth,
    TelemetrySource,
)
from monitoring.detectors.hostlist import expand


class Cluster(models.Model):
    name = models.SlugField(max_length=64, unique=True)
    connection_mode = models.CharField(
        max_length=16, choices=ConnectionMode.choices, default=ConnectionMode.SIMULATED
    )
    # New clusters start in monitor mode: nothing executes until an admin raises it.
    autonomy = models.CharField(max_length=16, choices=Autonomy.choices, default=Autonomy.MONITOR)
    partitions = models.JSONField(default=list, blank=True)
    gpus_per_node = models.PositiveSmallIntegerField(default=8)
    pci_bus_ids = models.JSONField(default=list, blank=True)
    # Connection settings (local / ssh modes).
    ssh_host = models.CharField(max_length=255, blank=True)
    ssh_port = models.PositiveIntegerField(default=22)
    ssh_user = models.CharField(max_length=64, blank=True)
    ssh_key_path = models.CharField(max_length=512, blank=True)
    known_hosts_path = models.CharField(max_length=512, blank=True)
    slurm_bin_dir = models.CharField(max_length=512, blank=True)
    # Connection settings (rest mode). Like the SSH key, the JWT key or token lives in a file
    # the operator provides, never in the database.
    rest_url = models.CharField(
        max_length=512, blank=True, help_text="slurmrestd's address, e.g. https://slurm-api.example:6820"
    )
    rest_user = models.CharField(max_length=64, blank=True, help_text="the Slurm user the token names")
    rest_jwt_key_path = models.CharField(
        max_length=512, blank=True, help_text="the site's jwt_key file: the controller signs its own tokens"
    )
    rest_token_path = models.CharField(
        max_length=512,
        blank=True,
        help_text="or a token file (scontrol token output), re-read when it changes",
    )
    rest_ca_path = models.CharField(
        max_length=512,
        blank=True,
        help_text="CA bundle for the TLS proxy in front of slurmrestd; blank: system store",
    )
    kernel_log_command = models.CharField(max_length=512, blank=True)
    poll_interval_s = models.FloatField(default=5.0)
    log_tail_interval_s = models.FloatField(default=2.0)
    gpu_sample_interval_s = models.FloatField(default=10.0)
    telemetry_source = models.CharField(
        max_length=16, choices=TelemetrySource.choices, default=TelemetrySource.NVML
    )
    dcgm_exporter_url = models.CharField(
        max_length=512, blank=True, help_text="URL template with {node}; blank: http://{node}:9400/metrics"
    )
    nvidia_smi_hop = models.CharField(
        max_length=512,
        blank=True,
        default="ssh -o BatchMode=yes -o ConnectTimeout=5 {node}",
        help_text="argv prefix that runs nvidia-smi on {node} from the transport host (split like a shell, never run by one); blank: run it there as is",
    )
    # Autonomy per action kind ("" = inherit the cluster default above); overrides per
    # partition, node and job live in actions.AutonomyOverride.
    isolation_autonomy = models.CharField(
        max_length=16, choices=Autonomy.choices, blank=True, help_text="drain/resume"
    )
    restart_autonomy = models.CharField(
        max_length=16, choices=Autonomy.choices, blank=True, help_text="requeue/cancel"
    )
    remediation_autonomy = models.CharField(
        max_length=16, choices=Autonomy.choices, blank=True, help_text="reboot node / reset GPU"
    )
    # The "back to monitor" switch: beats every level and override while it is on.
    monitor_only = models.BooleanField(default=False)
    monitor_only_reason = models.CharField(max_length=500, blank=True)
    # The highest level an operator may give one node or job, per kind ("" = the cluster's own
    # level for that kind: operators can lower autonomy, never raise it past what an admin set).
    operator_isolation_ceiling = models.CharField(max_length=16, choices=Autonomy.choices, blank=True)
    operator_restart_ceiling = models.CharField(max_length=16, choices=Autonomy.choices, blank=True)
    operator_remediation_ceiling = models.CharField(max_length=16, choices=Autonomy.choices, blank=True)
    # Returning nodes we drained to service without a click (off unless an admin enables it).
    auto_return_to_service = models.BooleanField(default=False)
    return_healthy_s = models.PositiveIntegerField(
        default=1800, help_text="quiet time before an automatic return"
    )
    # Guardrails.
    max_drains_per_hour = models.PositiveIntegerField(default=4)
    max_partition_drained_pct = models.PositiveIntegerField(default=10)
    restart_storm_limit = models.PositiveIntegerField(
        default=2, help_text="requeues without progress past the checkpoint"
    )
    storm_window_s = models.PositiveIntegerField(default=120)
    storm_min_jobs = models.PositiveIntegerField(
        default=3, help_text="jobs on disjoint nodes failing within the window"
    )
    storm_min_nodes = models.PositiveIntegerField(default=4, help_text="nodes blamed within the window")
    recommendation_expiry_s = models.PositiveIntegerField(default=1800)
    verification_deadline_s = models.PositiveIntegerField(default=1200)
    # Remediation and the qualification gate (actions.services.remediation).
    max_reboots_in_flight = models.PositiveIntegerField(
        default=2, help_text="reboots by us not back yet, per cluster"
    )
    max_partition_rebooting_pct = models.PositiveIntegerField(default=10)
    reboot_deadline_s = models.PositiveIntegerField(
        default=900, help_text="time for a rebooted node to come back"
    )
    gpu_reset_available = models.BooleanField(
        default=False, help_text="the node agent may run nvidia-smi --gpu-reset"
    )
    qualification_command = models.CharField(
        max_length=1000,
        blank=True,
        help_text="health check run on the node before it returns (argv, {node} substituted), e.g. dcgmi diag -r 1",
    )
    node_command_prefix = models.CharField(
        max_length=500,
        default="ssh -o BatchMode=yes -o ConnectTimeout=5 {node}",
        blank=True,
        help_text="how a command reaches a node from the controller's host; empty: run it where the transport lands",
    )
    qualification_timeout_s = models.PositiveIntegerField(default=600)
    lemon_incidents = models.PositiveIntegerField(
        default=3, help_text="blamed this many times ... (0: never a lemon)"
    )
    lemon_window_days = models.PositiveIntegerField(
        default=30, help_text="... within this many days: held as a lemon"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def is_simulated(self) -> bool:
        return self.connection_mode == ConnectionMode.SIMULATED

    @property
    def state_id(self) -> str:
        """Names this cluster's working state in Redis. Includes the creation time, so a
        cluster recreated with the same id (a fresh demo database) never inherits the
        detector memory or simulated world of its predecessor."""
        return f"{self.pk}.{int(self.created_at.timestamp())}"


class Node(models.Model):
    cluster = models.ForeignKey(Cluster, on_delete=models.CASCADE, related_name="nodes")
    name = models.CharField(max_length=128)
    partition = models.CharField(max_length=64, blank=True)
    state = models.CharField(max_length=64, blank=True, help_text="As sinfo/scontrol print it")
    reason = models.CharField(max_length=512, blank=True)
    drained_by_us = models.BooleanField(default=False)
    # A lemon: blamed too often; held drained, never returned automatically (RMA bundle on its page).
    held_as_lemon = models.BooleanField(default=False)
    held_reason = models.CharField(max_length=500, blank=True)
    boot_time = models.CharField(
        max_length=32, blank=True, help_text="BootTime as the scheduler last reported it"
    )
    health = models.CharField(max_length=16, choices=NodeHealth.choices, default=NodeHealth.OK)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["cluster", "name"]
        constraints = [models.UniqueConstraint(fields=["cluster", "name"], name="unique_node_per_cluster")]
        indexes = [
            # The fleet page counts each cluster's nodes out of service (drained by anyone, by us,
            # held as lemons) from this small index instead of testing every node's state.
            models.Index(
                fields=["cluster"],
                condition=models.Q(state__contains="DRAIN")
                | models.Q(drained_by_us=True)
                | models.Q(held_as_lemon=True),
                name="node_out_of_service_idx",
            )
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def drained(self) -> bool:
        return "DRAIN" in self.state.upper()

    @property
    def drained_by_someone_else(self) -> bool:
        return self.drained and not self.drained_by_us


class Gpu(models.Model):
    node = models.ForeignKey(Node, on_delete=models.CASCADE, related_name="gpus")
    index = models.PositiveSmallIntegerField()
    pci_bus_id = models.CharField(max_length=32, blank=True)
    last_sample = models.JSONField(default=dict, blank=True)
    last_sample_at = models.DateTimeField(null=True, blank=True)
    # The names in last_sample, sorted and comma-joined, written with it: the coverage panel
    # groups 16,000 GPUs by it instead of reading every sample (issue 14).
    field_names = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["node", "index"]
        constraints = [models.UniqueConstraint(fields=["node", "index"], name="unique_gpu_per_node")]

    def __str__(self) -> str:
        return f"{self.node.name}/gpu{self.index}"


class Job(models.Model):
    cluster = models.ForeignKey(Cluster, on_delete=models.CASCADE, related_name="jobs")
    slurm_id = models.CharField(max_length=64)
    name = models.CharField(max_length=512, blank=True)
    user = models.CharField(max_length=128, blank=True)
    partition = models.CharField(max_length=64, blank=True)
    nodes = models.TextField(blank=True, help_text="Slurm hostlist")
    tasks_per_node = models.PositiveIntegerField(default=1)
    state = models.CharField(max_length=32, choices=JobState.choices, default=JobState.UNKNOWN)
    comment = models.TextField(blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    restarts = models.PositiveIntegerField(default=0)
    excluded_nodes = models.TextField(blank=True)
    last_progress_at = models.DateTimeField(null=True, blank=True)
    last_step = models.BigIntegerField(null=True, blank=True)
    last_checkpoint_step = models.BigIntegerField(null=True, blank=True)
    last_checkpoint_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["cluster", "-started_at"]
        constraints = [models.UniqueConstraint(fields=["cluster", "slurm_id"], name="unique_job_per_cluster")]

    def __str__(self) -> str:
        return f"{self.slurm_id} ({self.name})"

    @property
    def node_list(self) -> list[str]:
        return expand(self.nodes)

    @property
    def active(self) -> bool:
        return self.state in JOB_ACTIVE_STATES


class GpuMinute(models.Model):
    """One GPU's telemetry over one UTC minute: what outlives the Redis window.

    Raw samples stay in Redis for an hour (monitoring/telemetry/window.py); one row
    per GPU and minute — ``stats`` maps a field's short name (``sm_clock``, ``temp``…)
    to ``{"min", "max", "avg", "last", "count"}`` (+ ``"bits"``, the OR of a bitmask)
    — keeps a 1,000-node cluster at 11.5 M rows a day instead of 150 M per field.
    """

    gpu = models.ForeignKey(Gpu, on_delete=models.CASCADE, related_name="minutes")
    minute = models.DateTimeField(help_text="Start of the minute (UTC, second 0)")
    stats = models.JSONField(default=dict)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["gpu", "minute"], name="unique_gpu_minute")]
        # Retention deletes by age alone, across every GPU.
        indexes = [models.Index(fields=["minute"], name="gpuminute_minute_idx")]

    def __str__(self) -> str:
        return f"{self.gpu_id}@{self.minute:%Y-%m-%d %H:%M}"


class ControllerState(models.Model):
    """What the controller must not lose with Redis, and how well it sees the cluster.

    ``collector`` holds the collectors' offsets and cursors (job-log byte offsets, kernel
    log cursors, the last scheduler snapshot): after Redis restarts empty the next tick
    resumes from here and re-reads nothing it already handled. The health fields are what
    the overview, the cluster page and ``/api/`` show: the last successful tick and
    collection, and each source's lag and last error, verbatim.
    """

    cluster = models.OneToOneField(Cluster, on_delete=models.CASCADE, related_name="controller_state")
    collector = models.JSONField(default=dict, blank=True)
    last_tick_at = models.DateTimeField(null=True, blank=True)
    last_collected_at = models.DateTimeField(null=True, blank=True)
    # since when no tick has succeeded (null: seeing); set by the first failure after a success
    failing_since = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    last_error_at = models.DateTimeField(null=True, blank=True)
    # per source ("slurm", "job logs", "kernel", ...): {"error": str, "at": iso, "lag_s": float}
    sources = models.JSONField(default=dict, blank=True)
    blind_notified_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"controller state of {self.cluster_id}"
