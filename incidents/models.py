"""Incidents, their evidence and history, and the append-only audit trail."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import models

from incidents.attribution import site_rules as pure_rules
from incidents.choices import (
    INCIDENT_ACTIVE,
    ActorType,
    AuditEvent,
    Category,
    IncidentStatus,
    SiteRuleBlame,
    SiteRuleSource,
)
from incidents.story import blamed
from monitoring.models import Cluster


def culprit_label(node: str, gpu: int | None) -> str:
    """What an incident blames, in words: "gpu-a-003 GPU 3", "gpu-a-003", "no single node"."""
    if not node:
        return "no single node"
    if gpu is None:
        return node
    return f"{node} GPU {gpu}"


class Incident(models.Model):
    cluster = models.ForeignKey(Cluster, on_delete=models.CASCADE, related_name="incidents")
    key = models.CharField(max_length=64, help_text="The pipeline's stable id for this incident")
    status = models.CharField(max_length=16, choices=IncidentStatus.choices, default=IncidentStatus.OPEN)
    category = models.CharField(max_length=32, choices=Category.choices)
    culprit_node = models.CharField(max_length=128, blank=True)
    culprit_gpu = models.SmallIntegerField(null=True, blank=True)
    confidence = models.FloatField(default=0.0)
    pattern = models.CharField(max_length=128, blank=True)
    jobs = models.JSONField(default=list, blank=True)
    # Each job's Slurm hostlist when it joined the incident: a requeued job runs elsewhere since,
    # and the charts compare the blamed GPU with the job's GPUs as they were then.
    job_nodes = models.JSONField(default=dict, blank=True)
    detected_at = models.DateTimeField()
    first_signal_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    resolved_at = models.DateTimeField(null=True, blank=True)
    reopen_count = models.PositiveIntegerField(default=0)
    verification_note = models.TextField(blank=True)
    operator_verdict = models.CharField(
        max_length=16, blank=True, help_text="confirmed / false, set by an operator"
    )
    # Who is on it (incidents/oncall.py): acknowledged by the first to take it, assigned to whoever should.
    acknowledged_by = models.CharField(max_length=150, blank=True)
    acknowledged_at = models.DateTimeField(null=True, blank=True)
    assignee = models.CharField(max_length=150, blank=True)
    # The silence that matched it when it was recorded (incidents/silences.py): nothing executed or paged.
    silenced_by = models.ForeignKey(
        "Silence", null=True, blank=True, on_delete=models.SET_NULL, related_name="incidents"
    )
    # The fault's own identity (incidents.attribution.incident.fault_fingerprint): what opened it,
    # read from where the input stood. A tick run again over the same input after a crash finds
    # this row instead of opening the fault a second time under a new key.
    fingerprint = models.CharField(max_length=32, blank=True, default="")
    # Lines near it that no rule explained (incidents.attribution.unexplained), rarest template first:
    # [{"t": epoch, "source": "job"|"kernel", "job", "node", "rank", "line", "seen"}], at most 8.
    unexplained = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["-detected_at"]
        constraints = [
            models.UniqueConstraint(fields=["cluster", "key"], name="unique_incident_key"),
            models.UniqueConstraint(
                fields=["cluster", "fingerprint"],
                condition=~models.Q(fingerprint=""),
                name="incident_one_per_fault",
            ),
        ]
        # The hot queries (issue 14): recent/windowed lists, active-by-status, a cluster's active ones.
        indexes = [
            models.Index(fields=["-detected_at"], name="incident_detected_idx"),
            models.Index(fields=["status", "-detected_at"], name="incident_status_detected_idx"),
            models.Index(fields=["cluster", "status"], name="incident_cluster_status_idx"),
            # The judged few among many (the fleet's verdict column, readiness): issue 26.
            models.Index(
                fields=["cluster"],
                name="incident_judged_idx",
                condition=models.Q(operator_verdict__in=["confirmed", "false"]),
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.blamed}"

    @property
    def blamed(self) -> str:
        return blamed(self.get_category_display(), self.culprit_label)

    @property
    def culprit_label(self) -> str:
        return culprit_label(self.culprit_node, self.culprit_gpu)

    @property
    def active(self) -> bool:
        return self.status in INCIDENT_ACTIVE


def unexplained_rows(incident: Incident) -> list[dict[str, Any]]:
    """The incident's lines nothing explained as the page and the API show them (malformed rows skipped).

    Each: ``at`` (aware datetime), ``after_s`` (seconds from the detection, negative before it),
    ``relative`` (the same in words), ``where`` ("job 4105 rank 27 on gpu-a-008", "kernel of
    gpu-a-012"), ``line``, ``seen`` (how many times its template was seen in its stream).
    """
    rows = []
    for raw in incident.unexplained or ():
        if not isinstance(raw, dict) or not isinstance(raw.get("t"), (int, float)):
            continue
        at = dt.datetime.fromtimestamp(float(raw["t"]), tz=dt.UTC)
        after = (at - incident.detected_at).total_seconds()
        rows.append(
            {
                "at": at,
                "after_s": round(after, 1),
                "relative": f"{abs(after):.1f} s {'before' if after < 0 else 'after'} the detection",
                "where": _where(raw),
                "line": str(raw.get("line", "")),
                "seen": int(raw.get("seen") or 1),
            }
        )
    return rows


def _where(raw: dict[str, Any]) -> str:
    node = raw.get("node")
    if raw.get("source") == "kernel":
        return f"kernel of {node}"
    parts = [f"job {raw.get('job')}"]
    if raw.get("rank") is not None:
        parts.append(f"rank {raw['rank']}")
    if node:
        parts.append(f"on {node}")
    return " ".join(parts)


class Silence(models.Model):
    """A maintenance window: incidents matching it are recorded, marked silenced, and nothing acts or pages.

    Every non-empty field must match (cluster is required). ``pattern`` is a
    substring of the incident's detection pattern (e.g. ``xid:79``, ``nccl``).
    """

    cluster = models.ForeignKey(Cluster, on_delete=models.CASCADE, related_name="silences")
    partition = models.CharField(max_length=64, blank=True)
    node = models.CharField(max_length=128, blank=True)
    job = models.CharField(max_length=64, blank=True)
    pattern = models.CharField(max_length=128, blank=True)
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    reason = models.CharField(max_length=500)
    created_by = models.CharField(max_length=150)
    created_at = models.DateTimeField()
    ended_early_at = models.DateTimeField(null=True, blank=True)
    # When what it held was routed again after it ended (actions.services.actionable): once only.
    released_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-starts_at", "id"]

    def __str__(self) -> str:
        return f"silence #{self.pk} {self.scope_label}"

    @property
    def scope_label(self) -> str:
        parts = [
            f"{k} {v}"
            for k, v in (
                ("partition", self.partition),
                ("node", self.node),
                ("job", self.job),
                ("pattern", self.pattern),
            )
            if v
        ]
        return f"{self.cluster.name}: " + (", ".join(parts) if parts else "the whole cluster")

    @property
    def cluster_wide(self) -> bool:
        """Whole cluster, a partition or a pattern: an admin's call (it may silence many nodes)."""
        return not (self.node or self.job)


class Evidence(models.Model):
    incident = models.ForeignKey(Incident, on_delete=models.CASCADE, related_name="evidence")
    position = models.PositiveIntegerField()
    text = models.TextField()

    class Meta:
        ordering = ["incident", "position"]


class IncidentTransition(models.Model):
    """One row per status change: the incident's history."""

    incident = models.ForeignKey(Incident, on_delete=models.CASCADE, related_name="transitions")
    old = models.CharField(max_length=16, choices=IncidentStatus.choices, blank=True)
    new = models.CharField(max_length=16, choices=IncidentStatus.choices)
    actor = models.CharField(max_length=150)
    reason = models.TextField(blank=True)
    at = models.DateTimeField()

    class Meta:
        ordering = ["at", "id"]


class AppendOnlyError(RuntimeError):
    """Audit records are never updated or deleted."""


class AuditQuerySet(models.QuerySet):
    def update(self, **kwargs: Any) -> int:
        raise AppendOnlyError("audit records cannot be updated")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError("audit records cannot be deleted")

    def bulk_update(self, *args: Any, **kwargs: Any) -> int:
        raise AppendOnlyError("audit records cannot be updated")


class AuditRecord(models.Model):
    """One link of the global hash chain. Written only by incidents.audit.append_audit."""

    seq = models.BigIntegerField(unique=True)
    at = models.DateTimeField()
    actor_type = models.CharField(max_length=8, choices=ActorType.choices)
    actor = models.CharField(max_length=150)
    event = models.CharField(max_length=32, choices=AuditEvent.choices)
    cluster = models.CharField(max_length=64, blank=True)
    workload = models.CharField(max_length=64, blank=True, help_text="Slurm job id")
    node = models.CharField(max_length=128, blank=True)
    incident_id = models.BigIntegerField(null=True, blank=True)
    recommendation_id = models.BigIntegerField(null=True, blank=True)
    pattern = models.CharField(max_length=128, blank=True)
    attribution = models.JSONField(default=dict, blank=True)
    action = models.CharField(max_length=64, blank=True)
    outcome = models.CharField(max_length=64, blank=True)
    detail = models.JSONField(default=dict, blank=True)
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64, unique=True)
    key_id = models.CharField(
        max_length=32,
        blank=True,
        default="",
        db_default="",
        help_text="The audit key whose HMAC this hash is ('' = before keys)",
    )

    objects = AuditQuerySet.as_manager()

    class Meta:
        ordering = ["seq"]
        indexes = [
            models.Index(fields=["cluster", "seq"]),
            models.Index(fields=["workload"]),
            models.Index(fields=["incident_id"]),
            models.Index(fields=["node"]),
            models.Index(fields=["actor"]),
            models.Index(fields=["at"]),
            # the audit log filters by event and lists newest first (order_by("-seq"))
            models.Index(fields=["event", "-seq"], name="audit_event_seq_idx"),
            # a cluster's records of one kind ("approvals on hist-1"), newest first: without it
            # PostgreSQL walks one of the two single-column orders and filters the other, the
            # whole trail when nothing matches (keyset pages, incidents.audit.paging)
            models.Index(fields=["cluster", "event", "-seq"], name="audit_cluster_event_seq_idx"),
        ]

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None or not kwargs.get("force_insert", False):
            raise AppendOnlyError("audit records are appended through incidents.audit.append_audit only")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError("audit records cannot be deleted")


