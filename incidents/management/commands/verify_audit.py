"""`python manage.py verify_audit`: check the audit hash chain end to end."""

from django.core.management.base import BaseCommand, CommandError

from incidents.audit import verify_chain
from recovery_site.cli import database_needed


class Command(BaseCommand):
    help = "Verify the audit trail's hash chain; exit 1 naming the first broken record."

    def handle(self, *args: object, **options: object) -> None:
        with database_needed("run `python manage.py migrate` first (or point DATABASE_URL at the controller's database)"):
            report = verify_chain()
        if not report.ok:
            raise CommandError(f"audit chain BROKEN after {report.checked} good records: {report.problem}")
        self.stdout.write(f"audit chain OK: {report.checked} records checked")
