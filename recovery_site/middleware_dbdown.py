"""A plain 503 page when the database is down, instead of a bare 500 on every page.

Outermost middleware: it checks the connection before anything else touches it
(sessions, the logged-in user, the view), and turns a database error raised by the
view into the same page. The page needs nothing the database holds: no template
context, no user, no session. ``/api/`` gets it as JSON and ``/metrics`` as text.

It fails fast: a connection is first asked of the pool with a short wait (0.2 s). The
pool checks an idle connection before handing it out; one the server broke when it stopped
is thrown away, and with none left the pool would wait its whole 10 s for a new one (twice,
with the retry: the 20 s the first request after a stop used to wait). When the short wait
runs out, or the pool has no idle connection at all (the server went away, or every
connection is busy), one connection of its own with a 1 s connect timeout tells a dead
server from a busy one: a dead server is a 503 in well under a second, a busy but live
server still gets the pool's normal wait.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

import psycopg
from django.db import DatabaseError, InterfaceError, OperationalError, connection
from django.http import HttpRequest, HttpResponse
from psycopg_pool import PoolTimeout

log = logging.getLogger(__name__)

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Database unavailable · Recovery controller</title></head>
<body style="font-family: sans-serif; max-width: 40rem; margin: 4rem auto">
<h1>The database is unavailable</h1>
<p>The recovery controller cannot reach its database, so it cannot show or change anything right now.
Nothing you decided earlier is lost: approved actions are kept in the database and carried out when it is back.</p>
<p>This page retries by itself; if it persists, check PostgreSQL.</p>
<script>setTimeout(function () { location.reload(); }, 10000);</script>
</body></html>
"""


PROBE_CONNECT_TIMEOUT_S = 1
POOL_PROBE_WAIT_S = 0.2  # a live server hands out a checked (or new) connection well within this
MESSAGE = "The database is unavailable: nothing can be shown or changed right now; decided actions are kept."


def unavailable(request: HttpRequest | None = None) -> HttpResponse:
    path = request.path if request is not None else ""
    if path.startswith("/api/"):
        resp = HttpResponse(json.dumps({"detail": MESSAGE}), status=503, content_type="application/json")
    elif path.startswith("/metrics"):
        resp = HttpResponse(MESSAGE + "\n", status=503, content_type="text/plain; charset=utf-8")
    else:
        resp = HttpResponse(PAGE, status=503, content_type="text/html; charset=utf-8")
    resp["Retry-After"] = "10"
    resp["Cache-Control"] = "no-store"
    return resp


def _reachable() -> bool:
    try:
        with connection.cursor() as cur:
            cur.execute("SELECT 1")
        return True
    except (OperationalError, InterfaceError) as exc:
        log.warning("database unavailable: %s", exc)
        return False


def _idle_pool() -> Any | None:
    """Django's psycopg pool, when there is one and this thread holds no connection yet."""
    if connection.vendor != "postgresql" or connection.connection is not None:
        return None
    return getattr(connection, "pool", None)


def _dead_at_once() -> bool:
    """True when the server is gone, found out in well under a second; False when it may be alive."""
    pool = _idle_pool()
    if pool is None:
        return False
    if pool.get_stats().get("pool_available", 0) > 0:
        try:
            pool.putconn(pool.getconn(timeout=POOL_PROBE_WAIT_S))
            return False
        except PoolTimeout:
            pass  # its idle connections were broken and no new one came: is the server there at all?
    return not _server_answers()


def _server_answers() -> bool:
    """A connection of our own, outside the pool, with a short connect timeout."""
    d = connection.settings_dict
    try:
        psycopg.connect(
            dbname=d["NAME"],
            user=d["USER"] or None,
            password=d["PASSWORD"] or None,
            host=d["HOST"] or None,
            port=d["PORT"] or None,
            connect_timeout=PROBE_CONNECT_TIMEOUT_S,
        ).close()
        return True
    except psycopg.Error as exc:
        log.warning("database unavailable: %s", exc)
        return False


def _reset() -> bool:
    if connection.in_atomic_block:  # inside a test's transaction: never drop it
        return False
    try:
        connection.close()
    except Exception:
        pass
    return False


class DatabaseDownMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if _dead_at_once():
            return unavailable(request)  # at once, not after the pool's wait
        if not _reachable() and not (
            _reset() or _reachable()
        ):  # a kept connection may predate a restart: one retry
            return unavailable(request)
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, (OperationalError, InterfaceError)) or (
            isinstance(exception, DatabaseError) and "connection" in str(exception).lower()
        ):
            log.warning("database lost during a request: %s", exception)
            return unavailable(request)
        return None
