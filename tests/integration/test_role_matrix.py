"""The role matrix and the XSS scan, kept as tests: 0 violations (issue 13).

Every mutating endpoint is posted by every role below the one it needs (and
anonymously): none may succeed, and none may change what it guards. Every page is
rendered with hostile text in every user-controlled field: none may carry it raw.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from actions.models import AutonomyOverride, Recommendation
from actions.services.recommendations import sync_recommendations
from incidents.models import AuditRecord, Evidence, Incident, SiteRule, SiteRuleVersion
from monitoring.models import Cluster, Job, Node
from tests.integration.autonomy_helpers import NOW

pytestmark = pytest.mark.django_db
XSS = '"><script>alert(1)</script><img src=x onerror=alert(2)>'
RAW = ("<script>alert(1)", "<img src=x onerror")


@pytest.fixture
def world(cluster):  # type: ignore[no-untyped-def]
    node = Node.objects.create(
        cluster=cluster,
        name="gpu-a-001",
        partition="batch",
        state="DRAIN",
        reason=f"NHC {XSS}",
        drained_by_us=True,
    )
    Job.objects.create(
        cluster=cluster,
        slurm_id="4101",
        name=XSS,
        user=XSS,
        partition="batch",
        nodes="gpu-a-001",
        state="FAILED",
    )
    incident = Incident.objects.create(
        cluster=cluster,
        key="i-1",
        category="gpu_hardware",
        culprit_node="gpu-a-001",
        confidence=0.9,
        pattern=XSS[:100],
        jobs=["4101"],
        detected_at=NOW,
    )
    Evidence.objects.create(incident=incident, position=0, text=f"joblog: {XSS}")
    sync_recommendations(
        incident, [{"action": "drain_node", "node": "gpu-a-001"}, {"action": "notify", "text": XSS}], NOW
    )
    rule = SiteRule.objects.create(cluster=cluster, version=1, created_by=XSS[:150], created_at=NOW)
    SiteRuleVersion.objects.create(
        rule=rule,
        version=1,
        pattern=XSS,
        kind="hostile",
        category="software",
        blame="job",
        note=XSS,
        created_by=XSS[:150],
        created_at=NOW,
    )
    return {
        "cluster": cluster,
        "node": node,
        "incident": incident,
        "rec": Recommendation.objects.filter(incident=incident).first(),
        "rule": rule,
    }


def _mutations(w):  # type: ignore[no-untyped-def]
    c, n, i, r = w["cluster"].pk, w["node"].pk, w["incident"].pk, w["rec"].pk
    op, ad = "operator", "admin"
    return [
        (ad, reverse("cluster-autonomy", args=[c]), {"autonomy": "auto"}),
        (ad, reverse("cluster-inject", args=[c]), {"fault": "xid79", "node": "gpu-a-001"}),
        (ad, reverse("cluster-test-connection", args=[c]), {}),
        (ad, reverse("cluster-autonomy-kind", args=[c]), {"kind": "isolation", "level": "auto"}),
        (
            op,
            reverse("cluster-autonomy-override", args=[c]),
            {"scope": "node", "target": "gpu-a-001", "kind": "isolation", "level": "monitor"},
        ),
        (
            ad,
            reverse("cluster-autonomy-override", args=[c]),
            {"scope": "partition", "target": "batch", "kind": "isolation", "level": "monitor"},
        ),
        (op, reverse("cluster-monitor-only", args=[c]), {"on": "1"}),
        (op, reverse("node-return", args=[n]), {"reason": "x"}),
        (op, reverse("node-drain", args=[n]), {"reason": "x"}),
        (op, reverse("node-reboot", args=[n]), {"reason": "x"}),
        (op, reverse("incident-dismiss", args=[i]), {"reason": "x"}),
        (op, reverse("incident-verdict", args=[i]), {"verdict": "false"}),
        (op, reverse("rec-approve", args=[r]), {}),
        (op, reverse("rec-reject", args=[r]), {}),
        (op, f"/api/recommendations/{r}/approve/", {}),
        (op, f"/api/recommendations/{r}/reject/", {}),
        (op, f"/api/incidents/{i}/verdict/", {"verdict": "false"}),
        (ad, reverse("site-rule-new"), {**_RULE, "incident": str(i), "action": "apply"}),
        (ad, reverse("site-rule-new"), {**_RULE, "action": "preview"}),
        (
            ad,
            reverse("site-rule-edit", args=[w["rule"].pk]),
            {**_RULE, "expected_version": "1", "action": "apply"},
        ),
        (ad, reverse("site-rule-enabled", args=[w["rule"].pk]), {"expected_version": "1", "enabled": "0"}),
    ]


_RULE = {
    "pattern": "checksum mismatch",
    "kind": "k_1",
    "category": "software",
    "blame": "job",
    "source": "job",
}


def _state() -> tuple[object, ...]:
    return (
        list(Cluster.objects.values_list("autonomy", "isolation_autonomy", "monitor_only")),
        list(AutonomyOverride.objects.values_list("target", "level")),
        list(Recommendation.objects.values_list("id", "status")),
        list(Incident.objects.values_list("id", "status", "operator_verdict")),
        list(Node.objects.values_list("name", "state", "drained_by_us")),
        AuditRecord.objects.exclude(event="refusal").count(),
        list(SiteRule.objects.values_list("id", "version")),
        list(SiteRuleVersion.objects.values_list("id", "enabled")),
    )


def test_no_role_below_the_needed_one_changes_anything(client, world, viewer, operator, admin_user) -> None:  # type: ignore[no-untyped-def]
    users = {"anonymous": None, "viewer": viewer, "operator": operator}
    below = {"operator": ("anonymous", "viewer"), "admin": ("anonymous", "viewer", "operator")}
    violations, requests = [], 0
    before = _state()
    for needed, url, data in _mutations(world):
        for who in below[needed]:
            client.logout()
            if users[who] is not None:
                client.force_login(users[who])
            resp = client.post(url, data)
            requests += 1
            denied = resp.status_code in (401, 403) or (
                who == "anonymous" and resp.status_code == 302 and "/login/" in resp["Location"]
            )
            if not denied:
                violations.append(f"{who} POST {url} -> {resp.status_code}")
    print(f"role matrix: {requests} requests, {len(violations)} violations")
    assert violations == []
    assert _state() == before


def test_every_page_for_anonymous_users_is_the_login_page(client, world) -> None:  # type: ignore[no-untyped-def]
    for url in _pages(world):
        resp = client.get(url)
        assert resp.status_code in (302, 401, 403), url
        assert RAW[0] not in resp.content.decode(errors="replace")


def _pages(w):  # type: ignore[no-untyped-def]
    c, n, i = w["cluster"].pk, w["node"].pk, w["incident"].pk
    return [
        reverse("overview"),
        reverse("overview-fragment"),
        reverse("cluster", args=[c]),
        reverse("node", args=[n]),
        reverse("incident", args=[i]),
        reverse("incident-fragment", args=[i]),
        reverse("audit"),
        reverse("metrics"),
        reverse("audit-export", args=["json"]),
        reverse("metrics-api"),
        reverse("fleet"),
        reverse("site-rules"),
        "/api/fleet/",
        "/api/clusters/",
        "/api/nodes/",
        "/api/jobs/",
        "/api/incidents/",
        "/api/recommendations/",
        "/api/audit/",
        "/api/schema/",
        "/api/docs/",
    ]


def test_no_page_renders_hostile_text_raw_for_any_role(client, world, viewer, operator, admin_user) -> None:  # type: ignore[no-untyped-def]
    from actions.services import autonomy as autonomy_services

    autonomy_services.set_override(
        world["cluster"], "node", "gpu-a-001", "isolation", "monitor", admin_user, NOW, reason=XSS
    )
    from monitoring.models import ControllerState

    ControllerState.objects.update_or_create(  # the fleet page shows a failing cluster's last error
        cluster=world["cluster"], defaults={"last_error": XSS, "failing_since": NOW, "last_tick_at": NOW}
    )
    violations, renders = [], 0
    for user in (viewer, operator, admin_user):
        client.force_login(user)
        for url in _pages(world):
            resp = client.get(url)
            renders += 1
            raw = b"".join(resp.streaming_content) if resp.streaming else resp.content
            body = raw.decode(errors="replace")
            if resp.status_code != 200 or (
                "html" in resp.get("Content-Type", "") and any(r in body for r in RAW)
            ):
                violations.append(f"{user.username} {url} -> {resp.status_code}")
    print(f"xss scan: {renders} renders, {len(violations)} violations")
    assert violations == []
