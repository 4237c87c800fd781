"""Issue 25's low findings: the remediation override, ceilings that clip overrides, control characters in free text."""

from __future__ import annotations

import pytest
from django.urls import reverse

from actions.models import AutonomyOverride
from incidents.models import AuditRecord
from monitoring.choices import Autonomy
from tests.integration.autonomy_helpers import make_nodes

pytestmark = pytest.mark.django_db


@pytest.fixture
def approve(cluster):  # type: ignore[no-untyped-def]
    cluster.autonomy = Autonomy.APPROVE
    cluster.save()
    make_nodes(cluster)
    return cluster


@pytest.mark.parametrize("level", ["monitor", "approve", "auto", "inherit"])
def test_an_operators_remediation_override_answers_without_a_server_error(
    client, operator, approve, level
) -> None:  # type: ignore[no-untyped-def]
    client.force_login(operator)
    resp = client.post(
        reverse("cluster-autonomy-override", args=[approve.pk]),
        {"scope": "node", "target": "gpu-a-001", "kind": "remediation", "level": level},
    )
    assert resp.status_code == (403 if level == "auto" else 302)


def test_lowering_a_ceiling_clips_the_overrides_above_it_and_audits_each(
    client, admin_user, operator, approve
) -> None:  # type: ignore[no-untyped-def]
    type(approve).objects.filter(pk=approve.pk).update(operator_isolation_ceiling="auto")
    client.force_login(operator)
    url = reverse("cluster-autonomy-override", args=[approve.pk])
    for node, level in (("gpu-a-001", "auto"), ("gpu-a-002", "monitor")):
        client.post(url, {"scope": "node", "target": node, "kind": "isolation", "level": level})
    admin_user.is_staff = admin_user.is_superuser = True
    admin_user.save()
    client.force_login(admin_user)
    from tests.integration.test_admin_and_overrides import _admin_form

    approve.refresh_from_db()
    resp = client.post(
        reverse("admin:monitoring_cluster_change", args=[approve.pk]),
        _admin_form(approve, operator_isolation_ceiling="approve"),
    )
    assert resp.status_code == 302, resp.content.decode()[:2000]
    assert sorted(AutonomyOverride.objects.values_list("target", "level")) == [
        ("gpu-a-001", "approve"),
        ("gpu-a-002", "monitor"),
    ]
    clip = AuditRecord.objects.get(event="autonomy", action__startswith="clip")
    assert (clip.actor, clip.node, clip.detail["from"], clip.detail["to"]) == (
        "ada",
        "gpu-a-001",
        "auto",
        "approve",
    )


@pytest.mark.parametrize("bad", ["\x00", "\x1b[31m", "\x7f"])
def test_control_characters_in_free_text_are_refused_with_a_clear_message(
    client, operator, approve, bad
) -> None:  # type: ignore[no-untyped-def]
    client.force_login(operator)
    resp = client.post(
        reverse("cluster-autonomy-override", args=[approve.pk]),
        {
            "scope": "node",
            "target": "gpu-a-001",
            "kind": "isolation",
            "level": "monitor",
            "reason": f"x{bad}y",
        },
    )
    assert resp.status_code == 400
    assert "reason" in resp.content.decode() and "control character" in resp.content.decode()
    assert not AutonomyOverride.objects.exists()


def test_control_characters_in_an_api_body_are_refused(client, operator) -> None:  # type: ignore[no-untyped-def]
    client.force_login(operator)
    resp = client.post("/api/incidents/1/dismiss/", {"reason": "a\x00b"}, content_type="application/json")
    assert resp.status_code == 400 and "control character" in resp.json()["detail"]


def test_newlines_and_tabs_stay_allowed(client, operator, approve) -> None:  # type: ignore[no-untyped-def]
    client.force_login(operator)
    resp = client.post(
        reverse("cluster-autonomy-override", args=[approve.pk]),
        {
            "scope": "node",
            "target": "gpu-a-001",
            "kind": "isolation",
            "level": "monitor",
            "reason": "one\r\ntwo\tthree",
        },
    )
    assert resp.status_code == 302
