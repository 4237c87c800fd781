"""Read queries built once per process: the ORM writes the SQL once, each tick only runs it (issue 26).

Building and compiling a queryset costs 0.2–0.3 ms of CPU; running a small one against a local
PostgreSQL ~0.1 ms. A tick runs about a dozen, every interval, for every cluster of the fleet, so
the same SQL was written again and again. A :class:`Prepared` query is built by the ORM from
stand-in values once per database connection; each call swaps the stand-ins for the real values
among the compiled parameters and passes the rows through the ORM's own converters, so what it
returns is what the queryset's ``values_list`` returns (``tests/integration/test_prepared.py``
checks that on drawn rows, SQLite's datetime adaptation included).

Only for queries whose SQL does not depend on the values: no ``__in`` over a list whose length
varies, no ``None`` (which turns ``=`` into ``IS NULL``). A stand-in the compiled parameters do not
contain (a value the ORM transformed) is refused when the query is built, never guessed at.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from typing import Any, TypeVar

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Model, QuerySet
from django.db.models.sql.compiler import SQLCompiler

M = TypeVar("M", bound=Model)

# Stand-ins unlikely to be anything's real value: a negative primary key, a time in 1901.
CLUSTER_ID = -7_340_033


def stand_in_time(n: int) -> dt.datetime:
    """The n-th stand-in time (distinct for n < 60)."""
    return dt.datetime(1901, 1, 1, 0, 0, n, tzinfo=dt.UTC)


class Prepared:
    """``build(*stand_ins)`` compiled once per connection; ``rows(*values)`` runs it with ``values``."""

    def __init__(self, build: Callable[..., QuerySet[Any]], *stand_ins: Any) -> None:
        self.build = build
        self.stand_ins = stand_ins
        # One entry per connection object (one a thread): the compiler keeps its connection, so
        # weak keys would never be freed anyway.
        self._compiled: dict[Any, tuple[str, tuple[Any, ...], SQLCompiler]] = {}

    def sql(self, using: str = DEFAULT_DB_ALIAS) -> tuple[str, tuple[Any, ...], SQLCompiler]:
        conn = connections[using]
        got = self._compiled.get(conn)
        if got is None:
            compiler = self.build(*self.stand_ins).query.get_compiler(using=using)
            sql, params = compiler.as_sql()
            stand_ins = [_adapt(conn, s) for s in self.stand_ins]
            missing = [s for s, a in zip(self.stand_ins, stand_ins, strict=True) if a not in params]
            if missing:
                raise ValueError(f"stand-ins {missing!r} are not among the compiled parameters {params!r}")
            if conn.vendor == "postgresql":
                sql, params = _inline_constants(conn, sql, list(params), stand_ins)
            got = self._compiled[conn] = (sql, tuple(params), compiler)
        return got

    def rows(self, *values: Any, using: str = DEFAULT_DB_ALIAS) -> list[tuple[Any, ...]]:
        if len(values) != len(self.stand_ins):
            raise TypeError(f"{len(self.stand_ins)} values expected, {len(values)} given")
        conn = connections[using]
        sql, params, compiler = self.sql(using)
        swap = {_adapt(conn, s): _adapt(conn, v) for s, v in zip(self.stand_ins, values, strict=True)}
        args = [swap.get(p, p) for p in params]
        with conn.cursor() as cur:
            cur.execute(sql, args)
            fetched = cur.fetchall()
        return list(compiler.results_iter(results=[fetched], tuple_expected=True))

    def first(self, *values: Any, using: str = DEFAULT_DB_ALIAS) -> tuple[Any, ...] | None:
        rows = self.rows(*values, using=using)
        return rows[0] if rows else None


def model_rows(
    model: type[M], build: Callable[..., QuerySet[Any]], *stand_ins: Any
) -> Callable[..., list[M]]:
    """Like :class:`Prepared`, for whole rows as model instances: ``build`` filters ``model``; every
    concrete field is read and the instances are made as the ORM makes them (``from_db``)."""
    names = [f.attname for f in model._meta.concrete_fields]
    prepared = Prepared(lambda *v: build(*v).values_list(*names), *stand_ins)

    def rows(*values: Any, using: str = DEFAULT_DB_ALIAS) -> list[M]:
        return [model.from_db(using, names, row) for row in prepared.rows(*values, using=using)]

    return rows


_PLACEHOLDER = re.compile(r"%%|%s")


def _inline_constants(conn: Any, sql: str, params: list[Any], stand_ins: list[Any]) -> tuple[str, list[Any]]:
    """The SQL with every parameter but the stand-ins written in as a literal (PostgreSQL).

    psycopg parses a statement's placeholders once and caches that only for statements of at most
    50 parameters (``MAX_CACHED_STATEMENT_PARAMS``); the sweeps' probe has more, and was parsed
    again on every tick. The constants never change, so they are quoted once here, by psycopg's own
    adaptation on this connection (``%`` in them doubled, as the placeholder syntax needs)."""
    from psycopg import sql as psql

    conn.ensure_connection()
    raw = conn.connection
    values = iter(params)
    kept: list[Any] = []

    def put(m: re.Match[str]) -> str:
        if m[0] == "%%":
            return "%%"
        value = next(values)
        if value in stand_ins:
            kept.append(value)
            return "%s"
        return psql.Literal(value).as_string(raw).replace("%", "%%")

    out = _PLACEHOLDER.sub(put, sql)
    if next(values, _END) is not _END:
        raise ValueError("more parameters than placeholders in the compiled SQL")
    return out, kept


_END = object()


def _adapt(conn: Any, value: Any) -> Any:
    if value is None:
        raise ValueError("None cannot stand in or be swapped in: the SQL would differ (IS NULL)")
    if isinstance(value, dt.datetime):
        return conn.ops.adapt_datetimefield_value(value)
    return value
