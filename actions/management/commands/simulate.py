"""`python manage.py simulate inject KIND [--node NAME] [--cluster sim-a]` and `simulate kinds`."""

from __future__ import annotations

import json
import os
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone
from redis.exceptions import RedisError

from actions.services.faults import inject_fault
from monitoring.locks import ClusterBusy
from monitoring.models import Cluster
from monitoring.sources.simulated import NoWorld
from recovery_site import demo_env
from recovery_site.command_errors import database_needed, demo_needed, where_redis

FIRST = "run `make demo` (or `python manage.py migrate` and `python manage.py seed_demo`) first"


class Command(BaseCommand):
    help = "Drive the built-in simulator: inject a fault on demand, or list the fault kinds."

    def add_arguments(self, parser: CommandParser) -> None:
        sub = parser.add_subparsers(dest="verb", required=True)
        inj = sub.add_parser("inject", help="inject a fault now")
        inj.add_argument("kind")
        inj.add_argument("--node", default=None)
        inj.add_argument("--cluster", default=None, help="simulated cluster name (default: the only one)")
        sub.add_parser("kinds", help="list the fault kinds")

    def handle(self, *args: Any, **opts: Any) -> None:
        from monitoring.sources.simulated import fault_kinds

        if opts["verb"] == "kinds":
            for _, label in fault_kinds():
                self.stdout.write(label)
            return
        demo_needed()
        clusters = Cluster.objects.filter(connection_mode="simulated")
        if opts["cluster"]:
            clusters = clusters.filter(name=opts["cluster"])
        with database_needed(FIRST):
            cluster = clusters.first()
        if cluster is None and opts["cluster"]:
            names = ", ".join(
                Cluster.objects.filter(connection_mode="simulated").values_list("name", flat=True)
            )
            raise CommandError(
                f"no simulated cluster named {opts['cluster']!r} (there are: {names or 'none'})"
            )
        if cluster is None:
            raise CommandError("no simulated cluster: run `python manage.py seed_demo` first")
        try:
            with database_needed(FIRST):
                fault = inject_fault(cluster, opts["kind"], opts["node"], None, timezone.now(), existing=True)
        except NoWorld as exc:  # a fresh world nobody runs: the fault would reach no one
            raise CommandError(f"{exc} in {where_redis()}: {_no_world_hint()}") from exc
        except RedisError as exc:
            raise CommandError(f"cannot reach {where_redis()}: {exc}") from exc
        except ClusterBusy as exc:  # a running tick holds the world: busy, not broken
            raise CommandError(f"busy: {exc}") from exc
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(json.dumps(fault, default=str))


def _no_world_hint() -> str:
    state = demo_env.current()
    if state is not None and state.kind == "explicit":
        chosen = " ".join(name for name in demo_env.WHERE if name in os.environ) or demo_env.FILE_VARIABLE
        return (
            f"no worker runs this cluster there (the environment sets {chosen}, so var/demo.env was not read)"
        )
    return "no worker runs this cluster there yet: is the controller's worker running (var/worker.log)?"
