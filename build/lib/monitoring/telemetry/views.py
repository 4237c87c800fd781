"""GPU telemetry chart endpoints (JSON) and the plotly.js bundle, served from the installed package.

Thin: the data is shaped in charts.py. The JSON endpoints answer 401 with a JSON
body rather than redirecting to the login page, because their caller is a
``fetch`` that would otherwise receive a login form where it expects data.
"""

from __future__ import annotations

import functools
import gzip
import time
from collections.abc import Callable
from importlib import metadata, resources
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified, JsonResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from monitoring.models import Node
from monitoring.telemetry import charts

PLOTLY_VERSION = metadata.version("plotly")
# The version is in the path, so a new plotly is a new URL and the old one may be cached forever.
PLOTLY_JS_PATH = f"vendor/plotly-{PLOTLY_VERSION}.min.js"
NODE_MINUTES_DEFAULT = 60
NODE_MINUTES_MAX = 24 * 60


def json_login_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Like ``login_required``, but a JSON 401 instead of a redirect to the login page."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return JsonResponse({"error": "login required"}, status=401)
        return view(request, *args, **kwargs)

    return wrapped


def _minutes(request: HttpRequest) -> int:
    try:
        minutes = int(request.GET.get("minutes", NODE_MINUTES_DEFAULT))
    except ValueError:
        minutes = NODE_MINUTES_DEFAULT
    return max(1, min(minutes, NODE_MINUTES_MAX))


@require_GET
@json_login_required
def node_gpu_telemetry(request: HttpRequest, pk: int) -> JsonResponse:
    """Every GPU of a node over the last ``?minutes=`` (default 60, at most a day)."""
    node = get_object_or_404(Node.objects.select_related("cluster"), pk=pk)
    return JsonResponse(charts.node_chart(node, time.time(), _minutes(request)))


@require_GET
@json_login_required
def incident_gpu_telemetry(request: HttpRequest, pk: int) -> JsonResponse:
    """The culprit GPU against its peers, ±10 min around the incident's detection."""
    from incidents.models import Incident  # incidents depends on monitoring, not the reverse

    incident = get_object_or_404(Incident.objects.select_related("cluster"), pk=pk)
    return JsonResponse(charts.incident_chart(incident, time.time()))


@functools.cache
def _plotly_bundle() -> tuple[bytes, bytes]:
    """(plain, gzipped) plotly.min.js, read and compressed once per process (4.8 MB → ~1.4 MB)."""
    raw = resources.files("plotly").joinpath("package_data/plotly.min.js").read_bytes()
    return raw, gzip.compress(raw, compresslevel=6, mtime=0)


@require_GET
def plotly_js(request: HttpRequest) -> HttpResponse:
    """plotly.min.js from the installed ``plotly`` package: no CDN, no copy to keep in step.

    Public like any static file (it is the library, not data); cached for a year.
    """
    etag = f'"plotly-{PLOTLY_VERSION}"'
    if request.headers.get("If-None-Match") == etag:
        return HttpResponseNotModified()
    raw, packed = _plotly_bundle()
    use_gzip = "gzip" in request.headers.get("Accept-Encoding", "")
    response = HttpResponse(packed if use_gzip else raw, content_type="text/javascript; charset=utf-8")
    if use_gzip:
        response["Content-Encoding"] = "gzip"
    response["Vary"] = "Accept-Encoding"
    response["ETag"] = etag
    response["Cache-Control"] = "public, max-age=31536000, immutable"
    return response
