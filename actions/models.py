"""Recommendations: what the controller proposes to do about an incident."""

from __future__ import annotations

import hashlib

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
    # The outbox: an approved row IS the intent to execute, written with the decision.
    # dispatched_at is when it was decided or last handed to the queue; the reconciler
    # (actions.services.reconcile) re-dispatches, observes or fails what a crash left.
    dispatched_at = models.DateTimeField(null=True, blank=True)
    dispatch_attempts = models.PositiveSmallIntegerField(default=0)
    execution_attempts = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["created_at", "id"]
        # The hot queries (issue 14): the list API by status in created order; the drain budget
        # (cluster, action, status, executed_at within the last hour).
        indexes = [
            models.Index(fields=["status", "created_at"], name="rec_status_created_idx"),
            # the unfiltered list API in its default order: 50 rows from the index instead of
            # sorting every recommendation (an on-disk sort at 100k)
            models.Index(fields=["created_at", "id"], name="rec_created_id_idx"),
            models.Index(fields=["cluster", "action", "status", "executed_at"], name="rec_budget_idx"),
        ]

    def __str__(self) -> str:
        if self.action == ActionKind.REQUEUE_JOB:  # "Requeue job 4101", never "Requeue job job 4101"
            return f"Requeue {self.target}"
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
        return (self.action, self.node, self.job, sorted(self.exclude)) == (
            action,
            node,
            job,
            sorted(exclude),
        )


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
            models.UniqueConstraint(
                fields=["cluster", "scope", "target", "action_kind"], name="unique_autonomy_override"
            )
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.target}: {self.action_kind} {self.level}"


# ---------------------------------------------------------------- running it for real
# TickStat: one row per cluster, bumped by every tick with F() so /metrics (any web process)
# knows when each cluster was last watched. ApiToken keeps only the SHA-256 of a token.


class TickStat(models.Model):
    cluster = models.OneToOneField(
        Cluster, on_delete=models.CASCADE, primary_key=True, related_name="tick_stat"
    )
    ticks = models.PositiveBigIntegerField(default=0, help_text="successful ticks")
    errors = models.PositiveBigIntegerField(default=0, help_text="ticks that raised (collection or analysis)")
    duration_sum_s = models.FloatField(default=0.0, help_text="summed duration of successful ticks")
    last_duration_s = models.FloatField(null=True, blank=True)
    events = models.PositiveBigIntegerField(default=0, help_text="events collected by successful ticks")
    last_success_at = models.DateTimeField(null=True, blank=True)
    last_error_at = models.DateTimeField(null=True, blank=True)
    last_error = models.CharField(max_length=500, blank=True)

    def __str__(self) -> str:
        return f"ticks of {self.cluster_id}"


