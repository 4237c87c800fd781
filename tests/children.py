"""Process groups a test run started (live web/worker stacks, private servers), stopped even when
pytest itself is stopped: a SIGTERM to pytest (CI cancelling a job, `timeout`) runs no fixture
teardown, so without this its daphne and Celery children would live on, holding ports and
database connections. Each group is started with ``start_new_session=True``; its id is its pid."""

from __future__ import annotations

import atexit
import os
import signal
import subprocess
from types import FrameType
from typing import Any

_groups: set[int] = set()


def started(proc: subprocess.Popen[Any]) -> subprocess.Popen[Any]:
    """Remember ``proc``'s process group (the process must lead it: ``start_new_session=True``)."""
    _groups.add(proc.pid)
    return proc


def ended(proc: subprocess.Popen[Any]) -> None:
    _groups.discard(proc.pid)


def stop_all(sig: int = signal.SIGTERM) -> None:
    for pgid in list(_groups):
        try:
            os.killpg(pgid, sig)
        except (ProcessLookupError, PermissionError):
            pass
        _groups.discard(pgid)


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    stop_all()
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGTERM)  # then die as SIGTERM would have made us


def install() -> None:
    """Called once per pytest process (tests/conftest.py)."""
    signal.signal(signal.SIGTERM, _on_sigterm)
    atexit.register(stop_all)
