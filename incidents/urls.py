"""The incidents app's pages: the audit log and export, verdict, an incident's GPU chart data."""

from django.urls import path

from incidents import views

urlpatterns = [
    path("incidents/<int:pk>/verdict/", views.mark_verdict, name="incident-verdict"),
    path("audit/", views.audit_log, name="audit"),
    path("audit/export.<str:fmt>", views.audit_export, name="audit-export"),
    path(
        "telemetry/incidents/<int:pk>/peers.json", views.incident_gpu_telemetry, name="incident-gpu-telemetry"
    ),
]
