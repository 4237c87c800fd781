#!/usr/bin/env python3
"""Write docs/SCORECARD.md: every corpus under scenarios/ replayed and scored (issue 24).

    .venv/bin/python scripts/scorecard.py            # rewrite the table
    .venv/bin/python scripts/scorecard.py --check    # exit 1 if the file is not current

The unit suite checks the same rows from its own replays (tests/unit/test_replay_evaluate.py), so a change
that moves a score fails until this is run and the new table committed with it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from actions.evaluation.replay import replay, scenario_folders  # noqa: E402
from actions.evaluation.scoring import SCORECARD_HEAD, load_truth, score, scorecard_row  # noqa: E402

DOC = ROOT / "docs" / "SCORECARD.md"
INTRO = """# Scorecard

Every corpus under `scenarios/`, replayed through the production pipeline and scored against its truth
(`manage.py evaluate scenarios/<corpus>`; the same with `--handover 5`). `holdout` to `holdout134` are blind
holdouts, each built by a session that never read the code; its own `SCORES.md` keeps the blind score (before
anything was changed for it), every miss, and what changed. `public`, `real`, `synthetic` and `unseen` must
stay perfect (`tests/unit/test_replay_evaluate.py`). Latency is from the fault's time in the truth to the
first incident, over every detected fault. Written by `scripts/scorecard.py`; the unit suite fails when it is
not current.

"""


def corpora() -> list[tuple[str, Path]]:
    dirs = sorted((d for d in (ROOT / "scenarios").iterdir() if d.is_dir()), key=lambda d: _order(d.name))
    return [(d.name, d / "scenarios" if (d / "scenarios").is_dir() else d) for d in dirs]


def _order(name: str) -> tuple[int, int, str]:
    if name.startswith("holdout"):
        n = name[len("holdout") :]
        return (1, int(n) if n else 1, name)
    return (0, 0, name)


def render() -> str:
    rows = [SCORECARD_HEAD, _rule()]
    for name, folder in corpora():
        folders = scenario_folders(folder)
        rows.append(scorecard_row(name, [score(replay(f), load_truth(f)) for f in folders]))
    return INTRO + "\n".join(rows) + "\n"


def _rule() -> str:
    return "|" + " --- |" * (SCORECARD_HEAD.count("|") - 1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    text = render()
    if args.check:
        if DOC.read_text(encoding="utf-8") != text:
            sys.exit("docs/SCORECARD.md is not current: run scripts/scorecard.py")
        return
    DOC.write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
