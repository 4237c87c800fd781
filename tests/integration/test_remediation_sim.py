"""Remediation in the simulator: the reboot a fault's Xid asks for goes up its own rung of the
autonomy ladder (``remediation``), through the reboot guardrails, is verified by the node's new
boot, and returns the node only after its health check passes. Lemons are held with a bundle."""

from __future__ import annotations

import datetime as dt
import io
import json
import zipfile

import pytest
from django.urls import reverse

from actions.choices import ActionKind, RecStatus, RemediationState
from actions.models import Qualification, Recommendation, Remediation
from actions.services.execution import execute_recommendation
from actions.services.qualification import QualificationFailed
from actions.services.remediation import propose_remediation, verify_remediations
from actions.services.returns import HeldAsLemon, NotOurs, NotReady, auto_return_nodes, return_to_service
from incidents.choices import IncidentStatus
from incidents.models import AuditRecord, Evidence, Incident
from monitoring.choices import Autonomy
from monitoring.models import Node
from monitoring.sources.simulated import load_world, locked_world
from tests.integration.autonomy_helpers import NOW, drain, make_incident, make_nodes, propose

pytestmark = [pytest.mark.redis]

XID79 = "[Sun Nov 29 10:00:00 2026] NVRM: Xid (PCI:0000:5d:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."
XID54 = "[Sun Nov 29 10:00:00 2026] NVRM: Xid (PCI:0000:5d:00): 54, pid='<unknown>', name=<unknown>, Auxiliary power is not connected."
T = NOW.timestamp()


@pytest.fixture
def sim(db, cluster, redis_ns, settings):  # type: ignore[no-untyped-def]
    settings.SIM_FAULT_MEAN_INTERVAL_S = 0
    make_nodes(cluster)
    cluster.isolation_autonomy = Autonomy.AUTO
    cluster.qualification_command = "dcgmi diag -r 1"
    cluster.max_partition_rebooting_pct = 50
    cluster.save()
    with locked_world(cluster, T) as world:  # free the nodes the tests reboot: no job on them
        for name in ("gpu-a-001", "gpu-a-002", "gpu-a-003", "gpu-a-004"):
            job = world.node_table[name].job
            if job is not None:
                world.cancel(job, T)
    return cluster


def _world_node(cluster, name: str, at: float = T):  # type: ignore[no-untyped-def]
    """The node as the world shows it at ``at`` (a copy brought up to then, not saved)."""
    world = load_world(cluster, at)
    world.advance(at)
    return next(n for n in world.nodes() if n["name"] == name)


def _xid_incident(cluster, key: str, node: str, line: str = XID79, at: dt.datetime = NOW) -> Incident:  # type: ignore[no-untyped-def]
    inc = make_incident(cluster, key, node, [], at=at)
    Evidence.objects.create(incident=inc, position=0, text=line)
    return inc


def _drain_executed(cluster, inc: Incident, at: dt.datetime = NOW) -> Recommendation | None:  # type: ignore[no-untyped-def]
    """Our drain of the culprit, executed: the remediation it leads to, if any."""
    (rec,) = propose(inc, drain(inc.culprit_node), now=at)
    execute_recommendation(rec.pk, at)
    return Recommendation.objects.filter(
        incident=inc, action__in=[ActionKind.REBOOT_NODE, ActionKind.RESET_GPU]
    ).first()


def _set(cluster, **fields) -> None:  # type: ignore[no-untyped-def]
    for k, v in fields.items():
        setattr(cluster, k, v)
    cluster.save()


# ---------------------------------------------------------------- the ladder


def test_a_reboot_in_monitor_mode_is_shown_and_never_executed(sim) -> None:  # type: ignore[no-untyped-def]
    rec = _drain_executed(sim, _xid_incident(sim, "k1", "gpu-a-003"))
    assert rec is not None and rec.action == ActionKind.REBOOT_NODE
    assert rec.status == RecStatus.PROPOSED
    assert "Xid 79" in rec.text and "RESTART_BM" in rec.text
    assert "REBOOT" not in _world_node(sim, "gpu-a-003")["state"]
    assert not Remediation.objects.exists()


