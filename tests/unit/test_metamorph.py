"""A verdict does not depend on what a site calls its hosts or how long its job ids are (scripts/metamorph.py).

Each scenario here is rewritten with every host renamed (by its leading letters, Slurm's bracketed lists
included) and every job id mapped to one of another length; the rewritten copy must score what the original
scores. ``python scripts/metamorph.py hosts|jobs SRC OUT`` does the same for a whole corpus (issue 24's note
quotes both runs over every corpus).
"""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path

import pytest

from actions.evaluation.replay import replay
from actions.evaluation.scoring import load_truth, score

ROOT = Path(__file__).resolve().parents[2]
SPEC = importlib.util.spec_from_file_location("metamorph", ROOT / "scripts" / "metamorph.py")
assert SPEC is not None and SPEC.loader is not None
metamorph = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(metamorph)

CASES = [
    ROOT / "scenarios/public/xid79-off-the-bus",
    ROOT / "scenarios/public/ib-port-error",
    ROOT / "scenarios/holdout41/scenarios/llmjp-a055-gpu1-xid140-uncorrectable-ecc-resubmit-fails-again",
]


def _outcome(folder: Path) -> tuple[object, ...]:
    s = score(replay(folder), load_truth(folder))
    lat = tuple(round(x, 3) for x in s.latencies)
    return (
        s.ok,
        s.detected,
        s.culprit_ok,
        s.category_ok,
        s.actions_exact,
        s.false_alarms,
        len(s.wrong_actions),
        lat,
    )


@pytest.mark.parametrize("kind", ["hosts", "jobs"])
@pytest.mark.parametrize("src", CASES, ids=lambda p: p.name[:30])
def test_a_renamed_scenario_scores_as_the_original(kind: str, src: Path, tmp_path: Path) -> None:
    dst = tmp_path / src.name
    metamorph.transform(kind, src, dst, seed=3)
    before = (src / "truth.json").read_text()
    after = (dst / "truth.json").read_text()
    if kind == "hosts":
        assert json.loads(before)["fault"].get("node") != json.loads(after)["fault"].get("node")
    assert _outcome(dst) == _outcome(src)


def test_host_lists_keep_naming_the_same_hosts() -> None:
    hosts = metamorph._host_map(["a049", "a050", "gv1-04", "stout"], random.Random(1))
    text = metamorph._rename_hosts("nodes a[049-050] and gv1-[03-04], stout; a0490 stays", hosts)
    new_a = hosts["a049"][: -len("049")]
    assert f"{new_a}[049-050]" in text and hosts["stout"] in text and "a0490 stays" in text
    assert hosts["gv1-04"][: -len("1-04")] + "1-[03-04]" in text
