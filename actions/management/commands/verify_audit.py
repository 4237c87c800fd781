"""`python manage.py verify_audit`: check the audit chain end to end, its HMACs, and against the witness."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from actions.services.audit_check import COMMAND, check_trail
from incidents.models import AuditRecord
from recovery_site.command_errors import database_needed, with_demo_hint


class Command(BaseCommand):
    help = "Verify the audit trail's HMAC chain and compare it with the witness; exit 1 naming what does not hold."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--witness-copy",
            action="append",
            default=[],
            metavar="PATH",
            help="a copy of the witness lines kept elsewhere, e.g. `journalctl -t recovery -o cat > copy` "
            "(repeatable): its lines are checked like the file's, and a file that lacks them fails",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        with database_needed(
            "run `python manage.py migrate` first (or point DATABASE_URL at the controller's database)"
        ):
            AuditRecord.objects.exists()  # an unmigrated database says so before anything else
            try:
                copies = [Path(p) for p in options["witness_copy"]]
                report = check_trail(COMMAND, timezone.now(), copies)
            except ImproperlyConfigured as exc:  # no audit key: one clear line, not a traceback
                raise CommandError(with_demo_hint(str(exc))) from exc
        if not report.ok:
            raise CommandError(f"audit chain BROKEN after {report.checked} good records: {report.problem}")
        witness = (
            f", {report.witnessed} witness lines agree"
            if report.witnessed
            else ", no witness lines (no witness configured)"
        )
        self.stdout.write(f"audit chain OK: {report.checked} records checked{witness}")
        for note in report.notes:
            self.stdout.write(f"note: {note}")
