"""Recommendation kinds and states, with the table of allowed transitions."""

from django.db import models

from actions.lifecycle import recommendation as rec_life
from monitoring import vocabulary as words


class ActionKind(models.TextChoices):
    DRAIN_NODE = words.ActionKind.DRAIN_NODE.value, "Drain node"
    REQUEUE_JOB = words.ActionKind.REQUEUE_JOB.value, "Requeue job"
    NOTIFY = words.ActionKind.NOTIFY.value, "Notify owner"
    ESCALATE = words.ActionKind.ESCALATE.value, "Escalate"
    REBOOT_NODE = words.ActionKind.REBOOT_NODE.value, "Reboot node"
    RESET_GPU = words.ActionKind.RESET_GPU.value, "Reset GPU"


class AutonomyKind(models.TextChoices):
    ISOLATION = words.AutonomyKind.ISOLATION.value, "Isolation (drain/resume)"
    RESTART = words.AutonomyKind.RESTART.value, "Restart (requeue/cancel)"
    REMEDIATION = words.AutonomyKind.REMEDIATION.value, "Remediation (reboot/GPU reset)"


class OverrideScope(models.TextChoices):
    PARTITION = "partition", "Partition"
    NODE = "node", "Node"
    JOB = "job", "Job"


# Actions that change the cluster; notify/escalate only tell people.
MUTATING_ACTIONS = {
    ActionKind.DRAIN_NODE,
    ActionKind.REQUEUE_JOB,
    ActionKind.REBOOT_NODE,
    ActionKind.RESET_GPU,
}


class RecStatus(models.TextChoices):
    PROPOSED = "proposed", "Proposed (monitor mode)"
    AWAITING_APPROVAL = "awaiting_approval", "Awaiting approval"
    BLOCKED = "blocked", "Blocked by a guardrail"
    APPROVED = "approved", "Approved"
    EXECUTING = "executing", "Executing"
    SUCCEEDED = "succeeded", "Succeeded"
    FAILED = "failed", "Failed"
    REJECTED = "rejected", "Rejected"
    EXPIRED = "expired", "Expired"
    SUPERSEDED = "superseded", "Superseded"
    # Approved by the ladder, stopped by "back to monitor" (or the storm breaker) before it ran:
    # not final — releasing the switch routes it again (approvable, or expired as stale).
    HELD = "held", "Held by back to monitor"


# Where each status may go: the pure table's (``actions.lifecycle.recommendation``), which also says
# who may cause each move and why; the leaf every verb uses asks it (``services.transitions``).
REC_TRANSITIONS: dict[str, set[str]] = {
    RecStatus(source.value): {RecStatus(t.value) for t in targets}
    for source, targets in rec_life.allowed().items()
}
REC_OPEN = {RecStatus.PROPOSED, RecStatus.AWAITING_APPROVAL, RecStatus.BLOCKED, RecStatus.HELD}
REC_TERMINAL = {s for s, nxt in REC_TRANSITIONS.items() if not nxt}


class RemediationState(models.TextChoices):
    """One reboot or GPU reset by the controller, from issued to a verdict on the node's health."""

    ISSUED = "issued", "Issued (waiting for the new boot)"
    QUALIFYING = "qualifying", "Back; health check running"
    RETURNED = "returned", "Passed its check; returned to service"
    HELD = "held", "Passed its check; held (lemon)"
    FAILED_CHECK = "failed_check", "Failed its health check; stays drained"
    TIMED_OUT = "timed_out", "Did not come back in time"


REMEDIATION_IN_FLIGHT = {RemediationState.ISSUED, RemediationState.QUALIFYING}
