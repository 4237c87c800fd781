"""A plain 503 page when the database is down, instead of a bare 500 on every page.

Outermost middleware: it checks the connection before anything else touches it
(sessions, the logged-in user, the view), and turns a database error raised by the
view into the same page. The page needs nothing the database holds: no template
context, no user, no session.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

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


def unavailable() -> HttpResponse:
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
        if not _reachable() and not (
            _reset() or _reachable()
        ):  # a kept connection may predate a restart: one retry
            return unavailable()
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, (OperationalError, InterfaceError)) or (
            isinstance(exception, DatabaseError) and "connection" in str(exception).lower()
        ):
            log.warning("database lost during a request: %s", exception)
            return unavailable()
        return None
