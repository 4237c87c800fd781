"""Checking the audit trail on demand or on the beat, and saying so when it fails (issue 25).

``verify_audit``, an admin's Verify button on /audit/ and the beat all run
incidents.audit.verify_chain here. Each check is kept (incidents.audit.state) for
/audit/ and the red banner on every page; the first failure after the trail held
sends one escalation to the configured webhooks and triggers one page (its own dedup key,
actions.services.audit_paging), not one per check; the first good check after it resolves
the page.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction

from actions.services import audit_paging
from actions.services.notify import notify
from incidents.audit import ChainReport, append_audit, verify_chain
from incidents.audit.state import record_verification
from incidents.choices import AuditEvent
from recovery_site.roles import Role, has_role

BEAT = "the beat"
COMMAND = "verify_audit (command)"


def check_trail(by: str, now: dt.datetime, witness_copies: Sequence[Path] = ()) -> ChainReport:
    """Verify the whole chain, keep the result, escalate a new failure once."""
    report = verify_chain(witness_copies=witness_copies)
    with transaction.atomic():
        change = record_verification(report, by, now)
        if change.broke:
            notify(
                "escalation",
                cluster="audit",
                text=f"audit trail verification FAILED ({by}): {report.problem}",
            )
            audit_paging.trigger(report, by, change.broken_since, now)
        elif change.healed:
            audit_paging.resolve(now)
    return report


def verify_as(user: Any, now: dt.datetime) -> ChainReport:
    """The Verify button: admins only; the check and its outcome are an audit record of their own."""
    actor = getattr(user, "username", None) or "anonymous"
    if not has_role(user, Role.ADMIN):
        append_audit(
            event=AuditEvent.REFUSAL,
            at=now,
            actor=actor,
            action="verify the audit trail",
            outcome="refused",
            detail={"why": "only admins verify the audit trail"},
        )
        raise PermissionDenied("only admins verify the audit trail")
    report = check_trail(actor, now)
    append_audit(
        event=AuditEvent.AUDIT_CHECK,
        at=now,
        actor=actor,
        action="verify the audit trail",
        outcome="ok" if report.ok else "broken",
        detail={"checked": report.checked, "witnessed": report.witnessed, "problem": report.problem},
    )
    return report
