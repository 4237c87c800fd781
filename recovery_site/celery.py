"""The Celery app: one beat schedule drives every cluster's analyser tick."""

from __future__ import annotations

import os
from typing import Any

from celery import Celery
from celery.signals import celeryd_after_setup, task_failure, worker_process_init, worker_ready

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "recovery_site.settings")

app = Celery("recovery_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@celeryd_after_setup.connect
def take_ticks_too(sender: str, instance: Any, **_: object) -> None:
    """A worker that takes the default queue takes the shared tick queue too (issue 26).

    So no tick queue is ever without a consumer while anything runs the beat's dispatch, and
    any live worker takes any cluster's tick. Node agents (``-Q node.<host>``) take none.
    """
    from django.conf import settings

    from actions.tasks import tick_queue

    queues = instance.app.amqp.queues
    if settings.CELERY_TASK_DEFAULT_QUEUE in queues.consume_from:
        queues.select_add(tick_queue())


@worker_process_init.connect
def freeze_pool_process_heap(**_: object) -> None:
    """A pool process, just forked: its start-up heap (Django, the tasks' modules) is frozen, so the
    collector's full passes during ticks walk only what ticks made (recovery_site/heap.py)."""
    from recovery_site.heap import freeze_heap

    freeze_heap()


@worker_ready.connect
def freeze_main_process_heap(**_: object) -> None:
    """The worker's main process (it receives and acknowledges every task), once it is ready."""
    from recovery_site.heap import freeze_heap

    freeze_heap()


@task_failure.connect
def fresh_pool_after_a_database_error(
    sender: Any = None, exception: BaseException | None = None, **_: object
) -> None:
    """A task that failed on the database leaves this process without its connection pool.

    The pool outlives tasks (``CELERY_DB_REUSE_MAX``); after PostgreSQL restarted, its idle
    connections are all dead, and the pool would find that out one connection at a time, backing
    off between them. Closing it here makes the next task connect afresh. Eager tasks (tests,
    ``manage.py`` commands) run in the caller's process and leave its pool alone.
    """
    from django.db import Error, connections

    if not isinstance(exception, Error) or getattr(getattr(sender, "request", None), "is_eager", False):
        return
    for conn in connections.all(initialized_only=True):
        try:
            conn.close()
            if conn.settings_dict.get("OPTIONS", {}).get("pool") and hasattr(conn, "close_pool"):
                conn.close_pool()
        except Exception:  # already broken: the next task opens a new one either way
            continue


@app.on_after_finalize.connect
def _schedule(sender: Celery, **_: object) -> None:
    from django.conf import settings

    sender.add_periodic_task(
        settings.RECOVERY_TICK_SECONDS,
        sender.signature("actions.tasks.tick_all_clusters"),
        name="tick all clusters",
    )
    sender.add_periodic_task(
        60.0, sender.signature("actions.tasks.expire_recommendations_task"), name="expire recommendations"
    )
    sender.add_periodic_task(
        60.0, sender.signature("monitoring.telemetry.rollup_telemetry"), name="roll up GPU telemetry"
    )
    sender.add_periodic_task(
        settings.RECOVERY_TICK_SECONDS,
        sender.signature("monitoring.telemetry.scrape_due_clusters"),
        name="scrape GPU telemetry",
    )
    sender.add_periodic_task(
        30.0,
        sender.signature("actions.paging.resolve_closed_pages"),
        name="resolve pages of closed incidents",
    )
    sender.add_periodic_task(
        30.0, sender.signature("incidents.tasks.witness_audit_head"), name="witness audit head"
    )
    sender.add_periodic_task(  # the outbox: a message whose enqueue was lost is sent again (issue 29)
        60.0,
        sender.signature("actions.notify.resend_undelivered"),
        name="resend undelivered webhooks",
    )
    sender.add_periodic_task(
        60.0, sender.signature("actions.paging.resend_unsynced"), name="resend unsynced pages"
    )
    sender.add_periodic_task(  # the whole chain, as verify_audit walks it; /audit/ shows the last check
        float(settings.RECOVERY_AUDIT_VERIFY_INTERVAL_S),
        sender.signature("actions.tasks.verify_audit_trail"),
        name="verify audit trail",
    )
    sender.add_periodic_task(  # the cluster page shows what failed (actions/services/invariant_status.py)
        float(getattr(settings, "RECOVERY_INVARIANTS_CHECK_S", 300)),
        sender.signature("actions.invariants.check_invariants"),
        name="check invariants",
    )
    sender.add_periodic_task(  # readiness's what-if replay: minutes of work, never on a page load
        float(settings.RECOVERY_READINESS_WHATIF_CACHE_S),
        sender.signature("actions.readiness.refresh_whatif"),
        name="readiness what-if replay",
    )
