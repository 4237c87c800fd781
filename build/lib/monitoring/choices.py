"""Choice classes for monitoring models (the operator's words, stored as short codes)."""

from django.db import models


class ConnectionMode(models.TextChoices):
    SIMULATED = "simulated", "Built-in simulator"
    LOCAL = "local", "In-cluster (local Slurm commands)"
    SSH = "ssh", "SSH to a login node"


class Autonomy(models.TextChoices):
    MONITOR = "monitor", "Monitor (recommend only)"
    APPROVE = "approve", "Approve (execute on an operator's click)"
    AUTO = "auto", "Auto (execute at once)"


class NodeHealth(models.TextChoices):
    OK = "ok", "Healthy"
    SUSPECT = "suspect", "Suspect"
    FAULTY = "faulty", "Faulty"
    DRAINED = "drained", "Drained"
    DOWN = "down", "Down"


class JobState(models.TextChoices):
    PENDING = "PENDING"
    RUNNING = "RUNNING"
    COMPLETED = "COMPLETED"
    FAILED = "FAILED"
    NODE_FAIL = "NODE_FAIL"
    TIMEOUT = "TIMEOUT"
    CANCELLED = "CANCELLED"
    REQUEUED = "REQUEUED"
    UNKNOWN = "UNKNOWN"


JOB_ACTIVE_STATES = {JobState.PENDING, JobState.RUNNING, JobState.REQUEUED}
