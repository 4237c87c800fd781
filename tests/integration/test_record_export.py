"""Record → export → replay: a live simulator incident, exported as a scenario, replays to the same verdict.

Real PostgreSQL and Redis; the simulator stands in for Slurm. Ticks are driven with an
explicit `now` as in test_loop.py, so minutes of cluster life take seconds.
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from actions.evaluation.recorded import CONTROLLER, read_segment, segments
from actions.evaluation.replay import replay
from actions.evaluation.scoring import load_truth, score
from incidents.models import Incident
from incidents.services import mark_verdict
from monitoring.models import Job
from monitoring.sources.simulated import inject
from tests.integration.sim_clock import busy_batch_job

pytestmark = [pytest.mark.django_db, pytest.mark.redis]
CLOCK_WARMUP_S = 120  # long enough for the jobs to write a checkpoint (the clock fixture)


def _busy_node(cluster) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    job = busy_batch_job(cluster)
    return job.node_list[1], job.slurm_id


def _live_incident(cluster, clock, kind: str) -> Incident:  # type: ignore[no-untyped-def]
    node, _ = _busy_node(cluster)
    inject(cluster, kind, node, clock.now.timestamp())
    for _ in range(15):  # a straggler takes a while to show: up to 300 simulated seconds
        clock.run(cluster, 20)
        if Incident.objects.filter(cluster=cluster).exists():
            break
    clock.run(cluster, 20)
    incidents = list(Incident.objects.filter(cluster=cluster))
    assert len(incidents) == 1, [(i.category, i.culprit_node) for i in incidents]
    return incidents[0]


def test_every_tick_is_recorded_as_events_behind_a_snapshot_of_the_cluster_and_its_jobs(
    cluster, clock, record_dir
) -> None:  # type: ignore[no-untyped-def]
    paths = segments(record_dir / cluster.name)
    assert [p.name for p in paths] == ["20261129T10.jsonl.gz"]
    lines = list(read_segment(paths[0]))
    assert lines[0]["source"] == CONTROLLER and lines[0]["kind"] == "snapshot"
    assert lines[0]["cluster"]["nodes"]
    sources = {e["source"] for e in lines}
    assert {"joblog", "gpu"} <= sources
    running = set(Job.objects.filter(cluster=cluster, state="RUNNING").values_list("slurm_id", flat=True))
    recorded_jobs = {j["id"] for e in lines if e["source"] == CONTROLLER for j in e["jobs"]}
    assert running <= recorded_jobs


@pytest.mark.parametrize("kind", ["xid79", "thermal"])
def test_an_exported_live_incident_replays_to_the_same_culprit_and_category(
    cluster, clock, tmp_path, kind
) -> None:  # type: ignore[no-untyped-def]
    inc = _live_incident(cluster, clock, kind)
    out = tmp_path / "scn"
    call_command("export_scenario", str(inc.pk), "--out", str(out))
    assert sorted(p.name for p in out.iterdir()) == [
        "events.jsonl.gz",
        "scenario.json",
    ]  # no verdict: no truth
    result = replay(out)
    same = [
        i
        for i in result["incidents"]
        if i["category"] == inc.category and (i["culprit"] or {}).get("node") == inc.culprit_node
    ]
    assert same, (inc.category, inc.culprit_node, result["incidents"])
    assert same[0]["culprit"].get("gpu") == inc.culprit_gpu


def test_a_confirmed_incident_exports_with_its_truth_and_evaluate_scores_it_right(
    cluster, clock, tmp_path, operator
) -> None:  # type: ignore[no-untyped-def]
    inc = _live_incident(cluster, clock, "xid79")
    mark_verdict(inc, operator, "confirmed", clock.now)
    out = tmp_path / "scn"
    call_command("export_scenario", str(inc.pk), "--out", str(out))
    truth = json.loads((out / "truth.json").read_text())
    assert truth["fault"]["category"] == "gpu_hardware" and truth["fault"]["node"] == inc.culprit_node
    assert truth["expected"]["drain"] == [inc.culprit_node]
    s = score(replay(out), load_truth(out))
    assert (s.faults, s.detected, s.false_alarms, s.culprit_ok, s.category_ok, s.wrong_actions) == (
        1,
        1,
        0,
        1,
        1,
        [],
    )
    assert s.actions_exact, s.notes


def test_the_incident_page_offers_the_scenario_as_a_zip(cluster, clock, client, viewer) -> None:  # type: ignore[no-untyped-def]
    inc = _live_incident(cluster, clock, "xid79")
    client.force_login(viewer)
    page = client.get(f"/incidents/{inc.pk}/")
    assert f"/incidents/{inc.pk}/scenario.zip" in page.content.decode()
    resp = client.get(f"/incidents/{inc.pk}/scenario.zip")
    assert resp.status_code == 200 and resp["Content-Type"] == "application/zip"
    names = zipfile.ZipFile(io.BytesIO(resp.content)).namelist()
    assert sorted(names) == [
        f"sim-t-incident-{inc.pk}/events.jsonl.gz",
        f"sim-t-incident-{inc.pk}/scenario.json",
    ]


def test_an_incident_with_nothing_recorded_is_refused_in_one_line_and_writes_nothing(
    cluster, clock, tmp_path, record_dir
) -> None:  # type: ignore[no-untyped-def]
    inc = _live_incident(cluster, clock, "xid79")
    for p in segments(record_dir / cluster.name):
        p.unlink()
    out = tmp_path / "scn"
    with pytest.raises(CommandError, match="no recorded events for cluster sim-t"):
        call_command("export_scenario", str(inc.pk), "--out", str(out))
    assert not Path(out).exists()
