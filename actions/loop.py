"""One analyser tick for one cluster: collect → detect/attribute → decide → act → verify.

A per-cluster Redis lock keeps one analyser per cluster at a time on any worker.
The pure pipeline's memory is loaded from Redis, fed the events collected since
the last tick, and saved back; its verdicts become incidents and recommendations.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
from dataclasses import dataclass, replace
from typing import Any

from django.db import connection, transaction
from django.db.models.functions import Length

from actions.pipeline import IncidentUpdate, Pipeline
from actions.services import heartbeat, restarts, sweeps
from actions.services.actionable import release_ended_silences, settle_closed_incidents
from actions.services.overtaken import supersede_overtaken
from actions.services.recommendations import merge_incident, sync_recommendations
from actions.services.reconcile import reconcile_actions
from actions.services.record import record_tick
from actions.services.remediation import verify_remediations
from actions.services.returns import auto_return_nodes
from actions.services.storm import check_storm_breaker
from actions.services.verification import reopen_failed_restarts, verify_mitigations
from incidents.attribution.incident import fault_fingerprint
from incidents.audit import append_audit, audit_batch
from incidents.choices import AuditEvent
from incidents.services import apply_incident_update, same_faults
from incidents.site_rules import rule_set_for
from monitoring.controller_state import note_tick_ok, tick_start
from monitoring.detectors.hostlist import expand
from monitoring.detectors.schema import HistoryEntry, JobSpec
from monitoring.locks import holding
from monitoring.models import Cluster, ControllerState
from monitoring.prepared import CLUSTER_ID, Prepared, model_rows
from monitoring.redis_store import key, load_state, save_state
from monitoring.services import sync_inventory
from monitoring.sources import JobView, Source
from monitoring.sources.registry import open_source
from monitoring.telemetry.store import record_samples

log = logging.getLogger(__name__)


@dataclass
class TickReport:
    events: int
    updates: int
    recovered: int
    # Our drained nodes or reboots in flight, or a sweep changed something: verify_remediations runs.
    remediations_due: bool = True


def job_spec(j: JobView) -> JobSpec:
    return JobSpec(
        id=j.id,
        name=j.name,
        user=j.user,
        nodes=tuple(expand(j.nodes)),
        tasks_per_node=j.tasks_per_node,
        started=j.started,
        comment=j.comment,
        partition=j.partition,
    )


def _history(cluster: Cluster) -> list[HistoryEntry]:
    """Earlier verdicts that blamed a node: "this node keeps showing up"."""
    from incidents.models import Incident

    rows = Incident.objects.filter(cluster=cluster).exclude(culprit_node="").exclude(operator_verdict="false")
    return [
        HistoryEntry(
            at=r.detected_at.timestamp(), node=r.culprit_node, verdict="suspect", category=r.category
        )
        for r in rows.order_by("-detected_at")[:500]
    ]


def load_pipeline(cluster: Cluster, source: Source, now: dt.datetime | None = None) -> Pipeline:
    pipeline = _restore_pipeline(cluster)
    if pipeline is None:
        jobs = [job_spec(j) for j in source.jobs() if j.state in ("RUNNING", "PENDING")]
        pipeline = Pipeline(source.cluster_spec(), jobs, _history(cluster))
        if now is not None:
            note_lost_memory(cluster, now)
    # Incident identity comes from the database: a new verdict never reuses an old key.
    pipeline.reserve_keys(highest_incident_number(cluster))
    # The site rules too: the database's, every tick, whatever a saved state said (a change of
    # rules reaches a pipeline restored from a state saved under the old ones).
    pipeline.use_site_rules(rule_set_for(cluster))
    return pipeline


def _restore_pipeline(cluster: Cluster) -> Pipeline | None:
    mine, raw = load_state(key("pipeline", cluster.state_id))
    if isinstance(mine, Pipeline):
        return mine  # the one this worker saved at its last tick, and nobody saved since
    if raw:
        try:
            return Pipeline.from_state(json.loads(raw))
        except Exception:  # a state from an older version: start afresh rather than stop watching
            log.warning("cluster %s: pipeline state unreadable, starting fresh", cluster.name, exc_info=True)
    return None


def _highest_keys(cluster_id: int) -> Any:
    from incidents.models import Incident

    return (
        Incident.objects.filter(cluster_id=cluster_id, key__startswith="i-")
        .annotate(n=Length("key"))
        .order_by("-n", "-key")
        .values_list("key")[:20]
    )


_HIGHEST_KEYS = Prepared(_highest_keys, CLUSTER_ID)  # built once a process (issue 26)


def highest_incident_number(cluster: Cluster) -> int:
    """The largest N among this cluster's incident keys ``i-N`` (0 when none)."""
    for (k,) in _HIGHEST_KEYS.rows(cluster.pk):
        if k[2:].isdigit():
            return int(k[2:])
    return 0


