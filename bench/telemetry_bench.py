"""Telemetry ingest throughput: capture text → gpu events → Redis (analyser list + chart window).

The target: 1,000 nodes × 8 GPUs sampled every 10 s = 800 samples/s. This
times our part only — parsing (dcgm-exporter and nvidia-smi captures from
tests/fixtures/telemetry), and writing to a real Redis the way the tasks do —
and prints samples/s and the share of one core that 800 samples/s would take.
The last section times what the analyser tick does with the samples: the
Redis window (store.record_samples) and the pure telemetry detectors
(monitoring/detectors/telemetry.py), with every sample compared to its job's
peers. ``--detector-hook module:function`` (called with each round's events)
times any other detector on the parsed captures.

    .venv/bin/python bench/telemetry_bench.py [--nodes 1000] [--rounds 3] [--redis URL]

Uses Redis db 15 under a private key prefix and deletes its keys afterwards.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from monitoring.telemetry import fields as F  # noqa: E402
from monitoring.telemetry.collect import ingest  # noqa: E402
from monitoring.telemetry.dcgm_exporter import parse_dcgm_exporter  # noqa: E402
from monitoring.telemetry.nvidia_smi import parse_nvidia_smi  # noqa: E402
from monitoring.telemetry.window import TelemetryWindow  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures" / "telemetry"
INTERVAL_S = 10.0


def cpu_timed(fn: Callable[[], Any]) -> tuple[Any, float, float]:
    """(result, wall seconds, this process's CPU seconds)."""
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - w, time.process_time() - c


def redis_cpu(r: Any) -> float:
    info = r.info("cpu")
    return float(info["used_cpu_user"]) + float(info["used_cpu_sys"])


def parse_round(fmt: str, text: str, nodes: list[str], t: float) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for n in nodes:
        if fmt == "dcgm-exporter":
            events.extend(parse_dcgm_exporter(text, n, t))
        else:
            events.extend(parse_nvidia_smi(text, n, t))
    return events


def load_hook(spec: str | None) -> Callable[[list[dict[str, Any]]], Any] | None:
    if not spec:
        return None
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--nodes", type=int, default=1000)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--redis", default=os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/15"))
    p.add_argument("--detector-hook", default=None, help="module:function called with each round's events")
    args = p.parse_args()

    import redis

    r = redis.Redis.from_url(args.redis)
    r.ping()
    prefix = f"bench-tw-{uuid.uuid4().hex[:8]}"
    window = TelemetryWindow(r, prefix=prefix)
    hook = load_hook(args.detector_hook)
    nodes = [f"gpu-{i:04d}" for i in range(args.nodes)]
    needed = args.nodes * 8 / INTERVAL_S
    print(
        f"{args.nodes} nodes × 8 GPUs every {INTERVAL_S:.0f} s = {needed:.0f} samples/s needed; "
        f"{args.rounds} rounds; Redis {args.redis}"
    )
    captures = {
        "dcgm-exporter": (FIXTURES / "b200_dcgm_exporter.txt").read_text(),
        "nvidia-smi": (FIXTURES / "h100_query_gpu.csv").read_text(),
    }
    t0 = 1_795_000_000.0
    try:
        for fmt, text in captures.items():
            parse_cpu = ingest_cpu = hook_cpu = redis_cpu_s = 0.0
            samples = 0
            for k in range(args.rounds):
                t = t0 + k * INTERVAL_S
                events, _, c = cpu_timed(lambda t=t, text=text, fmt=fmt: parse_round(fmt, text, nodes, t))
                parse_cpu += c
                samples += len(events)
                before = redis_cpu(r)
                # As the scrape task does it: one ingest per batch of 100 nodes (800 samples).
                _, _, c = cpu_timed(
                    lambda events=events: [
                        ingest(r, "bench", events[i : i + 800], window=window, prefix=prefix)
                        for i in range(0, len(events), 800)
                    ]
                )
                ingest_cpu += c
                redis_cpu_s += redis_cpu(r) - before
                if hook is not None:
                    _, _, c = cpu_timed(lambda events=events: hook(events))
                    hook_cpu += c
                r.delete(f"{prefix}:events:bench")  # the analyser would drain it
            report(fmt, samples, parse_cpu, ingest_cpu, redis_cpu_s, hook_cpu if hook else None, needed)
        per_node_ingest(r, window, prefix, nodes[:200], t0, needed)
        ingest_and_detect(r, prefix, nodes, t0 + 3600, args.rounds, needed)
        window_memory(r, prefix, args.nodes * 8)
    finally:
        keys = list(r.scan_iter(f"{prefix}:*", count=10_000))
        for i in range(0, len(keys), 5000):
            r.delete(*keys[i : i + 5000])
    return 0


def report(
    fmt: str,
    samples: int,
    parse_cpu: float,
    ingest_cpu: float,
    redis_cpu_s: float,
    hook_cpu: float | None,
    needed: float,
) -> None:
    total = parse_cpu + ingest_cpu
    rate = samples / total
    print(f"\n[{fmt}] {samples} samples")
    print(f"  parse : {samples / parse_cpu:>9,.0f} samples/s  ({parse_cpu * 1e6 / samples:.1f} µs/sample)")
    print(
        f"  ingest: {samples / ingest_cpu:>9,.0f} samples/s  (client side; Redis server used {redis_cpu_s:.2f} s CPU)"
    )
    print(
        f"  total : {rate:>9,.0f} samples/s → {needed / rate:.1%} of one core for {needed:.0f} samples/s"
        f" (+ Redis server {needed * redis_cpu_s / samples:.1%} of a core)"
    )
    if hook_cpu is not None:
        print(
            f"  detector hook: {samples / hook_cpu:,.0f} samples/s → {needed * hook_cpu / samples:.1%} of one core"
        )


def per_node_ingest(
    r: Any, window: TelemetryWindow, prefix: str, nodes: list[str], t0: float, needed: float
) -> None:
    """As the NVML node agents do it: one ingest per node per sample (8 events, two round trips)."""
    events = parse_dcgm_exporter((FIXTURES / "b200_dcgm_exporter.txt").read_text(), "x", t0)
    per_node = [[{**e, "node": n} for e in events] for n in nodes]
    before = redis_cpu(r)
    _, wall, cpu = cpu_timed(
        lambda: [ingest(r, "bench", evs, window=window, prefix=prefix) for evs in per_node]
    )
    server = redis_cpu(r) - before
    samples = len(nodes) * 8
    print(
        f"\n[per-node agent ingest] {len(nodes)} nodes: {samples / wall:,.0f} samples/s wall from one client, "
        f"{wall * 1e3 / len(nodes):.2f} ms per node; Redis server {needed * server / samples:.1%} of a core "
        f"at {needed:.0f} samples/s"
    )


def sim_round(nodes: list[str], t: float, rng: random.Random) -> list[dict[str, Any]]:
    """One 10-s round of simulator-like samples; every 100th GPU power-braked (exercises the slow path)."""
    events: list[dict[str, Any]] = []
    for k, node in enumerate(nodes):
        for g in range(8):
            braked = (k * 8 + g) % 100 == 7
            fields = {
                F.TEMP: round(rng.uniform(55, 72), 1),
                F.POWER_USAGE: round(rng.uniform(285, 322) if braked else rng.uniform(600, 690), 1),
                F.SM_CLOCK: rng.randint(1118, 1325) if braked else 1980,
                F.GPU_UTIL: 100,
                F.FB_USED: 76_000,
                F.ECC_SBE_VOL_TOTAL: 2,
                F.ECC_DBE_VOL_TOTAL: 0,
                F.ROW_REMAP_FAILURE: 0,
                F.XID_ERRORS: 0,
                F.CLOCK_THROTTLE_REASONS: F.THROTTLE_HW_POWER_BRAKE if braked else 0,
            }
            events.append(F.gpu_event(t + g * 0.0002, node, g, fields))
    return events


def ingest_and_detect(r: Any, prefix: str, nodes: list[str], t0: float, rounds: int, needed: float) -> None:
    """What the analyser tick does with GPU samples: Redis window (store.record_samples) → TelemetryRules.

    Jobs of 16 nodes each, so every sample is compared with its job's peers. The
    Gpu-row refresh (one bulk_update per node-minute) is database work, not timed here.
    """
    from monitoring.detectors.telemetry import TelemetryRules

    window = TelemetryWindow(r, prefix=prefix)
    rules = TelemetryRules()
    job_of = {n: f"job-{i // 16}" for i, n in enumerate(nodes)}
    rng = random.Random(7)
    batches = [sim_round(nodes, t0 + k * INTERVAL_S, rng) for k in range(max(rounds, 4))]
    window_cpu = detect_cpu = redis_cpu_s = 0.0
    found = samples = 0
    for events in batches:
        before = redis_cpu(r)
        # The tick sees a 2-s slice of the stream: 5 window writes per 10-s round.
        _, _, c = cpu_timed(lambda events=events: [window.add("bench-tick", events[i::5]) for i in range(5)])
        window_cpu += c
        redis_cpu_s += redis_cpu(r) - before
        infos, _, c = cpu_timed(
            lambda events=events: [
                info
                for ev in events
                for info in rules.on_sample(ev["t"], ev["node"], ev["gpu"], ev["fields"], job_of[ev["node"]])
            ]
        )
        detect_cpu += c
        found += len(infos)
        samples += len(events)
    total = window_cpu + detect_cpu
    print(
        f"\n[tick: window → telemetry detectors] {samples} samples in {len(batches)} rounds of {len(nodes)} nodes"
    )
    print(f"  window : {samples / window_cpu:>9,.0f} samples/s  ({window_cpu * 1e6 / samples:.1f} µs/sample)")
    print(f"  detect : {samples / detect_cpu:>9,.0f} samples/s  ({detect_cpu * 1e6 / samples:.1f} µs/sample)")
    print(
        f"  total  : {samples / total:>9,.0f} samples/s → {needed * total / samples:.1%} of one core for "
        f"{needed:.0f} samples/s (+ Redis server {needed * redis_cpu_s / samples:.1%} of a core); "
        f"{found} slow-GPU findings (expected {len(nodes) * 8 // 100})"
    )


def window_memory(r: Any, prefix: str, gpus: int) -> None:
    """Measured size of one GPU's full window, at two bounds (Redis keeps ≤ 128 members as a compact listpack)."""
    events = parse_dcgm_exporter((FIXTURES / "b200_dcgm_exporter.txt").read_text(), "mem", 0.0)[:1]
    for max_samples in (128, 360):
        w = TelemetryWindow(r, prefix=f"{prefix}-m{max_samples}", max_samples=max_samples, max_age_s=1e9)
        for i in range(max_samples):
            w.add("bench", [{**events[0], "t": 1_795_000_000.0 + 10 * i}])
        key = w.gpu_key("bench", "mem", events[0]["gpu"])  # type: ignore[arg-type]
        used = r.memory_usage(key, samples=0) or 0
        print(
            f"window memory: {used / 1024:.0f} KiB per GPU at {max_samples} samples "
            f"({max_samples * 10 / 60:.0f} min at 10 s) → {used * gpus / 2**30:.2f} GiB for {gpus} GPUs"
        )
        r.delete(key, w.index_key("bench"))


if __name__ == "__main__":
    sys.exit(main())
