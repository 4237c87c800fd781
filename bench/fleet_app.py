"""The fleet bench's Celery app: the product's own (``recovery_site.celery.app``), plus an account of
the CPU each task took in the pool process that ran it, by task name, kept in Redis for the bench to
read (issue 26: "the tick's CPU a node" apart from the worker's other work and Celery's own).

Bench-only: ``celery -A fleet_app worker`` with ``bench/`` on ``PYTHONPATH``. ``time.process_time()``
is the pool process's CPU, its threads included (the tick's lock renewer), between a task's prerun
and postrun signals: a prefork child runs one task at a time.
"""

from __future__ import annotations

import gc
import os
import time
from typing import Any

from celery.signals import task_postrun, task_prerun

from recovery_site.celery import app

__all__ = ["app"]

KEY = os.environ.get("FLEET_TASK_CPU_KEY", "fleet-bench:task-cpu")
# Set: each pool process profiles its ticks in the window (cProfile, CPU time) and writes it there.
PROFILE_DIR = os.environ.get("FLEET_PROFILE_DIR")
_started: dict[str, float] = {}
_profile: dict[str, Any] = {}


def _measuring() -> bool:
    """The bench sets ``<KEY>:window`` when its measured window opens: the warm-up is not profiled."""
    from monitoring.redis_store import get_redis

    return bool(get_redis().exists(f"{KEY}:window"))


_gc: dict[str, float] = {}


def _gc_timer(phase: str, info: dict[str, Any]) -> None:
    """Each collection's CPU, by generation, added to the task that triggered it (in ``_gc``)."""
    if phase == "start":
        _gc["t"] = time.process_time()
    elif "t" in _gc:
        key = f"gc{info.get('generation', '?')}"
        _gc[key] = _gc.get(key, 0.0) + time.process_time() - _gc.pop("t")


if os.environ.get("FLEET_GC_CPU"):  # opt-in: the callback itself costs ~1 µs a collection, hundreds a tick
    gc.callbacks.append(_gc_timer)


@task_prerun.connect
def _prerun(task_id: str = "", task: Any = None, **_: Any) -> None:
    if PROFILE_DIR and task is not None and task.name == "actions.tasks.tick_cluster" and _measuring():
        import cProfile

        _profile.setdefault("p", cProfile.Profile(time.process_time)).enable()
    for gen in ("gc0", "gc1", "gc2"):
        _gc.pop(gen, None)  # a collection between tasks is Celery's, not the next task's
    _started[task_id] = time.process_time()


@task_postrun.connect
def _postrun(task_id: str = "", task: Any = None, **_: Any) -> None:
    began = _started.pop(task_id, None)
    if began is None or task is None:
        return
    from monitoring.redis_store import get_redis

    spent = time.process_time() - began
    if "p" in _profile and task.name == "actions.tasks.tick_cluster" and _measuring():
        _profile["p"].disable()
        _profile["n"] = _profile.get("n", 0) + 1
        if _profile["n"] % 20 == 0:  # the pool process may be killed: its profile so far, on disk
            _profile["p"].dump_stats(os.path.join(PROFILE_DIR, f"tick-{os.getpid()}.prof"))
    pipe = get_redis().pipeline(transaction=False)
    pipe.hincrbyfloat(KEY, f"{task.name}:cpu", spent)
    pipe.hincrby(KEY, f"{task.name}:n", 1)
    for gen in ("gc0", "gc1", "gc2"):  # the collections during this task, within its CPU above
        spent_gc = _gc.pop(gen, 0.0)
        if spent_gc:
            pipe.hincrbyfloat(KEY, f"{task.name} {gen}:cpu", spent_gc)
            pipe.hincrby(KEY, f"{task.name} {gen}:n", 1)
    pipe.execute()
