"""REST API for clusters, nodes and jobs (read-only here; changes go through actions)."""

from __future__ import annotations

from django.utils import timezone
from rest_framework import viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from monitoring.api.serializers import ClusterSerializer, JobSerializer, NodeSerializer
from monitoring.models import Cluster, Job, Node
from monitoring.telemetry.coverage_store import cluster_coverage


class ClusterViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = Cluster.objects.all()
    serializer_class = ClusterSerializer

    @action(detail=True, methods=["get"], url_path="telemetry-coverage")
    def telemetry_coverage(self, request: Request, pk: str | None = None) -> Response:
        """Which telemetry detectors can fire, from the fields this cluster's GPUs report."""
        coverage = cluster_coverage(self.get_object(), timezone.now())
        return Response({"gpus": coverage[0].gpus, "coverage": [c.as_dict() for c in coverage]})


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
