"""Which of the tick's sweeps have anything to look at: one query instead of nine (issue 26).

A tick ends with the sweeps that keep the database's promises: open recommendations the world
overtook, the outbox (approved or executing actions left behind), mitigations to verify, restarts
that failed again, recommendations of closed incidents, silences that ended, our drained nodes
(their return to service and their remedy) and reboots in flight. On a quiet cluster each finds
nothing, and each costs a query: on a 100-node cluster the nine empty sweeps were about half of
the tick's CPU, paid by every cluster every interval (``bench/fleet_tick_profile.py``).

:func:`due` asks, in one round trip, whether each sweep's own candidate set is empty. The sets are
the very querysets the sweeps iterate (each module exports its own), so the probe and the sweep
cannot disagree about what there is. :class:`Sweeps` then skips a sweep whose set was empty, until
one sweep changes something: from then on every later sweep runs as it always did, because what
one did may give the next work in the same tick (a reconciled requeue makes its incident
mitigating, which the verification sweep checks at once; a verified recovery leaves
recommendations for the settle sweep). A set that fills between the probe and its sweep (another
worker approving, executing or ending a silence) is seen by the next tick, as it would be had it
filled a moment after the sweep itself.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any, TypeVar

from django.db.models import Exists, QuerySet

from actions.services import node_track, overtaken, reconcile, remediation, verification
from actions.services.actionable import ended_silences, unsettled
from monitoring.models import Cluster
from monitoring.prepared import CLUSTER_ID, Prepared, stand_in_time

OVERTAKEN = "overtaken"  # supersede_overtaken
UNDISPATCHED = "undispatched"  # reconcile_actions: approved, not picked up
UNFINISHED = "unfinished"  # reconcile_actions: executing past its deadline
MITIGATING = "mitigating"  # verify_mitigations
REOPEN = "reopen"  # reopen_failed_restarts
SETTLE = "settle"  # settle_closed_incidents
SILENCES = "silences"  # release_ended_silences
DRAINED = "drained"  # auto_return_nodes, and the remedy verify_remediations proposes
IN_FLIGHT = "in_flight"  # verify_remediations: reboots and resets sent

T = TypeVar("T")


def _times(cluster: Cluster, now: dt.datetime) -> tuple[dt.datetime, dt.datetime, dt.datetime, dt.datetime]:
    """What :func:`_checks` takes after the cluster: now, and the sweeps' three cutoffs."""
    return (
        now,
        reconcile.dispatch_cutoff(now),
        reconcile.execution_cutoff(now),
        verification.recovered_since(cluster, now),
    )


def _checks(
    cluster: Cluster, now: dt.datetime, dispatched: dt.datetime, executed: dt.datetime, recovered: dt.datetime
) -> dict[str, QuerySet[Any]]:
    """Each sweep's candidate set: the querysets the sweeps themselves iterate."""
    return {
        OVERTAKEN: overtaken.overtaken_candidates(cluster),
        UNDISPATCHED: reconcile.undispatched_candidates(cluster, dispatched),
        UNFINISHED: reconcile.unfinished_candidates(cluster, executed),
        MITIGATING: verification.mitigating(cluster),
        REOPEN: verification.reopen_candidates(cluster, recovered),
        SETTLE: unsettled(cluster),
        SILENCES: ended_silences(cluster, now),
        DRAINED: node_track.drained_by_us_unheld(cluster),
        IN_FLIGHT: remediation.in_flight(cluster),
    }


NAMES = (OVERTAKEN, UNDISPATCHED, UNFINISHED, MITIGATING, REOPEN, SETTLE, SILENCES, DRAINED, IN_FLIGHT)


def _probe(cluster_id: int, *times: dt.datetime) -> QuerySet[Any]:
    """One row: for each sweep, whether its candidate set has anything (``EXISTS``)."""
    cluster = Cluster(pk=cluster_id)
    cluster._state.adding = False  # a saved row, as far as the related filters are concerned
    checks = _checks(cluster, *times)
    assert tuple(checks) == NAMES  # the row's columns, in this order
    return Cluster.objects.filter(pk=cluster_id).values_list(*(Exists(q) for q in checks.values()))


# Building and compiling nine querysets costs ~5 ms of CPU a tick, running the SQL ~0.1 ms: the
# probe is built once a process from stand-ins (monitoring/prepared.py), each tick swaps its values in.
_PROBE = Prepared(_probe, CLUSTER_ID, *(stand_in_time(n) for n in range(4)))


def due(cluster: Cluster, now: dt.datetime) -> frozenset[str]:
    """The sweeps whose candidate set is not empty, read in one query."""
    row = _PROBE.first(cluster.pk, *_times(cluster, now))
    if row is None:  # the cluster was deleted under the tick: nothing to skip on its account
        return frozenset(NAMES)
    return frozenset(name for name, present in zip(NAMES, row, strict=True) if present)


def due_by_querysets(cluster: Cluster, now: dt.datetime) -> frozenset[str]:
    """The same answer as :func:`due`, one ``exists()`` per sweep (for tests)."""
    checks = _checks(cluster, *_times(cluster, now))
    return frozenset(name for name, qs in checks.items() if qs.exists())


class Sweeps:
    """Runs the tick's sweeps in order, skipping those :func:`due` found nothing for until one acts."""

    def __init__(self, due: frozenset[str]) -> None:
        self.due = due
        self.acted = False
        self.skipped: list[str] = []

    def needed(self, *names: str) -> bool:
        return self.acted or any(n in self.due for n in names)

    def run(
        self, names: tuple[str, ...], sweep: Callable[[], T], acted: Callable[[T], bool] = bool
    ) -> T | None:
        """``sweep()`` when one of ``names`` is due (or an earlier sweep acted); None when skipped.

        ``acted(result)`` says whether the sweep changed anything (default: a truthy result)."""
        if not self.needed(*names):
            self.skipped.append(names[0])
            return None
        out = sweep()
        self.acted = self.acted or acted(out)
        return out


def always(_: object) -> bool:
    """For a sweep whose result does not count every change it may make: treat it as having acted."""
    return True
