#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main():
    """Run administrative tasks."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "recovery_site.settings")
    from recovery_site import demo_env

    # A running `make demo` left where it is (var/demo.env): reach it unless the environment says where.
    demo_env.apply(os.environ)
    try:
        from django.core.management import execute_from_command_line  # noqa: F401
    except ImportError as exc:
        raise ImportError(
            "Couldn't import Django. Are you sure it's installed and "
            "available on your PYTHONPATH environment variable? Did you "
            "forget to activate a virtual environment?"
        ) from exc
    from recovery_site.command_errors import execute_command_line

    execute_command_line(sys.argv)


if __name__ == "__main__":
    main()
