"""Fixtures shared by the integration tests that drive the simulated loop."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from tests.integration.sim_clock import T0, Clock


@pytest.fixture
def clock(request, cluster, redis_ns, settings, django_capture_on_commit_callbacks):  # type: ignore[no-untyped-def]
    """A clock whose world has started (jobs launched and printing progress), with only the faults a
    test injects. A test module may set ``CLOCK_WARMUP_S`` (default 60) and ``CLOCK_START``."""
    settings.SIM_FAULT_MEAN_INTERVAL_S = 0
    c = Clock(getattr(request.module, "CLOCK_START", T0))
    c.run(cluster, getattr(request.module, "CLOCK_WARMUP_S", 60))
    return c


@pytest.fixture
def eager_celery(settings) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """Tasks run in-process (retries too, without waiting); the backoff is tiny anyway."""
    from recovery_site.celery import app

    settings.RECOVERY_WEBHOOK_BACKOFF_S = 0.001
    old = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = old


@pytest.fixture
def published_executions(redis_ns) -> Iterator[list[int]]:  # type: ignore[no-untyped-def]
    """Execution tasks published to the real broker, by recommendation id, in order.

    The messages go to a queue of this test's own (no worker consumes it, so nothing runs:
    "approved, not yet started"); it is deleted afterwards. Seen through Celery's own
    ``before_task_publish`` signal, so the real dispatch path (after commit, by task name) runs.
    """
    from celery.signals import before_task_publish

    from actions.services.dispatch import EXECUTE
    from monitoring.redis_store import get_redis, key
    from recovery_site.celery import app

    queue = key("published", uuid.uuid4().hex[:8])
    sent: list[int] = []

    def seen(sender: str | None = None, body: Any = None, **kw: Any) -> None:
        if sender == EXECUTE:
            sent.append(int(body[0][0]))

    old_queue = app.conf.task_default_queue
    app.conf.task_default_queue = queue
    before_task_publish.connect(seen, weak=False)
    try:
        yield sent
    finally:
        before_task_publish.disconnect(seen)
        app.conf.task_default_queue = old_queue
        get_redis().delete(queue, f"_kombu.binding.{queue}", f"_kombu.binding_permanent.{queue}")
