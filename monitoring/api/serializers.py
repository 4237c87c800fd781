"""REST serializers of the monitoring app."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from rest_framework import serializers

from monitoring.controller_state import health
from monitoring.models import Cluster, Job, Node


class ClusterSerializer(serializers.ModelSerializer):
    effective_autonomy = serializers.SerializerMethodField(
        help_text="what holds now: monitor while back to monitor is on"
    )
    # The controller's view of the cluster: last tick, lag, blind since, each source's last error.
    health = serializers.SerializerMethodField()

    class Meta:
        model = Cluster
        fields = [
            "id",
            "name",
            "connection_mode",
            "autonomy",
            "effective_autonomy",
            "isolation_autonomy",
            "restart_autonomy",
            "remediation_autonomy",
            "monitor_only",
            "monitor_only_reason",
            "partitions",
            "gpus_per_node",
            "created_at",
            "health",
        ]

    def get_effective_autonomy(self, obj: Cluster) -> str:
        return "monitor" if obj.monitor_only else obj.autonomy

    def get_health(self, obj: Cluster) -> dict[str, Any]:
        return health(obj, timezone.now())


class NodeSerializer(serializers.ModelSerializer):
    cluster = serializers.SlugRelatedField(slug_field="name", read_only=True)

    class Meta:
        model = Node
        fields = [
            "id",
            "cluster",
            "name",
            "partition",
            "state",
            "reason",
            "drained_by_us",
            "held_as_lemon",
            "held_reason",
            "health",
            "updated_at",
        ]


class JobSerializer(serializers.ModelSerializer):
    cluster = serializers.SlugRelatedField(slug_field="name", read_only=True)

    class Meta:
        model = Job
        fields = [
            "id",
            "cluster",
            "slurm_id",
            "name",
            "user",
            "partition",
            "nodes",
            "tasks_per_node",
            "state",
            "started_at",
            "restarts",
            "excluded_nodes",
            "last_step",
            "last_checkpoint_step",
            "last_progress_at",
        ]
