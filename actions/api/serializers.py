"""REST serializers of the actions app."""

from __future__ import annotations

from rest_framework import serializers

from actions.models import Recommendation


class RecommendationSerializer(serializers.ModelSerializer):
    cluster = serializers.SlugRelatedField(slug_field="name", read_only=True)
    decided_by = serializers.SlugRelatedField(slug_field="username", read_only=True)

    class Meta:
        model = Recommendation
        fields = [
            "id",
            "incident",
            "cluster",
            "action",
            "node",
            "job",
            "exclude",
            "text",
            "status",
            "blocked_reason",
            "created_at",
            "expires_at",
            "decided_by",
            "decided_at",
            "decision_comment",
            "executed_at",
            "result",
        ]


class DecisionSerializer(serializers.Serializer):
    comment = serializers.CharField(required=False, allow_blank=True, max_length=2000, default="")
