"""``manage.py replay <scenario-folder> --json``: run a scenario through the real pipeline.

Needs no database or Redis. Prints only the replay JSON on standard output;
diagnostics go to standard error.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from actions.replay import replay


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
        if not (folder / "scenario.json").exists():
            raise CommandError(f"{folder} is not a scenario folder (no scenario.json)")
        out = replay(folder)
        self.stdout.write(json.dumps(out, indent=opts["indent"], ensure_ascii=False))
