"""The development audit key is created once, whole, however many processes start at once.

Found by the scale bench on a fresh clone: its 8 audit writers started together, one
created var/audit.key empty and filled it while another read it and failed with "holds
no audit key". Real processes here, each a fresh interpreter reading the same new path.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Each process gets ready, then all spin until the same instant and read the key together.
READ_KEY = (
    "import django, os, sys, time; django.setup();"
    "from incidents.audit.keys import keyring; go = float(sys.argv[1])\n"
    "while time.time() < go: pass\n"
    "k = keyring(); print(k.current, len(k.keys))"
)


def test_many_processes_starting_at_once_agree_on_one_whole_key(tmp_path: Path) -> None:
    key_file = tmp_path / "var" / "audit.key"
    env = {
        k: v for k, v in os.environ.items() if k not in ("RECOVERY_AUDIT_KEY_FILE", "RECOVERY_AUDIT_KEY")
    } | {
        "RECOVERY_DEV": "1",
        "RECOVERY_AUDIT_DEV_KEY_FILE": str(key_file),
        "DJANGO_SETTINGS_MODULE": "recovery_site.settings",
    }
    go = time.time() + 8  # after every interpreter has started
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", READ_KEY, str(go)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(12)
    ]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0] * 12, [err[-400:] for _, err in outs if err]
    seen = {out.strip() for out, _ in outs}
    assert len(seen) == 1, seen  # one key for all
    key_id = seen.pop().split()[0]
    assert key_id in key_file.read_text()
    assert [p.name for p in key_file.parent.iterdir()] == ["audit.key"]  # no temporary file left
    assert oct(key_file.stat().st_mode & 0o777) == "0o600"
