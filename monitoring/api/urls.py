"""The monitoring app's API routes: clusters, nodes, jobs."""

from rest_framework.routers import SimpleRouter

from monitoring.api.views import ClusterViewSet, JobViewSet, NodeViewSet

router = SimpleRouter()
router.register("clusters", ClusterViewSet)
router.register("nodes", NodeViewSet)
router.register("jobs", JobViewSet)
urlpatterns = router.urls
