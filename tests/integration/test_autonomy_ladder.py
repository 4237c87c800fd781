"""The autonomy ladder in use: overrides route recommendations, roles guard every rung, all audited."""

from __future__ import annotations

import pytest
from django.urls import reverse

from actions.choices import RecStatus
from actions.models import AutonomyOverride
from incidents.models import AuditRecord
from monitoring.choices import Autonomy
from tests.integration.autonomy_helpers import (
    NOW,
    drain,
    make_incident,
    make_job,
    make_nodes,
    propose,
    requeue,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def approve(cluster):  # type: ignore[no-untyped-def]
    cluster.autonomy = Autonomy.APPROVE
    cluster.save()
    make_nodes(cluster)
    return cluster


def _override(client, cluster, **data):  # type: ignore[no-untyped-def]
    return client.post(reverse("cluster-autonomy-override", args=[cluster.pk]), data)


def test_a_canary_partition_in_auto_drains_at_once_while_batch_waits(approve, admin_user, client) -> None:  # type: ignore[no-untyped-def]
    client.force_login(admin_user)
    resp = _override(
        client,
        approve,
        scope="partition",
        target="canary",
        kind="isolation",
        level="auto",
        reason="canary first",
    )
    assert resp.status_code == 302
    [canary] = propose(make_incident(approve, "i-1", "gpu-a-030", []), drain("gpu-a-030"))
    [batch] = propose(make_incident(approve, "i-2", "gpu-a-003", []), drain("gpu-a-003"))
    assert canary.status == RecStatus.APPROVED
    assert (
        canary.transitions.get(new=RecStatus.APPROVED).reason
        == "auto: isolation override for partition canary"
    )
    assert batch.status == RecStatus.AWAITING_APPROVAL
    assert batch.transitions.get(new=RecStatus.AWAITING_APPROVAL).reason == "approve: cluster default"
    record = AuditRecord.objects.get(event="autonomy")
    assert (record.actor, record.outcome) == ("ada", "auto")
    assert record.detail == {
        "scope": "partition",
        "target": "canary",
        "kind": "isolation",
        "from": "inherit",
        "to": "auto",
        "reason": "canary first",
    }


def test_isolation_and_restart_are_granted_separately(approve, admin_user, client) -> None:  # type: ignore[no-untyped-def]
    make_job(approve, "4101", "gpu-a-[001-002]")
    client.force_login(admin_user)
    client.post(
        reverse("cluster-autonomy-kind", args=[approve.pk]),
        {"kind": "isolation", "level": "auto", "reason": "drains proved"},
    )
    approve.refresh_from_db()
    assert (approve.isolation_autonomy, approve.restart_autonomy) == ("auto", "")
    recs = propose(
        make_incident(approve, "i-1", "gpu-a-002", ["4101"]), drain("gpu-a-002"), requeue("4101", "gpu-a-002")
    )
    assert [r.status for r in recs] == [RecStatus.APPROVED, RecStatus.AWAITING_APPROVAL]


def test_an_operator_flips_one_job_into_auto_and_back(approve, operator, client) -> None:  # type: ignore[no-untyped-def]
    make_job(approve, "4101", "gpu-a-[001-002]")
    type(approve).objects.filter(pk=approve.pk).update(
        operator_restart_ceiling="auto"
    )  # an admin allowed operators up to auto
    client.force_login(operator)
    assert (
        _override(
            client, approve, scope="job", target="4101", kind="restart", level="auto", reason="owner asked"
        ).status_code
        == 302
    )
    [rec] = propose(make_incident(approve, "i-1", "gpu-a-002", ["4101"]), requeue("4101", "gpu-a-002"))
    assert rec.status == RecStatus.APPROVED
    _override(client, approve, scope="job", target="4101", kind="restart", level="inherit", reason="done")
    assert not AutonomyOverride.objects.exists()
    [rec2] = propose(make_incident(approve, "i-2", "gpu-a-001", ["4101"]), requeue("4101", "gpu-a-001"))
    assert rec2.status == RecStatus.AWAITING_APPROVAL
    changes = list(AuditRecord.objects.filter(event="autonomy").values_list("actor", "workload", "action"))
    assert changes == [
        ("otto", "4101", "job 4101 restart inherit -> auto"),
        ("otto", "4101", "job 4101 restart auto -> inherit"),
    ]


def test_an_operator_flips_a_node_from_its_page(approve, operator, client) -> None:  # type: ignore[no-untyped-def]
    from monitoring.models import Node

    node = Node.objects.get(cluster=approve, name="gpu-a-003")
    type(approve).objects.filter(pk=approve.pk).update(
        operator_isolation_ceiling="auto"
    )  # an admin allowed operators up to auto
    client.force_login(operator)
    page = reverse("node", args=[node.pk])
    resp = _override(
        client,
        approve,
        scope="node",
        target="gpu-a-003",
        kind="isolation",
        level="auto",
        reason="flaky PSU",
        next=page,
    )
    assert resp.status_code == 302 and resp["Location"] == page
    body = client.get(page).content.decode()
    assert "isolation override for node gpu-a-003" in body
    [rec] = propose(make_incident(approve, "i-1", "gpu-a-003", []), drain("gpu-a-003"))
    assert rec.status == RecStatus.APPROVED


@pytest.mark.parametrize(
    ("who", "data"),
    [
        ("viewer", {"scope": "node", "target": "gpu-a-003", "kind": "isolation", "level": "auto"}),
        ("viewer", {"scope": "job", "target": "4101", "kind": "restart", "level": "auto"}),
        ("operator", {"scope": "partition", "target": "canary", "kind": "isolation", "level": "auto"}),
    ],
)
def test_a_change_above_ones_role_is_refused_and_the_refusal_audited(
    request, approve, client, who, data
) -> None:  # type: ignore[no-untyped-def]
    user = request.getfixturevalue(who)
    client.force_login(user)
    assert _override(client, approve, **data).status_code == 403
    assert not AutonomyOverride.objects.exists()
    [refusal] = AuditRecord.objects.filter(event__in=["autonomy", "refusal"])
    assert (refusal.event, refusal.actor, refusal.outcome) == ("refusal", user.username, "refused")


def test_only_admins_set_a_kind_level(approve, operator, client) -> None:  # type: ignore[no-untyped-def]
    client.force_login(operator)
    resp = client.post(
        reverse("cluster-autonomy-kind", args=[approve.pk]), {"kind": "isolation", "level": "auto"}
    )
    assert resp.status_code == 403
    approve.refresh_from_db()
    assert approve.isolation_autonomy == ""
    assert AuditRecord.objects.get().event == "refusal"


def test_back_to_monitor_beats_every_override_and_leaves_waiting_approvals_waiting(
    approve, operator, admin_user, client
) -> None:  # type: ignore[no-untyped-def]
    AutonomyOverride.objects.create(
        cluster=approve, scope="partition", target="canary", action_kind="isolation", level="auto", at=NOW
    )
    [waiting] = propose(make_incident(approve, "i-1", "gpu-a-003", []), drain("gpu-a-003"))
    client.force_login(operator)
    assert (
        client.post(
            reverse("cluster-monitor-only", args=[approve.pk]), {"on": "1", "reason": "NFS is flapping"}
        ).status_code
        == 302
    )
    [canary] = propose(make_incident(approve, "i-2", "gpu-a-030", []), drain("gpu-a-030"))
    assert canary.status == RecStatus.PROPOSED
    assert AuditRecord.objects.get(recommendation_id=canary.pk, outcome="not executed").detail == {
        "why": "monitor: cluster switched back to monitor"
    }
    waiting.refresh_from_db()
    assert waiting.status == RecStatus.AWAITING_APPROVAL
    assert client.post(reverse("cluster-monitor-only", args=[approve.pk]), {"on": "0"}).status_code == 403
    approve.refresh_from_db()
    assert approve.monitor_only is True and approve.monitor_only_reason == "NFS is flapping"
    client.force_login(admin_user)
    client.post(reverse("cluster-monitor-only", args=[approve.pk]), {"on": "0", "reason": "NFS fixed"})
    approve.refresh_from_db()
    assert approve.monitor_only is False
    trail = list(
        AuditRecord.objects.filter(event__in=["autonomy", "refusal"]).values_list("event", "actor", "action")
    )
    assert trail == [
        ("autonomy", "otto", "back to monitor"),
        ("refusal", "otto", "release back to monitor"),
        ("autonomy", "ada", "release back to monitor"),
    ]


def test_the_cluster_page_shows_the_ladder_and_its_forms_by_role(approve, viewer, admin_user, client) -> None:  # type: ignore[no-untyped-def]
    AutonomyOverride.objects.create(
        cluster=approve,
        scope="partition",
        target="canary",
        action_kind="isolation",
        level="auto",
        reason="canary",
        at=NOW,
    )
    client.force_login(viewer)
    body = client.get(reverse("cluster", args=[approve.pk])).content.decode()
    assert 'data-override="partition:canary:isolation"' in body
    assert 'id="override-form"' not in body and 'id="monitor-only-form"' not in body
    client.force_login(admin_user)
    body = client.get(reverse("cluster", args=[approve.pk])).content.decode()
    assert 'id="override-form"' in body and 'id="kind-form"' in body and 'id="monitor-only-form"' in body


def test_back_to_monitor_stops_automatic_actions_not_yet_started_but_not_a_persons_approval(
    approve, operator, published_executions
) -> None:  # type: ignore[no-untyped-def]
    from actions.services.autonomy import set_monitor_only
    from actions.services.recommendations import approve_recommendation

    # nothing runs, all "not yet started": executions go to a queue no worker reads (published_executions)
    AutonomyOverride.objects.create(
        cluster=approve, scope="partition", target="canary", action_kind="isolation", level="auto", at=NOW
    )
    [auto_drain] = propose(make_incident(approve, "i-1", "gpu-a-030", []), drain("gpu-a-030"))
    [clicked] = propose(make_incident(approve, "i-2", "gpu-a-003", []), drain("gpu-a-003"))
    [told] = propose(
        make_incident(approve, "i-3", "gpu-a-004", []), {"action": "notify", "text": "owner told"}
    )
    approve_recommendation(clicked, operator, NOW, "I looked at it")
    assert {auto_drain.status, clicked.status, told.status} == {RecStatus.APPROVED}
    assert set_monitor_only(approve, True, operator, NOW, "NFS is flapping") is True
    for rec in (auto_drain, clicked, told):
        rec.refresh_from_db()
    assert auto_drain.status == RecStatus.HELD  # held, not ended: releasing the switch routes it again
    assert auto_drain.transitions.last().reason == "back to monitor: NFS is flapping"
    assert (clicked.status, told.status) == (RecStatus.APPROVED, RecStatus.APPROVED)
    assert (
        set_monitor_only(approve, True, operator, NOW, "again") is False
    )  # already on: nothing audited twice
    assert AuditRecord.objects.filter(event="autonomy", action="back to monitor").count() == 1
