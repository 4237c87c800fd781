"""REST API for clusters, nodes and jobs (read-only here; changes go through actions)."""

from __future__ import annotations

from rest_framework import serializers, viewsets

from monitoring.models import Cluster, Job, Node


class ClusterSerializer(serializers.ModelSerializer):
    class Meta:
        model = Cluster
        fields = [
            "id", "name", "connection_mode", "autonomy", "isolation_autonomy", "restart_autonomy", "monitor_only",
            "monitor_only_reason", "partitions", "gpus_per_node", "created_at",
        ]


class NodeSerializer(serializers.ModelSerializer):
    cluster = serializers.SlugRelatedField(slug_field="name", read_only=True)

    class Meta:
        model = Node
        fields = ["id", "cluster", "name", "partition", "state", "reason", "drained_by_us", "health", "updated_at"]


class JobSerializer(serializers.ModelSerializer):
    cluster = serializers.SlugRelatedField(slug_field="name", read_only=True)

    class Meta:
        model = Job
        fields = [
            "id", "cluster", "slurm_id", "name", "user", "partition", "nodes", "tasks_per_node", "state",
            "started_at", "restarts", "excluded_nodes", "last_step", "last_checkpoint_step", "last_progress_at",
        ]


class ClusterViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = Cluster.objects.all()
    serializer_class = ClusterSerializer


class NodeViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = Node.objects.select_related("cluster").all()
    serializer_class = NodeSerializer

    def get_queryset(self):  # type: ignore[no-untyped-def]
        qs = super().get_queryset()
        cluster = self.request.query_params.get("cluster")
        return qs.filter(cluster__name=cluster) if cluster else qs


class JobViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = Job.objects.select_related("cluster").all()
    serializer_class = JobSerializer

    def get_queryset(self):  # type: ignore[no-untyped-def]
        qs = super().get_queryset()
        state = self.request.query_params.get("state")
        return qs.filter(state=state) if state else qs
