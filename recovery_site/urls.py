"""The site's URLs: each app's pages and API, login, the schema and the admin. Only includes."""

from csp.decorators import csp_update
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerSplitView

urlpatterns = [
    path("", include("actions.urls")),
    path("", include("incidents.urls")),
    path("", include("monitoring.urls")),
    path("api/", include("actions.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("login/", auth_views.LoginView.as_view(template_name="login.html"), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    # The split view serves its script as a file, so the Content-Security-Policy needs no inline script.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    # Redoc's styled-components write <style> elements: this one page allows inline style.
    path(
        "api/redoc/",
        csp_update({"style-src": ["'unsafe-inline'"]})(SpectacularRedocView.as_view(url_name="schema")),
        name="api-redoc",
    ),
    path("admin/", admin.site.urls),
]
