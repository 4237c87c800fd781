"""Production defaults: lockout, HTTPS switch, CSP, schema behind login, hidden tokens, demo users on purpose (issue 13)."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from recovery_site.ws_origin import origin_allowed

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


def _login(client, username: str, password: str):  # type: ignore[no-untyped-def]
    return client.post(reverse("login"), {"username": username, "password": password})


def test_ten_wrong_passwords_lock_the_account_even_for_the_right_one(client, operator) -> None:  # type: ignore[no-untyped-def]
    for _ in range(9):
        assert _login(client, "otto", "wrong").status_code == 200  # the form again, with an error
    assert _login(client, "otto", "wrong").status_code == 429
    locked = _login(client, "otto", "otto")
    assert locked.status_code == 429 and "_auth_user_id" not in client.session
    call_command("axes_reset_username", "otto")
    assert _login(client, "otto", "otto").status_code == 302


def test_nine_wrong_passwords_then_the_right_one_logs_in(client, operator) -> None:  # type: ignore[no-untyped-def]
    for _ in range(9):
        _login(client, "otto", "wrong")
    assert _login(client, "otto", "otto").status_code == 302


def _deploy_check(**env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("RECOVERY_DEV", "DEBUG", "SECRET_KEY")}
    clean.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        check=False,
    )


def test_check_deploy_is_clean_with_recovery_https(tmp_path: Path) -> None:
    keys = tmp_path / "audit-keys"
    keys.write_text(f"k1 {secrets.token_hex(32)}\n")
    done = _deploy_check(
        RECOVERY_HTTPS="1",
        SECRET_KEY=secrets.token_urlsafe(50),
        RECOVERY_AUDIT_KEY_FILE=str(keys),
        RECOVERY_AUDIT_WITNESS_FILE=str(tmp_path / "witness.jsonl"),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues (0 silenced)." in done.stdout


def test_check_deploy_without_the_switch_names_what_is_missing(tmp_path: Path) -> None:
    done = _deploy_check(SECRET_KEY=secrets.token_urlsafe(50))
    found = set(re.findall(r"\((security\.W\d+|recovery\.W\d+)\)", done.stdout + done.stderr))
    assert found == {
        "security.W004",
        "security.W008",
        "security.W012",
        "security.W016",
        "recovery.W001",
        "recovery.W002",
    }


def test_pages_carry_a_content_security_policy_without_inline_script(client, viewer) -> None:  # type: ignore[no-untyped-def]
    client.force_login(viewer)
    resp = client.get(reverse("overview"))
    policy = resp["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";") if d.strip())
    assert directives["script-src"] == "'self'" and directives["default-src"] == "'self'"
    assert (
        directives["style-src"] == "'self'"
    )  # no 'unsafe-inline': plotly's rules are a static file (issue 25)
    assert directives["frame-ancestors"] == "'none'" and directives["object-src"] == "'none'"


def test_no_template_has_inline_script_style_or_event_handler() -> None:
    for tpl in (ROOT / "templates").rglob("*.html"):
        text = tpl.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)", text), f"inline script in {tpl}"
        assert "<style" not in text and not re.search(r"\sstyle=", text), f"inline style in {tpl}"
        assert not re.search(r"\son[a-z]+\s*=", text), f"inline event handler in {tpl}"


def test_the_api_schema_and_its_docs_need_a_login_and_are_served_locally(client, viewer) -> None:  # type: ignore[no-untyped-def]
    assert client.get("/api/schema/").status_code in (401, 403)
    assert client.get("/api/docs/").status_code in (401, 403)
    client.force_login(viewer)
    assert client.get("/api/schema/").status_code == 200
    page = client.get("/api/docs/").content.decode()
    srcs = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert srcs and all(s.startswith("/") for s in srcs), srcs  # nothing from a CDN
    assert not re.search(
        r"<script(?![^>]*\bsrc=)", page
    )  # the split view: no inline script for the CSP to block
    for src in srcs:
        assert client.get(src).status_code == 200, src
    assert client.get("/api/redoc/").status_code == 200


def test_the_admin_has_no_plaintext_token_pages(client, admin_user) -> None:  # type: ignore[no-untyped-def]
    """DRF's token admin printed keys; its app is gone (issue 25: one hashed token system)."""
    from django.urls import NoReverseMatch

    admin_user.is_staff = admin_user.is_superuser = True
    admin_user.save()
    client.force_login(admin_user)
    assert "authtoken" not in client.get(reverse("admin:index")).content.decode()
    with pytest.raises(NoReverseMatch):
        reverse("admin:authtoken_tokenproxy_changelist")


def test_seed_demo_refuses_demo_users_without_the_demo_flag(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("DEMO", raising=False)
    with pytest.raises(CommandError, match="only on a demo database"):
        call_command("seed_demo", "--users")
    assert not User.objects.filter(username="admin").exists()
    call_command("seed_demo", "--users", "--demo")
    assert User.objects.get(username="admin").check_password("admin")


@pytest.mark.parametrize(
    ("origin", "host", "allowed"),
    [
        ("http://127.0.0.1:8000", "127.0.0.1:8000", True),
        ("http://localhost:8000", "localhost:8000", True),
        ("http://127.0.0.1:9999", "127.0.0.1:8000", False),  # another service on the same host
        ("http://127.0.0.1", "127.0.0.1:8000", False),
        ("https://127.0.0.1:8000", "127.0.0.1:8000", False),
        ("http://evil.example:8000", "evil.example:8000", False),  # not in ALLOWED_HOSTS
        ("null", "127.0.0.1:8000", False),
        ("http://127.0.0.1:8000@evil.example", "127.0.0.1:8000", False),
    ],
)
def test_the_websocket_origin_must_match_with_its_port(
    origin: str, host: str, allowed: bool, settings
) -> None:  # type: ignore[no-untyped-def]
    settings.CSRF_TRUSTED_ORIGINS = []
    assert origin_allowed(origin, host, secure=False) is allowed


def test_a_trusted_origin_behind_a_proxy_is_allowed(settings) -> None:  # type: ignore[no-untyped-def]
    settings.CSRF_TRUSTED_ORIGINS = ["https://recovery.example"]
    assert origin_allowed("https://recovery.example", "10.0.0.5:8000", secure=False)
    assert not origin_allowed("https://recovery.example:8443", "10.0.0.5:8000", secure=False)
