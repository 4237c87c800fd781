"""What if: a recorded simulator stretch replayed with isolation raised to auto, against a hand count.

The live cluster ran in monitor mode (nothing executed); operators judged its incidents.
The hand count is read from the same records the replay reads: the live incidents and
their drain recommendations.
"""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from actions.models import Recommendation
from incidents.models import Incident
from incidents.services import mark_verdict
from monitoring.models import Job
from monitoring.sources.simulated import inject
from tests.conftest import _user, make_cluster
from tests.integration.sim_clock import T0, Clock
from tests.integration.stretch import build, stretch_record_dir, stretch_redis_ns

pytestmark = [pytest.mark.django_db, pytest.mark.redis]
CLOCK_WARMUP_S = 120  # long enough for the jobs to write a checkpoint


def _judged_stretch(clock: Clock) -> dict:  # type: ignore[type-arg]
    """Two hardware faults on two jobs' nodes, minutes apart; one confirmed, one marked false."""
    from django.contrib.auth import get_user_model

    users = {
        name: _user(get_user_model(), name, group) for name, group in (("otto", "operator"), ("ada", "admin"))
    }
    cluster = make_cluster()
    clock.run(cluster, CLOCK_WARMUP_S)
    jobs = list(
        Job.objects.filter(cluster=cluster, state="RUNNING").exclude(comment="").order_by("slurm_id")[:2]
    )
    assert len(jobs) == 2
    for job, kind in zip(jobs, ("xid79", "xid48"), strict=True):
        inject(cluster, kind, job.node_list[1], clock.now.timestamp())
        clock.run(cluster, 120)
    incidents = list(Incident.objects.filter(cluster=cluster).order_by("detected_at"))
    assert [i.culprit_node for i in incidents] == [j.node_list[1] for j in jobs]
    mark_verdict(incidents[0], users["otto"], "confirmed", clock.now)
    mark_verdict(incidents[1], users["otto"], "false", clock.now)
    return {
        "cluster": cluster.pk,
        "incidents": [i.pk for i in incidents],
        **{n: u.pk for n, u in users.items()},
    }


@pytest.fixture(scope="module")
def shared_stretch(django_db_setup, django_db_blocker, tmp_path_factory):  # type: ignore[no-untyped-def]
    """Built once for the module (tests/integration/stretch.py); every test gets its own copy."""
    yield from build(
        django_db_blocker, tmp_path_factory.mktemp("whatif"), _judged_stretch, T0, SIM_FAULT_MEAN_INTERVAL_S=0
    )


# The standing fixtures, taken from the shared stretch instead of built afresh.
redis_ns = stretch_redis_ns
record_dir = stretch_record_dir


@pytest.fixture
def cluster(db, shared_stretch):  # type: ignore[no-untyped-def]
    from monitoring.models import Cluster

    return Cluster.objects.get(pk=shared_stretch.pks["cluster"])


@pytest.fixture
def operator(db, shared_stretch):  # type: ignore[no-untyped-def]
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(pk=shared_stretch.pks["otto"])


@pytest.fixture
def admin_user(db, shared_stretch):  # type: ignore[no-untyped-def]
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(pk=shared_stretch.pks["ada"])


@pytest.fixture
def clock(shared_stretch, redis_ns, record_dir, settings, django_capture_on_commit_callbacks):  # type: ignore[no-untyped-def]
    settings.SIM_FAULT_MEAN_INTERVAL_S = 0
    return Clock(shared_stretch.now)


@pytest.fixture
def judged_stretch(shared_stretch, cluster, clock):  # type: ignore[no-untyped-def]
    return list(Incident.objects.filter(pk__in=shared_stretch.pks["incidents"]).order_by("detected_at"))


def _whatif(capsys, *args: str) -> dict:  # type: ignore[type-arg]
    call_command("whatif", "--cluster", "sim-t", "--since", "14d", "--json", *args)
    return json.loads(capsys.readouterr().out)


