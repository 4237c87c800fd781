"""What counting the lines nothing explained costs (issue 24), one core.

``pipeline_bench.py``'s log stream (200 jobs; 10 % progress, 40 % NCCL INFO, 50 %
noise no detector explains) through the whole pipeline, as written (the noise
lines repeat verbatim) and with a timestamp of its own on every noise line (as
real logs mostly have: the verbatim table never hits). Each is timed with the
record as it is and with ``Streams.see`` made a no-op, interleaved, best of
``--runs`` in CPU time, so the difference is the feature's own cost even when
other work shares the machine.

    .venv/bin/python bench/unexplained_bench.py [--lines 400000] [--runs 4]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.pipeline_bench import BATCH, NOISE, log_events, make_pipeline  # noqa: E402
from incidents.attribution import unexplained  # noqa: E402


def _stamped(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for i, e in enumerate(events):
        line = e["line"]
        if line in NOISE:
            line = f"[2026-11-26 16:{i // 60000 % 60:02d}:{i // 1000 % 60:02d},{i % 1000:03d}] {line}"
        out.append({**e, "line": line})
    return out


def _cpu_s(events: list[dict[str, Any]]) -> float:
    p = make_pipeline()
    start = time.process_time()
    for i in range(0, len(events), BATCH):
        chunk = events[i : i + BATCH]
        p.feed(chunk, chunk[-1]["t"])
    return time.process_time() - start


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=400_000)
    ap.add_argument("--runs", type=int, default=4)
    args = ap.parse_args()
    verbatim = log_events(args.lines, random.Random(42))
    noise = sum(1 for e in verbatim if e["line"] in NOISE)
    real = unexplained.Streams.see
    for name, events in (("noise verbatim", verbatim), ("noise timestamped", _stamped(verbatim))):
        with_it, without = [], []
        for _ in range(args.runs):
            unexplained.Streams.see = real  # type: ignore[method-assign]
            with_it.append(_cpu_s(events))
            unexplained.Streams.see = lambda self, name, t, line: None  # type: ignore[method-assign]
            without.append(_cpu_s(events))
        unexplained.Streams.see = real  # type: ignore[method-assign]
        a, b = min(with_it), min(without)
        print(
            f"{name:<18} {args.lines / a:9,.0f} lines/s, {args.lines / b:9,.0f} without the record: "
            f"+{(a - b) / b * 100:.0f} % CPU, +{(a - b) / noise * 1e6:.2f} µs a noise line"
        )


if __name__ == "__main__":
    main()
