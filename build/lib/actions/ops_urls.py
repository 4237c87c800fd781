"""Routes for operating the controller: Prometheus scrape, the recovery-metrics page, API tokens.

Included from ``recovery_site/urls.py``; URL names are the ones the templates use.
"""

from django.urls import path

from actions import metrics_views, ops_views

urlpatterns = [
    path("metrics", ops_views.prometheus_metrics, name="prometheus-metrics"),
    path("recovery-metrics/", metrics_views.metrics_page, name="metrics"),
    path("account/tokens/", ops_views.tokens_page, name="api-tokens"),
    path("account/tokens/new/", ops_views.token_create, name="api-token-create"),
    path("account/tokens/<int:pk>/revoke/", ops_views.token_revoke, name="api-token-revoke"),
]
