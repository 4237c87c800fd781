"""REST API for incidents and the audit trail (read-only, but for an operator's verdict)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.utils import timezone
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from incidents import services as feedback
from incidents.api.pagination import AuditKeysetPagination
from incidents.api.serializers import AuditRecordSerializer, IncidentSerializer, VerdictSerializer
from incidents.audit.filters import parse_filters
from incidents.models import AuditRecord, Incident


class IncidentViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = Incident.objects.select_related("cluster").prefetch_related("evidence")
    serializer_class = IncidentSerializer

    def get_queryset(self):  # type: ignore[no-untyped-def]
        qs = super().get_queryset()
        state = self.request.query_params.get("status")
        return qs.filter(status=state) if state else qs

    @action(detail=True, methods=["post"], serializer_class=VerdictSerializer, url_name="verdict-api")
    def verdict(self, request: Request, pk: str | None = None) -> Response:
        """Mark the verdict confirmed or false (operators); a viewer's attempt is refused and audited."""
        incident = self.get_object()
        body = VerdictSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            feedback.mark_verdict(
                incident,
                request.user,
                body.validated_data["verdict"],
                timezone.now(),
                body.validated_data["note"],
            )
        except PermissionDenied as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_403_FORBIDDEN)
        incident.refresh_from_db()
        return Response(IncidentSerializer(incident).data)


class AuditRecordViewSet(viewsets.ReadOnlyModelViewSet):
    """The trail newest first, in keyset pages: ``?before=<seq>`` older, ``?after=<seq>`` newer."""

    queryset = AuditRecord.objects.order_by("-seq")
    serializer_class = AuditRecordSerializer
    lookup_field = "seq"
    pagination_class = AuditKeysetPagination

    def get_queryset(self):  # type: ignore[no-untyped-def]
        """The audit page's filters (cluster, job, node, incident, actor, event, from, to), one definition for both."""
        self.audit_filters = filters = parse_filters(self.request.query_params)
        if filters.errors:
            raise ValidationError({"filters": filters.errors})
        return filters.apply(super().get_queryset())
