"""The pool invariant's measure (tests/conftest.py: pooled_connections_come_back).

Every test is checked on teardown for pooled PostgreSQL connections it left out of the pool. This
shows the measure sees a thread's connection while the thread holds it and sees it come back when the
thread closes it, so that a test whose thread forgets to close fails there, not ten tests later on
``couldn't get a connection after 10.00 sec``.
"""

from __future__ import annotations

import threading

import psycopg
import pytest
from django.db import connection, connections

from tests.conftest import pooled_connections_out, process_pool

pytestmark = pytest.mark.django_db(transaction=True)


def _opened_pool():  # type: ignore[no-untyped-def]
    """This process's pool, opened by a query of this thread. scripts/test.sh (every `make` target)
    runs the suite on PostgreSQL with Django's pool: without one, these tests fail."""
    with connection.cursor() as cur:
        cur.execute("SELECT 1")
    pool = process_pool()
    assert pool is not None, (
        "no psycopg pool: the suite runs on PostgreSQL (scripts/test.sh sets DATABASE_URL)"
    )
    return pool


def test_a_thread_holding_a_pooled_connection_counts_until_it_closes_it() -> None:
    _opened_pool()
    before = pooled_connections_out()
    assert before is not None
    queried, release, closed = threading.Event(), threading.Event(), threading.Event()

    def hold() -> None:
        with connection.cursor() as cur:
            cur.execute("SELECT 1")
        queried.set()
        release.wait(10)
        connections.close_all()  # what every thread that touches the database must do
        closed.set()

    thread = threading.Thread(target=hold)
    thread.start()
    assert queried.wait(10)
    assert pooled_connections_out() == before + 1
    release.set()
    assert closed.wait(10)
    thread.join(10)
    assert pooled_connections_out() == before


def _idle_in_the_pool(n: int) -> None:
    """Leave ``n`` connections idle in this process's pool (``n`` threads query at once, then close)."""
    together = threading.Barrier(n)

    def query() -> None:
        with connection.cursor() as cur:
            cur.execute("SELECT 1")
        together.wait(10)
        connections.close_all()

    threads = [threading.Thread(target=query) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)


def test_a_live_stacks_teardown_ends_the_stacks_sessions_and_none_of_this_processs() -> None:
    """The browser stack's teardown once terminated every other session on the test database, this
    process's idle pooled connections too: the next tests on the process then waited 10 s for a
    connection and failed (CI, stop 39). It ends only the sessions named after the stack."""
    from tests.browser.conftest import _wait_for_db_sessions_to_end

    pool = _opened_pool()
    _idle_in_the_pool(4)
    wrapper = connections["default"]
    lost = pool.get_stats().get("connections_lost", 0)
    # A stack's session: another process's, known by its application name.
    stack = psycopg.connect(**{**wrapper.get_connection_params(), "application_name": "stack-under-test"})
    try:
        _wait_for_db_sessions_to_end(wrapper.settings_dict["NAME"], "stack-under-test", timeout=0.3)
        with pytest.raises(psycopg.OperationalError):
            stack.execute("SELECT 1")  # terminated
    finally:
        stack.close()
    _idle_in_the_pool(4)  # every idle connection still answers the pool's check
    assert pool.get_stats().get("connections_lost", 0) == lost


def _fail(task, exc: BaseException, eager: bool) -> None:  # type: ignore[no-untyped-def]
    """Celery's failure signal for ``task``, as a worker sends it (or an eager call in this process)."""
    from celery.signals import task_failure

    task.push_request(is_eager=eager)
    try:
        task_failure.send(sender=task, task_id="t-1", exception=exc, args=(), kwargs={}, traceback=None)
    finally:
        task.pop_request()


def test_a_task_that_failed_on_the_database_leaves_its_worker_a_fresh_pool() -> None:
    """The pool outlives tasks (CELERY_DB_REUSE_MAX, issue 26); after a database error it must not:
    a restarted PostgreSQL leaves every idle pooled connection dead (recovery_site/celery.py)."""
    from django.db import OperationalError

    from actions.tasks import tick_cluster

    pool = _opened_pool()
    _fail(tick_cluster, OperationalError("server closed the connection unexpectedly"), eager=True)
    _fail(tick_cluster, ValueError("a bug, not the database"), eager=False)
    assert process_pool() is pool and not pool.closed  # an eager call's process, or no database error
    _fail(tick_cluster, OperationalError("server closed the connection unexpectedly"), eager=False)
    assert pool.closed
    assert _opened_pool() is not pool  # the next query connects afresh
