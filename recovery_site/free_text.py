"""No control characters in free text, whatever the entry (issue 25).

A NUL in a reason or a note was stored (PostgreSQL refuses it in text only sometimes, as a
500), and an escape sequence in one repaints the terminal of whoever reads the audit export.
So every form field and every string in a JSON body of a POST, PUT or PATCH is checked
before any view runs: C0 controls other than tab, newline and carriage return, DEL and the
C1 controls are refused with a 400 that names the field. Passwords are left alone (never
shown, never stored as typed). Command lines get the same check (``refused_argument``):
``manage.py`` and ``recoveryctl`` refuse such an argument with one line before any command
runs, and the services that keep a command's text (a token's name) refuse it themselves, so
``call_command`` is covered too.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse

CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def control_character(text: str) -> str | None:
    """The first refused character in ``text``, or None."""
    found = CONTROL.search(text)
    return found.group(0) if found else None


def refused_argument(args: Sequence[str], first: int = 1) -> str:
    """'' when no command-line argument carries a control character, else the one line saying which.

    ``args`` are what followed the program's name; they are numbered from ``first`` as the
    shell user counts them. The argument is shown escaped (``repr``), so the message is one
    line that repaints no terminal.
    """
    for n, arg in enumerate(args, start=first):
        bad = control_character(arg)
        if bad is not None:
            return (
                f"argument {n} ({arg[:64]!r}) contains a control character (U+{ord(bad):04X}); "
                "remove it and run again (tab and line breaks are fine)"
            )
    return ""


def _strings(value: Any, path: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield path + "." + str(k) if path else str(k), str(k)
            yield from _strings(v, f"{path}.{k}" if path else str(k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _strings(v, f"{path}[{i}]")


def _fields(request: HttpRequest) -> Iterator[tuple[str, str]]:
    if request.content_type == "application/json" or request.content_type.endswith("+json"):
        try:
            body = json.loads(request.body or b"null")
        except (ValueError, UnicodeDecodeError):
            return  # the view says what is wrong with it
        yield from _strings(body, "")
        return
    for name, values in request.POST.lists():
        for value in values:
            yield name, name
            yield name, value


def refused(request: HttpRequest) -> str:
    """'' when the request carries no control character in free text, else the message saying where."""
    for field, text in _fields(request):
        if "password" in field.lower():
            continue
        bad = control_character(text)
        if bad is not None:
            return (
                f"the field {field[:64]!r} contains a control character (U+{ord(bad):04X}); "
                "remove it and send again (tab and line breaks are fine)"
            )
    return ""


class RefuseControlCharacters:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method in ("POST", "PUT", "PATCH"):
            message = refused(request)
            if message:
                if request.path.startswith("/api/") or "json" in request.content_type:
                    return JsonResponse({"detail": message}, status=400)
                return HttpResponse(message, status=400, content_type="text/plain; charset=utf-8")
        return self.get_response(request)