class AuditHead(models.Model):
    """The chain's head, kept apart so that deleting the newest records shows too.

    A single row (pk=1); appends lock it, which also serializes writers so two
    of them never fork the chain.
    """

    id = models.PositiveSmallIntegerField(primary_key=True, default=1)
    seq = models.BigIntegerField(default=0)
    hash = models.CharField(max_length=64, default="0" * 64)
    key_id = models.CharField(max_length=32, blank=True, default="", db_default="")
    # What the controller wrote to the witness file (issue 25): a file found shorter was cut.
    witness_lines = models.BigIntegerField(default=0, db_default=0)
    witness_seq = models.BigIntegerField(default=0, db_default=0)
    updated_at = models.DateTimeField(auto_now=True)


class AuditVerification(models.Model):
    """The newest check of the whole chain (verify_audit, an admin's Verify button, the beat).

    One row (pk=1), shown on /audit/; while ``ok`` is false every page carries a red banner.
    It says what was found, not whether the trail holds now: only a new check says that.
    """

    id = models.PositiveSmallIntegerField(primary_key=True, default=1)
    at = models.DateTimeField()
    by = models.CharField(
        max_length=150, help_text="who ran it: a user, 'verify_audit (command)' or 'the beat'"
    )
    ok = models.BooleanField()
    checked = models.BigIntegerField(default=0)
    witnessed = models.BigIntegerField(default=0)
    problem = models.TextField(blank=True)
    broken_since = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"audit {'OK' if self.ok else 'BROKEN'} at {self.at:%Y-%m-%d %H:%M} by {self.by}"


