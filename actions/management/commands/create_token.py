"""manage.py create_token USER NAME: an API token for USER, printed once (only its hash is kept)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from actions.api.auth import create_token


class Command(BaseCommand):
    help = "Create an API token for a user and print it once (use it as 'Authorization: Token <token>' or 'Bearer <token>')."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")
        parser.add_argument("name", help="what the token is for, e.g. grafana or ci")

    def handle(self, *args: Any, **opts: Any) -> None:
        user = get_user_model().objects.filter(username=opts["username"], is_active=True).first()
        if user is None:
            raise CommandError(f"no active user {opts['username']!r}")
        try:
            _, raw = create_token(user, opts["name"], timezone.now(), via="command")
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(raw)
