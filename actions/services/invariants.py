"""Every named invariant checked against the live database for one cluster: ``check_invariants`` and the soak.

One registry, ``CHECKS``: each entry is a name and a function ``(cluster, now) -> list[str]`` that
reads what is stored (rows, the audit trail, the figures the pages and ``/metrics`` compute) and
returns one sentence per violation, naming what broke. Nothing here changes anything.

The node track, the restart budget and the storm breaker have their own checkers next to their
services (``node_invariants``, ``restarts.budget_violations``, ``storm.breaker_violations``); the
rest are written here from the models:

- ``ettr_in_range`` / ``lost_within_allocated`` / ``ettr_page_equals_metrics``: the recovery
  metrics of the page (``reports.metrics_report``) lie in [0, 1], lose no more GPU-hours than were
  allocated (the cluster, and each opted-in job of it, whose figures the cluster's add up), and
  ``/metrics`` exports the same ratio;
- ``open_incidents_add_up``: each open incident in exactly one of needs you / held / silenced /
  in hand (``lifecycle.attention``), as the overview tallies them;
- ``nothing_executed_for_closed_incident``: no recommendation started after its incident was
  dismissed (a merged duplicate is dismissed "merged into #N");
- ``nothing_automatic_while_held``: no mutating action the ladder approved (no person decided it)
  started while the cluster was back in monitor;
- ``every_resume_says_who_and_why``: each resume carried out has one audit record, with its
  actor and reason;
- ``nothing_executed_while_silenced``: nothing a maintenance window holds acted;
- ``merged_says_into_which``: a merged duplicate's story names the incident it was merged into;
- ``merged_duplicate_pages_once``: a merged duplicate holds no live page of its own (its page was
  carried to the incident it was merged into, or resolved at the merge);
- ``story_agrees_with_audit``: each incident's story, as its page shows it, never contradicts its
  audit records ("no recovery has run yet" after a drain, "nothing was recommended" after
  recommendations withdrawn, "Dismissed" for a merged duplicate);
- ``recovered_means_job_running``: no incident shows recovered while one of its jobs stayed down
  (failed, pending) since it was detected and was never verified running again;
- ``recommendation_history_follows_its_table`` / ``incident_history_follows_its_table``: each
  transition recorded is allowed by the pure tables (``actions.lifecycle.recommendation``,
  ``incidents.lifecycle``) for the actor who made it and the reason it gives, follows the one before
  it, and the history ends at the status the row shows; a recommendation is retried at most once;
- ``drain_rate_within_limit`` / ``partition_drained_within_limit`` / ``reboots_within_limit``:
  the guardrails' counts, in-flight actions included, never above their limits;
- ``no_action_carried_out_twice``: a drain, requeue, reboot or GPU reset a crash left executing
  is run again only when the reconciler asked the world and saw it not done, never "run again"
  blind as a notice is (issue 29: a reboot run again that way rebooted the node twice);
- ``every_incident_assessed``: the attribution reached a verdict for every incident it raised (one
  it failed on is stored as ``assessment_failed`` and escalated, never dropped: a rule that raised
  made every hang vanish from the replays without a word before that);
- ``audit_chain_verifies``: the chain ``manage.py verify_audit`` walks holds (the whole chain:
  it is one for every cluster);
- ``every_shown_incident_stored``: each incident the pipeline's saved memory shows is stored, with
  the same category (a verdict the pipeline holds and never emitted is one nobody sees).
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from actions.choices import (
    MUTATING_ACTIONS,
    REMEDIATION_IN_FLIGHT,
    ActionKind,
    RecStatus,
)
from actions.evaluation.recovery import lost_within_allocated
from actions.lifecycle import attention
from actions.lifecycle import recommendation as rec_life
from actions.models import PageState, Recommendation, RecommendationTransition, Remediation
from actions.services.autonomy import RELEASE_ACTION
from actions.services.exposition import registry
from actions.services.node_invariants import RESUME, node_track_violations
from actions.services.paging import ACKNOWLEDGED, TRIGGERED
from actions.services.reconcile import RUN_AGAIN_BLIND
from actions.services.reports import DEFAULT_WINDOW, metrics_report
from actions.services.restarts import budget_violations
from actions.services.standings import standings, with_needs_approval
from actions.services.storm import breaker_violations
from actions.services.verification import down_words, left_down, verified_running_of
from incidents import lifecycle as incident_life
from incidents import story as story_mod
from incidents.audit import verify_chain
from incidents.choices import INCIDENT_ACTIVE, AuditEvent, IncidentStatus
from incidents.models import AuditRecord, Incident, IncidentTransition, Silence
from incidents.silences import matches
from monitoring.models import Cluster, Job, Node
from monitoring.redis_store import key as redis_key
from monitoring.redis_store import peek_state

Check = Callable[[Cluster, dt.datetime], list[str]]
HOUR = dt.timedelta(hours=1)
LIVE_PAGE = (TRIGGERED, ACKNOWLEDGED)  # a page that still wakes or holds someone
EPS = 1e-6  # the figures are rounded to 3-4 places; a difference below this is rounding


@dataclass(frozen=True)
class Violation:
    name: str
    detail: str

    def __str__(self) -> str:
        return f"{self.name}: {self.detail}"


# ---------------------------------------------------------------- recovery metrics


def _page_figures(cluster: Cluster, now: dt.datetime) -> dict[str, object]:
    (row,) = metrics_report(cluster, DEFAULT_WINDOW, now)["clusters"]
    return row


def ettr_violations(cluster: Cluster, now: dt.datetime) -> list[str]:
    ettr = _page_figures(cluster, now)["ettr"]
    if ettr is None or 0.0 <= float(ettr) <= 1.0:  # type: ignore[arg-type]
        return []
    return [f"{cluster.name}: ETTR {ettr} is outside [0, 1]"]


def lost_violations(cluster: Cluster, now: dt.datetime) -> list[str]:
    """The cluster loses no more GPU-hours than it was allocated, and neither does any opted-in job of
    it (``recovery.lost_within_allocated``): a cluster's sums hide a requeued job that lost more than
    the others, and it is that job's accounting that put ETTR at 0 % (issue 23, defect 7)."""
    row = _page_figures(cluster, now)
    lost, allocated = float(row["lost_gpu_hours"]), float(row["allocated_gpu_hours"])  # type: ignore[arg-type]
    out = []
    if lost > allocated + EPS:
        out.append(
            f"{cluster.name}: {lost} GPU-hours lost but only {allocated} allocated "
            f"over the metrics page's window (ETTR {row['ettr']})"
        )
    jobs: dict[str, tuple[float, float]] = row["jobs"]  # type: ignore[assignment]
    out += [f"{cluster.name}: {why}" for why in lost_within_allocated(jobs, (allocated, lost))]
    return out