def test_remediation_has_its_own_rung_isolation_auto_does_not_grant_it(sim) -> None:  # type: ignore[no-untyped-def]
    _set(sim, remediation_autonomy=Autonomy.APPROVE)
    rec = _drain_executed(sim, _xid_incident(sim, "k1", "gpu-a-003"))
    assert rec is not None and rec.status == RecStatus.AWAITING_APPROVAL
    assert "cluster remediation level" in rec.transitions.last().reason
    assert "REBOOT" not in _world_node(sim, "gpu-a-003")["state"]


def test_a_fault_no_reboot_fixes_proposes_no_reboot(sim) -> None:  # type: ignore[no-untyped-def]
    _set(sim, remediation_autonomy=Autonomy.AUTO)
    rec = _drain_executed(sim, _xid_incident(sim, "k1", "gpu-a-003", line=XID54))
    assert rec is None
    assert "REBOOT" not in _world_node(sim, "gpu-a-003")["state"]


def test_a_gpu_reset_fault_asks_for_a_reset_where_the_agent_can_do_it(sim) -> None:  # type: ignore[no-untyped-def]
    _set(sim, gpu_reset_available=True)
    inc = _xid_incident(sim, "k1", "gpu-a-003", line=XID79.replace(": 79,", ": 95,"))
    Incident.objects.filter(pk=inc.pk).update(pattern="xid:95")
    inc.refresh_from_db()
    rec = _drain_executed(sim, inc)
    assert rec is not None and rec.action == ActionKind.RESET_GPU and rec.exclude == [3]


# ---------------------------------------------------------------- reboot, verify, qualify


def _auto_reboot(sim, node: str = "gpu-a-003", key: str = "k1") -> Recommendation:  # type: ignore[no-untyped-def]
    _set(sim, remediation_autonomy=Autonomy.AUTO)
    rec = _drain_executed(sim, _xid_incident(sim, key, node))
    assert rec is not None and rec.status == RecStatus.APPROVED
    execute_recommendation(rec.pk, NOW)
    rec.refresh_from_db()
    return rec


def test_a_reboot_is_verified_by_the_new_boot_and_the_node_returns_after_its_check(sim) -> None:  # type: ignore[no-untyped-def]
    rec = _auto_reboot(sim)
    assert rec.status == RecStatus.SUCCEEDED
    assert _world_node(sim, "gpu-a-003")["state"] == "DOWN+DRAIN+REBOOT_ISSUED"
    rem = Remediation.objects.get(recommendation=rec)
    assert rem.state == RemediationState.ISSUED and rem.boot_before == "0.0"

    verify_remediations(sim, NOW + dt.timedelta(seconds=10))  # still booting: nothing checked yet
    rem.refresh_from_db()
    assert rem.state == RemediationState.ISSUED
    assert not Qualification.objects.exists()
    assert "DRAIN" in _world_node(sim, "gpu-a-003", T + 10)["state"]

    verify_remediations(sim, NOW + dt.timedelta(seconds=60))
    rem.refresh_from_db()
    assert rem.state == RemediationState.RETURNED
    assert rem.boot_after == str(T + 45.0)
    check = Qualification.objects.get()
    assert check.passed and check.remediation == rem and "passed" in check.output
    assert _world_node(sim, "gpu-a-003", T + 60)["state"] == "IDLE"
    assert Node.objects.get(cluster=sim, name="gpu-a-003").drained_by_us is False
    assert Incident.objects.get(key="k1").status == IncidentStatus.RECOVERED


def test_a_failing_check_keeps_the_node_drained_and_escalates(sim) -> None:  # type: ignore[no-untyped-def]
    rec = _auto_reboot(sim)
    with locked_world(sim, T) as world:
        world.node_table["gpu-a-003"].reboot_heals = False
        world.node_table["gpu-a-003"].broken = True
    verify_remediations(sim, NOW + dt.timedelta(seconds=60))
    rem = Remediation.objects.get(recommendation=rec)
    assert rem.state == RemediationState.FAILED_CHECK
    assert "GPU diagnostic failed" in rem.note
    assert _world_node(sim, "gpu-a-003", T + 60)["state"] == "IDLE+DRAIN"
    assert Node.objects.get(cluster=sim, name="gpu-a-003").drained_by_us is True
    assert Incident.objects.get(key="k1").status == IncidentStatus.ESCALATED
    assert Qualification.objects.get().passed is False


