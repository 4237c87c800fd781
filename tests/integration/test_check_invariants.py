"""`manage.py check_invariants` and ``actions.services.invariants`` (issue 23): every named invariant
against the real database. A cluster run by the real loop passes; each check that rows can break
is shown reporting its violation by name."""

from __future__ import annotations

import datetime as dt
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from actions.choices import ActionKind, RecStatus, RemediationState
from actions.models import Recommendation, Remediation
from actions.services.actionable import switch_monitor_only
from actions.services.invariants import INVARIANT_NAMES, check_all
from actions.services.recommendations import merge_incident
from actions.services.transitions import transition_recommendation
from incidents.audit import append_audit
from incidents.choices import AuditEvent, IncidentStatus
from incidents.services import dismiss_incident, transition_incident
from monitoring.models import Node
from tests.integration.autonomy_helpers import (
    NOW,
    done_requeue,
    drain,
    make_incident,
    make_job,
    make_nodes,
    propose,
)

pytestmark = [pytest.mark.django_db, pytest.mark.redis]

LATER = NOW + dt.timedelta(minutes=5)


def _names(cluster, now=LATER) -> set[str]:  # type: ignore[no-untyped-def]
    return {v.name for v in check_all(cluster, now)}


def _command(*args: str) -> tuple[int, list[str]]:
    out = StringIO()
    try:
        call_command("check_invariants", *args, stdout=out)
        rc = 0
    except SystemExit as exc:
        rc = int(exc.code or 0)
    return rc, out.getvalue().splitlines()


def test_the_registry_names_at_least_a_dozen_invariants() -> None:
    assert len(INVARIANT_NAMES) >= 12 and len(set(INVARIANT_NAMES)) == len(INVARIANT_NAMES)


def test_a_cluster_run_by_the_real_loop_holds_every_invariant(cluster, clock) -> None:  # type: ignore[no-untyped-def]
    clock.run(cluster, 20)
    assert check_all(cluster, clock.now) == []
    rc, lines = _command("--cluster", cluster.name)
    assert rc == 0
    assert lines == [f"invariants: clusters=1 checked={len(INVARIANT_NAMES)} violations=0"]


def test_an_unknown_cluster_is_one_clear_line(cluster) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(CommandError, match="no cluster named 'nope'"):
        call_command("check_invariants", "--cluster", "nope")


def test_a_resume_with_no_passed_check_after_an_xid79_drain_is_a_node_track_violation(cluster) -> None:  # type: ignore[no-untyped-def]
    make_nodes(cluster)
    inc = make_incident(cluster, "k79", "gpu-a-003", [])
    where = {"cluster": cluster.name, "node": "gpu-a-003", "incident_id": inc.pk}
    append_audit(
        event=AuditEvent.EXECUTION, at=NOW, action="drain_node gpu-a-003", outcome="succeeded", **where
    )
    append_audit(
        event=AuditEvent.EXECUTION,
        at=NOW + dt.timedelta(seconds=3),
        actor="otto",
        action="resume_node gpu-a-003",
        outcome="done",
        detail={"reason": "looks fine"},
        **where,
    )
    rc, lines = _command()
    assert rc == 1
    assert "node_track: gpu-a-003 resumed without its health check and remedy" in lines
    assert lines[-1] == f"invariants: clusters=1 checked={len(INVARIANT_NAMES)} violations=1"


def test_a_job_restarted_past_its_budget_is_a_restart_budget_violation(cluster) -> None:  # type: ignore[no-untyped-def]
    make_nodes(cluster)
    make_job(cluster, "4101", "gpu-a-[001-002]")  # allows 2 requeues
    inc = make_incident(cluster, "i-1", "gpu-a-002", ["4101"])
    for ckpt, ago in ((500, 50), (700, 20)):
        done_requeue(inc, "4101", ckpt, minutes_ago=ago)
    assert "restart_budget" not in _names(cluster, NOW)
    done_requeue(inc, "4101", 900, minutes_ago=5)
    assert "restart_budget" in _names(cluster, NOW)