def exported_ettr(cluster: Cluster, now: dt.datetime) -> float | None:
    """The ratio ``/metrics`` exports for the cluster (None: absent, nothing allocated)."""
    for family in registry(now).collect():
        if family.name == "recovery_effective_training_time_ratio":
            for sample in family.samples:
                if sample.labels.get("cluster") == cluster.name:
                    return float(sample.value)
    return None


def metrics_agree_violations(cluster: Cluster, now: dt.datetime) -> list[str]:
    page, exported = _page_figures(cluster, now)["ettr"], exported_ettr(cluster, now)
    if page is None and exported is None:
        return []
    if page is not None and exported is not None and abs(float(page) - exported) <= EPS:  # type: ignore[arg-type]
        return []
    return [f"{cluster.name}: the metrics page shows ETTR {page}, /metrics exports {exported}"]


# ---------------------------------------------------------------- who has each open incident


def open_incident_violations(
    cluster: Cluster, now: dt.datetime, by_standing: Mapping[attention.Standing, Sequence[int]] | None = None
) -> list[str]:
    """The overview's tally (``dashboard.standings``) against the cluster's open incidents, counted apart."""
    active = Incident.objects.filter(cluster=cluster, status__in=list(INCIDENT_ACTIVE))
    open_ids = list(active.values_list("pk", flat=True))
    if by_standing is None:
        by_standing = standings(with_needs_approval(active))
    why = attention.open_incidents_add_up(open_ids, by_standing)
    return [f"{cluster.name}: {why}"] if why else []


# ---------------------------------------------------------------- what may execute


def closed_execution_violations(cluster: Cluster, now: dt.datetime) -> list[str]:
    """A recommendation started after its incident was dismissed (merged duplicates included)."""
    dismissed = dict(
        IncidentTransition.objects.filter(incident__cluster=cluster, new=IncidentStatus.DISMISSED)
        .order_by("at")
        .values_list("incident_id", "at")
    )
    if not dismissed:
        return []
    ran = Recommendation.objects.filter(
        cluster=cluster, incident_id__in=list(dismissed), executed_at__isnull=False
    ).values_list("pk", "action", "incident_id", "executed_at")
    return [
        f"{cluster.name}: recommendation #{pk} ({action}) executed at {at:%H:%M:%S} for incident "
        f"#{inc}, dismissed at {dismissed[inc]:%H:%M:%S}"
        for pk, action, inc, at in ran
        if at > dismissed[inc]
    ]


