"""REST API for clusters, nodes and jobs (read-only here; changes go through actions)."""

from __future__ import annotations

from rest_framework import viewsets

from monitoring.api.serializers import ClusterSerializer, JobSerializer, NodeSerializer
from monitoring.models import Cluster, Job, Node


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
