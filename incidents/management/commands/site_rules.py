"""manage.py site_rules {list,export FILE,apply FILE --as ada [--dry-run]}: site rules as code
(incidents/site_rules_as_code.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from incidents import site_rules as services
from incidents import site_rules_as_code as sac
from recovery_site.roles import Role, has_role


class Command(BaseCommand):
    help = "List, export or apply site rules (pattern -> kind, category, blame) as a YAML or JSON file."

    def add_arguments(self, parser: CommandParser) -> None:
        sub = parser.add_subparsers(dest="verb", required=True)
        sub.add_parser("list", help="every rule's version in force")
        exp = sub.add_parser("export", help="write every rule to a file (YAML, or JSON for a .json name)")
        exp.add_argument("file")
        app = sub.add_parser("apply", help="create, edit, enable or disable rules as the file says")
        app.add_argument("file")
        app.add_argument("--as", dest="username", required=True, help="the admin the changes are audited as")
        app.add_argument(
            "--dry-run", action="store_true", help="print the plan and the what-if; change nothing"
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        verb = opts["verb"]
        if verb == "list":
            for r in sac.export()["site_rules"]:
                state = "on " if r["enabled"] else "off"
                self.stdout.write(
                    f"#{r['id']} v{r['version']} {state} {r['scope'] or 'every cluster'}: {r['source']} "
                    f"/{r['pattern']}/ -> {r['kind']} ({r['category']}, blames {r['blame']})"
                )
            return
        path = Path(opts["file"])
        if verb == "export":
            data = sac.export()
            text = (
                json.dumps(data, indent=2) + "\n"
                if path.suffix == ".json"
                else yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
            )
            path.write_text(text)
            self.stdout.write(f"exported {len(data['site_rules'])} rule(s) to {path}")
            return
        user = get_user_model().objects.filter(username=opts["username"], is_active=True).first()
        if user is None or not has_role(user, Role.ADMIN):
            raise CommandError(f"--as {opts['username']}: needs an active user with the admin role")
        try:
            spec = yaml.safe_load(path.read_text())  # JSON is YAML too
        except OSError as exc:
            raise CommandError(f"{path}: {exc.strerror}") from exc
        except yaml.YAMLError as exc:
            raise CommandError(f"{path}: not valid YAML or JSON: {str(exc).splitlines()[0]}") from exc
        try:
            plan = sac.plan(spec, user)
        except sac.SpecError as exc:
            raise CommandError(f"{path}: {exc}; nothing changed") from exc
        for line in plan.lines():
            self.stdout.write(line)
        if plan.empty:
            self.stdout.write("no changes")
            return
        if opts["dry_run"]:
            self.stdout.write("dry run: nothing changed")
            return
        try:
            n = sac.apply(plan, user, timezone.now())
        except services.RuleConflict as exc:
            raise CommandError(f"{exc}; nothing changed") from exc
        except PermissionDenied as exc:
            raise CommandError(f"{exc}; nothing changed") from exc
        self.stdout.write(f"applied: {n} change(s), audited as {user.username}")
