"""`manage.py audit_keygen hmac [--id ID]` prints a keyring line; `audit_keygen witness PATH` writes an Ed25519 pair."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from incidents.audit.keys import generate_line


class Command(BaseCommand):
    help = "Make audit keys: an HMAC keyring line (append it to RECOVERY_AUDIT_KEY_FILE to rotate) or a witness signing pair."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("kind", choices=["hmac", "witness"])
        parser.add_argument(
            "path", nargs="?", help="witness: where to write the private key (PATH.pub gets the public key)"
        )
        parser.add_argument("--id", default="", help="hmac: the key id (default: k-<date>)")

    def handle(self, *args: Any, **opts: Any) -> None:
        if opts["kind"] == "hmac":
            import datetime as dt

            try:
                self.stdout.write(generate_line(opts["id"] or f"k-{dt.datetime.now(dt.UTC):%Y%m%d%H%M}"))
            except ValueError as exc:
                raise CommandError(str(exc)) from exc
            return
        if not opts["path"]:
            raise CommandError("audit_keygen witness needs the PATH of the private key to write")
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

        path = Path(opts["path"])
        if path.exists():
            raise CommandError(f"{path} exists: refusing to overwrite a signing key")
        key = Ed25519PrivateKey.generate()
        pem = key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(pem)
        pub = key.public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
        Path(f"{path}.pub").write_bytes(pub)
        self.stdout.write(
            f"wrote {path} (private, 0600) and {path}.pub (give this one to whoever checks the witness)"
        )
