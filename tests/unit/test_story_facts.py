"""The incident's story is derived from its audit records and never contradicts them (issue 23, defect 6)."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace
from typing import Any

from incidents.story import incident_story, status_label

T0 = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC)
STATUS = {"open": "Open", "dismissed": "Dismissed", "recovered": "Recovered"}


def incident(status: str) -> Any:
    return SimpleNamespace(
        status=status,
        get_category_display=lambda: "GPU hardware",
        get_status_display=lambda: STATUS[status],
        culprit_label="gpu-a-003 GPU 3",
        pattern="xid:79",
        confidence=0.95,
        operator_verdict="",
        verification_note="",
        resolved_at=None,
    )


def audit(event: str, action: str, outcome: str, s: int, reason: str = "", actor: str = "") -> Any:
    return SimpleNamespace(
        event=event,
        action=action,
        outcome=outcome,
        at=T0 + dt.timedelta(seconds=s),
        actor=actor,
        detail={"reason": reason} if reason else {},
    )


def rec(action: str, status: str, job: str = "", node: str = "") -> Any:
    return SimpleNamespace(action=action, status=status, job=job, node=node, exclude=[])


def test_an_open_incident_after_drain_requeue_reboot_and_a_passed_check_says_what_ran() -> None:
    trail = [
        audit("execution", "drain_node gpu-a-003", "succeeded", 10),
        audit("execution", "requeue_job 4101", "succeeded", 12),
        audit("execution", "reboot_node gpu-a-003", "succeeded", 20),
        audit("verification", "reboot_node gpu-a-003", "new boot", 60),
        audit("verification", "reboot_node gpu-a-003", "returned", 70),
        audit(
            "status",
            "incident mitigating -> open",
            "open",
            80,
            "failed again while mitigating: job 4101 failed",
        ),
    ]
    story = incident_story(incident("open"), [], trail, [])
    assert "No recovery has run yet." not in story
    assert story[-1] == (
        "Carried out so far: drain of gpu-a-003; requeue of job 4101; reboot of gpu-a-003; "
        "reboot of gpu-a-003 (new boot); reboot of gpu-a-003 (returned); open again at 12:01:20: "
        "failed again while mitigating: job 4101 failed."
    )


def test_an_open_incident_nothing_ran_for_says_so() -> None:
    assert incident_story(incident("open"), [], [], [])[-1] == "No recovery has run yet."


def test_a_dismissed_incident_whose_recommendations_were_withdrawn_does_not_say_nothing_was_recommended() -> (
    None
):
    recs = [rec("drain_node", "superseded", node="gpu-a-003"), rec("requeue_job", "superseded", job="4101")]
    trail = [audit("status", "incident open -> dismissed", "dismissed", 30, "false alarm", actor="otto")]
    story = incident_story(incident("dismissed"), recs, trail, [])
    assert "Nothing was recommended." not in story
    assert story[1] == (
        "2 recommendations were withdrawn (drain of gpu-a-003, requeue of job 4101) when the incident was dismissed."
    )
    assert story[2] == "Dismissed as a false alarm by otto: false alarm."


def test_a_merged_duplicate_says_merged_into_which_incident_not_dismissed() -> None:
    inc = incident("dismissed")
    trail = [
        audit(
            "status", "incident open -> dismissed", "dismissed", 30, "same root cause as incident #7: merged"
        )
    ]
    story = incident_story(inc, [rec("requeue_job", "superseded", job="4102")], trail, [])
    assert story[-1] == "Merged into incident #7 at 12:00:30: the same root cause."
    assert not any("Dismissed" in s or "false alarm" in s for s in story)
    assert status_label(inc, trail) == "Merged into #7"
