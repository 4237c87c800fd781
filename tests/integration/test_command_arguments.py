"""Command-line arguments carry no control characters, like form fields and JSON strings (issue 25).

A NUL or an escape sequence in a token's name would be stored, and would repaint the terminal
of whoever reads the audit export. ``manage.py`` and ``recoveryctl`` refuse such an argument
with one line before any command runs; ``call_command`` meets the service's own check.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from contextlib import redirect_stderr
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from actions.models import ApiToken
from incidents.models import AuditRecord
from recovery_site.command_errors import execute_command_line
from tests.integration.test_commands_offline import ROOT, manage

LINE = "remove it and run again (tab and line breaks are fine)"


def test_manage_py_refuses_an_escape_sequence_in_an_argument_with_one_line(tmp_path: Path) -> None:
    res = manage(tmp_path, "create_token", "otto", "ci\x1b[2J")
    assert res.returncode == 1 and res.stdout == ""
    assert res.stderr == (
        f"CommandError: argument 3 ('ci\\x1b[2J') contains a control character (U+001B); {LINE}\n"
    )


@pytest.mark.django_db
def test_a_nul_in_an_argument_is_refused_before_the_command_runs(operator) -> None:  # type: ignore[no-untyped-def]
    err = io.StringIO()  # a NUL cannot cross exec(): manage.py's own entry point, in this process
    with redirect_stderr(err), pytest.raises(SystemExit) as exit_:
        execute_command_line(["manage.py", "drf_create_token", "--name", "ci\x00", "otto"])
    assert exit_.value.code == 1
    assert err.getvalue() == (
        f"CommandError: argument 3 ('ci\\x00') contains a control character (U+0000); {LINE}\n"
    )
    assert not ApiToken.objects.exists() and not AuditRecord.objects.filter(event="api_token").exists()


def test_recoveryctl_refuses_a_control_character_before_running_anything(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("RECOVERY_DEV", "DEBUG", "DATABASE_URL")}
    env["SQLITE_PATH"] = str(tmp_path / "no-such-dir" / "recovery.sqlite3")
    res = subprocess.run(
        [sys.executable, "-m", "recovery_site.cli", "create-token", "otto", "ci\x7f"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert res.returncode == 2 and res.stdout == ""
    assert (
        res.stderr == f"recoveryctl: argument 3 ('ci\\x7f') contains a control character (U+007F); {LINE}\n"
    )


@pytest.mark.django_db
def test_call_command_meets_the_token_services_own_check(operator) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(CommandError, match=r"may not contain a control character \(U\+0000\)"):
        call_command("create_token", "otto", "ci\x00")
    assert not ApiToken.objects.exists()


@pytest.mark.django_db(transaction=True)  # the command closes the connections when it ends
def test_tab_and_line_breaks_are_fine_in_an_argument(operator, capsys) -> None:  # type: ignore[no-untyped-def]
    execute_command_line(["manage.py", "create_token", "otto", "ci\tnightly\r\n"])
    assert ApiToken.objects.get(user=operator).name == "ci\tnightly"  # stripped at the ends, kept within
    assert capsys.readouterr().out.startswith("rcv_")


def test_a_key_id_ending_in_a_line_break_is_refused(capsys) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(CommandError, match="key id 'k1\\\\n': use 1-32 letters"):
        call_command("audit_keygen", "hmac", "--id", "k1\n")  # it would split the keyring's line in two
    assert capsys.readouterr().out == ""
