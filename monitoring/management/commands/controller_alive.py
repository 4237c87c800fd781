"""`python manage.py controller_alive [--within S]`: a liveness probe for the workers.

Exits 0 when every cluster had a successful tick within S seconds (default: the blind
threshold), 1 with one line per stale cluster otherwise. Run it from systemd/Kubernetes
to restart workers that stopped consuming: Celery workers on Redis can stay connected
yet idle after a broker restart (celery/celery#8091, #8030), and only a restart helps.

``--workers`` asks only whether the workers consume at all: alive when any cluster's
tick ran within S seconds, successful or not (a cluster whose Slurm is down is blind,
but restarting the workers would not help it). The systemd watchdog
(deploy/systemd/recovery-worker-watchdog.*) uses that form.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from monitoring.models import Cluster, ControllerState


class Command(BaseCommand):
    help = "Exit 1 when a cluster has had no successful tick recently (a liveness probe for the workers)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--within", type=float, default=None, help="seconds (default RECOVERY_BLIND_AFTER_S)"
        )
        parser.add_argument(
            "--workers",
            action="store_true",
            help="only whether the workers tick at all: any cluster's tick, failed ones included",
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        within = opts["within"] if opts["within"] is not None else float(settings.RECOVERY_BLIND_AFTER_S)
        now = timezone.now()
        if opts["workers"]:
            self._workers(now, within)
            return
        stale = []
        for cluster in Cluster.objects.all():
            st = ControllerState.objects.filter(cluster=cluster).first()
            last = st.last_tick_at if st else None
            if last is None or (now - last).total_seconds() > within:
                stale.append(f"{cluster.name}: last tick {last.isoformat() if last else 'never'}")
        if stale:
            raise CommandError("no recent tick: " + "; ".join(stale))
        self.stdout.write("alive")

    def _workers(self, now: Any, within: float) -> None:
        states = list(ControllerState.objects.all())
        if not Cluster.objects.exists():
            self.stdout.write("alive (no clusters)")
            return
        ran = [t for st in states for t in (st.last_tick_at, st.last_error_at) if t is not None]
        last = max(ran, default=None)
        if last is None or (now - last).total_seconds() > within:
            raise CommandError(
                f"workers idle: no tick ran within {within:g} s (last {last.isoformat() if last else 'never'})"
            )
        self.stdout.write("alive")
