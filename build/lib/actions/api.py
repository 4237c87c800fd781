"""REST API for recommendations, with approve and reject as actions."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.utils import timezone
from rest_framework import serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from actions import services
from actions.models import Recommendation


class RecommendationSerializer(serializers.ModelSerializer):
    cluster = serializers.SlugRelatedField(slug_field="name", read_only=True)
    decided_by = serializers.SlugRelatedField(slug_field="username", read_only=True)

    class Meta:
        model = Recommendation
        fields = [
            "id", "incident", "cluster", "action", "node", "job", "exclude", "text", "status", "blocked_reason",
            "created_at", "expires_at", "decided_by", "decided_at", "decision_comment", "executed_at", "result",
        ]


class DecisionSerializer(serializers.Serializer):
    comment = serializers.CharField(required=False, allow_blank=True, max_length=2000, default="")


class RecommendationViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = Recommendation.objects.select_related("cluster", "incident", "decided_by")
    serializer_class = RecommendationSerializer

    def get_queryset(self):  # type: ignore[no-untyped-def]
        qs = super().get_queryset()
        state = self.request.query_params.get("status")
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
        except services.Conflict as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_409_CONFLICT)
        rec.refresh_from_db()
        return Response(RecommendationSerializer(rec).data)

    @action(detail=True, methods=["post"], serializer_class=DecisionSerializer)
    def approve(self, request: Request, pk: str | None = None) -> Response:
        return self._decide(request, "approve")

    @action(detail=True, methods=["post"], serializer_class=DecisionSerializer)
    def reject(self, request: Request, pk: str | None = None) -> Response:
        return self._decide(request, "reject")
