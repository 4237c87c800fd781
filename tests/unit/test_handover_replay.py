"""Verdicts survive the pipeline's handover between worker processes (issues 23, 24, 26).

A fleet's tick runs in whichever worker process is free, so most ticks rebuild the pipeline from
the JSON state the last tick saved (actions/loop.py). ``replay(..., handover_s=5)`` does that every
5 s of scenario time, the default poll interval. What the detectors keep only in memory is lost
there: before ``incidents/attribution/memory_state.py`` each job's phase and learned cadence were,
and the holdout7 teardown hang was found 35 minutes late, a staggered start read as a hang to
requeue, a custom trainer's stall found only by the 600 s fallback (``unseen``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from actions.evaluation.replay import (
    build_pipeline,
    iter_events,
    load_scenario,
    replay,
    run_events,
    scenario_folders,
)
from actions.evaluation.scoring import load_truth, score, scorecard_row
from actions.pipeline import Pipeline
from incidents.attribution import memory_state
from monitoring.detectors.progress import ProgressTracker

ROOT = Path(__file__).resolve().parents[2] / "scenarios"
# Recorded corpora that are bars (not the blind holdouts, which are scored, never asserted on).
FOLDERS = [f for c in ("public", "real", "unseen", "synthetic") for f in scenario_folders(ROOT / c)]
# Known to score differently with the handover (none: lemon-node did while a restore re-assessed
# closed incidents with what the world learned since; tests/unit/test_restore_keeps_verdicts.py).
KNOWN: set[str] = set()


@pytest.mark.parametrize("folder", FOLDERS, ids=[f.name for f in FOLDERS])
def test_the_same_scores_with_the_pipeline_handed_over_every_tick(folder: Path) -> None:
    if folder.name in KNOWN:
        pytest.xfail("a restored pipeline re-assesses closed incidents (see KNOWN)")
    truth = load_truth(folder)
    assert score(replay(folder, handover_s=5), truth) == score(replay(folder), truth)


# The blind holdouts are never a bar for scores, but a verdict that depends on whether the pipeline was
# handed over is a state the handover lost, whatever the truth says (holdout18, blind: a node whose every
# GPU was slow compared with the job's other nodes was found plain and missed handed over: the peers' clocks
# were not in the saved state). One test per corpus, which also checks the corpus's line of
# docs/SCORECARD.md from the same plain replays: the suite replays each blind scenario once plain and once
# handed over, and a corpus's eight are one work unit of about twenty seconds for the scheduler.
HOLDOUT_CORPORA = sorted(
    (d for d in ROOT.iterdir() if d.is_dir() and d.name.startswith("holdout")),
    key=lambda d: int(d.name.removeprefix("holdout") or 1),
)


def _scorecard_lines() -> set[str]:
    doc = ROOT.parent / "docs" / "SCORECARD.md"
    return {line for line in doc.read_text(encoding="utf-8").splitlines() if line.startswith("| ")}


@pytest.mark.parametrize("corpus", HOLDOUT_CORPORA, ids=[d.name for d in HOLDOUT_CORPORA])
def test_each_blind_corpus_scores_the_same_handed_over_and_as_docs_say(corpus: Path) -> None:
    folders = scenario_folders(corpus / "scenarios" if (corpus / "scenarios").is_dir() else corpus)
    assert folders, f"{corpus.name} holds no scenario"
    plain, differ = [], []
    for folder in folders:
        truth = load_truth(folder)
        s = score(replay(folder), truth)
        plain.append(s)
        if score(replay(folder, handover_s=5), truth) != s:
            differ.append(folder.name)
    assert not differ, f"scored differently handed over every 5 s: {differ}"
    row = scorecard_row(corpus.name, plain)
    assert row in _scorecard_lines(), f"docs/SCORECARD.md is not current (scripts/scorecard.py): {row}"


def test_the_memory_round_trips_through_json() -> None:
    """Phases, cadences (every beat and stream), the launch watchers: written, read, written again alike."""
    folder = ROOT / "unseen" / "unseen-custom-healthy-pauses"  # a format no parser knows: cadence only
    pipeline, start = build_pipeline(load_scenario(folder), None)
    events = list(iter_events(folder))
    run_events(pipeline, start, iter(events[: len(events) // 2]))  # mid-run: the job still trains
    first = memory_state.dump(pipeline.ingest)
    assert first["phases"] and first["cadences"], "the scenario should have taught the detectors something"
    again = Pipeline.from_state(json.loads(json.dumps(pipeline.to_state())))
    assert memory_state.dump(again.ingest) == json.loads(json.dumps(first))


def test_every_attribute_of_the_ingest_is_carried_or_rebuilt() -> None:
    """A handover keeps what the detectors learned: each attribute of an Ingest is carried by the memory
    state or the pipeline's, or named with the reason it is rebuilt (stop 60's dcgmi diag reader was none)."""
    pipeline, _ = build_pipeline(load_scenario(scenario_folders(ROOT / "public")[0]), None)
    have = set(vars(pipeline.ingest))
    accounted = memory_state.CARRIED | memory_state.BY_PIPELINE | set(memory_state.REBUILT)
    assert have - accounted == set(), "attributes a handover forgets"
    assert accounted - have == set(), "accounted for but gone"
    sets = (memory_state.CARRIED, memory_state.BY_PIPELINE, set(memory_state.REBUILT))
    assert sum(map(len, sets)) == len(accounted), "an attribute accounted for twice"


def test_a_diag_tables_continuation_row_survives_the_handover() -> None:
    """A dcgmi diag table's continuation row names no test: the test its block began with is carried."""
    from monitoring.detectors.health_checks import DiagReader

    pipeline, _ = build_pipeline(load_scenario(scenario_folders(ROOT / "public")[0]), None)
    pipeline.ingest.diag.feed("77", "| PCIe                      | Pass - GPUs: 0, 1, 3                |")
    pipeline.ingest.thread_tb["77"] = (5.0, "Thread-3", False)
    pipeline.ingest.verbs_host["77"] = (4.0, "gpu-07")
    again = Pipeline.from_state(json.loads(json.dumps(pipeline.to_state())))
    assert isinstance(again.ingest.diag, DiagReader)
    failed = again.ingest.diag.feed(
        "77", "|                           | Fail - GPU: 2                       |"
    )
    assert failed == ("PCIe", (2,), "gpu_degraded")
    assert again.ingest.thread_tb["77"] == (5.0, "Thread-3", False)
    assert again.ingest.verbs_host["77"] == (4.0, "gpu-07")


