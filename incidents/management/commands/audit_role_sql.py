"""`manage.py audit_role_sql ROLE`: the GRANT/REVOKE statements for the app's PostgreSQL role (docs/SECURITY.md)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection

from incidents.audit.role import app_role_statements


class Command(BaseCommand):
    help = "Print the SQL that lets ROLE run the app without UPDATE/DELETE/TRUNCATE on the audit records."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("role")
        parser.add_argument("--schema", default="public")

    def handle(self, *args: Any, **opts: Any) -> None:
        if connection.vendor != "postgresql":
            raise CommandError("audit_role_sql is for PostgreSQL (SQLite has no roles)")
        try:
            statements = app_role_statements(opts["role"], opts["schema"])
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        with connection.cursor() as cur:
            for stmt in statements:
                self.stdout.write(stmt.as_string(cur.connection) + ";")
