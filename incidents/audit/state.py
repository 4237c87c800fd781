"""The chain's state as last checked, for /audit/ and the red banner on every page (issue 25)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from incidents.models import AuditHead, AuditVerification


@dataclass(frozen=True)
class Change:
    """What one check changed: the trail newly found broken (``broke``, since ``broken_since``),
    found holding again after a failure (``healed``), or neither (the same as before)."""

    broke: bool
    healed: bool
    broken_since: dt.datetime | None


def record_verification(report: Any, by: str, now: dt.datetime) -> Change:
    """Keep what one check found; say whether it broke or healed the trail's standing.

    Call inside a transaction: the row is locked, so two checks at once (the beat and an admin's
    button) agree on which of them found the failure first.
    """
    before = AuditVerification.objects.select_for_update().filter(pk=1).first()
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
    return Change(
        broke=not report.ok and not was_broken, healed=report.ok and was_broken, broken_since=broken_since
    )


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
