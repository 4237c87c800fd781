"""What counting the lines nothing explained costs per line (issue 24), one core.

Feeds one job's noise lines (``pipeline_bench.NOISE``: warnings, timer blocks, GC
lines; nothing a detector explains) through ``Ingest.event``, once as written
(each repeats verbatim) and once with a timestamp of its own on every line (as
real logs mostly have: the verbatim table never hits). Each is timed with the
record as it is and with ``Streams.see`` made a no-op, interleaved, best of
``--runs`` in CPU time, so the difference is the feature's own cost even when
other work shares the machine.

    .venv/bin/python bench/unexplained_bench.py [--lines 100000] [--runs 7]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.pipeline_bench import NOISE, T0, make_pipeline, progress_line  # noqa: E402
from incidents.attribution import unexplained  # noqa: E402


def _events(n: int, stamped: bool) -> list[dict[str, Any]]:
    out = []
    for i in range(n):
        line = NOISE[i % len(NOISE)]
        if stamped:
            line = f"[2026-11-26 16:{i // 60000 % 60:02d}:{i // 1000 % 60:02d},{i % 1000:03d}] {line}"
        out.append({"t": T0 + 60 + i * 0.001, "source": "joblog", "job": "10000", "line": line})
    return out


def _per_line(events: list[dict[str, Any]]) -> float:
    """CPU µs per event through a fresh ingest whose job already printed its progress format."""
    p = make_pipeline()
    warm = [
        {"t": T0 + i, "source": "joblog", "job": "10000", "line": progress_line(0, 31, 1000 + i)}
        for i in range(50)
    ]
    p.feed(warm, T0 + 50)
    event = p.ingest.event
    start = time.process_time()
    for e in events:
        event(e)
    return (time.process_time() - start) / len(events) * 1e6


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=100_000)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    real = unexplained.Streams.see
    for name, stamped in (("verbatim repeats", False), ("timestamped", True)):
        events = _events(args.lines, stamped)
        with_it, without = [], []
        for _ in range(args.runs):
            unexplained.Streams.see = real  # type: ignore[method-assign]
            with_it.append(_per_line(events))
            unexplained.Streams.see = lambda self, name, t, line: None  # type: ignore[method-assign]
            without.append(_per_line(events))
        unexplained.Streams.see = real  # type: ignore[method-assign]
        a, b = min(with_it), min(without)
        print(f"{name:<17} {a:5.2f} µs a line, {b:5.2f} µs without the record: +{a - b:.2f} µs")


if __name__ == "__main__":
    main()
