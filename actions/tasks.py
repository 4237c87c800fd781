"""Celery tasks: thin wrappers over named services. Safe to retry."""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task
from django.conf import settings
from django.db.models import F
from django.utils import timezone

from actions import loop
from actions.services import (
    audit_check,
    audit_paging,
    delivery,
    execution,
    notify,
    paging,
    recommendations,
    whatif,
)
from monitoring.models import Cluster
from monitoring.redis_store import get_redis, key


def tick_queue() -> str:
    """The one queue every cluster's ticks go to: ``<default queue>-ticks``.

    Every worker that takes the default queue takes this one too (``recovery_site.celery``
    subscribes it at start-up), so any live worker runs any cluster's due tick: a worker that
    dies leaves no cluster without a consumer. The cluster's lock (monitoring/locks.py) keeps
    one tick of a cluster at a time, whoever runs it; a killed tick's lock frees within its
    short TTL and the next dispatch, one interval later, goes to whichever worker is alive.
    A worker that should run ticks only: ``recoveryctl worker -Q celery-ticks``.
    """
    return f"{settings.CELERY_TASK_DEFAULT_QUEUE}-ticks"


@shared_task(name="actions.tasks.tick_all_clusters", ignore_result=True)
def tick_all_clusters() -> int:
    # The stalest first (never ticked, then the oldest last tick): when the workers fall behind,
    # the same clusters are not always at the back of the queue, waiting out their ticks' expiry.
    ids = list(
        Cluster.objects.order_by(F("controller_state__last_tick_at").asc(nulls_first=True), "pk").values_list(
            "pk", "poll_interval_s"
        )
    )
    # Honour each cluster's poll interval: a key that lives as long as the interval marks
    # "recently polled" (SET NX, so concurrent beats cannot double it); one round trip for all.
    pipe = get_redis().pipeline(transaction=False)
    for cluster_id, interval in ids:
        pipe.set(key("due", cluster_id), 1, nx=True, px=max(500, int(interval * 1000)))
    due = [row for row, marked in zip(ids, pipe.execute(), strict=True) if marked]
    for cluster_id, interval in due:
        # A tick that waited longer than its cluster's interval is worth less than the next one,
        # which is dispatched by then. A tick lost with its worker is not redelivered (the
        # visibility timeout must outlast the longest task, minutes): its cluster is due again
        # one interval later and dispatched anew, to whichever worker is alive.
        expires = max(5.0, 3 * settings.RECOVERY_TICK_SECONDS, float(interval))
        tick_cluster.apply_async((cluster_id,), expires=expires, queue=tick_queue())
    return len(due)


@shared_task(name="actions.tasks.tick_cluster", ignore_result=True)
def tick_cluster(cluster_id: int) -> None:
    loop.run_cluster_tick(cluster_id, timezone.now())


@shared_task(name="actions.tasks.execute_recommendation", ignore_result=True, acks_late=True)
def execute_recommendation_task(rec_id: int) -> None:
    execution.execute_recommendation(rec_id, timezone.now())


@shared_task(name="actions.tasks.expire_recommendations_task", ignore_result=True)
def expire_recommendations_task() -> int:
    return recommendations.expire_recommendations(timezone.now())


@shared_task(
    name="actions.notify.deliver_webhook", bind=True, ignore_result=True, max_retries=notify.MAX_ATTEMPTS - 1
)
def deliver_webhook(self: Any, url: str, fmt: str, message: dict[str, Any]) -> bool:
    """One webhook delivery; retried with backoff, every attempt audited (services/notify.py)."""
    attempt = self.request.retries + 1
    if notify.deliver_once(url, fmt, message, attempt):
        return True
    if attempt >= notify.MAX_ATTEMPTS:
        return False  # given up; the failed records say so
    raise self.retry(countdown=notify.backoff_s(attempt))


@shared_task(name="actions.notify.resend_undelivered", ignore_result=True)
def resend_undelivered_webhooks() -> int:
    """Beat: the outbox sweep, re-enqueueing messages whose delivery task never came (services/notify.py)."""
    return notify.resend_undelivered(timezone.now())


@shared_task(name="actions.paging.resend_unsynced", ignore_result=True)
def resend_unsynced_pages() -> int:
    """Beat: the outbox sweep for pages, re-enqueueing syncs that never came (services/paging.py)."""
    return paging.resend_unsynced(timezone.now())


@shared_task(
    name="actions.paging.sync_page", bind=True, ignore_result=True, max_retries=delivery.MAX_ATTEMPTS - 1
)
def sync_page(self: Any, incident_id: int, receiver_id: str) -> str:
    attempt = self.request.retries + 1
    outcome = paging.sync_once(incident_id, receiver_id, attempt)
    if outcome == "retry" and attempt < delivery.MAX_ATTEMPTS:
        raise self.retry(countdown=delivery.backoff_s(attempt))
    return outcome


@shared_task(
    name="actions.paging.sync_audit_page",
    bind=True,
    ignore_result=True,
    max_retries=delivery.MAX_ATTEMPTS - 1,
)
def sync_audit_page(self: Any, page_id: int, receiver_id: str) -> str:
    """A failed audit check's page (services/audit_paging.py), retried like an incident's."""
    attempt = self.request.retries + 1
    outcome = audit_paging.sync_once(page_id, receiver_id, attempt)
    if outcome == "retry" and attempt < delivery.MAX_ATTEMPTS:
        raise self.retry(countdown=delivery.backoff_s(attempt))
    return outcome


@shared_task(name="actions.paging.resolve_closed_pages", ignore_result=True)
def resolve_closed_pages() -> int:
    acknowledged, resolved = paging.follow_lifecycle(timezone.now())
    return acknowledged + resolved


@shared_task(name="actions.readiness.refresh_whatif", ignore_result=True)
def refresh_readiness_whatif(cluster_id: int | None = None) -> int:
    """Keep every cluster's readiness replay (one rung up) warm, or the one a page asked for;
    one cluster failing spares the rest."""
    done = 0
    clusters = Cluster.objects.order_by("pk")
    for cluster in clusters.filter(pk=cluster_id) if cluster_id is not None else clusters:
        try:
            whatif.refresh_readiness_whatif(cluster, timezone.now())
        except Exception:
            logging.getLogger(__name__).exception("cluster %s: readiness replay failed", cluster.name)
            continue
        done += 1
    return done


@shared_task(name="actions.tasks.verify_audit_trail", ignore_result=True)
def verify_audit_trail() -> bool:
    """Beat: walk the whole audit chain (RECOVERY_AUDIT_VERIFY_INTERVAL_S); a new failure escalates once."""
    return audit_check.check_trail(audit_check.BEAT, timezone.now()).ok


@shared_task(name="actions.invariants.check_invariants", ignore_result=True)
def check_invariants_task() -> int:
    """Check every cluster's invariants and keep the verdict for its page; returns the failures found."""
    from actions.services import invariant_status

    failures = 0
    for cluster in Cluster.objects.order_by("pk"):
        try:
            failures += len(invariant_status.refresh(cluster, timezone.now()).failures)
        except Exception:
            logging.getLogger(__name__).exception("cluster %s: invariant check failed", cluster.name)
    return failures
