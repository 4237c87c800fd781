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