def test_whatif_with_isolation_in_auto_reports_the_drains_that_would_have_executed(
    judged_stretch, capsys
) -> None:  # type: ignore[no-untyped-def]
    drains = Recommendation.objects.filter(incident__in=judged_stretch, action="drain_node")
    hand = {(r.node, r.incident.operator_verdict) for r in drains}
    assert not Recommendation.objects.filter(
        executed_at__isnull=False
    ).exists()  # monitor mode: nothing ran live
    out = _whatif(capsys, "--isolation", "auto")
    executed = {
        (a["target"], a["verdict"])
        for a in out["actions"]
        if a["outcome"] == "executed" and a["action"] == "drain_node"
    }
    assert executed == hand
    s = out["summary"]
    assert (s["drains"], s["confirmed"], s["false"], s["blocked_drains"], s["actually_executed"]) == (
        2,
        1,
        1,
        0,
        0,
    )
    assert s["requeues"] == 0  # restart stays at the cluster's monitor level
    assert (s["missed"], s["new"]) == (0, 0)


def test_the_drain_rate_guardrail_blocks_the_second_drain_in_the_same_hour(judged_stretch, capsys) -> None:  # type: ignore[no-untyped-def]
    out = _whatif(capsys, "--isolation", "auto", "--max-drains-per-hour", "1")
    outcomes = [(a["action"], a["outcome"]) for a in out["actions"] if a["action"] == "drain_node"]
    assert outcomes == [("drain_node", "executed"), ("drain_node", "blocked")]
    assert "drain rate: 1 drains" in next(a["reason"] for a in out["actions"] if a["outcome"] == "blocked")


def test_in_monitor_mode_whatif_executes_nothing(judged_stretch, capsys) -> None:  # type: ignore[no-untyped-def]
    out = _whatif(capsys)
    assert out["summary"]["would_execute"] == 0
    assert {a["outcome"] for a in out["actions"]} == {"shown"}


def test_a_bad_threshold_is_refused_in_one_line(judged_stretch) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(CommandError, match="detectors: no_such=1"):
        call_command("whatif", "--cluster", "sim-t", "--set", "no_such=1")


def test_the_admin_page_says_what_isolation_in_auto_would_have_done(
    judged_stretch, client, admin_user, cluster
) -> None:  # type: ignore[no-untyped-def]
    client.force_login(admin_user)
    page = client.get(f"/clusters/{cluster.pk}/whatif/?isolation=auto&since=14d").content.decode()
    assert (
        "With isolation in auto for the last 14d: 2 drains, 0 requeues; 1 confirmed, 1 false, 0 unjudged."
        in page
    )


def test_the_what_if_page_is_refused_to_operators(judged_stretch, client, operator, cluster) -> None:  # type: ignore[no-untyped-def]
    client.force_login(operator)
    assert client.get(f"/clusters/{cluster.pk}/whatif/?isolation=auto").status_code == 403


# ---------------------------------------------------------------- readiness hears the replay


def _readiness(cluster, now):  # type: ignore[no-untyped-def]
    from actions.views.reports import cluster_readiness

    return {r.scope: r for r in cluster_readiness(cluster, now)}


def test_readiness_says_what_the_replay_one_rung_up_did_and_a_false_one_holds_it_back(
    judged_stretch, cluster, clock, monkeypatch
) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    from actions.evaluation import readiness

    monkeypatch.setattr(readiness, "MIN_JUDGED", 2)
    monkeypatch.setattr(readiness, "MIN_REPLAYED", 2)
    iso = _readiness(cluster, clock.now)["isolation"]
    assert iso.whatif == (
        "with isolation in approve over less than a day: 2 drains would have been put to an operator, "
        "1 confirmed, 1 false, 0 blocked by guardrails (2 recorded incidents)"
    )
    assert not iso.ready
    assert "the what-if replay at approve acts on 1 incident marked false" in iso.text


