"""Celery tasks: thin wrappers over named services. Safe to retry."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from actions import loop, paging, services  # noqa: F401 - paging's tasks register with the worker
from monitoring.models import Cluster
from monitoring.redis_store import get_redis, key


@shared_task(name="actions.tasks.tick_all_clusters", ignore_result=True)
def tick_all_clusters() -> int:
    ids = list(Cluster.objects.values_list("pk", "poll_interval_s"))
    due = []
    for cluster_id, interval in ids:
        # Honour each cluster's poll interval: a key that lives as long as the interval
        # marks "recently polled" (SET NX, so concurrent beats cannot double it).
        if get_redis().set(key("due", cluster_id), 1, nx=True, px=max(500, int(interval * 1000))):
            due.append(cluster_id)
    for cluster_id in due:
        # Expire quickly: a tick that waited too long is worth less than the next one.
        tick_cluster.apply_async((cluster_id,), expires=max(5.0, 3 * settings.RECOVERY_TICK_SECONDS))
    return len(due)


@shared_task(name="actions.tasks.tick_cluster", ignore_result=True)
def tick_cluster(cluster_id: int) -> None:
    loop.run_cluster_tick(cluster_id, timezone.now())


@shared_task(name="actions.tasks.execute_recommendation", ignore_result=True, acks_late=True)
def execute_recommendation_task(rec_id: int) -> None:
    services.execute_recommendation(rec_id, timezone.now())


@shared_task(name="actions.tasks.expire_recommendations_task", ignore_result=True)
def expire_recommendations_task() -> int:
    return services.expire_recommendations(timezone.now())
