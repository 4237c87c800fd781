"""The node's recovery track against the real database and the simulator (issue 23, defects 1 and 2).

A node drained for Xid 79 goes back to service only after its reboot ran and a health check
passed since the drain, or by an admin's override naming the skipped steps (audited); its
reboot recommendation is the node's track and survives the job's recovery.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from actions.choices import ActionKind, RecStatus
from actions.models import Qualification, Recommendation, Remediation
from actions.services.actionable import settle_closed_incidents
from actions.services.execution import execute_recommendation
from actions.services.overtaken import supersede_overtaken
from actions.services.recommendations import approve_recommendation, expire_recommendations
from actions.services.returns import NotReady, return_to_service
from incidents.choices import IncidentStatus
from incidents.models import AuditRecord, Evidence, Incident
from incidents.services import transition_incident
from monitoring.choices import Autonomy
from monitoring.models import Node
from monitoring.sources.simulated import load_world, locked_world
from tests.integration.autonomy_helpers import NOW, drain, make_incident, make_nodes, propose

pytestmark = [pytest.mark.redis]

XID79 = "[Sun Nov 29 10:00:00 2026] NVRM: Xid (PCI:0000:5d:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."
T = NOW.timestamp()
LATER = NOW + dt.timedelta(minutes=5)


@pytest.fixture
def sim(db, cluster, redis_ns, settings):  # type: ignore[no-untyped-def]
    settings.SIM_FAULT_MEAN_INTERVAL_S = 0
    make_nodes(cluster)
    cluster.isolation_autonomy = Autonomy.AUTO
    cluster.remediation_autonomy = Autonomy.APPROVE
    cluster.qualification_command = ""  # the demo's cluster, as the on-call shift found it
    cluster.max_partition_rebooting_pct = 50
    cluster.save()
    with locked_world(cluster, T) as world:  # no job on the node we drain: its reboot is proposed at once
        job = world.node_table["gpu-a-003"].job
        if job is not None:
            world.cancel(job, T)
    return cluster


def _state(cluster, name: str = "gpu-a-003") -> str:  # type: ignore[no-untyped-def]
    world = load_world(cluster, LATER.timestamp())
    world.advance(LATER.timestamp())
    return next(n["state"] for n in world.nodes() if n["name"] == name)


def _drained_for_xid79(cluster) -> tuple[Node, Recommendation]:  # type: ignore[no-untyped-def]
    inc = make_incident(cluster, "k79", "gpu-a-003", [])
    Evidence.objects.create(incident=inc, position=0, text=XID79)
    (rec,) = propose(inc, drain("gpu-a-003"))
    execute_recommendation(rec.pk, NOW)
    reboot = Recommendation.objects.get(action=ActionKind.REBOOT_NODE, node="gpu-a-003")
    return Node.objects.select_related("cluster").get(cluster=cluster, name="gpu-a-003"), reboot


def _resumes() -> int:
    return AuditRecord.objects.filter(event="execution", action="resume_node gpu-a-003").count()


def test_an_operators_return_of_a_node_drained_for_xid79_is_refused_without_a_passed_check(
    sim, operator, client
) -> None:  # type: ignore[no-untyped-def]
    node, reboot = _drained_for_xid79(sim)
    assert reboot.status == RecStatus.AWAITING_APPROVAL and "DRAIN" in _state(sim)
    client.force_login(operator)
    resp = client.post(reverse("node-return", args=[node.pk]), {"reason": "looks fine"}, follow=True)
    assert resp.status_code == 200
    page = resp.content.decode()
    assert "its remedy (reboot or GPU reset) is still pending" in page
    assert "no health check is configured for this cluster" in page
    assert "DRAIN" in _state(sim)  # still drained: nothing was sent to the scheduler
    node.refresh_from_db()
    assert node.drained_by_us is True
    assert _resumes() == 0
    refusal = AuditRecord.objects.get(event="refusal", node="gpu-a-003")
    assert refusal.actor == "otto" and "only an admin may return it" in refusal.detail["why"]


def test_with_a_check_configured_the_return_waits_for_the_reboot_and_runs_no_check(sim, operator) -> None:  # type: ignore[no-untyped-def]
    sim.qualification_command = "dcgmi diag -r 1"
    sim.save()
    node, _ = _drained_for_xid79(sim)
    with pytest.raises(NotReady, match="still pending: approve it first"):
        return_to_service(node, operator, NOW, "fixed?")
    assert not Qualification.objects.exists() and "DRAIN" in _state(sim)


def test_the_node_page_says_no_check_is_configured_and_offers_only_the_admin_override(
    sim, operator, admin_user, client
) -> None:  # type: ignore[no-untyped-def]
    node, _ = _drained_for_xid79(sim)
    client.force_login(operator)
    page = client.get(reverse("node", args=[node.pk])).content.decode()
    assert 'id="node-track"' in page and "No health check is configured for this cluster" in page
    assert 'name="skip"' not in page
    client.force_login(admin_user)
    page = client.get(reverse("node", args=[node.pk])).content.decode()
    assert 'name="skip" value="remedy"' in page and 'name="skip" value="health check"' in page


def test_an_admin_override_that_names_the_skipped_steps_returns_it_and_is_audited(
    sim, admin_user, client
) -> None:  # type: ignore[no-untyped-def]
    node, reboot = _drained_for_xid79(sim)
    with pytest.raises(NotReady, match="must name the skipped step"):
        return_to_service(node, admin_user, NOW, "vendor swapped it", override=True, skipped=["health check"])
    assert "DRAIN" in _state(sim) and _resumes() == 0
    client.force_login(admin_user)
    client.post(
        reverse("node-return", args=[node.pk]),
        {"reason": "vendor swapped the GPU", "override": "1", "skip": ["remedy", "health check"]},
    )
    assert "DRAIN" not in _state(sim)
    override = AuditRecord.objects.get(event="approval", node="gpu-a-003", actor="ada")
    assert override.outcome == "overridden: skipped health check and remedy"
    assert override.detail["skipped"] == ["health check", "remedy"]
    resume = AuditRecord.objects.get(event="execution", action="resume_node gpu-a-003")
    assert resume.actor == "ada" and "skipped: health check and remedy" in resume.detail["reason"]
    reboot.refresh_from_db()
    assert reboot.status == RecStatus.SUPERSEDED
    assert reboot.transitions.last().reason == "overridden by ada: vendor swapped the GPU"


def test_the_reboot_recommendation_survives_the_jobs_recovery(sim, operator) -> None:  # type: ignore[no-untyped-def]
    sim.recommendation_expiry_s = 60
    sim.save()
    node, reboot = _drained_for_xid79(sim)
    assert reboot.expires_at is None  # a decided remedy has no expiry
    incident = Incident.objects.get(key="k79")
    assert transition_incident(incident, IncidentStatus.RECOVERED, at=NOW, reason="job verified running")
    later = NOW + dt.timedelta(seconds=120)  # past the recommendation expiry too
    assert settle_closed_incidents(sim, later) == 0
    assert supersede_overtaken(sim, later) == 0
    assert expire_recommendations(later) == 0
    reboot.refresh_from_db()
    assert reboot.status == RecStatus.AWAITING_APPROVAL
    approve_recommendation(reboot, operator, later, "reboot it")  # no 409: the node's track is open
    reboot.refresh_from_db()
    assert reboot.status == RecStatus.APPROVED
    execute_recommendation(reboot.pk, later)
    reboot.refresh_from_db()
    assert reboot.status == RecStatus.SUCCEEDED, reboot.result
    assert Remediation.objects.filter(recommendation=reboot).exists()


def test_the_node_page_offers_the_pending_reboot_and_declining_it_needs_a_reason(
    sim, operator, client
) -> None:  # type: ignore[no-untyped-def]
    from actions.services.recommendations import reject_recommendation
    from actions.services.transitions import Conflict

    node, reboot = _drained_for_xid79(sim)
    transition_incident(Incident.objects.get(key="k79"), IncidentStatus.RECOVERED, at=NOW, reason="job ran")
    client.force_login(operator)
    page = client.get(reverse("node", args=[node.pk])).content.decode()
    assert f'data-rec="{reboot.pk}"' in page and "Approve reboot node" in page
    with pytest.raises(Conflict, match="needs a reason"):
        reject_recommendation(reboot, operator, NOW, "  ")
    reject_recommendation(reboot, operator, NOW, "GPU already swapped by the vendor")
    reboot.refresh_from_db()
    assert reboot.status == RecStatus.REJECTED
    with pytest.raises(NotReady, match="its remedy was declined"):  # still only an admin returns it
        return_to_service(node, operator, NOW, "fine")


def test_a_reboot_ends_when_someone_else_resumed_the_node(sim) -> None:  # type: ignore[no-untyped-def]
    from actions.services.node_invariants import node_track_violations

    node, reboot = _drained_for_xid79(sim)
    # The technician resumed it with scontrol; the next inventory poll shows it idle, no longer ours.
    Node.objects.filter(pk=node.pk).update(state="IDLE", reason="", drained_by_us=False)
    assert supersede_overtaken(sim, LATER) == 1
    reboot.refresh_from_db()
    assert reboot.status == RecStatus.SUPERSEDED
    assert (
        reboot.transitions.last().reason
        == "the world moved: node gpu-a-003 is no longer drained by us (IDLE: no reason)"
    )
    assert node_track_violations(sim) == []


def test_a_dismissed_incident_still_ends_its_reboot(sim) -> None:  # type: ignore[no-untyped-def]
    """A person's "false alarm" (or a merge into another incident) declines the remedy with its reason."""
    _, reboot = _drained_for_xid79(sim)
    Incident.objects.filter(key="k79").update(status=IncidentStatus.DISMISSED)
    assert settle_closed_incidents(sim, NOW) == 1
    reboot.refresh_from_db()
    assert reboot.status == RecStatus.SUPERSEDED and reboot.transitions.last().reason == (
        f"incident #{reboot.incident_id} is dismissed"
    )


