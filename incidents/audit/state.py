"""The chain's state as last checked, for /audit/ and the red banner on every page (issue 25)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from incidents.models import AuditHead, AuditVerification


def record_verification(report: Any, by: str, now: dt.datetime) -> bool:
    """Keep what one check found. True when it is a new failure (the trail held, or was never checked, before)."""
    before = AuditVerification.objects.filter(pk=1).first()
    was_broken = before is not None and not before.ok
    broken_since = None if report.ok else (before.broken_since if was_broken and before else now)
    AuditVerification.objects.update_or_create(
        pk=1,
        defaults={
            "at": now,
            "by": by[:150],
            "ok": report.ok,
            "checked": report.checked,
            "witnessed": report.witnessed,
            "problem": report.problem,
            "broken_since": broken_since,
        },
    )
    return not report.ok and not was_broken


def latest() -> AuditVerification | None:
    return AuditVerification.objects.filter(pk=1).first()


def chain_state() -> dict[str, Any]:
    """What /audit/ shows about the chain: its head, the newest witnessed seq, the last check."""
    head = AuditHead.objects.filter(pk=1).first()
    return {
        "head_seq": head.seq if head else 0,
        "witness_seq": head.witness_seq if head else 0,
        "witness_lines": head.witness_lines if head else 0,
        "last_check": latest(),
    }
