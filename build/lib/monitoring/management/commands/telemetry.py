"""``manage.py telemetry``: turn a telemetry capture into ``gpu`` events, or check NVML here.

    python manage.py telemetry parse --format nvidia-smi FILE --node gpu-a-001 --json
    python manage.py telemetry parse --format dcgm-exporter - --node gpu-a-001 --json < scrape.txt
    python manage.py telemetry nvml --json

``parse`` prints ONE JSON array of events (``t`` 0) on standard output; garbage
input is a clear error on standard error and exit status 1, never a traceback.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from monitoring.telemetry.dcgm_exporter import parse_dcgm_exporter
from monitoring.telemetry.fields import TelemetryParseError, label
from monitoring.telemetry.nvidia_smi import parse_nvidia_smi
from monitoring.telemetry.nvml import NvmlSampler

FORMATS = ("nvidia-smi", "dcgm-exporter")


class Command(BaseCommand):
    help = "Parse nvidia-smi / dcgm-exporter captures into gpu events, or sample NVML on this machine."

    def add_arguments(self, parser: CommandParser) -> None:
        sub = parser.add_subparsers(dest="action", required=True)
        p = sub.add_parser("parse", help="a capture file (or - for stdin) → gpu events")
        p.add_argument("--format", required=True, choices=FORMATS)
        p.add_argument("file", help="capture file, or - for standard input")
        p.add_argument(
            "--node", default=None, help="node name (dcgm-exporter: default is its Hostname label)"
        )
        p.add_argument("--json", action="store_true", help="print one JSON array (the default is a table)")
        n = sub.add_parser("nvml", help="sample this machine's GPUs through NVML once")
        n.add_argument("--node", default="localhost")
        n.add_argument("--json", action="store_true")

    def handle(self, *args: Any, **opts: Any) -> None:
        if opts["action"] == "parse":
            events = self._parse(opts["format"], opts["file"], opts["node"])
        else:
            sampler = NvmlSampler(node=opts["node"], watch_xids=False)
            events = sampler.sample(time.time())
            if sampler.unavailable is not None:
                raise CommandError(f"NVML unavailable: {sampler.unavailable.reason}")
            sampler.close()
        if opts["json"]:
            self.stdout.write(json.dumps(events, separators=(",", ":")))
        else:
            self._table(events)

    def _parse(self, fmt: str, path: str, node: str | None) -> list[dict[str, object]]:
        text = self._read(path)
        try:
            if fmt == "nvidia-smi":
                if not node:
                    raise CommandError(
                        "--node is required for nvidia-smi captures (the CSV does not name its host)"
                    )
                return parse_nvidia_smi(text, node, 0.0)
            return parse_dcgm_exporter(text, node, 0.0)
        except TelemetryParseError as exc:
            raise CommandError(f"{path}: not a valid {fmt} capture: {exc}") from exc

    @staticmethod
    def _read(path: str) -> str:
        if path == "-":
            return sys.stdin.buffer.read().decode("utf-8", errors="replace")
        try:
            return Path(path).read_bytes().decode("utf-8", errors="replace")
        except OSError as exc:
            raise CommandError(f"cannot read {path}: {exc.strerror or exc}") from exc

    def _table(self, events: list[dict[str, object]]) -> None:
        for ev in events:
            self.stdout.write(f"{ev['node']} GPU {ev['gpu']}")
            fields = ev["fields"]
            assert isinstance(fields, dict)
            for name, value in fields.items():
                self.stdout.write(f"    {label(name):<50} {value}")
