"""The audit chain's witness file: signed tree heads kept outside the database.

Pure (no Django): a third party can check a witness file with only this module,
``cryptography`` and the controller's public key::

    python -m incidents.witness witness-public.pem /var/lib/recovery/audit-witness.jsonl

Each line is one JSON object ``{"v": 1, "seq": N, "hash": H, "key_id": K, "at": ISO}``
saying "at time ``at`` the chain's newest record was ``seq`` N with hash H", plus
``"sig"``: base64 Ed25519 over the canonical JSON of the other fields (sorted keys,
no spaces) when the controller has a signing key. Like a certificate-transparency
signed tree head or a CloudTrail digest file, it lets a later check notice a chain
that was cut off, emptied or rebuilt by someone who controls the database.

Version 2 lines (issue 25) also carry ``"prev"``: the SHA-256 of the previous line as
written (``GENESIS`` for the first), inside what is signed. A line removed, inserted or
moved anywhere but at the end breaks that chain; the end is checked against what the
controller says it wrote (incidents.audit.witnessing) and against a copy in the host's
journal. Writers take an exclusive lock on the file to read the last line and append.
"""

from __future__ import annotations

import base64
import dataclasses
import fcntl
import hashlib
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FIELDS = ("v", "seq", "hash", "key_id", "at")
FIELDS_V2 = (*FIELDS, "prev")
GENESIS = "0" * 64


@dataclass(frozen=True)
class WitnessLine:
    lineno: int
    seq: int
    hash: str
    key_id: str
    at: str
    signed: bytes
    sig: bytes | None
    prev: str | None = None  # v2: the previous line's digest
    digest: str = ""  # this line's digest, what the next line's prev must be
    source: str = ""  # "" for the witness file; a copy's path otherwise

    @property
    def where(self) -> str:
        return (
            f"line {self.lineno} of the copy {self.source}" if self.source else f"witness line {self.lineno}"
        )


class WitnessError(ValueError):
    """A witness file that cannot be trusted as written (bad line or bad signature)."""


def canonical(fields: dict[str, Any]) -> bytes:
    names = FIELDS_V2 if fields.get("v", 1) >= 2 else FIELDS
    return json.dumps({k: fields[k] for k in names}, sort_keys=True, separators=(",", ":")).encode()


def line_digest(line: str) -> str:
    """The digest the next line's ``prev`` names: SHA-256 of the line as written, without its newline."""
    return hashlib.sha256(line.strip().encode()).hexdigest()


def make_line(
    seq: int, hash_: str, key_id: str, at: str, private_key: Any | None = None, prev: str = GENESIS
) -> str:
    fields: dict[str, Any] = {"v": 2, "seq": seq, "hash": hash_, "key_id": key_id, "at": at, "prev": prev}
    if private_key is not None:
        fields["sig"] = base64.b64encode(private_key.sign(canonical(fields))).decode()
    return json.dumps(fields, sort_keys=True, separators=(",", ":")) + "\n"


def _last_line(fd: int) -> str:
    """The file's last non-blank line ('' for an empty file), read from its end."""
    size = os.lseek(fd, 0, os.SEEK_END)
    chunk, data = 4096, b""
    while size > 0:
        start = max(0, size - chunk)
        data = os.pread(fd, size - start, start) + data
        size = start
        lines = [ln for ln in data.split(b"\n") if ln.strip()]
        if len(lines) >= 2 or (lines and size == 0):
            return lines[-1].decode("utf-8", errors="replace")
    return ""


