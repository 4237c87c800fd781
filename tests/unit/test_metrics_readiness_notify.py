"""Pure parts of recovery metrics, readiness, audit filters/exports and webhooks: exact values."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest

from actions.evaluation import metrics, readiness
from actions.evaluation.readiness import Tally

T0 = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)


def at(seconds: float) -> dt.datetime:
    return T0 + dt.timedelta(seconds=seconds)


# ---------------------------------------------------------------- metrics


def test_every_metric_of_a_constructed_timeline_is_exact() -> None:
    # given a fault at 10:00:00, detected 40 s later, approved after 90 s, issued 2 s after that,
    # healthy again at 10:05:00, and 40 steps done since the checkpoint
    t = metrics.Timeline(
        detected_at=at(40),
        first_signal_at=at(0),
        first_action_at=at(132),
        awaiting_since=at(40),
        decided_at=at(130),
        resumed_at=at(300),
        step_at_fault=1240,
        checkpoint_step=1200,
    )
    # when / then
    assert metrics.compute(t) == metrics.IncidentMetrics(
        detection_latency_s=40.0,
        action_latency_s=92.0,
        approval_wait_s=90.0,
        time_to_resume_s=300.0,
        lost_steps=40,
    )


def test_without_a_first_signal_the_evidence_time_is_the_fault_and_nothing_else_is_invented() -> None:
    t = metrics.Timeline(detected_at=at(100), evidence_signal_at=at(8))
    assert metrics.compute(t) == metrics.IncidentMetrics(92.0, None, None, None, None)
    assert metrics.fault_time(t) == at(8)


def test_with_no_signal_at_all_detection_latency_is_unknown_and_resume_counts_from_detection() -> None:
    t = metrics.Timeline(detected_at=at(100), resumed_at=at(160))
    assert (metrics.compute(t).detection_latency_s, metrics.compute(t).time_to_resume_s) == (None, 60.0)


def test_a_clock_running_backwards_gives_no_number_rather_than_a_negative_one() -> None:
    assert metrics.seconds(at(10), at(5)) is None


def test_a_hang_evidence_line_dates_the_fault_and_names_the_step() -> None:
    lines = [
        "collective timeout: rank(s) 19 on gpu-a-003 never reported",
        "job 4101: no progress for 92 s since step 11960 (threshold 92 s = max(5 x median interval 18.3 s, 30 s))",
    ]
    assert metrics.signal_from_evidence(at(100), lines) == (at(8), 11960)
    assert metrics.signal_from_evidence(at(100), ["nothing here"]) == (None, None)


def test_the_requeue_text_is_the_snapshot_of_progress_at_the_fault() -> None:
    loses = "requeue from step 1200 excluding gpu-a-003; a restart loses 40 steps since the checkpoint at step 1200 (about 80 s of training)"
    assert metrics.progress_from_text([loses]) == (1240, 1200)
    assert metrics.progress_from_text(
        ["no checkpoint seen: a restart starts over and loses all 300 steps; needs an operator's approval"]
    ) == (300, 0)
    assert metrics.progress_from_text(["requeue from step 900 excluding gpu-a-001"]) == (None, 900)
    assert metrics.progress_from_text(["requeue excluding no node"]) == (None, None)


def test_summaries_use_known_values_only() -> None:
    assert metrics.summarise([10, None, 20, 30, 40]) == {
        "count": 4,
        "mean": 25.0,
        "median": 25.0,
        "p90": 37.0,
        "max": 40.0,
    }
    assert metrics.summarise([None]) == {"count": 0, "mean": None, "median": None, "p90": None, "max": None}
    rows = [
        metrics.IncidentMetrics(10.0, 20.0, None, 100.0, 5),
        metrics.IncidentMetrics(30.0, None, None, 300.0, 15),
    ]
    agg = metrics.aggregate(rows)
    assert agg["detection_latency_s"]["median"] == 20.0
    assert agg["approval_wait_s"]["count"] == 0
    assert agg["lost_steps"] == {"count": 2, "mean": 10.0, "median": 10.0, "p90": 14.0, "max": 15.0}
    # the metrics page aggregates stored values (dicts, a metric may be missing) without making
    # IncidentMetrics of them (issue 14): the same summary; as_dict is asdict's dict
    values = [r.as_dict() | {"cluster": "c", "lost_gpu_hours": 1.5} for r in rows]
    del values[1]["action_latency_s"]
    assert metrics.aggregate_values(values) == agg
    assert rows[0].as_dict() == dataclasses.asdict(rows[0])
    assert list(rows[0].as_dict()) == list(metrics.METRIC_NAMES)


# ---------------------------------------------------------------- readiness


def test_a_perfect_record_of_enough_verdicts_is_ready_for_the_next_level() -> None:
    r = readiness.assess("isolation", "action", Tally(41, 41), 14.2, "monitor")
    assert (r.ready, r.next_level) == (True, "approve")
    assert r.text == "isolation verdicts 41/41 confirmed over 14 days: ready for approve"


def test_too_few_verdicts_say_how_many_more_are_needed() -> None:
    r = readiness.assess("restart", "action", Tally(12, 12, unjudged=3), 3.5, "approve")
    assert not r.ready
    assert r.text == (
        "restart verdicts 12/12 confirmed over 3 days (3 not yet judged): "
        "not ready for auto: needs 8 more judged verdicts (at least 20)"
    )


def test_low_precision_says_which_verdicts_to_look_at() -> None:
    r = readiness.assess("xid", "detector", Tally(21, 19), 14, "monitor")
    assert r.text == (
        "xid verdicts 19/21 confirmed over 14 days: not ready for approve: "
        "90% confirmed is below 95%: look into the 2 false verdicts first"
    )


def test_exactly_twenty_at_exactly_ninety_five_percent_is_ready() -> None:
    assert readiness.assess("hang", "detector", Tally(20, 19), 2, "monitor").ready is True
    assert readiness.assess("hang", "detector", Tally(19, 19), 2, "monitor").ready is False


def test_no_judged_verdicts_and_the_top_level_are_said_plainly() -> None:
    none = readiness.assess("restart", "action", Tally(), 0.2, "monitor")
    assert none.text == (
        "restart: no judged verdicts over less than a day: not ready for approve; mark incidents "
        "confirmed or false on their pages (at least 20 judged, 95% of them confirmed)"
    )
    waiting = readiness.assess("restart", "action", Tally(unjudged=2), 3, "monitor")
    assert waiting.text.startswith(
        "restart: no judged verdicts over 3 days (2 not yet judged): not ready for approve; "
    )
    top = readiness.assess("isolation", "action", Tally(30, 30), 1, "auto")
    assert (top.ready, top.text) == (
        False,
        "isolation verdicts 30/30 confirmed over 1 day: already at auto, the highest level",
    )


def test_assess_all_groups_by_action_kind_and_detector() -> None:
    rows = [
        ("xid:79", ["drain_node", "requeue_job"], "confirmed"),
        ("xid:48", ["drain_node"], "false"),
        ("hang", ["notify"], ""),
        ("nccl_watchdog", ["requeue_job", "requeue_job"], "confirmed"),
    ]
    got = {r.scope: r.tally for r in readiness.assess_all(rows, 5, {"restart": "approve"}, "monitor")}
    assert got.pop("remediation") == readiness.Tally(judged=0, confirmed=0)  # no reboot was judged
    assert got == {
        "isolation": Tally(2, 1, 0),
        "restart": Tally(2, 2, 0),
        "hang": Tally(0, 0, 1),
        "nccl_watchdog": Tally(1, 1, 0),
        "xid": Tally(2, 1, 0),
    }
    levels = {r.scope: r.level for r in readiness.assess_all(rows, 5, {"restart": "approve"}, "monitor")}
    assert (levels["isolation"], levels["restart"], levels["xid"]) == ("monitor", "approve", "monitor")


# ---------------------------------------------------------------- audit filters and export cells


def test_time_bounds_read_as_utc_and_include_the_whole_unit_given() -> None:
    from incidents.audit.filters import parse_time

    assert parse_time("2026-11-29", upper=False) == dt.datetime(2026, 11, 29, tzinfo=dt.UTC)
    assert parse_time("2026-11-29", upper=True) == dt.datetime(2026, 11, 30, tzinfo=dt.UTC)
    assert parse_time("2026-11-29T10:05", upper=True) == dt.datetime(2026, 11, 29, 10, 6, tzinfo=dt.UTC)
    assert parse_time("2026-11-29 10:05:30", upper=True) == dt.datetime(
        2026, 11, 29, 10, 5, 31, tzinfo=dt.UTC
    )
    assert parse_time("2026-11-29T11:05+01:00", upper=False) == dt.datetime(
        2026, 11, 29, 10, 5, tzinfo=dt.UTC
    )
    assert parse_time("2026-11-29T10:05Z", upper=False) == dt.datetime(2026, 11, 29, 10, 5, tzinfo=dt.UTC)
    with pytest.raises(ValueError):
        parse_time("yesterday", upper=False)


def test_bad_filters_are_reported_not_widened() -> None:
    from incidents.audit.filters import parse_filters

    f = parse_filters({"incident": "abc", "from": "soon", "job": "4101", "workload": "ignored-alias"})
    assert f.exact == {"workload": "4101"}
    assert f.active == {"job": "4101"}
    assert f.errors == [
        "incident must be a number, not 'abc'",
        "from must be a date or date-time like 2026-11-29 or 2026-11-29T10:05, not 'soon'",
    ]
    assert parse_filters({"incident_id": "#7"}).exact == {"incident_id": "7"}


@pytest.mark.parametrize("cell", ['=HYPERLINK("http://x")', "+1", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd"])
def test_formula_cells_are_neutralised(cell: str) -> None:
    from incidents.audit.export import neutralise

    assert neutralise(cell) == "'" + cell


def test_plain_cells_are_left_alone() -> None:
    from incidents.audit.export import neutralise

    assert neutralise("gpu-a-003") == "gpu-a-003"
    assert neutralise("") == ""


# ---------------------------------------------------------------- webhooks


def test_webhooks_parse_with_formats_and_slack_urls_get_slack_payloads() -> None:
    from actions.services.notify import Webhook, parse_webhooks

    assert parse_webhooks("") == []
    assert parse_webhooks(
        "https://hooks.slack.com/services/T/B/x, json=http://127.0.0.1:9/a,slack=http://127.0.0.1:9/b"
    ) == [
        Webhook("https://hooks.slack.com/services/T/B/x", "slack"),
        Webhook("http://127.0.0.1:9/a", "json"),
        Webhook("http://127.0.0.1:9/b", "slack"),
    ]
    assert parse_webhooks("http://127.0.0.1:9/q?a=b") == [Webhook("http://127.0.0.1:9/q?a=b", "json")]
    with pytest.raises(ValueError, match="unknown format 'teams'"):
        parse_webhooks("teams=http://127.0.0.1:9/")
    with pytest.raises(ValueError, match="not an http"):
        parse_webhooks("ftp://127.0.0.1/")


def test_backoff_doubles_from_the_base() -> None:
    from actions.services.notify import backoff_s

    assert [backoff_s(n, base=10) for n in (1, 2, 3, 4)] == [10, 20, 40, 80]


def test_the_slack_payload_is_one_text_line_and_json_is_the_message() -> None:
    from actions.services.notify import build_message, payload

    msg = build_message(
        "awaiting_approval",
        cluster="sim-a",
        text="Drain node gpu-a-003 awaits approval",
        incident=7,
        recommendation=9,
        url="https://rc.example/incidents/7/",
        at=T0,
    )
    assert payload(msg, "slack") == {
        "text": "[sim-a] Awaiting approval: Drain node gpu-a-003 awaits approval <https://rc.example/incidents/7/|incident #7>"
    }
    assert payload(msg, "json") == {
        "kind": "awaiting_approval",
        "cluster": "sim-a",
        "incident": 7,
        "recommendation": 9,
        "text": "Drain node gpu-a-003 awaits approval",
        "url": "https://rc.example/incidents/7/",
        "at": "2026-11-29T10:00:00+00:00",
    }


# ---------------------------------------------------------------- readiness with the what-if replay


def _ready_isolation() -> readiness.Readiness:
    return readiness.assess("isolation", "action", readiness.Tally(20, 20, 0), 14, "monitor")


def test_a_replay_that_acted_on_a_false_incident_makes_ready_not_ready() -> None:
    w = readiness.WhatIf(level="approve", days=14, acted=23, confirmed=22, false=1, blocked=2, incidents=30)
    r = readiness.with_whatif(_ready_isolation(), w)
    assert not r.ready
    assert r.text == (
        "isolation verdicts 20/20 confirmed over 14 days: not ready for approve: "
        "the what-if replay at approve acts on 1 incident marked false"
    )
    assert r.whatif == (
        "with isolation in approve over the last 14 days: 23 drains would have been put to an operator, "
        "22 confirmed, 1 false, 2 blocked by guardrails (30 recorded incidents)"
    )


def test_a_clean_replay_with_enough_actions_keeps_ready_and_says_what_it_saw() -> None:
    w = readiness.WhatIf(level="auto", days=14, acted=5, confirmed=5, false=0, blocked=0, incidents=8)
    r = readiness.with_whatif(_ready_isolation(), w)
    assert r.ready and r.text.endswith(": ready for approve")
    assert r.whatif.startswith("with isolation in auto over the last 14 days: 5 drains would have executed")


def test_a_replay_with_too_few_actions_or_none_at_all_holds_readiness_back() -> None:
    few = readiness.WhatIf(level="approve", days=1, acted=4, confirmed=4, false=0, blocked=0, incidents=4)
    assert not readiness.with_whatif(_ready_isolation(), few).ready
    none = readiness.with_whatif(_ready_isolation(), None)
    assert not none.ready and "no what-if replay" in none.text


def test_without_a_replay_asked_for_readiness_is_the_verdicts_alone() -> None:
    out = readiness.assess_all([("xid:79", ["drain_node"], "confirmed")] * 20, 14, {}, "monitor")
    assert next(r for r in out if r.scope == "isolation").ready
    out = readiness.assess_all([("xid:79", ["drain_node"], "confirmed")] * 20, 14, {}, "monitor", whatif={})
    assert not next(r for r in out if r.scope == "isolation").ready
    assert next(r for r in out if r.scope == "xid").ready  # detectors are judged by verdicts only