# ---------------------------------------------------------------- Drain again, by hand


def test_an_operator_drains_a_returned_node_again_with_our_reason_and_it_is_audited(
    sim, operator, admin_user, client
) -> None:  # type: ignore[no-untyped-def]
    node, _ = _drained_for_xid79(sim)
    return_to_service(
        node, admin_user, NOW, "vendor swapped the GPU", override=True, skipped=["remedy", "health check"]
    )
    Node.objects.filter(pk=node.pk).update(state="IDLE")  # as the next inventory poll shows it
    client.force_login(operator)
    page = client.get(reverse("node", args=[node.pk])).content.decode()
    assert 'id="drain-form"' in page and "Drain again" in page
    client.post(reverse("node-drain", args=[node.pk]), {"reason": "Xid 48 again"})
    world = load_world(sim, LATER.timestamp())
    shown = next(n for n in world.nodes() if n["name"] == "gpu-a-003")
    assert "DRAIN" in shown["state"] and shown["reason"] == "recovery: drained by otto: Xid 48 again"
    node.refresh_from_db()
    assert node.drained_by_us is True
    record = AuditRecord.objects.filter(event="execution", action="drain_node gpu-a-003").latest("seq")
    assert (record.actor, record.outcome, record.detail["reason"]) == ("otto", "done", "Xid 48 again")
    # Measured from this drain: the check that never ran is missing again, so is the operator's return.
    with pytest.raises(NotReady, match="no health check is configured"):
        return_to_service(node, operator, NOW, "fine now")


