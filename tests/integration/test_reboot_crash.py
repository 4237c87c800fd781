"""A reboot across a worker's crash: carried out exactly once, counted in the world.

The worker is "killed" by leaving the rows where it would have left them (the claim made,
the send-marker written or not, the command sent or not), then the reconciler runs past its
deadline, and whatever it re-dispatches is executed as the re-sent task would. What counts is
what the simulated world saw: its node's boot times, one new boot per reboot carried out.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.conf import settings as dj_settings

from actions.choices import RecStatus, RemediationState
from actions.models import Recommendation, Remediation
from actions.services.execution import execute_recommendation
from actions.services.invariants import check_all
from actions.services.reconcile import reconcile_actions
from actions.services.remediation import issue, verify_remediations
from monitoring.choices import Autonomy
from tests.integration.test_remediation_sim import (
    NOW,
    T,
    _drain_executed,
    _set,
    _world_node,
    _xid_incident,
    sim,  # noqa: F401 - the fixture
)

pytestmark = [pytest.mark.redis]
NODE = "gpu-a-003"
REBOOT_S = 45.0  # the simulator's reboot_time_s


def _reboot_approved(cluster) -> Recommendation:  # type: ignore[no-untyped-def]
    _set(cluster, remediation_autonomy=Autonomy.AUTO)
    rec = _drain_executed(cluster, _xid_incident(cluster, "k1", NODE))
    assert rec is not None and rec.status == RecStatus.APPROVED
    return rec


def _claimed(rec: Recommendation) -> None:
    """What execute_recommendation commits before it runs anything: the claim."""
    Recommendation.objects.filter(pk=rec.pk).update(
        status=RecStatus.EXECUTING, executed_at=NOW, execution_attempts=1
    )
    rec.refresh_from_db()


def _reconcile_until_settled(cluster, start_s: float) -> float:  # type: ignore[no-untyped-def]
    """The reconciler's ticks past the deadline; each re-dispatched execution run as its task would."""
    at = start_s
    for _ in range(6):
        now = NOW + dt.timedelta(seconds=at)
        reconcile_actions(cluster, now)
        for rec in Recommendation.objects.filter(cluster=cluster, status=RecStatus.APPROVED):
            execute_recommendation(rec.pk, now)
        if not Recommendation.objects.filter(
            cluster=cluster, status__in=[RecStatus.APPROVED, RecStatus.EXECUTING]
        ).exists():
            return at
        at += float(dj_settings.RECOVERY_EXECUTION_DEADLINE_S) + 1
    raise AssertionError("the reboot never settled")


def _boots(cluster, until_s: float) -> float:  # type: ignore[no-untyped-def]
    node = _world_node(cluster, NODE, T + until_s)
    assert "REBOOT" not in node["state"], node
    return float(node["boot_time"])


def test_a_reboot_sent_before_the_crash_is_finished_and_never_sent_again(sim) -> None:  # type: ignore[no-untyped-def]
    rec = _reboot_approved(sim)
    _claimed(rec)
    assert issue(rec, T).ok  # the command went out, then the worker died before recording it
    deadline = float(dj_settings.RECOVERY_EXECUTION_DEADLINE_S)
    settled = _reconcile_until_settled(sim, deadline + 1)  # the node has long booted again by then
    assert check_all(sim, NOW, ["no_action_carried_out_twice"]) == []
    assert _boots(sim, settled + 2 * REBOOT_S) == T + REBOOT_S  # one reboot: the one sent before the crash
    rec.refresh_from_db()
    assert rec.status == RecStatus.SUCCEEDED and "booted again since the reboot was sent" in rec.result
    assert Remediation.objects.get(recommendation=rec).boot_before == "0.0"


def test_a_reboot_still_under_way_at_the_reconcilers_look_is_not_sent_again(sim) -> None:  # type: ignore[no-untyped-def]
    rec = _reboot_approved(sim)
    _claimed(rec)
    assert issue(rec, T).ok
    Recommendation.objects.filter(pk=rec.pk).update(executed_at=NOW - dt.timedelta(hours=1))
    settled = _reconcile_until_settled(sim, 10)  # 10 s in: still rebooting
    rec.refresh_from_db()
    assert rec.status == RecStatus.SUCCEEDED and "reboot already under way" in rec.result
    assert _boots(sim, settled + 2 * REBOOT_S) == T + REBOOT_S


def test_a_crash_before_the_send_reboots_the_node_once_on_the_retry(sim) -> None:  # type: ignore[no-untyped-def]
    rec = _reboot_approved(sim)
    _claimed(rec)  # killed after the claim, before the marker and the command
    settled = _reconcile_until_settled(sim, float(dj_settings.RECOVERY_EXECUTION_DEADLINE_S) + 1)
    rec.refresh_from_db()
    assert rec.status == RecStatus.SUCCEEDED and rec.execution_attempts == 2
    assert _boots(sim, settled + 2 * REBOOT_S) == T + settled + REBOOT_S  # exactly the retry's reboot


def test_a_marker_without_the_send_is_retried_once_from_the_same_boot(sim) -> None:  # type: ignore[no-untyped-def]
    rec = _reboot_approved(sim)
    _claimed(rec)
    Remediation.objects.create(  # killed between the marker's commit and the command
        recommendation=rec,
        cluster=sim,
        node=NODE,
        action=rec.action,
        state=RemediationState.ISSUED,
        boot_before="0.0",
        issued_at=NOW,
        deadline=NOW + dt.timedelta(hours=1),
    )
    settled = _reconcile_until_settled(sim, float(dj_settings.RECOVERY_EXECUTION_DEADLINE_S) + 1)
    rec.refresh_from_db()
    assert rec.status == RecStatus.SUCCEEDED and rec.execution_attempts == 2
    assert _boots(sim, settled + 2 * REBOOT_S) == T + settled + REBOOT_S


def test_a_node_back_before_the_reconciler_settled_its_crashed_reboot_is_returned_not_failed(sim) -> None:  # type: ignore[no-untyped-def]
    rec = _reboot_approved(sim)
    _claimed(rec)
    assert issue(rec, T).ok  # sent, then the worker died: the recommendation stays executing
    back = NOW + dt.timedelta(seconds=REBOOT_S + 5)  # booted again, the execution deadline not yet passed
    assert (back - NOW).total_seconds() < float(dj_settings.RECOVERY_EXECUTION_DEADLINE_S)
    verify_remediations(sim, back)  # a tick before the reconciler may look: nothing judged yet
    rem = Remediation.objects.get(recommendation=rec)
    assert rem.state == RemediationState.ISSUED, rem.note
    settled = _reconcile_until_settled(sim, float(dj_settings.RECOVERY_EXECUTION_DEADLINE_S) + 1)
    verify_remediations(sim, NOW + dt.timedelta(seconds=settled))
    rem.refresh_from_db()
    assert rem.state == RemediationState.RETURNED, rem.note  # back, checked and returned, once
    assert _boots(sim, settled + 2 * REBOOT_S) == T + REBOOT_S
