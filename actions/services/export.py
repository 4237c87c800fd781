"""Export an incident as a ``recovery-scenario/1`` folder or zip, from the recorded stream and its rows."""

from __future__ import annotations

import datetime as dt
import io
import zipfile
from collections import defaultdict
from pathlib import Path

from actions.choices import ActionKind
from actions.evaluation.export import Verdict, build_scenario, iso
from actions.services.record import read_cluster
from incidents.models import Incident
from incidents.site_rules import rules_as_of

BEFORE_S = 600.0  # the stretch before the first signal: step-time medians, the world as it was
AFTER_S = 300.0  # and after the last update: the cascade, the closing evidence


class NothingRecorded(LookupError):
    """No recorded events cover the incident's window (recording was off, or the record was pruned)."""


def scenario_name(incident: Incident) -> str:
    return f"{incident.cluster.name}-incident-{incident.pk}"


def incident_window(
    incident: Incident, before_s: float = BEFORE_S, after_s: float = AFTER_S
) -> tuple[float, float]:
    first = incident.first_signal_at or incident.detected_at
    last = max(incident.detected_at, incident.resolved_at or incident.detected_at)
    return (first.timestamp() - before_s, last.timestamp() + after_s)


def _verdict(incident: Incident) -> Verdict:
    drains, requeues = [], defaultdict(tuple)
    for r in incident.recommendations.all():
        if r.action == ActionKind.DRAIN_NODE and r.status != "superseded":
            drains.append(r.node)
        elif r.action == ActionKind.REQUEUE_JOB and r.status != "superseded":
            requeues[r.job] = tuple(r.exclude or ())
    first = incident.first_signal_at or incident.detected_at
    return Verdict(
        incident.operator_verdict,
        incident.category,
        incident.culprit_node or None,
        incident.culprit_gpu,
        first.timestamp(),
        tuple(sorted(set(drains))),
        dict(requeues),
    )


def _history(incident: Incident, before: float) -> list[dict[str, str]]:
    rows = Incident.objects.filter(
        cluster=incident.cluster, detected_at__lt=dt.datetime.fromtimestamp(before, tz=dt.UTC)
    )
    rows = rows.exclude(culprit_node="").exclude(operator_verdict="false").order_by("-detected_at")[:500]
    return [
        {
            "at": iso(r.detected_at.timestamp()),
            "node": r.culprit_node,
            "verdict": "suspect",
            "category": r.category,
        }
        for r in rows
    ]


def scenario_files(
    incident: Incident, before_s: float = BEFORE_S, after_s: float = AFTER_S
) -> dict[str, bytes]:
    start, end = incident_window(incident, before_s, after_s)
    records = read_cluster(
        incident.cluster.name,
        dt.datetime.fromtimestamp(start, tz=dt.UTC),
        dt.datetime.fromtimestamp(end, tz=dt.UTC),
    )
    if not any(e.get("source") != "_controller" for e in records):
        raise NothingRecorded(
            f"no recorded events for cluster {incident.cluster.name} between {iso(start)} and {iso(end)}"
        )
    desc = f"Exported from incident #{incident.pk}: {incident.blamed} ({incident.pattern})"
    rules = rules_as_of(incident.cluster, incident.detected_at)  # what was in force when it was decided
    return build_scenario(
        scenario_name(incident),
        desc,
        records,
        start,
        _history(incident, start),
        _verdict(incident),
        site_rules=rules.to_state(),
    )


def export_folder(incident: Incident, out: Path, **window: float) -> Path:
    files = scenario_files(incident, **window)  # first: a refusal writes nothing
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (out / name).write_bytes(data)
    return out


def export_zip(incident: Incident, **window: float) -> bytes:
    buf = io.BytesIO()
    name = scenario_name(incident)
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as z:  # events are gzip'd already
        for fname, data in scenario_files(incident, **window).items():
            z.writestr(f"{name}/{fname}", data)
    return buf.getvalue()
