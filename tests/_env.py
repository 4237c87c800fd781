"""Loaded with `-p tests._env` before pytest-django reads the settings: test runs are dev runs."""

import os

os.environ.setdefault("RECOVERY_DEV", "1")
