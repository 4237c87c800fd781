"""The web entry points freeze their start-up heap (recovery_site/heap.py), unless told not to."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("entry", ["recovery_site.asgi", "recovery_site.wsgi"])
@pytest.mark.parametrize("switch", ["", "0"])
def test_the_web_entry_points_freeze_their_start_up_heap(entry: str, switch: str) -> None:
    env = os.environ | {"RECOVERY_DEV": "1", "RECOVERY_GC_FREEZE": switch or "1"}
    out = subprocess.run(
        [sys.executable, "-c", f"import gc, {entry}; print(gc.get_freeze_count())"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    frozen = int(out.stdout.strip().splitlines()[-1])
    if switch == "0":
        assert frozen == 0
    else:
        assert frozen > 50_000  # Django, the apps and their views: the whole start-up heap
