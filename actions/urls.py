"""The actions app's pages: overview, cluster, node, incident, approvals, autonomy, metrics."""

from django.urls import path

from actions.views import autonomy, dashboard, incidents, metrics, nodes, recommendations

urlpatterns = [
    path("", dashboard.overview, name="overview"),
    path("fragments/overview/", dashboard.overview_fragment, name="overview-fragment"),
    path("clusters/<int:pk>/", dashboard.cluster_detail, name="cluster"),
    path("clusters/<int:pk>/autonomy/", dashboard.set_autonomy, name="cluster-autonomy"),
    path("clusters/<int:pk>/inject/", dashboard.inject_fault, name="cluster-inject"),
    path("clusters/<int:pk>/test-connection/", dashboard.test_connection, name="cluster-test-connection"),
    path("clusters/<int:pk>/autonomy/kind/", autonomy.set_kind_level, name="cluster-autonomy-kind"),
    path("clusters/<int:pk>/autonomy/override/", autonomy.set_override, name="cluster-autonomy-override"),
    path("clusters/<int:pk>/autonomy/monitor-only/", autonomy.set_monitor_only, name="cluster-monitor-only"),
    path("nodes/<int:pk>/", dashboard.node_detail, name="node"),
    path("nodes/<int:pk>/return/", autonomy.return_to_service, name="node-return"),
    path("nodes/<int:pk>/rma.json", nodes.rma_json, name="node-rma-json"),
    path("nodes/<int:pk>/rma.zip", nodes.rma_zip_download, name="node-rma-zip"),
    path("incidents/<int:pk>/", incidents.incident_detail, name="incident"),
    path("incidents/<int:pk>/fragment/", incidents.incident_fragment, name="incident-fragment"),
    path("recommendations/<int:pk>/approve/", recommendations.approve, name="rec-approve"),
    path("recommendations/<int:pk>/reject/", recommendations.reject, name="rec-reject"),
    path("metrics/", metrics.metrics_page, name="metrics"),
]
