"""Issue 23: while the storm breaker held a cluster, its incidents dropped out of "Needs you"
(18 open, "Needs you (10)") and nothing said where the rest were. The overview now places
every open incident in exactly one of needs you / held (with why) / silenced / in hand.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest

from actions.lifecycle import attention
from actions.services.storm import check_storm_breaker
from actions.views.dashboard import overview_context
from incidents.choices import IncidentStatus
from incidents.models import Incident
from incidents.oncall import acknowledge_incident
from incidents.silences import create_silence, silence_for
from monitoring.choices import Autonomy, ConnectionMode
from monitoring.models import Cluster
from tests.integration.autonomy_helpers import NOW, drain, make_incident, make_nodes, propose

pytestmark = pytest.mark.django_db


@pytest.fixture
def held(cluster, operator):  # type: ignore[no-untyped-def]
    """A storm held the cluster: two escalated incidents (one acknowledged), one more with a drain held,
    one silenced; on another cluster the controller is mitigating one."""
    cluster.autonomy = Autonomy.AUTO
    cluster.storm_min_jobs, cluster.storm_min_nodes = 0, 2
    cluster.save()
    make_nodes(cluster)
    first = make_incident(cluster, "i-1", "gpu-a-001", [])
    make_incident(cluster, "i-2", "gpu-a-002", [], at=NOW + dt.timedelta(seconds=2))
    assert check_storm_breaker(cluster, NOW + dt.timedelta(seconds=3)) is not None
    acknowledge_incident(first, operator, NOW + dt.timedelta(seconds=5))
    propose(
        make_incident(cluster, "i-3", "gpu-a-003", [], at=NOW + dt.timedelta(seconds=9)), drain("gpu-a-003")
    )
    create_silence(
        cluster,
        operator,
        starts_at=NOW,
        ends_at=NOW + dt.timedelta(hours=1),
        reason="DIMM swap",
        now=NOW,
        node="gpu-a-004",
    )
    silence_for(make_incident(cluster, "i-4", "gpu-a-004", [], at=NOW + dt.timedelta(seconds=9)), NOW)
    other = Cluster.objects.create(name="sim-u", connection_mode=ConnectionMode.SIMULATED)
    mitigating = make_incident(other, "i-5", "gpu-b-001", [])  # another cluster, not held
    Incident.objects.filter(pk=mitigating.pk).update(status=IncidentStatus.MITIGATING, acknowledged_by="otto")
    return cluster


def test_every_open_incident_is_in_exactly_one_place_and_the_counts_add_up(held, client, viewer) -> None:  # type: ignore[no-untyped-def]
    ctx = overview_context()
    keys = dict(Incident.objects.values_list("pk", "key"))
    open_ids = list(
        Incident.objects.filter(status__in=["open", "mitigating", "escalated"]).values_list("pk", flat=True)
    )
    assert ctx["headline"]["open_incidents"] == len(open_ids) == 5
    assert {keys[i.pk] for i in ctx["needs_you"]} == {"i-2"}  # escalated, nobody on it
    assert {keys[i.pk] for i in ctx["held"]["rows"]} == {"i-1", "i-3"}  # acknowledged or held: not lost
    assert ctx["standing"] == {"needs_you": 1, "held": 2, "silenced": 1, "in_hand": 1}
    assert sum(ctx["standing"].values()) == ctx["headline"]["open_incidents"]

    client.force_login(viewer)
    html = client.get("/").content.decode()
    tally = re.search(
        r'id="open-tally">(\d+) open = (\d+) need you \+ (\d+) held \+ (\d+) silenced \+ (\d+) in hand', html
    )
    assert tally is not None
    total, *parts = (int(n) for n in tally.groups())
    assert total == sum(parts) == len(open_ids)
    why = re.search(r'id="held-why">(.*?)</ul>', html, re.S)
    assert why is not None and "is back in monitor: storm breaker: 2 nodes blamed at once" in why.group(1)


def test_the_invariant_fails_when_an_open_incident_is_in_no_place(held) -> None:  # type: ignore[no-untyped-def]
    from actions.views.dashboard import standings
    from actions.views.incident_list import with_needs_approval

    by = standings(
        with_needs_approval(Incident.objects.filter(status__in=["open", "mitigating", "escalated"]))
    )
    every = [i for ids in by.values() for i in ids]
    assert attention.open_incidents_add_up(every, by) is None
    by[attention.Standing.HELD] = []
    assert attention.open_incidents_add_up(every, by) is not None


def test_sections_read_from_the_tally_show_the_same_rows_past_the_newest_hundred(cluster) -> None:  # type: ignore[no-untyped-def]
    """The overview reads a standing's rows by the tally's ids and reuses rows the active section
    read already (issue 14): its rows must still be that standing's newest, in order, wherever they
    fall among the active ones."""
    from actions.views.dashboard import OVERVIEW_ROWS

    def make(key: str, seconds: int, **fields: object) -> None:
        inc = make_incident(cluster, key, "gpu-a-001", [], at=NOW + dt.timedelta(seconds=seconds))
        Incident.objects.filter(pk=inc.pk).update(**fields)

    for n in range(3):  # the oldest: escalated, nobody on them (they need you), past the newest 100
        make(f"old-{n}", n, status=IncidentStatus.ESCALATED)
    for n in range(OVERVIEW_ROWS):  # in hand: acknowledged
        make(f"hand-{n}", 100 + n, acknowledged_by="otto")
    make("new-0", 1000, status=IncidentStatus.ESCALATED)  # the newest: among the active rows shown
    ctx = overview_context()
    keys = dict(Incident.objects.values_list("pk", "key"))
    assert [keys[i.pk] for i in ctx["needs_you"]] == ["new-0", "old-2", "old-1", "old-0"]
    assert ctx["needs"]["total"] == 4 and ctx["needs"]["more"] == 0
    assert len(ctx["active_incidents"]) == OVERVIEW_ROWS
    assert ctx["active"]["total"] == ctx["headline"]["open_incidents"] == OVERVIEW_ROWS + 4
    assert [keys[i.pk] for i in ctx["active_incidents"]][:2] == ["new-0", f"hand-{OVERVIEW_ROWS - 1}"]
    assert ctx["standing"] == {"needs_you": 4, "held": 0, "silenced": 0, "in_hand": OVERVIEW_ROWS}
