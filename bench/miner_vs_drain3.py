"""The cadence miner's template grouping against Drain3's, on every recorded scenario (issue 24).

The stall-from-cadence path groups a job's lines into templates and learns the beat of the ones that
recur with a growing counter (``monitoring.detectors.cadence``). Its grouping is an exact shape after
masking; Drain3 (the streaming log-template miner the issue names) groups by a fixed-depth prefix tree
and token similarity. This bench swaps only the grouping: the same lines, the same numbers, the same beat
learner, with the key either our shape or Drain3's cluster id, and replays every corpus both ways:

    .venv/bin/python bench/miner_vs_drain3.py                  # Drain3 importable (or --drain3-path DIR)
    pip install --target /tmp/d3 drain3 && .venv/bin/python bench/miner_vs_drain3.py --drain3-path /tmp/d3

Drain3 is not a dependency of the product; the bench says how to get it when it is missing. It prints,
per corpus, the score of each grouping (passed, false alarms, p95 detection) and the hang detections
that came from a learned cadence, then the lines/s of each miner over every job line of every corpus.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "recovery_site.settings")
os.environ.setdefault("RECOVERY_DEV", "1")

# Drain3's example configuration (drain3.ini in its repository): its masking of ids, IPs, hex and numbers.
MASKING = [
    (r"((?<=[^A-Za-z0-9])|^)(([0-9a-f]{2,}:){3,}([0-9a-f]{2,}))((?=[^A-Za-z0-9])|$)", "ID"),
    (r"((?<=[^A-Za-z0-9])|^)(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})((?=[^A-Za-z0-9])|$)", "IP"),
    (r"((?<=[^A-Za-z0-9])|^)([0-9a-f]{6,} ?){3,}((?=[^A-Za-z0-9])|$)", "SEQ"),
    (r"((?<=[^A-Za-z0-9])|^)([0-9A-F]{4} ?){4,}((?=[^A-Za-z0-9])|$)", "SEQ"),
    (r"((?<=[^A-Za-z0-9])|^)(0x[a-f0-9A-F]+)((?=[^A-Za-z0-9])|$)", "HEX"),
    (r"((?<=[^A-Za-z0-9])|^)([\-\+]?\d+)((?=[^A-Za-z0-9])|$)", "NUM"),
]


def corpora() -> list[Path]:
    base = ROOT / "scenarios"
    out = []
    for d in sorted(base.iterdir()):
        if d.is_dir():
            out.append(d / "scenarios" if (d / "scenarios").is_dir() else d)
    return out


def drain_miner(masked: bool) -> Any:
    from drain3 import TemplateMiner
    from drain3.masking import MaskingInstruction
    from drain3.template_miner_config import TemplateMinerConfig

    cfg = TemplateMinerConfig()
    cfg.profiling_enabled = False
    if masked:
        cfg.masking_instructions = [MaskingInstruction(p, m) for p, m in MASKING]
    return TemplateMiner(config=cfg)


def drain_grouping(masked: bool) -> tuple[Callable[[str], tuple[str, tuple[float, ...]]], Callable[[], None]]:
    """A ``template_of`` whose key is Drain3's cluster id (numbers as ours), and a reset per scenario."""
    from monitoring.detectors import cadence

    ours = cadence.template_of
    state = {"miner": drain_miner(masked)}

    def template_of(line: str) -> tuple[str, tuple[float, ...]]:
        template, numbers = ours(line)
        if not template or not numbers:
            return template, numbers
        got = state["miner"].add_log_message(line[: cadence.MAX_MINED])
        return f"drain{got['cluster_id']}", numbers

    def reset() -> None:
        state["miner"] = drain_miner(masked)

    return template_of, reset


def score_all(folders: list[Path], reset: Callable[[], None] | None) -> dict[str, Any]:
    from actions.evaluation.replay import replay, scenario_folders
    from actions.evaluation.scoring import load_truth, score, totals

    out: dict[str, Any] = {}
    for corpus in folders:
        scored, cadence_hangs = [], 0
        for f in scenario_folders(corpus):
            if reset is not None:
                reset()
            result = replay(f)
            cadence_hangs += sum(
                1 for i in result["incidents"] if any("its own cadence" in e for e in i.get("evidence", ()))
            )
            scored.append(score(result, load_truth(f)))
        t = totals(scored)
        name = corpus.parent.name if corpus.name == "scenarios" else corpus.name
        out[name] = (sum(1 for s in scored if s.ok), len(scored), t, cadence_hangs)
    return out


def throughput(folders: list[Path], mine: Callable[[str], Any]) -> float:
    import gzip
    import json

    from actions.evaluation.replay import scenario_folders

    lines: list[str] = []
    for corpus in folders:
        for f in scenario_folders(corpus):
            path = f / "events.jsonl"
            opener = open(path, encoding="utf-8") if path.exists() else gzip.open(f / "events.jsonl.gz", "rt")
            with opener as fh:
                for raw in fh:
                    e = json.loads(raw)
                    if e.get("source") == "joblog" and isinstance(e.get("line"), str):
                        lines.append(e["line"])
    start = time.perf_counter()
    for line in lines:
        mine(line)
    return len(lines) / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--drain3-path", help="a folder drain3 was pip-installed into with --target")
    args = ap.parse_args()
    if args.drain3_path:
        sys.path.insert(0, args.drain3_path)
    try:
        import drain3  # noqa: F401
    except ImportError:
        sys.exit("drain3 is not importable: pip install --target /tmp/d3 drain3, then --drain3-path /tmp/d3")
    import logging

    import django

    logging.getLogger("drain3").setLevel(logging.WARNING)  # one "Starting Drain3 template miner" per scenario
    django.setup()
    from monitoring.detectors import cadence

    folders = corpora()
    ours = cadence.template_of
    runs: dict[str, dict[str, Any]] = {"ours": score_all(folders, None)}
    for label, masked in (("drain3", False), ("drain3+masking", True)):
        fn, reset = drain_grouping(masked)
        cadence.template_of = fn
        try:
            runs[label] = score_all(folders, reset)
        finally:
            cadence.template_of = ours
    labels = list(runs)
    print(f"{'corpus':12} " + " | ".join(f"{lb:>34}" for lb in labels))
    for name in runs["ours"]:
        cells = []
        for lb in labels:
            ok, n, t, cad = runs[lb][name]
            cells.append(
                f"{ok:>3}/{n:<3} fa {t['false_alarms']:>2} p95 {t['latency_p95_s'] or 0:>7.1f} cad {cad:>2}"
            )
        print(f"{name:12} " + " | ".join(f"{c:>34}" for c in cells))
    for lb in labels:
        ok = sum(v[0] for v in runs[lb].values())
        n = sum(v[1] for v in runs[lb].values())
        fa = sum(v[2]["false_alarms"] for v in runs[lb].values())
        cad = sum(v[3] for v in runs[lb].values())
        print(f"total {lb:16} {ok}/{n} passed, {fa} false alarms, {cad} cadence hang detections")
    d_raw, d_masked = drain_miner(False), drain_miner(True)
    print(f"lines/s ours           {throughput(folders, ours):>10,.0f}")
    print(f"lines/s drain3         {throughput(folders, d_raw.add_log_message):>10,.0f}")
    print(f"lines/s drain3+masking {throughput(folders, d_masked.add_log_message):>10,.0f}")


if __name__ == "__main__":
    main()