def test_a_notice_naming_another_count_than_the_audit_trail_is_a_restart_budget_violation(cluster) -> None:  # type: ignore[no-untyped-def]
    """Issue 23, defect 5: "budget is spent (3/2)" beside "Restarts by us: 2". The policy's notice (on
    the incident page and in the API) names the trail's count as it stood when it was made."""
    make_nodes(cluster)
    make_job(cluster, "4101", "gpu-a-[001-002]")  # allows 2 requeues
    first = make_incident(cluster, "i-1", "gpu-a-002", ["4101"])
    for ckpt, ago in ((500, 50), (700, 20)):
        done_requeue(first, "4101", ckpt, minutes_ago=ago)

    def notice(used: int) -> dict[str, str]:
        text = f"job 4101 hit by node_failure; not requeued: its requeue budget is spent ({used}/2)"
        return {"action": "notify", "job": "4101", "text": text}

    propose(first, notice(2))
    assert "restart_budget" not in _names(cluster)
    second = make_incident(cluster, "i-2", "gpu-a-001", ["4101"])
    [rec] = propose(second, notice(3))
    found = [str(v) for v in check_all(cluster, LATER) if v.name == "restart_budget"]
    assert found == [
        f"restart_budget: {cluster.name}: recommendation #{rec.pk}: job 4101: a decision says "
        "'budget is spent (3/2)', but the audit trail had 2 restarts by us of 2 allowed (2/2) when it was made"
    ]


@pytest.mark.parametrize("close", ["dismissed", "merged"])
def test_a_recommendation_executed_for_a_closed_incident_is_reported(cluster, operator, close) -> None:  # type: ignore[no-untyped-def]
    make_nodes(cluster)
    inc = make_incident(cluster, "i-1", "gpu-a-001", [])
    (rec,) = propose(inc, drain("gpu-a-001"))
    Recommendation.objects.filter(pk=rec.pk).update(executed_at=NOW)  # before it closed: fine
    if close == "dismissed":
        dismiss_incident(inc, operator, "a false alarm", NOW + dt.timedelta(seconds=10))
    else:
        make_incident(cluster, "i-0", "gpu-a-001", [])
        merge_incident(inc, "i-0", NOW + dt.timedelta(seconds=10))
    assert "nothing_executed_for_closed_incident" not in _names(cluster)
    Recommendation.objects.filter(pk=rec.pk).update(executed_at=NOW + dt.timedelta(seconds=20))
    assert "nothing_executed_for_closed_incident" in _names(cluster)


def test_an_automatic_execution_while_the_cluster_is_held_is_reported(cluster, operator, admin_user) -> None:  # type: ignore[no-untyped-def]
    make_nodes(cluster)
    inc = make_incident(cluster, "i-1", "gpu-a-001", [])
    (rec,) = propose(inc, drain("gpu-a-001"))
    switch_monitor_only(cluster, True, operator, NOW + dt.timedelta(seconds=10), reason="look first")
    switch_monitor_only(cluster, False, admin_user, NOW + dt.timedelta(seconds=30), reason="looked")
    Recommendation.objects.filter(pk=rec.pk).update(executed_at=NOW + dt.timedelta(seconds=40))
    assert "nothing_automatic_while_held" not in _names(cluster)
    Recommendation.objects.filter(pk=rec.pk).update(executed_at=NOW + dt.timedelta(seconds=20))
    found = [v for v in check_all(cluster, LATER) if v.name == "nothing_automatic_while_held"]
    assert len(found) == 1 and f"#{rec.pk}" in found[0].detail


def test_drains_over_the_hourly_limit_are_reported(cluster) -> None:  # type: ignore[no-untyped-def]
    make_nodes(cluster)
    cluster.max_drains_per_hour = 2
    cluster.save()
    inc = make_incident(cluster, "i-1", "gpu-a-001", [])
    recs = propose(inc, drain("gpu-a-001"), drain("gpu-a-002"), drain("gpu-a-003"))
    for i, rec in enumerate(recs[:2]):
        Recommendation.objects.filter(pk=rec.pk).update(
            status=RecStatus.SUCCEEDED, executed_at=NOW + dt.timedelta(minutes=i)
        )
    assert "drain_rate_within_limit" not in _names(cluster)
    Recommendation.objects.filter(pk=recs[2].pk).update(
        status=RecStatus.SUCCEEDED, executed_at=NOW + dt.timedelta(minutes=30)
    )
    assert "drain_rate_within_limit" in _names(cluster)


def test_a_partition_drained_past_its_share_is_reported(cluster) -> None:  # type: ignore[no-untyped-def]
    make_nodes(cluster)  # 4 batch nodes; the cluster allows 50 % of a partition drained by us
    names = ["gpu-a-001", "gpu-a-002", "gpu-a-003"]
    Node.objects.filter(cluster=cluster, name__in=names[:2]).update(drained_by_us=True)
    assert "partition_drained_within_limit" not in _names(cluster)
    Node.objects.filter(cluster=cluster, name__in=names).update(drained_by_us=True)
    assert "partition_drained_within_limit" in _names(cluster)