def test_stop_62s_memory_survives_the_handover() -> None:
    """A node's link lost and back, a nonfatal Xid a later one was caused by, a node whose daemons lost the
    resolver, and which hosts of a job found their InfiniBand devices: each carried across a handover."""
    pipeline, _ = build_pipeline(load_scenario(scenario_folders(ROOT / "public")[0]), None)
    ing = pipeline.ingest
    ing.links["gpu-07"] = [100.0, 106.0, 1, 100.0]
    ing.nonfatal_xid["gpu-07|0000:5d:00|145"] = 200.0
    ing.resolver_lost["gpu-07"] = 300.0
    ing.fabric.without_ib["77"] = {"gpu-07"}
    ing.fabric.with_ib["78"] = {"gpu-08"}
    again = Pipeline.from_state(json.loads(json.dumps(pipeline.to_state()))).ingest
    assert again.link("gpu-07") == (100.0, 106.0, 1, None)
    assert again.nonfatal_xid["gpu-07|0000:5d:00|145"] == 200.0
    assert again.resolver_lost["gpu-07"] == 300.0
    assert again.fabric.without_ib["77"] == {"gpu-07"} and again.fabric.with_ib["78"] == {"gpu-08"}


def test_stop_63s_memory_survives_the_handover() -> None:
    """Nodes whose NVIDIA module refused user space, a GPU's memory held while its node ran no job, a node that
    shut down in order, and a job's print stride: each carried across a handover."""
    pipeline, _ = build_pipeline(load_scenario(scenario_folders(ROOT / "public")[0]), None)
    ing = pipeline.ingest
    ing.driver_lost["gpu-07"] = 515.0
    ing.held_idle["gpu-07|2"] = [600.0, 6036.0]
    ing.orderly["gpu-08"] = 300.0
    again = Pipeline.from_state(json.loads(json.dumps(pipeline.to_state()))).ingest
    assert again.driver_lost == {"gpu-07": 515.0}
    assert again.held_idle == {"gpu-07|2": [600.0, 6036.0]}
    assert again.orderly == {"gpu-08": 300.0}
    tracker = ProgressTracker()
    tracker.stride = 10
    assert ProgressTracker.from_state(json.loads(json.dumps(tracker.to_state()))).stride == 10


def test_a_handover_interval_must_be_positive() -> None:
    folder = scenario_folders(ROOT / "public")[0]
    for bad in (0.0, -5.0, float("nan")):
        with pytest.raises(ValueError, match="positive"):
            replay(folder, handover_s=bad)


def test_a_jobs_working_power_survives_the_handover() -> None:
    """ "Still computing" is measured against the power the job drew at work: restored with the state,
    a silent job whose GPUs still draw it is not a stall, and one whose GPUs fell is (holdout2's
    healthy soft-lockup warning and holdout4's slurmctld outage were misread without it)."""
    from monitoring.detectors.telemetry import POWER, SM_CLOCK, UTIL, TelemetryRules

    rules = TelemetryRules()
    for t in range(0, 120, 10):
        for node in ("a", "b"):
            for gpu in range(4):
                rules.on_sample(float(t), node, gpu, {POWER: 400.0, SM_CLOCK: 1980.0, UTIL: 100.0}, "7")
    working = rules.still_computing("7", 60.0, startup=False)
    assert working is not None
    again = TelemetryRules()
    again.load_state(json.loads(json.dumps(rules.to_state())))
    assert again.still_computing("7", 60.0, startup=False) == working
    for node in ("a", "b"):  # the job's collective spins: full utilisation, a fraction of the power
        for gpu in range(4):
            again.on_sample(130.0, node, gpu, {POWER: 120.0, SM_CLOCK: 1980.0, UTIL: 100.0}, "7")
    assert again.still_computing("7", 125.0, startup=False) is None


def test_stop_64s_memory_survives_the_handover() -> None:
    """Nodes whose prolog or epilog failed, and a job whose loss has been NaN line after line: carried across a
    handover (without them a worker taking over would count the site's epilogs from one, or the NaN lines from
    none)."""
    pipeline, _ = build_pipeline(load_scenario(scenario_folders(ROOT / "public")[0]), None)
    ing = pipeline.ingest
    ing.script_failed["gpu-07"] = [1786.0, "5888", 1.0]
    ing.nonfinite["77"] = [2484.8, 2.0, 0.0]
    again = Pipeline.from_state(json.loads(json.dumps(pipeline.to_state()))).ingest
    assert again.script_failed == {"gpu-07": [1786.0, "5888", 1.0]}
    assert again.nonfinite == {"77": [2484.8, 2.0, 0.0]}
