"""Choice classes for monitoring models (the operator's words, stored as short codes)."""

from django.db import models

from monitoring import vocabulary as words


class ConnectionMode(models.TextChoices):
    SIMULATED = "simulated", "Built-in simulator"
    LOCAL = "local", "In-cluster (local Slurm commands)"
    SSH = "ssh", "SSH to a login node"
    REST = "rest", "Slurm REST API (slurmrestd, JWT)"


class Autonomy(models.TextChoices):
    MONITOR = words.AutonomyLevel.MONITOR.value, "Monitor (recommend only)"
    APPROVE = words.AutonomyLevel.APPROVE.value, "Approve (execute on an operator's click)"
    AUTO = words.AutonomyLevel.AUTO.value, "Auto (execute at once)"


class TelemetrySource(models.TextChoices):
    NVML = "nvml", "Node agents (NVML, pushed)"
    NVIDIA_SMI = "nvidia-smi", "nvidia-smi over the cluster's transport"
    DCGM_EXPORTER = "dcgm-exporter", "dcgm-exporter scrape over HTTP"
    NONE = "none", "No GPU telemetry"


# Sources the controller polls itself (the others push, or send nothing).
SCRAPED_TELEMETRY = {TelemetrySource.NVIDIA_SMI, TelemetrySource.DCGM_EXPORTER}


class NodeHealth(models.TextChoices):
    OK = "ok", "Healthy"
    SUSPECT = "suspect", "Suspect"
    FAULTY = "faulty", "Faulty"
    DRAINED = "drained", "Drained"
    DOWN = "down", "Down"


class JobState(models.TextChoices):
    PENDING = words.JobState.PENDING.value
    RUNNING = words.JobState.RUNNING.value
    COMPLETED = words.JobState.COMPLETED.value
    FAILED = words.JobState.FAILED.value
    NODE_FAIL = words.JobState.NODE_FAIL.value
    TIMEOUT = words.JobState.TIMEOUT.value
    CANCELLED = words.JobState.CANCELLED.value
    REQUEUED = words.JobState.REQUEUED.value
    UNKNOWN = words.JobState.UNKNOWN.value


JOB_ACTIVE_STATES = {JobState.PENDING, JobState.RUNNING, JobState.REQUEUED}