def test_a_drain_by_hand_is_refused_over_someone_elses_drain_by_a_guardrail_and_for_a_viewer(
    sim, operator, viewer
) -> None:  # type: ignore[no-untyped-def]
    from django.core.exceptions import PermissionDenied

    from actions.services.drains import DrainRefused, drain_by_hand

    with locked_world(sim, T) as world:
        world.drain("gpu-a-004", "NHC: check_fs_mount: /lustre not mounted", T)
    Node.objects.filter(cluster=sim, name="gpu-a-004").update(state="DRAIN", reason="NHC: check_fs_mount")
    with pytest.raises(DrainRefused, match="drained by someone else"):
        drain_by_hand(Node.objects.get(cluster=sim, name="gpu-a-004"), operator, NOW, "mine now")
    sim.max_drains_per_hour = 0
    sim.save()
    free = Node.objects.get(cluster=sim, name="gpu-a-002")
    with pytest.raises(DrainRefused, match="drains"):
        drain_by_hand(free, operator, NOW, "suspicious")
    with pytest.raises(PermissionDenied):
        drain_by_hand(free, viewer, NOW, "suspicious")
    assert "DRAIN" not in _state(sim, "gpu-a-002")
    assert not AuditRecord.objects.filter(event="execution").exists()
    assert list(AuditRecord.objects.filter(event="refusal").values_list("actor", flat=True)) == [
        "otto",
        "otto",
        "vera",
    ]


# ---------------------------------------------------------------- the invariants, against the database


def test_the_database_invariants_hold_after_reboot_check_and_return_and_after_an_override(
    sim, admin_user
) -> None:  # type: ignore[no-untyped-def]
    from actions.services.node_invariants import node_track_violations
    from actions.services.remediation import verify_remediations

    sim.qualification_command, sim.remediation_autonomy = "dcgmi diag -r 1", Autonomy.AUTO
    sim.save()
    node, reboot = _drained_for_xid79(sim)
    execute_recommendation(reboot.pk, NOW)
    verify_remediations(sim, NOW + dt.timedelta(seconds=60))
    node.refresh_from_db()
    assert node.drained_by_us is False and _resumes() == 1
    other = make_incident(sim, "k79b", "gpu-a-004", [])
    Evidence.objects.create(incident=other, position=0, text=XID79)
    sim.remediation_autonomy = Autonomy.APPROVE
    sim.save()
    execute_recommendation(propose(other, drain("gpu-a-004"))[0].pk, NOW)
    n4 = Node.objects.select_related("cluster").get(cluster=sim, name="gpu-a-004")
    return_to_service(n4, admin_user, NOW, "RMA'd", override=True, skipped=["remedy", "health check"])
    assert node_track_violations(sim) == []


