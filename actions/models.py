"""Recommendations: what the controller proposes to do about an incident."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from actions.choices import REC_OPEN, ActionKind, AutonomyKind, OverrideScope, RecStatus, RemediationState
from incidents.models import Incident
from monitoring.choices import Autonomy
from monitoring.models import Cluster


class Recommendation(models.Model):
    incident = models.ForeignKey(Incident, on_delete=models.CASCADE, related_name="recommendations")
    cluster = models.ForeignKey(Cluster, on_delete=models.CASCADE, related_name="recommendations")
    action = models.CharField(max_length=16, choices=ActionKind.choices)
    node = models.CharField(max_length=128, blank=True)
    job = models.CharField(max_length=64, blank=True)
    exclude = models.JSONField(default=list, blank=True)
    text = models.TextField(blank=True)
    status = models.CharField(max_length=20, choices=RecStatus.choices, default=RecStatus.PROPOSED)
    blocked_reason = models.TextField(blank=True)
    created_at = models.DateTimeField()
    expires_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    decided_at = models.DateTimeField(null=True, blank=True)
    decision_comment = models.TextField(blank=True)
    executed_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    result = models.TextField(blank=True)
    # For a requeue: the job's checkpoint step when it was carried out (restart-storm guardrail).
    checkpoint_step = models.BigIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.get_action_display()} {self.target}"

    @property
    def target(self) -> str:
        if self.action in (ActionKind.DRAIN_NODE, ActionKind.REBOOT_NODE):
            return self.node
        if self.action == ActionKind.RESET_GPU:
            return f"{self.node} GPU {', '.join(map(str, self.exclude))}"
        if self.action == ActionKind.REQUEUE_JOB:
            excl = ", ".join(self.exclude)
            return f"job {self.job}" + (f" excluding {excl}" if excl else "")
        return self.text

    @property
    def is_open(self) -> bool:
        return self.status in REC_OPEN

    def same_action(self, action: str, node: str, job: str, exclude: list[str]) -> bool:
        return (self.action, self.node, self.job, sorted(self.exclude)) == (action, node, job, sorted(exclude))


class RecommendationTransition(models.Model):
    recommendation = models.ForeignKey(Recommendation, on_delete=models.CASCADE, related_name="transitions")
    old = models.CharField(max_length=20, choices=RecStatus.choices, blank=True)
    new = models.CharField(max_length=20, choices=RecStatus.choices)
    actor = models.CharField(max_length=150)
    reason = models.TextField(blank=True)
    at = models.DateTimeField()

    class Meta:
        ordering = ["at", "id"]


class AutonomyOverride(models.Model):
    """One rung of the ladder below the cluster: a partition, node or job at its own level.

    Absent means "inherit". Rows are changed only through actions.services.autonomy,
    which audits who changed what and why.
    """

    cluster = models.ForeignKey(Cluster, on_delete=models.CASCADE, related_name="autonomy_overrides")
    scope = models.CharField(max_length=16, choices=OverrideScope.choices)
    target = models.CharField(max_length=128, help_text="partition name, node name or Slurm job id")
    action_kind = models.CharField(max_length=16, choices=AutonomyKind.choices)
    level = models.CharField(max_length=16, choices=Autonomy.choices)
    set_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    reason = models.TextField(blank=True)
    at = models.DateTimeField()

    class Meta:
        ordering = ["cluster", "scope", "target", "action_kind"]
        constraints = [
            models.UniqueConstraint(fields=["cluster", "scope", "target", "action_kind"], name="unique_autonomy_override")
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.target}: {self.action_kind} {self.level}"


class Remediation(models.Model):
    """A reboot (or GPU reset) we issued and what became of it: the node's boot before and after.

    Rows in flight (issued, qualifying) are what the reboot guardrails count.
    """

    recommendation = models.OneToOneField(Recommendation, on_delete=models.CASCADE, related_name="remediation")
    cluster = models.ForeignKey(Cluster, on_delete=models.CASCADE, related_name="remediations")
    node = models.CharField(max_length=128)
    partition = models.CharField(max_length=64, blank=True)
    action = models.CharField(max_length=16, choices=ActionKind.choices)
    state = models.CharField(max_length=16, choices=RemediationState.choices, default=RemediationState.ISSUED)
    boot_before = models.CharField(max_length=32, blank=True)
    boot_after = models.CharField(max_length=32, blank=True)
    issued_at = models.DateTimeField()
    deadline = models.DateTimeField()
    booted_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    note = models.TextField(blank=True)

    class Meta:
        ordering = ["-issued_at"]

    def __str__(self) -> str:
        return f"{self.action} {self.node}: {self.state}"


class Qualification(models.Model):
    """One run of the cluster's health check on a node: the gate before it returns to service.

    The output is kept verbatim (capped) as evidence for the on-call and the RMA bundle.
    """

    cluster = models.ForeignKey(Cluster, on_delete=models.CASCADE, related_name="qualifications")
    node = models.CharField(max_length=128)
    remediation = models.ForeignKey(Remediation, null=True, blank=True, on_delete=models.SET_NULL, related_name="checks")
    trigger = models.CharField(max_length=32, help_text="reboot | return_to_service")
    argv = models.JSONField(default=list)
    rc = models.IntegerField(null=True, blank=True)
    passed = models.BooleanField(default=False)
    output = models.TextField(blank=True)
    actor = models.CharField(max_length=150, blank=True)
    started_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at"]

    def __str__(self) -> str:
        return f"check {self.node}: {'pass' if self.passed else 'fail'}"