def held_spans(cluster: Cluster, now: dt.datetime) -> list[tuple[dt.datetime, dt.datetime]]:
    """When the cluster was back in monitor, from its audit trail (the last span open until ``now``)."""
    rows = AuditRecord.objects.filter(cluster=cluster.name, event=AuditEvent.AUTONOMY).order_by("seq")
    spans, since = [], None
    for at, action, detail in rows.values_list("at", "action", "detail"):
        detail = detail or {}
        on = detail.get("monitor_only") if "monitor_only" in detail else None
        if detail.get("field") == "monitor_only":
            on = str(detail.get("to")) == "True"
        elif action == RELEASE_ACTION:
            on = False
        if on is True and since is None:
            since = at
        elif on is False and since is not None:
            spans.append((since, at))
            since = None
    if since is not None:
        spans.append((since, now))
    return spans


def held_execution_violations(cluster: Cluster, now: dt.datetime) -> list[str]:
    """A mutating action no person decided, started while the cluster was held."""
    spans = held_spans(cluster, now)
    if not spans:
        return []
    ran = Recommendation.objects.filter(
        cluster=cluster,
        action__in=list(MUTATING_ACTIONS),
        decided_by__isnull=True,
        executed_at__isnull=False,
        executed_at__gt=spans[0][0],
    ).values_list("pk", "action", "executed_at")
    return [
        f"{cluster.name}: recommendation #{pk} ({action}) executed automatically at {at:%H:%M:%S} "
        f"while the cluster was back in monitor (since {lo:%H:%M:%S})"
        for pk, action, at in ran
        for lo, hi in spans
        if lo < at < hi
    ]


def silenced_execution_violations(cluster: Cluster, now: dt.datetime) -> list[str]:
    """A maintenance window holds an incident: nothing it proposed acts on the cluster while it lasts.

    Read from each silence's own window, not from the incident's mark: a silence made after a drain
    marks the incident silenced too (its later steps are held), and what ran before it began was no
    violation (soak seed 19 found the old check wrong on exactly that)."""
    out = []
    for silence in Silence.objects.filter(cluster=cluster).select_related("cluster"):
        until = min(silence.ends_at, silence.ended_early_at or silence.ends_at)
        ran = (
            Recommendation.objects.filter(
                cluster=cluster,
                action__in=list(MUTATING_ACTIONS),
                executed_at__gte=silence.starts_at,
                executed_at__lt=until,
            )
            .select_related("incident", "incident__cluster")
            .order_by("pk")
        )
        out += [
            f"{cluster.name}: recommendation #{rec.pk} ({rec.action}) executed for incident "
            f"#{rec.incident_id}, which silence #{silence.pk} held"
            for rec in ran
            if matches(silence, rec.incident)
        ]
    return out


MERGED_INTO = re.compile(r"same root cause as incident #(\d+): merged")


def merged_violations(cluster: Cluster, now: dt.datetime) -> list[str]:
    """A merged duplicate says "merged into #N", N an incident of the same cluster."""
    merged = IncidentTransition.objects.filter(
        incident__cluster=cluster, new=IncidentStatus.DISMISSED, reason__contains="merged"
    ).values_list("incident_id", "reason")
    if not merged:
        return []
    known = set(Incident.objects.filter(cluster=cluster).values_list("pk", flat=True))
    out = []
    for inc, reason in merged:
        m = MERGED_INTO.search(reason)
        if m is None or int(m.group(1)) not in known or int(m.group(1)) == inc:
            out.append(f"{cluster.name}: incident #{inc} was merged, but its story says {reason!r}")
    return out


def merged_page_violations(cluster: Cluster, now: dt.datetime) -> list[str]:
    """A merged duplicate pages once: after the merge its page is its incident's (carried over, or
    resolved when the incident has its own), so no live page is left on the duplicate."""
    merged = dict(
        IncidentTransition.objects.filter(
            incident__cluster=cluster, new=IncidentStatus.DISMISSED, reason__contains="merged"
        ).values_list("incident_id", "reason")
    )
    if not merged:
        return []
    live = PageState.objects.filter(incident_id__in=list(merged), state__in=LIVE_PAGE)
    return [
        f"{cluster.name}: incident #{inc} was merged ({merged[inc]!r}) but still holds a {state} page "
        f"{key!r}: one root cause pages people twice"
        for inc, state, key in live.values_list("incident_id", "state", "dedup_key").order_by("incident_id")
    ]


