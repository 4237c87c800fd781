"""``manage.py evaluate <folder> [--json]``: replay every scenario below a folder and score it."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from actions.evaluation.replay import replay, scenario_folders
from actions.evaluation.scoring import load_truth, score, table, totals
from recovery_site.command_errors import check_scenario_folder, replaying


class Command(BaseCommand):
    help = "Replay and score scenarios: recall, false alarms, culprit/category accuracy, actions, latency."
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("folder", type=Path)
        parser.add_argument("--json", action="store_true", help="print the totals as one JSON object")
        parser.add_argument(
            "--handover",
            type=float,
            metavar="S",
            help=(
                "rebuild the pipeline from its state's JSON every S seconds of scenario time, as a tick "
                "run by another worker process does: scores what survives the handover"
            ),
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        handover = opts.get("handover")
        if handover is not None and not handover > 0:
            raise CommandError(f"--handover must be a positive number of seconds, not {handover:g}")
        if not opts["folder"].exists():
            raise CommandError(f"{opts['folder']}: no such folder")
        folders = scenario_folders(opts["folder"])
        if not folders:
            raise CommandError(f"no scenario folders under {opts['folder']}")
        scores = []
        for folder in folders:
            if not (folder / "truth.json").exists():
                print(f"skipping {folder}: no truth.json", file=sys.stderr)
                continue
            check_scenario_folder(folder, truth=True)
            with replaying(folder):
                scores.append(score(replay(folder, handover_s=handover), load_truth(folder)))
        if not scores:
            raise CommandError(f"no scenario under {opts['folder']} has a truth.json to score against")
        if opts["json"]:
            self.stdout.write(json.dumps(totals(scores), ensure_ascii=False))
        else:
            self.stdout.write(table(scores))
