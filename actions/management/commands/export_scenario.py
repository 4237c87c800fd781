"""``manage.py export_scenario INCIDENT --out DIR``: an incident as a recovery-scenario/1 folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from actions.services.export import AFTER_S, BEFORE_S, NothingRecorded, export_folder
from incidents.models import Incident


class Command(BaseCommand):
    help = (
        "Export an incident's recorded events, cluster, jobs and (where judged) truth as a scenario folder."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("incident", type=int)
        parser.add_argument("--out", type=Path, required=True, help="folder to write (created)")
        parser.add_argument("--before", type=float, default=BEFORE_S, help="seconds before the first signal")
        parser.add_argument("--after", type=float, default=AFTER_S, help="seconds after the last update")

    def handle(self, *args: Any, **opts: Any) -> None:
        incident = Incident.objects.select_related("cluster").filter(pk=opts["incident"]).first()
        if incident is None:
            raise CommandError(f"no incident #{opts['incident']}")
        try:
            out = export_folder(incident, opts["out"], before_s=opts["before"], after_s=opts["after"])
        except NothingRecorded as e:
            raise CommandError(str(e)) from None
        self.stdout.write(str(out))
