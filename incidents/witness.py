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
"""

from __future__ import annotations

import base64
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FIELDS = ("v", "seq", "hash", "key_id", "at")


@dataclass(frozen=True)
class WitnessLine:
    lineno: int
    seq: int
    hash: str
    key_id: str
    at: str
    signed: bytes
    sig: bytes | None


class WitnessError(ValueError):
    """A witness file that cannot be trusted as written (bad line or bad signature)."""


def canonical(fields: dict[str, Any]) -> bytes:
    return json.dumps({k: fields[k] for k in FIELDS}, sort_keys=True, separators=(",", ":")).encode()


def make_line(seq: int, hash_: str, key_id: str, at: str, private_key: Any | None = None) -> str:
    fields: dict[str, Any] = {"v": 1, "seq": seq, "hash": hash_, "key_id": key_id, "at": at}
    if private_key is not None:
        fields["sig"] = base64.b64encode(private_key.sign(canonical(fields))).decode()
    return json.dumps(fields, sort_keys=True, separators=(",", ":")) + "\n"


def append_line(path: Path, line: str) -> None:
    """O_APPEND + one write + fsync: concurrent writers never interleave a line, and it survives a crash."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o640)
    try:
        os.write(fd, line.encode())
        os.fsync(fd)
    finally:
        os.close(fd)


def parse(text: str) -> list[WitnessLine]:
    lines = []
    for n, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
            seq, hash_, key_id, at = int(obj["seq"]), str(obj["hash"]), str(obj["key_id"]), str(obj["at"])
            signed = canonical(obj)
            sig = base64.b64decode(obj["sig"], validate=True) if "sig" in obj else None
        except (ValueError, KeyError, TypeError) as exc:
            raise WitnessError(f"witness line {n} is not a witness record: {exc}") from exc
        lines.append(WitnessLine(n, seq, hash_, key_id, at, signed, sig))
    return lines


def read(path: Path) -> list[WitnessLine]:
    return parse(path.read_text(encoding="utf-8", errors="replace")) if path.exists() else []


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
    newest = max(lines, key=lambda w: w.seq, default=None)
    tail = f"; newest head seq {newest.seq} hash {newest.hash} at {newest.at}" if newest else ""
    print(f"witness OK: {len(lines)} signed lines{tail}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
