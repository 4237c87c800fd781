"""The incidents app's API routes: incidents and the audit trail."""

from rest_framework.routers import SimpleRouter

from incidents.api.views import AuditRecordViewSet, IncidentViewSet

router = SimpleRouter()
router.register("incidents", IncidentViewSet)
router.register("audit", AuditRecordViewSet)
urlpatterns = router.urls
