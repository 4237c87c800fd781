"""`manage.py check --deploy`: the audit trail needs its key and witness outside the database."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import Tags, Warning, register


@register(Tags.security, deploy=True)
def audit_trail_anchored_outside_the_database(app_configs: Any = None, **kwargs: Any) -> list[Warning]:
    found = []
    if not (settings.RECOVERY_AUDIT_KEY_FILE or settings.RECOVERY_AUDIT_KEY):
        found.append(
            Warning(
                "RECOVERY_AUDIT_KEY_FILE is not set: audit records cannot be authenticated in production.",
                hint="manage.py audit_keygen hmac > /etc/recovery/audit-keys (mode 0400, readable by the app only).",
                id="recovery.W001",
            )
        )
    if not settings.RECOVERY_AUDIT_WITNESS_FILE:
        found.append(
            Warning(
                "RECOVERY_AUDIT_WITNESS_FILE is not set: a chain cut short or emptied by someone who controls the database goes unnoticed.",
                hint="Point it at an append-only file the database's owner cannot rewrite; see docs/SECURITY.md.",
                id="recovery.W002",
            )
        )
    return found
