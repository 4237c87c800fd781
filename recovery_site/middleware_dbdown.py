"""A plain 503 page when the database is down, instead of a bare 500 on every page.

Outermost middleware: it checks the connection before anything else touches it
(sessions, the logged-in user, the view), and turns a database error raised by the
view into the same page. The page needs nothing the database holds: no template
context, no user, no session. ``/api/`` gets it as JSON and ``/metrics`` as text.

It fails fast: when the pool has no idle connection (the server went away, or every
connection is busy), one connection of its own with a 1 s connect timeout tells the two
apart, so a dead server is a 503 in about a second instead of the pool's 10 s wait, twice.
A busy but live server still gets the pool's normal wait.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable

import psycopg
from django.db import DatabaseError, InterfaceError, OperationalError, connection
from django.http import HttpRequest, HttpResponse

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


def _pool_has_no_idle_connection() -> bool:
    if connection.vendor != "postgresql" or connection.connection is not None:
        return False  # no pool, or this thread already holds a connection
    pool = getattr(connection, "pool", None)
    return pool is not None and pool.get_stats().get("pool_available", 0) == 0


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
        if _pool_has_no_idle_connection() and not _server_answers():
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