def test_a_node_that_never_comes_back_times_out_and_escalates(sim) -> None:  # type: ignore[no-untyped-def]
    _set(sim, reboot_deadline_s=30)
    rec = _auto_reboot(sim)
    with locked_world(sim, T + 1) as world:
        world.node_table["gpu-a-003"].host_dead = True  # the host never answers again
    verify_remediations(sim, NOW + dt.timedelta(seconds=20))
    assert Remediation.objects.get(recommendation=rec).state == RemediationState.ISSUED
    verify_remediations(sim, NOW + dt.timedelta(seconds=60))
    rem = Remediation.objects.get(recommendation=rec)
    assert rem.state == RemediationState.TIMED_OUT
    assert rem.note == "gpu-a-003 did not come back within 30 s"
    assert Incident.objects.get(key="k1").status == IncidentStatus.ESCALATED
    assert not Qualification.objects.exists()


# ---------------------------------------------------------------- guardrails


def test_at_most_n_reboots_in_flight_per_cluster(sim) -> None:  # type: ignore[no-untyped-def]
    _set(sim, max_reboots_in_flight=1)
    _auto_reboot(sim, "gpu-a-003", "k1")
    second = _drain_executed(sim, _xid_incident(sim, "k2", "gpu-a-004"))
    assert second is not None and second.status == RecStatus.BLOCKED
    assert (
        second.blocked_reason
        == "reboots in flight: 1 reboots by the controller have not come back yet (limit 1 per cluster)"
    )
    assert "REBOOT" not in _world_node(sim, "gpu-a-004")["state"]


def test_never_more_than_x_percent_of_a_partition_rebooting(sim) -> None:  # type: ignore[no-untyped-def]
    _set(sim, max_reboots_in_flight=5, max_partition_rebooting_pct=25)
    _auto_reboot(sim, "gpu-a-003", "k1")
    second = _drain_executed(sim, _xid_incident(sim, "k2", "gpu-a-004"))
    assert second is not None and second.status == RecStatus.BLOCKED
    assert second.blocked_reason == (
        "partition share: rebooting one more would leave 2 of 4 nodes rebooting (50% > 25%)"
    )


# ---------------------------------------------------------------- someone else's drain, jobs


def test_a_node_drained_by_someone_else_is_never_rebooted_nor_resumed(sim, operator) -> None:  # type: ignore[no-untyped-def]
    _set(sim, remediation_autonomy=Autonomy.AUTO)
    with locked_world(sim, T) as world:
        world.drain("gpu-a-002", "NHC: check_hw_gpu: GPU 3 missing", T)
    inc = _xid_incident(sim, "k1", "gpu-a-002")
    (rec,) = propose(inc, drain("gpu-a-002"))
    execute_recommendation(rec.pk, NOW)
    rec.refresh_from_db()
    assert rec.status == RecStatus.SUPERSEDED
    assert propose_remediation(inc, NOW) is None
    assert not Recommendation.objects.filter(action=ActionKind.REBOOT_NODE).exists()
    node = Node.objects.get(cluster=sim, name="gpu-a-002")
    with pytest.raises(NotOurs):
        return_to_service(node, operator, NOW, "try")
    state = _world_node(sim, "gpu-a-002")
    assert state["state"] == "IDLE+DRAIN" and state["reason"] == "NHC: check_hw_gpu: GPU 3 missing"


# ---------------------------------------------------------------- the Return-to-service button


def _ours_drained(sim, name: str = "gpu-a-003") -> Node:  # type: ignore[no-untyped-def]
    _drain_executed(sim, _xid_incident(sim, f"k-{name}", name))
    return Node.objects.get(cluster=sim, name=name)


def _ours_drained_for_people(sim, name: str = "gpu-a-003") -> Node:  # type: ignore[no-untyped-def]
    """Drained for Xid 54 (auxiliary power): no reboot fixes it, people do; then the check decides."""
    inc = _xid_incident(sim, f"k-{name}", name, line=XID54)
    Incident.objects.filter(pk=inc.pk).update(pattern="xid:54")
    inc.refresh_from_db()
    assert _drain_executed(sim, inc) is None
    return Node.objects.get(cluster=sim, name=name)


