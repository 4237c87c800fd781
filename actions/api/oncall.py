"""REST API of the on-call workflow: incidents with filters, needs-approval, dismiss, acknowledge, assign; silences.

It extends incidents' viewset here, in the top app, because "needs approval" and
dismiss (which ends recommendations) are the actions app's business.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.utils import timezone
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from actions.services import actionable, paging
from actions.views.incident_list import parse_incident_filters
from incidents import oncall, silences
from incidents.api.serializers import IncidentSerializer
from incidents.api.views import IncidentViewSet
from incidents.models import Silence
from incidents.services import IllegalTransition
from monitoring.models import Cluster
from recovery_site.roles import Role, has_role


class OnCallIncidentSerializer(IncidentSerializer):
    needs_approval = serializers.BooleanField(read_only=True, default=False)
    silenced_by = serializers.PrimaryKeyRelatedField(read_only=True)

    class Meta(IncidentSerializer.Meta):
        fields = [
            *IncidentSerializer.Meta.fields,
            "needs_approval",
            "acknowledged_by",
            "acknowledged_at",
            "assignee",
            "silenced_by",
        ]


class NoteSerializer(serializers.Serializer):
    note = serializers.CharField(required=False, allow_blank=True, max_length=500, default="")


class DismissSerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, max_length=1000, default="")


class AssignSerializer(NoteSerializer):
    assignee = serializers.CharField(allow_blank=True, max_length=150)


def _problem(exc: Exception, code: int) -> Response:
    return Response({"detail": str(exc)}, status=code)


class OnCallIncidentViewSet(IncidentViewSet):
    """Incidents; filter with q, cluster, status (comma list or ``active``), category, node, job, assignee,
    needs_approval, silenced, from, to, sort."""

    serializer_class = OnCallIncidentSerializer

    def get_queryset(self):  # type: ignore[no-untyped-def]
        filters = parse_incident_filters(self.request.query_params)
        if filters.errors:
            raise ValidationError({"filters": filters.errors})
        return filters.apply(super(IncidentViewSet, self).get_queryset())

    def _done(self, pk: str | None) -> Response:
        return Response(OnCallIncidentSerializer(self.get_queryset().get(pk=pk)).data)

    @action(detail=True, methods=["post"], serializer_class=DismissSerializer, url_name="dismiss-api")
    def dismiss(self, request: Request, pk: str | None = None) -> Response:
        """Dismiss as a false alarm (operators): its recommendations end, audited with the reason."""
        incident = self.get_object()
        body = DismissSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        if not has_role(request.user, Role.OPERATOR):
            return _problem(
                PermissionDenied("only operators and admins may dismiss incidents"), status.HTTP_403_FORBIDDEN
            )
        try:
            actionable.dismiss(incident, request.user, body.validated_data["reason"], timezone.now())
        except IllegalTransition as exc:
            return _problem(exc, status.HTTP_409_CONFLICT)
        return self._done(pk)

    @action(detail=True, methods=["post"], serializer_class=NoteSerializer, url_name="acknowledge-api")
    def acknowledge(self, request: Request, pk: str | None = None) -> Response:
        incident = self.get_object()
        body = NoteSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            if oncall.acknowledge_incident(
                incident, request.user, timezone.now(), body.validated_data["note"]
            ):
                paging.acknowledge(incident, request.user, timezone.now())  # PagerDuty stops escalating now
        except PermissionDenied as exc:
            return _problem(exc, status.HTTP_403_FORBIDDEN)
        return self._done(pk)

    @action(detail=True, methods=["post"], serializer_class=AssignSerializer, url_name="assign-api")
    def assign(self, request: Request, pk: str | None = None) -> Response:
        incident = self.get_object()
        body = AssignSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            oncall.assign_incident(
                incident,
                request.user,
                body.validated_data["assignee"],
                timezone.now(),
                body.validated_data["note"],
            )
        except PermissionDenied as exc:
            return _problem(exc, status.HTTP_403_FORBIDDEN)
        except ValueError as exc:
            return _problem(exc, status.HTTP_400_BAD_REQUEST)
        return self._done(pk)


class SilenceSerializer(serializers.ModelSerializer):
    cluster = serializers.SlugRelatedField(slug_field="name", queryset=Cluster.objects.all())

    class Meta:
        model = Silence
        fields = [
            "id",
            "cluster",
            "partition",
            "node",
            "job",
            "pattern",
            "starts_at",
            "ends_at",
            "reason",
            "created_by",
            "created_at",
            "ended_early_at",
        ]
        read_only_fields = ["created_by", "created_at", "ended_early_at"]


class SilenceViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Maintenance windows. Operators create node and job silences; cluster-wide, partition and pattern ones need an admin."""

    queryset = Silence.objects.select_related("cluster")
    serializer_class = SilenceSerializer

    def create(self, request: Request, *args: object, **kwargs: object) -> Response:
        body = SilenceSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = dict(body.validated_data)
        cluster = data.pop("cluster")
        try:
            silence = silences.create_silence(cluster, request.user, now=timezone.now(), **data)
        except PermissionDenied as exc:
            return _problem(exc, status.HTTP_403_FORBIDDEN)
        except ValueError as exc:
            return _problem(exc, status.HTTP_400_BAD_REQUEST)
        return Response(SilenceSerializer(silence).data, status=status.HTTP_201_CREATED)

    @action(detail=True, methods=["post"], url_name="end-api")
    def end(self, request: Request, pk: str | None = None) -> Response:
        silence = self.get_object()
        try:
            now = timezone.now()
            if silences.end_silence(silence, request.user, now):
                actionable.release_ended_silences(silence.cluster, now, actor=request.user)
        except PermissionDenied as exc:
            return _problem(exc, status.HTTP_403_FORBIDDEN)
        silence.refresh_from_db()
        return Response(SilenceSerializer(silence).data)
