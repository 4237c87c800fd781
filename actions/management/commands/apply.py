"""manage.py apply clusters.yaml --as ada [--dry-run]: clusters as code (actions/services/clusters_as_code.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from actions.services import clusters_as_code as cac
from recovery_site.roles import Role, has_role


class Command(BaseCommand):
    help = "Create or update clusters, connections, autonomy and guardrails from a YAML file (idempotent)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the YAML file (see deploy/clusters.example.yaml)")
        parser.add_argument(
            "--as", dest="username", required=True, help="the admin the changes are audited as"
        )
        parser.add_argument("--dry-run", action="store_true", help="print the changes and change nothing")

    def handle(self, *args: Any, **opts: Any) -> None:
        user = get_user_model().objects.filter(username=opts["username"], is_active=True).first()
        if user is None or not has_role(user, Role.ADMIN):
            raise CommandError(f"--as {opts['username']}: needs an active user with the admin role")
        path = Path(opts["file"])
        try:
            spec = yaml.safe_load(path.read_text())
        except OSError as exc:
            raise CommandError(f"{path}: {exc.strerror}") from exc
        except yaml.YAMLError as exc:
            raise CommandError(f"{path}: not valid YAML: {str(exc).splitlines()[0]}") from exc
        try:
            plan = cac.plan(spec, timezone.now())
        except cac.SpecError as exc:
            raise CommandError(f"{path}: {exc}") from exc
        for line in plan.skipped:
            self.stderr.write(f"skipped: {line}")
        for line in plan.lines():
            self.stdout.write(line)
        if plan.empty:
            self.stdout.write("no changes")
            return
        if opts["dry_run"]:
            self.stdout.write("dry run: nothing changed")
            return
        n = cac.apply(plan, user, timezone.now(), path.name)
        self.stdout.write(f"applied: {n} cluster(s) changed, audited as {user.username}")
