"""`manage.py audit_anchor`: the keyring line that anchors where keyed audit records begin (issue 25)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from incidents.models import AuditHead, AuditRecord


class Command(BaseCommand):
    help = (
        "Print '@keyed-from SEQ' for the audit keyring: records before SEQ may be plain SHA-256 "
        "(written before keys), every record from SEQ on must carry a key."
    )

    def handle(self, *args: Any, **opts: Any) -> None:
        first = AuditRecord.objects.exclude(key_id="").order_by("seq").values_list("seq", flat=True).first()
        if first is None:
            head = AuditHead.objects.filter(pk=1).first()
            first = (head.seq if head else 0) + 1
        self.stdout.write(
            "# append to RECOVERY_AUDIT_KEY_FILE (or set RECOVERY_AUDIT_KEYED_FROM): keyed records begin here\n"
            f"@keyed-from {first}"
        )