def test_the_database_invariants_catch_a_resume_that_skipped_the_track_and_a_reboot_ended_by_recovery(
    sim,
) -> None:  # type: ignore[no-untyped-def]
    """The old behaviour, replayed through the lower verbs the old code called: both are found."""
    from actions.services.node_invariants import node_track_violations
    from actions.services.returns import _resume
    from actions.services.transitions import transition_recommendation

    node, reboot = _drained_for_xid79(sim)
    transition_recommendation(
        reboot, RecStatus.SUPERSEDED, at=NOW, reason=f"incident #{reboot.incident_id} is recovered"
    )
    _resume(node, "otto", NOW + dt.timedelta(seconds=3), "returned to service by an operator")
    assert node_track_violations(sim) == [
        "gpu-a-003 resumed without its health check and remedy",
        f"{reboot} on gpu-a-003 ended superseded unrun: incident #{reboot.incident_id} is recovered",
    ]


# ---------------------------------------------------------------- Reboot, by hand


def _drained_without_a_remedy(cluster) -> Node:  # type: ignore[no-untyped-def]
    """Drained by us for an incident whose evidence names no Xid: nothing proposed a reboot."""
    inc = make_incident(cluster, "k-hang", "gpu-a-003", [])
    Incident.objects.filter(pk=inc.pk).update(pattern="", category="node_failure")
    (rec,) = propose(Incident.objects.get(pk=inc.pk), drain("gpu-a-003"))
    execute_recommendation(rec.pk, NOW)
    assert not Recommendation.objects.filter(action=ActionKind.REBOOT_NODE).exists()
    return Node.objects.select_related("cluster").get(cluster=cluster, name="gpu-a-003")


def _boots(cluster, name: str = "gpu-a-003") -> str:  # type: ignore[no-untyped-def]
    from actions.executors import executor_for

    state = executor_for(cluster).boot_state(name, T)
    return state.boot_time if state else ""


def test_an_operators_reboot_decides_the_remedy_and_runs_it_on_our_path(sim, operator, client) -> None:  # type: ignore[no-untyped-def]
    node = _drained_without_a_remedy(sim)
    client.force_login(operator)
    page = client.get(reverse("node", args=[node.pk])).content.decode()
    assert 'id="reboot-form"' in page and "Resume (return to service)</button>" in page
    resp = client.post(
        reverse("node-reboot", args=[node.pk]), {"reason": "ECC errors creeping up"}, follow=True
    )
    assert "Reboot of gpu-a-003 approved" in resp.content.decode()
    rec = Recommendation.objects.get(action=ActionKind.REBOOT_NODE, node="gpu-a-003")
    assert (rec.status, rec.decided_by, rec.incident.key) == (RecStatus.APPROVED, operator, "k-hang")
    assert rec.text == "reboot of gpu-a-003 asked for by otto on the node page: ECC errors creeping up"
    proposed = AuditRecord.objects.get(event="recommendation", recommendation_id=rec.pk, outcome="proposed")
    assert proposed.actor == "otto"
    execute_recommendation(rec.pk, NOW)
    rec.refresh_from_db()
    assert rec.status == RecStatus.SUCCEEDED, rec.result
    assert Remediation.objects.filter(recommendation=rec, node="gpu-a-003").exists()
    assert _resumes() == 0  # back only through the health check after its new boot


def test_reboot_approves_the_remedy_already_waiting_rather_than_making_a_second(sim, operator) -> None:  # type: ignore[no-untyped-def]
    from actions.services.reboots import reboot_by_hand

    node, waiting = _drained_for_xid79(sim)
    assert reboot_by_hand(node, operator, NOW, "go").pk == waiting.pk
    waiting.refresh_from_db()
    assert waiting.status == RecStatus.APPROVED
    assert Recommendation.objects.filter(action=ActionKind.REBOOT_NODE).count() == 1


