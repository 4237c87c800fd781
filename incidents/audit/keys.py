"""The audit trail's HMAC keys: they live outside the database, so whoever controls it cannot re-forge the chain.

Where the keys come from, first match wins:
- ``RECOVERY_AUDIT_KEY_FILE``: a keyring, one ``KEY_ID SECRET`` per line (``#`` comments).
  The **last** line signs new records; earlier lines stay to verify older ones.
  Rotating = appending a line; the next append records the rotation in the trail.
- ``RECOVERY_AUDIT_KEY``: one key, ``KEY_ID:SECRET`` (or just ``SECRET``, id ``env``).
- development (``DEBUG=1`` or ``RECOVERY_DEV=1``) only: a keyring generated once per
  install in ``var/audit.key`` (mode 0600). Production without a key refuses to start
  the trail rather than write records nobody can authenticate.

Secrets must be at least 32 characters (``manage.py audit_keygen hmac`` prints one).

The anchor (issue 25): where keyed records begin is kept with the keys, outside the
database, as a line ``@keyed-from SEQ`` in the keyring (``RECOVERY_AUDIT_KEYED_FROM``
for the one-key form). Without one, keyed records begin at seq 1. Records before the
anchor may be plain SHA-256 (written before keys existed); from the anchor on, a record
without a key id fails verification, so a chain re-forged as "pre-key" records does
too. ``manage.py audit_anchor`` prints the line for an install upgraded from before keys.
"""

from __future__ import annotations

import os
import re
import secrets
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

KEY_ID = re.compile(r"^[A-Za-z0-9._-]{1,32}\Z")  # \Z: "$" would let a trailing newline through
ANCHOR = re.compile(r"^@keyed-from\s+([1-9][0-9]{0,18})$")
MIN_SECRET = 32


@dataclass(frozen=True)
class Keyring:
    keys: dict[str, bytes]
    current: str
    source: str
    keyed_from: int = 1  # the anchor: records from this seq on must carry a key id

    def secret(self, key_id: str) -> bytes | None:
        return self.keys.get(key_id)


def parse_keyring(text: str, source: str) -> Keyring:
    keys: dict[str, bytes] = {}
    current, keyed_from = "", 1
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("@"):
            anchor = ANCHOR.match(line)
            if anchor is None:
                raise ImproperlyConfigured(
                    f"{source} line {n}: expected '@keyed-from SEQ' (a positive number)"
                )
            keyed_from = int(anchor.group(1))
            continue
        key_id, _, secret = line.partition(" ")
        secret = secret.strip()
        if not KEY_ID.match(key_id) or len(secret) < MIN_SECRET:
            raise ImproperlyConfigured(
                f"{source} line {n}: expected 'KEY_ID SECRET' with a secret of {MIN_SECRET}+ characters"
            )
        keys[key_id], current = secret.encode(), key_id
    if not keys:
        raise ImproperlyConfigured(f"{source} holds no audit key")
    return Keyring(keys, current, source, keyed_from)


def generate_line(key_id: str) -> str:
    if not KEY_ID.match(key_id):
        raise ValueError(f"key id {key_id!r}: use 1-32 letters, digits, '.', '_' or '-'")
    return f"{key_id} {secrets.token_hex(32)}"


def _dev_keyring_path() -> Path:
    path = Path(
        getattr(settings, "RECOVERY_AUDIT_DEV_KEY_FILE", "") or settings.BASE_DIR / "var" / "audit.key"
    )
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        # Written whole under a name of its own, then linked into place: os.link fails when the
        # key exists, so two processes (or threads) starting at once agree on one key, and none
        # ever reads a key file that another is still writing (it was created empty, then filled:
        # 8 first writers at once failed with "holds no audit key").
        tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(fd, "w") as fh:
                fh.write(
                    "# generated for this development install; production sets RECOVERY_AUDIT_KEY_FILE\n"
                )
                fh.write(generate_line(f"dev-{secrets.token_hex(4)}") + "\n")
                fh.flush()
                os.fsync(fh.fileno())
            try:
                os.link(tmp, path)
            except FileExistsError:
                pass  # another one was first: its key it is
        finally:
            tmp.unlink(missing_ok=True)
    return path


def _is_dev() -> bool:
    return bool(settings.DEBUG) or os.environ.get("RECOVERY_DEV", "").lower() in ("1", "true", "yes", "on")


_cache: dict[tuple[str, int, int], Keyring] = {}


def _from_file(path: Path) -> Keyring:
    try:
        st = path.stat()
    except OSError as exc:
        raise ImproperlyConfigured(f"audit keyring {path}: {exc.strerror}") from exc
    stamp = (str(path), st.st_mtime_ns, st.st_size)
    if stamp not in _cache:
        _cache.clear()
        _cache[stamp] = parse_keyring(path.read_text(), str(path))
    return _cache[stamp]


def keyring() -> Keyring:
    """The keys in force now (re-read when the keyring file changes: rotation needs no restart)."""
    path = getattr(settings, "RECOVERY_AUDIT_KEY_FILE", "")
    if path:
        return _from_file(Path(path))
    raw = getattr(settings, "RECOVERY_AUDIT_KEY", "")
    if raw:
        key_id, sep, secret = raw.partition(":")
        anchor = getattr(settings, "RECOVERY_AUDIT_KEYED_FROM", "")
        return parse_keyring(
            (f"{key_id} {secret}" if sep and KEY_ID.match(key_id) else f"env {raw}")
            + (f"\n@keyed-from {anchor}" if anchor else ""),
            "RECOVERY_AUDIT_KEY",
        )
    if _is_dev():
        return _from_file(_dev_keyring_path())
    raise ImproperlyConfigured(
        "RECOVERY_AUDIT_KEY_FILE (or RECOVERY_AUDIT_KEY) must be set: audit records are authenticated with it"
    )
