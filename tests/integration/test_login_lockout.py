"""The login lockout locks out the guesser only (issue 25): by (user name, address), plus a softer per-address throttle."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def _login(client, username: str, password: str, **extra: str):  # type: ignore[no-untyped-def]
    return client.post(reverse("login"), {"username": username, "password": password}, **extra)


def test_ten_wrong_passwords_for_one_user_leave_another_users_login_working(client, viewer, operator) -> None:  # type: ignore[no-untyped-def]
    for _ in range(10):
        _login(client, "vera", "wrong")
    assert _login(client, "vera", "vera").status_code == 429  # the guessed account is locked from there
    assert _login(client, "otto", "otto").status_code == 302  # the same address, another user: fine


def test_the_locked_user_still_logs_in_from_another_address(client, viewer) -> None:  # type: ignore[no-untyped-def]
    for _ in range(10):
        _login(client, "vera", "wrong", REMOTE_ADDR="203.0.113.9")
    assert _login(client, "vera", "vera", REMOTE_ADDR="203.0.113.9").status_code == 429
    assert _login(client, "vera", "vera", REMOTE_ADDR="198.51.100.7").status_code == 302


def test_an_address_guessing_across_many_users_is_throttled(client, settings, operator) -> None:  # type: ignore[no-untyped-def]
    settings.RECOVERY_LOGIN_ADDRESS_LIMIT = 30
    for i in range(30):
        _login(client, f"user{i}", "wrong", REMOTE_ADDR="203.0.113.9")
    resp = _login(client, "otto", "otto", REMOTE_ADDR="203.0.113.9")
    assert resp.status_code == 429 and b"too many failed logins from your address" in resp.content
    assert _login(client, "otto", "otto", REMOTE_ADDR="198.51.100.7").status_code == 302


def test_behind_a_trusted_proxy_the_forwarded_client_is_the_address(
    client, settings, viewer, operator
) -> None:  # type: ignore[no-untyped-def]
    settings.RECOVERY_TRUSTED_PROXIES = ["10.0.0.5"]
    via_proxy = {"REMOTE_ADDR": "10.0.0.5"}
    for _ in range(10):
        _login(client, "vera", "wrong", HTTP_X_FORWARDED_FOR="203.0.113.9", **via_proxy)
    assert _login(client, "vera", "vera", HTTP_X_FORWARDED_FOR="203.0.113.9", **via_proxy).status_code == 429
    # another client behind the same proxy is not locked out
    assert _login(client, "vera", "vera", HTTP_X_FORWARDED_FOR="198.51.100.7", **via_proxy).status_code == 302


def test_a_forwarded_header_from_an_untrusted_peer_is_ignored(client, settings, viewer) -> None:  # type: ignore[no-untyped-def]
    settings.RECOVERY_TRUSTED_PROXIES = ["10.0.0.5"]
    for i in range(10):
        _login(client, "vera", "wrong", REMOTE_ADDR="203.0.113.9", HTTP_X_FORWARDED_FOR=f"192.0.2.{i}")
    assert (
        _login(
            client, "vera", "vera", REMOTE_ADDR="203.0.113.9", HTTP_X_FORWARDED_FOR="192.0.2.99"
        ).status_code
        == 429
    )
