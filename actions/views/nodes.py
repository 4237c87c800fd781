"""A node's RMA bundle (JSON and zip), downloadable from its page. Viewers may read it."""

from __future__ import annotations

import json

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from actions.services.lemons import rma_bundle, rma_zip
from monitoring.models import Node


def _filename(node: Node, ext: str) -> str:
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in f"{node.cluster.name}-{node.name}")
    return f"rma-{safe}.{ext}"


@login_required
def rma_json(request: HttpRequest, pk: int) -> HttpResponse:
    node = get_object_or_404(Node.objects.select_related("cluster"), pk=pk)
    resp = HttpResponse(
        json.dumps(rma_bundle(node), indent=2, sort_keys=True), content_type="application/json"
    )
    resp["Content-Disposition"] = f'attachment; filename="{_filename(node, "json")}"'
    return resp


@login_required
def rma_zip_download(request: HttpRequest, pk: int) -> HttpResponse:
    node = get_object_or_404(Node.objects.select_related("cluster"), pk=pk)
    resp = HttpResponse(rma_zip(node), content_type="application/zip")
    resp["Content-Disposition"] = f'attachment; filename="{_filename(node, "zip")}"'
    return resp
