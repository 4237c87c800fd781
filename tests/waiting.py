"""Waiting in tests: on a condition with a deadline, never for a fixed time.

``until`` returns as soon as the condition holds and fails at its deadline. ``never_within``
is its mirror for what must *not* happen (a reboot that was refused, a line from a dead rank): it
watches for the whole window, as a fixed sleep did, but fails at the first sight of it, with
what it saw.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def until(what: str, check: Callable[[], Any], timeout: float, every: float = 0.2) -> Any:
    end = time.monotonic() + timeout
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() >= end:
            raise AssertionError(f"timed out after {timeout} s waiting for {what} (last: {found!r})")
        time.sleep(every)


def never_within(seconds: float, what: str, seen: Callable[[], Any], every: float = 0.2) -> None:
    end = time.monotonic() + seconds
    while True:
        found = seen()
        if found:
            raise AssertionError(f"{what} within {seconds} s: {found!r}")
        if time.monotonic() >= end:
            return
        time.sleep(every)
