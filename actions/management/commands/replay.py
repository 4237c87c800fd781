"""``manage.py replay <scenario-folder> --json``: run a scenario through the real pipeline.

Needs no database or Redis. Prints only the replay JSON on standard output;
diagnostics go to standard error.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from actions.evaluation.replay import replay
from recovery_site.command_errors import check_scenario_folder, replaying


class Command(BaseCommand):
    help = "Replay a recorded scenario through detectors, attribution and policy; print the incidents."
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("folder", type=Path)
        parser.add_argument("--json", action="store_true", help="print the FORMAT.md replay object (default)")
        parser.add_argument("--indent", type=int, default=None)

    def handle(self, *args: Any, **opts: Any) -> None:
        folder: Path = opts["folder"]
        check_scenario_folder(folder)  # a broken scenario.json: one line naming the file and line
        with replaying(folder):
            out = replay(folder)
        self.stdout.write(json.dumps(out, indent=opts["indent"], ensure_ascii=False))
