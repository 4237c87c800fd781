"""The monitoring app's pages: a node's GPU telemetry JSON and the plotly.js the charts use."""

from django.urls import path

from monitoring import views

urlpatterns = [
    path("telemetry/nodes/<int:pk>/gpus.json", views.node_gpu_telemetry, name="node-gpu-telemetry"),
    path(views.PLOTLY_JS_PATH, views.plotly_js, name="plotly-js"),
]
