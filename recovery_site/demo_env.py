"""Where a running `make demo` is, so that a command typed in another terminal reaches it.

The demo runs on its own Redis (a free port), key prefix, Celery queue, channel prefix and
SQLite file. At start it writes them to ``var/demo.env`` (atomically, mode 0600, with its
pid) and removes the file when it stops. ``manage.py`` reads the file when the environment
does not say where to go itself (none of ``WHERE`` is set): a live demo's values are used;
a missing file, or one left by a demo that has exited, makes the commands that act on the
demo fail in one line (``require_demo``) instead of writing into another Redis.

Only ``manage.py`` reads it: settings are also imported by test runs, Celery and daphne,
which must never follow a file left in the checkout. No Django here (read before settings).
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_FILE = ROOT / "var" / "demo.env"
FILE_VARIABLE = "RECOVERY_DEMO_ENV_FILE"  # another file (tests); "" = never read one
# Any of these in the environment means the caller chose where to go: the file is not read.
WHERE = (
    "REDIS_URL",
    "CELERY_BROKER_URL",
    "DATABASE_URL",
    "SQLITE_PATH",
    "RECOVERY_REDIS_PREFIX",
    "CELERY_TASK_DEFAULT_QUEUE",
    "RECOVERY_CHANNEL_PREFIX",
)
# What the file carries (those the demo has set): where, the dev flag, and the key files' paths.
CARRIED = (
    *WHERE,
    "RECOVERY_DEV",
    "RECOVERY_AUDIT_KEY_FILE",
    "RECOVERY_AUDIT_DEV_KEY_FILE",
    "RECOVERY_AUDIT_WITNESS_FILE",
    "RECOVERY_AUDIT_WITNESS_SIGNING_KEY",
    "RECOVERY_SECRET_KEY_FILE",
)
PID, PID_START, URL = "DEMO_PID", "DEMO_PID_START", "DEMO_URL"
START_IT = "start it with `make demo` (or `.venv/bin/python scripts/demo.py`) in another terminal"


@dataclass(frozen=True)
class DemoState:
    """What ``apply`` found: ``running`` (values applied), ``explicit``, ``absent`` or ``stale``."""

    kind: str
    path: Path
    pid: int = 0
    url: str = ""

    def problem(self) -> str:
        """Why a command that acts on the demo cannot: "" when it can."""
        shown = _shown(self.path)
        if self.kind == "absent":
            return f"the demo is not running (no {shown}): {START_IT}"
        if self.kind == "stale":
            return (
                f"the demo is not running ({shown} was left by pid {self.pid}, which has exited): {START_IT}"
            )
        return ""


_state: DemoState | None = None  # None: no entry point consulted the file (call_command, recoveryctl)


def demo_file(environ: Mapping[str, str]) -> Path | None:
    raw = environ.get(FILE_VARIABLE)
    if raw is None:
        return DEFAULT_FILE
    return Path(raw) if raw else None


def process_start(pid: int) -> str:
    """The process's start time in clock ticks since boot ("" where /proc cannot say): a reused pid differs."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return ""
    return stat.rsplit(")", 1)[-1].split()[19]  # field 22, counted after the command name


def alive(pid: int, started: str) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # someone else's process: it exists
    return not started or process_start(pid) in ("", started)


def write_demo_env(path: Path, values: Mapping[str, str], url: str = "", pid: int | None = None) -> None:
    """Leave where the demo is, for the checkout's commands: written whole, then renamed into place."""
    pid = os.getpid() if pid is None else pid
    lines = ["# written by scripts/demo.py while it runs (removed when it stops); read by manage.py"]
    lines += [f"{name}={shlex.quote(values[name])}" for name in CARRIED if values.get(name) is not None]
    lines += [f"{PID}={pid}", f"{PID_START}={process_start(pid)}", f"{URL}={shlex.quote(url)}"]
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write("\n".join(lines) + "\n")
    os.replace(tmp, path)


def read_demo_env(path: Path) -> dict[str, str] | None:
    """The file's ``NAME=value`` lines, or None when there is no readable file."""
    try:
        text = path.read_text()
    except (OSError, UnicodeDecodeError):
        return None
    values: dict[str, str] = {}
    for line in text.splitlines():
        name, sep, raw = line.partition("=")
        if sep and not name.startswith("#"):
            try:
                words = shlex.split(raw)
            except ValueError:
                continue
            values[name.strip()] = words[0] if words else ""
    return values


def remove_demo_env(path: Path, pid: int | None = None) -> None:
    """Remove the file if it is this process's (``pid``'s): never a newer demo's."""
    values = read_demo_env(path)
    if values is not None and values.get(PID) == str(os.getpid() if pid is None else pid):
        path.unlink(missing_ok=True)


def running_demo(path: Path) -> tuple[dict[str, str] | None, DemoState]:
    values = read_demo_env(path)
    if values is None:
        return None, DemoState("absent", path)
    try:
        pid = int(values.get(PID, ""))
    except ValueError:
        return None, DemoState("stale", path)
    if not alive(pid, values.get(PID_START, "")):
        return None, DemoState("stale", path, pid)
    return values, DemoState("running", path, pid, values.get(URL, ""))


def apply(environ: MutableMapping[str, str]) -> DemoState:
    """Point this process at the running demo unless ``environ`` already says where to go."""
    global _state
    path = demo_file(environ)
    if path is None or any(name in environ for name in WHERE):
        _state = DemoState("explicit", path or DEFAULT_FILE)
        return _state
    values, _state = running_demo(path)
    for name in CARRIED:
        if values is not None and name in values:
            environ.setdefault(name, values[name])
    return _state


def current() -> DemoState | None:
    return _state


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)
