"""Trainers whose progress format no parser knows, replayed through the real pipeline.

``scenarios/unseen`` (written by ``scenarios/make_unseen_formats.py``): a Hugging
Face dict log, DeepSpeed's pipeline ``steps: N loss:`` lines and a custom print.
Before the cadence detector the first two were found only when the NCCL watchdog
fired (600 s, 1,800 s) and the stall in teardown after training was never found.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from actions.evaluation.replay import replay
from actions.evaluation.scoring import load_truth, score
from monitoring.detectors.progress import parse_progress

ROOT = Path(__file__).resolve().parents[2] / "scenarios" / "unseen"
HANGS = ["unseen-hf-dict-hang", "unseen-deepspeed-pipe-hang"]


@pytest.fixture(scope="module")
def results() -> dict[str, tuple[dict, dict]]:
    return {f.name: (replay(f), load_truth(f)) for f in sorted(ROOT.iterdir()) if f.is_dir()}


def test_no_line_of_these_scenarios_is_a_progress_line_the_parsers_know() -> None:
    import json

    for folder in ROOT.iterdir():
        for raw in (folder / "events.jsonl").read_text().splitlines():
            e = json.loads(raw)
            if e["source"] == "joblog":
                assert parse_progress(e["line"]) is None, e["line"]


@pytest.mark.parametrize("name", HANGS)
def test_a_hang_in_an_unknown_format_is_found_within_two_minutes_of_the_last_beat(
    name: str, results: dict[str, tuple[dict, dict]]
) -> None:
    out, truth = results[name]
    s = score(out, truth)
    assert s.ok and s.wrong_actions == []
    assert s.latencies[0] <= 120.0
    first = out["incidents"][0]["evidence"][0]
    assert "its own cadence" in first


def test_a_stall_after_training_finished_is_reported_and_never_requeued(
    results: dict[str, tuple[dict, dict]],
) -> None:
    out, truth = results["unseen-custom-finished-stall"]
    s = score(out, truth)
    assert s.ok and s.wrong_actions == []
    inc = out["incidents"][0]
    assert [r["action"] for r in inc["recommendations"]] == ["notify"]
    assert any("phase: finishing" in line and "not requeued" in line for line in inc["evidence"])


def test_slow_start_save_and_evaluation_pauses_are_no_stall(results: dict[str, tuple[dict, dict]]) -> None:
    out, _truth = results["unseen-custom-healthy-pauses"]
    assert out["incidents"] == []


def test_the_hang_verdict_shows_its_phase_and_the_restart_assessment(
    results: dict[str, tuple[dict, dict]],
) -> None:
    out, _truth = results["unseen-hf-dict-hang"]
    evidence = out["incidents"][0]["evidence"]
    assert any(
        line.startswith("phase: training") and "would a restart repeat it?" in line for line in evidence
    )