def test_a_reboot_by_hand_is_refused_for_a_viewer_someone_elses_drain_a_job_a_held_cluster_and_a_guardrail(
    sim, operator, viewer, client
) -> None:  # type: ignore[no-untyped-def]
    from django.core.exceptions import PermissionDenied

    from actions.services.reboots import RebootRefused, reboot_by_hand
    from actions.services.transitions import Conflict

    node = _drained_without_a_remedy(sim)
    before = _boots(sim)
    with pytest.raises(PermissionDenied):
        reboot_by_hand(node, viewer, NOW, "let me")
    client.force_login(viewer)
    assert client.post(reverse("node-reboot", args=[node.pk]), {"reason": "let me"}).status_code == 403
    assert 'id="reboot-form"' not in client.get(reverse("node", args=[node.pk])).content.decode()
    nhc = Node.objects.get(cluster=sim, name="gpu-a-004")
    Node.objects.filter(pk=nhc.pk).update(state="DRAIN", reason="NHC: check_fs_mount")
    with pytest.raises(RebootRefused, match="only a node this controller drained"):
        reboot_by_hand(Node.objects.select_related("cluster").get(pk=nhc.pk), operator, NOW, "mine")
    from monitoring.models import Job
    from tests.integration.autonomy_helpers import make_job

    job = make_job(sim, "4242", "gpu-a-003")
    Job.objects.filter(pk=job.pk).update(state="RUNNING")
    with pytest.raises(RebootRefused, match="job\\(s\\) 4242 still run on it"):
        reboot_by_hand(node, operator, NOW, "now")
    Job.objects.filter(pk=job.pk).update(state="COMPLETED")
    sim.monitor_only = True
    sim.save()
    with pytest.raises(RebootRefused, match="held in monitor mode"):
        reboot_by_hand(node, operator, NOW, "now")
    sim.monitor_only, sim.max_reboots_in_flight = False, 0
    sim.save()
    with pytest.raises(Conflict, match="blocked by a guardrail"):
        reboot_by_hand(node, operator, NOW, "now")
    blocked = Recommendation.objects.get(action=ActionKind.REBOOT_NODE, node="gpu-a-003")
    assert blocked.status == RecStatus.BLOCKED and "reboot" in blocked.blocked_reason
    assert not Remediation.objects.exists() and _boots(sim) == before  # nothing reached the scheduler
    assert list(AuditRecord.objects.filter(event="refusal").order_by("seq").values_list("actor", "node")) == [
        ("vera", "gpu-a-003"),
        ("vera", "gpu-a-003"),
        ("otto", "gpu-a-004"),
        ("otto", "gpu-a-003"),
        ("otto", "gpu-a-003"),
    ]


def test_a_reboot_of_a_node_drained_by_hand_opens_the_operators_own_report_and_recovers_it(
    sim, operator
) -> None:  # type: ignore[no-untyped-def]
    """No incident blames a node the operator drained by hand: their Reboot opens one (their report,
    acknowledged by them, never paged), and the remedy runs on our path to the health check and return."""
    from actions.models import PageState
    from actions.services.drains import drain_by_hand
    from actions.services.node_invariants import node_track_violations
    from actions.services.reboots import reboot_by_hand
    from actions.services.remediation import verify_remediations

    sim.qualification_command = "dcgmi diag -r 1"
    sim.save()
    node = Node.objects.select_related("cluster").get(cluster=sim, name="gpu-a-002")
    drain_by_hand(node, operator, NOW, "fans loud")
    assert not Incident.objects.exists()
    rec = reboot_by_hand(node, operator, NOW, "fans loud")
    incident = rec.incident
    assert (incident.category, incident.culprit_node, incident.jobs, incident.acknowledged_by) == (
        "node_failure",
        "gpu-a-002",
        [],
        "otto",
    )
    assert incident.pattern == "reported by otto on the node page"
    assert list(incident.evidence.values_list("text", flat=True)) == ["otto: fans loud"]
    opened = AuditRecord.objects.get(event="detection", incident_id=incident.pk)
    assert (opened.actor, opened.node, opened.detail["reason"]) == ("otto", "gpu-a-002", "fans loud")
    assert (rec.status, rec.decided_by) == (RecStatus.APPROVED, operator)
    execute_recommendation(rec.pk, NOW)
    verify_remediations(sim, NOW + dt.timedelta(seconds=60))
    node.refresh_from_db()
    incident.refresh_from_db()
    assert node.drained_by_us is False and incident.status == IncidentStatus.RECOVERED
    assert Qualification.objects.filter(node="gpu-a-002", passed=True).exists()
    assert not PageState.objects.exists()  # the one who would be paged opened it
    assert node_track_violations(sim) == []
