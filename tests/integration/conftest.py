"""Fixtures shared by the integration tests that drive the simulated loop."""

from __future__ import annotations

from collections.abc import Iterator

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
