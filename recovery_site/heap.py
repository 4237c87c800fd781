"""Keep a process's start-up heap out of the garbage collector's full passes (web and workers).

A page that builds thousands of rows (the recovery-metrics page reads a week's 6,000
incidents) makes Python's cyclic collector run often, and now and then a full pass walks
every long-lived object of the process: at 100k incidents such a pass added ~70 ms to one
request in twenty (p95 190 ms against p50 130 ms; 129 ms once frozen, issue 14).
``gc.freeze()`` moves what is alive at start-up (Django, every app module, the URL
resolver) into a permanent generation the collector skips; cycles made by requests are
collected as before. ``RECOVERY_GC_FREEZE=0`` turns it off.

A worker's tick is the same case (issue 26): each tick decodes the scheduler's JSON and the saved
pipeline, thousands of containers, so the collector runs many times a tick, and its full passes
walked Django and every module the worker had imported. Each Celery process (the pool's children
after the fork, the main one once ready) freezes its start-up heap too (recovery_site/celery.py).
"""

from __future__ import annotations

import gc
import os


def enabled() -> bool:
    return os.environ.get("RECOVERY_GC_FREEZE", "1").strip().lower() not in ("0", "false", "no", "off")


def freeze_heap() -> int:
    """Collect once and freeze what is alive; returns the objects frozen (0 when turned off)."""
    if not enabled():
        return 0
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


def freeze_startup_heap() -> int:
    """Import every view (the URL resolver does), collect once, freeze; returns the objects frozen."""
    if not enabled():
        return 0
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018 (imports the views now, not on the first request)
    return freeze_heap()
