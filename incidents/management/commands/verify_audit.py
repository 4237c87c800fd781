"""`python manage.py verify_audit`: check the audit chain end to end, its HMACs, and against the witness."""

from django.core.exceptions import ImproperlyConfigured
from django.core.management.base import BaseCommand, CommandError

from incidents.audit import verify_chain
from incidents.models import AuditRecord
from recovery_site.command_errors import database_needed, with_demo_hint


class Command(BaseCommand):
    help = "Verify the audit trail's HMAC chain and compare it with the witness; exit 1 naming what does not hold."

    def handle(self, *args: object, **options: object) -> None:
        with database_needed(
            "run `python manage.py migrate` first (or point DATABASE_URL at the controller's database)"
        ):
            AuditRecord.objects.exists()  # an unmigrated database says so before anything else
            try:
                report = verify_chain()
            except ImproperlyConfigured as exc:  # no audit key: one clear line, not a traceback
                raise CommandError(with_demo_hint(str(exc))) from exc
        if not report.ok:
            raise CommandError(f"audit chain BROKEN after {report.checked} good records: {report.problem}")
        witness = (
            f", {report.witnessed} witness lines agree"
            if report.witnessed
            else ", no witness lines (none configured or written yet)"
        )
        self.stdout.write(f"audit chain OK: {report.checked} records checked{witness}")
        for note in report.notes:
            self.stdout.write(f"note: {note}")
