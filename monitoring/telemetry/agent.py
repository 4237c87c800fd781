"""The GPU node agent: sample NVML (and tail the kernel log) every interval, push to Redis.

Two ways to run it on each GPU node (pick one):

1. As a Celery worker on the node's own queue — beat on the controller sends
   ``monitoring.telemetry.sample_node_gpus`` to ``node.<hostname>``::

       RECOVERY_DEV=1 REDIS_URL=redis://controller:6379/0 \\
         celery -A recovery_site worker -Q node.$(hostname -s) -c 1 -n gpu-agent@%h

2. Standalone, without Django or Celery (only ``redis`` and ``nvidia-ml-py``
   installed): ``python -m monitoring.telemetry.agent --cluster prod-a``
   (options: ``--node``, ``--interval 10``, ``--redis URL``, ``--once``, ``--print``).

On a machine without NVML the agent logs "NVML unavailable" once and keeps
running idle, retrying every few minutes, so a driver reinstall heals by itself.

``--kernel SOURCE`` also tails this node's kernel log each interval (``journalctl``, a
command such as ``"dmesg -T"``, or ``file:/var/log/kern.log``) and pushes new lines to the
cluster's kernel stream with a heartbeat (monitoring/telemetry/kernel_tail.py), for clusters
whose ``kernel_log_command`` is ``agent``: the controller then never SSHes to every node.
Its cursor lives in ``--state-dir`` (default ``$STATE_DIRECTORY``, /var/lib/recovery-agent
as root, else ``$XDG_STATE_HOME/recovery-agent``). ``--no-gpu`` skips NVML (CPU-only nodes).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import signal
import socket
import sys
import time
from typing import Any

from monitoring.collectors import kernel_stream
from monitoring.telemetry.collect import ingest
from monitoring.telemetry.kernel_tail import KernelTail, default_state_dir
from monitoring.telemetry.nvml import NvmlSampler

log = logging.getLogger("monitoring.telemetry.agent")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="python -m monitoring.telemetry.agent", description=__doc__.split("\n")[0]
    )
    p.add_argument(
        "--cluster", required=True, help="cluster name (the events list is recovery:events:<cluster>)"
    )
    p.add_argument(
        "--node", default=socket.gethostname().split(".")[0], help="Slurm node name (default: hostname)"
    )
    p.add_argument("--interval", type=float, default=10.0, help="seconds between samples (default 10)")
    p.add_argument("--redis", default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"))
    p.add_argument(
        "--prefix",
        default=os.environ.get("RECOVERY_REDIS_PREFIX", "recovery"),
        help="Redis key prefix (the controller's RECOVERY_REDIS_PREFIX; default recovery)",
    )
    p.add_argument(
        "--kernel",
        metavar="SOURCE",
        default=os.environ.get("RECOVERY_AGENT_KERNEL") or None,
        help="also tail this node's kernel log: journalctl | 'dmesg -T' | file:PATH "
        "(default: $RECOVERY_AGENT_KERNEL; unset = no kernel tail)",
    )
    p.add_argument("--state-dir", default=None, help="where the kernel cursor is kept")
    p.add_argument(
        "--kernel-maxlen", type=int, default=kernel_stream.STREAM_MAX, help="the stream's MAXLEN backstop"
    )
    p.add_argument("--no-gpu", action="store_true", help="no NVML sampling (kernel tail only)")
    p.add_argument("--once", action="store_true", help="take one sample and exit")
    p.add_argument(
        "--print", action="store_true", help="print events as JSON lines instead of pushing to Redis"
    )
    return p.parse_args(argv)


def _kernel_interval(tail: KernelTail, args: argparse.Namespace, redis: Any, now: float) -> None:
    if args.print:
        events, state, _ = tail.poll(now)
        for ev in events:
            print(json.dumps(ev, separators=(",", ":")), flush=True)
        tail.commit(state)
        return
    try:
        tail.push(redis, now, args.prefix, args.kernel_maxlen)
    except Exception:  # Redis away: the cursor stays, the next interval pushes the same lines
        log.warning("could not push kernel lines to Redis", exc_info=True)


def run(args: argparse.Namespace, sampler: NvmlSampler | None = None, redis: Any = None) -> int:
    if not args.no_gpu:
        sampler = sampler or NvmlSampler(node=args.node)
    tail = None
    if args.kernel is not None:
        tail = KernelTail(args.cluster, args.node, args.kernel, args.state_dir or default_state_dir())
    if redis is None and not args.print:
        import redis as redis_lib

        redis = redis_lib.Redis.from_url(args.redis, socket_timeout=10, socket_connect_timeout=5)
    stop = {"now": False}
    signal.signal(signal.SIGTERM, lambda *_: stop.update(now=True))
    while not stop["now"]:
        started = time.time()
        events = sampler.sample(started) if sampler else []
        if args.print:
            for ev in events:
                print(json.dumps(ev, separators=(",", ":")), flush=True)
        elif events:
            try:
                ingest(redis, args.cluster, events, prefix=args.prefix)
            except Exception:  # Redis away: keep sampling, the next push may work
                log.warning("could not push %d events to Redis", len(events), exc_info=True)
        if tail is not None:
            _kernel_interval(tail, args, redis, started)
        if args.once:
            break
        while not stop["now"] and time.time() - started < args.interval:  # a SIGTERM ends the wait
            time.sleep(min(0.2, max(0.0, args.interval - (time.time() - started))))
    if sampler:
        sampler.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(
        level=os.environ.get("LOG_LEVEL", "INFO"), format="%(asctime)s %(levelname)s %(message)s"
    )
    try:
        return run(parse_args(argv))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
