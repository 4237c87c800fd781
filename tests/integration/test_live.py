"""The dashboard websocket: only logged-in users join, and commits push change hints."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator

from monitoring.consumers import DashboardConsumer
from monitoring.live import DASHBOARD_GROUP

pytestmark = [pytest.mark.redis, pytest.mark.django_db]


async def _connect(user):  # type: ignore[no-untyped-def]
    comm = WebsocketCommunicator(DashboardConsumer.as_asgi(), "/ws/dashboard/")
    comm.scope["user"] = user
    connected, code = await comm.connect()
    return comm, connected, code


def test_anonymous_users_are_turned_away() -> None:
    from django.contrib.auth.models import AnonymousUser

    async def run() -> tuple[bool, object]:
        comm, connected, code = await _connect(AnonymousUser())
        await comm.disconnect()
        return connected, code

    connected, code = async_to_sync(run)()
    assert not connected and code == 4401


def test_a_logged_in_user_receives_pushes(redis_ns, viewer) -> None:  # type: ignore[no-untyped-def]
    async def run() -> dict[str, object]:
        comm, connected, _ = await _connect(viewer)
        assert connected
        await get_channel_layer().group_send(
            DASHBOARD_GROUP, {"type": "dashboard.update", "payload": {"kind": "incident", "id": 7}}
        )
        msg = await comm.receive_json_from(
            timeout=15
        )  # a wait, not a sleep: returns as soon as the push arrives
        await comm.disconnect()
        return msg

    assert async_to_sync(run)() == {"kind": "incident", "id": 7}