def append_chained(path: Path, make: Any) -> str:
    """Append ``make(prev_digest)`` under an exclusive lock, so concurrent writers chain one after another.

    One write + fsync: the line never interleaves with another and survives a crash. Returns the line.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o640)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        last = _last_line(fd)
        line: str = make(line_digest(last) if last else GENESIS)
        os.write(fd, line.encode())
        os.fsync(fd)
        return line
    finally:
        os.close(fd)  # releases the lock


def append_line(path: Path, line: str) -> None:
    """Append a line as it is (tests and tools; the controller chains with append_chained)."""
    append_chained(path, lambda _prev: line)


def parse(text: str, chained_from_start: bool = True) -> list[WitnessLine]:
    """The lines of a witness file, their chain checked (a copy, e.g. from the journal, may start anywhere)."""
    lines: list[WitnessLine] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
            seq, hash_, key_id, at = int(obj["seq"]), str(obj["hash"]), str(obj["key_id"]), str(obj["at"])
            signed = canonical(obj)
            sig = base64.b64decode(obj["sig"], validate=True) if "sig" in obj else None
            prev = str(obj["prev"]) if int(obj.get("v", 1)) >= 2 else None
        except (ValueError, KeyError, TypeError) as exc:
            raise WitnessError(f"witness line {n} is not a witness record: {exc}") from exc
        line = WitnessLine(n, seq, hash_, key_id, at, signed, sig, prev, line_digest(raw))
        _check_link(lines[-1] if lines else None, line, chained_from_start)
        lines.append(line)
    return lines


def _check_link(before: WitnessLine | None, line: WitnessLine, chained_from_start: bool) -> None:
    if line.prev is None:
        if before is not None and before.prev is not None:
            raise WitnessError(f"witness line {line.lineno} is unchained after chained lines")
        return
    if before is None:
        if chained_from_start and line.prev != GENESIS and line.lineno == 1:
            raise WitnessError("witness line 1 follows a line that is not in the file: its start was cut")
        return
    if line.prev != before.digest:
        raise WitnessError(
            f"witness line {line.lineno} does not follow line {before.lineno} "
            "(its prev is not that line's hash): a line was removed, inserted or reordered"
        )


def read(path: Path) -> list[WitnessLine]:
    return parse(path.read_text(encoding="utf-8", errors="replace")) if path.exists() else []


def read_copy(path: Path) -> list[WitnessLine]:
    """Witness lines from a copy such as ``journalctl -t recovery -o cat`` or a syslog file.

    Whatever precedes a line's first ``{`` (a syslog prefix, "audit head ") is dropped, and
    lines without one are skipped. The copy may start anywhere (the journal rotates).
    """
    raw = path.read_text(encoding="utf-8", errors="replace").splitlines()
    text = "\n".join(ln[ln.index("{") :] if "{" in ln else "" for ln in raw)
    try:
        lines = parse(text, chained_from_start=False)
    except WitnessError as exc:
        raise WitnessError(f"{path}: {exc}") from exc
    return [dataclasses.replace(w, source=str(path)) for w in lines]


def check_signatures(lines: list[WitnessLine], public_key: Any) -> None:
    """Raise WitnessError naming the first unsigned or wrongly signed line."""
    from cryptography.exceptions import InvalidSignature

    for line in lines:
        if line.sig is None:
            raise WitnessError(f"witness line {line.lineno} (seq {line.seq}) is not signed")
        try:
            public_key.verify(line.sig, line.signed)
        except InvalidSignature as exc:
            raise WitnessError(f"witness line {line.lineno} (seq {line.seq}) has a bad signature") from exc


def load_private_key(path: Path) -> Any:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    from cryptography.hazmat.primitives.serialization import load_pem_private_key

    key = load_pem_private_key(path.read_bytes(), password=None)
    if not isinstance(key, Ed25519PrivateKey):
        raise WitnessError(f"{path} is not an Ed25519 private key")
    return key


def load_public_key(path: Path) -> Any:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
    from cryptography.hazmat.primitives.serialization import load_pem_public_key

    key = load_pem_public_key(path.read_bytes())
    if not isinstance(key, Ed25519PublicKey):
        raise WitnessError(f"{path} is not an Ed25519 public key")
    return key


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m incidents.witness PUBLIC_KEY.pem WITNESS_FILE", file=sys.stderr)
        return 2
    try:
        lines = read(Path(argv[1]))
        check_signatures(lines, load_public_key(Path(argv[0])))
    except (WitnessError, OSError, ValueError) as exc:
        print(f"witness BROKEN: {exc}", file=sys.stderr)
        return 1
    if not lines:
        print("witness BROKEN: the file is empty or missing (a witness in use never is)", file=sys.stderr)
        return 1
    newest = max(lines, key=lambda w: w.seq)
    print(
        f"witness OK: {len(lines)} signed lines; newest head seq {newest.seq} hash {newest.hash} at {newest.at}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
