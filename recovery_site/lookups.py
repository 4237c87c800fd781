"""``field__any=[...]``: ``field = ANY(%s)`` with the whole list as ONE array parameter (PostgreSQL).

``field__in=ids`` makes one placeholder per id: for the 800 incidents still in motion that
the recovery-metrics page gathers, building and sending those placeholders cost ~3 ms a
query, six queries a page (issue 14). ``in_ids`` picks ``__any`` on PostgreSQL and ``__in``
elsewhere (the SQLite demo).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import connection
from django.db.models import Field, ForeignObject, Lookup


@Field.register_lookup
class AnyOf(Lookup):  # type: ignore[type-arg]
    lookup_name = "any"
    prepare_rhs = False

    def get_db_prep_lookup(self, value: Any, connection: Any) -> tuple[str, list[Any]]:
        return "%s", [list(value)]

    def as_sql(self, compiler: Any, connection: Any) -> tuple[str, list[Any]]:
        lhs, lhs_params = self.process_lhs(compiler, connection)
        rhs, rhs_params = self.process_rhs(compiler, connection)
        return f"{lhs} = ANY({rhs})", [*lhs_params, *rhs_params]


ForeignObject.register_lookup(AnyOf)  # incident_id and the like: the key's own values


def in_ids(field: str, ids: Iterable[Any]) -> dict[str, Any]:
    """Filter keyword arguments: ``field`` is one of ``ids``."""
    return {f"{field}__any" if connection.vendor == "postgresql" else f"{field}__in": list(ids)}
