"""API tokens: created by their owner (shown once), revoked by them, checked as ``Authorization: Token``
or ``Authorization: Bearer``.

The one token system (issue 25): the Tokens page, ``manage.py create_token`` and the README's
``manage.py drf_create_token`` all make these. Only the SHA-256 of a token is stored, so a
database dump reveals no usable token. The token carries its owner's role and nothing more: a
viewer's token reads, an operator's approves. Creating and revoking are audited as the owner,
with the path they came by. DRF's own plaintext tokens are gone: migration 0011 hashed the
ones that existed into these, and nothing accepts or makes them any more.
"""

from __future__ import annotations

import datetime as dt
import secrets
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header

from actions.models import ApiToken, token_digest
from incidents.audit import append_audit
from incidents.choices import AuditEvent
from recovery_site.free_text import control_character

PREFIX = "rcv_"  # recognisable in a leaked paste, and by secret scanners
USED_EVERY_S = 60  # last_used_at is written at most once a minute per token


def create_token(user: Any, name: str, now: dt.datetime, via: str = "page") -> tuple[ApiToken, str]:
    """A new token for ``user``; returns the row and the token itself, which is never stored."""
    name = (name or "").strip()[:100]
    if not name:
        raise ValueError("a token needs a name (what it is for, e.g. 'grafana' or 'ci')")
    bad = control_character(name)
    if bad is not None:  # a command's argument reaches here without the web's check
        raise ValueError(f"a token's name may not contain a control character (U+{ord(bad):04X})")
    raw = PREFIX + secrets.token_urlsafe(32)
    with transaction.atomic():
        token = ApiToken.objects.create(
            user=user, name=name, digest=token_digest(raw), prefix=raw[:12], created_at=now
        )
        _audit(user, "api token created", token, now, via)
    return token, raw


def revoke_token(user: Any, token_id: int, now: dt.datetime, via: str = "page") -> bool:
    """Revoke one of the user's own tokens; False when it is not theirs or already revoked."""
    with transaction.atomic():
        changed = ApiToken.objects.filter(pk=token_id, user=user, revoked_at__isnull=True).update(
            revoked_at=now
        )
        if changed:
            _audit(user, "api token revoked", ApiToken.objects.get(pk=token_id), now, via)
    return bool(changed)


def _audit(user: Any, action: str, token: ApiToken, now: dt.datetime, via: str) -> None:
    append_audit(
        event=AuditEvent.API_TOKEN,
        at=now,
        actor=user.username,
        action=action,
        outcome=token.prefix,
        detail={"token_id": token.pk, "name": token.name, "via": via},
    )


def user_for(raw: str, now: dt.datetime) -> Any | None:
    token = (
        ApiToken.objects.select_related("user")
        .filter(digest=token_digest(raw), revoked_at__isnull=True)
        .first()
    )
    if token is None or not token.user.is_active:
        return None
    stale = Q(last_used_at__isnull=True) | Q(last_used_at__lt=now - dt.timedelta(seconds=USED_EVERY_S))
    ApiToken.objects.filter(stale, pk=token.pk).update(last_used_at=now)
    return token.user


class BearerTokenAuthentication(BaseAuthentication):
    """DRF authentication for ``Authorization: Token rcv_…`` or ``Bearer rcv_…``; other schemes pass on."""

    keywords = (b"token", b"bearer")

    def authenticate(self, request: Any) -> tuple[Any, ApiToken | None] | None:
        parts = get_authorization_header(request).split()
        if not parts or parts[0].lower() not in self.keywords:
            return None
        scheme = parts[0].decode(errors="replace")
        if len(parts) != 2:
            raise exceptions.AuthenticationFailed(f"Authorization: {scheme} needs exactly one token")
        try:
            raw = parts[1].decode()
        except UnicodeDecodeError as exc:
            raise exceptions.AuthenticationFailed("the token is not text") from exc
        user = user_for(raw, timezone.now())
        if user is None:
            raise exceptions.AuthenticationFailed("unknown or revoked token")
        return user, None

    def authenticate_header(self, request: Any) -> str:
        return 'Bearer realm="api"'


class BearerTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """Tell the OpenAPI schema how these tokens are sent, so the schema and `check --deploy` stay clean."""

    target_class = "actions.api.auth.BearerTokenAuthentication"
    name = "bearerToken"

    def get_security_definition(self, auto_schema):  # type: ignore[no-untyped-def]
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "an API token: Authorization: Bearer rcv_… (or Token rcv_…)",
        }