class SiteRule(models.Model):
    """A site rule's identity: its cluster (none: every cluster) and the number of its current version.

    Every change (create, edit, disable, enable) is a new :class:`SiteRuleVersion`; the old ones
    stay. ``version`` moves by a guarded update, so two admins editing at once cannot both win.
    A verdict a rule decided names the rule and version in its pattern (``site_rule:ID.vN:kind``).
    """

    cluster = models.ForeignKey(
        Cluster, null=True, blank=True, on_delete=models.CASCADE, related_name="site_rules"
    )
    version = models.PositiveIntegerField(default=0)
    created_by = models.CharField(max_length=150)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"site rule #{self.pk}"

    @property
    def scope_label(self) -> str:
        return self.cluster.name if self.cluster_id and self.cluster else "every cluster"


class SiteRuleVersion(models.Model):
    """One version of a site rule, as it was written (never changed afterwards)."""

    rule = models.ForeignKey(SiteRule, on_delete=models.CASCADE, related_name="versions")
    version = models.PositiveIntegerField()
    pattern = models.CharField(max_length=pure_rules.MAX_PATTERN)
    kind = models.CharField(max_length=48)
    category = models.CharField(max_length=32, choices=Category.choices)
    blame = models.CharField(max_length=16, choices=SiteRuleBlame.choices)
    source = models.CharField(max_length=8, choices=SiteRuleSource.choices, default=SiteRuleSource.JOB)
    raises = models.BooleanField(default=False)
    enabled = models.BooleanField(default=True)
    note = models.CharField(max_length=500, blank=True)
    created_by = models.CharField(max_length=150)
    created_at = models.DateTimeField()
    # The incident whose line nothing explained it was made from, if any.
    from_incident = models.ForeignKey(
        Incident, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["rule", "-version"]
        constraints = [models.UniqueConstraint(fields=["rule", "version"], name="site_rule_one_version")]

    def __str__(self) -> str:
        return f"site rule #{self.rule_id} v{self.version}"

    def value(self) -> pure_rules.SiteRule:
        """The pure rule (``RuleError`` if the row no longer validates)."""
        return pure_rules.SiteRule(
            self.rule_id,
            self.version,
            self.pattern,
            self.kind,
            self.category,
            self.blame,
            self.source,
            self.raises,
        )
