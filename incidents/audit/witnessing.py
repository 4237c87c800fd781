"""Witnessing the audit chain's head outside the database (format: incidents.witness).

Settings:
- ``RECOVERY_AUDIT_WITNESS_FILE``: the append-only witness file ("" = no witness file).
  Put it where the database's owner cannot rewrite it (another volume, a WORM bucket
  synced from it, a log host); the controller only ever appends.
- ``RECOVERY_AUDIT_WITNESS_SIGNING_KEY``: an Ed25519 private key (PEM) that signs each
  line, so a third party holding the public key can check the file
  (``manage.py audit_keygen witness PATH`` makes a pair).
- ``RECOVERY_AUDIT_WITNESS_PUBLIC_KEY``: the public key verify_audit checks lines with
  (default: derived from the signing key).
- ``RECOVERY_AUDIT_WITNESS_INTERVAL_S``: at most one line per process this often after
  appends (default 1 s); the Celery beat entry ``witness audit head`` writes the newest
  head every 30 s whatever happened. Each line also goes to the ``recovery.audit.witness``
  logger: route it to syslog (``RECOVERY_AUDIT_SYSLOG=/dev/log``) for a second copy.

What cannot be done to it silently (issue 25): lines are chained (incidents.witness), so
one removed from the middle shows; the head row counts the lines the controller wrote
(``AuditHead.witness_lines``), so a file that is missing, empty or shorter than that
fails verification; and ``verify_audit --witness-copy`` checks a copy from the host's
journal, which the database's owner cannot reach, for a cut of both file and database.
"""

from __future__ import annotations

import datetime as dt
import hmac
import logging
import time
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.db.models.functions import Greatest

from incidents import witness
from incidents.witness import WitnessError, WitnessLine

log = logging.getLogger("recovery.audit.witness")
__all__ = ["WitnessError", "witness_after_commit", "witness_head", "witness_lines"]

_last: dict[str, Any] = {"hash": "", "t": 0.0}


def witness_path() -> Path | None:
    path = getattr(settings, "RECOVERY_AUDIT_WITNESS_FILE", "")
    return Path(path) if path else None


def _signing_key() -> Any | None:
    path = getattr(settings, "RECOVERY_AUDIT_WITNESS_SIGNING_KEY", "")
    return witness.load_private_key(Path(path)) if path else None


def _public_key() -> Any | None:
    path = getattr(settings, "RECOVERY_AUDIT_WITNESS_PUBLIC_KEY", "")
    if path:
        return witness.load_public_key(Path(path))
    private = _signing_key()
    return private.public_key() if private is not None else None


def witness_lines() -> list[WitnessLine]:
    """Every line of the witness file, signatures checked when a key is known ([] without a file)."""
    path = witness_path()
    if path is None:
        return []
    lines = witness.read(path)
    public = _public_key()
    if public is not None:
        witness.check_signatures(lines, public)
    return lines


def copy_lines(paths: list[Path]) -> list[WitnessLine]:
    """The lines of each copy (e.g. the journal's), signatures checked like the file's."""
    public = _public_key()
    lines: list[WitnessLine] = []
    for path in paths:
        if not path.exists():
            raise WitnessError(f"the witness copy {path} does not exist")
        copy = witness.read_copy(path)
        if public is not None:
            witness.check_signatures(copy, public)
        lines += copy
    return lines


def _count(n: int, what: str) -> str:
    return f"{n} {what}" + ("" if n == 1 else "s")


def coverage_problem(lines: list[WitnessLine], copies: list[WitnessLine], checked: int) -> str:
    """'' when the witness file covers what the controller wrote to it; else what was found instead."""
    from incidents.models import AuditHead

    path = witness_path()
    if path is None:
        return ""
    head = AuditHead.objects.filter(pk=1).first()
    wrote, seq = (head.witness_lines, head.witness_seq) if head else (0, 0)
    found = "is missing" if not path.exists() else "is empty" if not lines else ""
    if found and (checked or wrote):
        hint = (
            " (a witness just configured on an existing chain gets its first line from the beat within 30 s)"
            if not wrote
            else ""
        )
        return (
            f"the witness file {path} {found}, but the chain holds {_count(checked, 'record')} and the "
            f"controller wrote {_count(wrote, 'witness line')} (the newest for seq {seq}): "
            f"the witness was removed or emptied{hint}"
        )
    if len(lines) < wrote:
        return (
            f"the witness file {path} holds {_count(len(lines), 'line')} but the controller wrote {wrote} "
            f"(the newest for seq {seq}): lines were dropped from its end"
        )
    digests = {w.digest for w in lines}
    newest = max(lines, key=lambda w: w.seq, default=None)
    missing = [w for w in copies if w.digest not in digests and (newest is None or w.seq > newest.seq)]
    if missing:
        last = max(missing, key=lambda w: w.seq)
        return (
            f"the witness file {path} lacks {_count(len(missing), 'line')} its copy holds "
            f"(up to seq {last.seq}, {last.where}): lines were dropped from its end"
        )
    return ""


def witness_head(now: dt.datetime) -> bool:
    """Append the chain's current head to the witness. False when there is nothing new or no witness.

    The head's own record is checked under its key first: a head an intruder planted
    in the database is refused (and logged) rather than vouched for.
    """
    from incidents.audit.hashing import record_hash
    from incidents.audit.keys import keyring
    from incidents.models import AuditHead, AuditRecord

    path = witness_path()
    head = AuditHead.objects.filter(pk=1).first()
    if path is None or head is None or head.seq == 0 or head.hash == _last["hash"]:
        return False
    rec = AuditRecord.objects.filter(seq=head.seq).first()
    secret = keyring().secret(rec.key_id) if rec is not None else None
    if (
        rec is None
        or secret is None
        or not hmac.compare_digest(record_hash(rec.prev_hash, rec, secret), head.hash)
    ):
        log.error("audit head seq %s does not authenticate under the audit keys: not witnessed", head.seq)
        return False
    key, at = _signing_key(), now.astimezone(dt.UTC).isoformat()
    line = witness.append_chained(
        path, lambda prev: witness.make_line(head.seq, head.hash, head.key_id, at, key, prev)
    )
    AuditHead.objects.filter(pk=1).update(
        witness_lines=F("witness_lines") + 1, witness_seq=Greatest(F("witness_seq"), head.seq)
    )
    log.info("audit head %s", line.strip())
    _last["hash"], _last["t"] = head.hash, time.monotonic()
    return True


def _after_commit() -> None:
    interval = float(getattr(settings, "RECOVERY_AUDIT_WITNESS_INTERVAL_S", 1.0))
    if time.monotonic() - _last["t"] < interval:
        return
    try:
        witness_head(dt.datetime.now(dt.UTC))
    except Exception:  # the witness must never make an audited action fail after it committed
        log.exception("could not witness the audit head")


def witness_after_commit() -> None:
    if witness_path() is not None:
        transaction.on_commit(_after_commit)


def reset_process_state() -> None:
    """Tests start each case with a fresh chain and witness file."""
    _last["hash"], _last["t"] = "", 0.0
