"""``manage.py whatif --cluster NAME --since 14d [--isolation auto] [--set straggler_ratio=1.3] [--file f.yaml] [--json]``.

Replays the cluster's recorded stream under other autonomy levels, guardrails or detector
thresholds and reports, beside what actually happened, what would have executed.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from actions.evaluation.export import iso
from actions.evaluation.whatif import Report
from actions.services.whatif import BadChange, describe, load_changes, parse_since, run_whatif
from monitoring.models import Cluster
from monitoring.vocabulary import LEVELS


def _number(text: str) -> int | float:
    try:
        return int(text)
    except ValueError:
        return float(text)


class Command(BaseCommand):
    help = "Replay a cluster's recorded events under other settings; report what would have executed."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--cluster", required=True)
        parser.add_argument("--since", default="14d", help="how far back: 30m, 12h, 14d")
        parser.add_argument("--default", choices=LEVELS, help="cluster default autonomy")
        parser.add_argument("--isolation", choices=LEVELS, help="autonomy for drains")
        parser.add_argument("--restart", choices=LEVELS, help="autonomy for requeues")
        parser.add_argument("--max-drains-per-hour", type=int)
        parser.add_argument("--max-partition-drained-pct", type=int)
        parser.add_argument(
            "--set",
            action="append",
            default=[],
            metavar="THRESHOLD=VALUE",
            help="a detector threshold, e.g. straggler_ratio=1.3",
        )
        parser.add_argument("--file", type=Path, help="YAML with autonomy/guardrails/detectors mappings")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args: Any, **opts: Any) -> None:
        cluster = Cluster.objects.filter(name=opts["cluster"]).first()
        if cluster is None:
            raise CommandError(f"no cluster named {opts['cluster']!r}")
        try:
            changes = self._changes(opts)
            report = run_whatif(cluster, parse_since(opts["since"]), changes, timezone.now())
        except (BadChange, OSError, ValueError) as e:
            raise CommandError(str(e)) from None
        if opts["json"]:
            self.stdout.write(json.dumps(as_json(report), ensure_ascii=False))
        else:
            self.stdout.write(as_text(cluster.name, opts["since"], describe(changes), report))

    def _changes(self, opts: dict[str, Any]) -> dict[str, Any]:
        changes: dict[str, Any] = load_changes(opts["file"]) if opts["file"] else {}
        auto = dict(changes.get("autonomy") or {})
        auto |= {k: opts[k] for k in ("default", "isolation", "restart") if opts[k]}
        guard = dict(changes.get("guardrails") or {})
        guard |= {
            k: opts[k] for k in ("max_drains_per_hour", "max_partition_drained_pct") if opts[k] is not None
        }
        det = dict(changes.get("detectors") or {})
        for item in opts["set"]:
            name, sep, value = item.partition("=")
            if not sep:
                raise BadChange(f"--set wants THRESHOLD=VALUE, not {item!r}")
            try:
                det[name.strip()] = _number(value.strip())
            except ValueError:
                raise BadChange(f"--set {name}: {value!r} is not a number") from None
        return {"autonomy": auto, "guardrails": guard, "detectors": det}


def as_json(report: Report) -> dict[str, Any]:
    return {
        "summary": report.summary(),
        "actions": [asdict(a) for a in report.actions],
        "detections": [asdict(d) for d in report.detections],
        "missed": report.unmatched_actual,
    }


def as_text(cluster: str, since: str, changes: str, report: Report) -> str:
    s = report.summary()
    lines = [
        f"What if on {cluster}, last {since}, with {changes}:",
        f"  would have executed {s['would_execute']} actions ({s['drains']} drains, {s['requeues']} requeues): "
        f"{s['confirmed']} confirmed, {s['false']} false, {s['unjudged']} unjudged by operators",
        f"  guardrails would have blocked {s['blocked_drains']} drains; {s['awaiting_approval']} would have waited for approval",
        f"  actually executed: {s['actually_executed']} actions over {len(report.actual)} live incidents",
        f"  incidents: {s['incidents']} replayed, {s['earlier']} detected earlier, {s['later']} later, "
        f"{s['new']} not seen live, {s['missed']} live ones not seen",
    ]
    for a in report.actions:
        judged = f"live #{a.matched} {a.verdict or 'unjudged'}" if a.matched else "no live incident"
        extra = f" ({a.reason})" if a.reason else ""
        lines.append(f"  {iso(a.t)} {a.action} {a.target}: {a.outcome} at {a.level}{extra}; {judged}")
    return "\n".join(lines)
