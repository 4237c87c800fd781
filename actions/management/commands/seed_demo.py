"""`python manage.py seed_demo [--users --demo]`: the demo's simulated cluster (and, for the demo only, users).

Demo users have their name as password (admin/admin): ``--users`` refuses to make
them unless the database is explicitly a demo one (``--demo`` or ``DEMO=1``).
"""

from __future__ import annotations

import os
from typing import Any

from django.contrib.auth.models import Group, User
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from monitoring.choices import Autonomy, ConnectionMode
from monitoring.models import Cluster
from recovery_site.command_errors import database_needed

DEMO_USERS = (("admin", "admin"), ("operator", "operator"), ("viewer", "viewer"))
PCI_BUS_IDS = [
    "0000:18:00",
    "0000:2a:00",
    "0000:3a:00",
    "0000:5d:00",
    "0000:9a:00",
    "0000:ab:00",
    "0000:ba:00",
    "0000:db:00",
]


class Command(BaseCommand):
    help = (
        "Create the simulated demo cluster sim-a (approve mode); --users also creates admin/operator/viewer."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--users", action="store_true", help="create demo users whose password is their name (demo only)"
        )
        parser.add_argument(
            "--demo", action="store_true", help="this database is a throw-away demo (also: DEMO=1)"
        )
        parser.add_argument("--autonomy", default=Autonomy.APPROVE, choices=Autonomy.values)

    def handle(self, *args: Any, **opts: Any) -> None:
        demo = opts["demo"] or os.environ.get("DEMO", "").lower() in ("1", "true", "yes", "on")
        if opts["users"] and not demo:
            raise CommandError(
                "--users creates admin/admin and friends: only on a demo database (add --demo or set DEMO=1)"
            )
        with database_needed("run `python manage.py migrate` first"), transaction.atomic():
            self._seed(opts)

    def _seed(self, opts: dict[str, Any]) -> None:
        cluster, created = Cluster.objects.get_or_create(
            name="sim-a",
            defaults={
                "connection_mode": ConnectionMode.SIMULATED,
                # The demo starts in approve mode so the buttons matter; real clusters start in monitor.
                "autonomy": opts["autonomy"],
                "partitions": ["batch", "canary"],
                "gpus_per_node": 8,
                "pci_bus_ids": PCI_BUS_IDS,
                # A demo draws a fault every minute or two: give the guardrails room to show recoveries.
                "max_drains_per_hour": 20,
                "max_partition_drained_pct": 30,
                "poll_interval_s": 2.0,
            },
        )
        self.stdout.write(
            f"cluster {cluster.name}: {'created' if created else 'exists'} ({cluster.autonomy} mode)"
        )
        if opts["users"]:
            for name, password in DEMO_USERS:
                user, _ = User.objects.get_or_create(username=name)
                user.set_password(password)
                user.is_staff = name == "admin"
                user.is_superuser = name == "admin"
                user.save()
                # the role groups come with migration monitoring 0002; a flushed database has none
                user.groups.set([Group.objects.get_or_create(name=name)[0]])
                self.stdout.write(f"user {name} / password {password} (demo only)")
