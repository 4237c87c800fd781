"""Kernel-log collection cost per tick: agent mode (one stream read) vs SSH fan-out (N commands).

Agent mode: ``--nodes`` agents (2,000) have each stamped their heartbeat and pushed kernel
lines into the cluster's Redis Stream; the tick's cost is one ``kernel_stream.read`` (XINFO
+ XRANGE + HGETALL in one MULTI, then parsing). Timed for a quiet tick (a few dozen new
lines), a busy one (``--lines`` new lines) and a full backlog (``--backlog`` entries, read
``COUNT`` at a time).

SSH fan-out: ``kernel.poll`` over the real local transport, one real command per node
(a small script that sleeps ``--latency`` seconds, standing in for the ssh round trip, then
prints the node's kernel lines), for ``--fanout-nodes`` nodes (200) with 1, 8 and 16
workers; scaled linearly to ``--nodes`` for comparison. A real ``ssh node journalctl``
costs a TCP + SSH handshake + the journal read: typically 50-300 ms per node.

    .venv/bin/python bench/kernel_collect_bench.py [--nodes 2000] [--fanout-nodes 200] [--latency 0.05]

Uses the Redis at --redis under a private key prefix and deletes its keys afterwards.
Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from monitoring.collectors import kernel, kernel_stream  # noqa: E402
from monitoring.transports import LocalTransport  # noqa: E402

XID = "NVRM: Xid (PCI:0000:5d:00): 79, pid=2345, name=python, GPU has fallen off the bus."
FAKE_SSH = '#!/bin/sh\nsleep "$1"\ncat "$2"\n'


def _ms(xs: list[float]) -> str:
    return f"best {min(xs) * 1e3:8.1f} ms   median {statistics.median(xs) * 1e3:8.1f} ms"


def agent_mode(r: Any, prefix: str, nodes: list[str], lines: int, backlog: int, rounds: int) -> None:
    cluster = "bench"
    now = time.time()
    pipe = r.pipeline(transaction=False)
    for n in nodes:
        pipe.hset(kernel_stream.agents_key(cluster, prefix), n, f'{{"t":{now},"error":""}}')
    pipe.execute()
    t0 = time.perf_counter()
    for n in nodes:  # what the agents do each interval, all of them, from one process
        kernel_stream.push(r, cluster, n, [], now, prefix=prefix)
    beat = time.perf_counter() - t0
    print(
        f"  {len(nodes)} agent heartbeats pushed one MULTI each: {beat * 1e3:.0f} ms in all "
        f"({beat / len(nodes) * 1e6:.0f} us per agent, spread over the nodes in real life)"
    )

    def fill(k: int) -> None:
        p = r.pipeline(transaction=False)
        for i in range(k):
            node = nodes[i % len(nodes)]
            p.xadd(
                kernel_stream.stream_key(cluster, prefix),
                {"node": node, "t": repr(now), "line": f"{XID} #{i}"},
            )
        p.execute()

    state: dict[str, Any] | None = None
    _, state, _ = kernel_stream.read(r, cluster, state, nodes, nodes, now, prefix=prefix)
    for label, k in (("quiet tick, 50 new lines", 50), (f"busy tick, {lines} new lines", lines)):
        times = []
        for _ in range(rounds):
            fill(k)
            t0 = time.perf_counter()
            events, state, problems = kernel_stream.read(r, cluster, state, nodes, nodes, now, prefix=prefix)
            times.append(time.perf_counter() - t0)
            assert len(events) == k and not problems, (len(events), problems)
        print(f"  {label:34s} {_ms(times)}")
    fill(backlog)
    times, total = [], 0
    while True:
        t0 = time.perf_counter()
        events, state, _ = kernel_stream.read(r, cluster, state, nodes, nodes, now, prefix=prefix)
        if not events:
            break
        times.append(time.perf_counter() - t0)
        total += len(events)
    print(
        f"  backlog of {backlog} lines, COUNT {kernel_stream.READ_COUNT}: {len(times)} tick(s), "
        f"{max(times) * 1e3:.0f} ms the longest, {total} lines"
    )
    info = r.memory_usage(kernel_stream.stream_key(cluster, prefix)) or 0
    print(
        f"  stream memory: {info / 1e6:.1f} MB for {r.xlen(kernel_stream.stream_key(cluster, prefix))} entries"
    )


def fanout(nodes: list[str], latency: float, scale_to: int, rounds: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "fake-ssh"
        script.write_text(FAKE_SSH)
        script.chmod(0o755)
        for n in nodes:
            (Path(tmp) / f"{n}.log").write_text(f"[ 1.0] {n} boot\n")
        src = kernel.KernelSource(
            mode="command", command=(str(script), str(latency), f"{tmp}/{{node}}.log"), node_prefix=()
        )
        t = LocalTransport()
        for workers in (1, 8, 16):
            times = []
            for _ in range(rounds):
                t0 = time.perf_counter()
                events, _ = kernel.poll(t, nodes, src, None, time.time(), workers=workers)
                times.append(time.perf_counter() - t0)
                assert len(events) == len(nodes)
            best = min(times)
            print(
                f"  {len(nodes)} nodes, workers {workers:2d}: {_ms(times)}   "
                f"-> {best * scale_to / len(nodes):6.1f} s per tick at {scale_to} nodes"
            )


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--nodes", type=int, default=2000)
    p.add_argument("--lines", type=int, default=5000, help="new lines in the busy tick")
    p.add_argument("--backlog", type=int, default=120_000)
    p.add_argument("--fanout-nodes", type=int, default=200)
    p.add_argument("--latency", type=float, default=0.05, help="seconds per node standing in for ssh")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--redis", default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/15"))
    args = p.parse_args()
    import redis

    r = redis.Redis.from_url(args.redis)
    prefix = f"bench-kernel-{uuid.uuid4().hex[:8]}"
    nodes = [f"gpu-{i:04d}" for i in range(args.nodes)]
    try:
        print(f"agent mode, {args.nodes} nodes (kernel_stream.read, one tick):")
        agent_mode(r, prefix, nodes, args.lines, args.backlog, args.rounds)
    finally:
        keys = list(r.scan_iter(f"{prefix}:*"))
        if keys:
            r.delete(*keys)
    print(f"SSH fan-out cost model ({args.latency * 1e3:.0f} ms per node command, kernel.poll):")
    fanout(nodes[: args.fanout_nodes], args.latency, args.nodes, args.rounds)


if __name__ == "__main__":
    main()
