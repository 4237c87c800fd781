"""The actions app's pages: overview, cluster, node, incident, approvals, autonomy, metrics,
the Prometheus exposition and API tokens."""

from django.urls import path

from actions.views import autonomy, dashboard, incidents, jobs, metrics, oncall, ops, recommendations, whatif

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
    path("clusters/<int:pk>/jobs/<str:slurm_id>/", jobs.job_detail, name="job"),
    path("clusters/<int:pk>/jobs/<str:slurm_id>/fragment/", jobs.job_fragment, name="job-fragment"),
    path("clusters/<int:pk>/whatif/", whatif.whatif_page, name="cluster-whatif"),
    path("nodes/<int:pk>/", dashboard.node_detail, name="node"),
    path("nodes/<int:pk>/return/", autonomy.return_to_service, name="node-return"),
    path("incidents/", oncall.incident_list, name="incidents-page"),
    path("fragments/incidents/", oncall.incident_list_fragment, name="incidents-page-fragment"),
    path("incidents/<int:pk>/dismiss/", oncall.dismiss, name="incident-dismiss"),
    path("incidents/<int:pk>/acknowledge/", oncall.acknowledge, name="incident-acknowledge"),
    path("incidents/<int:pk>/assign/", oncall.assign, name="incident-assign"),
    path("fragments/held/", oncall.held_banner_fragment, name="held-banner-fragment"),
    path("silences/", oncall.silence_list, name="silences"),
    path("silences/new/", oncall.silence_create, name="silence-create"),
    path("silences/<int:pk>/end/", oncall.silence_end, name="silence-end"),
    path("incidents/<int:pk>/", incidents.incident_detail, name="incident"),
    path("incidents/<int:pk>/fragment/", incidents.incident_fragment, name="incident-fragment"),
    path("incidents/<int:pk>/scenario.zip", incidents.incident_scenario, name="incident-scenario"),
    path("recommendations/<int:pk>/approve/", recommendations.approve, name="rec-approve"),
    path("recommendations/<int:pk>/reject/", recommendations.reject, name="rec-reject"),
    path("recovery-metrics/", metrics.metrics_page, name="metrics"),
    path("metrics", ops.prometheus_metrics, name="prometheus-metrics"),  # Prometheus exposition
    path("account/tokens/", ops.tokens_page, name="api-tokens"),
    path("account/tokens/new/", ops.token_create, name="api-token-create"),
    path("account/tokens/<int:pk>/revoke/", ops.token_revoke, name="api-token-revoke"),
]
