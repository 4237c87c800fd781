"""The web entry points freeze their start-up heap (recovery_site/heap.py), unless told not to."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _frozen_after(code: str, switch: str) -> int:
    """How many objects ``code`` (run in a fresh interpreter) left frozen, with the switch as given."""
    env = os.environ | {
        "RECOVERY_DEV": "1",
        "RECOVERY_GC_FREEZE": switch or "1",
        "DJANGO_SETTINGS_MODULE": "recovery_site.settings",
    }
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return int(out.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("entry", ["recovery_site.asgi", "recovery_site.wsgi"])
@pytest.mark.parametrize("switch", ["", "0"])
def test_the_web_entry_points_freeze_their_start_up_heap(entry: str, switch: str) -> None:
    frozen = _frozen_after(f"import gc, {entry}; print(gc.get_freeze_count())", switch)
    # Django, the apps and their views: the whole start-up heap
    assert frozen == 0 if switch == "0" else frozen > 50_000


@pytest.mark.parametrize("signal", ["worker_process_init", "worker_ready"])
@pytest.mark.parametrize("switch", ["", "0"])
def test_each_worker_process_freezes_its_start_up_heap(signal: str, switch: str) -> None:
    """A tick's JSON makes the collector run many times a tick; its full passes walked the worker's
    whole start-up heap (~120 ms each, 12 % of the fleet's tick CPU in ``make bench-fleet``)."""
    code = (
        "import gc, django; django.setup(); import recovery_site.celery, actions.tasks; "
        "from celery import signals; assert gc.get_freeze_count() == 0; "
        f"signals.{signal}.send(sender=None); print(gc.get_freeze_count())"
    )
    frozen = _frozen_after(code, switch)
    assert frozen == 0 if switch == "0" else frozen > 50_000
