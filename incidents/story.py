"""The incident in plain words: why a job was restarted (or not), what it was blamed on,
on what evidence, and whether it was healthy afterwards.

An operator paged at 3 a.m. should not have to read a state machine to answer those
questions, so this turns the incident, its recommendations and its audit records into a
few sentences. It only reads attributes (no queries, no clock), so it works the same on
rows fresh from the database and on objects built in a test; the template escapes it.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Sequence
from typing import Any

from monitoring.vocabulary import ActionKind

REQUEUE, DRAIN, NOTIFY, ESCALATE = (
    ActionKind.REQUEUE_JOB,
    ActionKind.DRAIN_NODE,
    ActionKind.NOTIFY,
    ActionKind.ESCALATE,
)
RAN_AGAIN = re.compile(r"runs again on (?P<nodes>\S+).*?progressed to step (?P<step>\d+)")
NOT_REQUEUED = re.compile(r"not requeued: (?P<why>.+)$")
NOT_RESTARTED = re.compile(r"^job \S+ \([^)]*\): (?P<what>.+); not restarted, a restart would repeat it$")
MERGED = re.compile(r"same root cause as incident #(?P<into>\d+): merged")
RAN = ("succeeded",)  # an execution record with this outcome: the action was carried out


NO_NODE = "no single node"


def blamed(category: str, where: str) -> str:
    """ "GPU hardware on gpu-a-003 GPU 3"; a fault of no single node is not "on no single node"."""
    return f"{category} on {where}" if where and where != NO_NODE else f"{category} ({NO_NODE})"


def _act_kind(kind: str, target: str) -> str:
    return target.removeprefix("job ") if kind == REQUEUE else target


def hms(at: dt.datetime | None) -> str:
    return at.astimezone(dt.UTC).strftime("%H:%M:%S") if at else "?"


def _exclude(rec: Any) -> str:
    return ", ".join(rec.exclude) if rec.exclude else ""


def blame_sentence(incident: Any, evidence: Sequence[str]) -> str:
    what = blamed(incident.get_category_display(), incident.culprit_label)
    head = f"Blamed on {what} (pattern {incident.pattern or 'unknown'}, confidence {incident.confidence:.2f})"
    if not evidence:
        return head + ", with no evidence lines kept."
    more = len(evidence) - 1
    tail = f" and {more} more line{'s' if more != 1 else ''}" if more else ""
    return f"{head} on the evidence “{evidence[0]}”{tail}."


def _who_decided(rec: Any) -> str:
    if rec.decided_by_id:
        return f"approved by {rec.decided_by.username}"
    return "executed automatically (auto mode)"


def requeue_sentence(rec: Any, because: str) -> str:
    job, without = rec.job, _exclude(rec)
    without_part = f" without {without}" if without else ""
    status = rec.status
    if status in ("succeeded", "executing"):
        return f"Job {job} was requeued{without_part} at {hms(rec.executed_at)} because {because}; {_who_decided(rec)}."
    if status == "awaiting_approval":
        return f"Job {job} will be requeued{without_part} once an operator approves (waiting since {hms(rec.created_at)})."
    if status == "approved":
        return f"Job {job} is about to be requeued{without_part}: {_who_decided(rec)}."
    if status == "proposed":
        return f"Job {job} would be requeued{without_part}, but the cluster is in monitor mode: nothing was executed."
    if status == "rejected":
        who = rec.decided_by.username if rec.decided_by_id else "an operator"
        comment = f": “{rec.decision_comment}”" if rec.decision_comment else ""
        return f"Not restarted: the requeue of job {job} was rejected by {who}{comment}."
    if status == "blocked":
        return f"Not restarted: the requeue of job {job} was blocked by a guardrail ({rec.blocked_reason})."
    if status == "expired":
        return f"Not restarted: the requeue of job {job} expired without a decision."
    if status == "failed":
        return f"The requeue of job {job} failed: {rec.result}."
    return f"The requeue of job {job} was superseded by a newer verdict."


def notify_sentence(rec: Any) -> str:
    text = rec.text or ""
    job = f"Job {rec.job}" if rec.job else "The job"
    told = "the owner was notified" if rec.status == "succeeded" else "the owner is to be notified"
    m = NOT_RESTARTED.match(text)
    if m:
        return f"{job} was not restarted: {m['what']}; a restart would repeat the failure, so {told}."
    m = NOT_REQUEUED.search(text)
    if m:
        return f"{job} was not restarted because {m['why']}; {told}."
    return f"{job}: {text}; {told}."


def drain_sentence(rec: Any) -> str:
    if rec.status == "succeeded":
        return f"Node {rec.node} was drained at {hms(rec.executed_at)}; {_who_decided(rec)}."
    if rec.status == "awaiting_approval":
        return f"Draining node {rec.node} waits for an operator's approval."
    if rec.status == "proposed":
        return f"Node {rec.node} would be drained, but the cluster is in monitor mode."
    return f"Draining node {rec.node}: {rec.get_status_display().lower()}."


def action_sentences(recs: Iterable[Any], because: str) -> list[str]:
    out = []
    for rec in recs:
        if rec.status == "superseded":
            continue
        if rec.action == REQUEUE:
            out.append(requeue_sentence(rec, because))
        elif rec.action == DRAIN:
            out.append(drain_sentence(rec))
        elif rec.action == NOTIFY:
            out.append(notify_sentence(rec))
        elif rec.action == ESCALATE:
            out.append(f"Escalated to people: {rec.text}.")
    return out


def _last(audit: Sequence[Any], event: str) -> Any | None:
    return next((a for a in reversed(audit) if a.event == event), None)


def outcome_sentence(incident: Any, audit: Sequence[Any]) -> str:
    status = incident.status
    verified = _last(audit, "verification")
    note = (verified.detail or {}).get("note", "") if verified else incident.verification_note
    at = hms(verified.at if verified else incident.resolved_at)
    if status == "recovered":
        m = RAN_AGAIN.search(note or "")
        if m:
            return f"It ran again on {m['nodes']} and progressed to step {m['step']} at {at}: healthy."
        return f"Verified at {at}: {note or 'the recovery worked'}: healthy."
    if status == "escalated":
        last = next((a for a in reversed(audit) if a.event == "status" and a.outcome == "escalated"), None)
        why = (
            ((last.detail or {}).get("reason", "") if last else "") or note or "no automatic recovery applies"
        )
        return f"Escalated to people at {hms(last.at if last else None)}: {why}."
    if status == "mitigating":
        return "Recovery issued; waiting to see the job make progress again."
    if status == "dismissed":
        last = _last(audit, "status")
        who = last.actor if last else "an operator"
        reason = (last.detail or {}).get("reason", "") if last else ""
        into = merged_into(incident, audit)
        if into is not None:
            return f"Merged into incident #{into} at {hms(last.at if last else None)}: the same root cause."
        return f"Dismissed as a false alarm by {who}" + (f": {reason}." if reason else ".")
    return open_sentence(audit)


def merged_into(incident: Any, audit: Sequence[Any]) -> int | None:
    """The incident a dismissed duplicate was merged into, from its last status record (None: not merged)."""
    if incident.status != "dismissed":
        return None
    last = _last(audit, "status")
    m = MERGED.search((last.detail or {}).get("reason", "") if last else "")
    return int(m["into"]) if m else None


def status_label(incident: Any, audit: Sequence[Any]) -> str:
    """The status badge: a merged duplicate says where it went, not "Dismissed"."""
    into = merged_into(incident, audit)
    return f"Merged into #{into}" if into is not None else incident.get_status_display()


NOUNS: dict[str, str] = {
    ActionKind.REQUEUE_JOB: "requeue of job",
    ActionKind.DRAIN_NODE: "drain of",
    ActionKind.NOTIFY: "notice to the owner of job",
    ActionKind.ESCALATE: "escalation about",
}


def act_words(kind: str, target: str) -> str:
    """An action as an operator says it: "requeue of job 4101", "drain of gpu-a-003", "reboot of gpu-a-003"."""
    noun = NOUNS.get(kind) or f"{kind.split('_')[0]} of"
    target = _act_kind(kind, target)
    return f"{noun} {target}".strip() if target else noun.removesuffix(" of").removesuffix(" job")


def carried_out(audit: Sequence[Any]) -> list[str]:
    """What was carried out for the incident, from its execution and verification records, oldest first."""
    out = []
    for a in audit:
        kind, _, target = a.action.partition(" ")
        if a.event == "execution" and a.outcome in RAN:
            out.append(act_words(kind, target))
        elif a.event == "verification" and a.outcome in ("new boot", "returned", "passed"):
            out.append(f"{act_words(kind, target)} ({a.outcome})")
    return out


def open_sentence(audit: Sequence[Any]) -> str:
    """Open: what already ran (never "nothing" when the audit says something did) and why it is open again."""
    ran = carried_out(audit)
    if not ran:
        return "No recovery has run yet."
    reopened = next((a for a in reversed(audit) if a.event == "status" and a.outcome == "open"), None)
    why = (reopened.detail or {}).get("reason", "") if reopened else ""
    head = f"Carried out so far: {'; '.join(ran)}"
    if reopened is None or not why:
        return head + "; not verified healthy yet."
    return f"{head}; open again at {hms(reopened.at)}: {why}."


def verdict_sentence(incident: Any, audit: Sequence[Any]) -> str:
    if not incident.operator_verdict:
        return ""
    marked = next(
        (a for a in reversed(audit) if a.event == "verdict" and a.action == "operator verdict"), None
    )
    who = f" by {marked.actor} at {hms(marked.at)}" if marked else ""
    word = "confirmed" if incident.operator_verdict == "confirmed" else "false"
    return f"The verdict was marked {word}{who}."


def withdrawn_sentence(incident: Any, recommendations: Sequence[Any], audit: Sequence[Any]) -> str:
    """Every recommendation was superseded: say what was recommended and why it was withdrawn."""
    what = ", ".join(act_words(r.action, r.job or r.node) for r in recommendations)
    n = len(recommendations)
    head = f"{n} recommendation{'s were' if n != 1 else ' was'} withdrawn ({what})"
    if merged_into(incident, audit) is not None:
        return f"{head}: the incident was merged."
    if incident.status == "dismissed":
        return f"{head} when the incident was dismissed."
    return f"{head}, superseded by a newer verdict."


def incident_story(
    incident: Any, recommendations: Sequence[Any], audit: Sequence[Any], evidence: Sequence[str]
) -> list[str]:
    """A few sentences, in the order an operator asks the questions."""
    because = f"of {blamed(incident.get_category_display(), incident.culprit_label)}"
    sentences = [blame_sentence(incident, evidence), *action_sentences(recommendations, because)]
    if not recommendations:
        sentences.append("Nothing was recommended.")
    elif not any(r.status != "superseded" for r in recommendations):
        sentences.append(withdrawn_sentence(incident, recommendations, audit))
    sentences.append(outcome_sentence(incident, audit))
    verdict = verdict_sentence(incident, audit)
    return [s for s in [*sentences, verdict] if s]