def test_reboots_in_flight_over_the_limit_are_reported(cluster) -> None:  # type: ignore[no-untyped-def]
    make_nodes(cluster)
    cluster.max_reboots_in_flight, cluster.max_partition_rebooting_pct = 1, 100
    cluster.save()
    inc = make_incident(cluster, "i-1", "gpu-a-001", [])
    specs = [{"action": ActionKind.REBOOT_NODE, "node": n} for n in ("gpu-a-001", "gpu-a-002")]
    for rec in propose(inc, *specs):
        Remediation.objects.create(
            recommendation=rec,
            cluster=cluster,
            node=rec.node,
            partition="batch",
            action=rec.action,
            state=RemediationState.ISSUED,
            issued_at=NOW,
            deadline=NOW + dt.timedelta(minutes=10),
        )
        if rec.node == "gpu-a-001":
            assert "reboots_within_limit" not in _names(cluster)
    assert "reboots_within_limit" in _names(cluster)


@pytest.mark.parametrize("action", [ActionKind.REBOOT_NODE, ActionKind.NOTIFY])
def test_a_mutating_action_run_again_blind_after_a_crash_is_reported_a_notice_is_not(cluster, action) -> None:  # type: ignore[no-untyped-def]
    make_nodes(cluster)
    inc = make_incident(cluster, "i-1", "gpu-a-001", [])
    (rec,) = propose(inc, {"action": action, "node": "gpu-a-001"})
    Recommendation.objects.filter(pk=rec.pk).update(status=RecStatus.EXECUTING)
    rec.refresh_from_db()
    assert "no_action_carried_out_twice" not in _names(cluster)
    # what the reconciler wrote for a notice, and for a reboot before issue 29
    blind = "a notice leaves no trace on the cluster: run again, its delivery rows send nothing twice"
    transition_recommendation(
        rec, RecStatus.APPROVED, at=LATER, reason=f"reconciler: not carried out ({blind}); retrying once"
    )

    assert ("no_action_carried_out_twice" in _names(cluster)) is (action == ActionKind.REBOOT_NODE)


def test_an_altered_audit_record_breaks_the_chain_invariant(cluster) -> None:  # type: ignore[no-untyped-def]
    append_audit(event=AuditEvent.STATUS, at=NOW, cluster=cluster.name, action="something", outcome="done")
    assert "audit_chain_verifies" not in _names(cluster)
    with connection.cursor() as cur:
        cur.execute("UPDATE incidents_auditrecord SET outcome = 'forged' WHERE action = 'something'")
    assert "audit_chain_verifies" in _names(cluster)


def test_the_open_incidents_check_fails_when_a_tally_misses_one(cluster) -> None:  # type: ignore[no-untyped-def]
    from actions.lifecycle.attention import Standing
    from actions.services.invariants import open_incident_violations

    make_nodes(cluster)
    a = make_incident(cluster, "i-1", "gpu-a-001", [])
    make_incident(cluster, "i-2", "gpu-a-002", [])
    assert open_incident_violations(cluster, NOW) == []
    short = {s: [] for s in Standing} | {Standing.IN_HAND: [a.pk]}
    assert open_incident_violations(cluster, NOW, short) == [
        "sim-t: 2 open incidents, but 0 needs you + 0 silenced + 0 held + 1 in hand"
    ]


def test_an_execution_for_a_silenced_incident_is_reported(cluster, operator) -> None:  # type: ignore[no-untyped-def]
    from incidents.models import Silence

    make_nodes(cluster)
    inc = make_incident(cluster, "i-1", "gpu-a-001", [])
    (rec,) = propose(inc, drain("gpu-a-001"))
    Recommendation.objects.filter(pk=rec.pk).update(executed_at=NOW)
    assert "nothing_executed_while_silenced" not in _names(cluster)
    silence = Silence.objects.create(
        cluster=cluster, starts_at=NOW, ends_at=LATER, reason="maintenance", created_by="otto", created_at=NOW
    )
    type(inc).objects.filter(pk=inc.pk).update(silenced_by=silence)
    assert "nothing_executed_while_silenced" in _names(cluster)


