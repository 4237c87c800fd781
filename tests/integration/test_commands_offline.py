"""The management commands as a person runs them: a real ``manage.py`` process, no RECOVERY_DEV, no SECRET_KEY.

Offline commands sign nothing and start without ceremony; bad input is one line on
stderr and exit status 1, never a traceback.
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "public" / "xid79-off-the-bus"


def manage(
    tmp_path: Path,
    *args: str,
    stdin: str | None = None,
    sqlite: Path | None = None,
    extra: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("RECOVERY_DEV", "DEBUG", "SECRET_KEY", "DATABASE_URL")
    }
    env["SQLITE_PATH"] = str(sqlite or tmp_path / "no-such-dir" / "recovery.sqlite3")
    env["RECOVERY_SECRET_KEY_FILE"] = str(tmp_path / "secret_key")
    env["DJANGO_SETTINGS_MODULE"] = "recovery_site.settings"
    env.update(extra or {})
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def one_line_error(res: subprocess.CompletedProcess[str]) -> str:
    """Exit 1, nothing on stdout, exactly one line on stderr and no traceback; returns that line."""
    assert res.returncode == 1, res.stderr
    assert res.stdout == ""
    assert "Traceback" not in res.stderr
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1, res.stderr
    assert lines[0].startswith("CommandError: ")
    return lines[0]


def broken_scenario(tmp_path: Path) -> Path:
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "scenario.json").write_text(
        '{"format": "recovery-scenario/1",\n  "cluster": {"nodes": "n[1-2]",}\n}\n'
    )
    return folder


def test_replay_runs_without_recovery_dev_and_writes_no_secret(tmp_path) -> None:  # type: ignore[no-untyped-def]
    res = manage(tmp_path, "replay", str(SCENARIO), "--json")

    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["scenario"] == "xid79-off-the-bus"
    assert not (tmp_path / "secret_key").exists()  # it signs nothing, so no key was made for it


def test_replay_of_a_broken_scenario_json_names_the_file_and_line(tmp_path) -> None:  # type: ignore[no-untyped-def]
    folder = broken_scenario(tmp_path)

    line = one_line_error(manage(tmp_path, "replay", str(folder)))

    assert line == (
        f"CommandError: {folder}/scenario.json: not valid JSON at line 2, column 33: "
        "Expecting property name enclosed in double quotes"
    )


def test_replay_of_a_scenario_that_is_not_an_object_says_so(tmp_path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "list"
    folder.mkdir()
    (folder / "scenario.json").write_text("[1, 2]\n")

    line = one_line_error(manage(tmp_path, "replay", str(folder)))

    assert (
        line == f"CommandError: {folder}/scenario.json: line 1: a JSON object ({{...}}) is expected, not list"
    )


def test_replay_of_a_scenario_with_fields_of_the_wrong_type_is_one_line(tmp_path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "wrong-types"
    folder.mkdir()
    (folder / "scenario.json").write_text('{"format": "recovery-scenario/1", "cluster": "not an object"}\n')
    (folder / "events.jsonl").write_text("")

    line = one_line_error(manage(tmp_path, "replay", str(folder)))

    assert line.startswith(f"CommandError: {folder}: cannot replay this scenario: AttributeError: ")


def test_replay_of_a_missing_folder_is_one_line(tmp_path) -> None:  # type: ignore[no-untyped-def]
    line = one_line_error(manage(tmp_path, "replay", str(tmp_path / "nowhere")))

    assert line == f"CommandError: {tmp_path / 'nowhere'}: no such folder"


def test_evaluate_runs_without_recovery_dev(tmp_path) -> None:  # type: ignore[no-untyped-def]
    res = manage(tmp_path, "evaluate", str(SCENARIO), "--json")

    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["scenarios"] == 1


def test_evaluate_of_a_broken_truth_json_names_the_file_and_line(tmp_path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "scn"
    folder.mkdir()
    for name in ("scenario.json", "events.jsonl.gz"):
        (folder / name).write_bytes((SCENARIO / name).read_bytes())
    (folder / "truth.json").write_text('{\n"fault": {"node": "n1"\n')

    line = one_line_error(manage(tmp_path, "evaluate", str(folder)))

    assert line.startswith(f"CommandError: {folder}/truth.json: not valid JSON at line 3, column 1: ")


def test_evaluate_with_nothing_to_score_fails(tmp_path) -> None:  # type: ignore[no-untyped-def]
    broken_scenario(tmp_path)  # no truth.json: skipped, so nothing is scored

    res = manage(tmp_path, "evaluate", str(tmp_path))

    assert res.returncode == 1
    assert (
        res.stderr.strip().splitlines()[-1]
        == f"CommandError: no scenario under {tmp_path} has a truth.json to score against"
    )
    assert "Traceback" not in res.stderr


def test_telemetry_parse_runs_without_recovery_dev_and_garbage_is_one_line(tmp_path) -> None:  # type: ignore[no-untyped-def]
    line = one_line_error(
        manage(tmp_path, "telemetry", "parse", "--format", "dcgm-exporter", "-", stdin="garbage\n")
    )

    assert line.startswith("CommandError: -: not a valid dcgm-exporter capture: ")


def test_simulate_inject_without_the_demo_database_says_to_run_the_demo_first(tmp_path) -> None:  # type: ignore[no-untyped-def]
    sqlite = tmp_path / "no-such-dir" / "recovery.sqlite3"

    line = one_line_error(manage(tmp_path, "simulate", "inject", "xid79"))

    assert line == (
        f"CommandError: the SQLite database {sqlite} is not ready (unable to open database file): "
        "run `make demo` (or `python manage.py migrate` and `python manage.py seed_demo`) first"
    )
    assert not sqlite.parent.exists()  # nothing was created on the way


def test_drf_create_token_without_the_database_says_which_and_what_to_run_first(tmp_path) -> None:  # type: ignore[no-untyped-def]
    sqlite = tmp_path / "no-such-dir" / "recovery.sqlite3"

    line = one_line_error(manage(tmp_path, "drf_create_token", "operator"))

    assert line == (
        f"CommandError: the SQLite database {sqlite} is not ready (unable to open database file): "
        "run `make demo` or `python manage.py migrate` first"
    )


def test_verify_audit_on_an_unmigrated_database_says_to_migrate_first(tmp_path) -> None:  # type: ignore[no-untyped-def]
    sqlite = tmp_path / "empty.sqlite3"
    sqlite3.connect(sqlite).close()  # exists, no tables

    line = one_line_error(manage(tmp_path, "verify_audit", sqlite=sqlite))

    assert line.startswith(f"CommandError: the SQLite database {sqlite} is not ready (no such table: ")
    assert line.endswith(
        "run `python manage.py migrate` first (or point DATABASE_URL at the controller's database)"
    )


def test_seed_demo_on_an_unmigrated_database_says_to_migrate_first(tmp_path) -> None:  # type: ignore[no-untyped-def]
    sqlite = tmp_path / "empty.sqlite3"
    sqlite3.connect(sqlite).close()

    line = one_line_error(manage(tmp_path, "seed_demo", sqlite=sqlite))

    assert line.endswith("run `python manage.py migrate` first")


def test_a_command_with_postgresql_down_says_so_in_one_line_without_the_pools_noise(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with socket.socket() as s:  # a port nobody listens on: PostgreSQL stopped
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    down = {"DATABASE_URL": f"postgres://postgres@127.0.0.1:{port}/recovery", "DB_POOL_TIMEOUT": "1"}

    line = one_line_error(manage(tmp_path, "check_invariants", extra=down))

    assert line.startswith(
        f"CommandError: PostgreSQL is down or unreachable: the database recovery on 127.0.0.1:{port}: "
    ), line
    assert "Connection refused" in line


@pytest.mark.parametrize("entry", ["recovery_site.asgi", "recovery_site.wsgi"])
def test_the_web_app_refuses_to_start_without_a_secret(tmp_path, entry: str) -> None:  # type: ignore[no-untyped-def]
    env = {k: v for k, v in os.environ.items() if k not in ("RECOVERY_DEV", "DEBUG", "SECRET_KEY")}
    env["RECOVERY_SECRET_KEY_FILE"] = str(tmp_path / "secret_key")

    res = subprocess.run(
        [sys.executable, "-c", f"import {entry}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert res.returncode == 1
    assert res.stderr.strip().splitlines()[-1] == (
        "django.core.exceptions.ImproperlyConfigured: SECRET_KEY must be set to serve the web app "
        "(or DEBUG=1 / RECOVERY_DEV=1 for a development key in var/secret_key)"
    )
    assert not (tmp_path / "secret_key").exists()
