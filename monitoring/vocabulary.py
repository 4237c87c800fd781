"""The words every layer shares, as plain values (pure). Django choices take their values from here.

One spelling per word: the pure core (policy, evaluation, the incident story) compares
against these members, and the Django choices in ``*/choices.py`` add only labels.
"""

from __future__ import annotations

from enum import StrEnum


class ActionKind(StrEnum):
    DRAIN_NODE = "drain_node"
    REQUEUE_JOB = "requeue_job"
    NOTIFY = "notify"
    ESCALATE = "escalate"
    REBOOT_NODE = "reboot_node"
    RESET_GPU = "reset_gpu"


# Actions that change the cluster; notify/escalate only tell people.
MUTATING = frozenset(
    {ActionKind.DRAIN_NODE, ActionKind.REQUEUE_JOB, ActionKind.REBOOT_NODE, ActionKind.RESET_GPU}
)


class AutonomyLevel(StrEnum):
    MONITOR = "monitor"
    APPROVE = "approve"
    AUTO = "auto"


# Lowest to highest: the order the ladder's "the lowest level wins" rule uses.
LEVELS = (AutonomyLevel.MONITOR, AutonomyLevel.APPROVE, AutonomyLevel.AUTO)


class AutonomyKind(StrEnum):
    ISOLATION = "isolation"  # drain / resume
    RESTART = "restart"  # requeue / cancel
    REMEDIATION = "remediation"  # reboot node / reset GPU


# Which autonomy kind governs each mutating action.
KIND_OF_ACTION: dict[str, AutonomyKind] = {
    ActionKind.DRAIN_NODE: AutonomyKind.ISOLATION,
    ActionKind.REQUEUE_JOB: AutonomyKind.RESTART,
    ActionKind.REBOOT_NODE: AutonomyKind.REMEDIATION,
    ActionKind.RESET_GPU: AutonomyKind.REMEDIATION,
}


class Category(StrEnum):
    GPU_HARDWARE = "gpu_hardware"
    GPU_DEGRADED = "gpu_degraded"
    NETWORK = "network"
    NODE_FAILURE = "node_failure"
    HANG = "hang"
    SOFTWARE = "software"
    INFRASTRUCTURE = "infrastructure"


# Categories whose culprit is a node (or its GPU/link): the node itself is at fault.
NODE_CATEGORIES = frozenset(
    {Category.GPU_HARDWARE, Category.GPU_DEGRADED, Category.NETWORK, Category.NODE_FAILURE}
)


class JobState(StrEnum):
    PENDING = "PENDING"
    RUNNING = "RUNNING"
    COMPLETED = "COMPLETED"
    FAILED = "FAILED"
    NODE_FAIL = "NODE_FAIL"
    TIMEOUT = "TIMEOUT"
    CANCELLED = "CANCELLED"
    REQUEUED = "REQUEUED"
    UNKNOWN = "UNKNOWN"
