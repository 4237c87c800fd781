"""REST API for incidents and the audit trail (read-only)."""

from __future__ import annotations

from rest_framework import serializers, viewsets

from incidents.models import AuditRecord, Incident


class IncidentSerializer(serializers.ModelSerializer):
    cluster = serializers.SlugRelatedField(slug_field="name", read_only=True)
    evidence = serializers.SerializerMethodField()

    class Meta:
        model = Incident
        fields = [
            "id", "cluster", "status", "category", "culprit_node", "culprit_gpu", "confidence", "pattern",
            "jobs", "detected_at", "resolved_at", "reopen_count", "verification_note", "evidence",
        ]

    def get_evidence(self, obj: Incident) -> list[str]:
        return [e.text for e in obj.evidence.all()]


class AuditRecordSerializer(serializers.ModelSerializer):
    class Meta:
        model = AuditRecord
        fields = [
            "seq", "at", "actor_type", "actor", "event", "cluster", "workload", "node", "incident_id",
            "recommendation_id", "pattern", "attribution", "action", "outcome", "detail", "prev_hash", "hash",
        ]


class IncidentViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = Incident.objects.select_related("cluster").prefetch_related("evidence")
    serializer_class = IncidentSerializer

    def get_queryset(self):  # type: ignore[no-untyped-def]
        qs = super().get_queryset()
        status = self.request.query_params.get("status")
        return qs.filter(status=status) if status else qs


class AuditRecordViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = AuditRecord.objects.order_by("-seq")
    serializer_class = AuditRecordSerializer
    lookup_field = "seq"

    def get_queryset(self):  # type: ignore[no-untyped-def]
        qs = super().get_queryset()
        for f in ("cluster", "workload", "node", "incident_id", "actor", "event"):
            value = self.request.query_params.get(f)
            if value:
                qs = qs.filter(**{f: value})
        return qs
