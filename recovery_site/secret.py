"""The development secret: generated once per install, never a value anyone can read in the source.

``SECRET_KEY`` signs sessions, CSRF tokens and password-reset links. Production sets it.
For development (``DEBUG=1`` or ``RECOVERY_DEV=1``, as ``make demo`` and the tests do) a
random key is written once to ``var/secret_key`` with mode 0600 and read back on every
start, so sessions survive a restart and no two installs share a key. Commands that sign
nothing (``replay``, ``evaluate``, ``verify_audit``, ``telemetry parse``) need no key at
all; the web entry points refuse to start without one (:func:`require_secret_key`).
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

MISSING = "SECRET_KEY must be set to serve the web app (or DEBUG=1 / RECOVERY_DEV=1 for a development key in var/secret_key)"


def dev_secret_key(path: Path) -> str:
    """The key stored at ``path``, created (0600, exclusively) on first use."""
    try:
        key = path.read_text(encoding="ascii").strip()
        if key:
            return key
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise ImproperlyConfigured(
            f"cannot read the development secret {path}: {exc.strerror or exc}"
        ) from exc
    key = secrets.token_urlsafe(50)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process (the demo's worker, beat, web) won the race: use its key
        return _wait_for_key(path)
    except OSError as exc:
        raise ImproperlyConfigured(
            f"cannot write the development secret {path}: {exc.strerror or exc} (or set SECRET_KEY)"
        ) from exc
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(key + "\n")
    return key


def _wait_for_key(path: Path) -> str:
    import time

    for _ in range(50):  # the winner writes one short line right after creating the file
        key = path.read_text(encoding="ascii").strip()
        if key:
            return key
        time.sleep(0.02)
    raise ImproperlyConfigured(f"the development secret {path} is empty: delete it and start again")


def require_secret_key() -> None:
    """For the ASGI/WSGI entry points: serving pages without a key is a configuration error, said at start."""
    from django.conf import settings

    try:
        key = settings.SECRET_KEY
    except ImproperlyConfigured:  # Django refuses an empty SECRET_KEY on first access
        key = ""
    if not key:
        raise ImproperlyConfigured(MISSING)