def test_a_merged_duplicate_that_does_not_name_its_incident_is_reported(cluster) -> None:  # type: ignore[no-untyped-def]
    make_nodes(cluster)
    make_incident(cluster, "i-0", "gpu-a-001", [])
    merge_incident(make_incident(cluster, "i-1", "gpu-a-001", []), "i-0", NOW)
    assert "merged_says_into_which" not in _names(cluster)
    merge_incident(make_incident(cluster, "i-2", "gpu-a-001", []), "i-gone", NOW)  # its target is unknown
    found = [v.detail for v in check_all(cluster, LATER) if v.name == "merged_says_into_which"]
    assert len(found) == 1 and "same root cause as incident i-gone: merged" in found[0]


def test_a_status_written_past_the_table_is_reported_for_recommendations_and_incidents(cluster) -> None:  # type: ignore[no-untyped-def]
    make_nodes(cluster)
    inc = make_incident(cluster, "i-1", "gpu-a-001", [])
    (rec,) = propose(inc, drain("gpu-a-001"))
    transition_incident(inc, IncidentStatus.ESCALATED, at=NOW, reason="nobody can drain it")
    names = _names(cluster)
    assert not {"recommendation_history_follows_its_table", "incident_history_follows_its_table"} & names
    Recommendation.objects.filter(pk=rec.pk).update(status=RecStatus.SUCCEEDED)  # no transition recorded
    type(inc).objects.filter(pk=inc.pk).update(status="recovered")
    found = {v.name: v.detail for v in check_all(cluster, LATER)}
    assert found["recommendation_history_follows_its_table"] == (
        f"sim-t: recommendation #{rec.pk}: shows succeeded, but its history ends at proposed"
    )
    assert found["incident_history_follows_its_table"] == (
        f"sim-t: incident #{inc.pk}: shows recovered, but its history ends at escalated"
    )


def test_a_resume_recorded_without_a_reason_is_reported(cluster) -> None:  # type: ignore[no-untyped-def]
    where = {
        "cluster": cluster.name,
        "node": "gpu-a-004",
        "action": "resume_node gpu-a-004",
        "outcome": "done",
    }
    append_audit(
        event=AuditEvent.EXECUTION, at=NOW, actor="otto", detail={"reason": "swapped the PSU"}, **where
    )
    assert "every_resume_says_who_and_why" not in _names(cluster)
    append_audit(event=AuditEvent.EXECUTION, at=NOW + dt.timedelta(seconds=9), actor="otto", **where)
    found = [v.detail for v in check_all(cluster, LATER) if v.name == "every_resume_says_who_and_why"]
    assert len(found) == 1 and "does not say who and why" in found[0]


def _drained_and_reopened(cluster):  # type: ignore[no-untyped-def]
    """An incident whose drain ran, then open again: its story must say what ran."""
    from actions.services.transitions import transition_recommendation

    make_nodes(cluster)
    inc = make_incident(cluster, "i-story", "gpu-a-003", [])
    (rec,) = propose(inc, drain("gpu-a-003"))
    for status in (RecStatus.APPROVED, RecStatus.EXECUTING, RecStatus.SUCCEEDED):
        transition_recommendation(rec, status, at=NOW + dt.timedelta(seconds=5), executed_at=NOW)
    transition_incident(
        inc, IncidentStatus.MITIGATING, at=NOW + dt.timedelta(seconds=6), reason="drain issued"
    )
    transition_incident(inc, IncidentStatus.OPEN, at=NOW + dt.timedelta(seconds=9), reason="failed again")
    return inc