def test_the_return_button_runs_the_check_and_a_failure_keeps_the_node_drained(sim, operator) -> None:  # type: ignore[no-untyped-def]
    node = _ours_drained_for_people(sim)
    with locked_world(sim, T) as world:
        world.node_table["gpu-a-003"].broken = True
    with pytest.raises(QualificationFailed):
        return_to_service(node, operator, NOW, "fixed?")
    assert "DRAIN" in _world_node(sim, "gpu-a-003")["state"]
    check = Qualification.objects.get()
    assert check.trigger == "return_to_service" and check.actor == "otto" and not check.passed


def test_the_return_button_resumes_after_a_passed_check(sim, operator, client) -> None:  # type: ignore[no-untyped-def]
    node = _ours_drained_for_people(sim)
    client.force_login(operator)
    resp = client.post(reverse("node-return", args=[node.pk]), {"reason": "GPU reseated"})
    assert resp.status_code == 302
    assert _world_node(sim, "gpu-a-003")["state"] == "IDLE"
    assert Qualification.objects.get().passed


def test_the_return_button_waits_for_a_pending_reboot_and_runs_no_check(sim, operator) -> None:  # type: ignore[no-untyped-def]
    node = _ours_drained(sim)  # Xid 79: its reboot is proposed, not run
    with pytest.raises(NotReady, match="still pending"):
        return_to_service(node, operator, NOW, "GPU reseated")
    assert "DRAIN" in _world_node(sim, "gpu-a-003")["state"]
    assert not Qualification.objects.exists()


def test_only_an_admin_may_skip_the_check_and_it_is_audited(sim, operator, admin_user) -> None:  # type: ignore[no-untyped-def]
    node = _ours_drained(sim)
    with locked_world(sim, T) as world:
        world.node_table["gpu-a-003"].broken = True
    from django.core.exceptions import PermissionDenied

    skip = ["remedy", "health check"]
    with pytest.raises(PermissionDenied):
        return_to_service(node, operator, NOW, "skip", override=True, skipped=skip)
    assert "DRAIN" in _world_node(sim, "gpu-a-003")["state"]
    with pytest.raises(NotReady, match="must name the skipped step"):
        return_to_service(node, admin_user, NOW, "vendor says fine", override=True)
    return_to_service(node, admin_user, NOW, "vendor says fine", override=True, skipped=skip)
    assert _world_node(sim, "gpu-a-003")["state"] == "IDLE"
    assert not Qualification.objects.exists()
    outcome = "overridden: skipped health check and remedy"
    assert AuditRecord.objects.filter(actor="ada", outcome=outcome, node="gpu-a-003").count() == 1


# ---------------------------------------------------------------- lemons


def test_a_lemon_is_held_never_returned_and_has_its_rma_bundle(sim, operator, viewer, client) -> None:  # type: ignore[no-untyped-def]
    _set(
        sim,
        remediation_autonomy=Autonomy.AUTO,
        auto_return_to_service=True,
        return_healthy_s=1,
        lemon_incidents=3,
    )
    for i, days in enumerate((20, 10)):
        _xid_incident(sim, f"old{i}", "gpu-a-003", at=NOW - dt.timedelta(days=days))
    rec = _drain_executed(sim, _xid_incident(sim, "k1", "gpu-a-003"))
    assert rec is None  # held: no reboot loop for a lemon
    node = Node.objects.get(cluster=sim, name="gpu-a-003")
    assert node.held_as_lemon and node.held_reason == "lemon: blamed 3 times in 30 days (limit 3)"
    assert auto_return_nodes(sim, NOW + dt.timedelta(days=1)) == []
    with pytest.raises(HeldAsLemon):
        return_to_service(node, operator, NOW, "looks fine")
    assert "DRAIN" in _world_node(sim, "gpu-a-003")["state"]

    client.force_login(viewer)
    page = client.get(reverse("cluster", args=[sim.pk])).content.decode()
    assert 'data-lemon="1"' in page
    bundle = client.get(reverse("node-rma-api", args=[node.pk])).json()
    assert [i["xids"] for i in bundle["incidents"]] == [[79], [79], [79]]
    assert bundle["held"] is True and bundle["incidents"][2]["evidence"] == [XID79]
    assert [a["action"] for a in bundle["actions"]] == ["drain_node"]
    z = zipfile.ZipFile(io.BytesIO(client.get(reverse("node-rma-zip", args=[node.pk])).content))
    assert json.loads(z.read("bundle.json"))["node"] == "gpu-a-003"
    assert XID79 in z.read(f"incident-{bundle['incidents'][0]['id']}/evidence.txt").decode()