def note_lost_memory(cluster: Cluster, now: dt.datetime) -> None:
    """The pipeline's memory was gone (Redis restarted empty): say so in the audit trail."""
    state = ControllerState.objects.filter(cluster=cluster).first()
    if state is None or state.last_tick_at is None:
        return  # the first tick ever: nothing was lost
    append_audit(
        event=AuditEvent.CONTROLLER,
        at=now,
        actor=None,
        cluster=cluster.name,
        action="resume",
        outcome="lost working memory",
        detail={
            "what": "the detectors' working memory (Redis) was empty; rebuilt from the scheduler and the database",
            "last_tick_at": state.last_tick_at.isoformat(),
            "resumed_from": "collector offsets and cursors in the database; incident keys above the highest recorded",
        },
    )


def save_pipeline(cluster: Cluster, pipeline: Pipeline) -> None:
    """Store the pipeline's memory; ``pipeline`` is handed over (not to be changed afterwards)."""
    save_state(
        key("pipeline", cluster.state_id), json.dumps(pipeline.to_state(), separators=(",", ":")), pipeline
    )


_CLUSTERS = model_rows(Cluster, lambda cluster_id: Cluster.objects.filter(pk=cluster_id), CLUSTER_ID)


def _cluster(cluster_id: int) -> Cluster:
    """``Cluster.objects.get(pk=cluster_id)``, from SQL built once a process (issue 26)."""
    found = _CLUSTERS(cluster_id)
    if not found:
        raise Cluster.DoesNotExist(f"cluster {cluster_id} does not exist")
    return found[0]


def run_cluster_tick(cluster_id: int, now: dt.datetime) -> TickReport | None:
    """Run one tick unless another worker is already analysing this cluster."""
    # A short lock renewed while the tick runs: a tick killed mid-way frees it within seconds.
    try:
        with holding(cluster_id, wait=0) as held:
            if held is None:
                return None
            with heartbeat.timed(cluster_id, now) as report:  # the tick's heartbeat, for /metrics
                report.append(_tick(_cluster(cluster_id), now))
        # After the lock is released: returning a qualified node changes the world under its own lock.
        if report[0].remediations_due:
            verify_remediations(_cluster(cluster_id), now)
        return report[0]
    except Exception as exc:
        _note_failure(cluster_id, now, exc)
        raise


def _note_failure(cluster_id: int, now: dt.datetime, exc: Exception) -> None:
    """Keep the error verbatim where pages and the API show it; tell on-call once when blind."""
    from actions.services.health import note_blind_tick

    try:
        note_blind_tick(cluster_id, now, exc)
    except Exception:  # the database itself is down: the 503 page says so
        log.warning("cluster %s: could not record the failed tick", cluster_id, exc_info=True)


def input_base(last_tick_at: dt.datetime | None) -> str:
    """Where this tick's input starts: the last tick that finished (it saved the cursors and the
    working memory). A tick that dies leaves it, so the tick that reads its input again has it too."""
    return last_tick_at.isoformat() if last_tick_at else "first"


