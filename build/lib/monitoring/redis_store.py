"""The Redis connection and the keys the controller keeps there.

Redis holds working state that must be shared by workers but is cheap to lose:
the pipeline's detector memory, the simulator's world, collector offsets, and the
per-cluster lock that keeps one analyser per cluster at a time.
"""

from __future__ import annotations

import functools

import redis
from django.conf import settings


@functools.cache
def get_redis() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL, socket_timeout=10, socket_connect_timeout=5)


def key(*parts: object) -> str:
    prefix = getattr(settings, "RECOVERY_REDIS_PREFIX", "recovery")
    return ":".join([prefix, *(str(p) for p in parts)])
