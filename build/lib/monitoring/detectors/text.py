"""Cleaning hostile text once, at ingest.

Logs carry NUL bytes, invalid UTF-8 and 50 KB lines. PostgreSQL refuses NUL in
text columns while SQLite accepts it, and surrogate-escaped strings crash JSON
encoders, so every line is cleaned here, the same way everywhere.
"""

from __future__ import annotations

MAX_LINE = 8192
_TRUNCATED = " …[truncated {n} chars]"


def clean_line(raw: bytes | str | None, limit: int = MAX_LINE) -> str:
    """Return printable-safe text: decoded with replacement, no NUL, capped length."""
    if raw is None:
        return ""
    if isinstance(raw, bytes):
        text = raw.decode("utf-8", errors="replace")
    else:
        text = raw
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # lone surrogates, e.g. from surrogateescape
            text = text.encode("utf-8", errors="replace").decode("utf-8")
    if "\x00" in text:
        text = text.replace("\x00", "\ufffd")
    text = text.rstrip("\r\n")
    if len(text) > limit:
        text = text[:limit] + _TRUNCATED.format(n=len(text) - limit)
    return text