def adopt_same_faults(
    cluster: Cluster, pipeline: Pipeline, updates: list[IncidentUpdate], base: str, now: dt.datetime
) -> list[IncidentUpdate]:
    """Verdicts on faults the database already holds under another key (their tick died before
    saving this memory) take that key, in the pipeline too: one incident per fault."""
    fingerprints = {u.key: fault_fingerprint(base, u.origin) for u in updates}
    renamed = {}
    for new_key, as_key in same_faults(cluster, fingerprints).items():
        if pipeline.adopt_key(new_key, as_key):
            renamed[new_key] = as_key
            append_audit(
                event=AuditEvent.CONTROLLER,
                at=now,
                actor=None,
                cluster=cluster.name,
                action="resume",
                outcome="same fault read again",
                detail={
                    "what": f"the fault of incident {as_key} was read again after a tick died before "
                    f"saving its working memory; kept as {as_key}, not opened again as {new_key}",
                },
            )
    if not renamed:
        return updates
    return [
        replace(
            u,
            key=renamed.get(u.key, u.key),
            superseded_by=renamed.get(u.superseded_by, u.superseded_by) if u.superseded_by else None,
        )
        for u in updates
    ]


def _tick(cluster: Cluster, now: dt.datetime) -> TickReport:
    t = now.timestamp()
    last_tick_at, collector = tick_start(cluster)
    base = input_base(last_tick_at)
    source = open_source(cluster, t, collector)
    events = source.collect(t)
    pipeline = load_pipeline(cluster, source, now)
    with transaction.atomic():
        changed_jobs = sync_inventory(cluster, source, events, now)
    record_samples(cluster, events, now)  # after the inventory: a new node's GPU rows exist
    specs = [job_spec(j) for j in changed_jobs]
    for spec in specs:
        pipeline.upsert_job(spec)
    record_tick(cluster.name, pipeline, events, specs, now)  # what this tick analysed, for replay and what-if
    # The policy's restart budget counts our restarts as the audit trail has them (the job page too).
    pipeline.note_restarts_by_us(restarts.restarts_by_us(cluster, pipeline.world.jobs))
    updates = adopt_same_faults(cluster, pipeline, pipeline.feed(events, t), base, now)
    for upd in updates:
        # One audit batch per verdict: its records (detection, verdict, recommendations, status)
        # are written together under one head lock held only until this transaction commits.
        with transaction.atomic(), audit_batch():
            fingerprint = fault_fingerprint(base, upd.origin)
            incident, verdict_changed = apply_incident_update(cluster, upd, now, fingerprint)
            check_storm_breaker(cluster, now)  # before routing: a storm must not drain anything
            if upd.superseded_by:
                merge_incident(incident, upd.superseded_by, now)
            elif verdict_changed or not upd.closed:
                # Idempotent: only recommendations the verdict newly makes are created, and
                # open ones it no longer makes are superseded (e.g. a hang whose suspect
                # became known turns "notify" into "requeue excluding the suspect").
                sync_recommendations(
                    incident, [r.to_dict() | {"text": r.text} for r in upd.recommendations], now
                )
    record_progress(cluster, pipeline)
    # The sweeps, each skipped when the one probe query found nothing for it (services/sweeps.py).
    sw = sweeps.Sweeps(sweeps.due(cluster, now))
    sw.run((sweeps.OVERTAKEN,), lambda: supersede_overtaken(cluster, now))
    # the outbox: nothing approved or executing is left behind
    sw.run((sweeps.UNDISPATCHED, sweeps.UNFINISHED), lambda: reconcile_actions(cluster, now))
    recovered = sw.run(
        (sweeps.MITIGATING,), lambda: verify_mitigations(cluster, pipeline, source, now), sweeps.always
    )
    sw.run((sweeps.REOPEN,), lambda: reopen_failed_restarts(cluster, now))
    sw.run((sweeps.SETTLE,), lambda: settle_closed_incidents(cluster, now))  # nothing left to approve
    sw.run((sweeps.SILENCES,), lambda: release_ended_silences(cluster, now))  # held work routed again
    sw.run((sweeps.DRAINED,), lambda: auto_return_nodes(cluster, now))
    save_pipeline(cluster, pipeline)
    source.save()
    note_tick_ok(cluster, now, _source_health(source, now))
    return TickReport(
        events=len(events),
        updates=len(updates),
        recovered=recovered or 0,
        remediations_due=sw.needed(sweeps.DRAINED, sweeps.IN_FLIGHT),
    )


