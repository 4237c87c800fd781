"""The Redis connection and the keys the controller keeps there.

Redis holds working state that must be shared by workers but is cheap to lose:
the pipeline's detector memory, the simulator's world, collector offsets, and the
per-cluster lock that keeps one analyser per cluster at a time.
"""

from __future__ import annotations

import functools
import threading
import uuid

import redis
from django.conf import settings


@functools.cache
def get_redis() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL, socket_timeout=10, socket_connect_timeout=5)


def key(*parts: object) -> str:
    prefix = getattr(settings, "RECOVERY_REDIS_PREFIX", "recovery")
    return ":".join([prefix, *(str(p) for p in parts)])


# --- big JSON states saved every tick (the pipeline's memory, the simulated world) -----------
#
# A 2,000-node cluster's pipeline and simulated world are megabytes of JSON; parsing them back
# at the start of every tick cost ~100 ms of CPU when, most ticks, they are exactly the objects
# this same worker saved two seconds earlier. So the saver keeps the object it saved, with a
# random generation written at the head of the value; the next load takes the object back
# (reading only those bytes) while the key still holds that generation. Any other write (another
# worker, an executor, a fault injection, a key deleted or Redis restarted empty) changes or
# removes it, and the value is parsed as before. Whoever loads an object owns it: it is out of
# the cache until saved again, so a read-only caller may change its copy freely.

_GEN = 32  # hex digits of a generation
# At most this many objects kept per process (a pipeline and a world per cluster), the least
# recently saved dropped first: a worker serving many big clusters keeps only the busiest.
KEEP_STATES = 16
_saved: dict[str, tuple[bytes, object]] = {}
_saved_lock = threading.Lock()


def save_state(name: str, state_json: str, obj: object) -> None:
    """Store ``state_json`` under the key ``name``; ``obj`` (what it encodes) is handed over."""
    gen = uuid.uuid4().hex.encode()
    get_redis().set(name, b"@" + gen + b"\n" + state_json.encode())
    with _saved_lock:
        _saved.pop(name, None)
        _saved[name] = (gen, obj)  # the newest last
        while len(_saved) > KEEP_STATES:
            del _saved[next(iter(_saved))]


def forget_kept_states() -> None:
    """Drop the objects this process kept: the next load of each reads its JSON (another process's view)."""
    with _saved_lock:
        _saved.clear()


def kept_state(name: str) -> object | None:
    """The object this process saved under ``name`` last, left in place (the soak compares it with a
    restore from the JSON); None when none is kept."""
    with _saved_lock:
        mine = _saved.get(name)
    return mine[1] if mine is not None else None


def peek_state(name: str) -> tuple[object | None, bytes | None]:
    """As ``load_state``, taking nothing: the kept object stays kept (a reader that only looks: an invariant)."""
    return _current(name, take=False)


def load_state(name: str) -> tuple[object | None, bytes | None]:
    """``(obj, None)``: the object this process saved, still current; else ``(None, the JSON or None)``."""
    return _current(name, take=True)


def _current(name: str, *, take: bool) -> tuple[object | None, bytes | None]:
    redis_ = get_redis()
    with _saved_lock:
        mine = _saved.pop(name, None) if take else _saved.get(name)
    if mine is not None and redis_.getrange(name, 1, _GEN) == mine[0]:
        return mine[1], None
    raw: bytes | None = redis_.get(name)
    return None, unwrap_state(raw)


def unwrap_state(raw: bytes | None) -> bytes | None:
    """The JSON of a stored value: without its generation head (values written before generations
    were plain JSON, and stay as they are)."""
    if raw and raw[:1] == b"@":
        return raw[_GEN + 2 :]
    return raw
