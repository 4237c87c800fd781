"""Trust on in the demo (issue 25): an audit keyring and a witness signing key under var/, the witness on.

``make demo`` calls :func:`ensure_trust` before it migrates: the first run writes
``var/audit.key`` (the HMAC keyring, 0600; the one a development run generates anyway) and
``var/witness.key`` with ``var/witness.key.pub`` (Ed25519), and every run points the
controller at them and at the witness file ``var/audit-witness.jsonl``, exactly as
docs/SECURITY.md configures production. So the README's tamper story can be tried on the
demo: cut, wipe or re-forge the trail and ``manage.py verify_audit`` names what it found.

A witness file left from a database that is gone (``var/recovery.sqlite3`` deleted by hand)
would make the new chain look cut, so it is moved aside first. No Django here (the demo
script runs this before any settings exist); values already in the environment win.
"""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import MutableMapping
from pathlib import Path


def _write_private(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)


def _keyring(path: Path) -> None:
    if not path.exists():
        line = f"demo-{secrets.token_hex(4)} {secrets.token_hex(32)}\n"
        _write_private(
            path,
            b"# the demo's audit keyring (make demo); production: RECOVERY_AUDIT_KEY_FILE\n" + line.encode(),
        )


def _witness_key(path: Path) -> None:
    if path.exists():
        return
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    _write_private(path, pem)
    pub = key.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    Path(f"{path}.pub").write_bytes(pub)


def ensure_trust(var: Path, env: MutableMapping[str, str], database: Path) -> list[str]:
    """Make the demo's keys once and turn the witness on in ``env``. Returns lines worth telling."""
    var.mkdir(parents=True, exist_ok=True)
    told: list[str] = []
    keys, signing, witness = var / "audit.key", var / "witness.key", var / "audit-witness.jsonl"
    _keyring(keys)
    _witness_key(signing)
    env.setdefault("RECOVERY_AUDIT_KEY_FILE", str(keys))
    env.setdefault("RECOVERY_AUDIT_WITNESS_FILE", str(witness))
    env.setdefault("RECOVERY_AUDIT_WITNESS_SIGNING_KEY", str(signing))
    current = Path(env["RECOVERY_AUDIT_WITNESS_FILE"])
    if current.exists() and current.stat().st_size and not database.exists():
        aside = current.with_name(f"{current.name}.{time.strftime('%Y%m%d-%H%M%S')}.old")
        current.rename(aside)
        told.append(f"the witness of a database that is gone moved aside to {aside.name}")
    told.append(
        f"audit trail: HMAC keyring {keys.name}, witness {current.name} signed with {signing.name} "
        "(try the tamper story in docs/SECURITY.md)"
    )
    return told