def _source_health(source: Source, now: dt.datetime) -> dict[str, dict[str, Any]]:
    """Each source's state after this tick: its error verbatim, or when it last read fine."""
    errors: dict[str, str] = getattr(source, "source_errors", {})
    out = {"scheduler": {"error": "", "ok_at": now.isoformat(), "lag_s": 0.0}}
    for name in ("job logs", "kernel logs"):
        out[name] = (
            {"error": errors[name], "error_at": now.isoformat()}
            if name in errors
            else {"error": "", "ok_at": now.isoformat(), "lag_s": 0.0}
        )
    return out


def _running_jobs(cluster_id: int) -> Any:
    from monitoring.models import Job

    return Job.objects.filter(cluster_id=cluster_id, state="RUNNING").values_list(
        "pk", "slurm_id", "last_step", "last_checkpoint_step"
    )


_RUNNING_JOBS = Prepared(_running_jobs, CLUSTER_ID)


def record_progress(cluster: Cluster, pipeline: Pipeline) -> None:
    """Keep each active job's last step and checkpoint on its row, for pages and verification."""
    from monitoring.models import Job

    # Batched (issue 14): one UPDATE per changed field set and batch, not one per job per tick;
    # each row still gets only the fields that changed.
    stepped: list[Job] = []
    checkpointed: list[Job] = []
    for pk, slurm_id, last_step, last_checkpoint_step in _RUNNING_JOBS.rows(cluster.pk):
        progress = pipeline.job_progress(slurm_id)
        ckpt = pipeline.last_checkpoint(slurm_id)
        if progress and progress[1] != last_step:
            at = dt.datetime.fromtimestamp(progress[0], tz=dt.UTC)
            stepped.append(Job(pk=pk, last_step=progress[1], last_progress_at=at))
        if ckpt and ckpt[1] != last_checkpoint_step:
            at = dt.datetime.fromtimestamp(ckpt[0], tz=dt.UTC)
            checkpointed.append(Job(pk=pk, last_checkpoint_step=ckpt[1], last_checkpoint_at=at))
    if stepped:
        _update_pairs(Job, stepped, "last_step", "last_progress_at")
    if checkpointed:
        _update_pairs(Job, checkpointed, "last_checkpoint_step", "last_checkpoint_at")


def _update_pairs(model: Any, rows: list[Any], step_field: str, at_field: str) -> None:
    """One ``UPDATE ... FROM (VALUES ...)`` per 500 rows on PostgreSQL (issue 26: ``bulk_update``'s
    CASE expressions cost ~0.3 ms of CPU a row to build, a quarter of a 2,000-node tick)."""
    if connection.vendor != "postgresql":
        model.objects.bulk_update(rows, [step_field, at_field], batch_size=500)
        return
    table, pk = (connection.ops.quote_name(n) for n in (model._meta.db_table, model._meta.pk.column))
    step_col, at_col = (
        connection.ops.quote_name(model._meta.get_field(f).column) for f in (step_field, at_field)
    )
    with connection.cursor() as cur:
        for i in range(0, len(rows), 500):
            batch = rows[i : i + 500]
            values = ", ".join(["(%s::bigint, %s::bigint, %s::timestamptz)"] * len(batch))
            params = [x for r in batch for x in (r.pk, getattr(r, step_field), getattr(r, at_field))]
            cur.execute(
                f"UPDATE {table} AS j SET {step_col} = v.step, {at_col} = v.at "  # noqa: S608 (names quoted)
                f"FROM (VALUES {values}) AS v(id, step, at) WHERE j.{pk} = v.id",
                params,
            )
