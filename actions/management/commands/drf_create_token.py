"""manage.py drf_create_token [-r] USER: the README's command, now making the one kind of token (issue 25).

DRF's command of this name stored the token itself in ``authtoken_token``, where nobody could
see or revoke it on the Tokens page and its creation left no audit record. This one makes
the same tokens as /account/tokens/: printed once, only their hash kept, listed and
revocable on the owner's Tokens page, audited ("via": "command"), accepted as
``Authorization: Token …`` and ``Authorization: Bearer …``. ``-r`` revokes the user's
active tokens first (each revocation audited).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.utils import timezone

from actions.api.auth import create_token, revoke_token
from actions.models import ApiToken


class Command(BaseCommand):
    help = "Create an API token for USER and print it once (-r: revoke the user's other tokens first)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")
        parser.add_argument(
            "-r", "--reset", action="store_true", help="revoke the user's active tokens, then make a new one"
        )
        parser.add_argument("--name", default="cli", help="what the token is for (default: cli)")

    def handle(self, *args: Any, **opts: Any) -> None:
        user = get_user_model().objects.filter(username=opts["username"], is_active=True).first()
        if user is None:
            raise CommandError(f"no active user {opts['username']!r}")
        now = timezone.now()
        with transaction.atomic():
            if opts["reset"]:
                for pk in ApiToken.objects.filter(user=user, revoked_at__isnull=True).values_list(
                    "pk", flat=True
                ):
                    revoke_token(user, pk, now, via="command")
            try:
                token, raw = create_token(user, opts["name"], now, via="command")
            except ValueError as exc:
                raise CommandError(str(exc)) from exc
        self.stdout.write(
            f"API token {token.prefix}… for {user.username} (shown once; only its hash is kept; "
            "revoke it on /account/tokens/). Send it as 'Authorization: Token <token>' or 'Bearer <token>':"
        )
        self.stdout.write(raw)
