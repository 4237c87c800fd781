"""The client's address for the login lockout, and the softer per-address throttle beside it (issue 25).

Django never reads ``X-Forwarded-For`` (REMOTE_ADDR is whoever connected: behind a reverse
proxy, the proxy) and django-axes asks ``AXES_CLIENT_IP_CALLABLE`` when set. So the
forwarded header is believed only from a peer listed in ``RECOVERY_TRUSTED_PROXIES``
(addresses or networks), and then its right-most entry that is not itself a trusted
proxy is the client: the entries left of it are whatever the client chose to send.

django-axes locks a (user name, address) pair after ``AXES_FAILURE_LIMIT`` failures, so
a guesser locks out only their own guesses. An address guessing across many user names
is slowed apart from that: ``RECOVERY_LOGIN_ADDRESS_LIMIT`` failures from one address
within ``RECOVERY_LOGIN_ADDRESS_WINDOW_S`` make its logins answer 429 until the window
has moved on (minutes, not the hour of a lockout).
"""

from __future__ import annotations

import datetime as dt
import ipaddress
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db.models import Sum
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone


def _networks() -> list[Any]:
    nets = []
    for entry in getattr(settings, "RECOVERY_TRUSTED_PROXIES", []) or []:
        nets.append(ipaddress.ip_network(entry.strip(), strict=False))
    return nets


def _trusted(addr: str, nets: list[Any]) -> bool:
    try:
        ip = ipaddress.ip_address(addr)
    except ValueError:
        return False
    return any(ip in net for net in nets)


def client_ip(request: Any) -> str:
    """REMOTE_ADDR, or from a trusted proxy the nearest forwarded address that is not a trusted proxy."""
    remote = request.META.get("REMOTE_ADDR", "") or ""
    nets = _networks()
    if not nets or not _trusted(remote, nets):
        return remote
    hops = [h.strip() for h in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if h.strip()]
    for hop in reversed(hops):
        if not _trusted(hop, nets):
            try:
                return str(ipaddress.ip_address(hop))
            except ValueError:
                return remote  # a malformed entry: fall back to the proxy itself, never to client text
    return remote


def failures_from(addr: str, now: dt.datetime) -> int:
    from axes.models import AccessAttempt

    since = now - dt.timedelta(seconds=float(settings.RECOVERY_LOGIN_ADDRESS_WINDOW_S))
    total = AccessAttempt.objects.filter(ip_address=addr, attempt_time__gte=since).aggregate(
        n=Sum("failures_since_start")
    )["n"]
    return int(total or 0)


class LoginAddressThrottle:
    """Middleware: a login POST from an address over its failure budget gets 429 before any password check."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "POST" and request.path in (reverse("login"), reverse("admin:login")):
            limit = int(settings.RECOVERY_LOGIN_ADDRESS_LIMIT)
            if limit and failures_from(client_ip(request), timezone.now()) >= limit:
                minutes = max(1, round(float(settings.RECOVERY_LOGIN_ADDRESS_WINDOW_S) / 60))
                return HttpResponse(
                    "too many failed logins from your address: try again in up to "
                    f"{minutes} minutes (other addresses are not affected)",
                    status=429,
                    content_type="text/plain; charset=utf-8",
                )
        return self.get_response(request)
