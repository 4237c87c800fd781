"""Throughput of the whole pure pipeline, events already in memory, one core.

Synthetic cluster: 1,000 nodes x 8 GPUs, 200 jobs of 5 nodes each. Measured
apart: job-log lines and GPU telemetry samples (10 DCGM fields each;
throughput counted in field values). The log mix (``--progress-share``,
default 0.1) follows what a training log holds: one iteration line per
logging interval (Megatron / NeMo / torchtitan), surrounded by NCCL INFO
chatter, per-iteration timer blocks, warnings and other noise; the per-kind
throughputs are printed too, so a progress-only stream can be judged on its
own. Events are fed in batches with ``now`` = the batch's last ``t``, as the
per-cluster Celery tick would.

    .venv/bin/python bench/pipeline_bench.py [--lines 400000] [--samples 200000] [--profile]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from actions.pipeline import Pipeline  # noqa: E402
from monitoring.detectors.schema import ClusterSpec, JobSpec  # noqa: E402

NODES = [f"gpu-{i:04d}" for i in range(1000)]
T0 = 1_800_000_000.0
BATCH = 5000

NOISE = [
    "wandb: WARNING Step cannot be set when using syncing with tensorboard. Please log your step values as a metric",
    "/usr/local/lib/python3.10/dist-packages/torch/utils/checkpoint.py:295: FutureWarning: `torch.cpu.amp.autocast(args...)` is deprecated.",
    "  with torch.enable_grad(), device_autocast_ctx, torch.cpu.amp.autocast(**ctx.cpu_autocast_kwargs):  # type: ignore[attr-defined]",
    "    forward-backward ...............................: (1162.10, 1168.01)",
    "    all-grads-sync .................................: (12.63, 32.13)",
    "(min, max) time across ranks (ms):",
    "[rank0]:[titan] 2026-11-26 16:56:09,173 - root - INFO - [GC] Performing periodical GC collection. 0.06 seconds.",
]


def nccl_info(node: str, rank: int) -> str:
    return f"{rank}: {node}:3258646:3258646 [{rank % 8}] NCCL INFO Channel 06/0 : {rank} -> {rank + 1} [send] via NET/IB/2/GDRDMA"


def progress_line(style: int, rank: int, step: int) -> str:
    if style == 0:
        return (
            f"{rank}:  [2026-11-29 10:00:18] iteration {step:8d}/  500000 | consumed samples:     11991040 | "
            "elapsed time per iteration (ms): 1839.1 | learning rate: 2.996E-04 | global batch size:  1024 | "
            "lm loss: 1.923652E+00 | loss scale: 1.0 | grad norm: 0.815 | number of skipped iterations:   0 |"
        )
    if style == 1:
        return (
            f"Epoch 0: |          | {step}/? [22:12<00:00, 1.10it/s, v_num=0, reduced_train_loss=2.29, "
            "global_step=6.03e+3, consumed_samples=6.17e+6, train_step_timing in s=0.907]"
        )
    return (
        f"[rank0]:[titan] 2026-11-27 18:45:07,468 - root - INFO - step: {step}  loss:  1.9972  "
        "memory: 57.42GiB(72.59%)  tps: 3,406  tflops: 444.43  mfu: 44.92%"
    )


def make_pipeline() -> Pipeline:
    cluster = ClusterSpec("bench", tuple(NODES), 8)
    jobs = [
        JobSpec(
            str(10000 + j),
            nodes=tuple(NODES[j * 5 : j * 5 + 5]),
            tasks_per_node=8,
            started=T0,
            comment='{"recovery": {"max_requeues": 3}}',
        )
        for j in range(200)
    ]
    return Pipeline(cluster, jobs)


def log_events(
    n: int, rng: random.Random, progress_share: float = 0.1, nccl_share: float = 0.4
) -> list[dict[str, Any]]:
    steps = [1000] * 200
    out = []
    for i in range(n):
        j = rng.randrange(200)
        t = T0 + i * 0.0005
        r = rng.random()
        if r < progress_share:
            steps[j] += 1
            line = progress_line(j % 3, 31, steps[j])
        elif r < progress_share + nccl_share:
            line = nccl_info(NODES[j * 5 + rng.randrange(5)], rng.randrange(40))
        else:
            line = rng.choice(NOISE)
        out.append({"t": t, "source": "joblog", "job": str(10000 + j), "line": line})
    return out


def gpu_events(n: int, rng: random.Random) -> list[dict[str, Any]]:
    out = []
    for i in range(n):
        node = NODES[i // 8 % 1000]
        fields = {
            "DCGM_FI_DEV_GPU_TEMP": 65,
            "DCGM_FI_DEV_POWER_USAGE": 650.0 + rng.random() * 30,
            "DCGM_FI_DEV_SM_CLOCK": 1980,
            "DCGM_FI_DEV_GPU_UTIL": 100,
            "DCGM_FI_DEV_FB_USED": 76032,
            "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL": 0,
            "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 0,
            "DCGM_FI_DEV_ROW_REMAP_PENDING": 0,
            "DCGM_FI_DEV_XID_ERRORS": 0,
            "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": 4,
        }
        out.append({"t": T0 + i * 0.001, "source": "gpu", "node": node, "gpu": i % 8, "fields": fields})
    return out


def run(pipeline: Pipeline, events: list[dict[str, Any]]) -> float:
    start = time.perf_counter()
    for i in range(0, len(events), BATCH):
        chunk = events[i : i + BATCH]
        pipeline.feed(chunk, chunk[-1]["t"])
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=400_000)
    ap.add_argument("--samples", type=int, default=200_000)
    ap.add_argument("--progress-share", type=float, default=0.1)
    ap.add_argument("--profile", action="store_true", help="profile with pyinstrument and print the tree")
    args = ap.parse_args()
    rng = random.Random(42)
    logs, gpus = log_events(args.lines, rng, args.progress_share), gpu_events(args.samples, rng)
    fields = sum(len(e["fields"]) for e in gpus)
    profiler = None
    if args.profile:
        from pyinstrument import Profiler

        profiler = Profiler()
        profiler.start()
    p = make_pipeline()
    t_logs = run(p, logs)
    t_gpu = run(p, gpus)
    if profiler is not None:
        profiler.stop()
        print(profiler.output_text(unicode=False, color=False))
    print(
        f"log lines:  {args.lines:,} in {t_logs:.2f} s = {args.lines / t_logs:,.0f} lines/s (target 200,000)"
    )
    print(
        f"gpu samples: {args.samples:,} ({fields:,} field values) in {t_gpu:.2f} s = "
        f"{fields / t_gpu:,.0f} field values/s (target 1,000,000), {args.samples / t_gpu:,.0f} samples/s"
    )
    print(f"incidents raised: {len(p.incidents())} (a healthy stream should raise none)")
    if not args.profile:
        per_kind(args.lines // 4)


def per_kind(n: int) -> None:
    """Throughput of each kind of log line on its own."""
    for name, (prog, nccl) in {
        "progress only": (1.0, 0.0),
        "NCCL INFO only": (0.0, 1.0),
        "noise only": (0.0, 0.0),
    }.items():
        events = log_events(n, random.Random(7), prog, nccl)
        elapsed = run(make_pipeline(), events)
        print(f"  {name:<15} {n / elapsed:>11,.0f} lines/s")


if __name__ == "__main__":
    main()