def test_readiness_is_ready_when_verdicts_and_replay_agree_and_a_new_false_verdict_is_heard_at_once(
    judged_stretch, cluster, clock, operator, monkeypatch
) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    from actions.evaluation import readiness

    monkeypatch.setattr(readiness, "MIN_JUDGED", 2)
    monkeypatch.setattr(readiness, "MIN_REPLAYED", 2)
    mark_verdict(judged_stretch[1], operator, "confirmed", clock.now)
    iso = _readiness(cluster, clock.now)["isolation"]
    assert iso.ready, iso.text
    assert iso.text == "isolation verdicts 2/2 confirmed over less than a day: ready for approve"
    assert "2 drains would have been put to an operator, 2 confirmed, 0 false" in iso.whatif
    mark_verdict(judged_stretch[0], operator, "false", clock.now)  # the cache must not hide this
    iso = _readiness(cluster, clock.now)["isolation"]
    assert not iso.ready and "acts on 1 incident marked false" in iso.text


def test_too_few_replayed_actions_keep_readiness_back_even_with_enough_verdicts(
    judged_stretch, cluster, clock, operator, monkeypatch
) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    from actions.evaluation import readiness

    monkeypatch.setattr(readiness, "MIN_JUDGED", 2)
    mark_verdict(judged_stretch[1], operator, "confirmed", clock.now)
    iso = _readiness(cluster, clock.now)["isolation"]
    assert not iso.ready
    assert iso.text == (
        "isolation verdicts 2/2 confirmed over less than a day: not ready for approve: "
        "the what-if replay at approve made 2 of the 5 actions it needs to vouch for it"
    )


def test_the_replay_is_cached_per_cluster_and_restart_gets_its_own_line(
    judged_stretch, cluster, clock, record_dir
) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    import shutil

    first = _readiness(cluster, clock.now)
    shutil.rmtree(record_dir)  # a second look within the cache period replays nothing
    again = _readiness(cluster, clock.now)
    assert again["isolation"].whatif == first["isolation"].whatif != ""
    assert again["restart"].whatif.startswith("with restart in approve over less than a day: ")
    assert first["remediation"].whatif == ""  # the replay does not decide remediation


def test_the_beat_task_keeps_the_replay_warm_so_a_page_load_replays_nothing(
    judged_stretch, cluster, clock, record_dir, operator
) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    import shutil

    from actions.tasks import refresh_readiness_whatif

    assert refresh_readiness_whatif() == 1
    shutil.rmtree(record_dir)  # the page can only be reading what the task kept
    iso = _readiness(cluster, clock.now)["isolation"]
    assert "2 drains would have been put to an operator, 1 confirmed, 1 false" in iso.whatif
    mark_verdict(judged_stretch[1], operator, "confirmed", clock.now)  # heard without a replay
    assert "2 confirmed, 0 false" in _readiness(cluster, clock.now)["isolation"].whatif
    cluster.max_drains_per_hour = 1  # another guardrail is another replay (and none is recorded now)
    cluster.save()
    assert (
        _readiness(cluster, clock.now)["isolation"].whatif
        == "isolation: no recorded stream to replay at approve"
    )


def test_a_long_record_is_never_replayed_inside_a_page_view_readiness_says_pending(
    judged_stretch, cluster, clock, record_dir, settings
) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    """Above the inline limit a cache miss queues the replay (by task name, once) and waits for it."""
    from recovery_site.celery import app

    settings.RECOVERY_READINESS_INLINE_MAX_BYTES = 1  # any record is "long"
    sent: list[tuple[str, tuple]] = []  # type: ignore[type-arg]
    old = app.conf.task_always_eager
    app.conf.task_always_eager = True  # the queued task runs here, as a worker would run it
    try:
        from celery.signals import task_prerun

        def seen(sender=None, args=None, **kw):  # type: ignore[no-untyped-def]
            sent.append((sender.name, tuple(args or ())))

        task_prerun.connect(seen)
        try:
            iso = _readiness(cluster, clock.now)["isolation"]
            again = _readiness(cluster, clock.now)["isolation"]  # computed by the queued task meanwhile
        finally:
            task_prerun.disconnect(seen)
    finally:
        app.conf.task_always_eager = old
    assert not iso.ready
    assert iso.whatif == "isolation: the what-if replay at approve is being computed in the background"
    assert "the what-if replay has not finished yet" in iso.text
    assert sent == [("actions.readiness.refresh_whatif", (cluster.pk,))]
    assert "2 drains would have been put to an operator, 1 confirmed, 1 false" in again.whatif
