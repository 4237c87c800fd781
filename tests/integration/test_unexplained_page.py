"""Lines nothing explained on the incident page and in the API (issue 24), from a replayed scenario.

A public scenario (the same KeyError on every rank) gets one line no rule knows a few seconds
before the failure, with markup in it. Replayed through the real pipeline and written the way the
loop writes each tick's verdicts, the incident lists that line, escaped, with its template's count.
"""

from __future__ import annotations

import gzip
import json
import math
import shutil
from pathlib import Path
from typing import Any

import pytest
from django.utils.html import escape

from actions.evaluation.replay import build_pipeline, iter_events, load_scenario
from incidents.models import Incident
from incidents.services import apply_incident_update, epoch_to_dt

pytestmark = pytest.mark.django_db

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "public" / "keyerror-all-ranks"
LINE = '5: [rank5]: tokenizer shard 0042 returned <script>alert("x")</script> & no EOS token'


def _scenario(tmp_path: Path, extra: list[dict[str, Any]]) -> Path:
    folder = tmp_path / "keyerror-all-ranks"
    folder.mkdir()
    shutil.copy(SCENARIO / "scenario.json", folder)
    with gzip.open(SCENARIO / "events.jsonl.gz", "rt", encoding="utf-8") as f:
        events = [json.loads(raw) for raw in f if raw.strip()]
    events = sorted(events + extra, key=lambda e: e["t"])
    (folder / "events.jsonl").write_text("\n".join(json.dumps(e) for e in events) + "\n", encoding="utf-8")
    return folder


def _replay_into(cluster, folder: Path) -> list[Incident]:  # type: ignore[no-untyped-def]
    """The scenario replayed second by second, each tick's verdicts written as the loop writes them."""
    pipeline, start = build_pipeline(load_scenario(folder))
    tick: float | None = None
    for e in iter_events(folder):
        t = start + float(e["t"])
        tick = math.floor(t) if tick is None else tick
        while tick < t:
            for upd in pipeline.feed((), tick):
                apply_incident_update(cluster, upd, epoch_to_dt(tick))
            tick += 1.0
        for upd in pipeline.feed(({**e, "t": t},), t):
            apply_incident_update(cluster, upd, epoch_to_dt(t))
    return list(Incident.objects.filter(cluster=cluster))


def test_the_line_nothing_explained_is_on_the_incident_page_escaped(
    cluster, viewer, client, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    folder = _scenario(tmp_path, [{"t": 509.5, "source": "joblog", "job": "4109", "line": LINE}])
    [incident] = _replay_into(cluster, folder)
    assert incident.category == "software"  # the verdict is the scenario's own
    client.force_login(viewer)
    html = client.get(f"/incidents/{incident.pk}/").content.decode()
    assert "Lines nothing explained" in html
    assert escape(LINE) in html
    assert "<script>alert" not in html
    assert "job 4109 rank 5 on gpu-a-029" in html
    assert "1×" in html


def test_the_api_lists_the_line_with_where_it_came_from(cluster, viewer, client, tmp_path) -> None:  # type: ignore[no-untyped-def]
    folder = _scenario(tmp_path, [{"t": 509.5, "source": "joblog", "job": "4109", "line": LINE}])
    [incident] = _replay_into(cluster, folder)
    client.force_login(viewer)
    body = client.get(f"/api/incidents/{incident.pk}/").json()
    assert [(u["where"], u["line"], u["seen"]) for u in body["unexplained"]] == [
        ("job 4109 rank 5 on gpu-a-029", LINE, 1)
    ]
    assert body["unexplained"][0]["at"] == "2026-11-29T09:23:29.500000+00:00"  # start + 509.5 s


def test_without_such_lines_the_page_has_no_section(cluster, viewer, client, tmp_path) -> None:  # type: ignore[no-untyped-def]
    [incident] = _replay_into(cluster, _scenario(tmp_path, []))
    assert incident.unexplained == []
    client.force_login(viewer)
    html = client.get(f"/incidents/{incident.pk}/").content.decode()
    assert "Lines nothing explained" not in html


def test_a_later_verdict_that_knows_no_lines_keeps_the_listed_ones(cluster, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A pipeline whose memory was lost lists nothing: that is no news, and clears nothing."""
    from actions.pipeline import IncidentUpdate

    folder = _scenario(tmp_path, [{"t": 509.5, "source": "joblog", "job": "4109", "line": LINE}])
    [incident] = _replay_into(cluster, folder)
    listed = incident.unexplained
    assert [u["line"] for u in listed] == [LINE]
    upd = IncidentUpdate(
        key=incident.key,
        detected_t=incident.detected_at.timestamp(),
        updated_t=incident.detected_at.timestamp() + 60,
        category="software",
        culprit_node=None,
        culprit_gpu=None,
        confidence=0.9,
        jobs=("4109",),
        evidence=("job 4109: KeyError",),
        pattern="exception:KeyError",
        recommendations=(),
    )
    assert upd.unexplained == ()
    apply_incident_update(cluster, upd, epoch_to_dt(upd.updated_t))
    incident.refresh_from_db()
    assert incident.unexplained == listed