def resume_audit_violations(cluster: Cluster, now: dt.datetime) -> list[str]:
    """Every resume we carried out has one audit record, naming who and why."""
    rows = AuditRecord.objects.filter(
        event=AuditEvent.EXECUTION, cluster=cluster.name, action__startswith=RESUME, outcome="done"
    ).values_list("seq", "node", "at", "actor", "detail")
    out, seen = [], Counter[tuple[str, dt.datetime]]()
    for seq, node, at, actor, detail in rows:
        seen[(node, at)] += 1
        if not actor or not (detail or {}).get("reason"):
            out.append(f"{cluster.name}: resume of {node} (audit seq {seq}) does not say who and why")
    out += [
        f"{cluster.name}: resume of {node} at {at:%H:%M:%S} has {n} audit records"
        for (node, at), n in sorted(seen.items())
        if n > 1
    ]
    return out


# ---------------------------------------------------------------- the story tells the facts


def _trails(cluster: Cluster) -> dict[int, list[AuditRecord]]:
    out: dict[int, list[AuditRecord]] = defaultdict(list)
    rows = AuditRecord.objects.filter(cluster=cluster.name, incident_id__isnull=False).order_by("seq")
    for a in rows.only("seq", "incident_id", "event", "action", "outcome", "at", "actor", "detail"):
        out[a.incident_id].append(a)  # type: ignore[index]
    return out


def story_violations(cluster: Cluster, now: dt.datetime) -> list[str]:
    """Each incident's story (``incidents.story``) against its audit records and recommendations: never
    "no recovery has run" after something ran, never "nothing was recommended" when something was,
    and a merged duplicate says "merged into #N" (its badge too)."""
    trails = _trails(cluster)
    recs: dict[int, list[Recommendation]] = defaultdict(list)
    for r in (
        Recommendation.objects.filter(cluster=cluster)
        .select_related("decided_by")
        .order_by("created_at", "pk")
    ):
        recs[r.incident_id].append(r)
    out = []
    for inc in Incident.objects.filter(cluster=cluster).select_related("cluster"):
        trail, mine = trails.get(inc.pk, []), recs.get(inc.pk, [])
        story = story_mod.incident_story(inc, mine, trail, [])
        ran = story_mod.carried_out(trail)
        if ran and "No recovery has run yet." in story:
            out.append(f"incident #{inc.pk}: the story says no recovery has run, the audit says {ran[0]} did")
        if mine and "Nothing was recommended." in story:
            out.append(f"incident #{inc.pk}: the story says nothing was recommended, {len(mine)} were")
        last = next((a for a in reversed(trail) if a.event == AuditEvent.STATUS), None)
        m = MERGED_INTO.search(((last.detail or {}).get("reason", "") if last else "") or "")
        if inc.status == IncidentStatus.DISMISSED and m:
            want = f"Merged into #{m.group(1)}"
            if story_mod.status_label(inc, trail) != want or not any(
                f"incident #{m.group(1)}" in s for s in story
            ):
                out.append(f"incident #{inc.pk}: merged into #{m.group(1)}, but its page says {story[-1]!r}")
    return [f"{cluster.name}: {v}" for v in out]


def recovered_violations(cluster: Cluster, now: dt.datetime) -> list[str]:
    """ "Recovered" only after the job was verified running and progressing: never while one of the
    incident's jobs stayed down since it was detected (``verification.jobs_left_down``, read for all
    the recovered incidents in three queries)."""
    recovered = list(
        Incident.objects.filter(cluster=cluster, status=IncidentStatus.RECOVERED).exclude(jobs=[])
    )
    if not recovered:
        return []
    seen = verified_running_of([inc.pk for inc in recovered])
    ids = {str(j) for inc in recovered for j in inc.jobs}
    rows = list(
        Job.objects.filter(cluster=cluster, slurm_id__in=ids).values_list("slurm_id", "state", "started_at")
    )
    out = []
    for inc in recovered:
        down = left_down(inc, seen.get(inc.pk, set()), rows)
        if down:
            out.append(f"{cluster.name}: incident #{inc.pk} shows recovered, but {down_words(down)}")
    return out


# ---------------------------------------------------------------- histories follow the tables


