"""Incident states, categories and audit event kinds, with the allowed transitions."""

from django.db import models


class IncidentStatus(models.TextChoices):
    OPEN = "open", "Open"
    MITIGATING = "mitigating", "Mitigating"
    RECOVERED = "recovered", "Recovered"
    ESCALATED = "escalated", "Escalated"
    DISMISSED = "dismissed", "Dismissed"


INCIDENT_TRANSITIONS: dict[str, set[str]] = {
    IncidentStatus.OPEN: {IncidentStatus.MITIGATING, IncidentStatus.RECOVERED, IncidentStatus.ESCALATED, IncidentStatus.DISMISSED},
    IncidentStatus.MITIGATING: {IncidentStatus.RECOVERED, IncidentStatus.ESCALATED, IncidentStatus.OPEN},
    IncidentStatus.RECOVERED: {IncidentStatus.OPEN},
    IncidentStatus.ESCALATED: {IncidentStatus.OPEN, IncidentStatus.MITIGATING, IncidentStatus.DISMISSED, IncidentStatus.RECOVERED},
    IncidentStatus.DISMISSED: set(),
}
INCIDENT_ACTIVE = {IncidentStatus.OPEN, IncidentStatus.MITIGATING, IncidentStatus.ESCALATED}


class Category(models.TextChoices):
    GPU_HARDWARE = "gpu_hardware", "GPU hardware"
    GPU_DEGRADED = "gpu_degraded", "GPU degraded"
    NETWORK = "network", "Network"
    NODE_FAILURE = "node_failure", "Node failure"
    HANG = "hang", "Hang"
    SOFTWARE = "software", "Software (application)"
    INFRASTRUCTURE = "infrastructure", "Shared infrastructure"


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
    CONTROLLER = "controller", "Controller (health, lost working memory)"


class ActorType(models.TextChoices):
    SYSTEM = "system", "Controller"
    USER = "user", "User"
