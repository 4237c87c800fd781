"""The per-cluster analyser lock: short-lived, renewed while its holder works.

A fixed long TTL keeps a crashed tick's lock for minutes; a short TTL alone lets a
slow tick lose it. So the lock lives ``RECOVERY_LOCK_TTL_S`` seconds and a renewer
thread extends it every third of that while the holder runs: a dead holder's lock
frees within one TTL. A caller that must wait (an executor, ``simulate inject``)
waits ``RECOVERY_LOCK_WAIT_S`` at most and then raises :class:`ClusterBusy` — the
cluster is busy, which is not a failure and escalates nothing.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from redis.lock import Lock

from monitoring.redis_store import get_redis, key

log = logging.getLogger(__name__)


class ClusterBusy(RuntimeError):
    """Another worker holds the cluster's lock; try again shortly."""


def analyser_lock(cluster_id: int, *, wait: float | None) -> Lock:
    ttl = float(settings.RECOVERY_LOCK_TTL_S)
    return get_redis().lock(key("lock", cluster_id), timeout=ttl, blocking_timeout=wait, thread_local=False)


class Renewer:
    """Extends a held lock every ttl/3 until stopped; stops by itself when the lock is lost."""

    def __init__(self, lock: Lock, ttl: float) -> None:
        self.lock, self.ttl = lock, ttl
        self.lost = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"renew {lock.name!r}", daemon=True)

    def start(self) -> Renewer:
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.wait(self.ttl / 3):
            try:
                self.lock.reacquire()  # back to a full TTL; fails if someone else holds it now
            except Exception:
                self.lost = True
                log.warning("lock %s lost while held (Redis down or expired)", self.lock.name, exc_info=True)
                return

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=self.ttl)


@contextmanager
def holding(cluster_id: int, *, wait: float | None) -> Iterator[Renewer | None]:
    """Hold the cluster's lock, renewed, for the body. Yields None when not acquired
    without waiting (``wait=0``); raises ClusterBusy when a wait ran out."""
    lock = analyser_lock(cluster_id, wait=wait)
    if not lock.acquire(blocking=bool(wait), blocking_timeout=wait or None):
        if not wait:
            yield None
            return
        raise ClusterBusy(f"cluster {cluster_id} is busy (its analyser holds the lock); try again")
    renewer = Renewer(lock, float(settings.RECOVERY_LOCK_TTL_S)).start()
    try:
        yield renewer
    finally:
        renewer.stop()
        try:
            lock.release()
        except Exception:  # expired or Redis gone: it frees by its TTL anyway
            log.warning("cluster %s: lock not released cleanly", cluster_id)