def recommendation_history_violations(cluster: Cluster, now: dt.datetime) -> list[str]:
    """``lifecycle.recommendation.history_violations``: chained, each move allowed for who made it
    (only the controller claims, finishes or retries; only a person approves or rejects, saying
    why), at most one crash retry, ending at the status the row shows."""
    rows = RecommendationTransition.objects.filter(recommendation__cluster=cluster).order_by("pk")
    history = list(
        rows.values_list("recommendation_id", "old", "new", "actor", "reason", "recommendation__status")
    )
    shown = {pk: status for pk, *_, status in history}  # read with the history: one query, not two
    found = rec_life.history_violations([r[:5] for r in history], shown)
    return [f"{cluster.name}: {v}" for v in found]


def incident_history_violations(cluster: Cluster, now: dt.datetime) -> list[str]:
    """``incidents.lifecycle.history_violations``: chained, each change allowed for who made it (only
    the controller recovers, and dismisses only to merge), ending at the status the row shows."""
    rows = IncidentTransition.objects.filter(incident__cluster=cluster).order_by("pk")
    history = list(rows.values_list("incident_id", "old", "new", "actor", "reason", "incident__status"))
    shown = {pk: status for pk, *_, status in history}  # read with the history: one query, not two
    found = incident_life.history_violations([r[:5] for r in history], shown)
    return [f"{cluster.name}: {v}" for v in found]


# ---------------------------------------------------------------- guardrails


def _drain_times(cluster: Cluster) -> list[dt.datetime]:
    """What the drain-rate guardrail counts: our drains started (running or done) and operators' drains by hand."""
    ours = Recommendation.objects.filter(
        cluster=cluster,
        action=ActionKind.DRAIN_NODE,
        status__in=[RecStatus.SUCCEEDED, RecStatus.EXECUTING],
        executed_at__isnull=False,
    ).values_list("executed_at", flat=True)
    by_hand = AuditRecord.objects.filter(
        event=AuditEvent.EXECUTION,
        cluster=cluster.name,
        recommendation_id__isnull=True,
        action__startswith=f"{ActionKind.DRAIN_NODE} ",
        outcome="done",
    ).values_list("at", flat=True)
    return sorted([*ours, *by_hand])


def drain_rate_violations(cluster: Cluster, now: dt.datetime) -> list[str]:
    times, limit = _drain_times(cluster), cluster.max_drains_per_hour
    first = 0  # the oldest drain inside the hour up to times[i] (a sliding window: one pass)
    for i, at in enumerate(times):
        while times[first] <= at - HOUR:
            first += 1
        n = i - first + 1
        if n > limit:
            return [f"{cluster.name}: {n} drains in the hour up to {at:%H:%M:%S} (limit {limit} per hour)"]
    return []


def _over_share(counts: Counter[str], sizes: Mapping[str, int], pct: int) -> Iterable[tuple[str, int, int]]:
    for partition, n in sorted(counts.items()):
        size = sizes.get(partition, 0)
        if size and n * 100 > pct * size:
            yield partition, n, size


def partition_drained_violations(cluster: Cluster, now: dt.datetime) -> list[str]:
    rows = list(Node.objects.filter(cluster=cluster).values_list("partition", "drained_by_us"))
    sizes = Counter(p for p, _ in rows)
    ours = Counter(p for p, drained in rows if drained)
    pct = cluster.max_partition_drained_pct
    return [
        f"{cluster.name}: {n} of {size} nodes of partition {p or '(none)'} drained by the controller "
        f"(limit {pct}%)"
        for p, n, size in _over_share(ours, sizes, pct)
    ]


def reboot_violations(cluster: Cluster, now: dt.datetime) -> list[str]:
    in_flight = Remediation.objects.filter(cluster=cluster, state__in=list(REMEDIATION_IN_FLIGHT))
    partitions = list(in_flight.values_list("partition", flat=True))
    if not partitions:
        return []  # nothing in flight: no count can be over its limit
    n, limit = len(partitions), cluster.max_reboots_in_flight
    out = [f"{cluster.name}: {n} reboots in flight (limit {limit} per cluster)"] if n > limit else []
    sizes = Counter(Node.objects.filter(cluster=cluster).values_list("partition", flat=True))
    pct = cluster.max_partition_rebooting_pct
    rebooting = Counter(partitions)
    out += [
        f"{cluster.name}: {k} of {size} nodes of partition {p or '(none)'} rebooting (limit {pct}%)"
        for p, k, size in _over_share(rebooting, sizes, pct)
    ]
    return out


