"""REST API for recommendations, with approve and reject as actions."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status, viewsets
from rest_framework.decorators import action, api_view
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from actions.api.serializers import DecisionSerializer, RecommendationSerializer
from actions.models import Recommendation
from actions.services import fleet
from actions.services import recommendations as services
from actions.services import reports as insights
from actions.services.transitions import Conflict
from actions.views.metrics import selection


class RecommendationViewSet(viewsets.ReadOnlyModelViewSet):
    # The serializer shows the incident's id only (incident_id): joining the incident row would
    # only widen every row read (the list is 50 of 100k in created order, rec_created_id_idx).
    queryset = Recommendation.objects.select_related("cluster", "decided_by")
    serializer_class = RecommendationSerializer

    def get_queryset(self):  # type: ignore[no-untyped-def]
        qs = super().get_queryset()
        state = self.request.query_params.get("status")
        incident = self.request.query_params.get("incident", "").lstrip("#")
        if incident.isdigit():  # ?incident=N: that incident's recommendations only
            qs = qs.filter(incident_id=int(incident))
        elif incident:
            raise ValidationError({"incident": f"must be a number, not {incident!r}"})
        return qs.filter(status=state) if state else qs

    def _decide(self, request: Request, verb: str) -> Response:
        rec = self.get_object()
        body = DecisionSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        decide = services.approve_recommendation if verb == "approve" else services.reject_recommendation
        try:
            decide(rec, request.user, timezone.now(), body.validated_data["comment"])
        except PermissionDenied as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_403_FORBIDDEN)
        except Conflict as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_409_CONFLICT)
        rec.refresh_from_db()
        return Response(RecommendationSerializer(rec).data)

    @action(detail=True, methods=["post"], serializer_class=DecisionSerializer)
    def approve(self, request: Request, pk: str | None = None) -> Response:
        return self._decide(request, "approve")

    @action(detail=True, methods=["post"], serializer_class=DecisionSerializer)
    def reject(self, request: Request, pk: str | None = None) -> Response:
        return self._decide(request, "reject")


@extend_schema(
    parameters=[
        OpenApiParameter("cluster", str, description="cluster name; all clusters when absent"),
        OpenApiParameter(
            "window", str, enum=list(insights.WINDOWS), description="how far back: 24h (default) or 7d"
        ),
    ],
    responses={200: dict},
)
@api_view(["GET"])
def metrics_api(request: Request) -> Response:
    """Recovery metrics per incident and their summary (count, mean, median, p90, max) over a window."""
    cluster, name, window = selection(request.query_params)
    report = insights.metrics_report(cluster, window, timezone.now())
    return Response({"cluster": name or None, "window": window} | insights.report_json(report))


@extend_schema(responses={200: dict})
@api_view(["GET"])
def node_rma_api(request: Request, pk: int) -> Response:
    """A node's RMA bundle: its incidents, evidence lines, Xids, telemetry around each fault,
    health-check results and the actions taken (the same JSON as the node page's download)."""
    from django.shortcuts import get_object_or_404

    from actions.services.lemons import rma_bundle
    from monitoring.models import Node

    return Response(rma_bundle(get_object_or_404(Node.objects.select_related("cluster"), pk=pk)))


class MonitorOnlySerializer(serializers.Serializer):
    on = serializers.BooleanField()
    reason = serializers.CharField(required=False, allow_blank=True, max_length=500, default="")


@extend_schema(request=MonitorOnlySerializer, responses={200: dict})
@api_view(["POST"])
def monitor_only_api(request: Request, pk: int) -> Response:
    """The "back to monitor" switch: operators pull it (``on: true``), admins release it. Releasing re-routes
    what it held: still valid actions await approval, stale ones expire with the reason."""
    from django.shortcuts import get_object_or_404

    from actions.services import actionable
    from monitoring.models import Cluster

    cluster = get_object_or_404(Cluster, pk=pk)
    body = MonitorOnlySerializer(data=request.data)
    body.is_valid(raise_exception=True)
    on, reason = body.validated_data["on"], body.validated_data["reason"]
    try:
        approvable, expired = actionable.switch_monitor_only(
            cluster, on, request.user, timezone.now(), reason
        )
    except PermissionDenied as exc:
        return Response({"detail": str(exc)}, status=status.HTTP_403_FORBIDDEN)
    return Response(
        {
            "cluster": cluster.name,
            "monitor_only": cluster.monitor_only,
            "monitor_only_reason": cluster.monitor_only_reason,
            "approvable": approvable,
            "expired": expired,
        }
    )


@extend_schema(
    parameters=[
        OpenApiParameter("q", str, description="part of the cluster's name"),
        OpenApiParameter("status", str, enum=list(fleet.STATUS_ORDER), description="the row's status"),
        OpenApiParameter("mode", str, enum=["monitor", "approve", "auto"], description="the effective mode"),
        OpenApiParameter(
            "sort", str, description=f"one of {', '.join(sorted(fleet.SORTS))}; a leading - reverses it"
        ),
    ],
    responses={200: dict},
)
@api_view(["GET"])
def fleet_api(request: Request) -> Response:
    """Every cluster's row of the fleet page (actions.services.fleet), with the totals."""
    try:
        flt = fleet.FleetFilter.from_query(request.query_params)
    except ValueError as exc:
        raise ValidationError({"detail": str(exc)}) from exc
    rows = fleet.fleet_rows(timezone.now(), flt)
    return Response({"totals": fleet.fleet_totals(rows), "clusters": [r.as_dict() for r in rows]})
