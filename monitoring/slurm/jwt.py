"""Slurm's JWT (``auth/jwt``): a token the controller signs with the site's key, or one from a file.

slurmctld verifies HS256 tokens signed with the key named by ``AuthAltParameters=jwt_key=``;
the claims it reads are ``exp`` (expiry, seconds since the epoch) and ``sun`` (the Slurm user
name). Two ways to hold a token, both outside the database like the SSH key:

- **a key file** (the site's ``jwt_key``, mode 0600): we sign our own short-lived token and
  sign a new one before it expires (``refresh_margin`` seconds ahead), so a long-running
  worker never sends an expired one;
- **a token file** (``scontrol token username=U lifespan=S`` output, ``SLURM_JWT=`` prefix
  allowed): re-read whenever it changes, so an operator's cron can rotate it; an expired one
  is refused here, with its expiry, instead of being sent.

Only the stdlib (``hmac``, ``hashlib``, ``base64``): no JWT library is needed to sign HS256.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any


class TokenError(Exception):
    """No usable token: the key or token file is missing, unreadable, malformed or expired."""


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def sign(key: bytes, user: str, now: float, lifespan: float) -> str:
    """An HS256 token for ``user`` valid from ``now`` for ``lifespan`` seconds."""
    header = {"alg": "HS256", "typ": "JWT"}
    claims = {"iat": int(now), "exp": int(now + lifespan), "sun": user}
    head = _b64(json.dumps(header, separators=(",", ":")).encode())
    body = _b64(json.dumps(claims, separators=(",", ":")).encode())
    mac = hmac.new(key, f"{head}.{body}".encode("ascii"), hashlib.sha256).digest()
    return f"{head}.{body}.{_b64(mac)}"


def claims_of(token: str) -> dict[str, Any]:
    """The token's claims, unverified (only slurmctld holds the key to verify them)."""
    parts = token.split(".")
    if len(parts) != 3:
        raise TokenError("not a JWT (expected three dot-separated parts)")
    try:
        claims = json.loads(_unb64(parts[1]))
    except (ValueError, UnicodeDecodeError) as exc:
        raise TokenError(f"not a JWT: unreadable claims ({exc})") from exc
    if not isinstance(claims, dict):
        raise TokenError("not a JWT: claims are not an object")
    return claims


def _when(epoch: float) -> str:
    return datetime.fromtimestamp(epoch, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True)
class Token:
    value: str
    user: str
    expires: float  # epoch seconds; 0 when the token says nothing (slurmctld then refuses it)

    def expired(self, now: float) -> bool:
        return self.expires <= now


def read_token_text(text: str) -> str:
    """``SLURM_JWT=eyJ...`` (scontrol token's output) or the bare token -> the token."""
    for line in text.splitlines():
        line = line.strip()
        if line:
            return line.removeprefix("export ").removeprefix("SLURM_JWT=").strip()
    raise TokenError("the token file is empty")


class TokenSource:
    """The token to send now: signed with ``key_path`` or read from ``token_path`` (one of them)."""

    def __init__(
        self,
        user: str,
        *,
        key_path: str = "",
        token_path: str = "",
        lifespan: float = 1800.0,
        refresh_margin: float | None = None,
    ) -> None:
        if bool(key_path) == bool(token_path):
            raise TokenError("give exactly one of a JWT key file or a token file")
        self.user, self.key_path, self.token_path = user, key_path, token_path
        self.lifespan = max(10.0, lifespan)
        # Refresh a fifth of the lifespan ahead (at least 5 s): a request in flight, a clock a
        # little off, never an expired token on the wire.
        self.margin = refresh_margin if refresh_margin is not None else max(5.0, self.lifespan / 5)
        self._current: Token | None = None
        self._file_sig: tuple[int, int] | None = None
        self._lock = threading.Lock()

    @property
    def kind(self) -> str:
        return "signed with the site's key" if self.key_path else "from the token file"

    def token(self, now: float) -> Token:
        with self._lock:
            if self.key_path:
                return self._signed(now)
            return self._from_file(now)

    def _signed(self, now: float) -> Token:
        cur = self._current
        if cur is not None and cur.expires - self.margin > now:
            return cur
        key = _read_bytes(self.key_path, "JWT key")
        if len(key) < 16:
            raise TokenError(f"JWT key {self.key_path} is too short ({len(key)} bytes)")
        self._current = Token(sign(key, self.user, now, self.lifespan), self.user, now + self.lifespan)
        return self._current

    def _from_file(self, now: float) -> Token:
        try:
            st = os.stat(self.token_path)
        except OSError as exc:
            raise TokenError(f"token file {self.token_path}: {exc.strerror or exc}") from exc
        sig = (st.st_mtime_ns, st.st_size)
        if self._current is None or sig != self._file_sig:
            value = read_token_text(_read_bytes(self.token_path, "token file").decode("utf-8", "replace"))
            claims = claims_of(value)
            user = str(claims.get("sun") or self.user)
            self._current = Token(value, user, float(claims.get("exp") or 0))
            self._file_sig = sig
        tok = self._current
        if tok.expired(now):
            raise TokenError(
                f"the token in {self.token_path} expired at {_when(tok.expires)}"
                if tok.expires
                else f"the token in {self.token_path} has no expiry (exp claim)"
            )
        return tok


def _read_bytes(path: str, what: str) -> bytes:
    try:
        with open(path, "rb") as fh:
            return fh.read().strip() if what == "token file" else fh.read()
    except OSError as exc:
        raise TokenError(f"{what} {path}: {exc.strerror or exc}") from exc
