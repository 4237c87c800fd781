"""Live pushes to open dashboards over Channels, sent only after commit.

A push is a hint ("incident 7 changed"); pages re-fetch the server-rendered
fragment, so nothing user-controlled is ever rendered by JavaScript.
"""

from __future__ import annotations

import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

log = logging.getLogger(__name__)

DASHBOARD_GROUP = "dashboard"


def _send(message: dict[str, Any]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(DASHBOARD_GROUP, {"type": "dashboard.update", "payload": message})
    except Exception:  # a dead channel layer must never fail the work that changed the data
        log.warning("live push failed: %s", message, exc_info=True)


def push_after_commit(kind: str, **fields: Any) -> None:
    """Tell open browsers that something changed, once the transaction commits."""
    message = {"kind": kind, **fields}
    transaction.on_commit(lambda: _send(message))