def test_a_node_blamed_less_often_is_no_lemon(sim) -> None:  # type: ignore[no-untyped-def]
    _set(sim, lemon_incidents=3, lemon_window_days=30)
    _xid_incident(sim, "old", "gpu-a-003", at=NOW - dt.timedelta(days=40))  # outside the window
    _xid_incident(sim, "old2", "gpu-a-003", at=NOW - dt.timedelta(days=5))
    _drain_executed(sim, _xid_incident(sim, "k1", "gpu-a-003"))
    assert Node.objects.get(cluster=sim, name="gpu-a-003").held_as_lemon is False


def test_a_newer_verdict_does_not_supersede_the_reboot_waiting_for_approval(sim) -> None:  # type: ignore[no-untyped-def]
    _set(sim, remediation_autonomy=Autonomy.APPROVE)
    inc = _xid_incident(sim, "k1", "gpu-a-003")
    rec = _drain_executed(sim, inc)
    assert rec is not None and rec.status == RecStatus.AWAITING_APPROVAL
    propose(inc, drain("gpu-a-003"), now=NOW + dt.timedelta(seconds=5))  # the pipeline re-syncs the verdict
    rec.refresh_from_db()
    assert rec.status == RecStatus.AWAITING_APPROVAL


def test_a_node_still_running_a_job_gets_its_reboot_only_once_the_job_moved_off(sim) -> None:  # type: ignore[no-untyped-def]
    from monitoring.models import Job

    _set(sim, remediation_autonomy=Autonomy.AUTO)
    job = Job.objects.create(cluster=sim, slurm_id="4242", nodes="gpu-a-[003-004]", state="RUNNING")
    inc = _xid_incident(sim, "k1", "gpu-a-003")
    assert _drain_executed(sim, inc) is None  # drained, but the job is still on it
    verify_remediations(sim, NOW + dt.timedelta(seconds=5))
    assert not Recommendation.objects.filter(action=ActionKind.REBOOT_NODE).exists()
    Job.objects.filter(pk=job.pk).update(state="PENDING", nodes="")  # requeued elsewhere
    verify_remediations(sim, NOW + dt.timedelta(seconds=10))
    rec = Recommendation.objects.get(action=ActionKind.REBOOT_NODE, node="gpu-a-003")
    assert rec.status == RecStatus.APPROVED and rec.incident_id == inc.pk


def test_a_node_back_in_service_does_not_recover_an_incident_whose_job_stayed_failed(sim) -> None:  # type: ignore[no-untyped-def]
    """The node's track and the job's are separate: the node returning never says "recovered" while
    the incident's job stayed FAILED (issue 23, defect 6); with no restart coming, people are told."""
    from monitoring.models import Job

    _set(sim, remediation_autonomy=Autonomy.AUTO)
    inc = _xid_incident(sim, "k1", "gpu-a-003")
    Incident.objects.filter(pk=inc.pk).update(jobs=["4101"])
    inc.refresh_from_db()
    Job.objects.create(
        cluster=sim,
        slurm_id="4101",
        name="llm",
        user="alice",
        partition="batch",
        state="FAILED",
        nodes="gpu-a-[001-004]",
        started_at=NOW - dt.timedelta(hours=1),
    )
    rec = _drain_executed(sim, inc)
    assert rec is not None
    execute_recommendation(rec.pk, NOW)
    verify_remediations(sim, NOW + dt.timedelta(seconds=60))
    assert Remediation.objects.get(recommendation=rec).state == RemediationState.RETURNED
    inc.refresh_from_db()
    assert inc.status == IncidentStatus.ESCALATED
    assert "job 4101 stayed FAILED" in inc.transitions.last().reason
