"""`python manage.py check_invariants [--cluster NAME]`: every named invariant against the live database.

For operators, like ``verify_audit``: one line per violation (``name: what broke``), then

    invariants: clusters=N checked=I violations=V

and exit status 1 when anything does not hold. The audit chain is one for every cluster: it is
checked once.
"""

from __future__ import annotations

import sys
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from actions.services.invariants import INVARIANT_NAMES, Violation, check_all
from monitoring.models import Cluster
from recovery_site.command_errors import database_needed, with_demo_hint

ONCE = ("audit_chain_verifies",)


class Command(BaseCommand):
    help = "Check every named invariant (node track, budgets, breaker, metrics, guardrails, audit chain); exit 1 on a violation."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--cluster", metavar="NAME", help="only this cluster (default: every cluster)")

    def handle(self, *args: Any, **options: Any) -> None:
        now = timezone.now()
        with database_needed(
            "run `python manage.py migrate` first (or point DATABASE_URL at the controller's database)"
        ):
            clusters = list(Cluster.objects.order_by("name"))
            if options["cluster"]:
                clusters = [c for c in clusters if c.name == options["cluster"]]
                if not clusters:
                    raise CommandError(f"no cluster named {options['cluster']!r}")
            try:
                found = self._check(clusters, now)
            except ImproperlyConfigured as exc:  # no audit key: one clear line, not a traceback
                raise CommandError(with_demo_hint(str(exc))) from exc
        for v in found:
            self.stdout.write(str(v))
        self.stdout.write(
            f"invariants: clusters={len(clusters)} checked={len(INVARIANT_NAMES)} violations={len(found)}"
        )
        if found:
            sys.exit(1)

    @staticmethod
    def _check(clusters: list[Cluster], now: Any) -> list[Violation]:
        each = [n for n in INVARIANT_NAMES if n not in ONCE]
        found = [v for c in clusters for v in check_all(c, now, each)]
        if clusters:
            found += check_all(clusters[0], now, ONCE)
        return found
