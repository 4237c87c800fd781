"""``/api/audit/``'s keyset pages: the audit page's ``before``/``after`` seq cursors (incidents.audit.paging).

The response keeps PageNumberPagination's shape (``count``, ``next``, ``previous``,
``results``) so clients written for it keep working: ``next`` is the page of older records,
``previous`` the newer one. ``count`` is exact (the head's seq without filters, a count with
them) up to 10,000 matching records; past that it is ``null`` and ``count_more_than`` says
10000. Old ``?page=N`` requests are served at the same position.
"""

from __future__ import annotations

from typing import Any

from rest_framework.exceptions import ValidationError
from rest_framework.pagination import BasePagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.utils.urls import remove_query_param, replace_query_param

from incidents.audit.paging import PAGE_SIZE, AuditWindow, CursorError, audit_window


class AuditKeysetPagination(BasePagination):
    page_size = PAGE_SIZE

    def paginate_queryset(self, queryset, request: Request, view=None):  # type: ignore[no-untyped-def,override]
        filtered = bool(getattr(view, "audit_filters", None) and view.audit_filters.active)  # type: ignore[union-attr]
        try:
            self.window: AuditWindow = audit_window(queryset, request.query_params, filtered=filtered)
        except CursorError as exc:
            raise ValidationError({"cursor": [str(exc)]}) from exc
        self.request = request
        return self.window.records

    def _link(self, name: str, seq: int | None) -> str | None:
        if seq is None:
            return None
        url = self.request.build_absolute_uri()
        for param in ("page", "before", "after"):
            url = remove_query_param(url, param)
        return replace_query_param(url, name, seq)

    def get_paginated_response(self, data: Any) -> Response:
        w = self.window
        return Response(
            {
                "count": w.count,
                "count_more_than": w.count_more_than,
                "next": self._link("before", w.older),
                "previous": self._link("after", w.newer),
                "results": data,
            }
        )

    def get_paginated_response_schema(self, schema: dict[str, Any]) -> dict[str, Any]:
        return {
            "type": "object",
            "required": ["count", "results"],
            "properties": {
                "count": {
                    "type": "integer",
                    "nullable": True,
                    "description": "matching records; null when there are more than count_more_than",
                },
                "count_more_than": {
                    "type": "integer",
                    "nullable": True,
                    "description": "set (10000) when the filtered count was not taken past that",
                },
                "next": {
                    "type": "string",
                    "format": "uri",
                    "nullable": True,
                    "description": "older records (?before=<oldest seq shown>)",
                },
                "previous": {
                    "type": "string",
                    "format": "uri",
                    "nullable": True,
                    "description": "newer records (?after=<newest seq shown>)",
                },
                "results": schema,
            },
        }

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        def param(name: str, text: str) -> dict[str, Any]:
            return {
                "name": name,
                "required": False,
                "in": "query",
                "description": text,
                "schema": {"type": "integer"},
            }

        return [
            param("before", "records older than this seq (newest first)"),
            param("after", "records newer than this seq"),
            param("page", "page number of 50 (older links; served at the same keyset position)"),
        ]
