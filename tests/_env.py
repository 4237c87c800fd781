"""Loaded with `-p tests._env` before pytest-django reads the settings: test runs are dev runs."""

import os

os.environ.setdefault("RECOVERY_DEV", "1")
# A `make demo` running in this checkout leaves var/demo.env for manage.py to find; the manage.py
# processes tests start never follow it (a test that wants a demo file names its own).
os.environ.setdefault("RECOVERY_DEMO_ENV_FILE", "")