def token_digest(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


class ApiToken(models.Model):
    """A bearer token for the REST API, owned by one user and revocable by them."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=100)
    digest = models.CharField(max_length=64, unique=True)
    prefix = models.CharField(max_length=12, help_text="first characters, to tell tokens apart")
    created_at = models.DateTimeField()
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def active(self) -> bool:
        return self.revoked_at is None


class PageState(models.Model):
    """Where an incident's page stands: what we want the pager to show, and what each receiver was told.

    ``state`` is the wish (triggered / acknowledged / resolved); ``sent`` maps each receiver
    to the last action it accepted. A delivery sends only the difference, in order, so a
    resolve never overtakes its trigger and a crash between the two is finished later.
    """

    incident = models.OneToOneField(
        "incidents.Incident", on_delete=models.CASCADE, primary_key=True, related_name="page"
    )
    dedup_key = models.CharField(max_length=128, unique=True)
    state = models.CharField(max_length=16)
    sent = models.JSONField(default=dict, blank=True)
    summary = models.CharField(max_length=1024, blank=True)
    updated_at = models.DateTimeField()
    # The outbox (issue 29): when a sync task should next run (null: every receiver had its
    # news at the last sweep), and the state each receiver's retries were spent on.
    due_at = models.DateTimeField(null=True, blank=True)
    gave_up = models.JSONField(default=dict, blank=True, help_text="receiver id -> the state it was not told")

    def __str__(self) -> str:
        return f"{self.dedup_key}: {self.state}"


class AuditPage(models.Model):
    """The page for a failed check of the audit trail, which belongs to no incident (issue 25).

    One row per episode: the first failed check after a good one (or none) opens it under its
    own ``dedup_key`` (``recovery/audit/<when it broke>``); the hourly checks that find the trail
    still broken send nothing; the first good check resolves it. ``sent`` is per receiver, as
    for incidents' pages.
    """

    dedup_key = models.CharField(max_length=128, unique=True)
    state = models.CharField(max_length=16)
    sent = models.JSONField(default=dict, blank=True)
    summary = models.CharField(max_length=1024)
    detail = models.JSONField(default=dict, blank=True, help_text="what the check found, for the page")
    opened_at = models.DateTimeField()
    updated_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.dedup_key}: {self.state}"


class Remediation(models.Model):
    """A reboot (or GPU reset) we issued and what became of it: the node's boot before and after.

    Rows in flight (issued, qualifying) are what the reboot guardrails count.
    """

    recommendation = models.OneToOneField(
        Recommendation, on_delete=models.CASCADE, related_name="remediation"
    )
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
    remediation = models.ForeignKey(
        Remediation, null=True, blank=True, on_delete=models.SET_NULL, related_name="checks"
    )
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


class WebhookDelivery(models.Model):
    """One message to one webhook, at most once, and sent again if its enqueue was lost.

    ``key`` is the idempotency key (recommendation, kind, text, receiver): a notice re-run
    by the reconciler after a crash finds its row and sends nothing new; a delivery task
    claims the row before posting and marks it delivered after a 2xx, so two tasks for
    the same key never both post. The key also travels as the ``Idempotency-Key`` header
    (and ``delivery`` in the JSON body) for a receiver to drop the one duplicate a crash
    between its 2xx and our mark can still cause.
    """

    key = models.CharField(max_length=64, unique=True)
    recommendation = models.ForeignKey(
        Recommendation, on_delete=models.CASCADE, related_name="deliveries", null=True, blank=True
    )
    kind = models.CharField(max_length=32)
    created_at = models.DateTimeField()
    claimed_at = models.DateTimeField(null=True, blank=True)
    delivered_at = models.DateTimeField(null=True, blank=True)
    # The outbox (issue 29): what it takes to send the message again if its enqueue was lost (a
    # crash between the commit and the enqueue, a broker restarted empty) — never the URL itself,
    # whose path is the receiver's secret, only a fingerprint matched against RECOVERY_WEBHOOKS.
    body = models.JSONField(null=True, blank=True, help_text="the message as queued (delivery key included)")
    receiver = models.CharField(max_length=64, blank=True, default="", help_text="sha256 of format + URL")
    due_at = models.DateTimeField(null=True, blank=True, help_text="when a delivery task should next run")
    gave_up_at = models.DateTimeField(null=True, blank=True, help_text="retries spent: never resent")

    class Meta:
        indexes = [
            models.Index(
                fields=["due_at"],
                name="webhook_outbox_due_idx",
                condition=models.Q(delivered_at__isnull=True, gave_up_at__isnull=True, body__isnull=False),
            )
        ]

    def __str__(self) -> str:
        state = "delivered" if self.delivered_at else "given up" if self.gave_up_at else "pending"
        return f"{self.kind} {self.key[:12]}: {state}"


class SettledIncidentMetrics(models.Model):
    """A settled incident's exported numbers, computed once (by the first scrape after it settled).

    Settled: closed for over an hour and not reopened since; its metrics no longer change.
    Kept here, not in Redis, so a flushed cache does not make the next scrape recompute a
    long history (seconds per thousand incidents). ``reopen_count`` is the count the row
    was computed at: a reopened incident no longer matches and is computed afresh.
    """

    incident = models.OneToOneField(
        Incident, on_delete=models.CASCADE, primary_key=True, related_name="settled_metrics"
    )
    reopen_count = models.PositiveIntegerField(default=0)
    values = models.JSONField(help_text="cluster, GPUs, lost time and GPU-hours, and the latencies")
    computed_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"settled metrics of incident {self.incident_id}"
