"""Incident states, categories and audit event kinds, with the allowed transitions."""

from django.db import models

from incidents import lifecycle as incident_life
from monitoring import vocabulary as words


class IncidentStatus(models.TextChoices):
    OPEN = "open", "Open"
    MITIGATING = "mitigating", "Mitigating"
    RECOVERED = "recovered", "Recovered"
    ESCALATED = "escalated", "Escalated"
    DISMISSED = "dismissed", "Dismissed"


# Where each status may go: the pure table's (``incidents.lifecycle``), which also says who may
# cause each change and why; ``services.transition_incident`` asks it.
INCIDENT_TRANSITIONS: dict[str, set[str]] = {
    IncidentStatus(source.value): {IncidentStatus(t.value) for t in targets}
    for source, targets in incident_life.allowed().items()
}
INCIDENT_ACTIVE = {IncidentStatus.OPEN, IncidentStatus.MITIGATING, IncidentStatus.ESCALATED}


class Category(models.TextChoices):
    GPU_HARDWARE = words.Category.GPU_HARDWARE.value, "GPU hardware"
    GPU_DEGRADED = words.Category.GPU_DEGRADED.value, "GPU degraded"
    NETWORK = words.Category.NETWORK.value, "Network"
    NODE_FAILURE = words.Category.NODE_FAILURE.value, "Node failure"
    HANG = words.Category.HANG.value, "Hang"
    SOFTWARE = words.Category.SOFTWARE.value, "Software (application)"
    INFRASTRUCTURE = words.Category.INFRASTRUCTURE.value, "Shared infrastructure"


class AuditEvent(models.TextChoices):
    DETECTION = "detection", "Detection"
    VERDICT = "verdict", "Verdict"
    RECOMMENDATION = "recommendation", "Recommendation"
    APPROVAL = "approval", "Approval"
    REJECTION = "rejection", "Rejection"
    REFUSAL = "refusal", "Refused (not allowed)"
    EXECUTION = "execution", "Execution"
    VERIFICATION = "verification", "Verification"
    STATUS = "status", "Status change"
    AUTONOMY = "autonomy", "Autonomy change"
    FAULT_INJECTED = "fault_injected", "Fault injected (simulator)"
    EXPIRY = "expiry", "Expiry"
    ACKNOWLEDGE = "acknowledge", "Acknowledged"
    ASSIGN = "assign", "Assigned"
    SILENCE = "silence", "Silence"
    SETTINGS = "settings", "Settings change"
    AUDIT_KEY = "audit_key", "Audit key rotated"
    CONTROLLER = "controller", "Controller (health, lost working memory)"
    API_TOKEN = "api_token", "API token created or revoked"
    PAGE = "page", "Page state (acknowledged on the paging service)"
    AUDIT_CHECK = "audit_check", "Audit trail verified (by a person)"
    SITE_RULE = "site_rule", "Site rule created, edited or disabled"


class SiteRuleBlame(models.TextChoices):
    """Whom a site rule's verdict blames (``incidents.attribution.site_rules.BLAMES``)."""

    NODE = "node", "The node"
    GPU = "gpu", "The GPU (of the rank that printed it)"
    JOB = "job", "The job / application"
    INFRASTRUCTURE = "infrastructure", "Shared infrastructure"


class SiteRuleSource(models.TextChoices):
    JOB = "job", "Job log"
    KERNEL = "kernel", "Kernel log"


class ActorType(models.TextChoices):
    SYSTEM = "system", "Controller"
    USER = "user", "User"