def carried_out_twice_violations(cluster: Cluster, now: dt.datetime) -> list[str]:
    blind = RecommendationTransition.objects.filter(
        recommendation__cluster=cluster,
        recommendation__action__in=list(MUTATING_ACTIONS),
        old=RecStatus.EXECUTING,
        new=RecStatus.APPROVED,
        reason__contains=RUN_AGAIN_BLIND,
    ).select_related("recommendation")
    return [
        f"{t.recommendation} (#{t.recommendation_id}) run again at {t.at.isoformat()} without asking the "
        f"world whether it was done: {t.reason}"
        for t in blind
    ]


# ---------------------------------------------------------------- the attribution


def unassessed_violations(cluster: Cluster, now: dt.datetime) -> list[str]:
    rows = Incident.objects.filter(cluster=cluster, pattern="assessment_failed").values_list("pk", "key")[:5]
    return [
        f"incident #{pk} ({key}): the attribution failed on it (its evidence says why)" for pk, key in rows
    ]


# ---------------------------------------------------------------- the audit trail


def audit_chain_violations(cluster: Cluster, now: dt.datetime) -> list[str]:
    report = verify_chain()
    if report.ok:
        return []
    return [f"audit chain broken after {report.checked} good records: {report.problem}"]


# ---------------------------------------------------------------- what the pipeline shows


def shown_stored_violations(cluster: Cluster, now: dt.datetime) -> list[str]:
    """Each incident the cluster's saved working memory shows (``Pipeline.incidents``: its hold over, not
    withdrawn, not folded into another) is stored, under its key and with its verdict's category. An
    incident the pipeline shows and never emitted is one no operator sees until something else about it
    changes (stop 62: a hold that ended on a tick with nothing new was emitted only at the next change)."""
    from actions.pipeline import Pipeline

    mine, raw = peek_state(redis_key("pipeline", cluster.state_id))
    if isinstance(mine, Pipeline):
        pipeline = mine
    elif raw:
        try:
            pipeline = Pipeline.from_state(json.loads(raw))
        except Exception:  # noqa: BLE001 - an unreadable state is the tick's to report, not this check's
            return []
    else:
        return []
    shown = {u.key: u.category for u in pipeline.incidents() if u.category and not u.superseded_by}
    stored = dict(
        Incident.objects.filter(cluster=cluster, key__in=list(shown)).values_list("key", "category")
    )
    out = []
    for k, category in shown.items():
        if k not in stored:
            out.append(f"{cluster.name}: incident {k} ({category}) shown by the pipeline and never stored")
        elif stored[k] != category:
            out.append(f"{cluster.name}: incident {k} is {category} in the pipeline, {stored[k]} as stored")
    return out


# ---------------------------------------------------------------- the registry

CHECKS: dict[str, Check] = {
    "node_track": lambda c, now: node_track_violations(c),
    "every_resume_says_who_and_why": resume_audit_violations,
    "restart_budget": lambda c, now: budget_violations(c),
    "storm_breaker": breaker_violations,
    "ettr_in_range": ettr_violations,
    "lost_within_allocated": lost_violations,
    "ettr_page_equals_metrics": metrics_agree_violations,
    "open_incidents_add_up": open_incident_violations,
    "nothing_executed_for_closed_incident": closed_execution_violations,
    "nothing_automatic_while_held": held_execution_violations,
    "nothing_executed_while_silenced": silenced_execution_violations,
    "merged_says_into_which": merged_violations,
    "merged_duplicate_pages_once": merged_page_violations,
    "story_agrees_with_audit": story_violations,
    "recovered_means_job_running": recovered_violations,
    "recommendation_history_follows_its_table": recommendation_history_violations,
    "incident_history_follows_its_table": incident_history_violations,
    "drain_rate_within_limit": drain_rate_violations,
    "partition_drained_within_limit": partition_drained_violations,
    "reboots_within_limit": reboot_violations,
    "no_action_carried_out_twice": carried_out_twice_violations,
    "every_incident_assessed": unassessed_violations,
    "audit_chain_verifies": audit_chain_violations,
    "every_shown_incident_stored": shown_stored_violations,
}
INVARIANT_NAMES: tuple[str, ...] = tuple(CHECKS)


def check_all(cluster: Cluster, now: dt.datetime, names: Iterable[str] | None = None) -> list[Violation]:
    """Every invariant (or only ``names``) against the database, for one cluster; [] when all hold."""
    cluster.refresh_from_db()
    out: list[Violation] = []
    for name in INVARIANT_NAMES if names is None else names:
        out += [Violation(name, line) for line in CHECKS[name](cluster, now)]
    return out
