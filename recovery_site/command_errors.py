"""Bad input to a management command becomes one clear line on stderr and exit status 1.

Django prints a ``CommandError`` as ``CommandError: <message>`` and exits 1 without a
traceback (``--traceback`` shows the cause). These helpers turn what commands meet in
the wild (a hand-edited scenario that is not JSON, a database that was never created)
into such errors, naming the file and line, or what to run first.
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from django.core.management.base import CommandError

# What a scenario replay meets in a broken folder: unreadable or corrupt files, fields of the wrong type.
BAD_SCENARIO = (OSError, EOFError, UnicodeDecodeError, ValueError, TypeError, AttributeError, KeyError)


def read_json_object(path: Path) -> dict[str, Any]:
    """``path`` parsed as one JSON object, or a CommandError naming the file (and the line and column)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise CommandError(f"{path}: no such file") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise CommandError(f"{path}: cannot read it: {getattr(exc, 'strerror', None) or exc}") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CommandError(
            f"{path}: not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from exc
    if not isinstance(data, dict):
        raise CommandError(f"{path}: line 1: a JSON object ({{...}}) is expected, not {type(data).__name__}")
    return data


def check_scenario_folder(folder: Path, truth: bool = False) -> None:
    """Fail early and clearly on a folder whose scenario.json (or truth.json) is missing or not a JSON object."""
    if not folder.is_dir():
        raise CommandError(f"{folder}: no such folder")
    if not (folder / "scenario.json").exists():
        raise CommandError(f"{folder} is not a scenario folder (no scenario.json)")
    read_json_object(folder / "scenario.json")
    if truth:
        read_json_object(folder / "truth.json")


@contextmanager
def replaying(folder: Path) -> Iterator[None]:
    """A scenario that parses but cannot be replayed (a field of the wrong type, a corrupt events.jsonl.gz)."""
    try:
        yield
    except BAD_SCENARIO as exc:
        raise CommandError(
            f"{folder}: cannot replay this scenario: {type(exc).__name__}: {exc} (--traceback for details)"
        ) from exc


def describe_database() -> str:
    from django.db import connection

    s = connection.settings_dict
    if s["ENGINE"].endswith("sqlite3"):
        return f"the SQLite database {s['NAME']}"
    return f"the database {s['NAME']} on {s.get('HOST') or 'localhost'}:{s.get('PORT') or 'default port'}"


@contextmanager
def database_needed(first: str) -> Iterator[None]:
    """No database, or one never migrated: say which database and what to run ``first``."""
    from django.db import DatabaseError

    try:
        yield
    except DatabaseError as exc:
        raise CommandError(not_ready(exc, first)) from exc


def not_ready(exc: Exception, first: str) -> str:
    down = postgres_down()
    if down:
        return down
    reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return f"{describe_database()} is not ready ({reason}): {first}"


def postgres_down() -> str:
    """ "PostgreSQL is down or unreachable ..." when the server does not take a connection at all
    (asked directly, 2 s connect timeout, not through the pool whose error only says it waited);
    "" when it answers, for SQLite, or when the server is there but the database is not (then the
    caller's "not ready: run ... first" is the right advice)."""
    import psycopg
    from django.db import connection

    d = connection.settings_dict
    if not d["ENGINE"].endswith("postgresql"):
        return ""
    try:
        psycopg.connect(
            dbname=d["NAME"],
            user=d["USER"] or None,
            password=d["PASSWORD"] or None,
            host=d["HOST"] or None,
            port=d["PORT"] or None,
            connect_timeout=2,
        ).close()
        return ""
    except psycopg.Error as exc:
        reason = " ".join(str(exc).split()).removeprefix("connection failed: ")
        if "does not exist" in reason:
            return ""
        return f"PostgreSQL is down or unreachable: {describe_database()}: {reason}"


def execute_command_line(argv: list[str]) -> None:
    """``manage.py``: what a command did not turn into a CommandError itself (Django's or a
    library's own commands, such as ``drf_create_token`` on a database never created) is still
    one line on stderr and exit status 1 (``--traceback`` shows the traceback). An argument
    with a control character is refused the same way before any command runs."""
    from django.core.management import execute_from_command_line
    from django.db import OperationalError, ProgrammingError
    from redis.exceptions import RedisError

    from recovery_site.free_text import refused_argument

    refused = refused_argument(argv[1:])
    if refused:  # a NUL or an escape sequence in an argument: no command sees it (issue 25)
        sys.stderr.write(f"CommandError: {refused}\n")
        sys.exit(1)
    if "--traceback" not in argv:
        # The pool logs each failed connection attempt: the one line below says it instead.
        logging.getLogger("psycopg.pool").setLevel(logging.CRITICAL)
    try:
        execute_from_command_line(argv)
    except (OperationalError, ProgrammingError, RedisError) as exc:  # unreachable, or never migrated
        if "--traceback" in argv:
            raise
        if not isinstance(exc, RedisError):
            message = not_ready(exc, "run `make demo` or `python manage.py migrate` first")
        else:
            message = f"cannot reach {where_redis()}: {exc}"
        sys.stderr.write(f"CommandError: {with_demo_hint(message)}\n")
        sys.exit(1)


def demo_needed() -> None:
    """A command that acts on the running demo, typed in another terminal: one line when there is none."""
    from recovery_site import demo_env

    state = demo_env.current()
    if state is not None and state.problem():
        raise CommandError(state.problem())


def with_demo_hint(message: str) -> str:
    """``message``, plus why the demo's settings were not found where a command looked for them."""
    from recovery_site import demo_env

    state = demo_env.current()
    problem = state.problem() if state is not None else ""
    return f"{message}; {problem}" if problem else message


def where_redis() -> str:
    """The Redis and key prefix this process uses, said without a password."""
    from urllib.parse import urlsplit

    from django.conf import settings

    url = urlsplit(settings.REDIS_URL)
    return f"Redis {url.hostname}:{url.port or 6379}{url.path or '/0'} (key prefix {settings.RECOVERY_REDIS_PREFIX!r})"
