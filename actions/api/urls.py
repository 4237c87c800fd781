"""The whole REST API under /api/: this app's routes plus the lower apps', behind one browsable root.

actions is the top app, so it may gather the routers of incidents and monitoring (imports point down).
"""

from django.urls import path
from rest_framework.routers import DefaultRouter

from actions.api.oncall import OnCallIncidentViewSet, SilenceViewSet
from actions.api.views import RecommendationViewSet, fleet_api, metrics_api, monitor_only_api, node_rma_api
from incidents.api.urls import router as incidents_router
from monitoring.api.urls import router as monitoring_router

router = DefaultRouter()
router.registry.extend(monitoring_router.registry)
# incidents' own viewset is replaced by the on-call one (filters, needs_approval, dismiss, acknowledge, assign).
router.registry.extend(r for r in incidents_router.registry if r[0] != "incidents")
router.register("incidents", OnCallIncidentViewSet)
router.register("silences", SilenceViewSet)
router.register("recommendations", RecommendationViewSet)

urlpatterns = [
    path("metrics/", metrics_api, name="metrics-api"),
    path("fleet/", fleet_api, name="fleet-api"),
    path("nodes/<int:pk>/rma/", node_rma_api, name="node-rma-api"),
    path("clusters/<int:pk>/monitor-only/", monitor_only_api, name="cluster-monitor-only-api"),
    *router.urls,
]
