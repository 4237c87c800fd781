"""The GPU node agent: sample NVML every interval and push events to Redis.

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

from monitoring.telemetry.collect import ingest
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
    p.add_argument("--once", action="store_true", help="take one sample and exit")
    p.add_argument(
        "--print", action="store_true", help="print events as JSON lines instead of pushing to Redis"
    )
    return p.parse_args(argv)


def run(args: argparse.Namespace, sampler: NvmlSampler | None = None, redis: Any = None) -> int:
    sampler = sampler or NvmlSampler(node=args.node)
    if redis is None and not args.print:
        import redis as redis_lib

        redis = redis_lib.Redis.from_url(args.redis, socket_timeout=10, socket_connect_timeout=5)
    stop = {"now": False}
    signal.signal(signal.SIGTERM, lambda *_: stop.update(now=True))
    while not stop["now"]:
        started = time.time()
        events = sampler.sample(started)
        if args.print:
            for ev in events:
                print(json.dumps(ev, separators=(",", ":")), flush=True)
        else:
            try:
                ingest(redis, args.cluster, events)
            except Exception:  # Redis away: keep sampling, the next push may work
                log.warning("could not push %d events to Redis", len(events), exc_info=True)
        if args.once:
            break
        time.sleep(max(0.0, args.interval - (time.time() - started)))
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