def test_a_story_that_says_nothing_ran_after_a_drain_is_a_story_violation(cluster, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from incidents import story

    inc = _drained_and_reopened(cluster)
    assert "story_agrees_with_audit" not in _names(cluster)
    monkeypatch.setattr(story, "open_sentence", lambda audit: "No recovery has run yet.")  # the old story
    found = [v.detail for v in check_all(cluster, LATER) if v.name == "story_agrees_with_audit"]
    assert found == [
        f"{cluster.name}: incident #{inc.pk}: the story says no recovery has run, the audit says drain of gpu-a-003 did"
    ]


def test_a_merged_duplicate_page_says_merged_into_which_and_the_invariant_holds(
    cluster, client, viewer
) -> None:  # type: ignore[no-untyped-def]
    from django.urls import reverse

    target = make_incident(cluster, "i-0", "gpu-a-001", [])
    dup = make_incident(cluster, "i-1", "gpu-a-001", [])
    propose(dup, drain("gpu-a-001"))
    merge_incident(dup, "i-0", NOW)
    assert "story_agrees_with_audit" not in _names(cluster)
    client.force_login(viewer)
    html = client.get(reverse("incident", args=[dup.pk])).content.decode()
    assert f'id="incident-status">Merged into #{target.pk}</span>' in html
    assert f"Merged into incident #{target.pk}" in html
    assert "Nothing was recommended." not in html and "false alarm" not in html


def test_the_incident_list_row_of_a_merged_duplicate_says_merged_into_which(cluster, client, viewer) -> None:  # type: ignore[no-untyped-def]
    from django.urls import reverse

    target = make_incident(cluster, "i-0", "gpu-a-001", [])
    dup = make_incident(cluster, "i-1", "gpu-a-001", [])
    merge_incident(dup, "i-0", NOW)
    dismissed = make_incident(cluster, "i-2", "gpu-a-002", [], at=NOW - dt.timedelta(minutes=1))
    transition_incident(dismissed, IncidentStatus.DISMISSED, at=NOW, actor="otto", reason="false alarm")
    client.force_login(viewer)
    url = reverse("incident", args=[target.pk])
    for page in (reverse("incidents-page"), reverse("incidents-page-fragment"), reverse("overview")):
        html = client.get(page).content.decode()
        row = html[html.index(f'data-incident="{dup.pk}"') :].split("</tr>")[0]
        assert f'Merged into <a href="{url}">#{target.pk}</a>' in row, page
        other = html[html.index(f'data-incident="{dismissed.pk}"') :].split("</tr>")[0]
        assert ">Dismissed</span>" in other and "Merged into" not in other, page


def test_a_merged_duplicate_left_with_a_live_page_is_reported_and_the_merge_leaves_none(
    cluster, settings, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    """Both paged before the merge (each had a recommendation awaiting a person): after it, one live page."""
    from actions.models import PageState
    from actions.services import paging

    settings.RECOVERY_ALERTMANAGER_WEBHOOKS = ["http://127.0.0.1:9/pager"]
    target = make_incident(cluster, "i-0", "gpu-a-001", [])
    dup = make_incident(cluster, "i-1", "gpu-a-001", [])
    with django_capture_on_commit_callbacks():
        assert paging.trigger(dup, "xid 79 on gpu-a-001", NOW) and paging.trigger(target, "xid 79", NOW)
        merge_incident(dup, "i-0", NOW)
    assert dict(PageState.objects.values_list("incident_id", "state")) == {
        target.pk: "triggered",
        dup.pk: "resolved",
    }
    assert "merged_duplicate_pages_once" not in _names(cluster)
    PageState.objects.filter(incident=dup).update(state="triggered")  # as the old merge left it
    found = [v.detail for v in check_all(cluster, LATER) if v.name == "merged_duplicate_pages_once"]
    assert found == [
        f"{cluster.name}: incident #{dup.pk} was merged ('same root cause as incident #{target.pk}: merged') "
        f"but still holds a triggered page 'recovery/{cluster.name}/{dup.pk}': one root cause pages people twice"
    ]


def test_an_incident_recovered_while_its_job_stayed_failed_is_reported(cluster) -> None:  # type: ignore[no-untyped-def]
    make_nodes(cluster)
    make_job(cluster, "4101", "gpu-a-[001-004]")  # FAILED, never started again
    inc = make_incident(cluster, "i-r", "gpu-a-003", ["4101"], at=NOW)
    transition_incident(
        inc, IncidentStatus.RECOVERED, at=NOW + dt.timedelta(seconds=60), reason="node returned"
    )
    found = [v.detail for v in check_all(cluster, LATER) if v.name == "recovered_means_job_running"]
    assert found == [
        f"{cluster.name}: incident #{inc.pk} shows recovered, but job 4101 stayed FAILED (not restarted)"
    ]
    append_audit(  # a verification saw it running again: the contradiction is gone
        event=AuditEvent.VERIFICATION,
        at=NOW + dt.timedelta(seconds=90),
        cluster=cluster.name,
        incident_id=inc.pk,
        action="verify recovery",
        outcome="healthy",
        detail={
            "note": "job 4101 runs again on gpu-a-[001-002,004-005] (without gpu-a-003) and progressed to step 9"
        },
    )
    assert "recovered_means_job_running" not in _names(cluster)


def test_a_requeued_job_loses_no_more_gpu_hours_than_it_was_allocated(cluster) -> None:  # type: ignore[no-untyped-def]
    """Issue 23, defect 7: the job's latest run started after its requeue, but the GPU-hours it lost
    (since its checkpoint, through the wait) were allocated to it too; a job that never opted in
    counts in neither. ETTR stays in [0, 1] and /metrics exports the page's ratio."""
    from tests.integration.autonomy_helpers import OPT_IN

    make_nodes(cluster)
    hours = lambda h: NOW - dt.timedelta(hours=h)  # noqa: E731
    from monitoring.models import Job

    Job.objects.create(
        cluster=cluster,
        slurm_id="4101",
        name="llm",
        partition="batch",
        nodes="gpu-a-[001-002]",
        state="RUNNING",
        comment=OPT_IN,
        started_at=hours(0.2),
        last_checkpoint_at=hours(3),
        last_checkpoint_step=100,
    )
    Job.objects.create(  # not opted in: its incident is no part of the ratio
        cluster=cluster,
        slurm_id="4102",
        name="other",
        partition="batch",
        nodes="gpu-a-[003-004]",
        state="RUNNING",
        started_at=hours(0.2),
        last_checkpoint_at=hours(3),
    )
    for key, job in (("i-a", "4101"), ("i-b", "4102")):
        inc = make_incident(cluster, key, "gpu-a-001", [job], at=hours(2))
        append_audit(
            event=AuditEvent.VERIFICATION,
            at=hours(0.25),
            cluster=cluster.name,
            incident_id=inc.pk,
            action="verify recovery",
            outcome="healthy",
            detail={
                "note": f"job {job} runs again on gpu-a-[001-002] (without none) and progressed to step 9"
            },
        )
    names = ["ettr_in_range", "lost_within_allocated", "ettr_page_equals_metrics"]
    assert check_all(cluster, NOW, names) == []
    from actions.views.reports import DEFAULT_WINDOW, metrics_report

    (row,) = metrics_report(cluster, DEFAULT_WINDOW, NOW)["clusters"]
    gpus = 2 * cluster.gpus_per_node
    assert row["lost_gpu_hours"] == pytest.approx(gpus * 2.75, abs=1e-3)  # 1 h before the fault + 1.75 h wait
    assert row["allocated_gpu_hours"] == pytest.approx(gpus * 3.0, abs=1e-3)  # from its checkpoint on
    assert 0 <= row["ettr"] <= 1


def test_a_silence_made_after_the_drain_does_not_make_the_drain_a_violation(cluster, operator) -> None:  # type: ignore[no-untyped-def]
    """Soak seed 19: drained and requeued at t+300 s, the node silenced at t+576 s; approving the incident's
    reboot at t+616 s marked the incident silenced (and held the reboot). What ran before the window
    began ran outside it."""
    from incidents.models import Silence

    make_nodes(cluster)
    inc = make_incident(cluster, "i-1", "gpu-a-001", [])
    (rec,) = propose(inc, drain("gpu-a-001"))
    Recommendation.objects.filter(pk=rec.pk).update(executed_at=NOW)
    silence = Silence.objects.create(
        cluster=cluster,
        node="gpu-a-001",
        starts_at=NOW + dt.timedelta(seconds=1),
        ends_at=LATER,
        reason="maintenance",
        created_by="otto",
        created_at=NOW + dt.timedelta(seconds=1),
    )
    type(inc).objects.filter(pk=inc.pk).update(silenced_by=silence)
    assert "nothing_executed_while_silenced" not in _names(cluster)
    Recommendation.objects.filter(pk=rec.pk).update(executed_at=NOW + dt.timedelta(seconds=2))
    assert "nothing_executed_while_silenced" in _names(cluster)  # inside the window: found
    Silence.objects.filter(pk=silence.pk).update(node="gpu-a-002")  # another node's window: not this
    assert "nothing_executed_while_silenced" not in _names(cluster)


def test_an_incident_the_attribution_failed_on_is_an_every_incident_assessed_violation(cluster) -> None:  # type: ignore[no-untyped-def]
    make_nodes(cluster)
    make_incident(cluster, "i-1", "gpu-a-003", [])
    assert "every_incident_assessed" not in _names(cluster)
    inc = make_incident(cluster, "i-2", "", ["4101"])
    inc.category, inc.pattern, inc.culprit_node = "software", "assessment_failed", ""
    inc.save(update_fields=["category", "pattern", "culprit_node"])
    assert "every_incident_assessed" in _names(cluster)
