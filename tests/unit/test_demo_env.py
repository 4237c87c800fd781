"""The file a running demo leaves for the checkout's commands (recovery_site/demo_env.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from recovery_site import demo_env
from recovery_site.demo_env import (
    FILE_VARIABLE,
    PID_START,
    apply,
    process_start,
    read_demo_env,
    remove_demo_env,
    running_demo,
    write_demo_env,
)


@pytest.fixture(autouse=True)
def _state_put_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(demo_env, "_state", demo_env.current())  # apply() records what it found


VALUES = {
    "REDIS_URL": "redis://127.0.0.1:41445/0",
    "SQLITE_PATH": "/tmp/a dir/it's.sqlite3",
    "RECOVERY_DEV": "1",
}


def test_a_live_demos_values_are_applied_and_survive_quoting(tmp_path: Path) -> None:
    path = tmp_path / "demo.env"
    write_demo_env(path, {**VALUES, "HOME": "/not/carried"}, url="http://127.0.0.1:8031/")
    environ = {FILE_VARIABLE: str(path), "RECOVERY_DEV": "0"}

    state = apply(environ)

    assert (state.kind, state.pid, state.url) == ("running", os.getpid(), "http://127.0.0.1:8031/")
    assert environ == {
        FILE_VARIABLE: str(path),
        "RECOVERY_DEV": "0",  # what the terminal says wins
        "REDIS_URL": VALUES["REDIS_URL"],
        "SQLITE_PATH": VALUES["SQLITE_PATH"],
    }
    assert path.stat().st_mode & 0o777 == 0o600


def test_an_environment_that_names_a_place_never_reads_the_file(tmp_path: Path) -> None:
    path = tmp_path / "demo.env"
    write_demo_env(path, VALUES)
    environ = {FILE_VARIABLE: str(path), "DATABASE_URL": "postgres://db/x"}

    state = apply(environ)

    assert state.kind == "explicit" and state.problem() == ""
    assert environ == {FILE_VARIABLE: str(path), "DATABASE_URL": "postgres://db/x"}


def test_a_reused_pid_is_not_the_demo(tmp_path: Path) -> None:
    path = tmp_path / "demo.env"
    write_demo_env(path, VALUES)  # this process is alive, but started at another time than the file says
    text = path.read_text().replace(f"{PID_START}={process_start(os.getpid())}", f"{PID_START}=1")
    path.write_text(text)

    values, state = running_demo(path)

    assert values is None and state.kind == "stale" and state.pid == os.getpid()


def test_a_demo_removes_only_its_own_file(tmp_path: Path) -> None:
    path = tmp_path / "demo.env"
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        write_demo_env(path, VALUES, pid=other.pid)  # a newer demo's file
        remove_demo_env(path)
        assert read_demo_env(path) is not None
        remove_demo_env(path, pid=other.pid)
        assert not path.exists()
    finally:
        other.kill()
        other.wait()
