"""Database connections hold under ASGI (issue 14).

Under daphne each request runs its sync code in a thread of its own, so a "persistent"
connection (CONN_MAX_AGE > 0) is one more open PostgreSQL connection per request until the
thread's connection object is garbage-collected: 210 requests exhausted max_connections=50.
These tests drive Django's real ASGI application with many concurrent requests against the
real PostgreSQL and count the server's own sessions (pg_stat_activity) before and after.
"""

from __future__ import annotations

import asyncio

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client

CONCURRENT_REQUESTS = 120  # more than the default max_connections of 100 minus what others hold


def _sessions_on_test_database() -> int:
    with connection.cursor() as cur:
        cur.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()")
        return int(cur.fetchone()[0])


async def _get(app, path: str, sessionid: str) -> int:  # type: ignore[no-untyped-def]
    """One HTTP request through the ASGI app, the way daphne hands it over; returns the status."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [
            (b"host", b"testserver"),
            (b"cookie", f"{settings.SESSION_COOKIE_NAME}={sessionid}".encode()),
        ],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }
    body_sent = False
    never = asyncio.Event()
    statuses: list[int] = []

    async def receive():  # type: ignore[no-untyped-def]
        nonlocal body_sent
        if not body_sent:
            body_sent = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await never.wait()  # the client stays connected; Django cancels this when it is done

    async def send(message):  # type: ignore[no-untyped-def]
        if message["type"] == "http.response.start":
            statuses.append(message["status"])

    await app(scope, receive, send)
    return statuses[0]


async def _burst(app, path: str, sessionid: str, n: int) -> list[int]:  # type: ignore[no-untyped-def]
    return list(await asyncio.gather(*(_get(app, path, sessionid) for _ in range(n))))


def test_postgres_settings_pool_connections_with_health_checks():
    """Given DATABASE_URL on PostgreSQL, then connections come from Django's psycopg pool
    (bounded, checked before reuse) and are never kept per thread (CONN_MAX_AGE 0)."""
    db = settings.DATABASES["default"]
    assert db["ENGINE"] == "django.db.backends.postgresql"
    pool = db["OPTIONS"]["pool"]
    assert pool["max_size"] == settings.DB_POOL_MAX_SIZE
    assert pool["min_size"] <= pool["max_size"]
    assert db["CONN_MAX_AGE"] == 0  # Django refuses persistent connections together with a pool
    assert db["CONN_HEALTH_CHECKS"] is True


@pytest.mark.django_db(transaction=True)
def test_many_concurrent_asgi_requests_do_not_open_a_connection_each(viewer, redis_ns):
    """Given a signed-in viewer, when 120 requests hit the overview at once through the ASGI
    app, then every one answers 200 and the test database holds at most the pool's size of
    extra connections afterwards (not one per request)."""
    from django.core.asgi import get_asgi_application

    client = Client()
    client.force_login(viewer)
    sessionid = client.cookies[settings.SESSION_COOKIE_NAME].value
    app = get_asgi_application()
    before = _sessions_on_test_database()

    statuses = asyncio.run(_burst(app, "/", sessionid, CONCURRENT_REQUESTS))
    after = _sessions_on_test_database()

    assert statuses == [200] * CONCURRENT_REQUESTS
    assert after - before <= settings.DB_POOL_MAX_SIZE
    # and a second burst reuses the pool instead of growing again
    again = asyncio.run(_burst(app, "/", sessionid, CONCURRENT_REQUESTS))
    assert again == [200] * CONCURRENT_REQUESTS
    assert _sessions_on_test_database() - before <= settings.DB_POOL_MAX_SIZE
