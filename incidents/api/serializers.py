"""REST serializers of the incidents app."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from incidents.models import AuditRecord, Incident, unexplained_rows
from incidents.services import VERDICTS


class UnexplainedLineSerializer(serializers.Serializer):
    """One line nothing explained (the schema of ``IncidentSerializer.unexplained``'s items)."""

    at = serializers.DateTimeField()
    where = serializers.CharField()
    line = serializers.CharField()
    seen = serializers.IntegerField()


class IncidentSerializer(serializers.ModelSerializer):
    cluster = serializers.SlugRelatedField(slug_field="name", read_only=True)
    evidence = serializers.SerializerMethodField()
    unexplained = serializers.SerializerMethodField()

    class Meta:
        model = Incident
        fields = [
            "id",
            "cluster",
            "status",
            "category",
            "culprit_node",
            "culprit_gpu",
            "confidence",
            "pattern",
            "jobs",
            "detected_at",
            "first_signal_at",
            "resolved_at",
            "reopen_count",
            "verification_note",
            "operator_verdict",
            "evidence",
            "unexplained",
        ]

    def get_evidence(self, obj: Incident) -> list[str]:
        return [e.text for e in obj.evidence.all()]

    @extend_schema_field(UnexplainedLineSerializer(many=True))
    def get_unexplained(self, obj: Incident) -> list[dict[str, object]]:
        """Lines nothing explained, rarest template first: when, where, the line, how often its template was seen."""
        return [
            {"at": r["at"].isoformat(), "where": r["where"], "line": r["line"], "seen": r["seen"]}
            for r in unexplained_rows(obj)
        ]


class AuditRecordSerializer(serializers.ModelSerializer):
    class Meta:
        model = AuditRecord
        fields = [
            "seq",
            "at",
            "actor_type",
            "actor",
            "event",
            "cluster",
            "workload",
            "node",
            "incident_id",
            "recommendation_id",
            "pattern",
            "attribution",
            "action",
            "outcome",
            "detail",
            "prev_hash",
            "hash",
        ]


class VerdictSerializer(serializers.Serializer):
    verdict = serializers.ChoiceField(choices=list(VERDICTS))
    note = serializers.CharField(required=False, allow_blank=True, max_length=500, default="")
