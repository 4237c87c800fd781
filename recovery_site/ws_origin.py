"""Websocket origin check with the port: a page on another port of the same host is another origin.

Channels' AllowedHostsOriginValidator compares the Origin's host name with
ALLOWED_HOSTS only, so ``http://127.0.0.1:9999`` (any other service on the box)
could open the dashboard socket with the operator's cookie. Here the Origin must
be the very origin the socket was opened on (scheme, host and port of its Host
header, host in ALLOWED_HOSTS) or be listed in CSRF_TRUSTED_ORIGINS, as Django's
CSRF check demands for forms.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import validate_host

DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def _origin(scheme: str, netloc: str) -> tuple[str, str, int] | None:
    try:
        parts = urlsplit(f"{scheme}://{netloc}")
        port = parts.port or DEFAULT_PORTS.get(scheme)
    except ValueError:
        return None
    if not parts.hostname or port is None:
        return None
    return ("https" if scheme in ("https", "wss") else "http", parts.hostname, port)


def origin_allowed(origin: str, host_header: str, secure: bool) -> bool:
    try:
        o = urlsplit(origin)
    except ValueError:
        return False
    theirs = _origin(o.scheme, o.netloc) if o.scheme in ("http", "https") else None
    if theirs is None:
        return False
    trusted = {_origin(t.split("://", 1)[0], t.split("://", 1)[-1]) for t in settings.CSRF_TRUSTED_ORIGINS}
    if theirs in trusted:
        return True
    ours = _origin("https" if secure else "http", host_header)
    return ours is not None and theirs == ours and validate_host(ours[1], settings.ALLOWED_HOSTS)


class SameOriginValidator:
    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        headers = dict(scope.get("headers", []))
        origin = headers.get(b"origin", b"").decode("latin1")
        host = headers.get(b"host", b"").decode("latin1")
        if origin and host and origin_allowed(origin, host, scope.get("scheme") == "wss"):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)
