from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerSplitView
from rest_framework.routers import DefaultRouter

from actions import autonomy_views, dashboard_views, metrics_views
from actions import views as action_views
from actions.api import RecommendationViewSet
from incidents import views as incident_views
from incidents.api import AuditRecordViewSet, IncidentViewSet
from monitoring.api import ClusterViewSet, JobViewSet, NodeViewSet
from monitoring.telemetry import views as telemetry_views

router = DefaultRouter()
router.register("clusters", ClusterViewSet)
router.register("nodes", NodeViewSet)
router.register("jobs", JobViewSet)
router.register("incidents", IncidentViewSet)
router.register("recommendations", RecommendationViewSet)
router.register("audit", AuditRecordViewSet)

urlpatterns = [
    path("", dashboard_views.overview, name="overview"),
    path("fragments/overview/", dashboard_views.overview_fragment, name="overview-fragment"),
    path("clusters/<int:pk>/", dashboard_views.cluster_detail, name="cluster"),
    path("clusters/<int:pk>/autonomy/", dashboard_views.set_autonomy, name="cluster-autonomy"),
    path("clusters/<int:pk>/inject/", dashboard_views.inject_fault, name="cluster-inject"),
    path("clusters/<int:pk>/test-connection/", dashboard_views.test_connection, name="cluster-test-connection"),
    path("clusters/<int:pk>/autonomy/kind/", autonomy_views.set_kind_level, name="cluster-autonomy-kind"),
    path("clusters/<int:pk>/autonomy/override/", autonomy_views.set_override, name="cluster-autonomy-override"),
    path("clusters/<int:pk>/autonomy/monitor-only/", autonomy_views.set_monitor_only, name="cluster-monitor-only"),
    path("nodes/<int:pk>/", dashboard_views.node_detail, name="node"),
    path("nodes/<int:pk>/return/", autonomy_views.return_to_service, name="node-return"),
    path("incidents/<int:pk>/", incident_views.incident_detail, name="incident"),
    path("incidents/<int:pk>/fragment/", incident_views.incident_fragment, name="incident-fragment"),
    path("incidents/<int:pk>/dismiss/", incident_views.dismiss, name="incident-dismiss"),
    path("recommendations/<int:pk>/approve/", action_views.approve, name="rec-approve"),
    path("recommendations/<int:pk>/reject/", action_views.reject, name="rec-reject"),
    path("audit/", incident_views.audit_log, name="audit"),
    path("audit/export.<str:fmt>", incident_views.audit_export, name="audit-export"),
    path("incidents/<int:pk>/verdict/", incident_views.mark_verdict, name="incident-verdict"),
    path("metrics/", metrics_views.metrics_page, name="metrics"),
    path("api/metrics/", metrics_views.metrics_api, name="metrics-api"),
    path("telemetry/nodes/<int:pk>/gpus.json", telemetry_views.node_gpu_telemetry, name="node-gpu-telemetry"),
    path("telemetry/incidents/<int:pk>/peers.json", telemetry_views.incident_gpu_telemetry, name="incident-gpu-telemetry"),
    path(telemetry_views.PLOTLY_JS_PATH, telemetry_views.plotly_js, name="plotly-js"),
    path("login/", auth_views.LoginView.as_view(template_name="login.html"), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("api/", include(router.urls)),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves its script as a file, so the Content-Security-Policy needs no inline script.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="schema"), name="api-redoc"),
    path("admin/", admin.site.urls),
]
