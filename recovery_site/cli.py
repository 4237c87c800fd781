"""``recoveryctl``: one command for the services and the management commands, after ``pip install .``.

    recoveryctl serve [--host 127.0.0.1] [--port 8000]   the web (daphne, ASGI: pages, API, websockets)
    recoveryctl worker [celery worker options]            Celery worker (ticks, executions, webhooks, pages)
    recoveryctl beat                                      Celery beat (exactly one per installation)
    recoveryctl agent --cluster NAME [...]                the per-GPU-node NVML agent
    recoveryctl replay / evaluate / verify-audit / apply / create-token / migrate [args]
    recoveryctl manage <any manage.py command> [args]

Each subcommand replaces this process (``exec``) with the real program, given as an argv
list (never a shell string), so systemd and containers see the service itself and its signals.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

SERVICES = {
    "serve": "the web: daphne serving recovery_site.asgi (pages, REST API, websockets)",
    "worker": "a Celery worker (analyser ticks, executions, webhooks, pages)",
    "beat": "Celery beat, the schedule (run exactly one)",
    "agent": "the GPU node agent (NVML samples to Redis; see --help)",
}
COMMANDS = {  # recoveryctl name -> manage.py command
    "replay": "replay",
    "evaluate": "evaluate",
    "verify-audit": "verify_audit",
    "apply": "apply",
    "create-token": "create_token",
    "migrate": "migrate",
    "simulate": "simulate",
}


def usage() -> str:
    lines = ["usage: recoveryctl <command> [args]", "", "services:"]
    lines += [f"  {name:<13} {what}" for name, what in SERVICES.items()]
    lines += ["", "management (the manage.py commands, same arguments):"]
    lines += [f"  {name:<13} manage.py {cmd}" for name, cmd in COMMANDS.items()]
    lines += [
        "  manage        any other manage.py command: recoveryctl manage <command> [args]",
        "",
        "Settings come from the environment: DATABASE_URL, REDIS_URL, SECRET_KEY, ALLOWED_HOSTS, ...",
        "(see docs/OPERATIONS.md).",
    ]
    return "\n".join(lines)


def _serve_argv(args: Sequence[str]) -> list[str]:
    host, port, rest = "127.0.0.1", "8000", []
    it = iter(args)
    for a in it:
        if a == "--host":
            host = next(it, host)
        elif a == "--port":
            port = next(it, port)
        else:
            rest.append(a)
    return ["daphne", "-b", host, "-p", port, *rest, "recovery_site.asgi:application"]


def argv_for(command: str, args: Sequence[str]) -> list[str]:
    """The program and arguments a subcommand runs (pure, so it can be tested without running it)."""
    py = sys.executable
    if command == "serve":
        return [py, "-m", "daphne", *_serve_argv(args)[1:]]
    if command == "worker":
        return [py, "-m", "celery", "-A", "recovery_site", "worker", *(args or ["-l", "info"])]
    if command == "beat":
        return [py, "-m", "celery", "-A", "recovery_site", "beat", *(args or ["-l", "info"])]
    if command == "agent":
        return [py, "-m", "monitoring.telemetry.agent", *args]
    if command in COMMANDS:
        return [py, "-m", "django", COMMANDS[command], *args]
    if command == "manage":
        return [py, "-m", "django", *args]
    raise KeyError(command)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(usage())
        return 0
    command, args = argv[0], argv[1:]
    from recovery_site.free_text import refused_argument

    refused = refused_argument(argv)
    if refused:  # a NUL or an escape sequence: refused before anything runs (issue 25)
        print(f"recoveryctl: {refused}", file=sys.stderr)
        return 2
    try:
        program = argv_for(command, args)
    except KeyError:
        print(f"recoveryctl: unknown command {command!r}\n\n{usage()}", file=sys.stderr)
        return 2
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "recovery_site.settings")
    sys.stdout.flush()
    os.execv(program[0], program)
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())
